package pairing

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"

	"github.com/labyrinth-chess/arbiter"
)

// This file checks the Double-Swiss searches against the text read
// literally: every set of upfloaters and every pairing of a bracket is
// listed and compared as C.04.5 3.4-3.6 say, by plain enumeration (small
// fields only).

// dsSpec is one player of a hand-made pairing state.
type dsSpec struct {
	tpn, score int // score in half-points
	met        []int
	floated    bool
	barred     bool
	matches    int
	colours    string // game-1 colours of past matches, "wb"
}

// testRound builds the pairing problem of a state; met is symmetric.
func testRound(specs []dsSpec, last bool) *dsRound {
	in := &DoubleSwissInput{Round: 3, Rounds: 5, InitialColour: arbiter.White, Points: StandardPoints}
	if last {
		in.Rounds = 3
	}
	r := &dsRound{in: in, last: last}
	for _, s := range specs {
		p := &dsPlayer{id: s.tpn, tpn: s.tpn, score: s.score, floated: s.floated, barred: s.barred, matches: s.matches}
		for _, c := range s.colours {
			col := arbiter.White
			if c == 'b' {
				col = arbiter.Black
			} else {
				p.whites++
			}
			p.colours = append(p.colours, col)
		}
		r.players = append(r.players, p)
	}
	sort.SliceStable(r.players, func(i, j int) bool { return dsHigher(r.players[i], r.players[j]) })
	n := len(r.players)
	pos := map[int]int{}
	for i, p := range r.players {
		pos[p.id] = i
	}
	r.compat = make([]bool, n*n)
	for i := range r.compat {
		r.compat[i] = i/n != i%n
	}
	for _, s := range specs {
		for _, o := range s.met {
			i, j := pos[s.tpn], pos[o]
			r.compat[i*n+j], r.compat[j*n+i] = false, false
		}
	}
	r.hint = make([]int, n)
	for i := range r.hint {
		r.hint[i] = -1
	}
	return r
}

