package desk

import (
	"fmt"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/store"
)

// byeRule is the desk's rule of a bye asked for, of its cancelling and of
// a mark of the check-in (store.ByeRule), run in the transaction that
// writes it on what the store reads there.
//
// A player asks for a round off as a half-point bye, a zero-point bye (a
// known absence, C.04.2 art. 3.3) or a full-point bye, worth the
// tournament's value (arbiter.Tournament.ByeValue; a pairing-allocated
// bye is the pairing's, C.04.1 art. 4, never asked for). An absence
// marked at the check-in scores 0 or ½ by the tournament's policy
// (C.04.2 art. 3.3). The bye is for one of the tournament's rounds
// (C.04.1 art. 1), not paired yet: a paired round stands as paired, and a
// game of it the player does not play is lost by forfeit (C.04.2 art.
// 3.2, Laws art. 6.7). It is for a round the player plays: a late entry
// plays from the round it joins (C.04.2 art. 2.4-2.5), a withdrawn player
// no longer. A bye is cancelled only where one was asked for. The
// tournament's rules set no limit to how many rounds a player asks off:
// each counts as the value it is worth, and the tie-breaks count it as a
// round not played (C.07).
func byeRule(f store.Asking) error {
	e, t, n := f.Entry, f.Tournament, f.Round
	switch {
	case f.Checkin && f.Kind != arbiter.NoBye && f.Kind != arbiter.ZeroBye && f.Kind != arbiter.HalfBye:
		return refuse(ErrInvalid, "request", "refuse.checkin.kind", "Kind", fmt.Sprintf("%q", f.Kind.String()))
	case !f.Checkin && f.Kind != arbiter.NoBye && !f.Kind.Requested():
		return refuse(ErrInvalid, "request", "refuse.bye.kind", "Kind", fmt.Sprintf("%q", f.Kind.String()))
	case n < 1 || n > t.Rounds:
		return refuse(ErrInvalid, "round", "refuse.bye.rounds", "Rounds", t.Rounds, "Round", n)
	case n <= f.Paired:
		return refuse(ErrConflict, "round", "refuse.bye.paired", "Round", n)
	case e.JoinedRound > n:
		return refuse(ErrConflict, "player", "refuse.bye.joined", "Name", e.Player.Name, "Round", n, "From", e.JoinedRound)
	case !e.Plays(n):
		return refuse(ErrConflict, "player", "refuse.bye.withdrawn", "Name", e.Player.Name, "Round", n, "From", e.WithdrawnFrom)
	case !f.Checkin && f.Kind == arbiter.NoBye && f.Old == arbiter.NoBye:
		return refuse(ErrNotFound, "request", "refuse.bye.none", "Name", e.Player.Name, "Round", n)
	}
	return nil
}

var _ store.ByeRule = byeRule
