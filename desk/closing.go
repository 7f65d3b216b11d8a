package desk

import (
	"context"
	"errors"
	"fmt"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/pairing"
	"github.com/labyrinth-chess/arbiter/store"
)

// Registration closes once, before round 1: the rounds planned are
// checked against the players entered and fixed (C.04.1 art. 2: no
// rematch; a Swiss can always be paired for about half as many rounds as
// it has players, C.04.3 C1). CloseRegistration closes it with the
// organizer's answer; otherwise Pair closes it with round 1 when the
// answer goes without saying (a round robin takes the rounds of its
// Berger table) and asks (*arbiter.FitError) when the tournament proposes
// its rounds (the labyrinth preset) and they do not fit.

// Narrower kinds of the refusals of closing registration.
var (
	// ErrClosedAlready: round 1 is paired, and registration closed with
	// it (ErrConflict).
	ErrClosedAlready = errors.New("registration closed with round 1")
	// ErrFewPlayers: fewer than two players are entered (ErrInvalid).
	ErrFewPlayers = errors.New("fewer than two players")
	// ErrDoubleRoundRobin: a double round robin asked for a field it is
	// not offered for, DoubleMin to DoubleMax players (ErrInvalid).
	ErrDoubleRoundRobin = errors.New("a double round robin is not for this field")
	// ErrRoundsUnfit: the tournament proposes its rounds and the rounds
	// planned do not fit the field of round 1: the organizer chooses
	// (ErrRefused, wrapping an *arbiter.FitError with the choices).
	ErrRoundsUnfit = errors.New("the rounds planned do not fit the field")
)

// MaxBerger is the largest field the Berger tables (C.05 Annex 1) have.
const MaxBerger = pairing.MaxBerger

// RoundRobinRounds returns the rounds of an all-play-all of players
// players played cycles times (C.05 Annex 1).
func RoundRobinRounds(players, cycles int) int { return pairing.RoundRobinRounds(players, cycles) }

// ClosingChoices lists the answers offered when the rounds planned do not
// fit the field f, in the order proposed: the Swiss rounds that fit, an
// all-play-all for 3 to MaxBerger players, twice for DoubleMin to
// DoubleMax, and the rounds planned kept.
func ClosingChoices(f arbiter.FieldFit) []arbiter.Closing {
	cs := []arbiter.Closing{{Kind: arbiter.CloseSwiss, Rounds: f.Swiss}}
	if f.Players >= 3 && f.Players <= pairing.MaxBerger {
		cs = append(cs, arbiter.Closing{Kind: arbiter.CloseRoundRobin, Cycles: 1})
		if f.Double > 0 {
			cs = append(cs, arbiter.Closing{Kind: arbiter.CloseRoundRobin, Cycles: 2})
		}
	}
	return append(cs, arbiter.Closing{Kind: arbiter.CloseKeep})
}

// closedTournament returns the tournament of s as registration closing
// with c leaves it, deciding nothing else: a round robin gets the rounds
// of its Berger table and, when it had the preset's chain, the
// round-robin tie-breaks; a Swiss the rounds c says. It refuses a field
// the Berger tables do not have, a double round robin not offered and
// more rounds than a tournament plans (MaxRounds).
func closedTournament(s *Snapshot, c arbiter.Closing) (arbiter.Tournament, error) {
	t := s.Tournament
	f := FitOf(s)
	if c.Kind == arbiter.CloseAsPlanned {
		c = arbiter.Closing{Kind: arbiter.CloseSwiss}
		if t.System == arbiter.RoundRobin {
			c = arbiter.Closing{Kind: arbiter.CloseRoundRobin, Cycles: Cycles(t)}
		}
	}
	// A Swiss is paired by the Dutch system or, in a Double-Swiss
	// tournament (C.04.5), in matches of two games, which stays one when
	// it closes as a Swiss; as a round robin it plays single games, with
	// the byes of single games.
	swiss := arbiter.Swiss
	if t.System == arbiter.DoubleSwiss {
		swiss = arbiter.DoubleSwiss
		if c.Kind == arbiter.CloseRoundRobin {
			n := arbiter.NewTournament(t.Name)
			t.PABValue, t.HalfByeValue, t.LateValue = n.PABValue, n.HalfByeValue, n.LateValue
		}
	}
	switch c.Kind {
	case arbiter.CloseRoundRobin:
		if f.Players < 2 || f.Players > pairing.MaxBerger {
			return t, &Error{Kind: ErrInvalid, Input: "system", Article: "C.05 Annex 1",
				Msg: fmt.Sprintf("an all-play-all from the Berger tables (FIDE C.05 Annex 1) takes 2 to %d players, not %d: play a Swiss of %s",
					pairing.MaxBerger, f.Players, plural(f.Swiss, "round", "rounds"))}
		}
		cycles := max(c.Cycles, 1)
		if cycles == 2 && !DoubleFits(f.Players) {
			return t, &Error{Kind: ErrInvalid, Input: "system", Article: "C.05 Annex 1",
				Msg: fmt.Sprintf("a double round robin is for %d or %d players, not %d (it would take %d rounds): play it once",
					DoubleMin, DoubleMax, f.Players, pairing.RoundRobinRounds(f.Players, 2)),
				Err: ErrDoubleRoundRobin}
		}
		t.System, t.Cycles = arbiter.RoundRobin, cycles
		t.Rounds = pairing.RoundRobinRounds(f.Players, cycles)
		t.Tiebreaks = RoundRobinChain(t.Tiebreaks)
	case arbiter.CloseKeep:
		t.System = swiss
	case arbiter.CloseSwiss:
		if c.Rounds < 0 || c.Rounds > MaxRounds {
			return t, &Error{Kind: ErrInvalid, Input: "rounds",
				Msg: fmt.Sprintf("a Swiss of %d rounds: a tournament plans 1 to %d", c.Rounds, MaxRounds)}
		}
		t.System = swiss
		if c.Rounds > 0 {
			t.Rounds = c.Rounds
		} else {
			// The rounds planned, or fewer if they cannot always be
			// paired.
			t.Rounds = max(min(t.Rounds, f.Swiss), 1)
		}
	default:
		return t, &Error{Kind: ErrInvalid, Input: "system", Msg: fmt.Sprintf("unknown way to close registration %q", c)}
	}
	t.Closed = true
	return t, nil
}

