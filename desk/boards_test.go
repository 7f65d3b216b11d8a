package desk

import (
	"errors"
	"testing"

	"github.com/labyrinth-chess/arbiter"
)

// TestRoundAt: the round a request about games works on, and the rounds
// refused.
func TestRoundAt(t *testing.T) {
	none := &Snapshot{Tournament: arbiter.Tournament{Name: "Club"}}
	two := &Snapshot{Tournament: arbiter.Tournament{Name: "Club"}, Rounds: make([]arbiter.Round, 2)}
	tests := []struct {
		name string
		s    *Snapshot
		n    int
		want int
		err  error
	}{
		{name: "the last paired", s: two, n: 0, want: 2},
		{name: "round 1", s: two, n: 1, want: 1},
		{name: "round 2", s: two, n: 2, want: 2},
		{name: "not paired yet", s: two, n: 3, err: ErrNotPaired},
		{name: "negative", s: two, n: -1, err: ErrInvalid},
		{name: "nothing paired", s: none, n: 0, err: ErrNoRounds},
		{name: "nothing paired, round 1", s: none, n: 1, err: ErrNoRounds},
	}
	for _, tt := range tests {
		got, err := RoundAt(tt.s, tt.n)
		if tt.err != nil {
			if !errors.Is(err, tt.err) {
				t.Errorf("%s: RoundAt(%d) = %d, %v; want %v", tt.name, tt.n, got, err, tt.err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("%s: RoundAt(%d) = %d, %v; want %d", tt.name, tt.n, got, err, tt.want)
		}
	}
}

// TestBoardAt: a board of a round, and the boards refused.
func TestBoardAt(t *testing.T) {
	s := &Snapshot{Rounds: []arbiter.Round{
		{Number: 1, Boards: []arbiter.Board{{Number: 1, White: 1, Black: 2}, {Number: 2, White: 3, Black: 4}}},
		{Number: 2, Byes: []arbiter.Bye{{PN: 1, Kind: arbiter.PAB}}},
	}}
	tests := []struct {
		name  string
		n, b  int
		white int
		err   error
	}{
		{name: "board 2", n: 1, b: 2, white: 3},
		{name: "board 3 of 2", n: 1, b: 3, err: ErrNoBoard},
		{name: "board 0", n: 1, b: 0, err: ErrNoBoard},
		{name: "only byes", n: 2, b: 1, err: ErrOnlyByes},
		{name: "not paired", n: 3, b: 1, err: ErrNotPaired},
		{name: "round 0", n: 0, b: 1, err: ErrNotPaired},
	}
	for _, tt := range tests {
		got, err := BoardAt(s, tt.n, tt.b)
		if tt.err != nil {
			if !errors.Is(err, tt.err) || !errors.Is(err, ErrNotFound) {
				t.Errorf("%s: BoardAt(%d, %d) = %v, %v; want %v", tt.name, tt.n, tt.b, got, err, tt.err)
			}
			continue
		}
		if err != nil || got.Number != tt.b || got.White != tt.white {
			t.Errorf("%s: BoardAt(%d, %d) = %+v, %v; want board %d, White %d", tt.name, tt.n, tt.b, got, err, tt.b, tt.white)
		}
	}
}
