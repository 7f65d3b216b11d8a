package desk

import (
	"context"
	"errors"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter"
)

// standingsNow ranks the current tournament after its last round paired.
func standingsNow(tb testing.TB, ctx context.Context, d *Desk) []StandingView {
	tb.Helper()
	s, err := d.Snapshot(ctx, "")
	if err != nil {
		tb.Fatal(err)
	}
	v, err := standingViews(s, len(s.Rounds))
	if err != nil {
		tb.Fatal(err)
	}
	return v
}

// TestWhatIf: six players, rounds 1 and 2 played, round 3 paired. What if
// round 1 board 1 were 0-1? The answer must be the standings the real
// correction gives, and for round 3 the pairing the Dutch system makes
// when the round is paired again after it; nothing may be stored by the
// what-if itself. Refusals name the input and no flag.
func TestWhatIf(t *testing.T) {
	ctx := context.Background()
	d := mustOpen(t)
	tour := mustTournament(t, ctx, d, 6)
	for r, res := range []func(b int) arbiter.Result{
		func(int) arbiter.Result { return arbiter.WhiteWins },
		func(b int) arbiter.Result {
			if b == 1 {
				return arbiter.Draw
			}
			return arbiter.BlackWins
		},
	} {
		mustPair(t, ctx, d)
		for b := 1; b <= 3; b++ {
			if _, err := d.EnterResult(ctx, ResultRequest{Round: r + 1, Board: b, Result: res(b)}); err != nil {
				t.Fatal(err)
			}
		}
	}
	mustPair(t, ctx, d)
	before := standingsNow(t, ctx, d)
	content := mustContent(t, d)

	tests := []struct {
		name    string
		req     ResultRequest
		wantErr error
		input   string
	}{
		{name: "round not paired", req: ResultRequest{Round: 4, Board: 1, Result: arbiter.Draw}, wantErr: ErrNotPaired, input: "round"},
		{name: "no such board", req: ResultRequest{Round: 1, Board: 7, Result: arbiter.Draw}, wantErr: ErrNoBoard, input: "board"},
		{name: "no such tournament", req: ResultRequest{Tournament: "Nowhere", Round: 1, Board: 1, Result: arbiter.Draw}, wantErr: ErrNotFound, input: "tournament"},
		{name: "by ID, round 1 board 1 lost", req: ResultRequest{Tournament: strconv.FormatInt(tour.ID, 10), Round: 1, Board: 1, Result: arbiter.BlackWins}},
	}
	var w WhatIf
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := d.WhatIf(ctx, tt.req)
			if tt.wantErr != nil {
				var de *Error
				if !errors.Is(err, tt.wantErr) || !errors.As(err, &de) {
					t.Fatalf("WhatIf(%+v) = %v, want a *Error wrapping %v", tt.req, err, tt.wantErr)
				}
				if de.Input != tt.input || de.Msg == "" || strings.Contains(de.Error(), "--") {
					t.Errorf("error %q about %q, want one about %q that names no flag", de.Msg, de.Input, tt.input)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			w = got
		})
	}
	if !reflect.DeepEqual(mustContent(t, d), content) {
		t.Fatal("a what-if changed the database")
	}
	if w.Round != 1 || w.Board != 1 || w.Old != "1-0" || w.New != "0-1" || w.After != 3 {
		t.Errorf("what-if of round %d board %d %s -> %s after round %d, want round 1 board 1 1-0 -> 0-1 after round 3",
			w.Round, w.Board, w.Old, w.New, w.After)
	}
	if !reflect.DeepEqual(w.Before, before) {
		t.Errorf("before = %+v\nwant %+v", w.Before, before)
	}
	if len(w.Later) != 2 || w.Later[0].Round != 2 || w.Later[1].Round != 3 {
		t.Fatalf("later rounds = %+v, want rounds 2 and 3", w.Later)
	}
	s, err := d.Snapshot(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	for i, lr := range w.Later {
		if !strings.HasPrefix(lr.Method, "dutch") || lr.Stored != PairingText(s.Rounds[i+1]) || lr.Engine == "" {
			t.Errorf("round %d: %+v, want the Dutch round as stored (%s) and the engine's", lr.Round, lr, PairingText(s.Rounds[i+1]))
		}
		if lr.Differs != (lr.Engine != lr.Stored) {
			t.Errorf("round %d: differs = %v for %q against %q", lr.Round, lr.Differs, lr.Engine, lr.Stored)
		}
	}

	// The correction made: the standings and the changes must be what
	// the what-if said.
	if _, err := d.EnterResult(ctx, ResultRequest{Round: 1, Board: 1, Result: arbiter.BlackWins, Correct: true}); err != nil {
		t.Fatal(err)
	}
	after := standingsNow(t, ctx, d)
	if !reflect.DeepEqual(w.Corrected, after) {
		t.Errorf("after = %+v\nwant (the correction made) %+v", w.Corrected, after)
	}
	changed := map[int]bool{}
	for _, c := range w.Changes {
		changed[c.PairingNumber] = true
	}
	rank := map[int]StandingView{}
	for _, x := range after {
		rank[x.PairingNumber] = x
	}
	for _, x := range before {
		y := rank[x.PairingNumber]
		moved := x.Rank != y.Rank || x.Points != y.Points || !reflect.DeepEqual(x.Tiebreaks, y.Tiebreaks)
		if moved != changed[x.PairingNumber] {
			t.Errorf("player %d: changed = %v, but %+v -> %+v", x.PairingNumber, changed[x.PairingNumber], x, y)
		}
	}
	if len(w.Changes) == 0 {
		t.Error("a lost game changed nobody's standing")
	}
	// Round 3 paired again from the corrected history is the engine's.
	if _, err := d.Unpair(ctx, tour.ID); err != nil {
		t.Fatal(err)
	}
	if got := PairingText(mustPair(t, ctx, d).Detail.Round); got != w.Later[1].Engine {
		t.Errorf("round 3 paired again = %s, the what-if said %s", got, w.Later[1].Engine)
	}
}