// firstClosing decides how registration closes with round 1 of s, paired
// by the Dutch system or the Berger tables: with the organizer's answer
// when given; a round robin with the rounds of its Berger table; a Swiss
// whose rounds fit, or of a tournament that does not propose its rounds,
// stays open (close is nil, and fit says whether the rounds fit); a
// tournament that proposes its rounds (FitRounds) and whose rounds do
// not fit is refused with the choices (ErrRoundsUnfit). Nothing closes
// after round 1.
func firstClosing(s *Snapshot, answer *arbiter.Closing) (close *arbiter.Closing, fit *arbiter.FieldFit, err error) {
	t := s.Tournament
	if s.Next() != 1 || t.Closed {
		return nil, nil, nil
	}
	f := FitOf(s)
	switch {
	case answer != nil:
		return answer, &f, nil
	case t.System == arbiter.RoundRobin:
		return &arbiter.Closing{Kind: arbiter.CloseRoundRobin, Cycles: Cycles(t)}, &f, nil
	case f.Fits || f.Players < 2:
		return nil, nil, nil
	case t.FitRounds:
		fe := &arbiter.FitError{Fit: f, Choices: ClosingChoices(f)}
		return nil, &f, &Error{Kind: ErrRefused, Input: "rounds", Article: "C.04.1 art. 2", Msg: fe.Error(),
			Fix: "choose the rounds: the Swiss rounds that fit, an all-play-all, or the rounds planned", Err: errors.Join(ErrRoundsUnfit, fe)}
	}
	return nil, &f, nil
}

// CloseOutcome is what CloseRegistration did.
type CloseOutcome struct {
	// Fit is how the rounds planned fitted the field before closing.
	Fit arbiter.FieldFit
	// Snapshot is the tournament as closed; with a refusal, as it is
	// (nil when it could not be read).
	Snapshot *Snapshot
}

// CloseRegistration closes the registration of tournament ref ("" for the
// current one) with the organizer's answer c, in one transaction, logged:
// the rounds and the system are fixed for the field (closedTournament).
// It is refused once round 1 is paired (ErrClosedAlready), with fewer
// than two players (ErrFewPlayers), and for a field the system chosen
// does not have.
func (d *Desk) CloseRegistration(ctx context.Context, ref string, c arbiter.Closing) (CloseOutcome, error) {
	var out CloseOutcome
	tour, err := d.resolve(ctx, ref)
	if err != nil {
		return out, err
	}
	err = d.db.Write(ctx, func(tx *store.Tx) error {
		s, err := tx.Snapshot(ctx, tour.ID)
		if err != nil {
			return err
		}
		out.Snapshot, out.Fit = s, FitOf(s)
		switch {
		case len(s.Rounds) > 0:
			return &Error{Kind: ErrConflict, Input: "tournament", Msg: fmt.Sprintf("registration of %s closed when round 1 was paired", s.Tournament.Name),
				Fix: "change the rounds planned", Err: ErrClosedAlready}
		case len(s.Entries) < 2:
			return &Error{Kind: ErrInvalid, Input: "tournament", Msg: fmt.Sprintf("%s has %s", s.Tournament.Name, plural(len(s.Entries), "player", "players")),
				Fix: "enter the players first", Err: ErrFewPlayers}
		}
		t, err := closedTournament(s, c)
		if err != nil {
			return err
		}
		if err := tx.UpdateTournament(ctx, t, setupRule); err != nil {
			return inputErr("tournament", err)
		}
		out.Snapshot, err = tx.Snapshot(ctx, tour.ID)
		return err
	})
	return out, err
}
