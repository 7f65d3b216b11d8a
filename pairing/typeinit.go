package pairing

// A big bracket's first matching is built from its player types (see
// edges.go). Players of one type are interchangeable but for rematches,
// so the matching problem shrinks to one on the types: how many pairs to
// make between each two types, with a type's count as its capacity. Its
// linear relaxation is solved exactly, as a transportation problem between
// two copies of the types (a primal-dual method: duals per type, flow on
// the edges that are tight), and its duals, given to every player of the
// type, are feasible for the players' graph and make tight the edges the
// type-level optimum uses. Players are then paired greedily within those
// counts, and the matcher only has to settle the few left over (odd
// counts, rematches). Without this start, a player left free by a greedy
// matching on poorly chosen duals costs a search over the whole bracket.

// typeLP is the transportation problem between the types of a bracket.
type typeLP struct {
	n, nw int
	cnt   []int      // players per type
	w     [][]uint64 // n*n weights (undoubled), nil for no edge
	u, v  [][]uint64 // duals of the left and right copies
	f     []int      // n*n flow from left a to right b
	out   []int      // flow leaving left a
	in    []int      // flow entering right b

	labL, labR []int // search labels: -2 unreached, -1 root, else the node reached from
	queue      []int
	t1         []uint64
}

func newTypeLP(n, nw int, cnt []int, weight func(a, b int) []uint64) *typeLP {
	lp := &typeLP{n: n, nw: nw, cnt: cnt}
	lp.w = make([][]uint64, n*n)
	lp.u = make([][]uint64, n)
	lp.v = make([][]uint64, n)
	for a := 0; a < n; a++ {
		lp.u[a] = make([]uint64, nw)
		lp.v[a] = make([]uint64, nw)
		for b := 0; b < n; b++ {
			if a == b && cnt[a] < 2 {
				continue // a player cannot meet himself
			}
			if w := weight(a, b); !wzero(w) {
				lp.w[a*n+b] = append([]uint64(nil), w...)
				if wcmp(w, lp.u[a]) > 0 {
					wset(lp.u[a], w)
				}
			}
		}
	}
	lp.f = make([]int, n*n)
	lp.out = make([]int, n)
	lp.in = make([]int, n)
	lp.labL = make([]int, n)
	lp.labR = make([]int, n)
	lp.t1 = make([]uint64, nw)
	return lp
}

// slack sets lp.t1 to u[a] + v[b] - w(a, b) and reports whether it is zero.
func (lp *typeLP) slack(a, b int) bool {
	return slackOf(lp.t1, lp.u[a], lp.v[b], lp.w[a*lp.n+b])
}

// solve finds an optimal flow and optimal duals: every left copy with a
// positive dual is saturated, every right copy with a positive dual too,
// and flow runs on tight edges only. It takes a few steps per type; it
// gives up, reporting false, after far more than that.
func (lp *typeLP) solve() bool {
	n := lp.n
	delta := make([]uint64, lp.nw)
	for step := 0; ; step++ {
		if step > 10*n*n+1000 {
			return false
		}
		// Roots: left copies with spare capacity and a positive dual.
		lp.queue = lp.queue[:0]
		for a := 0; a < n; a++ {
			lp.labL[a], lp.labR[a] = -2, -2
			if lp.out[a] < lp.cnt[a] && wsign(lp.u[a]) > 0 {
				lp.labL[a] = -1
				lp.queue = append(lp.queue, a)
			}
		}
		if len(lp.queue) == 0 {
			return true
		}
		if end := lp.search(); end >= 0 {
			lp.augment(end, -1)
			continue
		}
		// Stuck: lower the labelled left duals and raise the labelled
		// right ones until an edge becomes tight or a dual reaches zero.
		ev, at := 0, -1
		for a := 0; a < n; a++ {
			if lp.labL[a] == -2 {
				continue
			}
			if ev == 0 || wcmp(lp.u[a], delta) < 0 {
				wset(delta, lp.u[a])
				ev, at = 1, a
			}
			for b := 0; b < n; b++ {
				if lp.labR[b] != -2 || lp.w[a*n+b] == nil {
					continue
				}
				lp.slack(a, b)
				if wcmp(lp.t1, delta) < 0 {
					wset(delta, lp.t1)
					ev, at = 2, a
				}
			}
		}
		for a := 0; a < n; a++ {
			if lp.labL[a] != -2 {
				wsub(lp.u[a], lp.u[a], delta)
			}
			if lp.labR[a] != -2 {
				wadd(lp.v[a], lp.v[a], delta)
			}
		}
		if ev == 1 && lp.labL[at] != -1 {
			// A left copy reached through its flow lost its dual: send
			// the root's flow to it instead.
			lp.augment(-1, at)
		}
	}
}

