package main

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// TestEvening plays a whole Labyrinth evening through the command line:
// seven players, seven rounds paired by hand, a pairing-allocated bye in
// each of the first six rounds, a forfeit, a half-point bye asked for in
// advance, and a result corrected two rounds later. The final standings
// are checked cell by cell against the figures worked out below.
//
// The pairings follow the Berger table of 8 players, the 8th being the bye,
// so every player meets every other once and gets one round without a
// game (White first):
//
//	R1: 6-1 ½   5-2 ½   4-3 ½          7 PAB
//	R2: 2-4 1-0 1-5 1-0 7-6 0-1        3 PAB   (2-4 first entered as 0-1)
//	R3: 5-7 1-0 4-1 ½   3-2 0-1        6 PAB
//	R4: 1-3 1-0 7-4 1-0 6-5 ½          2 PAB
//	R5: 4-6 1-0 3-7 -+  2-1 0-1        5 PAB   (3 did not come: 7 wins by forfeit)
//	R6: 7-2 ½   6-3 0-1 5-4 0-1        1 PAB
//	R7: 3-5 1-0 2-6 1-0 1-7 0-1        4 H     (asked for before round 6)
//
// Points (the bye rounds in brackets):
//
//	1 Neri    ½ 1 ½ 1 1 [1] 0      = 5
//	2 Bianchi ½ 1 1 [1] 0 ½ 1      = 5
//	3 Rossi   ½ [1] 0 0 0(forfeit) 1 1 = 3½
//	4 Verdi   ½ 0 ½ 0 1 1 [½]      = 3½
//	5 Conti   ½ 0 1 ½ [1] 0 0      = 3
//	6 Gallo   ½ 1 [1] ½ 0 0 0      = 3
//	7 Ferri   [1] 0 0 1 1(forfeit) ½ 1 = 4½
//
// 27½ points in all: 4 a round in rounds 1-6, 3½ in round 7.
//
// Buchholz (C.07 8.1, 2023 rules): a game contributes the opponent's score;
// each of the player's own unplayed rounds (PAB, half-point bye, forfeit
// won or lost) a dummy opponent with the player's own score (C.07 16.4).
// Verdi's half-point bye in the last round counts as a draw for his
// opponents (16.3), which is what it scored anyway, so every adjusted
// score is the final score. Each player met the six others and had one
// unplayed round, so BH = (27½ - own score) + own score = 27½, except for
// the forfeit: Ferri has the dummy (4½) instead of Rossi (3½), 28½; Rossi
// the dummy (3½) instead of Ferri (4½), 26½.
//
// Sonneborn-Berger (9.1): opponent's score times the points scored
// against that opponent; a dummy opponent times the points the round gave.
//
//	1: ½·3 + 1·3 + ½·3½ + 1·3½ + 1·5 + 1·5(PAB) + 0·4½       = 19¾
//	2: ½·3 + 1·3½ + 1·3½ + 1·5(PAB) + 0·5 + ½·4½ + 1·3       = 18¾
//	3: ½·3½ + 1·3½(PAB) + 0 + 0 + 0(forfeit) + 1·3 + 1·3     = 11¼
//	4: ½·3½ + 0 + ½·5 + 0 + 1·3 + 1·3 + ½·3½(H)              = 12
//	5: ½·5 + 0 + 1·4½ + ½·3 + 1·3(PAB) + 0 + 0               = 11½
//	6: ½·5 + 1·4½ + 1·3(PAB) + ½·3 + 0 + 0 + 0               = 11½
//	7: 1·4½(PAB) + 0 + 0 + 1·3½ + 1·4½(forfeit) + ½·5 + 1·5  = 20
//
// Ranking with the chain BH, DE, SB:
//   - 1 and 2 on 5 points, both BH 27½: DE, 2-1 0-1 in round 5, puts
//     Neri first (DE 1) and Bianchi second (DE 2). Bianchi's 5 points
//     include the corrected win over Verdi in round 2.
//   - 7 alone on 4½.
//   - 3 and 4 on 3½: BH 27½ for Verdi beats 26½ for Rossi; DE is not
//     reached (shown as -).
//   - 5 and 6 on 3: BH 27½ each; DE: their game (round 4) was drawn, so
//     it decides nothing; SB 11½ each: they share places 6-7.
func TestEvening(t *testing.T) {
	t.Parallel()
	c := playEvening(t)

	// The final table, cell by cell.
	wantTable := [][]string{
		{"Rank", "No", "Name", "Rating", "Pts", "BH", "DE", "SB"},
		// Figures as the sheets write them (locale.Figure): BH in
		// halves, SB, which has quarters, with two decimals.
		{"1", "1", "Neri, Paolo", "2000", "5", "27½", "1", "19.75"},
		{"2", "2", "Bianchi, Anna", "1900", "5", "27½", "2", "18.75"},
		{"3", "7", "Ferri, Luca", "-", "4½", "28½", "-", "20.00"},
		{"4", "4", "Verdi, Ugo", "1700", "3½", "27½", "-", "12.00"},
		{"5", "3", "Rossi, Mario", "1800", "3½", "26½", "-", "11.25"},
		{"6-7", "5", "Conti, Sara", "1600", "3", "27½", "-", "11.50"},
		{"6-7", "6", "Gallo, Piero", "1500", "3", "27½", "-", "11.50"},
	}
	out := c.ok("standings")
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	if lines[0] != "Final standings, Labyrinth 12 May" {
		t.Errorf("title = %q", lines[0])
	}
	if len(lines)-1 != len(wantTable) {
		t.Fatalf("standings have %d lines, want %d:\n%s", len(lines)-1, len(wantTable), out)
	}
	for i, line := range lines[1:] {
		cells := splitCells(line)
		for j, w := range wantTable[i] {
			if j >= len(cells) || cells[j] != w {
				t.Errorf("row %d column %q = %q, want %q\n%s", i, wantTable[0][j], at(cells, j), w, line)
			}
		}
	}

	var st []standingJSON
	if err := json.Unmarshal([]byte(c.ok("standings", "--json")), &st); err != nil {
		t.Fatal(err)
	}
	wantJSON := []struct {
		rank, pn   int
		pts        float64
		bh, de, sb float64
	}{
		{1, 1, 5, 27.5, 1, 19.75}, {2, 2, 5, 27.5, 2, 18.75}, {3, 7, 4.5, 28.5, 0, 20},
		{4, 4, 3.5, 27.5, 0, 12}, {5, 3, 3.5, 26.5, 0, 11.25}, {6, 5, 3, 27.5, 0, 11.5}, {6, 6, 3, 27.5, 0, 11.5},
	}
	for i, w := range wantJSON {
		g := st[i]
		if g.Rank != w.rank || g.PairingNumber != w.pn || g.Points != w.pts ||
			!reflect.DeepEqual(g.Tiebreaks, map[string]float64{"BH": w.bh, "DE": w.de, "SB": w.sb}) {
			t.Errorf("standings[%d] = %+v, want rank %d, player %d, %v points, BH %v DE %v SB %v", i, g, w.rank, w.pn, w.pts, w.bh, w.de, w.sb)
		}
	}

	// Without the correction Bianchi would have had a point less: the
	// standings after round 2 show the corrected result, and the log keeps
	// both.
	var after2 []standingJSON
	json.Unmarshal([]byte(c.ok("standings", "--round", "2", "--json")), &after2)
	for _, s := range after2 {
		if s.PairingNumber == 2 && s.Points != 1.5 {
			t.Errorf("Bianchi after round 2 = %v points, want 1.5 (½ + the corrected win)", s.Points)
		}
	}
	var log []eventJSON
	json.Unmarshal([]byte(c.ok("log", "--json")), &log)
	var corrections []string
	for _, e := range log {
		if e.Action == "result.correct" {
			corrections = append(corrections, e.Subject+": "+e.Old+" -> "+e.New+" by "+e.Who)
		}
	}
	if want := []string{"round 2 board 1 (2 Bianchi, Anna - 4 Verdi, Ugo): 0-1 -> 1-0 by arbiter-test"}; !reflect.DeepEqual(corrections, want) {
		t.Errorf("corrections in the log = %q, want %q", corrections, want)
	}

	// Round 7 shows Verdi's half-point bye.
	var r7 roundJSON
	json.Unmarshal([]byte(c.ok("round", "show", "7", "--json")), &r7)
	last := r7.Boards[len(r7.Boards)-1]
	if last.White != 4 || last.Black != nil || last.Bye != "H" || last.Board != 0 {
		t.Errorf("round 7 last entry = %+v, want 4's H bye", last)
	}

	// --explain tells where Ferri's figures come from.
	ex := c.ok("standings", "--explain", "Ferri")
	for _, w := range []string{"7 Ferri, Luca: 4½ points after round 7", "BH = 28.5", "SB = 20", "round 5"} {
		if !strings.Contains(ex, w) {
			t.Errorf("standings --explain Ferri does not say %q:\n%s", w, ex)
		}
	}
}

