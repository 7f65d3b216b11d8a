package pairing

// The searches of the Double-Swiss system (C.04.5 3.4-3.6). Whether a set
// of players can all be paired without a rematch (C1, the completion
// criterion C3) is a perfect-matching question, answered by the blossom
// algorithm of complete.go (cardMatch); which players can be left out of
// a perfect matching is read from one failed search (Gallai-Edmonds:
// exactly the vertices an alternating search from the free vertex labels
// outer). The text's orders are then followed literally: upfloater sets in
// the order of 3.5.4, bracket pairings in the order of their identifiers
// (3.6.2), each candidate kept only if a perfect matching still completes
// it. A matching found is kept as a witness, so that most steps of the
// search cost one look at it.

import (
	"sort"
)

// matchable reports whether the players vs (indices of r.players) can
// all be paired with each other, pairs also allowed by allow (nil for
// any pair C1 allows), and returns the mate of each, by position in vs.
// It starts from r.hint and updates it.
func (r *dsRound) matchable(vs []int, allow func(a, b int) bool) ([]int, bool) {
	if len(vs)%2 == 1 {
		return nil, false
	}
	mate := r.maxMatching(vs, allow)
	return mate, perfect(mate)
}

// maxMatching returns a maximum matching of vs under C1 (and allow), by
// position in vs, seeded from r.hint.
func (r *dsRound) maxMatching(vs []int, allow func(a, b int) bool) []int {
	k := len(vs)
	if k == 0 {
		return nil
	}
	at := make(map[int]int, k)
	for i, v := range vs {
		at[v] = i
	}
	adj := func(i, j int) bool {
		a, b := vs[i], vs[j]
		return r.can(a, b) && (allow == nil || allow(a, b))
	}
	mate := make([]int, k)
	for i := range mate {
		mate[i] = -1
	}
	for i, v := range vs {
		if h := r.hint[v]; h >= 0 && r.hint[h] == v {
			if j, ok := at[h]; ok && mate[i] < 0 && mate[j] < 0 && adj(i, j) {
				mate[i], mate[j] = j, i
			}
		}
	}
	// Greedy completion before the blossom searches: the first free
	// partner allowed.
	for i := 0; i < k; i++ {
		if mate[i] >= 0 {
			continue
		}
		for j := i + 1; j < k; j++ {
			if mate[j] < 0 && adj(i, j) {
				mate[i], mate[j] = j, i
				break
			}
		}
	}
	mate = cardMatch(k, adj, mate)
	if allow == nil {
		for i, v := range vs {
			if mate[i] >= 0 {
				r.hint[v] = vs[mate[i]]
			}
		}
	}
	return mate
}

// missable returns, for an odd set vs, the players whose removal leaves
// the others a perfect matching under C1: the players some maximum
// matching leaves out when a maximum matching leaves out only one.
func (r *dsRound) missable(vs []int) map[int]bool {
	out := map[int]bool{}
	if len(vs) == 0 {
		return out
	}
	mate := r.maxMatching(vs, nil)
	free := -1
	for i, m := range mate {
		if m < 0 {
			if free >= 0 {
				return out // two or more left out: no bye completes the round
			}
			free = i
		}
	}
	if free < 0 {
		return out
	}
	k := len(vs)
	cm := &cardMatcher{n: k, adj: func(i, j int) bool { return r.can(vs[i], vs[j]) }, mate: mate,
		parent: make([]int, k), base: make([]int, k), used: make([]bool, k),
		blossom: make([]bool, k), mark: make([]bool, k), queue: make([]int, 0, k)}
	cm.augmentFrom(free) // fails: the matching is maximum
	for i, u := range cm.used {
		if u {
			out[vs[i]] = true
		}
	}
	return out
}

// bridged reports whether some player of a (odd, with a
// near-perfect matching) who can be left out has a partner among the
// players of b who can be left out: then a and b together can be paired
// with one pair between them.
func (r *dsRound) bridged(a, b []int) bool {
	da, db := r.missable(a), r.missable(b)
	for x := range da {
		for y := range db {
			if r.can(x, y) {
				return true
			}
		}
	}
	return false
}

// upfloaterSet is a set of upfloaters for the top scoregroup with what
// 3.5 compares.
type upfloaterSet struct {
	members []int // in the order of 3.5.3: descending score, then ascending TPN
	c6      bool  // the following scoregroup can still be paired with the fewest upfloaters
	c7      int   // upfloaters who were floaters in the previous round
}

