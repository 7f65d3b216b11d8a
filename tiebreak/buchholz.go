package tiebreak

import (
	"math"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/scoring"
)

// cutReason says why a value was left out of a sum.
type cutReason int8

const (
	kept          cutReason = iota
	cutLow                  // least significant value (14.1)
	cutLowVUR               // voluntarily unplayed round, cut first (16.5)
	cutLowOverVUR           // least significant value, worth more than a VUR (16.5)
	cutHigh                 // most significant value, median (14.1)
	notYet                  // game without a result yet
)

// contrib is one round's contribution to a Buchholz-type or
// Sonneborn-Berger value.
type contrib struct {
	round    int
	opp      int     // opponent met; 0 for a dummy or virtual opponent
	oppScore float64 // the opponent's adjusted score, or the dummy's score
	points   float64 // points the player scored in the round
	value    float64 // oppScore for BH, oppScore × points for SB
	vur      bool    // a voluntarily unplayed round of the player
	cut      cutReason
}

// contribs returns pn's contributions round by round, for BH (sb false) or
// SB (sb true). Pending games are included with cut notYet and no value.
//
// A game played over the board contributes the opponent's adjusted score
// (C.07 8.1, 9.1; 16.3). An unplayed round contributes, in the 2023 rule,
// a dummy opponent whose score is the player's own final score (16.4,
// capped from 2026, see calc.dummy); in the 2009 rule, a virtual opponent
// (see calc.virtual). For SB the
// opponent's score is multiplied by the points the player got in the round
// (9.1; for unplayed rounds, the points actually awarded, 16.4).
func (c *calc) contribs(pn int, sb bool, buf []contrib) []contrib {
	out := buf[:0]
	for i, o := range c.cards[pn-1].Rounds {
		r := i + 1
		x := contrib{round: r, points: o.Points.Points()}
		switch {
		case o.Kind == scoring.Game && o.Pending:
			x.opp = o.Opponent
			x.cut = notYet
			out = append(out, x)
			continue
		case o.Kind == scoring.Game:
			x.opp = o.Opponent
			x.oppScore = c.adj[o.Opponent]
		case c.edition == Edition2009:
			x.oppScore = c.virtual(pn, r)
		default:
			x.oppScore = c.dummy(pn, o)
			x.vur = voluntary(o)
		}
		x.value = x.oppScore
		if sb {
			x.value = x.oppScore * x.points
		}
		out = append(out, x)
	}
	return out
}

// lessSignificant orders contributions from least to most significant: by
// the opponent's score, then by the value (for SB, the lower product of two
// equal opponents is the less significant), then by round.
func lessSignificant(a, b *contrib) bool {
	if a.oppScore != b.oppScore {
		return a.oppScore < b.oppScore
	}
	if a.value != b.value {
		return a.value < b.value
	}
	return a.round < b.round
}

// moreSignificant orders contributions from most to least significant; of
// two equal ones the earlier round comes first.
func moreSignificant(a, b *contrib) bool {
	if a.oppScore != b.oppScore {
		return a.oppScore > b.oppScore
	}
	if a.value != b.value {
		return a.value > b.value
	}
	return a.round < b.round
}

