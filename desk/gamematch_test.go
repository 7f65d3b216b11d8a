package desk

import (
	"context"
	"errors"
	"testing"

	"github.com/labyrinth-chess/arbiter/games"
)

// TestGameMatcher: the games of one file matched to the boards of round 1
// of four players, one after the other: each case sees the boards the
// earlier ones took.
func TestGameMatcher(t *testing.T) {
	ctx := context.Background()
	d := mustOpen(t)
	mustTournament(t, ctx, d, 4)
	if _, err := NewGameMatcher(mustSnapshot(t, d), 0); !errors.Is(err, ErrNoRounds) {
		t.Errorf("a matcher with no round paired = %v, want ErrNoRounds", err)
	}
	mustPair(t, ctx, d)
	s := mustSnapshot(t, d)
	if _, err := NewGameMatcher(s, 2); !errors.Is(err, ErrNotPaired) {
		t.Errorf("a matcher for round 2 = %v, want ErrNotPaired", err)
	}
	m, err := NewGameMatcher(s, 1)
	if err != nil {
		t.Fatal(err)
	}
	b1, b2 := SeatOf(s, 1, s.Rounds[0].Boards[0]), SeatOf(s, 1, s.Rounds[0].Boards[1])
	tests := []struct {
		name    string
		tags    games.Tags
		board   int // the board taken; 0 when none
		ok      bool
		swapped bool
		taken   int
	}{
		{name: "board 1 by its tag", tags: games.Tags{Round: "1.1", White: b1.White, Black: b1.Black}, board: 1, ok: true},
		{name: "board 1 again", tags: games.Tags{Round: "1.1", White: b1.White, Black: b1.Black}, ok: true, taken: 1},
		{name: "board 2 by the names", tags: games.Tags{White: b2.White, Black: b2.Black}, board: 2, ok: true},
		{name: "board 2 with the colours turned round", tags: games.Tags{White: b2.Black, Black: b2.White}, swapped: true},
		{name: "players not in the round", tags: games.Tags{White: "Carlsen, Magnus", Black: "Caruana, Fabiano"}},
		{name: "a Round tag of another round", tags: games.Tags{Round: "2.1", White: b1.White, Black: b1.Black}},
	}
	for i, tt := range tests {
		got, err := m.Match(i+1, tt.tags)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if got.Board.Number != tt.board || got.OK != tt.ok || got.Swapped != tt.swapped || got.Taken != tt.taken {
			t.Errorf("%s: Match = board %d, OK %v, swapped %v, taken by game %d (%s); want board %d, OK %v, swapped %v, taken by %d",
				tt.name, got.Board.Number, got.OK, got.Swapped, got.Taken, got.Problem, tt.board, tt.ok, tt.swapped, tt.taken)
		}
	}
}