// literal pairs r by enumerating what the text compares. It returns the
// pairs as TPNs (smaller first, sorted) and the PAB's TPN (0 for none).
func literal(r *dsRound) ([][2]int, int, bool) {
	n := r.n()
	memo := map[uint64]bool{}
	var perfectSet func(mask uint64) bool
	perfectSet = func(mask uint64) bool {
		if mask == 0 {
			return true
		}
		if v, ok := memo[mask]; ok {
			return v
		}
		first := 0
		for mask>>first&1 == 0 {
			first++
		}
		ok := false
		for j := first + 1; j < n && !ok; j++ {
			if mask>>j&1 == 1 && r.can(first, j) {
				ok = perfectSet(mask &^ (1 << first) &^ (1 << j))
			}
		}
		memo[mask] = ok
		return ok
	}
	maskOf := func(vs []int) uint64 {
		var m uint64
		for _, v := range vs {
			m |= 1 << v
		}
		return m
	}
	all := make([]int, n)
	for i := range all {
		all[i] = i
	}
	bye := 0
	if n%2 == 1 {
		var cands []int
		for _, v := range all {
			if !r.players[v].barred {
				cands = append(cands, v)
			}
		}
		sort.SliceStable(cands, func(i, j int) bool {
			a, b := r.players[cands[i]], r.players[cands[j]]
			if a.score != b.score {
				return a.score < b.score
			}
			if a.matches != b.matches {
				return a.matches > b.matches
			}
			return a.tpn > b.tpn
		})
		found := -1
		for _, v := range cands {
			if perfectSet(maskOf(all) &^ (1 << v)) {
				found = v
				break
			}
		}
		if found < 0 {
			return nil, 0, false
		}
		bye = r.players[found].tpn
		all = without(all, found)
	} else if !perfectSet(maskOf(all)) {
		return nil, 0, false
	}
	var pairs [][2]int
	for len(all) > 0 {
		top := r.players[all[0]].score
		var res, low []int
		for _, v := range all {
			if r.players[v].score == top {
				res = append(res, v)
			} else {
				low = append(low, v)
			}
		}
		type cand struct {
			set    []int
			scores []int
			c6     bool
			c7     int
			seq    []int
		}
		var cands []cand
		for sub := uint64(0); sub < 1<<len(low); sub++ {
			var set, rest []int
			for i, v := range low {
				if sub>>i&1 == 1 {
					set = append(set, v)
				} else {
					rest = append(rest, v)
				}
			}
			if !perfectSet(maskOf(res)|maskOf(set)) || !perfectSet(maskOf(rest)) {
				continue
			}
			c := cand{set: set}
			for _, v := range set {
				c.scores = append(c.scores, r.players[v].score)
				if !r.last && r.players[v].floated {
					c.c7++
				}
			}
			sort.Ints(c.scores)
			sorted := append([]int(nil), set...)
			sort.Slice(sorted, func(i, j int) bool { return dsHigher(r.players[sorted[i]], r.players[sorted[j]]) })
			for _, v := range sorted {
				c.seq = append(c.seq, r.players[v].tpn)
			}
			// C6: the following scoregroup needs no more upfloaters than
			// its parity.
			var group, below []int
			for _, v := range rest {
				if r.players[v].score == r.players[low[0]].score {
					group = append(group, v)
				} else {
					below = append(below, v)
				}
			}
			c.c6 = len(group) == 0
			if len(group) > 0 {
				fewest := -1
				for sub2 := uint64(0); sub2 < 1<<len(below); sub2++ {
					var u2, rest2 []int
					for i, v := range below {
						if sub2>>i&1 == 1 {
							u2 = append(u2, v)
						} else {
							rest2 = append(rest2, v)
						}
					}
					if perfectSet(maskOf(group)|maskOf(u2)) && perfectSet(maskOf(rest2)) && (fewest < 0 || len(u2) < fewest) {
						fewest = len(u2)
					}
				}
				c.c6 = fewest == len(group)%2
			}
			cands = append(cands, c)
		}
		if len(cands) == 0 {
			return nil, 0, false
		}
		better := func(a, b cand) bool {
			if len(a.set) != len(b.set) {
				return len(a.set) < len(b.set) // C4
			}
			if c := slices.Compare(a.scores, b.scores); c != 0 {
				return c > 0 // C5
			}
			return false
		}
		best := cands[0]
		for _, c := range cands[1:] {
			if better(c, best) {
				best = c
			}
		}
		var tier []cand
		for _, c := range cands {
			if !better(best, c) && !better(c, best) {
				tier = append(tier, c)
			}
		}
		anyC6 := false
		for _, c := range tier {
			anyC6 = anyC6 || c.c6
		}
		chosen := tier[0]
		first := true
		for _, c := range tier {
			if anyC6 && !c.c6 {
				continue
			}
			if first || c.c7 < chosen.c7 || c.c7 == chosen.c7 && slices.Compare(c.seq, chosen.seq) < 0 {
				chosen, first = c, false
			}
		}
		// 3.6: every pairing of the bracket, the fewest C8, then the first
		// identifier.
		bracket := append(append([]int(nil), res...), chosen.set...)
		up := map[int]bool{}
		for _, v := range chosen.set {
			up[v] = true
		}
		var bestPairs [][2]int
		var bestID []int
		bestC8 := -1
		var rec func(left []int, acc [][2]int)
		rec = func(left []int, acc [][2]int) {
			if len(left) == 0 {
				c8 := 0
				var ps [][2]int
				for _, pr := range acc {
					a, b := pr[0], pr[1]
					if !r.last && up[a] != up[b] {
						res := a
						if up[a] {
							res = b
						}
						if r.players[res].floated {
							c8++
						}
					}
					ta, tb := r.players[a].tpn, r.players[b].tpn
					if ta > tb {
						ta, tb = tb, ta
					}
					ps = append(ps, [2]int{ta, tb})
				}
				id := identifier(ps)
				if bestC8 < 0 || c8 < bestC8 || c8 == bestC8 && slices.Compare(id, bestID) < 0 {
					bestC8, bestID, bestPairs = c8, id, ps
				}
				return
			}
			a := left[0]
			for k := 1; k < len(left); k++ {
				b := left[k]
				if !r.can(a, b) {
					continue
				}
				rest := append(append([]int(nil), left[1:k]...), left[k+1:]...)
				rec(rest, append(acc, [2]int{a, b}))
			}
		}
		rec(bracket, nil)
		if bestC8 < 0 {
			return nil, 0, false
		}
		pairs = append(pairs, bestPairs...)
		all = minus(all, bracket)
	}
	sortPairs(pairs)
	return pairs, bye, true
}

