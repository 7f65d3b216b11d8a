package tiebreak

import (
	"fmt"

	"github.com/labyrinth-chess/arbiter"
)

// withUnrated returns the ratings with unrated players (0) given rating u,
// the value the regulations fix for them; the input is not changed. With u
// 0 it returns ratings as they are.
func withUnrated(ratings []int, n, u int) []int {
	if u <= 0 {
		return ratings
	}
	out := make([]int, n)
	for i := range out {
		out[i] = u
		if ratings != nil && ratings[i] > 0 {
			out[i] = ratings[i]
		}
	}
	return out
}

// hasUnrated reports whether some player of n has no rating.
func hasUnrated(ratings []int, n int) bool {
	if n == 0 {
		return false
	}
	if ratings == nil {
		return true
	}
	for _, r := range ratings {
		if r <= 0 {
			return true
		}
	}
	return false
}

// Warnings returns what the user should know about in's chain before
// trusting the figures: today, that rating-based tie-breaks are dropped
// because unrated players take part and the regulations give them no
// rating (C.07: such tie-breaks "must be dropped ... unless the regulations
// say how unrated players are treated").
func Warnings(in Input) []string {
	if in.Table == nil || in.UnratedRating > 0 || !hasUnrated(in.Ratings, len(in.Table.Cards)) {
		return nil
	}
	var out []string
	for _, s := range in.Chain {
		if s.Code.ratingBased() {
			out = append(out, fmt.Sprintf("%s is dropped (every figure undefined): unrated players take part and no rating is given to them, as the regulations must do for it to count (C.07)", s))
		}
	}
	return out
}

// pdTable is the FIDE table of expected scores (B.02 8.1.b): a rating
// difference of at least pdTable[i].diff gives the higher rated player
// pdTable[i].pd percent.
var pdTable = []struct{ diff, pd int }{
	{0, 50}, {4, 51}, {11, 52}, {18, 53}, {26, 54}, {33, 55}, {40, 56}, {47, 57}, {54, 58}, {62, 59},
	{69, 60}, {77, 61}, {84, 62}, {92, 63}, {99, 64}, {107, 65}, {114, 66}, {122, 67}, {130, 68}, {138, 69},
	{146, 70}, {154, 71}, {163, 72}, {171, 73}, {180, 74}, {189, 75}, {198, 76}, {207, 77}, {216, 78}, {226, 79},
	{236, 80}, {246, 81}, {257, 82}, {268, 83}, {279, 84}, {291, 85}, {303, 86}, {316, 87}, {329, 88}, {345, 89},
	{358, 90}, {375, 91}, {392, 92}, {412, 93}, {433, 94}, {457, 95}, {485, 96}, {518, 97}, {560, 98}, {620, 99},
	{736, 100},
}

// expected returns, in hundredths of a point, the score a player rated r
// is expected to make against an opponent rated opp (B.02 8.1.b).
func expected(r, opp int) int {
	d := r - opp
	neg := d < 0
	if neg {
		d = -d
	}
	pd := 50
	for _, e := range pdTable {
		if d >= e.diff {
			pd = e.pd
		}
	}
	if neg {
		return 100 - pd
	}
	return pd
}

// perfect returns the perfect tournament performance (C.07 2026 10.3) of a
// score pts against opponents rated rs: the lowest rating whose expected
// score against them (B.02 8.1.b) reaches pts. Only a score of zero has a
// rule of its own: the lowest rating minus 800. A full score follows the
// definition: the table gives a win's expectation of 1.00 only from a
// difference of 736 points on, so it is the highest rating plus 736.
func perfect(pts arbiter.Score, rs []int) int {
	lo, hi := rs[0], rs[0]
	for _, r := range rs {
		lo, hi = min(lo, r), max(hi, r)
	}
	if pts == 0 {
		return lo - 800
	}
	want := int(pts) * 50 // hundredths: pts is in half-points
	if want > 100*len(rs) {
		// More points than games: no rating expects it. Cannot happen
		// with 1, ½ and 0 a game; the bound keeps the search finite.
		return hi + 800
	}
	sum := func(r int) int {
		s := 0
		for _, o := range rs {
			s += expected(r, o)
		}
		return s
	}
	// sum is non-decreasing in r; search the lowest r in [lo-800, hi+800].
	a, b := lo-800, hi+800
	for a < b {
		m := a + (b-a)/2
		if sum(m) >= want {
			b = m
		} else {
			a = m + 1
		}
	}
	return a
}

