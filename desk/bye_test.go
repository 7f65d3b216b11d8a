package desk

import (
	"context"
	"errors"
	"testing"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/store"
)

// TestByeRule: the desk's rule of a bye asked for, cancelled or marked at
// the check-in, on the facts the store reads, with the refusal's kind and
// English words.
func TestByeRule(t *testing.T) {
	club := arbiter.Tournament{Name: "Club", Rounds: 7}
	gallo := arbiter.Entry{PN: 6, Player: arbiter.Player{ID: 16, Name: "Gallo, Piero"}, JoinedRound: 1}
	late := gallo
	late.JoinedRound = 4
	gone := gallo
	gone.Status, gone.WithdrawnFrom = arbiter.Withdrawn, 5
	ask := func(e arbiter.Entry, paired, n int, kind, old arbiter.ByeKind) store.Asking {
		return store.Asking{Tournament: club, Entry: e, Paired: paired, Round: n, Kind: kind, Old: old}
	}
	checkin := func(e arbiter.Entry, paired, n int, kind arbiter.ByeKind) store.Asking {
		a := ask(e, paired, n, kind, arbiter.NoBye)
		a.Checkin = true
		return a
	}
	tests := []struct {
		name string
		f    store.Asking
		kind error
		msg  string
	}{
		{name: "half a point in the next round", f: ask(gallo, 2, 3, arbiter.HalfBye, arbiter.NoBye)},
		{name: "a known absence in the last round", f: ask(gallo, 2, 7, arbiter.ZeroBye, arbiter.NoBye)},
		{name: "a full point before round 1", f: ask(gallo, 0, 1, arbiter.FullBye, arbiter.NoBye)},
		{name: "another kind for the same round", f: ask(gallo, 2, 3, arbiter.ZeroBye, arbiter.HalfBye)},
		{name: "cancel one asked for", f: ask(gallo, 2, 3, arbiter.NoBye, arbiter.HalfBye)},
		{name: "a late entry from its round on", f: ask(late, 2, 4, arbiter.HalfBye, arbiter.NoBye)},
		{name: "a withdrawn player before leaving", f: ask(gone, 2, 4, arbiter.HalfBye, arbiter.NoBye)},
		{name: "absent at the check-in", f: checkin(gallo, 2, 3, arbiter.ZeroBye)},
		{name: "absent at the check-in for half a point", f: checkin(gallo, 2, 3, arbiter.HalfBye)},
		{name: "present at the check-in without an absence", f: checkin(gallo, 2, 3, arbiter.NoBye)},
		{name: "the pairing-allocated bye", f: ask(gallo, 2, 3, arbiter.PAB, arbiter.NoBye), kind: ErrInvalid,
			msg: `a requested bye is H, Z or F, not "PAB"`},
		{name: "absent at the check-in for a full point", f: checkin(gallo, 2, 3, arbiter.FullBye), kind: ErrInvalid,
			msg: `an absence at check-in scores 0 or 0.5, not "F"`},
		{name: "round 0", f: ask(gallo, 0, 0, arbiter.HalfBye, arbiter.NoBye), kind: ErrInvalid,
			msg: "the tournament has rounds 1 to 7, not 0"},
		{name: "after the last round", f: ask(gallo, 2, 8, arbiter.HalfBye, arbiter.NoBye), kind: ErrInvalid,
			msg: "the tournament has rounds 1 to 7, not 8"},
		{name: "a paired round", f: ask(gallo, 2, 2, arbiter.HalfBye, arbiter.NoBye), kind: ErrConflict,
			msg: "round 2 is already paired: a player missing a paired game loses it by forfeit"},
		{name: "cancel in a paired round", f: ask(gallo, 3, 3, arbiter.NoBye, arbiter.HalfBye), kind: ErrConflict,
			msg: "round 3 is already paired: a player missing a paired game loses it by forfeit"},
		{name: "absent in a paired round", f: checkin(gallo, 3, 3, arbiter.ZeroBye), kind: ErrConflict,
			msg: "round 3 is already paired: a player missing a paired game loses it by forfeit"},
		{name: "a late entry before it joins", f: ask(late, 2, 3, arbiter.HalfBye, arbiter.NoBye), kind: ErrConflict,
			msg: "Gallo, Piero does not play round 3 (entered from round 4)"},
		{name: "a withdrawn player after leaving", f: ask(gone, 2, 5, arbiter.HalfBye, arbiter.NoBye), kind: ErrConflict,
			msg: "Gallo, Piero does not play round 5 (withdrawn from round 5)"},
		{name: "cancel none", f: ask(gallo, 2, 3, arbiter.NoBye, arbiter.NoBye), kind: ErrNotFound,
			msg: "Gallo, Piero asked for no bye in round 3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := byeRule(tt.f)
			if tt.kind == nil {
				if err != nil {
					t.Fatalf("byeRule = %v, want nil", err)
				}
				return
			}
			var de *Error
			if !errors.Is(err, tt.kind) || !errors.As(err, &de) || de.Msg != tt.msg || de.Text.IsZero() {
				t.Errorf("byeRule = %#v, want %v %q with its catalog text", err, tt.kind, tt.msg)
			}
		})
	}
}

