package main

import (
	"encoding/json"
	"strings"
	"testing"
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