// TestWhatIfMatch: a Double-Swiss tournament of six, round 1 played,
// round 2 paired. What if round 1 board 1, 1½-½, were ½-1½? The answer
// must be the standings in game points that the real correction gives
// (C.04.5 Preface: points per game), nothing stored by the what-if, and
// round 2 left as published (not paired by the Dutch system).
func TestWhatIfMatch(t *testing.T) {
	ctx := context.Background()
	d := mustOpen(t)
	tour := arbiter.NewTournament("Double")
	tour.DoubleBlitz()
	tour.FirstColour = arbiter.White
	tour, err := d.CreateTournament(ctx, tour)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 6 {
		if _, err := d.AddEntry(ctx, tour.ID, arbiter.Player{Name: names[i], Rating: 2000 - 10*i}, AddOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	mustPair(t, ctx, d)
	for b, text := range []string{"1.5-0.5", "1/2 1/2", "+- 1-0"} {
		m, err := ParseMatchResult(text)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := d.EnterMatch(ctx, MatchRequest{Board: b + 1, Match: m}); err != nil {
			t.Fatalf("board %d %s: %v", b+1, text, err)
		}
	}
	mustPair(t, ctx, d)
	s, err := d.Snapshot(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	b1 := s.Round(1).Boards[0]
	before := standingsNow(t, ctx, d)
	content := mustContent(t, d)
	lost := arbiter.Match{First: arbiter.BlackWins, Second: arbiter.Draw} // ½-1½

	for _, tt := range []struct {
		name    string
		req     MatchRequest
		wantErr error
	}{
		{name: "game 2 missing", req: MatchRequest{Round: 1, Board: 1, Match: arbiter.Match{First: arbiter.WhiteWins}}, wantErr: ErrMatchText},
		{name: "no such board", req: MatchRequest{Round: 1, Board: 4, Match: lost}, wantErr: ErrNoBoard},
		{name: "round not paired", req: MatchRequest{Round: 3, Board: 1, Match: lost}, wantErr: ErrNotPaired},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := d.WhatIfMatch(ctx, tt.req); !errors.Is(err, tt.wantErr) {
				t.Errorf("WhatIfMatch(%+v) = %v, want %v", tt.req, err, tt.wantErr)
			}
		})
	}
	w, err := d.WhatIfMatch(ctx, MatchRequest{Round: 1, Board: 1, Match: lost})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(mustContent(t, d), content) {
		t.Fatal("a what-if changed the database")
	}
	if w.Round != 1 || w.Board != 1 || w.Old != "1-0 1/2-1/2" || w.New != "0-1 1/2-1/2" || w.After != 2 {
		t.Errorf("what-if of round %d board %d %q -> %q after round %d, want round 1 board 1 \"1-0 1/2-1/2\" -> \"0-1 1/2-1/2\" after round 2",
			w.Round, w.Board, w.Old, w.New, w.After)
	}
	if !reflect.DeepEqual(w.Before, before) {
		t.Errorf("before = %+v\nwant %+v", w.Before, before)
	}
	// Game points: the board's White goes from 1½ to ½, its Black from
	// ½ to 1½.
	points := map[int][2]float64{}
	for _, c := range w.Changes {
		points[c.PairingNumber] = c.Points
	}
	if got := points[b1.White]; got != [2]float64{1.5, 0.5} {
		t.Errorf("board 1's White (%d): points %v, want 1.5 -> 0.5", b1.White, got)
	}
	if got := points[b1.Black]; got != [2]float64{0.5, 1.5} {
		t.Errorf("board 1's Black (%d): points %v, want 0.5 -> 1.5", b1.Black, got)
	}
	if len(w.Later) != 1 || w.Later[0].Round != 2 || w.Later[0].Method != "double-swiss" || w.Later[0].Engine != "" ||
		w.Later[0].Stored != PairingText(s.Rounds[1]) || w.Later[0].Note == "" || !w.Later[0].NotDutch {
		t.Errorf("later rounds = %+v, want round 2 as published (%s), with a note", w.Later, PairingText(s.Rounds[1]))
	}

	if _, err := d.EnterMatch(ctx, MatchRequest{Round: 1, Board: 1, Match: lost, Correct: true}); err != nil {
		t.Fatal(err)
	}
	if after := standingsNow(t, ctx, d); !reflect.DeepEqual(w.Corrected, after) {
		t.Errorf("after = %+v\nwant (the correction made) %+v", w.Corrected, after)
	}

	// A Swiss board holds one game.
	d2 := mustOpen(t)
	mustTournament(t, ctx, d2, 4)
	mustPair(t, ctx, d2)
	if _, err := d2.WhatIfMatch(ctx, MatchRequest{Round: 1, Board: 1, Match: lost}); !errors.Is(err, ErrNotMatch) {
		t.Errorf("WhatIfMatch on a Swiss = %v, want ErrNotMatch", err)
	}
}
