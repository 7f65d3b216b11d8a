package store

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter"
)

// newDoubleSwiss creates a Double-Swiss tournament of n players and pairs
// its round 1 as 1-2, 3-4, ...; an odd player out gets the PAB.
func newDoubleSwiss(tb testing.TB, db *DB, n int) arbiter.Tournament {
	tb.Helper()
	ctx := context.Background()
	t := newTournament(tb, db, "Double", n)
	t.DoubleSwissValues()
	if err := db.UpdateTournament(ctx, t); err != nil {
		tb.Fatal(err)
	}
	p := Pairing{Round: 1}
	for i := 1; i+1 <= n; i += 2 {
		p.Boards = append(p.Boards, arbiter.Board{Number: len(p.Boards) + 1, White: i, Black: i + 1})
	}
	if n%2 == 1 {
		p.Byes = []arbiter.Bye{{PN: n, Kind: arbiter.PAB}}
	}
	if _, err := db.SavePairing(ctx, t.ID, p); err != nil {
		tb.Fatal(err)
	}
	return t
}

// TestSetMatch stores both games of a Double-Swiss match (C.04.5), scores
// them per game, refuses a single game and an incomplete match, and the
// log replays to what is stored.
func TestSetMatch(t *testing.T) {
	db := mustOpenDB(t)
	ctx := context.Background()
	tour := newDoubleSwiss(t, db, 5)
	got, err := db.Tournament(ctx, tour.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.System != arbiter.DoubleSwiss || got.PABValue != 3 || got.HalfByeValue != 2 {
		t.Fatalf("stored tournament: system %v, PAB %v, half bye %v; want double-swiss, 1.5, 1", got.System, got.PABValue, got.HalfByeValue)
	}
	if _, err := db.SetResult(ctx, tour.ID, 1, 1, arbiter.WhiteWins, "", false); err == nil || !errors.Is(err, ErrInvalid) {
		t.Errorf("SetResult on a match = %v, want an ErrInvalid refusal", err)
	}
	if _, err := db.SetMatch(ctx, tour.ID, 1, 1, arbiter.Match{First: arbiter.WhiteWins}, false); err == nil {
		t.Error("SetMatch with one game: no error")
	}
	c, err := db.SetMatch(ctx, tour.ID, 1, 1, arbiter.Match{First: arbiter.WhiteWins, Second: arbiter.Draw}, false)
	if err != nil {
		t.Fatal(err)
	}
	if c.White != 1 || c.Black != 2 || c.Unchanged {
		t.Errorf("SetMatch = %+v, want board 1-2 changed", c)
	}
	// Player 4 forfeits game 2 only: the match stands as played.
	if _, err := db.SetMatch(ctx, tour.ID, 1, 2, arbiter.Match{First: arbiter.Draw, Second: arbiter.WhiteForfeit}, false); err != nil {
		t.Fatal(err)
	}
	if _, err := db.SetMatch(ctx, tour.ID, 1, 2, arbiter.Match{First: arbiter.Draw, Second: arbiter.Draw}, false); !errors.Is(err, ErrResultEntered) {
		t.Errorf("SetMatch over another result without correct = %v, want ErrResultEntered", err)
	}
	s, err := db.Snapshot(ctx, tour.ID)
	if err != nil {
		t.Fatal(err)
	}
	tab, err := s.Table(1)
	if err != nil {
		t.Fatal(err)
	}
	for pn, want := range map[int]arbiter.Score{1: 3, 2: 1, 3: 1, 4: 3, 5: 3} {
		if got := tab.Card(pn).Score(); got != want {
			t.Errorf("player %d scores %v, want %v", pn, got, want)
		}
	}
	if broken, err := db.Verify(ctx); err != nil || len(broken) > 0 {
		t.Fatalf("Verify = %q, %v", broken, err)
	}
	// A match changed behind the log's back is found.
	if _, err := db.db.ExecContext(ctx, `UPDATE boards SET second = ? WHERE tournament_id = ? AND round = 1 AND board = 1`, arbiter.BlackWins, tour.ID); err != nil {
		t.Fatal(err)
	}
	broken, err := db.Verify(ctx)
	if err != nil || len(broken) != 1 || !strings.Contains(broken[0], `"1-0 0-1" stored, "1-0 1/2-1/2" logged`) {
		t.Errorf("Verify after a hidden change = %q, %v; want the board found", broken, err)
	}
}
