package pairing

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/labyrinth-chess/arbiter"
)

// engine pairs one round under the 2025 rules. The players are sorted by
// score and rank (C.04.3 1.2); brackets are paired from the top scoregroup
// down (1.9), each as a maximum-weight matching whose weights encode the
// criteria (see layout.go), followed by the tie-breaks of the bracket
// procedure (Art. 3-4): which moved-down players are paired, their
// opponents, the fewest and the right exchanges, and the first
// transposition.
type engine struct {
	r        *round
	ps       []*player
	n        int
	odd      bool
	byeScore int
	flagInit bool        // C9 applies from the start (the PAB goes to the top scoregroup)
	c9rank   map[int]int // games played -> rank for C9
	sgBits   int
	mate     []int  // final pairs, by index in ps; -1
	done     []bool // paired in an earlier bracket
	trace    *trace // explanations, nil when not wanted
	legacy   bool   // the 2017 rules

	pos       map[int]int // pairing number to index in ps
	gIndex    []int32     // scratch: index in ps to graph vertex, -1
	weightErr error       // a table weight differs from the formula (tests)

	// The matcher made last and the tie-break terms of the bracket paired
	// last (bracket.bonus and bonusC), whose memory the next bracket takes
	// over: the brackets are paired one after the other.
	spareM                  *matcher
	spareBonus, spareBonusC []int32
}

// pairRound runs the engine and returns the pairs (indices into r.players)
// and the index of the player who gets the PAB (-1 if none).
func pairRound(r *round, tr *trace) ([][2]int, int, error) {
	e := &engine{r: r, ps: r.players, n: len(r.players), trace: tr}
	e.odd = e.n%2 == 1
	e.mate = make([]int, e.n)
	e.done = make([]bool, e.n)
	for i := range e.mate {
		e.mate[i] = -1
	}
	if e.n == 0 {
		return nil, -1, nil
	}
	maxGroup, run := 0, 0
	for i, p := range e.ps {
		if i > 0 && p.score != e.ps[i-1].score {
			run = 0
		}
		run++
		maxGroup = max(maxGroup, run)
	}
	e.sgBits = bits.Len(uint(maxGroup))
	if err := e.phase0(); err != nil {
		return nil, -1, err
	}
	if err := e.brackets(); err != nil {
		return nil, -1, err
	}
	if e.weightErr != nil {
		return nil, -1, e.weightErr
	}
	return e.outcome()
}

// outcome reads the pairs (indices, lower first, in index order) and the
// player left unpaired (-1 if none) from the final matching.
func (e *engine) outcome() ([][2]int, int, error) {
	var pairs [][2]int
	bye := -1
	for i := 0; i < e.n; i++ {
		switch j := e.mate[i]; {
		case j < 0:
			if bye >= 0 {
				return nil, -1, fmt.Errorf("pairing: internal error: players %d and %d both left unpaired", e.ps[bye].id, e.ps[i].id)
			}
			bye = i
		case i < j:
			pairs = append(pairs, [2]int{i, j})
		}
	}
	return pairs, bye, nil
}

// candidate reports whether ps[i] may take the PAB under C2 and C5.
func (e *engine) candidate(i int) bool {
	return e.ps[i].eligible && e.ps[i].score <= e.byeScore
}

// phase0 checks that a complete pairing exists (C1-C4) and fixes the score
// of the PAB assignee (C5): the lowest score at which an eligible player
// can be left over.
func (e *engine) phase0() error {
	n := e.n
	adj := func(i, j int) bool { return canMeet(e.ps[i], e.ps[j]) }
	if !e.odd {
		if !perfect(cardMatch(n, adj, nil)) {
			return e.diagnose()
		}
		return nil
	}
	found := false
	for _, s := range e.eligibleScores() {
		if e.completable(allIndices(n), s) {
			e.byeScore, found = s, true
			break
		}
	}
	if !found {
		return e.diagnose()
	}
	top := e.ps[0].score
	if e.byeScore >= top {
		k := 0
		for k < n && e.ps[k].score == top {
			k++
		}
		e.flagInit = e.completable(allIndices(k), e.byeScore) && perfect(cardMatch(n-k, func(i, j int) bool { return adj(k+i, k+j) }, nil))
	}
	// C9 ranks: players at the PAB score by games played, most first; equal
	// counts share the last rank of their run.
	var counts []int
	for _, p := range e.ps {
		if p.score == e.byeScore {
			counts = append(counts, p.played)
		}
	}
	e.c9rank = map[int]int{}
	for _, c := range counts {
		k := 0
		for _, d := range counts {
			if d >= c {
				k++
			}
		}
		e.c9rank[c] = k - 1
	}
	return nil
}

func allIndices(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = i
	}
	return s
}

// eligibleScores returns the scores of PAB-eligible players, lowest first.
func (e *engine) eligibleScores() []int {
	var s []int
	for i := e.n - 1; i >= 0; i-- {
		p := e.ps[i]
		if p.eligible && (len(s) == 0 || s[len(s)-1] != p.score) {
			s = append(s, p.score)
		}
	}
	return s
}