// selectUpfloaters chooses the upfloaters of the top scoregroup residents
// among the lower players (3.5): the sets that make the bracket legal (C1)
// and leave the rest a legal pairing (C3); of those the fewest players
// (C4), with the highest scores (C5), then keeping the following
// scoregroup pairable with the fewest upfloaters (C6), then the fewest
// who were floaters in the previous round (C7, not in the last round);
// then the first set in the order of 3.5.4.
func (r *dsRound) selectUpfloaters(residents, lower []int) ([]int, error) {
	for k := len(residents) % 2; k <= len(lower); k += 2 {
		if k == 0 {
			if _, ok := r.matchable(residents, nil); ok {
				if _, ok := r.matchable(lower, nil); ok {
					if r.tr != nil {
						r.tr.upfloaters(nil)
					}
					return nil, nil
				}
			}
			continue
		}
		if set, ok := r.upfloatersOfSize(residents, lower, k); ok {
			if r.tr != nil {
				r.tr.upfloaters(&set)
			}
			return set.members, nil
		}
	}
	return nil, &NoPairingError{Round: r.in.Round, Criterion: "C3", Reason: "the top scoregroup cannot be completed with any set of upfloaters", System: "C.04.5"}
}

// level is the lower players with one score, by ascending TPN.
type level struct {
	score   int
	members []int
	steady  int // members who were not floaters in the previous round
}

// upfloatersOfSize finds the best set of k upfloaters (3.5.2-3.5.5), or
// reports that no set of k makes the bracket and the rest pairable.
func (r *dsRound) upfloatersOfSize(residents, lower []int, k int) (upfloaterSet, bool) {
	var levels []level
	for _, v := range lower {
		p := r.players[v]
		if len(levels) == 0 || levels[len(levels)-1].score != p.score {
			levels = append(levels, level{score: p.score})
		}
		l := &levels[len(levels)-1]
		l.members = append(l.members, v)
		if !p.floated {
			l.steady++
		}
	}
	for _, l := range levels {
		sort.Slice(l.members, func(i, j int) bool { return r.players[l.members[i]].tpn < r.players[l.members[j]].tpn })
	}
	// Players of size one sets who may complete the bracket and the rest
	// (k = 1 is the common case): an upfloater must have a partner among
	// the residents who can be left out of a residents' matching, and
	// must be one the lower players can do without.
	var single map[int]bool
	if k == 1 {
		single = map[int]bool{}
		dr, dl := r.missable(residents), r.missable(lower)
		for y := range dl {
			for x := range dr {
				if r.can(x, y) {
					single[y] = true
					break
				}
			}
		}
		if len(single) == 0 {
			return upfloaterSet{}, false
		}
	}
	feasible := func(set []int) bool {
		if single != nil {
			return single[set[0]]
		}
		if _, ok := r.matchable(append(append([]int(nil), residents...), set...), nil); !ok {
			return false
		}
		_, ok := r.matchable(minus(lower, set), nil)
		return ok
	}
	// C5: the profiles (how many upfloaters of each score) in the order
	// of their ascending lists of scores, highest first.
	var best upfloaterSet
	found := false
	forProfiles(levels, k, func(counts []int) bool {
		floor := 0 // C7 cannot go below the upfloaters some level must give that floated
		for i, c := range counts {
			if c > levels[i].steady {
				floor += c - levels[i].steady
			}
		}
		if r.last {
			floor = 0
		}
		forSets(levels, counts, func(set []int) bool {
			if !feasible(set) {
				return true
			}
			c7 := 0
			if !r.last {
				for _, v := range set {
					if r.players[v].floated {
						c7++
					}
				}
			}
			if found && best.c6 && c7 >= best.c7 {
				return true // cannot beat the best on C6, C7
			}
			c6 := r.followingPairable(lower, set)
			if !found || c6 && !best.c6 || c6 == best.c6 && c7 < best.c7 {
				best = upfloaterSet{members: append([]int(nil), set...), c6: c6, c7: c7}
				found = true
			}
			return !(best.c6 && best.c7 == floor)
		})
		return !found
	})
	return best, found
}

// followingPairable reports whether, with the upfloaters set taken, the
// following scoregroup (the highest score among the lower players) can
// still form a legal bracket with the fewest upfloaters its number of
// players allows, none or one, and leave the rest a legal pairing (C6).
func (r *dsRound) followingPairable(lower, set []int) bool {
	taken := make(map[int]bool, len(set))
	for _, v := range set {
		taken[v] = true
	}
	var group, rest []int
	score := r.players[lower[0]].score
	for _, v := range lower {
		switch {
		case taken[v]:
		case r.players[v].score == score:
			group = append(group, v)
		default:
			rest = append(rest, v)
		}
	}
	if len(group) == 0 {
		return true
	}
	if len(group)%2 == 0 {
		if _, ok := r.matchable(group, nil); !ok {
			return false
		}
		_, ok := r.matchable(rest, nil)
		return ok
	}
	return len(rest) > 0 && r.bridged(group, rest)
}

