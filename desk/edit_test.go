package desk

import (
	"context"
	"testing"

	"github.com/labyrinth-chess/arbiter"
)

// TestEditRoundKeepsOthersAsTheyAre: a round changed in place keeps the
// places of the players the change is not about. A late entry, who
// joins from the next round, stays out of it (the change took the player
// in with an absence); a player back from a withdrawal keeps the absence
// the return made of it (issue 25 item 3: the swap was refused).
func TestEditRoundKeepsOthersAsTheyAre(t *testing.T) {
	ctx := context.Background()
	d := mustOpen(t)
	tr := mustTournament(t, ctx, d, 5)
	mustPair(t, ctx, d)
	for _, b := range mustSnapshot(t, d).Rounds[0].Boards {
		if _, err := d.EnterResult(ctx, ResultRequest{Board: b.Number, Result: arbiter.Draw}); err != nil {
			t.Fatal(err)
		}
	}
	s := mustSnapshot(t, d)
	back := s.Entries[0].Player.ID
	if _, _, err := d.Withdraw(ctx, tr.ID, back, 2); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Pair(ctx, PairRequest{Boards: []arbiter.Board{{Number: 1, White: 2, Black: 3}, {Number: 2, White: 4, Black: 5}}, Force: true}); err != nil {
		t.Fatal(err)
	}
	if _, err := d.ReturnPlayer(ctx, tr.ID, back, 3); err != nil {
		t.Fatal(err)
	}
	late, err := d.AddEntry(ctx, tr.ID, arbiter.Player{Name: "Tardi, Leo", Rating: 1500}, AddOptions{})
	if err != nil || late.Entry.JoinedRound != 3 {
		t.Fatalf("late entry = %+v, %v; want one joining round 3", late.Entry, err)
	}
	out, err := d.EditRound(ctx, EditRequest{Swap: [2]int{2, 4}, Force: true})
	if err != nil {
		t.Fatalf("EditRound after a return and a late entry: %v", err)
	}
	if got, want := FormatPairing(out.Round), "4-3, 2-5, 1 Z"; got != want {
		t.Errorf("round 2 after the swap = %q, want %q", got, want)
	}
	for _, b := range out.Round.Byes {
		if b.PN == late.Entry.PN {
			t.Errorf("the late entry, from round 3, is in round 2 as %s", b.Kind)
		}
	}
	if broken, err := d.Verify(ctx); err != nil || len(broken) > 0 {
		t.Errorf("Verify = %q, %v", broken, err)
	}
}

func mustSnapshot(t *testing.T, d *Desk) *Snapshot {
	t.Helper()
	s, err := d.Snapshot(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	return s
}
