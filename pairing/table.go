package pairing

import (
	"fmt"
	"sort"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/scoring"
)

// FromTable builds the input for pairing round of tournament t from its
// score cards (scoring.Build over the rounds before it). Entries are
// ranked by pairing number, which follows the initial order (C.04.2
// 2.2-2.3). A player is left out when absent[pn] is true (absent,
// requested bye) or when his entry does not play the round (withdrawn, not
// yet entered). The initial colour is t.FirstColour, or, when that is
// NoColour, the lot drawn from t.Seed (InitialColourByLot). Points are in
// half-points. A tournament accelerated by the Baku method (t.Accelerated
// "baku", C.04.7) gives group A (the entries up to BakuLast) the virtual
// points of BakuPoints, as FromTRF does for a file with the same 250 or
// XXA lines. A game before round with
// no result yet (adjourned, or not known: TRF-26 X) counts as played and
// scores nothing, as FromTRF reads an X under the default 162 line; the
// store pairs past such a game only when the organizer decides to.
func FromTable(t arbiter.Tournament, entries []arbiter.Entry, table *scoring.Table, round int, absent map[int]bool) (Input, error) {
	in := Input{Round: round, Rounds: t.Rounds, Edition: t.PairingEdition, InitialColour: t.FirstColour, Points: StandardPoints}
	if in.InitialColour == arbiter.NoColour {
		in.InitialColour = InitialColourByLot(t.Seed)
	}
	if table == nil || table.Rounds < round-1 {
		return in, fmt.Errorf("pairing: the score cards do not cover rounds 1 to %d", round-1)
	}
	es := append([]arbiter.Entry(nil), entries...)
	sort.Slice(es, func(i, j int) bool { return es[i].PN < es[j].PN })
	lastA := 0
	if t.Accelerated == "baku" {
		lastA = BakuLast(es)
	}
	for _, e := range es {
		card := table.Card(e.PN)
		if card == nil {
			return in, fmt.Errorf("pairing: no score card for player %d", e.PN)
		}
		p := Player{ID: e.PN, Absent: absent[e.PN] || !e.Plays(round)}
		if e.PN <= lastA {
			p.Accel = BakuPoints(t.Rounds, in.Points.Win)
		}
		for r := 1; r < round; r++ {
			o := card.Rounds[r-1]
			p.Games = append(p.Games, gameFromOutcome(o))
		}
		in.Players = append(in.Players, p)
	}
	return in, nil
}

// gameFromOutcome turns a score card entry into a Game.
func gameFromOutcome(o scoring.Outcome) Game {
	g := Game{Opponent: o.Opponent, Colour: o.Colour, Points: int(o.Points)}
	switch o.Kind {
	case scoring.Game, scoring.ForfeitWin, scoring.ForfeitLoss:
		g.Played = o.Kind == scoring.Game
		g.Paired = true
	case scoring.PAB:
		g.Paired = true
		g.Colour = arbiter.NoColour
	default:
		g.Colour = arbiter.NoColour
		g.Opponent = 0
	}
	switch {
	case o.Kind == scoring.PAB || o.Kind == scoring.ForfeitWin || o.Kind == scoring.FullBye:
		g.Result = Win
	case o.Kind == scoring.ForfeitLoss:
		g.Result = Loss
	case o.Points >= arbiter.One:
		g.Result = Win
	case o.Points == arbiter.Half:
		g.Result = Draw
	}
	return g
}

// InitialColourByLot returns the colour drawn by lot before round 1
// (C.04.3 5.1) from seed: the same seed always draws the same colour, so
// the lot can be recorded and replayed.
func InitialColourByLot(seed int64) arbiter.Colour {
	// SplitMix64 finaliser: every bit of the seed affects the draw.
	x := uint64(seed) + 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	x ^= x >> 31
	if x&1 == 0 {
		return arbiter.White
	}
	return arbiter.Black
}