// forProfiles calls f with the counts of k upfloaters per level, in the
// order of C5: the ascending list of the upfloaters' scores compared
// position by position, the higher first. It stops when f returns false.
func forProfiles(levels []level, k int, f func(counts []int) bool) {
	counts := make([]int, len(levels))
	// The ascending list is built from its lowest score up: position by
	// position, from the highest level down to the level of the previous
	// position.
	var rec func(pos, maxLevel int) bool
	rec = func(pos, maxLevel int) bool {
		if pos == k {
			return f(counts)
		}
		for l := 0; l <= maxLevel; l++ {
			if counts[l] == len(levels[l].members) {
				continue
			}
			counts[l]++
			more := rec(pos+1, l)
			counts[l]--
			if !more {
				return false
			}
		}
		return true
	}
	rec(0, len(levels)-1)
}

// forSets calls f with the sets of upfloaters that take counts[l] players
// of each level l, in the order of 3.5.4: sequences of descending score
// and ascending TPN, in lexicographic order of their TPNs. It stops when f
// returns false.
func forSets(levels []level, counts []int, f func(set []int) bool) {
	var set []int
	var rec func(l, from, left int) bool
	rec = func(l, from, left int) bool {
		if l == len(levels) {
			return f(set)
		}
		if left == 0 {
			next := 0
			if l+1 < len(levels) {
				next = counts[l+1]
			}
			return rec(l+1, 0, next)
		}
		ms := levels[l].members
		for i := from; i <= len(ms)-left; i++ {
			set = append(set, ms[i])
			more := rec(l, i+1, left-1)
			set = set[:len(set)-1]
			if !more {
				return false
			}
		}
		return true
	}
	if len(levels) > 0 {
		rec(0, 0, counts[0])
	}
}

// Roles of a bracket member in a pairing identifier (3.6.2).
const (
	roleOpen int8 = iota
	roleTop
	roleBottom
)

// bracketSearch pairs one bracket (3.6).
type bracketSearch struct {
	r      *dsRound
	loc    []int // bracket members by ascending TPN, as indices of r.players
	up     []bool
	bad    []bool // bad[i*m+j]: an upfloater meets a resident who floated in the previous round (C8)
	role   []int8
	fixed  []int
	mate   []int // the witness: a perfect matching that keeps every decision so far and the C8 target
	budget []int // upfloaters allowed a C8 pair in the witness
	target int   // the fewest C8 pairs a pairing of the bracket can have
	subs   [][]int
}

// pairBracket pairs the residents with the upfloaters chosen for them
// (3.6): of the pairings that break C1 nowhere and have the fewest
// upfloaters' opponents who were floaters in the previous round (C8, not
// in the last round), the one whose identifier comes first. The
// identifier (3.6.2) lists the top members (the smaller TPN of each pair)
// in ascending order, then the bottom member of each top member in turn;
// identifiers compare lexicographically (3.6.3).
func (r *dsRound) pairBracket(residents, ups []int) ([][2]int, error) {
	members := append(append([]int(nil), residents...), ups...)
	sort.Slice(members, func(i, j int) bool { return r.players[members[i]].tpn < r.players[members[j]].tpn })
	m := len(members)
	s := &bracketSearch{r: r, loc: members, up: make([]bool, m), bad: make([]bool, m*m),
		role: make([]int8, m), fixed: make([]int, m)}
	isUp := make(map[int]bool, len(ups))
	for _, v := range ups {
		isUp[v] = true
	}
	var exposed []int // upfloaters who could meet a resident who floated
	for i, v := range members {
		s.up[i] = isUp[v]
		s.fixed[i] = -1
	}
	if !r.last {
		for i := range m {
			if !s.up[i] {
				continue
			}
			any := false
			for j := range m {
				if !s.up[j] && r.players[members[j]].floated && r.can(members[i], members[j]) {
					s.bad[i*m+j], s.bad[j*m+i] = true, true
					any = true
				}
			}
			if any {
				exposed = append(exposed, i)
			}
		}
	}
	// The C8 target: the fewest upfloaters who must meet such a resident.
	ok := false
	for t := 0; t <= len(exposed) && !ok; t++ {
		s.target = t
		s.subs = combinations(exposed, t)
		ok = s.solve(s.natural())
	}
	if !ok {
		return nil, &NoPairingError{Round: r.in.Round, Criterion: "C1", Reason: "a bracket cannot be paired without a rematch", System: "C.04.5"}
	}
	// The top members: the smallest TPNs that can be (3.6.3).
	tops, bottoms := 0, 0
	for i := range m {
		switch {
		case tops == m/2:
			s.role[i] = roleBottom
		case bottoms == m/2 || i == 0:
			s.role[i] = roleTop
		default:
			s.role[i] = roleTop
			if !s.keeps() && !s.solve(s.mate) {
				s.role[i] = roleBottom
			}
		}
		if s.role[i] == roleTop {
			tops++
		} else {
			bottoms++
		}
	}
	// Then each top member's bottom member, the smallest TPN that can be.
	var pairs [][2]int
	for t := range m {
		if s.role[t] != roleTop {
			continue
		}
		for b := t + 1; b < m; b++ {
			if s.role[b] != roleBottom || s.fixed[b] >= 0 || !s.edgeAny(t, b) {
				continue
			}
			if s.mate[t] == b {
				s.fixed[t], s.fixed[b] = b, t
				break
			}
			s.fixed[t], s.fixed[b] = b, t
			if s.solve(s.mate) {
				break
			}
			s.fixed[t], s.fixed[b] = -1, -1
		}
		if s.fixed[t] < 0 {
			// The witness keeps every decision: its pair is always there.
			b := s.mate[t]
			s.fixed[t], s.fixed[b] = b, t
		}
		pairs = append(pairs, [2]int{members[t], members[s.fixed[t]]})
	}
	if r.tr != nil {
		r.tr.bracket(r, residents, ups, pairs)
	}
	return pairs, nil
}