// applyCuts marks low least significant and high most significant
// contributions as cut (C.07 14.1). In the 2023 rule a low cut falls first
// on a voluntarily unplayed round (16.5): the least significant VUR is cut
// unless the least significant value is worth more, so that a cut never
// rewards a player for a round he chose not to play (as the FIDE reference
// implementation reads it; for BH that is always the VUR). It returns the
// sum of what is kept.
//
// Which VUR is "the least significant" matters only from 2026, when dummy
// opponents of different VURs can have different scores (16.4.1 caps a
// forfeit's dummy by the opponent's adjusted score, 16.4.2 a bye's by 50%).
// Article 14.1 orders SB contributions by the opponent's score first (the
// product only separates equal scores), and 16.5 speaks of the same least
// significant values: so the VUR cut is the one whose dummy scored least,
// not the one with the smallest product. A forfeit loss (product 0) against
// a dummy capped higher than a half-point bye's dummy is therefore kept, and
// the bye is weighed against the least significant value. This is also the
// reading of the FIDE reference implementation (TieBreakServer); an earlier
// arbiter took the smallest product and differed on SB-C1, SB-C2 and SB-M1.
func applyCuts(cs []contrib, low, high int, vurFirst bool) float64 {
	for range low {
		least, vur := -1, -1
		for i := range cs {
			x := &cs[i]
			if x.cut != kept {
				continue
			}
			if least < 0 || lessSignificant(x, &cs[least]) {
				least = i
			}
			if vurFirst && x.vur && (vur < 0 || lessSignificant(x, &cs[vur])) {
				vur = i
			}
		}
		if least < 0 {
			break
		}
		pick, why := least, cutLow
		switch {
		case vur < 0:
		case vur == least || cs[least].vur:
			why = cutLowVUR
		case cs[vur].value >= cs[least].value:
			pick, why = vur, cutLowVUR
		default:
			why = cutLowOverVUR
		}
		cs[pick].cut = why
	}
	for range high {
		most := -1
		for i := range cs {
			x := &cs[i]
			if x.cut == kept && (most < 0 || moreSignificant(x, &cs[most])) {
				most = i
			}
		}
		if most < 0 {
			break
		}
		cs[most].cut = cutHigh
	}
	var sum float64
	for _, x := range cs {
		if x.cut == kept {
			sum += x.value
		}
	}
	return sum
}

// buchholz returns BH or SB with the spec's modifier for every player,
// indexed by pn-1.
func (c *calc) buchholz(s Spec) []float64 {
	low, high := s.cuts()
	out := make([]float64, c.n)
	var buf []contrib
	for pn := 1; pn <= c.n; pn++ {
		buf = c.contribs(pn, s.Code == SB, buf)
		out[pn-1] = applyCuts(buf, low, high, c.edition != Edition2009)
	}
	return out
}

// fore returns a calc for Fore Buchholz (C.07 8.3): when the tournament's
// last round is on the table, every game of it (played, pending or
// forfeited) is taken as a draw. Otherwise FB is BH.
func (c *calc) fore() *calc {
	if c.rounds == 0 || c.rounds != c.final {
		return c
	}
	f := *c
	f.cards = make([]scoring.Card, len(c.cards))
	f.score = make([]arbiter.Score, len(c.score))
	f.adj = make([]float64, len(c.adj))
	f.lastIn = make([]int, len(c.lastIn))
	f.bh = nil
	for i, card := range c.cards {
		rounds := append([]scoring.Outcome(nil), card.Rounds...)
		last := &rounds[len(rounds)-1]
		if hasOpponent(*last) {
			last.Kind, last.Points, last.Pending = scoring.Game, c.unit/2, false
		}
		f.cards[i] = scoring.Card{PN: card.PN, Rounds: rounds}
	}
	f.prepare()
	return &f
}

// plainBH returns plain BH by pn, computed once.
func (c *calc) plainBH() []float64 {
	if c.bh == nil {
		c.bh = append([]float64{0}, c.buchholz(Spec{Code: BH})...)
	}
	return c.bh
}

// aob returns the average of the opponents' Buchholz (C.07 8.2) over the
// games played over the board, rounded to two decimals; undefined with no
// game.
func (c *calc) aob() []float64 {
	bh := c.plainBH()
	out := make([]float64, c.n)
	for pn := 1; pn <= c.n; pn++ {
		var sum float64
		var k int
		for _, o := range c.cards[pn-1].Rounds {
			if played(o) {
				sum += bh[o.Opponent]
				k++
			}
		}
		out[pn-1] = undefined
		if k > 0 {
			out[pn-1] = round2(sum / float64(k))
		}
	}
	return out
}

// round2 rounds to two decimals, halves up.
func round2(x float64) float64 { return math.Floor(x*100+0.5) / 100 }
