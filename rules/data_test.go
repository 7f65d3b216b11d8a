package rules

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// sharedData returns the directory of the project's shared test data
// (perft.tsv and games/*.pgn, kept outside the repository), found through
// $ARBITER_DATA or by looking for shared/data in the parent directories.
// Tests and benchmarks that need it skip when it is absent.
func sharedData(tb testing.TB) string {
	tb.Helper()
	if d := os.Getenv("ARBITER_DATA"); d != "" {
		return d
	}
	dir, err := filepath.Abs(".")
	if err != nil {
		tb.Skip("shared data not found")
	}
	for range 5 {
		d := filepath.Join(dir, "shared", "data")
		if _, err := os.Stat(filepath.Join(d, "games")); err == nil {
			return d
		}
		dir = filepath.Dir(dir)
	}
	tb.Skip("shared data not found: set ARBITER_DATA to the directory holding games/ and perft.tsv")
	return ""
}

// sharedGames returns the concatenated PGN files of the shared data.
func sharedGames(tb testing.TB) []byte {
	tb.Helper()
	files, err := filepath.Glob(filepath.Join(sharedData(tb), "games", "*.pgn"))
	if err != nil || len(files) == 0 {
		tb.Skip("no shared PGN files")
	}
	more, _ := filepath.Glob(filepath.Join(sharedData(tb), "games", "edge", "*.pgn"))
	var all []byte
	for _, f := range append(files, more...) {
		b, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		all = append(all, b...)
		all = append(all, '\n', '\n')
	}
	return all
}

// TestSharedGames checks every game of the shared collection (about 5,800
// real games, all legal).
func TestSharedGames(t *testing.T) {
	if testing.Short() {
		t.Skip("checks thousands of games")
	}
	data := sharedGames(t)
	r := NewReader(bytes.NewReader(data))
	n := 0
	for {
		g, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		n++
		if err != nil {
			t.Errorf("game %d (line %d): %v", n, g.Line, err)
			continue
		}
		v := Check(g, Options{})
		if !v.Legal() {
			t.Errorf("game %d (line %d) %s - %s: %v %v", n, g.Line, g.Tag("White"), g.Tag("Black"), v.Illegal, v.Err)
		}
	}
	if n < 5000 {
		t.Errorf("read %d games, want about 5,800", n)
	}
	t.Logf("%d games", n)
}
