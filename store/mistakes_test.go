package store

import (
	"context"
	"errors"
	"testing"

	"github.com/labyrinth-chess/arbiter"
)

// TestRemovePairAgain: a player whose only part in the tournament is the
// last round, not played yet, leaves with the round paired again, in one
// transaction: a pairing that fails leaves everything as it was, and a
// player of a round with a result is refused.
func TestRemovePairAgain(t *testing.T) {
	ctx := context.Background()
	db := mustOpenDB(t)
	tour := newTournament(t, db, "T", 5)
	pairRound(t, db, tour.ID, 1, [][2]int{{1, 3}, {4, 2}}, 5)
	s, err := db.Snapshot(ctx, tour.ID)
	if err != nil {
		t.Fatal(err)
	}
	for pn, want := range map[int]int{1: 1, 5: 1} {
		if got := s.OnlyOpenRound(pn); got != want {
			t.Errorf("OnlyOpenRound(%d) = %d, want %d", pn, got, want)
		}
	}
	id := s.Entries[4].Player.ID

	before := dump(t, db)
	boom := errors.New("no pairing")
	if _, _, err := db.RemovePairAgain(ctx, tour.ID, id, func(*Snapshot) (Pairing, error) { return Pairing{}, boom }); !errors.Is(err, boom) {
		t.Fatalf("RemovePairAgain with a failing pairing = %v, want it", err)
	}
	if after := dump(t, db); after != before {
		t.Fatalf("a failed RemovePairAgain changed the database:\n%s", diffLines(before, after))
	}

	var seen *Snapshot
	e, r, err := db.RemovePairAgain(ctx, tour.ID, id, func(s *Snapshot) (Pairing, error) {
		seen = s
		return Pairing{Round: 1, Boards: []arbiter.Board{{Number: 1, White: 1, Black: 2}, {Number: 2, White: 3, Black: 4}}}, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if e.PN != 5 || r.Number != 1 || FormatPairing(r) != "1-2, 3-4" {
		t.Errorf("RemovePairAgain = %d, %q; want player 5 out and round 1 as 1-2, 3-4", e.PN, FormatPairing(r))
	}
	if len(seen.Entries) != 4 || len(seen.Rounds) != 0 {
		t.Errorf("the pairing was asked of %d entries and %d rounds, want 4 and none", len(seen.Entries), len(seen.Rounds))
	}
	if broken, err := db.Verify(ctx); err != nil || len(broken) > 0 {
		t.Fatalf("Verify = %q, %v", broken, err)
	}

	// Round 1 played: nobody leaves it.
	if _, err := db.SetResult(ctx, tour.ID, 1, 1, arbiter.Draw, "", false); err != nil {
		t.Fatal(err)
	}
	s, _ = db.Snapshot(ctx, tour.ID)
	if got := s.OnlyOpenRound(1); got != 0 {
		t.Errorf("OnlyOpenRound of a round with a result = %d, want 0", got)
	}
	_, _, err = db.RemovePairAgain(ctx, tour.ID, s.Entries[0].Player.ID, func(*Snapshot) (Pairing, error) {
		t.Fatal("a round with a result paired again")
		return Pairing{}, nil
	})
	if !errors.Is(err, ErrPlayed) {
		t.Errorf("RemovePairAgain of a player who played = %v, want ErrPlayed", err)
	}
}

// TestRemoveMovesBoardsUpWhole: removing player 2 after round 1 moves a
// board 5-4 up to 4-3 (it failed on the schema's check that a player
// does not play himself, between its two colours; found by desk's
// TestEveningProperty, seed 102).
func TestRemoveMovesBoardsUpWhole(t *testing.T) {
	ctx := context.Background()
	db := mustOpenDB(t)
	tour := newTournament(t, db, "T", 5)
	if err := db.RequestBye(ctx, tour.ID, playerID(t, db, tour.ID, 2), 1, arbiter.ZeroBye); err != nil {
		t.Fatal(err)
	}
	pairRound(t, db, tour.ID, 1, [][2]int{{1, 3}, {5, 4}}, 0)
	if _, err := db.Remove(ctx, tour.ID, playerID(t, db, tour.ID, 2)); err != nil {
		t.Fatalf("Remove: %v", err)
	}
	s, err := db.Snapshot(ctx, tour.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got := FormatPairing(s.Rounds[0]); got != "1-2, 4-3" {
		t.Errorf("round 1 after the removal = %q, want 1-2, 4-3", got)
	}
	if broken, err := db.Verify(ctx); err != nil || len(broken) > 0 {
		t.Errorf("Verify = %q, %v", broken, err)
	}
}