// natural returns the pairing 1 v m/2+1, 2 v m/2+2, ... of the bracket,
// the first identifier when nothing stands in its way, as a start.
func (s *bracketSearch) natural() []int {
	m := len(s.loc)
	mate := make([]int, m)
	for i := range m / 2 {
		mate[i], mate[i+m/2] = i+m/2, i
	}
	return mate
}

// edge reports whether members i and j may form a pair under the
// decisions so far, with a C8 pair allowed to the upfloaters in budget.
func (s *bracketSearch) edge(i, j int, budget []int) bool {
	if i > j {
		i, j = j, i
	}
	m := len(s.loc)
	if !s.r.can(s.loc[i], s.loc[j]) || s.role[i] == roleBottom || s.role[j] == roleTop {
		return false
	}
	if s.fixed[i] >= 0 && s.fixed[i] != j || s.fixed[j] >= 0 && s.fixed[j] != i {
		return false
	}
	if s.bad[i*m+j] {
		u := i
		if !s.up[i] {
			u = j
		}
		for _, b := range budget {
			if b == u {
				return true
			}
		}
		return false
	}
	return true
}

// edgeAny reports whether members i and j may form a pair under some
// budget of C8 pairs the target allows.
func (s *bracketSearch) edgeAny(i, j int) bool {
	for _, budget := range s.subs {
		if s.edge(i, j, budget) {
			return true
		}
	}
	return false
}

// keeps reports whether the witness keeps every decision.
func (s *bracketSearch) keeps() bool {
	for i, j := range s.mate {
		if i < j && !s.edge(i, j, s.budget) {
			return false
		}
	}
	return true
}

// solve looks for a perfect matching of the bracket that keeps every
// decision, starting from start; on success it becomes the witness.
func (s *bracketSearch) solve(start []int) bool {
	m := len(s.loc)
	for _, budget := range s.subs {
		mate := make([]int, m)
		for i := range mate {
			mate[i] = -1
		}
		for i, j := range start {
			if j >= 0 && i < j && s.edge(i, j, budget) {
				mate[i], mate[j] = j, i
			}
		}
		mate = cardMatch(m, func(i, j int) bool { return s.edge(i, j, budget) }, mate)
		if perfect(mate) {
			s.mate, s.budget = mate, budget
			return true
		}
	}
	return false
}

// combinations returns the subsets of xs of size k, in lexicographic order.
func combinations(xs []int, k int) [][]int {
	var out [][]int
	var cur []int
	var rec func(from int)
	rec = func(from int) {
		if len(cur) == k {
			out = append(out, append([]int(nil), cur...))
			return
		}
		for i := from; i <= len(xs)-(k-len(cur)); i++ {
			cur = append(cur, xs[i])
			rec(i + 1)
			cur = cur[:len(cur)-1]
		}
	}
	rec(0)
	return out
}
