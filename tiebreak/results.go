package tiebreak

import (
	"cmp"
	"math"
	"slices"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/scoring"
)

// counts reports whether round o counts for a tie-break that counts
// rounds (C.07 7.1 to 7.4 and 7.6).
func (c *calc) counts(code Code, o scoring.Outcome) bool {
	win := c.won(o)
	switch code {
	case WIN: // 7.1: rounds scored as a win, played or not (forfeit win, PAB and full-point bye worth a win)
		return win
	case WON: // 7.2: games won over the board
		return played(o) && win
	case BPG: // 7.3: games played over the board with Black
		return played(o) && o.Colour == arbiter.Black
	case BWG: // 7.4: games won over the board with Black
		return played(o) && o.Colour == arbiter.Black && win
	case GE, REP: // 7.6: rounds the player elected to play: every round but the voluntarily unplayed ones (16.1); REP is the 2026 name
		return !voluntary(o)
	}
	return false
}

// tally returns, for every player, the number of rounds that count for code.
func (c *calc) tally(code Code) []float64 {
	out := make([]float64, c.n)
	for pn := 1; pn <= c.n; pn++ {
		for _, o := range c.cards[pn-1].Rounds {
			if c.counts(code, o) {
				out[pn-1]++
			}
		}
	}
	return out
}

// progressive returns the sum of progressive scores (C.07 7.5): the running
// score after each round, byes and forfeits included. A cut drops the
// running scores of the first rounds, the least significant ones (14.1).
func (c *calc) progressive(s Spec) []float64 {
	low, _ := s.cuts()
	out := make([]float64, c.n)
	for pn := 1; pn <= c.n; pn++ {
		var run, sum arbiter.Score
		for r, o := range c.cards[pn-1].Rounds {
			run += o.Points
			if r >= low {
				sum += run
			}
		}
		out[pn-1] = sum.Points()
	}
	return out
}

// koyaLimit returns the score an opponent needs to count for KS: 50% of the
// maximum possible score after the rounds played (C.07 9.2).
func (c *calc) koyaLimit() float64 { return c.draw() * float64(c.rounds) }

// koya returns the points each player scored against opponents who finished
// on at least 50% of the maximum score (C.07 9.2). KS is meant for round
// robins, where forfeits count as games: so do they here.
func (c *calc) koya() []float64 {
	limit := c.koyaLimit()
	out := make([]float64, c.n)
	for pn := 1; pn <= c.n; pn++ {
		for _, o := range c.cards[pn-1].Rounds {
			if hasOpponent(o) && !o.Pending && c.score[o.Opponent].Points() >= limit {
				out[pn-1] += o.Points.Points()
			}
		}
	}
	return out
}

// rated is one game against a rated opponent, for ARO and TPR.
type rated struct {
	round  int
	opp    int
	rating int
	points arbiter.Score
	cut    cutReason
}

// ratedGames returns pn's games played over the board against rated
// opponents (C.07 10.1: unplayed games do not count). The regulations
// decide how unrated players count: with Input.UnratedRating set they count
// with that rating; otherwise they are left out (and, when unrated players
// take part, calc.dropRatings drops the rating-based tie-breaks).
func (c *calc) ratedGames(pn int, buf []rated) []rated {
	out := buf[:0]
	for i, o := range c.cards[pn-1].Rounds {
		if played(o) && c.rating(o.Opponent) > 0 {
			out = append(out, rated{round: i + 1, opp: o.Opponent, rating: c.rating(o.Opponent), points: o.Points})
		}
	}
	return out
}

// cutRatings marks the low lowest and high highest ratings as cut (14.1)
// and returns the sum and number of those kept.
func cutRatings(gs []rated, low, high int) (sum, k int) {
	if low+high > 0 {
		markRatingCuts(gs, low, high)
	}
	for _, g := range gs {
		if g.cut == kept {
			sum += g.rating
			k++
		}
	}
	return sum, k
}

// markRatingCuts marks the cut ratings, lowest and highest first; of equal
// ratings the earlier round goes first.
func markRatingCuts(gs []rated, low, high int) {
	idx := make([]int, len(gs))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(gs[a].rating, gs[b].rating) })
	for i := 0; i < low && i < len(idx); i++ {
		gs[idx[i]].cut = cutLow
	}
	for i := 0; i < high && low+i < len(idx); i++ {
		gs[idx[len(idx)-1-i]].cut = cutHigh
	}
}

// roundHalfUp rounds to the nearest integer, halves up (C.07 10.1).
func roundHalfUp(x float64) float64 { return math.Floor(x + 0.5) }