// TestByeRefused: the byes the desk refuses, asked for, cancelled and
// marked at the check-in on a database, each with the desk's refusal and
// nothing written; and the ones it takes, written.
func TestByeRefused(t *testing.T) {
	ctx := context.Background()
	d := mustOpen(t)
	tour := mustTournament(t, ctx, d, 5)
	mustPair(t, ctx, d)
	s, err := d.Snapshot(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	id := func(pn int) int64 { return s.Entries[pn-1].Player.ID }
	if _, _, err := d.Withdraw(ctx, tour.ID, id(5), 3); err != nil {
		t.Fatal(err)
	}
	late, err := d.AddEntry(ctx, tour.ID, arbiter.Player{Name: "Ferri, Elena", Rating: 1500}, AddOptions{})
	if err != nil {
		t.Fatal(err)
	}
	newcomer := late.Entry.Player.ID
	tests := []struct {
		name string
		do   func() error
		kind error
		msg  string
	}{
		{"the pairing-allocated bye", func() error { return d.RequestBye(ctx, tour.ID, id(1), 2, arbiter.PAB) }, ErrInvalid,
			`a requested bye is H, Z or F, not "PAB"`},
		{"after the last round", func() error { return d.RequestBye(ctx, tour.ID, id(1), 8, arbiter.HalfBye) }, ErrInvalid,
			"the tournament has rounds 1 to 7, not 8"},
		{"a paired round", func() error { return d.RequestBye(ctx, tour.ID, id(1), 1, arbiter.HalfBye) }, ErrConflict,
			"round 1 is already paired: a player missing a paired game loses it by forfeit"},
		{"after withdrawing", func() error { return d.RequestBye(ctx, tour.ID, id(5), 4, arbiter.ZeroBye) }, ErrConflict,
			"Galli, Sara does not play round 4 (withdrawn from round 3)"},
		{"cancel none", func() error { return d.CancelBye(ctx, tour.ID, id(2), 2) }, ErrNotFound,
			"Bianchi, Luca asked for no bye in round 2"},
		{"absent for a full point", func() error { return d.CheckIn(ctx, tour.ID, 2, nil, []int64{id(3)}, arbiter.FullBye) }, ErrInvalid,
			`an absence at check-in scores 0 or 0.5, not "F"`},
		{"absent in a paired round", func() error { return d.CheckIn(ctx, tour.ID, 1, nil, []int64{id(3)}, arbiter.ZeroBye) }, ErrConflict,
			"round 1 is already paired: a player missing a paired game loses it by forfeit"},
		{"present after withdrawing", func() error { return d.CheckIn(ctx, tour.ID, 3, []int64{id(5)}, nil, arbiter.ZeroBye) }, ErrConflict,
			"Galli, Sara does not play round 3 (withdrawn from round 3)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before, err := d.Snapshot(ctx, "")
			if err != nil {
				t.Fatal(err)
			}
			err = tt.do()
			var de *Error
			if !errors.Is(err, tt.kind) || !errors.As(err, &de) || de.Msg != tt.msg || de.Text.IsZero() {
				t.Errorf("= %#v, want %v %q with its catalog text", err, tt.kind, tt.msg)
			}
			if after, err := d.Snapshot(ctx, ""); err != nil || after.LastEvent != before.LastEvent {
				t.Errorf("a refused bye wrote (%v)", err)
			}
		})
	}
	// What the rule allows is written: a bye for the newcomer's first
	// round, changed, then cancelled; an absence at the check-in.
	for _, step := range []struct {
		name string
		do   func() error
		pn   int
		want arbiter.ByeKind
	}{
		{"asked for", func() error { return d.RequestBye(ctx, tour.ID, newcomer, 2, arbiter.HalfBye) }, late.Entry.PN, arbiter.HalfBye},
		{"changed", func() error { return d.RequestBye(ctx, tour.ID, newcomer, 2, arbiter.FullBye) }, late.Entry.PN, arbiter.FullBye},
		{"cancelled", func() error { return d.CancelBye(ctx, tour.ID, newcomer, 2) }, late.Entry.PN, arbiter.NoBye},
		{"absent", func() error { return d.CheckIn(ctx, tour.ID, 2, nil, []int64{id(3)}, arbiter.ZeroBye) }, 3, arbiter.ZeroBye},
	} {
		if err := step.do(); err != nil {
			t.Fatalf("%s: %v", step.name, err)
		}
		after, err := d.Snapshot(ctx, "")
		if err != nil {
			t.Fatal(err)
		}
		if got := after.Request(step.pn, 2); got != step.want {
			t.Errorf("%s: the bye of player %d in round 2 is %q, want %q", step.name, step.pn, got, step.want)
		}
	}
}
