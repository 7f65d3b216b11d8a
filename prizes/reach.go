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
	Category string // "" for the general standings
	From, To int    // the best and the worst place the player can end in, clipped to the prize places
	Prizes   []Prize
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
	// elsewhere[pn][list]: the player has a prize in reach in a list
	// other than list. It only grows, and the places in reach with it:
	// the loop ends when a turn adds nothing.
	out := map[int][]Reach{}
	for {
		elsewhere := map[int]map[string]bool{}
		for pn, rs := range out {
			elsewhere[pn] = map[string]bool{}
			for _, l := range lists {
				for _, rc := range rs {
					if rc.Category != l.name {
						elsewhere[pn][l.name] = true
					}
				}
			}
		}
		next := map[int][]Reach{}
		for _, l := range lists {
			for _, x := range l.members {
				best, worst := 1, 1
				for _, y := range l.members {
					if y.PN == x.PN {
						continue
					}
					if y.Min > x.Max && !elsewhere[y.PN][l.name] {
						best++
					}
					if y.Max >= x.Min {
						worst++
					}
				}
				rc := Reach{Category: l.name}
				for _, p := range l.prizes {
					if p.Place >= best && p.Place <= worst {
						rc.Prizes = append(rc.Prizes, p)
					}
				}
				if len(rc.Prizes) > 0 {
					rc.From, rc.To = rc.Prizes[0].Place, rc.Prizes[len(rc.Prizes)-1].Place
					next[x.PN] = append(next[x.PN], rc)
				}
			}
		}
		if sameReach(out, next) {
			return next
		}
		out = next
	}
}

func sameReach(a, b map[int][]Reach) bool {
	if len(a) != len(b) {
		return false
	}
	for pn, ra := range a {
		rb := b[pn]
		if len(ra) != len(rb) {
			return false
		}
		for i := range ra {
			if ra[i].Category != rb[i].Category || ra[i].From != rb[i].From || ra[i].To != rb[i].To {
				return false
			}
		}
	}
	return true
}
