package pairing

import (
	"fmt"
	"sort"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/scoring"
)

// FromDoubleSwissTable builds the input for pairing round of a
// Double-Swiss tournament t from its score cards (scoring.BuildMatches
// over the rounds before it), as FromTable does for the Dutch system:
// entries ranked by pairing number, a player left out when absent[pn] is
// true or the entry does not play the round, the initial colour
// t.FirstColour or the lot drawn from t.Seed. Points are in half-points.
func FromDoubleSwissTable(t arbiter.Tournament, entries []arbiter.Entry, table *scoring.Table, round int, absent map[int]bool) (DoubleSwissInput, error) {
	in := DoubleSwissInput{Round: round, Rounds: t.Rounds, InitialColour: t.FirstColour, Points: StandardPoints}
	if in.InitialColour == arbiter.NoColour {
		in.InitialColour = InitialColourByLot(t.Seed)
	}
	if table == nil || table.Rounds < round-1 {
		return in, fmt.Errorf("pairing: the score cards do not cover rounds 1 to %d", round-1)
	}
	es := append([]arbiter.Entry(nil), entries...)
	sort.Slice(es, func(i, j int) bool { return es[i].PN < es[j].PN })
	for _, e := range es {
		card := table.Card(e.PN)
		if card == nil {
			return in, fmt.Errorf("pairing: no score card for player %d", e.PN)
		}
		p := MatchPlayer{ID: e.PN, Absent: absent[e.PN] || !e.Plays(round)}
		for r := 1; r < round; r++ {
			p.Matches = append(p.Matches, matchFromOutcome(card.Rounds[r-1]))
		}
		in.Players = append(in.Players, p)
	}
	return in, nil
}

// matchFromOutcome turns a Double-Swiss score card entry into a Game of
// MatchPlayer.Matches.
func matchFromOutcome(o scoring.Outcome) Game {
	g := Game{Opponent: o.Opponent, Colour: o.Colour, Points: int(o.Points)}
	switch o.Kind {
	case scoring.Game:
		g.Played, g.Paired = true, true
	case scoring.ForfeitWin, scoring.ForfeitLoss:
		g.Paired, g.Colour = true, arbiter.NoColour
	case scoring.PAB:
		g.Paired, g.Colour = true, arbiter.NoColour
	default:
		g.Opponent, g.Colour = 0, arbiter.NoColour
	}
	switch {
	case o.Kind == scoring.PAB || o.Kind == scoring.ForfeitWin || o.Kind == scoring.FullBye:
		g.Result = Win
	case o.Kind == scoring.HalfBye:
		g.Result = Draw
	}
	return g
}