// playEvening plays the evening described at TestEvening and returns the
// command line holding it.
func playEvening(t *testing.T) *cli {
	t.Helper()
	c := newCLI(t)
	// The hand figures of TestEvening follow the 2023 text of C.07 (dummy
	// opponent on the player's own score, uncapped): the evening pins that
	// edition, as a tournament of that time would. New tournaments default
	// to 2026.
	c.ok("tournament", "new", "Labyrinth 12 May", "--preset", "labyrinth", "--date", "2026-05-12", "--first-colour", "white", "--tiebreak-edition", "2023")
	// Registration in no particular order: the numbers follow the
	// initial order (rating, title, name) until round 1 is paired.
	c.ok("player", "add", "Conti, Sara", "--rating", "1600", "--club", "Labyrinth")
	c.ok("player", "add", "Rossi, Mario", "--rating", "1800", "--club", "Labyrinth")
	c.ok("player", "import", "testdata/evening.csv")
	c.ok("player", "add", "Neri, Paolo", "--rating", "2000", "--title", "fm")
	var players []playerJSON
	if err := json.Unmarshal([]byte(c.ok("player", "list", "--json")), &players); err != nil {
		t.Fatal(err)
	}
	var order []string
	for _, p := range players {
		order = append(order, p.Name)
	}
	want := []string{"Neri, Paolo", "Bianchi, Anna", "Rossi, Mario", "Verdi, Ugo", "Conti, Sara", "Gallo, Piero", "Ferri, Luca"}
	if !reflect.DeepEqual(order, want) {
		t.Fatalf("pairing order = %q, want %q", order, want)
	}

	type result struct{ board, result string }
	rounds := []struct {
		pairing string
		results []result
	}{
		{"6-1, 5-2, 4-3, 7 bye", []result{{"1", "1/2"}, {"2", "½-½"}, {"3", "="}}},
		{"2-4, 1-5, 7-6, 3 bye", []result{{"1", "0-1"}, {"2", "1-0"}, {"3", "0-1"}}},
		{"5-7, 4-1, 3-2, 6 bye", []result{{"1", "1-0"}, {"2", "0.5-0.5"}, {"3", "0-1"}}},
		{"1-3, 7-4, 6-5, 2 bye", []result{{"1", "1-0"}, {"2", "1-0"}, {"3", "1/2"}}},
		{"4-6, 3-7, 2-1, 5 bye", []result{{"1", "1-0"}, {"2", "-+"}, {"3", "0-1"}}},
		{"7-2, 6-3, 5-4, 1 bye", []result{{"1", "1/2"}, {"2", "0-1"}, {"3", "0-1"}}},
		{"3-5, 2-6, 1-7", []result{{"1", "1-0"}, {"2", "1-0"}, {"3", "0-1"}}},
	}
	for i, r := range rounds {
		n := i + 1
		if n == 4 {
			// Bianchi's win over Verdi was entered the wrong way round.
			c.ok("round", "result", "1", "1-0", "--round", "2", "--correct")
		}
		if n == 6 {
			c.ok("player", "bye", "Verdi", "--round", "7")
		}
		c.ok("round", "pair", "--manual", r.pairing)
		for _, res := range r.results {
			c.ok("round", "result", res.board, res.result)
		}
	}

	return c
}

