package desk

import (
	"errors"
	"fmt"

	"github.com/labyrinth-chess/arbiter"
)

// Narrower kinds of a round or board asked for that is not there, each
// wrapping ErrNotFound as the Err of an *Error.
var (
	// ErrNoRounds: no round of the tournament is paired yet.
	ErrNoRounds = errors.New("no round is paired yet")
	// ErrOnlyByes: the round has no boards, only byes.
	ErrOnlyByes = errors.New("the round has no boards, only byes")
)

// RoundAt returns the round a request about the games or results of s
// works on: round n, which must be paired, or the last round paired when
// n is 0. It refuses a tournament with no round paired (ErrNoRounds), a
// round not paired yet (ErrNotPaired) and a negative one (ErrInvalid).
func RoundAt(s *Snapshot, n int) (int, error) {
	paired := len(s.Rounds)
	switch {
	case paired == 0:
		return 0, &Error{Kind: ErrNotFound, Input: "round", Err: ErrNoRounds,
			Msg: fmt.Sprintf("no round of %s is paired yet", s.Tournament.Name), Fix: "pair round 1"}
	case n < 0:
		return 0, &Error{Kind: ErrInvalid, Input: "round", Msg: fmt.Sprintf("round %d: rounds are numbered from 1", n)}
	case n == 0:
		return paired, nil
	case n > paired:
		return 0, refuse(ErrNotPaired, "round", "refuse.notpaired.range", "Round", n, "Paired", paired)
	}
	return n, nil
}

// BoardAt returns board b of round n of s. It refuses a round not paired
// (ErrNotPaired), a round of byes only (ErrOnlyByes) and a board the
// round does not have (ErrNoBoard).
func BoardAt(s *Snapshot, n, b int) (arbiter.Board, error) {
	r := s.Round(n)
	if r == nil {
		return arbiter.Board{}, refuse(ErrNotPaired, "round", "refuse.notpaired", "Round", n)
	}
	for _, x := range r.Boards {
		if x.Number == b {
			return x, nil
		}
	}
	if len(r.Boards) == 0 {
		return arbiter.Board{}, &Error{Kind: ErrNotFound, Input: "board", Err: ErrOnlyByes,
			Msg: fmt.Sprintf("round %d has no boards, only byes", n)}
	}
	return arbiter.Board{}, refuse(ErrNoBoard, "board", "refuse.noboard", "Round", n, "Board", b, "Boards", len(r.Boards))
}
