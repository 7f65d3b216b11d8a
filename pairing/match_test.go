package pairing

import (
	"math/big"
	"math/rand/v2"
	"os"
	"testing"
)

// denseGraph is a test graph with weights in a dense matrix.
type denseGraph struct {
	n, nw int
	w     []uint64 // doubled weights
}

func (g *denseGraph) at(u, v int) []uint64 {
	i := (u*g.n + v) * g.nw
	return g.w[i : i+g.nw]
}

func (g *denseGraph) set(u, v int, x *big.Int) {
	d := new(big.Int).Lsh(x, 1)
	for i := 0; i < g.nw; i++ {
		word := new(big.Int).Rsh(d, uint(64*i))
		word.And(word, new(big.Int).SetUint64(^uint64(0)))
		g.at(u, v)[i] = word.Uint64()
		g.at(v, u)[i] = word.Uint64()
	}
}

func (g *denseGraph) big(u, v int) *big.Int {
	x := new(big.Int)
	for i := g.nw - 1; i >= 0; i-- {
		x.Lsh(x, 64)
		x.Or(x, new(big.Int).SetUint64(g.at(u, v)[i]))
	}
	return x.Rsh(x, 1)
}

// matcher returns a matcher of g, on the memory of old when not nil.
func (g *denseGraph) matcher(old *matcher) *matcher {
	return newMatcher(g.n, g.nw, func(u, v int) []uint64 { return g.at(u, v) },
		func(u int) []uint64 { return g.w[u*g.n*g.nw : (u+1)*g.n*g.nw] }, old)
}

// bruteMax returns the maximum weight of a matching on the active vertices.
func bruteMax(g *denseGraph, active []bool) *big.Int {
	memo := map[uint32]*big.Int{}
	var rec func(mask uint32) *big.Int
	rec = func(mask uint32) *big.Int {
		if mask == 0 {
			return new(big.Int)
		}
		if r, ok := memo[mask]; ok {
			return r
		}
		u := 0
		for mask&(1<<u) == 0 {
			u++
		}
		rest := mask &^ (1 << u)
		best := new(big.Int).Set(rec(rest))
		for v := u + 1; v < g.n; v++ {
			if rest&(1<<v) == 0 || wzero(g.at(u, v)) {
				continue
			}
			c := new(big.Int).Add(rec(rest&^(1<<v)), g.big(u, v))
			if c.Cmp(best) > 0 {
				best = c
			}
		}
		memo[mask] = best
		return best
	}
	var mask uint32
	for v := 0; v < g.n; v++ {
		if active[v] {
			mask |= 1 << v
		}
	}
	return rec(mask)
}

func matchedWeight(t *testing.T, g *denseGraph, m *matcher) *big.Int {
	t.Helper()
	sum := new(big.Int)
	for u := 0; u < g.n; u++ {
		v := int(m.mate[u])
		if v < 0 {
			continue
		}
		if !m.active[u] || !m.active[v] || int(m.mate[v]) != u || wzero(g.at(u, v)) {
			t.Fatalf("bad matching: %d-%d", u, v)
		}
		if u < v {
			sum.Add(sum, g.big(u, v))
		}
	}
	return sum
}

func randomWeight(r *rand.Rand, style int) *big.Int {
	switch style {
	case 0: // few distinct values: many ties
		return big.NewInt(int64(1 + r.IntN(3)))
	case 1:
		return big.NewInt(int64(1 + r.IntN(1000)))
	default: // lexicographic fields wider than a word
		x := big.NewInt(int64(1 + r.IntN(4)))
		x.Lsh(x, 70)
		x.Add(x, new(big.Int).Lsh(big.NewInt(int64(r.IntN(3))), 40))
		return x.Add(x, big.NewInt(int64(r.IntN(5))))
	}
}

func TestMatcherRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	iters, maxN := 2000, 11
	if os.Getenv("PAIRING_LONG") != "" {
		iters, maxN = 30000, 15
	}
	// Each matcher but the first takes over the memory of the one before,
	// of another size, as the brackets of a round do.
	var prev *matcher
	for iter := 0; iter < iters; iter++ {
		n := 2 + r.IntN(maxN)
		style := iter % 3
		g := &denseGraph{n: n, nw: 2, w: make([]uint64, n*n*2)}
		density := 0.3 + 0.7*r.Float64()
		for u := 0; u < n; u++ {
			for v := u + 1; v < n; v++ {
				if r.Float64() < density {
					g.set(u, v, randomWeight(r, style))
				}
			}
		}
		m := g.matcher(prev)
		prev = m
		active := make([]bool, n)
		order := r.Perm(n)
		for _, v := range order {
			m.add(v)
			active[v] = true
		}
		checkDuals(t, g, m)
		if got, want := matchedWeight(t, g, m), bruteMax(g, active); got.Cmp(want) != 0 {
			t.Fatalf("iter %d: matching weight %v, want %v", iter, got, want)
		}
		// Random updates: reweigh a vertex, or remove a matched pair.
		for step := 0; step < 6; step++ {
			if r.IntN(3) == 0 {
				u := r.IntN(n)
				if v := m.mate[u]; v >= 0 && active[u] {
					m.remove(u, int(v))
					active[u], active[v] = false, false
				}
			} else {
				u := r.IntN(n)
				if !active[u] {
					continue
				}
				for v := 0; v < n; v++ {
					if v != u && r.Float64() < 0.5 {
						if r.IntN(4) == 0 {
							for i := 0; i < g.nw; i++ {
								g.at(u, v)[i], g.at(v, u)[i] = 0, 0
							}
						} else {
							g.set(u, v, randomWeight(r, style))
						}
					}
				}
				m.reweigh(u)
			}
			checkDuals(t, g, m)
			if got, want := matchedWeight(t, g, m), bruteMax(g, active); got.Cmp(want) != 0 {
				t.Fatalf("iter %d step %d: matching weight %v, want %v", iter, step, got, want)
			}
		}
	}
}

// checkDuals verifies the optimality certificate of m.
func checkDuals(t *testing.T, g *denseGraph, m *matcher) {
	t.Helper()
	n := g.n
	// blossoms holding each vertex, innermost first
	holders := func(v int32) []int32 {
		var hs []int32
		for b := m.parent[v]; b >= 0; b = m.parent[b] {
			hs = append(hs, b)
		}
		return hs
	}
	for v := 0; v < n; v++ {
		if !m.active[v] {
			continue
		}
		if wsign(m.y(int32(v))) < 0 {
			t.Fatalf("vertex %d has negative dual", v)
		}
		if m.mate[v] < 0 && wsign(m.y(int32(v))) != 0 {
			t.Fatalf("free vertex %d has dual %v (inb %d base %d)", v, m.y(int32(v)), m.inb[v], m.base[m.inb[v]])
		}
		top := int32(v)
		for m.parent[top] >= 0 {
			top = m.parent[top]
		}
		if m.inb[v] != top {
			t.Fatalf("inb[%d] = %d, top is %d", v, m.inb[v], top)
		}
	}
	for b := n; b < 2*n; b++ {
		if m.base[b] >= 0 && wsign(m.y(int32(b))) < 0 {
			t.Fatalf("blossom %d has negative dual", b)
		}
	}
	s := make([]uint64, g.nw)
	for u := 0; u < n; u++ {
		for v := u + 1; v < n; v++ {
			if !m.active[u] || !m.active[v] || wzero(g.at(u, v)) {
				continue
			}
			slackOf(s, m.y(int32(u)), m.y(int32(v)), g.at(u, v))
			hu, hv := holders(int32(u)), holders(int32(v))
			for _, a := range hu {
				for _, b := range hv {
					if a == b {
						wadd(s, s, m.y(a))
					}
				}
			}
			if wsign(s) < 0 {
				t.Fatalf("edge %d-%d infeasible", u, v)
			}
			if m.mate[u] == int32(v) && wsign(s) != 0 {
				t.Fatalf("matched edge %d-%d not tight", u, v)
			}
		}
	}
}
