package prizes

import (
	"slices"

	"github.com/labyrinth-chess/arbiter"
)

// Contender is a player before the rounds left are played: the points
// they end with if they lose every game left (Min) and if they win every
// one (Max). A result already entered, a bye or an absence counts the
// same in both.
type Contender struct {
	PN       int
	Member   Member
	Min, Max arbiter.Score
}

// Reach is a list in which a player can still win a prize: the places
// the player can end in that have prizes, and those prizes.
type Reach struct {
	Category string  // "" for the general standings
	From, To int     // the best and the worst place the player can end in, clipped to the prize places
	Prizes   []Prize // the prizes of those places, by place; shared with other reaches: read only
}

// InReach returns, for each player of cs by pairing number, the lists in
// which the player can still win a prize, the general standings first:
// the places from the best the player can reach to the worst, and the
// prizes of those places. A category below its minimum of players gives
// none; players with nothing in reach are left out.
//
// The best place counts ahead of the player those who cannot fall to the
// player's most points, the tie-breaks going the player's way; but a
// player who can win a prize in another list may take it (one prize per
// player) and leave the place, so is not counted. The worst place counts
// ahead everyone who can reach the player's fewest points.
func InReach(r Rules, cs []Contender) map[int][]Reach {
	type roster struct {
		name    string
		members []Contender
		prizes  []Prize // by place
	}
	var lists []roster
	for i := -1; i < len(r.Categories); i++ {
		l := roster{members: cs}
		if i >= 0 {
			c := r.Categories[i]
			l = roster{name: c.Name}
			for _, x := range cs {
				if c.Admits(x.Member) {
					l.members = append(l.members, x)
				}
			}
			if len(l.members) < c.MinPlayers {
				continue
			}
		}
		for _, p := range r.Prizes {
			if c := r.Category(p.Category); (p.Category == "" && l.name == "") || (c != nil && c.Name == l.name) {
				l.prizes = append(l.prizes, p)
			}
		}
		slices.SortStableFunc(l.prizes, func(a, b Prize) int { return a.Place - b.Place })
		if len(l.prizes) > 0 {
			lists = append(lists, l)
		}
	}
	// inList[k][i]: contender cs[i] has a prize in reach in list k;
	// lists[i]: in how many. They only grow, and the places in reach
	// with them: the loop ends when a turn adds nothing.
	index := make(map[int]int, len(cs))
	for i, x := range cs {
		index[x.PN] = i
	}
	inList := make([][]bool, len(lists))
	for k := range inList {
		inList[k] = make([]bool, len(cs))
	}
	count := make([]int, len(cs))
	var out map[int][]Reach
	for changed := true; changed; {
		changed = false
		out = map[int][]Reach{}
		for k, l := range lists {
			// The fewest points of those who cannot leave the list (in
			// reach of a prize of no other list), and the most points
			// of all, sorted: the places are counted by binary search.
			var mins []arbiter.Score
			maxes := make([]arbiter.Score, 0, len(l.members))
			for _, y := range l.members {
				j := index[y.PN]
				if count[j]-b2i(inList[k][j]) == 0 {
					mins = append(mins, y.Min)
				}
				maxes = append(maxes, y.Max)
			}
			slices.Sort(mins)
			slices.Sort(maxes)
			places := make([]int, len(l.prizes))
			for i, p := range l.prizes {
				places[i] = p.Place
			}
			for _, x := range l.members {
				// Ahead for sure: a Min above x's Max (never x itself,
				// whose Min is at most its Max).
				above, _ := slices.BinarySearch(mins, x.Max+1)
				best := 1 + len(mins) - above
				// Possibly ahead: a Max of x's Min or more, x's own
				// among them.
				from, _ := slices.BinarySearch(maxes, x.Min)
				worst := len(maxes) - from
				lo, _ := slices.BinarySearch(places, best)
				hi, _ := slices.BinarySearch(places, worst+1)
				if lo >= hi {
					continue
				}
				ps := l.prizes[lo:hi:hi]
				out[x.PN] = append(out[x.PN], Reach{Category: l.name, From: ps[0].Place, To: ps[len(ps)-1].Place, Prizes: ps})
				if j := index[x.PN]; !inList[k][j] {
					inList[k][j], changed = true, true
					count[j]++
				}
			}
		}
	}
	return out
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