// search grows the labels from the roots over tight edges forward and
// flow backward; it returns a right copy with spare capacity, or -1.
func (lp *typeLP) search() int {
	n := lp.n
	for h := 0; h < len(lp.queue); h++ {
		a := lp.queue[h]
		for b := 0; b < n; b++ {
			if lp.labR[b] != -2 || lp.w[a*n+b] == nil || !lp.slack(a, b) {
				continue
			}
			lp.labR[b] = a
			if lp.in[b] < lp.cnt[b] {
				return b
			}
			for a2 := 0; a2 < n; a2++ {
				if lp.labL[a2] == -2 && lp.f[a2*n+b] > 0 {
					lp.labL[a2] = b
					lp.queue = append(lp.queue, a2)
				}
			}
		}
	}
	return -1
}

// augment pushes flow from a root along the labelled path to right copy
// end (end >= 0), or, when end < 0, to left copy z, which gives up that
// much of its own flow.
func (lp *typeLP) augment(end, z int) {
	n := lp.n
	// Bottleneck.
	amt := 1 << 30
	a := z
	if end >= 0 {
		amt = lp.cnt[end] - lp.in[end]
		a = lp.labR[end]
	}
	for {
		b := lp.labL[a]
		if b == -1 {
			amt = min(amt, lp.cnt[a]-lp.out[a])
			break
		}
		amt = min(amt, lp.f[a*n+b])
		a = lp.labR[b]
	}
	if end >= 0 {
		lp.in[end] += amt
		a = lp.labR[end]
		lp.f[a*n+end] += amt
	} else {
		a = z
		lp.out[z] -= amt
	}
	for {
		b := lp.labL[a]
		if b == -1 {
			lp.out[a] += amt
			return
		}
		lp.f[a*n+b] -= amt
		a = lp.labR[b]
		lp.f[a*n+b] += amt
	}
}

// initByTypes builds the bracket's first optimal matching from the
// solution of its type-level problem. It reports false, doing nothing,
// when the graph has too many types for that to pay.
func (b *bracket) initByTypes() bool {
	nG, nT, nw := len(b.g), b.nTyp, b.nw
	if (nG < 64 || nT*nT > 4*nG) && !b.e.r.alwaysTypes {
		return false
	}
	cnt := make([]int, nT)
	for _, t := range b.typ {
		cnt[t]++
	}
	reps := make([]int, nT)
	for k := nG - 1; k >= 0; k-- {
		reps[b.typ[k]] = k
	}
	lp := newTypeLP(nT, nw, cnt, func(x, y int) []uint64 {
		i, j := reps[x], reps[y]
		if i > j {
			x, y = y, x
		}
		o := (x*nT + y) * nw
		return b.tab[o : o+nw]
	})
	if !lp.solve() {
		return false
	}
	m := b.m
	for v := 0; v < m.n; v++ {
		m.setActive(v, true)
	}
	// Duals: a type's two copies together, in doubled units.
	for k := 0; k < nG; k++ {
		t := b.typ[k]
		wadd(m.y(int32(k)), lp.u[t], lp.v[t])
	}
	// Pairs per pair of types: half the flow both ways, rounded down.
	quota := make([]int, nT*nT)
	for x := 0; x < nT; x++ {
		for y := x; y < nT; y++ {
			q := (lp.f[x*nT+y] + lp.f[y*nT+x]) / 2
			if x == y {
				q = lp.f[x*nT+x] / 2
			}
			quota[x*nT+y], quota[y*nT+x] = q, q
		}
	}
	tight := func(u, v int) bool {
		w := m.weight(u, v)
		return !wzero(w) && slackOf(m.t1, m.y(int32(u)), m.y(int32(v)), w)
	}
	match := func(u, v int) {
		m.mate[u], m.mate[v] = int32(v), int32(u)
		tu, tv := int(b.typ[u]), int(b.typ[v])
		quota[tu*nT+tv]--
		if tu != tv {
			quota[tv*nT+tu]--
		}
	}
	// The Dutch order's partner first, then the first free player of a
	// type with pairs to make.
	prefer := b.natural()
	for v := 0; v < nG; v++ {
		u := prefer(v)
		if m.mate[v] < 0 && u > v && u < nG && m.mate[u] < 0 && quota[int(b.typ[v])*nT+int(b.typ[u])] > 0 && tight(u, v) {
			match(u, v)
		}
	}
	free := make([][]int, nT)
	for k := 0; k < nG; k++ {
		if m.mate[k] < 0 {
			free[b.typ[k]] = append(free[b.typ[k]], k)
		}
	}
	for v := 0; v < nG; v++ {
		if m.mate[v] >= 0 {
			continue
		}
		tv := int(b.typ[v])
		for t := 0; t < nT && m.mate[v] < 0; t++ {
			if quota[tv*nT+t] <= 0 {
				continue
			}
			fs := free[t]
			for len(fs) > 0 && m.mate[fs[0]] >= 0 {
				fs = fs[1:]
			}
			free[t] = fs
			for _, u := range fs {
				if u != v && m.mate[u] < 0 && tight(u, v) {
					match(u, v)
					break
				}
			}
		}
	}
	if u := m.unrestricted; u >= 0 {
		m.raise(u)
	}
	for v := m.n - 1; v >= 0; v-- {
		if m.mate[v] < 0 && (wsign(m.y(int32(v))) > 0 || int32(v) == m.unrestricted) {
			m.pending = append(m.pending, int32(v))
		}
	}
	m.settle()
	return true
}
