package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// playDoubleSwiss plays rounds rounds of a Double-Swiss tournament (FIDE
// C.04.5) of nine players and a late entry, paired by round pair: a
// requested bye, the pairing-allocated bye of the odd rounds, a zero-point
// bye, a withdrawal, and among the matches a game ending ½-0, one 0-0
// played, a match forfeited by both players and one game forfeited alone;
// settings adds flags to tournament new.
func playDoubleSwiss(t *testing.T, rounds int, settings ...string) *cli {
	t.Helper()
	c := newCLI(t)
	c.ok(append([]string{"tournament", "new", "Double Open", "--system", "double-swiss", "--rounds", "5", "--seed", "5",
		"--date", "2026-04-18", "--venue", "Milano", "--time-control", "3'+2\""}, settings...)...)
	for _, p := range crossPlayers[:9] {
		c.ok("player", "add", p.name, "--rating", p.rating)
	}
	c.ok("player", "bye", "3", "--round", "1")
	// The games of each match, by board: ordinary results, a game ½-0
	// and one 0-0 played, a match forfeited by both players, a game
	// forfeited alone.
	matches := []string{"1-0 1/2", "0-1 1-0", "1/2-0 0-1", "1/2 1/2", "0-0p 1-0", "0-0 0-0", "+- 0-1"}
	for r := 1; r <= rounds; r++ {
		switch r {
		case 2:
			c.ok("player", "add", "Late, Comer", "--rating", "1800")
		case 3:
			c.ok("player", "bye", "6", "--zero")
			c.ok("player", "withdraw", "9", "--from-round", "4")
		}
		c.ok("round", "pair")
		for _, b := range c.roundShown("").Boards {
			if b.Bye != "" {
				continue
			}
			c.ok("round", "result", strconv.Itoa(b.Board), matches[(b.Board+2*r)%len(matches)])
		}
	}
	return c
}

// TestDoubleSwissTRFRoundTrip exports a Double-Swiss tournament, imports
// the file into a new database and exports it again: the two files must
// be the same bytes, the imported tournament a Double-Swiss one with the
// same standings, pairing its next match as the original does, and
// arbiter check finds it sound.
func TestDoubleSwissTRFRoundTrip(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		rounds   int
		settings []string
		format   string
	}{
		{"trf26 after 4 rounds", 4, nil, "trf26"},
		{"trf16 after 3 rounds", 3, nil, "trf16"},
		{"bye values", 3, []string{"--bye-value", "1", "--half-bye-value", "0", "--first-colour", "black"}, "trf26"},
		{"report settings", 2, []string{"--federation", "ITA", "--chief-arbiter", "Rossi, Mario", "--round-dates", "2026-04-18,2026-04-18,2026-04-19"}, "trf26"},
		{"before round 1", 0, nil, "trf26"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			c := playDoubleSwiss(t, tt.rounds, tt.settings...)
			first := c.exportTRF("--format", tt.format)
			if !bytes.Contains(first, []byte("192 FIDE_DOUBLESWISS")) {
				t.Fatalf("the export is not a Double-Swiss file:\n%s", first)
			}
			file := filepath.Join(t.TempDir(), "first.trf")
			if err := os.WriteFile(file, first, 0o644); err != nil {
				t.Fatal(err)
			}
			d := newCLI(t)
			errs := d.okErr("import", "trf", file)
			if !strings.Contains(errs, fmt.Sprintf("%d of 5 rounds played", tt.rounds)) || strings.Contains(errs, "Not kept") {
				t.Errorf("import trf said %q", errs)
			}
			second := d.exportTRF("--format", tt.format)
			if !bytes.Equal(first, second) {
				t.Errorf("export, import, export gave another file:\nfirst\n%s\nsecond\n%s", first, second)
			}
			var tj tournamentJSON
			if err := json.Unmarshal([]byte(d.ok("tournament", "show", "--json")), &tj); err != nil {
				t.Fatal(err)
			}
			if tj.System != "double-swiss" {
				t.Errorf("imported system %q, want double-swiss", tj.System)
			}
			if got, want := d.ok("standings", "--json"), c.ok("standings", "--json"); got != want {
				t.Errorf("standings of the imported tournament\n%s\nof the original\n%s", got, want)
			}
			// Every match with both games as entered. (Byes may read
			// back as another kind: a late entry's missed round is a
			// zero-point bye in the file.)
			for r := 1; r <= tt.rounds; r++ {
				matches := func(c *cli) []string {
					var out []string
					for _, b := range c.roundShown(strconv.Itoa(r)).Boards {
						if b.Bye == "" {
							out = append(out, fmt.Sprintf("%d %d %s %s", b.White, *b.Black, b.Result, b.Second))
						}
					}
					return out
				}
				if got, want := matches(d), matches(c); !reflect.DeepEqual(got, want) {
					t.Errorf("round %d imported %q, original %q", r, got, want)
				}
			}
			var want, got roundJSON
			if err := json.Unmarshal([]byte(c.ok("round", "pair", "--dry-run", "--json")), &want); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal([]byte(d.ok("round", "pair", "--dry-run", "--json")), &got); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(pairsOf(got), pairsOf(want)) {
				t.Errorf("next match of the imported tournament %q, of the original %q", pairsOf(got), pairsOf(want))
			}
			d.ok("check")
		})
	}
}