// identifier is the pairing identifier of C.04.5 3.6.2: the top members
// (the smaller TPN of each pair) in ascending order, then the bottom
// member of each in the same order.
func identifier(pairs [][2]int) []int {
	ps := make([][2]int, len(pairs))
	for i, p := range pairs {
		if p[0] > p[1] {
			p[0], p[1] = p[1], p[0]
		}
		ps[i] = p
	}
	sort.Slice(ps, func(i, j int) bool { return ps[i][0] < ps[j][0] })
	id := make([]int, 0, 2*len(ps))
	for _, p := range ps {
		id = append(id, p[0])
	}
	for _, p := range ps {
		id = append(id, p[1])
	}
	return id
}

func sortPairs(ps [][2]int) {
	sort.Slice(ps, func(i, j int) bool { return ps[i][0] < ps[j][0] })
}

// searched runs the engine's searches on r and returns what literal does.
func searched(r *dsRound) ([][2]int, int, error) {
	idx, bye, err := r.pairRound()
	if err != nil {
		return nil, 0, err
	}
	var pairs [][2]int
	for _, pr := range idx {
		a, b := r.players[pr[0]].tpn, r.players[pr[1]].tpn
		if a > b {
			a, b = b, a
		}
		pairs = append(pairs, [2]int{a, b})
	}
	sortPairs(pairs)
	tpn := 0
	if bye >= 0 {
		tpn = r.players[bye].tpn
	}
	return pairs, tpn, nil
}

// TestIdentifierExample is the example of C.04.5 3.6.2.
func TestIdentifierExample(t *testing.T) {
	got := identifier([][2]int{{11, 24}, {16, 6}, {10, 9}, {8, 4}})
	want := []int{4, 6, 9, 11, 8, 16, 10, 24}
	if !slices.Equal(got, want) {
		t.Errorf("identifier(11-24 16-6 10-9 8-4) = %v, want %v", got, want)
	}
}

// TestDoubleSwissAgainstLiteral pairs random small states by the engine and
// by plain enumeration of the text, and wants the same pairing.
func TestDoubleSwissAgainstLiteral(t *testing.T) {
	rng := rand.New(rand.NewPCG(32, 2026))
	tried, agreed := 0, 0
	for iter := range 3000 {
		n := 4 + rng.IntN(9)
		density := []float64{0.05, 0.2, 0.35, 0.5}[rng.IntN(4)]
		levels := 1 + rng.IntN(5)
		var specs []dsSpec
		for i := 1; i <= n; i++ {
			s := dsSpec{tpn: i, score: rng.IntN(levels) * (1 + rng.IntN(2)), floated: rng.IntN(3) == 0, barred: rng.IntN(4) == 0, matches: rng.IntN(3)}
			specs = append(specs, s)
		}
		for i := 1; i <= n; i++ {
			for j := i + 1; j <= n; j++ {
				if rng.Float64() < density {
					specs[i-1].met = append(specs[i-1].met, j)
				}
			}
		}
		last := rng.IntN(4) == 0
		wantPairs, wantBye, ok := literal(testRound(specs, last))
		gotPairs, gotBye, err := searched(testRound(specs, last))
		tried++
		if !ok {
			if err == nil {
				t.Errorf("state %d %s: literal finds no pairing, the engine pairs %v bye %d", iter, describeSpecs(specs, last), gotPairs, gotBye)
			}
			continue
		}
		if err != nil {
			t.Errorf("state %d %s: engine: %v; literal pairs %v bye %d", iter, describeSpecs(specs, last), err, wantPairs, wantBye)
			continue
		}
		if !slices.Equal(gotPairs, wantPairs) || gotBye != wantBye {
			t.Errorf("state %d %s:\n engine  %v bye %d\n literal %v bye %d", iter, describeSpecs(specs, last), gotPairs, gotBye, wantPairs, wantBye)
			continue
		}
		agreed++
	}
	if agreed < tried/2 {
		t.Errorf("only %d of %d states paired: the random states are too hard to say anything", agreed, tried)
	}
}

func describeSpecs(specs []dsSpec, last bool) string {
	s := fmt.Sprintf("last=%v", last)
	for _, p := range specs {
		s += fmt.Sprintf(" [%d: %d met%v f%v b%v m%d]", p.tpn, p.score, p.met, p.floated, p.barred, p.matches)
	}
	return s
}
