package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter/desk"
)

// fiveTRF has players with few or no games over the board: 2 played one
// game and took a half-point bye, 4 one game and a forfeit win, 5 only the
// pairing-allocated bye and a forfeit loss.
const fiveTRF = `012 Five
042 2026/03/01
142 2
001    1 m    One, A                            2000 FID                         2.0    1     2 w 1     3 b 1
001    2 m    Two, B                            1900 FID                         0.5    5     1 b 0  0000 - H
001    3 m    Three, C                          1800 FID                         1.0    2     4 w 1     1 w 0
001    4 m    Four, D                           1700 FID                         1.0    3     3 b 0     5 w +
001    5 m    Five, E                           1600 FID                         1.0    4  0000 - U     4 b -
`

// TestTRFTiebreaksUndefined checks that trf tiebreaks shows a figure C.07
// leaves undefined as such, not as 0: ARO-C1 of a player whose only game
// is cut (2, 4), ARO and TPR of a player with no game over the board (5);
// null in JSON, as FIDE's reference checker writes it.
func TestTRFTiebreaksUndefined(t *testing.T) {
	t.Parallel()
	fn := writeTRF(t, "five.trf", fiveTRF)
	code, out, errs := runTRFCommand(t, "trf", "tiebreaks", "--tiebreaks", "ARO-C1,ARO,TPR,BH", fn)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	rows := map[string][]string{}
	for _, l := range strings.Split(strings.TrimSpace(out), "\n")[1:] {
		f := strings.Fields(l)
		rows[f[1]] = f[len(f)-4:]
	}
	want := map[string][]string{
		"1": {"1900", "1850", "2650", "1.5"},
		"3": {"2000", "1850", "1850", "3"},
		"4": {"undefined", "1800", "1000", "2"},
		"5": {"undefined", "undefined", "undefined", "2"},
		"2": {"undefined", "2000", "1200", "2.5"},
	}
	for pn, w := range want {
		if strings.Join(rows[pn], " ") != strings.Join(w, " ") {
			t.Errorf("player %s: %v, want %v\n%s", pn, rows[pn], w, out)
		}
	}
	code, out, errs = runTRFCommand(t, "trf", "tiebreaks", "--json", "--tiebreaks", "ARO-C1,BH", fn)
	if code != 0 {
		t.Fatalf("--json: exit %d: %s", code, errs)
	}
	var got []struct {
		PN        int                 `json:"pairing_number"`
		Tiebreaks map[string]*float64 `json:"tiebreaks"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	for _, x := range got {
		aro, ok := x.Tiebreaks["ARO-C1"]
		if !ok {
			t.Fatalf("player %d: no ARO-C1 in %s", x.PN, out)
		}
		if undef := x.PN == 2 || x.PN == 4 || x.PN == 5; undef != (aro == nil) {
			t.Errorf("player %d: ARO-C1 %v, want null: %v", x.PN, aro, undef)
		}
		if x.Tiebreaks["BH"] == nil {
			t.Errorf("player %d: BH null", x.PN)
		}
	}
}

// editionTRF is a tournament that started on 1 January 2025 in which 4
// won a game and then won by forfeit.
const editionTRF = `012 Five
042 2025/01/01
142 2
001    1 m    One, A                            2000 FID                         2.0    1     2 w 1     3 b 1
001    2 m    Two, B                            1900 FID                         0.5    4     1 b 0  0000 - H
001    3 m    Three, C                          1800 FID                         0.0    5     4 w 0     1 w 0
001    4 m    Four, D                           1700 FID                         2.0    2     3 b 1     5 w +
001    5 m    Five, E                           1600 FID                         1.0    3  0000 - U     4 b -
`

// TestTRFTiebreaksEditionByDate checks that trf tiebreaks applies the C.07
// rules in force when the tournament started (line 042): 2023/2024 for a
// start on 1 January 2025, 2026 from 1 March 2026, and that
// --tiebreak-edition still chooses.
func TestTRFTiebreaksEditionByDate(t *testing.T) {
	t.Parallel()
	// 4's forfeit win counts for BH and SB as a game against a dummy
	// opponent on 4's own score, 2; from 2026 capped at the forfeiting
	// opponent's score, 1 (16.4.1).
	figures := func(text string, args ...string) (string, string) {
		t.Helper()
		fn := writeTRF(t, "t.trf", text)
		code, out, errs := runTRFCommand(t, append(append([]string{"trf", "tiebreaks", "--json", "--tiebreaks", "BH,SB,BH-C1"}, args...), fn)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		return out, errs
	}
	old := editionTRF
	byDate, note := figures(old)
	if !strings.Contains(note, "started on 2025-01-01") || !strings.Contains(note, "(2023)") {
		t.Errorf("no note of the edition chosen: %q", note)
	}
	e2023, _ := figures(old, "--tiebreak-edition", "2023")
	e2026, _ := figures(old, "--tiebreak-edition", "2026")
	if byDate != e2023 {
		t.Errorf("a tournament of 2025 is not computed with the 2023 rules:\n%s\nwant\n%s", byDate, e2023)
	}
	if e2023 == e2026 {
		t.Fatalf("the example gives the same figures under 2023 and 2026: it tests nothing")
	}
	now, note := figures(strings.Replace(editionTRF, "042 2025/01/01", "042 2026/03/01", 1))
	if now != e2026 || note != "" {
		t.Errorf("a tournament of March 2026 is not computed with the 2026 rules (note %q):\n%s\nwant\n%s", note, now, e2026)
	}
}

// TestTRF26RoundTripFIDE exports a tournament as TRF-26, checks the file
// with trf tiebreaks --check, imports it into a new database and exports
// it again: the same bytes, and the imported tournament keeps what the
// TRF-26 records say (TRF-26 192, 202, 212, 240; C.04.2 art. 3.2):
// the pairing system and its Baku acceleration, the tie-break list, the
// rate of play and the withdrawal of player 9 from round 4.
func TestTRF26RoundTripFIDE(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		settings []string
		lines    []string // in the file, each ended by a CR
	}{
		{"rapid, Baku", []string{"--pace", "rapid", "--accelerated", "baku", "--tiebreaks", "BH-C1,SB,DE,ARO"},
			[]string{"092 Individual: Swiss-System (FIDE Dutch), rapid", "192 FIDE_DUTCH_2025_BAKU", "202 BH/C1,SB,DE,ARO", "212 PTS,BH/C1,SB,DE,ARO"}},
		{"blitz, 2017 rules", []string{"--pace", "blitz", "--pairing-edition", "2017", "--tiebreaks", "BH,BH-M1,WIN,PS"},
			[]string{"092 Individual: Swiss-System (FIDE Dutch), blitz", "192 FIDE_DUTCH_2017", "202 BH,BH/M1,WIN,PS", "212 PTS,BH,BH/M1,WIN,PS"}},
		{"standard", nil,
			[]string{"092 Individual: Swiss-System (FIDE Dutch)", "192 FIDE_DUTCH_2025", "202 BH,DE,SB", "212 PTS,BH,DE,SB"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			// Three rounds played; 9 withdrew from round 4, 6 asks for
			// a zero-point bye in round 6 only.
			c := playTournament(t, 3, tt.settings...)
			c.ok("player", "bye", "6", "--round", "6", "--zero")
			c.ok("player", "edit", "2", "--birth-date", "1985-11-03")
			first := c.exportTRF("--format", "trf26")
			text := string(first)
			for _, w := range append(tt.lines, "240 Z   5    9", "240 Z   6    6    9", "240 Z   7    9") {
				if !strings.Contains(text, "\r"+w+"\r") {
					t.Errorf("no line %q in:\n%s", w, strings.ReplaceAll(text, "\r", "\n"))
				}
			}
			// The full date of birth (TRF-26 001, columns 70-79), and the
			// year alone when only the year is known (player 1).
			for _, l := range strings.Split(text, "\r") {
				if strings.HasPrefix(l, "001    2 ") && l[69:79] != "1985/11/03" || strings.HasPrefix(l, "001    1 ") && l[69:79] != "1990      " {
					t.Errorf("birth date in columns 70-79: %q", l[69:79])
				}
			}
			// Player 9's block in round 4 (the next round) says he is out.
			if !strings.Contains(text, "0000 - Z\r") {
				t.Errorf("no zero-point bye in the next round's column")
			}
			fn := filepath.Join(t.TempDir(), "first.trf")
			if err := os.WriteFile(fn, first, 0o644); err != nil {
				t.Fatal(err)
			}
			if code, out, errs := runTRFCommand(t, "trf", "tiebreaks", "--check", fn); code != 0 || !strings.HasSuffix(out, "no differences\n") {
				t.Fatalf("trf tiebreaks --check of the export: exit %d\n%s%s", code, out, errs)
			}
			d := newCLI(t)
			errs := d.okErr("import", "trf", fn)
			if strings.Contains(errs, "Not kept") || strings.Contains(errs, "not kept") {
				t.Errorf("import left something out: %s", errs)
			}
			second := d.exportTRF("--format", "trf26")
			if !bytes.Equal(first, second) {
				t.Errorf("export, import, export gave another file:\n%s\nthen\n%s", strings.ReplaceAll(text, "\r", "\n"), strings.ReplaceAll(string(second), "\r", "\n"))
			}
			var got, want tournamentJSON
			if err := json.Unmarshal([]byte(d.ok("tournament", "show", "--json")), &got); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal([]byte(c.ok("tournament", "show", "--json")), &want); err != nil {
				t.Fatal(err)
			}
			if got.Pace != want.Pace || got.PairingEdition != want.PairingEdition || got.Accelerated != want.Accelerated ||
				strings.Join(got.Tiebreaks, ",") != strings.Join(want.Tiebreaks, ",") || got.TiebreakEdition != want.TiebreakEdition {
				t.Errorf("imported pace %s, pairing %d %q, tie-breaks %v (C.07 %d); want %s, %d %q, %v (C.07 %d)",
					got.Pace, got.PairingEdition, got.Accelerated, got.Tiebreaks, got.TiebreakEdition,
					want.Pace, want.PairingEdition, want.Accelerated, want.Tiebreaks, want.TiebreakEdition)
			}
			for _, cl := range []*cli{c, d} {
				var ps []playerJSON
				if err := json.Unmarshal([]byte(cl.ok("player", "list", "--json")), &ps); err != nil {
					t.Fatal(err)
				}
				for _, p := range ps {
					if p.PairingNumber == 2 && (p.BirthDate != "1985-11-03" || p.BirthYear != 1985) {
						t.Errorf("player 2 born %q (%d), want 1985-11-03", p.BirthDate, p.BirthYear)
					}
					if withdrawn := p.PairingNumber == 9; withdrawn != (p.Status == "withdrawn") || withdrawn && p.WithdrawnFrom != 4 {
						t.Errorf("player %d: %s from round %d", p.PairingNumber, p.Status, p.WithdrawnFrom)
					}
				}
			}
			// The imported tournament pairs the next round as the original.
			var a, b roundJSON
			if err := json.Unmarshal([]byte(c.ok("round", "pair", "--dry-run", "--json")), &a); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal([]byte(d.ok("round", "pair", "--dry-run", "--json")), &b); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(pairsOf(a), pairsOf(b)) {
				t.Errorf("round 4 of the imported tournament %q, of the original %q", pairsOf(b), pairsOf(a))
			}
		})
	}
}

// TestExportTRF26RatingFields checks the warning of export trf --format
// trf26 when the header lines TRF-26 marks mandatory for rating are empty
// (022 city, 032 federation, 052 end date, 102 chief arbiter, 132 round
// dates), and that it goes once they are set.
func TestExportTRF26RatingFields(t *testing.T) {
	t.Parallel()
	c := playTournament(t, 2)
	c.ok("tournament", "set", "--venue", "")
	file := filepath.Join(t.TempDir(), "r.trf")
	errs := c.okErr("export", "trf", file, "--format", "trf26")
	for _, w := range []string{"not yet a complete FIDE rating report", "the city (022, --city)", "the federation (032, --federation)",
		"the end date (052, --end-date)", "the chief arbiter (102, --chief-arbiter)", "the dates of 2 of the 2 rounds (132, --round-dates)"} {
		if !strings.Contains(errs, w) {
			t.Errorf("export warning does not say %q:\n%s", w, errs)
		}
	}
	if strings.Contains(errs, "(012") || strings.Contains(errs, "(042") {
		t.Errorf("warning names a line that is filled:\n%s", errs)
	}
	// TRF-16, the pairing programs' format, is no rating report: no warning.
	if errs := c.okErr("export", "trf", file); strings.Contains(errs, "rating report") {
		t.Errorf("TRF-16 export warns about the rating report:\n%s", errs)
	}
	c.ok("tournament", "set", "--city", "Milano", "--federation", "ITA", "--end-date", "2026-04-20",
		"--chief-arbiter", "Rossi, Mario 810000", "--round-dates", "2026-04-18,2026-04-19")
	if errs := c.okErr("export", "trf", file, "--format", "trf26"); strings.Contains(errs, "rating report") {
		t.Errorf("warning with every field set:\n%s", errs)
	}
}

// TestExportTRFEditionWarning checks that export trf warns when the
// tournament's C.07 edition is not the one in force on its start date:
// FIDE's checkers, and arbiter trf tiebreaks, read the file by its date.
func TestExportTRFEditionWarning(t *testing.T) {
	t.Parallel()
	c := newCLI(t)
	c.ok("tournament", "new", "Autumn", "--date", "2025-10-04", "--rounds", "3")
	for _, p := range crossPlayers[:4] {
		c.ok("player", "add", p.name, "--rating", p.rating)
	}
	file := filepath.Join(t.TempDir(), "a.trf")
	if errs := c.okErr("export", "trf", file); !strings.Contains(errs, "C.07 2026") || !strings.Contains(errs, "--tiebreak-edition 2023") {
		t.Errorf("no warning of the edition:\n%s", errs)
	}
	c.ok("tournament", "set", "--tiebreak-edition", "2023")
	if errs := c.okErr("export", "trf", file); strings.Contains(errs, "tiebreak-edition") {
		t.Errorf("warning with the edition of the date:\n%s", errs)
	}
}

// TestPlayerBirthDate checks --birth-date of player add and edit: it sets
// the year too, a date that does not exist or is not in --birth-year is
// refused, and a new birth year forgets a date of another year.
func TestPlayerBirthDate(t *testing.T) {
	t.Parallel()
	c := newCLI(t)
	c.ok("tournament", "new", "Born", "--rounds", "3")
	c.ok("player", "add", "Rossi, Mario", "--birth-date", "1985-11-03")
	born := func() (string, int) {
		t.Helper()
		var ps []playerJSON
		if err := json.Unmarshal([]byte(c.ok("player", "list", "--json")), &ps); err != nil {
			t.Fatal(err)
		}
		return ps[0].BirthDate, ps[0].BirthYear
	}
	if d, y := born(); d != "1985-11-03" || y != 1985 {
		t.Errorf("born %q (%d), want 1985-11-03", d, y)
	}
	for _, args := range [][]string{
		{"player", "edit", "1", "--birth-date", "1985-02-30"},
		{"player", "edit", "1", "--birth-date", "03/11/1985"},
		{"player", "edit", "1", "--birth-date", "1985-11-03", "--birth-year", "1986"},
	} {
		if _, errs, code := c.run(args...); code == 0 || !strings.Contains(errs, "--birth-date") {
			t.Errorf("%v: exit %d, stderr %q; want a refusal naming --birth-date", args, code, errs)
		}
	}
	if d, y := born(); d != "1985-11-03" || y != 1985 {
		t.Errorf("after refusals born %q (%d)", d, y)
	}
	c.ok("player", "edit", "1", "--birth-year", "1986")
	if d, y := born(); d != "" || y != 1986 {
		t.Errorf("after --birth-year 1986 born %q (%d), want no date and 1986", d, y)
	}
}

// TestDoubleRoundRobinField checks the fields a double round robin is
// played by, 4 or 5 players, the same way everywhere: close-registration
// and the first round pair refuse 3 players (6 rounds for 4 games each)
// and 6, as they say, and 4 players play 6 rounds.
func TestDoubleRoundRobinField(t *testing.T) {
	t.Parallel()
	for _, n := range []int{2, 3, 6} {
		c := newCLI(t)
		c.ok("tournament", "new", "Double", "--rounds", "3")
		for i := range n {
			c.ok("player", "add", smallNames[i])
		}
		_, errs, code := c.run("tournament", "close-registration", "--system", "round-robin", "--double")
		if code == 0 || !strings.Contains(errs, "4 or 5 players, not") {
			t.Errorf("%d players: close-registration --double: exit %d %q", n, code, errs)
		}
		// Set as the format of play, the first pairing refuses it too,
		// registration closed or not.
		c.ok("tournament", "set", "--system", "round-robin", "--double")
		if _, errs, code := c.run("round", "pair"); code == 0 || !strings.Contains(errs, "4 or 5 players, not") {
			t.Errorf("%d players: round pair of a double round robin: exit %d %q", n, code, errs)
		}
	}
	c := newCLI(t)
	c.ok("tournament", "new", "Double", "--rounds", "3")
	for i := range 4 {
		c.ok("player", "add", smallNames[i])
	}
	c.ok("tournament", "close-registration", "--system", "round-robin", "--double")
	var got tournamentJSON
	if err := json.Unmarshal([]byte(c.ok("tournament", "show", "--json")), &got); err != nil {
		t.Fatal(err)
	}
	if got.Rounds != 6 || got.Cycles != 2 {
		t.Errorf("4 players twice: %d rounds, %d cycles; want 6 and 2", got.Rounds, got.Cycles)
	}
	c.ok("round", "pair")
}

// roundBoard is a board (or a bye) of round show --json.
type roundBoard = desk.BoardView

// TestGeneralHandlingRules2026 checks arbiter against the general handling
// rules for Swiss tournaments applied from 1 February 2026 (C.04.2):
//
//   - 2.2: the initial order is rating, then the FIDE title in the order
//     GM, IM, WGM, FM, WIM, CM, WFM, WCM, then the name; 2.3: the
//     pairing numbers follow it before round 1 (arbiter fixes them when
//     round 1 is paired, as 2.3 allows);
//   - 2.4: a late entry scores no points for the rounds missed (the
//     tournament's late-entry value, 0 unless its rules say otherwise), is
//     given a pairing number (the next free one) and is paired from the
//     round after his entry;
//   - 3.2: a player who withdrew is no longer paired; 3.3: a player known
//     in advance not to play a round is not paired in it and scores
//     nothing (a zero-point bye).
func TestGeneralHandlingRules2026(t *testing.T) {
	t.Parallel()
	c := newCLI(t)
	c.ok("tournament", "new", "Handling", "--rounds", "5")
	// Equal ratings, entered out of order: the titles and then the names
	// decide (2.2).
	for _, p := range [][]string{
		{"Zeta, Uno", ""}, {"Alfa, Due", "WCM"}, {"Beta, Tre", "WFM"}, {"Gamma, Quattro", "CM"},
		{"Delta, Cinque", "WIM"}, {"Epsilon, Sei", "FM"}, {"Eta, Sette", "WGM"}, {"Theta, Otto", "IM"},
		{"Iota, Nove", "GM"}, {"Kappa, Dieci", ""},
	} {
		args := []string{"player", "add", p[0], "--rating", "2000"}
		if p[1] != "" {
			args = append(args, "--title", p[1])
		}
		c.ok(args...)
	}
	c.ok("player", "add", "Omega, Top", "--rating", "2100")
	var ps []playerJSON
	if err := json.Unmarshal([]byte(c.ok("player", "list", "--json")), &ps); err != nil {
		t.Fatal(err)
	}
	var order []string
	for _, p := range ps {
		order = append(order, p.Name)
	}
	want := []string{"Omega, Top", "Iota, Nove", "Theta, Otto", "Eta, Sette", "Epsilon, Sei", "Delta, Cinque",
		"Gamma, Quattro", "Beta, Tre", "Alfa, Due", "Kappa, Dieci", "Zeta, Uno"}
	if strings.Join(order, "; ") != strings.Join(want, "; ") {
		t.Errorf("initial order (C.04.2 2.2):\n%v\nwant\n%v", order, want)
	}
	// 3.3: player 5 is known not to play round 1.
	c.ok("player", "bye", "5", "--round", "1", "--zero")
	plays := func(b roundBoard, pn int) bool {
		return b.Bye == "" && (b.White == pn || b.Black != nil && *b.Black == pn)
	}
	c.ok("round", "pair")
	for _, b := range c.roundShown("").Boards {
		if plays(b, 5) {
			t.Errorf("round 1 pairs a player out of it: %+v", b)
		}
	}
	c.enterResults(0)
	// 3.2: player 11 withdraws from round 2.
	c.ok("player", "withdraw", "11", "--from-round", "2")
	// 2.4: a late entry, after round 1.
	c.ok("player", "add", "Late, Comer", "--rating", "2500")
	if err := json.Unmarshal([]byte(c.ok("player", "list", "--json")), &ps); err != nil {
		t.Fatal(err)
	}
	late := ps[len(ps)-1]
	if late.Name != "Late, Comer" || late.PairingNumber != 12 || late.JoinedRound != 2 {
		t.Errorf("late entry %+v, want pairing number 12 from round 2", late)
	}
	var st []struct {
		PN     int     `json:"pairing_number"`
		Points float64 `json:"points"`
	}
	if err := json.Unmarshal([]byte(c.ok("standings", "--json")), &st); err != nil {
		t.Fatal(err)
	}
	for _, x := range st {
		if (x.PN == 5 || x.PN == 12) && x.Points != 0 {
			t.Errorf("player %d scored %v in round 1, want 0 (C.04.2 2.4, 3.3)", x.PN, x.Points)
		}
	}
	c.ok("round", "pair")
	paired := false
	for _, b := range c.roundShown("").Boards {
		paired = paired || plays(b, 12)
		if plays(b, 11) {
			t.Errorf("round 2 pairs the player who withdrew: %+v", b)
		}
	}
	if !paired {
		t.Errorf("the late entry is not paired in round 2")
	}
}

// TestImportTRFEditionByDate checks that import trf gives the tournament
// the C.07 rules in force on its start date (2023 for 1 January 2025,
// 2026 from 1 March 2026), says so, and that its standings then agree with
// trf tiebreaks on the same file.
func TestImportTRFEditionByDate(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		date    string
		edition int
	}{{"2025/01/01", 2023}, {"2026/03/01", 2026}, {"2023/06/30", 2009}} {
		fn := writeTRF(t, "e.trf", strings.Replace(editionTRF, "042 2025/01/01", "042 "+tt.date, 1))
		c := newCLI(t)
		errs := c.okErr("import", "trf", fn)
		var got tournamentJSON
		if err := json.Unmarshal([]byte(c.ok("tournament", "show", "--json")), &got); err != nil {
			t.Fatal(err)
		}
		if got.TiebreakEdition != tt.edition {
			t.Errorf("%s: imported with C.07 %d, want %d", tt.date, got.TiebreakEdition, tt.edition)
		}
		if said := strings.Contains(errs, "C.07 rules for unplayed rounds in force then"); said != (tt.edition != 2026) {
			t.Errorf("%s: notice %q", tt.date, errs)
		}
		c.ok("tournament", "set", "--tiebreaks", "BH,SB")
		var st []struct {
			PN        int                `json:"pairing_number"`
			Tiebreaks map[string]float64 `json:"tiebreaks"`
		}
		if err := json.Unmarshal([]byte(c.ok("standings", "--json")), &st); err != nil {
			t.Fatal(err)
		}
		code, out, _ := runTRFCommand(t, "trf", "tiebreaks", "--json", "--tiebreaks", "BH,SB", fn)
		if code != 0 {
			t.Fatal(out)
		}
		var file []struct {
			PN        int                `json:"pairing_number"`
			Tiebreaks map[string]float64 `json:"tiebreaks"`
		}
		if err := json.Unmarshal([]byte(out), &file); err != nil {
			t.Fatal(err)
		}
		for i := range st {
			if st[i].PN != file[i].PN || !reflect.DeepEqual(st[i].Tiebreaks, file[i].Tiebreaks) {
				t.Errorf("%s: standings line %d %+v, trf tiebreaks %+v", tt.date, i+1, st[i], file[i])
			}
		}
	}
}