// aro returns the average rating of opponents (C.07 10.1), rounded to the
// nearest integer; undefined with no rated opponent left after the cuts.
func (c *calc) aro(s Spec) []float64 {
	low, high := s.cuts()
	out := make([]float64, c.n)
	var buf []rated
	for pn := 1; pn <= c.n; pn++ {
		buf = c.ratedGames(pn, buf)
		out[pn-1] = undefined
		if sum, k := cutRatings(buf, low, high); k > 0 {
			out[pn-1] = roundHalfUp(float64(sum) / float64(k))
		}
	}
	return out
}

// dp is the FIDE rating table (B.02 8.1.a): the rating difference for a
// percentage score p, dp[p] for p = 0 to 100 %.
var dp = [101]int{
	-800, -677, -589, -538, -501, -470, -444, -422, -401, -383,
	-366, -351, -336, -322, -309, -296, -284, -273, -262, -251,
	-240, -230, -220, -211, -202, -193, -184, -175, -166, -158,
	-149, -141, -133, -125, -117, -110, -102, -95, -87, -80,
	-72, -65, -57, -50, -43, -36, -29, -21, -14, -7,
	0, 7, 14, 21, 29, 36, 43, 50, 57, 65,
	72, 80, 87, 95, 102, 110, 117, 125, 133, 141,
	149, 158, 166, 175, 184, 193, 202, 211, 220, 230,
	240, 251, 262, 273, 284, 296, 309, 322, 336, 351,
	366, 383, 401, 422, 444, 470, 501, 538, 589, 677,
	800,
}

// performance returns ARO and the percentage score over pn's rated games,
// for TPR; ok is false with no rated game.
func (c *calc) performance(pn int, buf []rated) (aro float64, pct int, ok bool) {
	gs := c.ratedGames(pn, buf)
	if len(gs) == 0 {
		return 0, 0, false
	}
	var sum int
	var pts arbiter.Score
	for _, g := range gs {
		sum += g.rating
		pts += g.points
	}
	aro = roundHalfUp(float64(sum) / float64(len(gs)))
	pct = int(roundHalfUp(100 * pts.Points() / float64(len(gs))))
	return aro, pct, true
}

// tpr returns the tournament performance rating (C.07 10.2): ARO plus the
// rating difference dp of the percentage scored against those opponents.
func (c *calc) tpr() []float64 {
	out := make([]float64, c.n)
	var buf []rated
	for pn := 1; pn <= c.n; pn++ {
		out[pn-1] = undefined
		if aro, pct, ok := c.performance(pn, buf); ok {
			out[pn-1] = aro + float64(dp[pct])
		}
	}
	return out
}

// values returns the figure of tie-break s for every player, indexed by
// pn-1; a figure C.07 leaves undefined is the NaN undefined (see
// isUndefined). DE has no figure of its own outside a tied group: values
// returns nil for it.
func (c *calc) values(s Spec) []float64 {
	switch s.Code {
	case BH, SB:
		return c.buchholz(s)
	case FB:
		return c.fore().buchholz(Spec{Code: BH, Modifier: s.Modifier})
	case AOB:
		return c.aob()
	case KS:
		return c.koya()
	case WIN, WON, BPG, BWG, GE, REP:
		return c.tally(s.Code)
	case STD:
		return c.standard()
	case TPN:
		out := make([]float64, c.n)
		for pn := 1; pn <= c.n; pn++ {
			out[pn-1] = float64(pn)
		}
		return out
	case RTNG, PTP, APRO, APPO:
		return c.ratingValues(s.Code)
	case PS:
		return c.progressive(s)
	case ARO:
		if c.dropRatings {
			return undefinedAll(c.n)
		}
		return c.aro(s)
	case TPR:
		if c.dropRatings {
			return undefinedAll(c.n)
		}
		return c.tpr()
	}
	return nil
}

// undefined marks a figure C.07 does not define: a rating tie-break with
// no game over the board against a rated opponent (or none left after the
// cuts), an average over no opponent, and every rating tie-break when they
// are dropped because unrated players take part. Rank ranks it after every
// figure (the FIDE reference implementation sorts it last too) and reports
// it in Standing.Undefined with 0 in Values.
var undefined = math.NaN()

// isUndefined reports whether v is the undefined figure.
func isUndefined(v float64) bool { return math.IsNaN(v) }

// undefinedAll returns n undefined figures.
func undefinedAll(n int) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = undefined
	}
	return out
}
