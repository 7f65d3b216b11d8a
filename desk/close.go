package desk

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/pairing"
	"github.com/labyrinth-chess/arbiter/tiebreak"
)

// CloseChoice is what the organizer chose when registration closes: the
// rounds of a Swiss or an all-play-all for the field entered (FitOf).
type CloseChoice struct {
	Rounds int            // Swiss rounds; 0 for the rounds planned, or fewer if they cannot always be paired
	Keep   bool           // keep the rounds planned, even if they may not all pair
	System arbiter.System // Swiss, RoundRobin or DoubleSwiss
	Cycles int            // a round robin played once (1) or twice (2)
}

// ErrDoubleField: a double round robin was asked for a field it is not
// offered for (DoubleFits; ErrInvalid).
var ErrDoubleField = errors.New("a double round robin for another field")

// CloseRegistration closes the registration of tournament tid with the
// organizer's choice c and returns the tournament as it now is. A round
// robin takes its rounds from the Berger tables (C.05 Annex 1, 2 to
// pairing.MaxBerger players) and, when the chain is the preset's, the
// round-robin tie-breaks; a Swiss the rounds asked for, or the rounds
// planned up to those it can always pair without a rematch (C.04.1 art.
// 2, C.04.3 C1). Refused once round 1 is paired, and with fewer than two
// players.
func (d *Desk) CloseRegistration(ctx context.Context, tid int64, c CloseChoice) (*Snapshot, error) {
	s, err := d.db.Snapshot(ctx, tid)
	if err != nil {
		return nil, inputErr("tournament", err)
	}
	t := s.Tournament
	if len(s.Rounds) > 0 {
		return nil, &Error{Kind: ErrConflict, Input: "tournament", Msg: fmt.Sprintf("registration of %s closed when round 1 was paired", t.Name),
			Fix: "change the rounds planned instead"}
	}
	if len(s.Entries) < 2 {
		return nil, &Error{Kind: ErrConflict, Input: "tournament", Msg: fmt.Sprintf("%s has %s", t.Name, plural(len(s.Entries), "player", "players")),
			Fix: "enter the players first"}
	}
	f := FitOf(s)
	// A Swiss is paired by the Dutch system or, as a Double-Swiss
	// tournament (C.04.5), in matches of two games, whose byes count
	// game points.
	swiss := arbiter.Swiss
	switch {
	case c.System == arbiter.DoubleSwiss && t.System != arbiter.DoubleSwiss:
		t.DoubleSwissValues()
		swiss = arbiter.DoubleSwiss
	case c.System == arbiter.DoubleSwiss:
		swiss = arbiter.DoubleSwiss
	case t.System == arbiter.DoubleSwiss:
		n := arbiter.NewTournament(t.Name)
		t.PABValue, t.HalfByeValue, t.LateValue = n.PABValue, n.HalfByeValue, n.LateValue
	}
	switch {
	case c.System == arbiter.RoundRobin:
		if f.Players < 2 || f.Players > pairing.MaxBerger {
			return nil, &Error{Kind: ErrInvalid, Input: "system",
				Msg:     fmt.Sprintf("an all-play-all from the Berger tables (FIDE C.05 Annex 1) takes 2 to %d players, not %d: play a Swiss of %s", pairing.MaxBerger, f.Players, plural(f.Swiss, "round", "rounds")),
				Article: "C.05 Annex 1"}
		}
		if c.Cycles == 2 && !DoubleFits(f.Players) {
			return nil, &Error{Kind: ErrInvalid, Input: "system", Err: ErrDoubleField,
				Msg: fmt.Sprintf("a double round robin is for %d or %d players, not %d (it would take %d rounds): play it once",
					DoubleMin, DoubleMax, f.Players, pairing.RoundRobinRounds(f.Players, 2))}
		}
		t.System, t.Cycles = arbiter.RoundRobin, max(c.Cycles, 1)
		t.Rounds = pairing.RoundRobinRounds(f.Players, t.Cycles)
		if slices.Equal(t.Tiebreaks, arbiter.DefaultTiebreaks) {
			// Buchholz means little when everyone meets everyone: the
			// preset's chain becomes the round-robin one.
			t.Tiebreaks = append([]string(nil), arbiter.RoundRobinTiebreaks...)
		}
	case c.Keep:
		t.System = swiss
	case c.Rounds > 0:
		t.System, t.Rounds = swiss, c.Rounds
	default:
		// The rounds planned, or fewer if they cannot always be paired.
		t.System, t.Rounds = swiss, max(min(t.Rounds, f.Swiss), 1)
	}
	t.Closed = true
	if err := d.UpdateTournament(ctx, t); err != nil {
		return nil, err
	}
	return d.db.Snapshot(ctx, t.ID)
}

// ParseChain reads a tie-break chain typed as "BH,DE,SB" (commas,
// semicolons or spaces between the codes) and returns it in C.07
// notation, as a tournament stores it.
func ParseChain(s string) ([]string, error) {
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == ';' })
	specs, err := tiebreak.ParseChain(fields)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(specs))
	for i, sp := range specs {
		out[i] = sp.String()
	}
	return out, nil
}

// ref names tournament tid as the use cases taking a reference read it.
func ref(tid int64) string { return strconv.FormatInt(tid, 10) }
