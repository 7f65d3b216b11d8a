package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// standingPoints returns each pairing number's points from standings
// --json after round n.
func standingPoints(t *testing.T, c *cli, n int) map[int]float64 {
	t.Helper()
	var rows []standingJSON
	if err := json.Unmarshal([]byte(c.ok("standings", "--round", fmt.Sprint(n), "--json")), &rows); err != nil {
		t.Fatal(err)
	}
	pts := map[int]float64{}
	for _, r := range rows {
		pts[r.PairingNumber] = r.Points
	}
	return pts
}

// TestCheckin: twenty players, three of them not at the check-in of round
// 4 (one command lists the seventeen present), a fourth who asked for a
// zero-point bye in advance. The pairing leaves all four out; the three
// absent at check-in score the tournament's policy (½ here), the one who
// asked scores what was asked (0); the explanation says why.
func TestCheckin(t *testing.T) {
	t.Parallel()
	c := newCLI(t)
	c.ok("tournament", "new", "Club Swiss", "--rounds", "7", "--first-colour", "white", "--absent-value", "0.5")
	for i := 1; i <= 20; i++ {
		c.ok("player", "add", smallNames[i-1], "--rating", fmt.Sprint(2300-20*i))
	}
	for r := 1; r <= 3; r++ {
		var rd roundJSON
		if err := json.Unmarshal([]byte(c.ok("round", "pair", "--json")), &rd); err != nil {
			t.Fatal(err)
		}
		for i, b := range rd.Boards {
			if b.Board > 0 {
				c.ok("round", "result", fmt.Sprint(b.Board), []string{"1-0", "0-1", "1/2"}[(i+r)%3])
			}
		}
	}
	c.ok("player", "bye", "12", "--round", "4", "--zero")
	absent := map[int]bool{4: true, 9: true, 15: true}
	args := []string{"round", "checkin"}
	for pn := 1; pn <= 20; pn++ {
		if !absent[pn] && pn != 12 {
			args = append(args, fmt.Sprint(pn))
		}
	}
	// One of them by name, as an organizer would type it.
	args[len(args)-1] = "Romano, Silvia"
	_, errs, code := c.run(args...)
	if code != 0 || !strings.Contains(errs, "absent, scoring 0.5 each") {
		t.Fatalf("round checkin: exit %d %q", code, errs)
	}
	before := standingPoints(t, c, 3)
	var rd roundJSON
	if err := json.Unmarshal([]byte(c.ok("round", "pair", "--json")), &rd); err != nil {
		t.Fatal(err)
	}
	paired := map[int]bool{}
	byes := map[int]string{}
	for _, b := range rd.Boards {
		if b.Board == 0 {
			byes[b.White] = b.Bye
			if absent[b.White] && !strings.Contains(b.Explanation, "absent at the check-in of round 4") {
				t.Errorf("player %d left out with explanation %q, want the check-in named", b.White, b.Explanation)
			}
			continue
		}
		paired[b.White], paired[*b.Black] = true, true
		c.ok("round", "result", fmt.Sprint(b.Board), "1-0")
	}
	if len(paired) != 16 {
		t.Errorf("round 4 paired %d players, want 16", len(paired))
	}
	for pn := range absent {
		if paired[pn] {
			t.Errorf("player %d was absent at check-in but is paired", pn)
		}
		if byes[pn] != "H" {
			t.Errorf("player %d: bye %q, want H (the policy, ½)", pn, byes[pn])
		}
	}
	if paired[12] || byes[12] != "Z" {
		t.Errorf("player 12 asked for a zero-point bye: paired %v, bye %q", paired[12], byes[12])
	}
	after := standingPoints(t, c, 4)
	for pn := range absent {
		if got := after[pn] - before[pn]; got != 0.5 {
			t.Errorf("player %d scored %v in round 4, want 0.5 (the check-in policy)", pn, got)
		}
	}
	if got := after[12] - before[12]; got != 0 {
		t.Errorf("player 12 scored %v in round 4, want 0 (the bye asked for)", got)
	}
	// Taking an absence back before the round is paired: round 5.
	c.ok("round", "absent", "7", "Verdi, Ugo")
	c.ok("round", "absent", "7", "--cancel")
	if err := json.Unmarshal([]byte(c.ok("round", "pair", "--json")), &rd); err != nil {
		t.Fatal(err)
	}
	left := map[int]bool{}
	for _, b := range rd.Boards {
		if b.Board == 0 && b.Bye != "PAB" {
			left[b.White] = true
		}
	}
	if len(left) != 1 || !left[4] {
		t.Errorf("round 5 leaves out %v, want only 4 (absent; 7's absence was taken back)", left)
	}
}