// TestEveningOutput compares what the read commands print at the end of
// the evening with golden files; go test -update rewrites them.
func TestEveningOutput(t *testing.T) {
	t.Parallel()
	c := playEvening(t)
	for _, cmd := range []string{
		"tournament show", "tournament show --json", "player list", "player list --json",
		"round show 5", "round show 7 --json", "standings", "standings --round 3", "standings --json",
		"standings --explain Ferri", "standings --explain 5 --json",
	} {
		name := strings.ReplaceAll(strings.ReplaceAll(cmd, "--", ""), " ", "_")
		t.Run(name, func(t *testing.T) {
			got := c.ok(strings.Fields(cmd)...)
			golden(t, filepath.Join("testdata", "evening", name+".golden"), got)
		})
	}
	// In a terminal set to Italian the explanation is worded from the
	// Italian catalog; --json stays the same bytes.
	enJSON := c.ok("standings", "--explain", "5", "--json")
	c.env["ARBITER_LANG"] = "it"
	golden(t, filepath.Join("testdata", "evening", "standings_explain_Ferri.it.golden"), c.ok("standings", "--explain", "Ferri"))
	if got := c.ok("standings", "--explain", "5", "--json"); got != enJSON {
		t.Errorf("standings --explain 5 --json in Italian:\n%s\nwant the English bytes\n%s", got, enJSON)
	}
}

// golden compares got with the file at path, or writes it with -update.
func golden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("output differs from %s:\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}

// splitCells splits a line of a table written by table.write: cells are
// separated by two spaces or more; names contain single spaces only.
func splitCells(line string) []string {
	var cells []string
	for _, f := range strings.Split(strings.TrimSpace(line), "  ") {
		if f = strings.TrimSpace(f); f != "" {
			cells = append(cells, f)
		}
	}
	return cells
}

func at(cells []string, i int) string {
	if i < len(cells) {
		return cells[i]
	}
	return "(missing)"
}
