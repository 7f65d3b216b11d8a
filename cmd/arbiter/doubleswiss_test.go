package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestDoubleSwissEvening plays a club's double-blitz evening in the
// Double-Swiss system (FIDE C.04.5) through the command line: eight
// players, three rounds of two-game matches paired by the program, a
// game forfeited in a match that still counts as played, a match
// forfeited by both players (who are paired again, Preface), and an odd
// field in round 2 (Bruno asked for a bye) with its pairing-allocated
// bye. The standings are checked against the figures worked out below,
// and the file exported reads back through trf check.
//
// Pairing numbers by rating: 1 Rossi, 2 Bianchi, 3 Verdi, 4 Neri,
// 5 Galli, 6 Conti, 7 Ferri, 8 Bruno. The matches (game 1's White first,
// each game in its own colours, the match score from game 1's White):
//
//	R1: 1-5 1-0 ½-½ (1½-½)  6-2 2-0         3-7 +- 1-0 (1-1: 7 forfeits game 1 only)  8-4 ½-1½
//	R2: 1-6 ½-½ ½-½ (1-1)   4-3 1-0 1-0 (1-1)   7-5 -- -- (both forfeit the match)
//	    2 the PAB (1½, a game won and a game drawn, C.04.5 1.4), 8 a bye asked for (1)
//	R3: 6-4 1½-½  3-1 0-1 ½-½ (½-1½)  2-8 2-0  7-5 -+ 1-0 (0-2: 7 forfeits game 1 only)
//
// Points (game points):
//
//	6 Conti   2 + 1 + 1½       = 4½
//	1 Rossi   1½ + 1 + 1½      = 4
//	2 Bianchi 0 + 1½ + 2       = 3½
//	4 Neri    1½ + 1 + ½       = 3
//	3 Verdi   1 + 1 + ½        = 2½
//	5 Galli   ½ + 0 + 2        = 2½
//	8 Bruno   ½ + 1 + 0        = 1½
//	7 Ferri   1 + 0 + 0        = 1
//
// Verdi and Galli are level on 2½: Buchholz (C.07 2026, on matches)
// separates them. Verdi met Ferri (1), Neri (3) and Rossi (4): 8. Galli
// met Rossi (4) and Ferri (1) over the board; the forfeited match of
// round 2 counts a dummy opponent on Galli's own score capped by Ferri's
// (16.4.1): 1. 4 + 1 + 1 = 6.
func TestDoubleSwissEvening(t *testing.T) {
	c := newCLI(t)
	c.ok("tournament", "new", "Double blitz", "--preset", "double-blitz", "--rounds", "3", "--first-colour", "white", "--date", "2026-05-19")
	for i, n := range []string{"Rossi, Mario", "Bianchi, Luca", "Verdi, Anna", "Neri, Paolo", "Galli, Sara", "Conti, Marco", "Ferri, Elena", "Bruno, Carlo"} {
		c.ok("player", "add", n, "--rating", strconv.Itoa(2000-50*i), "--new")
	}
	c.ok("player", "bye", "8", "--round", "2")
	rounds := []struct {
		boards  string // as round show --json gives them: white-black
		results []string
	}{
		{"1-5 6-2 3-7 8-4 ", []string{"1-0 1/2", "2-0", "+- 1-0", "0.5-1.5"}},
		{"1-6 4-3 7-5 2 PAB 8 H ", []string{"= =", "1-0 1-0", "--"}},
		{"6-4 3-1 2-8 7-5 ", nil}, // entered at once, below
	}
	for i, r := range rounds {
		c.ok("round", "pair")
		var rd struct {
			Boards []struct {
				White int    `json:"white"`
				Black *int   `json:"black"`
				Bye   string `json:"bye"`
			} `json:"boards"`
		}
		if err := json.Unmarshal([]byte(c.ok("round", "show", strconv.Itoa(i+1), "--json")), &rd); err != nil {
			t.Fatal(err)
		}
		var got strings.Builder
		for _, b := range rd.Boards {
			if b.Bye != "" {
				got.WriteString(strconv.Itoa(b.White) + " " + b.Bye + " ")
			} else {
				got.WriteString(strconv.Itoa(b.White) + "-" + strconv.Itoa(*b.Black) + " ")
			}
		}
		if got.String() != r.boards {
			t.Fatalf("round %d paired %q, want %q", i+1, got.String(), r.boards)
		}
		for b, res := range r.results {
			c.ok("round", "result", strconv.Itoa(b+1), res)
		}
	}
	// Round 3 from the slips at once; a list with a level match score
	// enters nothing.
	if _, errs, code := c.run("round", "results", "1 1½-½, 2 1-1"); code == 0 || !strings.Contains(errs, "level match") {
		t.Errorf("round results with a level match: exit %d, %q", code, errs)
	}
	if out := c.ok("round", "show", "3"); strings.Contains(out, "1½-½") {
		t.Errorf("a refused list entered a match:\n%s", out)
	}
	c.ok("round", "results", "1 1½-½, 2 0-1 ½-½, 3 2-0, 4 0-1f 1-0")

	// A match typed as one game, or level without its games, is refused.
	if _, errs, code := c.run("round", "result", "1", "1-1", "--round", "3", "--correct"); code == 0 || !strings.Contains(errs, "level match") {
		t.Errorf("a level match score: exit %d, %q", code, errs)
	}
	// The round shows both games of every match.
	if out := c.ok("round", "show", "3"); !strings.Contains(out, "½-1½ (0-1 ½-½)") || !strings.Contains(out, "0-2 (-+ 1-0)") {
		t.Errorf("round show 3 lacks the matches:\n%s", out)
	}

	var st []struct {
		Rank      int                `json:"rank"`
		RankTo    int                `json:"rank_to"`
		PN        int                `json:"pairing_number"`
		Points    float64            `json:"points"`
		Tiebreaks map[string]float64 `json:"tiebreaks"`
	}
	if err := json.Unmarshal([]byte(c.ok("standings", "--json")), &st); err != nil {
		t.Fatal(err)
	}
	want := []struct {
		pn  int
		pts float64
	}{{6, 4.5}, {1, 4}, {2, 3.5}, {4, 3}, {3, 2.5}, {5, 2.5}, {8, 1.5}, {7, 1}}
	if len(st) != len(want) {
		t.Fatalf("standings list %d players, want %d", len(st), len(want))
	}
	for i, w := range want {
		if st[i].PN != w.pn || st[i].Points != w.pts || st[i].Rank != i+1 || st[i].RankTo != i+1 {
			t.Errorf("place %d: player %d on %v (rank %d-%d), want player %d on %v", i+1, st[i].PN, st[i].Points, st[i].Rank, st[i].RankTo, w.pn, w.pts)
		}
	}
	if bh3, bh5 := st[4].Tiebreaks["BH"], st[5].Tiebreaks["BH"]; bh3 != 8 || bh5 != 6 {
		t.Errorf("Buchholz of Verdi and Galli = %v and %v, want 8 and 6", bh3, bh5)
	}
	if out := c.ok("standings", "--explain", "Galli"); !strings.Contains(out, "C.04.5") {
		t.Errorf("standings --explain does not say how a Double-Swiss tournament is ranked:\n%s", out)
	}

	// What correcting round 3's board 1 (6-4, 1½-½) to 0-2 would change,
	// in game points: Conti 4½ -> 3, Neri 3 -> 4½; nothing stored.
	if _, errs, code := c.run("round", "result", "1", "0-2", "--round", "3", "--what-if"); code == 0 || !strings.Contains(errs, "--correct") {
		t.Errorf("a match what-if without --correct: exit %d, %q", code, errs)
	}
	before := c.ok("standings", "--json")
	var w struct {
		Old, New string
		Changes  []struct {
			PN     int        `json:"pairing_number"`
			Points [2]float64 `json:"points"`
		}
	}
	if err := json.Unmarshal([]byte(c.ok("round", "result", "1", "0-2", "--round", "3", "--correct", "--what-if", "--json")), &w); err != nil {
		t.Fatal(err)
	}
	points := map[int][2]float64{}
	for _, ch := range w.Changes {
		points[ch.PN] = ch.Points
	}
	if w.Old != "1-0 1/2-1/2" || w.New != "0-1 1-0" || points[6] != [2]float64{4.5, 3} || points[4] != [2]float64{3, 4.5} {
		t.Errorf("what-if of round 3 board 1 to 0-2: %+v", w)
	}
	if out := c.ok("round", "result", "1", "0-2", "--round", "3", "--correct", "--what-if"); !strings.Contains(out, "points 4.5 -> 3") ||
		!strings.Contains(out, "arbiter round result 1 0-1 1-0 --round 3 --correct") {
		t.Errorf("the what-if of a match reads:\n%s", out)
	}
	if c.ok("standings", "--json") != before {
		t.Error("a what-if changed the standings")
	}

	// The FIDE file: two columns a match, and trf check reads it back.
	file := filepath.Join(t.TempDir(), "double.trf")
	c.ok("export", "trf", file, "--format", "trf26")
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	text := strings.ReplaceAll(string(data), "\r", "\n")
	for _, line := range []string{"192 FIDE_DOUBLESWISS", "142 6"} {
		if !strings.Contains(text, line) {
			t.Errorf("the file lacks %q:\n%s", line, text)
		}
	}
	if out := c.ok("trf", "check", file); !strings.Contains(out, "no differences") {
		t.Errorf("trf check of the exported file:\n%s", out)
	}
	c.ok("check")
}