// ratingValues returns RTNG, PTP, APRO or APPO for every player; all
// undefined when the rating-based tie-breaks are dropped.
func (c *calc) ratingValues(code Code) []float64 {
	if c.dropRatings {
		return undefinedAll(c.n)
	}
	out := make([]float64, c.n)
	switch code {
	case RTNG:
		for pn := 1; pn <= c.n; pn++ {
			out[pn-1] = float64(c.rating(pn))
			if c.rating(pn) <= 0 {
				out[pn-1] = undefined
			}
		}
	case PTP:
		ptp, ok := c.perfects()
		for pn := 1; pn <= c.n; pn++ {
			out[pn-1] = ptp[pn]
			if !ok[pn] {
				out[pn-1] = undefined
			}
		}
	case APRO:
		tpr := append([]float64{0}, c.tpr()...)
		ok := c.hasRatedGame()
		c.average(out, tpr, ok)
	case APPO:
		ptp, ok := c.perfects()
		c.average(out, ptp, ok)
	}
	return out
}

// hasRatedGame reports, by pn, whether the player has a game over the
// board against a rated opponent (TPR and PTP exist only then).
func (c *calc) hasRatedGame() []bool {
	ok := make([]bool, c.n+1)
	var buf []rated
	for pn := 1; pn <= c.n; pn++ {
		buf = c.ratedGames(pn, buf)
		ok[pn] = len(buf) > 0
	}
	return ok
}

// perfects returns PTP by pn (index 0 unused) and whether it exists.
func (c *calc) perfects() ([]float64, []bool) {
	out := make([]float64, c.n+1)
	ok := make([]bool, c.n+1)
	var buf []rated
	var rs []int
	for pn := 1; pn <= c.n; pn++ {
		buf = c.ratedGames(pn, buf)
		if len(buf) == 0 {
			continue
		}
		rs = rs[:0]
		var pts arbiter.Score
		for _, g := range buf {
			rs = append(rs, g.rating)
			pts += g.points
		}
		out[pn] = float64(perfect(pts, rs))
		ok[pn] = true
	}
	return out, ok
}

// average sets out[pn-1] to the mean of by[opp] over pn's games played over
// the board against opponents for whom ok[opp], rounded to the nearest
// integer, halves up (C.07 10.4, 10.5); undefined with none.
func (c *calc) average(out, by []float64, ok []bool) {
	for pn := 1; pn <= c.n; pn++ {
		var sum float64
		var k int
		for _, o := range c.cards[pn-1].Rounds {
			if played(o) && ok[o.Opponent] {
				sum += by[o.Opponent]
				k++
			}
		}
		out[pn-1] = undefined
		if k > 0 {
			out[pn-1] = roundHalfUp(sum / float64(k))
		}
	}
}

// standard returns STD for every player: the points of each round counted
// as 1 for a win, ½ for a draw and 0 for a loss whatever the tournament's
// scoring (C.07 2026). Byes count by what they are worth next to a draw: a
// PAB worth a win is 1, a half-point bye ½, a zero-point bye 0.
func (c *calc) standard() []float64 {
	out := make([]float64, c.n)
	for pn := 1; pn <= c.n; pn++ {
		for _, o := range c.cards[pn-1].Rounds {
			switch {
			case o.Points > c.unit/2:
				out[pn-1]++
			case o.Points == c.unit/2:
				out[pn-1] += 0.5
			}
		}
	}
	return out
}
