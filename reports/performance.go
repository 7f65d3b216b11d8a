package reports

import (
	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/scoring"
)

// dpTable is the FIDE conversion of a fractional score p into a rating
// difference dp (FIDE Rating Regulations, table 8.1.a): dpTable[i] is dp
// for p = 1.00 - i/100, from p = 1.00 down to p = 0.50. Below 0.50,
// dp(p) = -dp(1 - p).
var dpTable = [51]int{
	800, 677, 589, 538, 501, 470, 444, 422, 401, 383,
	366, 351, 336, 322, 309, 296, 284, 273, 262, 251,
	240, 230, 220, 211, 202, 193, 184, 175, 166, 158,
	149, 141, 133, 125, 117, 110, 102, 95, 87, 80,
	72, 65, 57, 50, 43, 36, 29, 21, 14, 7,
	0,
}

// dp returns the rating difference of a score of pct hundredths (0 to 100).
func dp(pct int) int {
	if pct < 50 {
		return -dpTable[pct]
	}
	return dpTable[100-pct]
}

// Performances returns the tournament performance rating of every player,
// indexed by pairing number minus one, with 0 where it is undefined.
//
// The rating is FIDE's TPR (C.07 art. 10, TPR = ARO + dp): only games
// played over the board against rated opponents count, so forfeits, byes,
// games in play and games against unrated opponents are left out. Ra is
// the opponents' average rating rounded to the nearest integer (.5 up), p
// the points scored in those games divided by their number, rounded to the
// nearest hundredth (.005 up), and dp is read from the FIDE table 8.1.a
// (p = 1.00 gives +800, p = 0 gives -800). The player's own rating plays no
// part, so an unrated player gets a performance too. It is undefined (0)
// when the player has no such game.
//
// Ratings come from entries; pairing numbers run from 1 to len(entries),
// as for scoring.Build. A card whose pairing number has no entry gets 0.
func Performances(tab *scoring.Table, entries []arbiter.Entry) []int {
	return performances(tab, entries, 1)
}

// PerformancesOf is Performances for a tournament t: in a Double-Swiss
// tournament (C.04.5) each round of a card is a match of two games
// against the same opponent, so two games count, each at the opponent's
// rating, and the points are those of both games.
func PerformancesOf(t arbiter.Tournament, tab *scoring.Table, entries []arbiter.Entry) []int {
	if t.System == arbiter.DoubleSwiss {
		return performances(tab, entries, 2)
	}
	return performances(tab, entries, 1)
}

// performances is Performances with per games a round.
func performances(tab *scoring.Table, entries []arbiter.Entry, per int) []int {
	rating := make([]int, len(tab.Cards)+1)
	for _, e := range entries {
		if e.PN >= 1 && e.PN < len(rating) {
			rating[e.PN] = e.Player.Rating
		}
	}
	out := make([]int, len(tab.Cards))
	for i, c := range tab.Cards {
		if c.PN < 1 || c.PN >= len(rating) {
			continue
		}
		sum, games, half := 0, 0, 0
		for _, o := range c.Rounds {
			if o.Kind != scoring.Game || o.Pending || o.Opponent < 1 || o.Opponent >= len(rating) {
				continue
			}
			r := rating[o.Opponent]
			if r <= 0 {
				continue
			}
			sum += per * r
			games += per
			half += int(o.Points)
		}
		if games == 0 {
			continue
		}
		ra := (2*sum + games) / (2 * games) // nearest integer, .5 up
		pct := (100*half + games) / (2 * games)
		out[i] = ra + dp(pct)
	}
	return out
}
