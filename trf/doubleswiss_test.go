package trf

import (
	"errors"
	"os"
	"strings"
	"testing"
)

// TestDoubleSwissFile reads testdata/doubleswiss.trf, a Double-Swiss file
// with a game ending ½-0 (a 299 line), a PAB over both games of a match,
// a forfeited match and a single forfeited game.
func TestDoubleSwissFile(t *testing.T) {
	data, err := os.ReadFile("testdata/doubleswiss.trf")
	if err != nil {
		t.Fatal(err)
	}
	f, err := Read(strings.NewReader(string(data)))
	if err != nil {
		t.Fatal(err)
	}
	if !f.DoubleSwiss() {
		t.Fatalf("DoubleSwiss() = false for 192 %q", f.Header.System)
	}
	if got := f.PlayedMatches(); got != 2 {
		t.Errorf("PlayedMatches() = %d, want 2", got)
	}
	if f.Points.PAB != 15 {
		t.Errorf("the PAB is worth %v, want 1.5 (C.04.5 1.4)", f.Points.PAB)
	}
	// The PAB counts once a match: 4 has ½ + 1½.
	bad := strings.Replace(string(data), "   2.0    3", "   3.5    3", 1)
	if _, err := Read(strings.NewReader(bad)); !errors.Is(err, ErrPoints) {
		t.Errorf("a PAB counted for each game reads with %v, want ErrPoints", err)
	}
}

// TestDoubleSwissPABDefault: without a point system line the PAB of a
// Double-Swiss file is a game won and a game drawn (C.04.5 1.4), a Swiss
// file's stays a win.
func TestDoubleSwissPABDefault(t *testing.T) {
	data, err := os.ReadFile("testdata/doubleswiss.trf")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(string(data), "162 W 1.0 D 0.5 L 0.0 A 0.0 P 1.5\r\n", "", 1)
	f, err := Read(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if f.Points.PAB != 15 {
		t.Errorf("the PAB of a Double-Swiss file without 162 is worth %v, want 1.5", f.Points.PAB)
	}
}
