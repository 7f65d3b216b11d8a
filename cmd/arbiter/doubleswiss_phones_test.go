package main

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter"
)

// TestDoubleSwissPhones: a Double-Swiss evening (FIDE C.04.5) from the
// command line and the phones: the players report their matches and
// confirm them, a disagreement waits in the queue and stops the pairing
// until the organizer enters one match at the command line, and the
// standings count game points.
func TestDoubleSwissPhones(t *testing.T) {
	t.Parallel()
	c := newCLI(t)
	c.ok("tournament", "new", "Double blitz", "--preset", "double-blitz", "--rounds", "3", "--first-colour", "white")
	for i, p := range []string{"Rossi, Mario", "Bianchi, Luca", "Verdi, Anna", "Neri, Paolo"} {
		c.ok("player", "add", p, "--rating", strconv.Itoa(2000-50*i), "--new")
	}
	c.ok("round", "pair", "--publish")
	f := startServe(t, c.db, "")
	f.cli = c
	white, black := f.client(), f.client()

	// Board 1: the match score reported, the same games confirmed.
	b1 := "/b/" + f.codes[1].Token
	f.post(white, b1+"/report", f.form(white, b1, "pin", f.codes[1].WhitePIN, "result", "1.5-0.5"))
	f.post(black, b1+"/confirm", f.form(black, b1, "pin", f.codes[1].BlackPIN, "result", "1-0 1/2-1/2"))
	// Board 2: White says each won a game, Black says he won both.
	b2 := "/b/" + f.codes[2].Token
	f.post(white, b2+"/report", f.form(white, b2, "pin", f.codes[2].WhitePIN, "game1", "1-0", "game2", "1-0"))
	f.post(black, b2+"/confirm", f.form(black, b2, "pin", f.codes[2].BlackPIN, "result", "0-2"))

	if out := c.ok("result", "queue"); !strings.Contains(out, "1-0 1-0 by white at") || !strings.Contains(out, "0-1 1-0 by black") {
		t.Errorf("result queue does not show both matches of board 2:\n%s", out)
	}
	if _, errs, code := c.run("round", "pair"); code == 0 || !strings.Contains(errs, "board 2: disputed, 1-0 1-0 by White and 0-1 1-0 by Black") {
		t.Errorf("round pair with board 2 disputed: exit %d\n%s", code, errs)
	}
	q, err := f.db.Queue(context.Background(), f.tid, 0)
	if err != nil || len(q) != 1 {
		t.Fatalf("queue = %v, %v; want board 2", q, err)
	}
	if _, errs, code := c.run("result", "accept", strconv.FormatInt(q[0].ID, 10), "1-0"); code == 0 || !strings.Contains(errs, "give the result of both games") {
		t.Errorf("result accept of one game for a match: exit %d\n%s", code, errs)
	}
	c.ok("result", "accept", strconv.FormatInt(q[0].ID, 10), "1-0", "1-0")

	s, err := f.ev.Snapshot(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	want := []arbiter.Match{{First: arbiter.WhiteWins, Second: arbiter.Draw}, {First: arbiter.WhiteWins, Second: arbiter.WhiteWins}}
	for i, b := range s.Rounds[0].Boards {
		if b.Match() != want[i] {
			t.Errorf("board %d = %s, want %s", b.Number, b.Match(), want[i])
		}
	}
	if out := c.ok("round", "show", "1"); !strings.Contains(out, "1½-½ (1-0 ½-½)") || !strings.Contains(out, "1-1 (1-0 1-0)") {
		t.Errorf("round show 1 lacks the matches from the phones:\n%s", out)
	}
	var standings []struct {
		PN     int     `json:"pairing_number"`
		Points float64 `json:"points"`
	}
	if err := json.Unmarshal([]byte(c.ok("standings", "--json")), &standings); err != nil {
		t.Fatal(err)
	}
	b := s.Rounds[0].Boards
	points := map[int]float64{b[0].White: 1.5, b[0].Black: 0.5, b[1].White: 1, b[1].Black: 1}
	for _, st := range standings {
		if st.Points != points[st.PN] {
			t.Errorf("player %d has %v points, want %v (game points)", st.PN, st.Points, points[st.PN])
		}
	}
	if len(standings) != 4 {
		t.Errorf("standings list %d players, want 4", len(standings))
	}
	c.ok("round", "pair")
}
