package tiebreak

import (
	"cmp"
	"math"
	"slices"

	"github.com/labyrinth-chess/arbiter"
)

// Standing is one line of the standings.
type Standing struct {
	PN     int
	Rank   int           // first rank of the group sharing this place (1-based)
	RankTo int           // last rank of that group; == Rank when the place is not shared
	Points arbiter.Score // total points, pending games counting nothing
	Values []float64     // Values[i] is Chain[i]'s figure for this player
	// Undefined[i] reports that Chain[i]'s figure does not exist for this
	// player (C.07 leaves it undefined: a rating tie-break with no game
	// against a rated opponent, or none left after the cuts; an average
	// over no opponent; a rating tie-break dropped because unrated players
	// take part). Values[i] is then 0, and the player ranks after every
	// player with a figure. nil when every figure is defined.
	Undefined []bool
}

// Shared reports whether the player shares his place with others.
func (s Standing) Shared() bool { return s.RankTo > s.Rank }

// Defined reports whether Chain[i]'s figure exists for the player (see
// Undefined).
func (s Standing) Defined(i int) bool { return s.Undefined == nil || !s.Undefined[i] }

// span is a run order[a:b] of players still tied.
type span struct{ a, b int }

// ranking is the outcome of rank, with what Explain needs about one player.
type ranking struct {
	chain     []Spec
	calc      *calc
	fore      *calc // calc.fore(), made once by an Explainer; nil otherwise
	standings []Standing
	values    [][]float64 // values[i][pn-1]: Chain[i]'s figure

	// traced is the player Explain is about, 0 for none, traceAll for
	// every player (an Explainer).
	traced int
	// groups[i] maps a player to the group he was tied in when DE at
	// Chain[i] was applied, for the players traced: absent when he was
	// tied with no one.
	groups []map[int]*deGroup
}

// traceAll, as rank's traced, records the groups of every player.
const traceAll = -1

// deGroup is a group of players still tied when DE was applied: its
// members, in pairing-number order, and the steps DE took.
type deGroup struct {
	members []int
	trace   deTrace
}

// Rank ranks the players of in.Table: by points, then by each tie-break of
// in.Chain in turn, each applied only to the players still tied (C.07 4.2).
// Players level on points and on the whole chain share a place (Rank to
// RankTo) and are listed by pairing number. Standings come in rank order,
// one per card.
//
// Every figure is computed for every player except DE, which only exists
// within a group still tied when it is applied: see the package comment for
// what its figure means. Rank returns an error if the table is nil or
// inconsistent, if Ratings does not have one entry per player, or if a
// spec of the chain is invalid.
func Rank(in Input) ([]Standing, error) {
	r, err := rank(in, 0)
	if err != nil {
		return nil, err
	}
	return r.standings, nil
}

// rank does the work of Rank, recording the groups traced belongs to.
func rank(in Input, traced int) (*ranking, error) {
	c, err := newCalc(in)
	if err != nil {
		return nil, err
	}
	r := &ranking{
		chain:  in.Chain,
		calc:   c,
		values: make([][]float64, len(in.Chain)),
		traced: traced,
		groups: make([]map[int]*deGroup, len(in.Chain)),
	}
	order := make([]int, c.n)
	for i := range order {
		order[i] = i + 1
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(c.score[b], c.score[a]) })
	groups := split(order, 0, c.n, func(pn int) float64 { return float64(c.score[pn]) }, nil)

	at := make(map[int]int)
	for i, s := range in.Chain {
		var vals []float64
		if s.Code == DE {
			vals = make([]float64, c.n)
		} else {
			vals = c.values(s)
		}
		r.values[i] = vals
		var next []span
		for _, g := range groups {
			members := order[g.a:g.b]
			if g.b-g.a < 2 {
				next = append(next, g)
				continue
			}
			if s.Code != DE {
				// An undefined figure ranks after every other.
				key := func(pn int) float64 {
					v := vals[pn-1]
					switch {
					case isUndefined(v) && s.Code.lowerFirst():
						return math.Inf(1)
					case isUndefined(v):
						return math.Inf(-1)
					}
					return v
				}
				if s.Code.lowerFirst() {
					slices.SortStableFunc(members, func(a, b int) int { return cmp.Compare(key(a), key(b)) })
				} else {
					slices.SortStableFunc(members, func(a, b int) int { return cmp.Compare(key(b), key(a)) })
				}
				next = split(order, g.a, g.b, key, next)
				continue
			}
			var tr *deTrace
			if traced == traceAll || traced != 0 && slices.Contains(members, traced) {
				dg := &deGroup{members: slices.Sorted(slices.Values(members))}
				if r.groups[i] == nil {
					r.groups[i] = make(map[int]*deGroup)
				}
				for _, pn := range dg.members {
					if traced == traceAll || pn == traced {
						r.groups[i][pn] = dg
					}
				}
				tr = &dg.trace
			}
			parts := c.directEncounter(slices.Sorted(slices.Values(members)), at, tr)
			if len(parts) == 1 {
				next = append(next, g)
				continue
			}
			pos, place := g.a, 1
			for _, part := range parts {
				for _, pn := range part {
					order[pos] = pn
					vals[pn-1] = float64(place)
					pos++
				}
				next = append(next, span{pos - len(part), pos})
				place += len(part)
			}
		}
		groups = next
	}

	r.standings = make([]Standing, 0, c.n)
	m := len(in.Chain)
	all := make([]float64, c.n*m) // one array for every line's Values
	for _, g := range groups {
		for _, pn := range order[g.a:g.b] {
			k := len(r.standings)
			st := Standing{PN: pn, Rank: g.a + 1, RankTo: g.b, Points: c.score[pn], Values: all[k*m : (k+1)*m : (k+1)*m]}
			for i := range in.Chain {
				v := r.values[i][pn-1]
				if isUndefined(v) {
					if st.Undefined == nil {
						st.Undefined = make([]bool, m)
					}
					st.Undefined[i] = true
					v = 0
				}
				st.Values[i] = v
			}
			r.standings = append(r.standings, st)
		}
	}
	return r, nil
}

// split appends to out the runs of order[a:b] with equal key; order[a:b]
// must already be sorted by key.
func split(order []int, a, b int, key func(pn int) float64, out []span) []span {
	for i := a; i < b; {
		j := i + 1
		for j < b && key(order[j]) == key(order[i]) {
			j++
		}
		out = append(out, span{i, j})
		i = j
	}
	return out
}
