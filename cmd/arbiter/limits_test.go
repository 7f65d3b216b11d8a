package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter"
)

// TestGameImportManyUnmatched checks that an import of many games that
// match no board lists the first ten and counts the rest, and imports
// nothing; with --skip-unmatched it imports the games that match and
// counts the skipped ones.
func TestGameImportManyUnmatched(t *testing.T) {
	t.Parallel()
	d := gamesTournament(t)
	var b strings.Builder
	b.WriteString("[Round \"1.2\"] [White \"Bianchi, Anna\"] [Black \"Conti, Sara\"] [Result \"1/2-1/2\"] 1. e4 e5 1/2-1/2\n\n")
	for i := range 25 {
		fmt.Fprintf(&b, "[Round \"1\"] [White \"Stranger %d, Anna\"] [Black \"Nobody, Ugo\"] [Result \"1-0\"] 1. d4 1-0\n\n", i)
	}
	file := b.String()
	before := d.dump()
	_, errs, code := d.runIn(file, "game", "import", "-")
	lines := strings.Split(strings.TrimSpace(errs), "\n")
	if code != 1 || d.dump() != before {
		t.Fatalf("exit %d, database changed %v; want exit 1 and nothing imported", code, d.dump() != before)
	}
	if len(lines) != 11 || strings.Count(errs, "unmatched: game") != 10 || !strings.HasPrefix(lines[0], "unmatched: game 2 (line 3, Stranger 0, Anna") {
		t.Errorf("stderr:\n%s\nwant the first 10 unmatched games and a summary", errs)
	}
	want := "arbiter: 25 games of 26 in standard input match no board (the first 10 are listed above): nothing imported; fix the tags, or add --skip-unmatched to import the 1 that match"
	if lines[len(lines)-1] != want {
		t.Errorf("summary = %q\nwant %q", lines[len(lines)-1], want)
	}
	_, errs, code = d.runIn(file, "game", "import", "-", "--skip-unmatched")
	if code != 0 || strings.Count(errs, "skipped: game") != 10 || !strings.Contains(errs, "skipped: 15 more that match no board") ||
		!strings.Contains(errs, "Imported 1 game from standard input: 1 game stored; 1 result entered; 25 skipped.") {
		t.Errorf("import --skip-unmatched: exit %d, stderr:\n%s", code, errs)
	}
}

// TestReadEachGameLimits checks that a PGN input beyond the size or the
// game count of one import is refused, naming the input and the limit,
// before a game past the limit is passed on.
func TestReadEachGameLimits(t *testing.T) {
	t.Parallel()
	game := "[White \"A\"] [Black \"B\"] [Result \"1-0\"] 1. e4 1-0\n\n"
	tests := []struct {
		name     string
		games    int
		maxBytes int64
		maxGames int
		wantN    int // games passed on
		wantErr  string
	}{
		{"within the limits", 3, int64(3 * len(game)), 3, 3, ""},
		{"too many games", 4, 1 << 20, 3, 3, "in.pgn holds more than 3 games, the most one import reads: split it"},
		{"too large", 4, int64(3*len(game)) + 1, 100, 3, "in.pgn is larger than 151 bytes, the most one import reads: split it"},
		{"megabytes", 1, 1 << 20, 100, 1, ""},
		{"no game", 0, 100, 3, 0, "in.pgn holds no game"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := strings.NewReader(strings.Repeat(game, tt.games))
			n := 0
			err := readEachGame(nil, in, "in.pgn", tt.maxBytes, tt.maxGames, func(pgnGame) error { n++; return nil })
			switch {
			case tt.wantErr == "" && err != nil:
				t.Errorf("readEachGame: %v", err)
			case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
				t.Errorf("readEachGame: %v, want %q", err, tt.wantErr)
			}
			if n > tt.wantN {
				t.Errorf("passed on %d games, want at most %d", n, tt.wantN)
			}
		})
	}
	stop := errors.New("stop")
	if err := readEachGame(nil, strings.NewReader(game+game), "in.pgn", 1<<20, 10, func(pgnGame) error { return stop }); !errors.Is(err, stop) {
		t.Errorf("an error of fn: %v, want it returned", err)
	}
}

// TestPlayerLimit checks that a tournament takes at most arbiter.MaxPlayers
// (9,999) players: an import of one more is refused at the line of the
// 10,000th, nothing is imported, and the database is as it was.
func TestPlayerLimit(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("imports 10,000 players")
	}
	c := newCLI(t)
	c.ok("tournament", "new", "Big Open")
	var b strings.Builder
	b.WriteString("name,rating\n")
	for i := range arbiter.MaxPlayers + 1 {
		fmt.Fprintf(&b, "\"Player%05d, Anna\",%d\n", i, 1000+i%1000)
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "big.csv")
	if err := os.WriteFile(file, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	before := c.dump()
	_, errs, code := c.run("player", "import", file, "--new")
	if code != exitFailure || !strings.Contains(errs, "line 10001: Big Open already has 9999 players, the most a tournament can hold") {
		t.Errorf("import of 10,000 players: exit %d, stderr %q", code, errs)
	}
	if after := c.dump(); after != before {
		t.Error("a refused import changed the database")
	}
}