// completable reports whether the players vs (indices into ps) can all be
// paired, but for at most one who may take the PAB at score byeScore or
// less.
func (e *engine) completable(vs []int, byeScore int) bool {
	n := len(vs)
	adj := func(i, j int) bool {
		if i == n || j == n {
			k := i
			if i == n {
				k = j
			}
			p := e.ps[vs[k]]
			return p.eligible && p.score <= byeScore
		}
		return canMeet(e.ps[vs[i]], e.ps[vs[j]])
	}
	size := n
	if n%2 == 1 {
		size++
	}
	return perfect(cardMatch(size, adj, nil))
}

// diagnose explains why no complete pairing exists, and suggests a
// pairing of the players that breaks only the criterion it names.
func (e *engine) diagnose() error {
	n := e.n
	size := n
	if e.odd {
		size++
	}
	// adj allows the pairs (and the bye, vertex n) that the absolute
	// criteria allow, less those relaxed.
	adj := func(rematch, colours, byes bool) func(i, j int) bool {
		return func(i, j int) bool {
			if i == n || j == n {
				k := i
				if i == n {
					k = j
				}
				return byes || e.ps[k].eligible
			}
			p, q := e.ps[i], e.ps[j]
			if !rematch && met(p, q) {
				return false
			}
			return colours || !colourBarred(p, q)
		}
	}
	try := func(colours, byes bool) bool { return perfect(cardMatch(size, adj(false, colours, byes), nil)) }
	err := &NoPairingError{Round: e.r.in.Round}
	var relaxed func(i, j int) bool
	switch {
	case e.odd && try(false, true):
		err.Criterion, err.Reason = "C2", "every pairing leaves the bye to a player who already had a PAB or scored a win without playing"
		relaxed = adj(false, false, true)
	case try(true, false):
		err.Criterion, err.Reason = "C3", "the players cannot all be paired without two non-topscorers with the same absolute colour preference meeting"
		relaxed = adj(false, true, false)
	case e.odd && try(true, true):
		err.Criterion, err.Reason = "C3", "the players cannot all be paired without two non-topscorers with the same absolute colour preference meeting"
		relaxed = adj(false, true, true)
	default:
		err.Criterion, err.Reason = "C1", "the players cannot all be paired without rematches"
		relaxed = adj(true, false, false)
		if !perfect(cardMatch(size, relaxed, nil)) {
			relaxed = adj(true, true, true)
		}
	}
	// Start from as many pairs as the criteria allow, then complete the
	// pairing with the relaxed ones: augmenting keeps every player
	// paired, so the pairs that break the criterion are few. The bye
	// goes to the lowest player who can take it (C.04.3 C5 in spirit).
	strict := adj(false, false, false)
	byeTo := func(k int, f func(i, j int) bool) func(i, j int) bool {
		return func(i, j int) bool {
			if i == n || j == n {
				return i+j-n == k && f(i, j)
			}
			return f(i, j)
		}
	}
	for k := n - 1; k >= -1; k-- {
		s, r := strict, relaxed
		if e.odd {
			if k < 0 || !relaxed(k, n) {
				continue
			}
			s, r = byeTo(k, strict), byeTo(k, relaxed)
		}
		if mate := cardMatch(size, r, cardMatch(size, s, nil)); perfect(mate) {
			err.Manual = e.manualText(mate)
			break
		}
		if !e.odd {
			break
		}
	}
	return err
}

// manualText writes a complete matching of e's players as a typed
// pairing, "3-1, 2-5, 4 bye": boards in score and rank order, White the
// player whose colour preference it meets (the higher ranked when both
// or neither prefer it).
func (e *engine) manualText(mate []int) string {
	var parts []string
	bye := ""
	for i := 0; i < e.n; i++ {
		j := mate[i]
		if j == e.n {
			bye = fmt.Sprintf("%d bye", e.ps[i].id)
			continue
		}
		if j < i {
			continue
		}
		w, b := e.ps[i], e.ps[j]
		if w.pref == arbiter.Black && b.pref != arbiter.Black || b.pref == arbiter.White && w.pref != arbiter.White {
			w, b = b, w
		}
		parts = append(parts, fmt.Sprintf("%d-%d", w.id, b.id))
	}
	if bye != "" {
		parts = append(parts, bye)
	}
	return strings.Join(parts, ", ")
}

// brackets pairs the scoregroups from the top down.
func (e *engine) brackets() error {
	var tb []int
	i := 0
	for i < e.n && e.ps[i].score >= e.ps[0].score {
		tb = append(tb, i)
		i++
	}
	sg := 0
	flag := e.flagInit
	for len(tb) > 1 || i < e.n {
		nx := len(tb)
		if i < e.n {
			s := e.ps[i].score
			for i < e.n && e.ps[i].score == s {
				tb = append(tb, i)
				i++
			}
		}
		b := &bracket{e: e, tb: tb, sg: sg, nx: nx, rest: i, flag: flag}
		if err := b.pair(); err != nil {
			return err
		}
		var next []int
		nsg := 0
		for k, v := range tb {
			if k < nx && e.done[v] {
				continue
			}
			next = append(next, v)
			if k < nx {
				nsg++
			}
		}
		flag = b.nextFlag
		if nx == len(tb) && len(next) > 1 {
			return fmt.Errorf("pairing: internal error: %d players left in the last bracket", len(next))
		}
		tb, sg = next, nsg
	}
	return nil
}