// TestDoubleSwissGeneratedImport generates a Double-Swiss file of 20
// players and 5 matches with byes and forfeits (the same seed gives
// testdata/doubleswiss20.trf), imports it, checks the database and exports
// it again: the export is the generated file byte for byte (the matches
// game by game, the points, and the ranks of its tie-breaks, which the
// generator and the standings compute alike), and trf check finds every
// match paired by C.04.5.
func TestDoubleSwissGeneratedImport(t *testing.T) {
	t.Parallel()
	c := newCLI(t)
	gen := filepath.Join(t.TempDir(), "gen.trf")
	c.ok("trf", "generate", "--system", "double-swiss", "--players", "20", "--rounds", "5", "--forfeits", "0.1", "--byes", "0.1", "--seed", "7", "-o", gen)
	data, err := os.ReadFile(gen)
	if err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "doubleswiss20.trf")
	if *update {
		if err := os.WriteFile(golden, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if want, err := os.ReadFile(golden); err != nil || !bytes.Equal(data, want) {
		t.Errorf("trf generate gave another file than %s (%v): go test -run DoubleSwissGeneratedImport -update writes it\n%s", golden, err, data)
	}
	if !bytes.Contains(data, []byte("202 BH,DE,SB")) {
		t.Errorf("the generated file has no tie-break list:\n%s", data)
	}
	errs := c.okErr("import", "trf", gen)
	if !strings.Contains(errs, "20 players") || !strings.Contains(errs, "5 of 5 rounds played") || strings.Contains(errs, "Not kept") {
		t.Errorf("import trf said %q", errs)
	}
	c.ok("check")
	if out := c.ok("trf", "check", gen); !strings.Contains(out, "no differences") {
		t.Errorf("trf check of the generated file:\n%s", out)
	}
	out := c.exportTRF("--format", "trf26")
	if !bytes.Equal(out, data) {
		t.Errorf("export trf of the imported file\n%s\nwant the generated file\n%s", out, data)
	}
}

// TestImportTRFDoubleSwissRefused: a Double-Swiss file whose two columns
// of a match do not make a match is refused with its line, and nothing is
// stored.
func TestImportTRFDoubleSwissRefused(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile(filepath.Join("..", "..", "trf", "testdata", "doubleswiss.trf"))
	if err != nil {
		t.Fatal(err)
	}
	// Player 5's PAB of match 1 written as a full-point bye in game 1 and
	// a half-point bye in game 2: the same points, but a bye covers both
	// games of a match.
	bad := strings.Replace(string(data), "0000 - U  0000 - U     1 w +", "0000 - F  0000 - H     1 w +", 1)
	if bad == string(data) {
		t.Fatal("the example file has changed")
	}
	file := filepath.Join(t.TempDir(), "bad.trf")
	if err := os.WriteFile(file, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	c := newCLI(t)
	c.ok("tournament", "new", "Other")
	c.refused("", []string{"bad.trf", "line 16, column 92", "player 5, match 1", "a bye covers both games of the match (C.04.5 Preface)"}, "import", "trf", file)
}
