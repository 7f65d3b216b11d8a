package pairing

import (
	"math/bits"
	"slices"
)

// This file holds a maximum-weight matching for general graphs: the
// primal-dual blossom algorithm of Edmonds, as refined by Gabow and by
// Galil, Micali and Gabow, written for dense graphs whose weights are
// fixed-width multiword integers.
//
// The solver keeps an optimal matching together with an optimal dual
// solution (vertex duals y >= 0, blossom duals z >= 0, y(u)+y(v)+z(blossoms
// holding both) >= w(u,v) for every edge, equality on matched edges, y = 0
// on free vertices). That lets it be updated cheaply: a vertex is added, or
// the weights of one vertex's edges change, by dissolving the blossoms that
// hold the vertex (their duals go to the vertices), freeing it, raising its
// dual until every edge is feasible again, and growing one alternating tree
// from each vertex left free with a positive dual. Each tree grows over
// tight edges, adjusting duals when it gets stuck, until it finds a free
// vertex (augment), a vertex whose dual reaches zero (that vertex is left
// free), or the root's dual reaches zero (the root stays free).
//
// Weights are doubled on entry so that every dual stays an integer. A weight
// of zero means "no edge"; every real edge has a positive weight.

const (
	unlabeled int8 = 0
	labelS    int8 = 1 // outer
	labelT    int8 = 2 // inner
)

// weightFunc returns the weight of edge (u, v), u != v, already doubled;
// the slice is read before the next call. A zero weight means no edge.
type weightFunc func(u, v int) []uint64

// rowFunc returns the weights of all edges of u, n*nw words, doubled; the
// slice is read before the next call.
type rowFunc func(u int) []uint64

// typedRow gives the row of a vertex u in four-word weights without
// writing it out: the weight of an edge is a weight of the types of its
// ends (and whether the other end comes before u or after), plus a small
// term of the edge's own. The scans of a stage read it in place, which
// costs far less than building the row first.
//
// The term x of the edge to v is x<<sh added to a weight that is not
// zero, or bonusOff for no edge. The terms are read where they are kept,
// in two runs: pre[v] for v before u, post[v-u-1] for v after u, zero
// past the end of either.
type typedRow struct {
	typ  []int32  // the type t of each vertex
	tab  []uint64 // doubled weight of an edge by the other end's type t: entry 2t before u, 2t+1 after, four words each
	pre  []int32  // the terms of the edges to the vertices before u
	post []int32  // the terms of the edges to the vertices after u
	sh   uint
}

// term returns the term of u's edge to v, u the vertex tr describes.
func (tr *typedRow) term(u, v int32) int32 {
	if v < u {
		if int(v) < len(tr.pre) {
			return tr.pre[v]
		}
		return 0
	}
	if i := int(v - u - 1); i < len(tr.post) {
		return tr.post[i]
	}
	return 0
}

// at returns the weight of u's edge to v, u the vertex tr describes and
// v another, as four words w (least significant first), and false for no
// edge.
func (tr *typedRow) at(u, v int32) (w [4]uint64, ok bool) {
	// Entry 2t+1 when v comes after u: the sign bit of u-v.
	t := (int(tr.typ[v])*2 + int((uint32(u)-uint32(v))>>31)) * 4
	e := tr.tab[t : t+4 : t+4]
	w = [4]uint64{e[0], e[1], e[2], e[3]}
	if x := tr.term(u, v); x != 0 && w[0]|w[1]|w[2]|w[3] != 0 {
		if x == bonusOff {
			return [4]uint64{}, false
		}
		w[0], w[1], w[2], w[3] = addTerm(w[0], w[1], w[2], w[3], x, tr.sh)
	}
	return w, w[0]|w[1]|w[2]|w[3] != 0
}

// typedRow describes u's row in m.tr, for weights of four words, or
// reports false: the row must then be built.
func (m *matcher) typedRow(u int32) bool {
	return m.nw == 4 && m.typed != nil && m.typed(int(u), &m.tr)
}

// tightTo appends to l the active vertices joined to u by a tight edge,
// in increasing order.
func (m *matcher) tightTo(u int32, l []int32) []int32 {
	yu := m.y(u)
	if m.typedRow(u) {
		live := m.liveList()
		k, _ := slices.BinarySearch(live, u)
		tr := &m.tr
		l = m.tightRun4(u, live[:k], tr.tab, tr.pre, 0, l)
		return m.tightRun4(u, live[k:], tr.tab[4:], tr.post, u+1, l)
	}
	r, nw := m.row(int(u)), m.nw
	for _, v := range m.liveList() {
		if v == u {
			continue
		}
		if w := r[int(v)*nw : int(v)*nw+nw]; !wzero(w) && slackOf(m.t1, yu, m.y(v), w) {
			l = append(l, v)
		}
	}
	return l
}

// tightRun4 is tightTo's loop over the vertices vs, all before u or all
// after it, for a row of four-word weights read as scanRun4 reads it.
func (m *matcher) tightRun4(u int32, vs []int32, tab []uint64, terms []int32, from int32, l []int32) []int32 {
	dual, typ, sh := m.dual, m.tr.typ, m.tr.sh
	yu := dual[4*u : 4*u+4 : 4*u+4]
	y0, y1, y2, y3 := yu[0], yu[1], yu[2], yu[3]
	for _, v := range vs {
		if v == u {
			continue
		}
		t := int(typ[v]) * 8
		w := tab[t : t+4 : t+4]
		w0, w1, w2, w3 := w[0], w[1], w[2], w[3]
		x := int32(0)
		if i := uint(v - from); i < uint(len(terms)) {
			x = terms[i]
		}
		if x != 0 && w0|w1|w2|w3 != 0 {
			if x == bonusOff {
				continue
			}
			w0, w1, w2, w3 = addTerm(w0, w1, w2, w3, x, sh)
		}
		if w0|w1|w2|w3 == 0 {
			continue
		}
		o := int(v) * 4
		yv := dual[o : o+4 : o+4]
		s0, c := bits.Add64(y0, yv[0], 0)
		s1, c := bits.Add64(y1, yv[1], c)
		s2, c := bits.Add64(y2, yv[2], c)
		s3, _ := bits.Add64(y3, yv[3], c)
		if s0 == w0 && s1 == w1 && s2 == w2 && s3 == w3 {
			l = append(l, v)
		}
	}
	return l
}

// addTerm returns the four-word weight w0..w3 plus the term x, x<<sh.
func addTerm(w0, w1, w2, w3 uint64, x int32, sh uint) (uint64, uint64, uint64, uint64) {
	xs := int64(x) << sh
	ext := uint64(xs >> 63) // 0 or all ones: the sign, extended
	var c uint64
	w0, c = bits.Add64(w0, uint64(xs), 0)
	w1, c = bits.Add64(w1, ext, c)
	w2, c = bits.Add64(w2, ext, c)
	w3, _ = bits.Add64(w3, ext, c)
	return w0, w1, w2, w3
}

// typedFunc describes u's row in tr, or reports false when it cannot:
// the scan then reads the row the row function builds.
type typedFunc func(u int, tr *typedRow) bool

type matcher struct {
	n, nw int
	// unrestricted is a vertex (or -1) that must end matched and whose
	// dual may be negative: an equality constraint in the LP. It takes the
	// place of a free vertex whose low dual would otherwise need a blossom.
	unrestricted int32
	weight       weightFunc
	row          rowFunc
	typed        typedFunc // nil: every scan builds its row
	tr           typedRow
	active       []bool // vertex is part of the graph; set with setActive
	// live lists the active vertices in order, remade on demand after a
	// change (liveOK false): the scans of a stage then visit only the
	// players still to pair.
	live   []int32
	liveOK bool

	mate   []int32 // matched vertex, -1 if free
	inb    []int32 // top-level node holding the vertex
	parent []int32 // parent blossom of a node, -1 at top level
	childs [][]int32
	bends  [][][2]int32 // bends[b][i] links childs[i] (first) and childs[i+1] (second)
	base   []int32
	dual   []uint64 // 2n nodes * nw words

	label    []int8     // per top-level node
	labelEnd [][2]int32 // per node: {inside vertex, outside vertex}; outside -1 for a root
	reached  []int32    // per vertex inside a T-blossom: S vertex that reached it over a tight edge, -1
	bestS    []int32    // per vertex: S vertex of the least-slack edge to it, -1
	bestSS   []int32    // per S vertex: the S vertex, in another node, of its least-slack edge; -1
	bestSlk  []uint64   // per vertex: slack of its bestS edge, kept current
	bestSSlk []uint64   // per vertex: slack of its bestSS edge, kept current
	freeB    []int32

	queue    []int32
	qhead    int
	deferred [][2]int32
	roots    []int32
	rootV    []int32
	sVerts   []int32 // S vertices of the current tree
	treeB    []int32 // labelled top-level nodes of the current tree
	pending  []int32 // free vertices whose dual may be positive
	stamp    []int32 // scratch for blossom scans
	stampGen int32
	// epoch counts the changes that may move a dual: whatever a caller
	// derived from the duals (which edges are tight) holds while it
	// stands still.
	epoch uint64

	// scratch weights
	t1, t2, t3, delta []uint64
	bestSl            []uint64
}

// newMatcher returns a matcher of n vertices and weights of nw words.
// old, when not nil, is a matcher no one uses any more: the new one takes
// over its memory (the brackets of a round are paired one after the
// other, each on a graph of its own), starting as a fresh one would.
func newMatcher(n, nw int, weight weightFunc, row rowFunc, old *matcher) *matcher {
	m := &matcher{n: n, nw: nw, weight: weight, row: row, unrestricted: -1}
	if old == nil {
		old = &matcher{}
	}
	m.active = reuse(old.active, n)
	m.mate = reuse(old.mate, n)
	m.inb = reuse(old.inb, n)
	m.parent = reuse(old.parent, 2*n)
	m.childs = reuse(old.childs, 2*n)
	m.bends = reuse(old.bends, 2*n)
	m.base = reuse(old.base, 2*n)
	m.dual = reuse(old.dual, 2*n*nw)
	m.label = reuse(old.label, 2*n)
	m.labelEnd = reuse(old.labelEnd, 2*n)
	m.reached = reuse(old.reached, n)
	m.bestS = reuse(old.bestS, n)
	m.bestSS = reuse(old.bestSS, n)
	m.bestSlk = reuse(old.bestSlk, n*nw)
	m.bestSSlk = reuse(old.bestSSlk, n*nw)
	m.stamp = reuse(old.stamp, 2*n)
	m.freeB = old.freeB[:0]
	m.live = old.live[:0]
	m.queue, m.deferred = old.queue[:0], old.deferred[:0]
	m.roots, m.rootV = old.roots[:0], old.rootV[:0]
	m.sVerts, m.treeB, m.pending = old.sVerts[:0], old.treeB[:0], old.pending[:0]
	*old = matcher{} // nothing reads the old matcher, nor its memory through it
	for v := 0; v < n; v++ {
		m.mate[v] = -1
		m.inb[v] = int32(v)
		m.base[v] = int32(v)
		m.reached[v] = -1
		m.bestS[v] = -1
		m.bestSS[v] = -1
	}
	for b := 0; b < 2*n; b++ {
		m.parent[b] = -1
		m.labelEnd[b] = [2]int32{-1, -1}
	}
	for b := 2*n - 1; b >= n; b-- {
		m.freeB = append(m.freeB, int32(b))
		m.base[b] = -1
	}
	m.t1 = make([]uint64, nw)
	m.t2 = make([]uint64, nw)
	m.t3 = make([]uint64, nw)
	m.delta = make([]uint64, nw)
	m.bestSl = make([]uint64, nw)
	return m
}

// reuse returns s cut or grown to n elements, all zero: its memory when
// it has room.
func reuse[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	s = s[:n]
	clear(s)
	return s
}

// setActive makes v part of the graph (on) or takes it out.
func (m *matcher) setActive(v int, on bool) {
	if m.active[v] != on {
		m.active[v] = on
		m.liveOK = false
	}
}

// liveList returns the active vertices in increasing order.
func (m *matcher) liveList() []int32 {
	if !m.liveOK {
		m.live = m.live[:0]
		for v, on := range m.active {
			if on {
				m.live = append(m.live, int32(v))
			}
		}
		m.liveOK = true
	}
	return m.live
}

func (m *matcher) y(node int32) []uint64 {
	i := int(node) * m.nw
	return m.dual[i : i+m.nw]
}

// leaves calls f for every vertex of node b.
func (m *matcher) leaves(b int32, f func(v int32)) {
	if int(b) < m.n {
		f(b)
		return
	}
	for _, c := range m.childs[b] {
		m.leaves(c, f)
	}
}

// --- updates ---------------------------------------------------------------

// add makes vertex v part of the graph, free, with the smallest dual that
// keeps every edge feasible, then restores optimality.
func (m *matcher) add(v int) {
	m.setActive(v, true)
	m.raise(int32(v))
	m.pending = append(m.pending, int32(v))
	m.settle()
}

// raise sets the dual of top-level free vertex v to the least value that
// keeps its edges feasible.
func (m *matcher) raise(v int32) {
	m.epoch++
	yv := m.y(v)
	wclear(yv)
	first := v == m.unrestricted // no floor at zero
	if m.typedRow(v) {
		live := m.liveList()
		k, _ := slices.BinarySearch(live, v)
		tr := &m.tr
		first = m.raiseRun4(v, live[:k], tr.tab, tr.pre, 0, first)
		m.raiseRun4(v, live[k:], tr.tab[4:], tr.post, v+1, first)
		return
	}
	r := m.row(int(v))
	nw := m.nw
	for _, u32 := range m.liveList() {
		u := int(u32)
		if u == int(v) {
			continue
		}
		w := r[u*nw : u*nw+nw]
		if wzero(w) {
			continue
		}
		wsub(m.t1, w, m.y(u32))
		if first || wcmp(m.t1, yv) > 0 {
			wset(yv, m.t1)
			first = false
		}
	}
}

// raiseRun4 is raise's loop over the vertices vs, all before v or all
// after it, for a row of four-word weights read as scanRun4 reads it. It
// returns first, false once v's dual was set.
func (m *matcher) raiseRun4(v int32, vs []int32, tab []uint64, terms []int32, from int32, first bool) bool {
	dual, typ, sh := m.dual, m.tr.typ, m.tr.sh
	yv := dual[4*v : 4*v+4 : 4*v+4]
	y0, y1, y2, y3 := yv[0], yv[1], yv[2], yv[3]
	for _, u := range vs {
		if u == v {
			continue
		}
		t := int(typ[u]) * 8
		w := tab[t : t+4 : t+4]
		w0, w1, w2, w3 := w[0], w[1], w[2], w[3]
		x := int32(0)
		if i := uint(u - from); i < uint(len(terms)) {
			x = terms[i]
		}
		if x != 0 && w0|w1|w2|w3 != 0 {
			if x == bonusOff {
				continue
			}
			w0, w1, w2, w3 = addTerm(w0, w1, w2, w3, x, sh)
		}
		if w0|w1|w2|w3 == 0 {
			continue
		}
		// w - y(u), kept when above v's dual so far.
		o := int(u) * 4
		yu := dual[o : o+4 : o+4]
		d0, b := bits.Sub64(w0, yu[0], 0)
		d1, b := bits.Sub64(w1, yu[1], b)
		d2, b := bits.Sub64(w2, yu[2], b)
		d3, _ := bits.Sub64(w3, yu[3], b)
		if first || less4(y0, y1, y2, y3, []uint64{d0, d1, d2, d3}) {
			y0, y1, y2, y3 = d0, d1, d2, d3
			first = false
		}
	}
	yv[0], yv[1], yv[2], yv[3] = y0, y1, y2, y3
	return first
}

// init makes every vertex active and builds an optimal matching from
// scratch: each dual starts at half the vertex's heaviest edge (so every
// edge is feasible), the tight edges are matched greedily, trying first
// the partner prefer suggests (-1 for none), then the first free one, and
// the vertices left free with a positive dual grow trees.
func (m *matcher) init(prefer func(v int) int, class func(v int) int) {
	m.epoch++
	nw := m.nw
	for v := 0; v < m.n; v++ {
		m.setActive(v, true)
	}
	// Half the heaviest edge within the vertex's class (the bracket, the
	// next scoregroup, the players below), then raised where an edge to
	// another class needs more. Even duals let the free vertices share a
	// stage.
	for v := 0; v < m.n; v++ {
		yv := m.y(int32(v))
		wclear(yv)
		r := m.row(v)
		cv := class(v)
		for u := 0; u < m.n; u++ {
			if u == v || class(u) != cv {
				continue
			}
			if w := r[u*nw : u*nw+nw]; wcmp(w, yv) > 0 {
				wset(yv, w)
			}
		}
		whalf(yv, yv)
		if yv[0]&1 != 0 {
			addAt(yv, 0, 1)
		}
	}
	for v := 0; v < m.n; v++ {
		yv := m.y(int32(v))
		r := m.row(v)
		for u := 0; u < m.n; u++ {
			if u == v {
				continue
			}
			w := r[u*nw : u*nw+nw]
			if wzero(w) {
				continue
			}
			wsub(m.t1, w, m.y(int32(u)))
			if wcmp(m.t1, yv) > 0 {
				wset(yv, m.t1)
			}
		}
	}
	if u := m.unrestricted; u >= 0 {
		m.raise(u)
	}
	// Lower every dual at once to the least value the others allow (when
	// the weights are a sum of vertex terms, this makes every edge tight),
	// then raise where that broke an edge.
	ynew := make([]uint64, m.n*nw)
	for v := 0; v < m.n; v++ {
		if int32(v) == m.unrestricted {
			copy(ynew[v*nw:v*nw+nw], m.y(int32(v)))
			continue
		}
		yv := ynew[v*nw : v*nw+nw]
		r := m.row(v)
		for u := 0; u < m.n; u++ {
			w := r[u*nw : u*nw+nw]
			if u == v || wzero(w) {
				continue
			}
			wsub(m.t1, w, m.y(int32(u)))
			if wcmp(m.t1, yv) > 0 {
				wset(yv, m.t1)
			}
		}
	}
	copy(m.dual[:m.n*nw], ynew)
	for v := 0; v < m.n; v++ {
		yv := m.y(int32(v))
		r := m.row(v)
		for u := 0; u < m.n; u++ {
			w := r[u*nw : u*nw+nw]
			if u == v || wzero(w) {
				continue
			}
			wsub(m.t1, w, m.y(int32(u)))
			if wcmp(m.t1, yv) > 0 {
				wset(yv, m.t1)
			}
		}
	}
	tight := func(u, v int) bool {
		w := m.weight(u, v)
		return !wzero(w) && slackOf(m.t1, m.y(int32(u)), m.y(int32(v)), w)
	}
	for v := 0; v < m.n; v++ {
		if m.mate[v] >= 0 {
			continue
		}
		if u := prefer(v); u > v && u < m.n && m.mate[u] < 0 && tight(u, v) {
			m.mate[u], m.mate[v] = int32(v), int32(u)
		}
	}
	// Then the first free tight partner from the suggested one on (the
	// other half of the scoregroup), then any.
	for v := 0; v < m.n; v++ {
		if m.mate[v] >= 0 {
			continue
		}
		r := m.row(v)
		start := prefer(v)
		if start <= v || start >= m.n {
			start = v + 1
		}
		for k := 0; k < m.n-v-1; k++ {
			u := start + k
			if u >= m.n {
				u = v + 1 + (u - m.n)
			}
			if m.mate[u] < 0 {
				w := r[u*nw : u*nw+nw]
				if !wzero(w) && slackOf(m.t1, m.y(int32(u)), m.y(int32(v)), w) {
					m.mate[u], m.mate[v] = int32(v), int32(u)
					break
				}
			}
		}
	}
	for v := m.n - 1; v >= 0; v-- {
		if m.mate[v] < 0 && (wsign(m.y(int32(v))) > 0 || int32(v) == m.unrestricted) {
			m.pending = append(m.pending, int32(v))
		}
	}
	m.settle()
}

// reweigh must be called after the weights of v's edges changed (the new
// weights are read through the weight and row functions); it restores an
// optimal matching.
func (m *matcher) reweigh(v int) {
	q := m.mate[v]
	m.isolate(int32(v))
	m.raise(int32(v))
	// Give v's dual the parity of its former mate's, so that their trees
	// can grow in the same stage and meet.
	if q >= 0 && m.mate[q] < 0 {
		m.matchParity(int32(v), q)
	}
	m.pending = append(m.pending, int32(v))
	m.settle()
}

// matchParity raises v's dual by one if its parity differs from u's (a
// larger dual keeps every edge of a free vertex feasible).
func (m *matcher) matchParity(v, u int32) {
	m.epoch++
	if (m.y(v)[0]^m.y(u)[0])&1 != 0 {
		addAt(m.y(v), 0, 1)
	}
}

// remove takes the matched pair (u, v) out of the graph.
func (m *matcher) remove(u, v int) {
	m.dissolveTo(int32(u))
	m.dissolveTo(int32(v))
	if m.mate[u] == int32(v) {
		m.mate[u], m.mate[v] = -1, -1
	} else {
		m.unmatch(int32(u))
		m.unmatch(int32(v))
	}
	m.setActive(u, false)
	m.setActive(v, false)
	wclear(m.y(int32(u)))
	wclear(m.y(int32(v)))
	m.settle()
}

// isolate dissolves the blossoms holding v and frees it.
func (m *matcher) isolate(v int32) {
	m.dissolveTo(v)
	m.unmatch(v)
}

func (m *matcher) unmatch(v int32) {
	if w := m.mate[v]; w >= 0 {
		m.mate[v], m.mate[w] = -1, -1
		m.pending = append(m.pending, v, w)
	}
}

// dissolveTo dissolves every blossom holding v, outermost first, so that
// v becomes a top-level vertex.
func (m *matcher) dissolveTo(v int32) {
	for m.inb[v] != v {
		m.dissolve(m.inb[v])
	}
}

// dissolve breaks up top-level blossom b outside of a stage. Its dual is
// shared out to its vertices, which keeps every edge feasible and every
// edge inside tight; if that loosens the matched edge leaving the base,
// that edge is given up and both ends become pending.
func (m *matcher) dissolve(b int32) {
	m.epoch++
	z := m.y(b)
	if !wzero(z) {
		whalf(m.t2, z)
		m.leaves(b, func(v int32) { wadd(m.y(v), m.y(v), m.t2) })
		m.pending = append(m.pending, m.base[b])
		m.unmatch(m.base[b])
		wclear(z)
	}
	for _, c := range m.childs[b] {
		m.parent[c] = -1
		m.leaves(c, func(v int32) { m.inb[v] = c })
	}
	m.freeBlossom(b)
}

func (m *matcher) freeBlossom(b int32) {
	m.childs[b] = m.childs[b][:0]
	m.bends[b] = m.bends[b][:0]
	m.base[b] = -1
	m.label[b] = unlabeled
	m.labelEnd[b] = [2]int32{-1, -1}
	m.freeB = append(m.freeB, b)
}

// settle grows trees from pending free vertices with positive duals until
// none is left.
func (m *matcher) settle() {
	for {
		// Roots whose duals differ in parity cannot share a stage: an edge
		// between their trees could need half a unit. Take one parity
		// class at a time.
		g := m.nextStamp()
		roots := m.roots[:0]
		var keep []int32
		parity := uint64(2)
		for _, v := range m.pending {
			if !m.active[v] || m.mate[v] >= 0 || wsign(m.y(v)) == 0 && v != m.unrestricted || m.base[m.inb[v]] != v {
				continue
			}
			if parity == 2 {
				parity = m.y(v)[0] & 1
			}
			if m.y(v)[0]&1 != parity {
				keep = append(keep, v)
				continue
			}
			if b := m.inb[v]; m.stamp[b] != g {
				m.stamp[b] = g
				roots = append(roots, b)
			}
		}
		m.pending = append(m.pending[:0], keep...)
		if len(roots) > 2 {
			// Many free vertices (after an initial greedy matching): one
			// tree at a time costs far less than restarting every tree
			// after each augmentation.
			for _, b := range roots[1:] {
				m.pending = append(m.pending, m.base[b])
			}
			roots = roots[:1]
		}
		m.roots = roots
		if len(roots) == 0 {
			return
		}
		m.rootV = m.rootV[:0]
		for _, b := range roots {
			m.rootV = append(m.rootV, m.base[b])
		}
		m.stage(roots)
		// Roots the stage did not settle stay pending.
		m.pending = append(m.pending, m.rootV...)
	}
}

// --- one stage -----------------------------------------------------------------

// stage grows alternating trees from the free top-level nodes roots until
// the matching changes or a dual reaches zero.
func (m *matcher) stage(roots []int32) {
	m.epoch++
	m.queue = m.queue[:0]
	m.qhead = 0
	m.deferred = m.deferred[:0]
	m.sVerts = m.sVerts[:0]
	m.treeB = m.treeB[:0]
	for v := 0; v < m.n; v++ {
		m.bestS[v] = -1
	}
	for _, r := range roots {
		m.assign(m.base[r], labelS, -1)
	}
	for {
		if m.scanQueue() || m.adjust() {
			break
		}
	}
	m.endStage()
}

// assign labels the top-level node holding vertex w with t, reached from
// outside vertex s (-1 for the root).
func (m *matcher) assign(w int32, t int8, s int32) {
	b := m.inb[w]
	m.label[b] = t
	m.labelEnd[b] = [2]int32{w, s}
	m.treeB = append(m.treeB, b)
	if t == labelS {
		m.leaves(b, func(v int32) {
			m.queue = append(m.queue, v)
			m.sVerts = append(m.sVerts, v)
		})
		return
	}
	bb := m.base[b]
	m.assign(m.mate[bb], labelS, bb)
}

// scanQueue scans S vertices for tight edges. It reports true when the
// matching changed (augmentation).
func (m *matcher) scanQueue() bool {
	nw := m.nw
	for {
		for m.qhead < len(m.queue) {
			u := m.queue[m.qhead]
			m.qhead++
			if nw == 4 && m.typed != nil && m.typed(int(u), &m.tr) {
				if m.scanRow4(u, &m.tr) {
					return true
				}
				continue
			}
			r := m.row(int(u))
			yu := m.y(u)
			for _, v := range m.liveList() {
				bu, bv := m.inb[u], m.inb[v]
				if bv == bu {
					continue
				}
				w := r[int(v)*nw : int(v)*nw+nw]
				if wzero(w) {
					continue
				}
				lv := m.label[bv]
				if slackOf(m.t1, yu, m.y(v), w) {
					if lv == labelS && m.sameTree(bu, bv) {
						// A blossom: put off, in case an augmenting path
						// turns up first.
						m.deferred = append(m.deferred, [2]int32{u, v})
						continue
					}
					if m.tightEdge(u, v) {
						return true
					}
					continue
				}
				switch {
				case lv == labelS:
					if sl := m.ssSlack(u); m.bestSS[u] < 0 || wcmp(m.t1, sl) < 0 {
						m.bestSS[u] = v
						wset(sl, m.t1)
					}
				case lv == unlabeled || m.reached[v] < 0:
					if sl := m.sSlack(v); m.bestS[v] < 0 || wcmp(m.t1, sl) < 0 {
						m.bestS[v] = u
						wset(sl, m.t1)
					}
				}
			}
		}
		if len(m.deferred) == 0 {
			return false
		}
		for len(m.deferred) > 0 {
			e := m.deferred[len(m.deferred)-1]
			m.deferred = m.deferred[:len(m.deferred)-1]
			if m.inb[e[0]] != m.inb[e[1]] {
				if m.tightEdge(e[0], e[1]) {
					return true
				}
				if m.qhead < len(m.queue) {
					break // new S vertices to scan first
				}
			}
		}
	}
}

// scanRow4 is the loop of scanQueue over S vertex u's row for weights
// of four words, the width of the large brackets, read in place from tr:
// the same steps in the same order, in two runs, the vertices before u
// and those after it, each reading one half of the table and one run of
// the terms.
func (m *matcher) scanRow4(u int32, tr *typedRow) bool {
	live := m.liveList()
	k, _ := slices.BinarySearch(live, u)
	if m.scanRun4(u, live[:k], tr.tab, tr.pre, 0, tr.sh) {
		return true
	}
	return m.scanRun4(u, live[k:], tr.tab[4:], tr.post, u+1, tr.sh)
}

// scanRun4 scans the edges from S vertex u to the vertices vs, all before
// u or all after it: tab holds the weight by the other end's type t at 8t,
// terms the term of the edge to v at v-from, zero past its end. The slack
// is kept in registers and compared in place. The vertex duals do not
// change while a row is scanned (only adjust moves them), so u's is read
// once; nor does the node holding u (only a blossom moves it, and a
// blossom is formed after the scan, from the deferred edges), but it is
// read again after each tight edge all the same.
func (m *matcher) scanRun4(u int32, vs []int32, tab []uint64, terms []int32, from int32, sh uint) bool {
	inb, label, dual, typ := m.inb, m.label, m.dual, m.tr.typ
	bestS, bestSlk, reached := m.bestS, m.bestSlk, m.reached
	yu := dual[4*u : 4*u+4 : 4*u+4]
	yu0, yu1, yu2, yu3 := yu[0], yu[1], yu[2], yu[3]
	bu := inb[u]
	for _, v := range vs {
		bv := inb[v]
		if bv == bu {
			continue
		}
		t := int(typ[v]) * 8
		w := tab[t : t+4 : t+4]
		w0, w1, w2, w3 := w[0], w[1], w[2], w[3]
		x := int32(0)
		if i := uint(v - from); i < uint(len(terms)) {
			x = terms[i]
		}
		if x != 0 && w0|w1|w2|w3 != 0 {
			if x == bonusOff {
				continue
			}
			w0, w1, w2, w3 = addTerm(w0, w1, w2, w3, x, sh)
		}
		if w0|w1|w2|w3 == 0 {
			continue
		}
		o := int(v) * 4
		yv := dual[o : o+4 : o+4]
		s0, c := bits.Add64(yu0, yv[0], 0)
		s1, c := bits.Add64(yu1, yv[1], c)
		s2, c := bits.Add64(yu2, yv[2], c)
		s3, _ := bits.Add64(yu3, yv[3], c)
		d0, b := bits.Sub64(s0, w0, 0)
		d1, b := bits.Sub64(s1, w1, b)
		d2, b := bits.Sub64(s2, w2, b)
		d3, _ := bits.Sub64(s3, w3, b)
		lv := label[bv]
		if d0|d1|d2|d3 == 0 {
			t := m.t1[:4:4]
			t[0], t[1], t[2], t[3] = 0, 0, 0, 0
			if lv == labelS && m.sameTree(bu, bv) {
				m.deferred = append(m.deferred, [2]int32{u, v})
				continue
			}
			if m.tightEdge(u, v) {
				return true
			}
			bu = inb[u]
			continue
		}
		var sl []uint64
		switch {
		case lv == labelS:
			sl = m.ssSlack(u)
			if m.bestSS[u] >= 0 && !less4(d0, d1, d2, d3, sl) {
				continue
			}
			m.bestSS[u] = v
		case lv == unlabeled || reached[v] < 0:
			sl = bestSlk[o : o+4 : o+4]
			if bestS[v] >= 0 && !less4(d0, d1, d2, d3, sl) {
				continue
			}
			bestS[v] = u
		default:
			continue
		}
		sl = sl[:4:4]
		sl[0], sl[1], sl[2], sl[3] = d0, d1, d2, d3
	}
	return false
}

// less4 reports whether the four-word number d0..d3 (least significant
// first) is less than b, both signed, as wcmp(d, b) < 0.
func less4(d0, d1, d2, d3 uint64, b []uint64) bool {
	b = b[:4:4]
	if int64(d3) != int64(b[3]) {
		return int64(d3) < int64(b[3])
	}
	if d2 != b[2] {
		return d2 < b[2]
	}
	if d1 != b[1] {
		return d1 < b[1]
	}
	return d0 < b[0]
}

// isBend reports whether edge (u, v) links two children of a blossom, one
// holding u and one holding v.
func (m *matcher) isBend(u, v int32) bool {
	if m.inb[u] != m.inb[v] {
		return false
	}
	// The lowest blossom holding both.
	g := m.nextStamp()
	for b := m.parent[u]; b >= 0; b = m.parent[b] {
		m.stamp[b] = g
	}
	b := m.parent[v]
	for b >= 0 && m.stamp[b] != g {
		b = m.parent[b]
	}
	if b < 0 {
		return false
	}
	for _, e := range m.bends[b] {
		if e[0] == u && e[1] == v || e[0] == v && e[1] == u {
			return true
		}
	}
	return false
}

// sSlack is the current slack of vertex v's edge bestS[v].
func (m *matcher) sSlack(v int32) []uint64 {
	i := int(v) * m.nw
	return m.bestSlk[i : i+m.nw]
}

// ssSlack is the current slack of S vertex u's edge bestSS[u].
func (m *matcher) ssSlack(u int32) []uint64 {
	i := int(u) * m.nw
	return m.bestSSlk[i : i+m.nw]
}

// sameTree reports whether S nodes a and b hang from the same root.
func (m *matcher) sameTree(a, b int32) bool { return m.rootOf(a) == m.rootOf(b) }

// rootOf returns the root node of S node b's tree.
func (m *matcher) rootOf(b int32) int32 {
	for {
		t := m.labelEnd[b][1]
		if t < 0 {
			return b
		}
		b = m.inb[m.labelEnd[m.inb[t]][1]]
	}
}

// rescanSS recomputes the least-slack edge from S vertex u to an S vertex
// in another top-level node, the first such vertex among equals.
//
// Every S vertex of the stage is in sVerts (a vertex labelled S stays S
// until the stage ends), a few where the graph holds thousands: only
// their edges are read, one by one.
func (m *matcher) rescanSS(u int32) int32 {
	bu := m.inb[u]
	best := int32(-1)
	for _, v := range m.sVerts {
		if m.inb[v] == bu || m.label[m.inb[v]] != labelS || !m.active[v] {
			continue
		}
		w := m.weight(int(u), int(v))
		if wzero(w) {
			continue
		}
		slackOf(m.t1, m.y(u), m.y(v), w)
		if c := wcmp(m.t1, m.bestSl); best < 0 || c < 0 || c == 0 && v < best {
			best = v
			wset(m.bestSl, m.t1)
		}
	}
	m.bestSS[u] = best
	if best >= 0 {
		wset(m.ssSlack(u), m.bestSl)
	}
	return best
}

// scanBlossom walks up from the S nodes of u and v and returns the base of
// their lowest common ancestor node, or -1 if they lie in different trees.
func (m *matcher) scanBlossom(u, v int32) int32 {
	g := m.nextStamp()
	a, b := u, v
	for a >= 0 || b >= 0 {
		if a >= 0 {
			ba := m.inb[a]
			if m.stamp[ba] == g {
				return m.base[ba]
			}
			m.stamp[ba] = g
			a = m.upS(ba)
		}
		a, b = b, a
	}
	return -1
}

// nextStamp returns a fresh mark for m.stamp.
func (m *matcher) nextStamp() int32 {
	m.stampGen++
	if m.stampGen == 0 {
		for i := range m.stamp {
			m.stamp[i] = 0
		}
		m.stampGen = 1
	}
	return m.stampGen
}

// upS returns a vertex of the S node above S node b in the tree, or -1 at
// the root.
func (m *matcher) upS(b int32) int32 {
	t := m.labelEnd[b][1]
	if t < 0 {
		return -1
	}
	bt := m.inb[t]
	return m.labelEnd[bt][1]
}

// addBlossom forms a new S blossom from the cycle closed by the tight edge
// (u, v) through the node with base vertex base.
func (m *matcher) addBlossom(base, u, v int32) {
	bb := m.inb[base]
	bu, bv := m.inb[u], m.inb[v]
	b := m.freeB[len(m.freeB)-1]
	m.freeB = m.freeB[:len(m.freeB)-1]
	m.base[b] = base
	m.parent[b] = -1
	m.parent[bb] = b
	// Path from bu up to bb, collected then reversed.
	var path []int32
	var ends [][2]int32
	for bu != bb {
		m.parent[bu] = b
		path = append(path, bu)
		le := m.labelEnd[bu] // {inside, outside T vertex}: matched edge
		ends = append(ends, [2]int32{le[1], le[0]})
		t := le[1]
		bt := m.inb[t]
		m.parent[bt] = b
		path = append(path, bt)
		lt := m.labelEnd[bt]
		ends = append(ends, [2]int32{lt[1], lt[0]})
		bu = m.inb[lt[1]]
	}
	childs := append(m.childs[b][:0], bb)
	bends := m.bends[b][:0]
	for i := len(path) - 1; i >= 0; i-- {
		childs = append(childs, path[i])
		bends = append(bends, ends[i])
	}
	// bends so far link consecutive children going down to bu's node; the
	// closing edge (u, v) links it to v's node.
	bends = append(bends, [2]int32{u, v})
	for bv != bb {
		m.parent[bv] = b
		childs = append(childs, bv)
		le := m.labelEnd[bv]
		t := le[1]
		bt := m.inb[t]
		bends = append(bends, [2]int32{le[0], le[1]})
		m.parent[bt] = b
		childs = append(childs, bt)
		lt := m.labelEnd[bt]
		bends = append(bends, [2]int32{lt[0], lt[1]})
		bv = m.inb[lt[1]]
	}
	m.childs[b], m.bends[b] = childs, bends
	m.label[b] = labelS
	m.labelEnd[b] = m.labelEnd[bb]
	wclear(m.y(b))
	m.treeB = append(m.treeB, b)
	m.leaves(b, func(x int32) {
		if m.label[m.inb[x]] == labelT {
			m.queue = append(m.queue, x)
			m.sVerts = append(m.sVerts, x)
		}
		m.inb[x] = b
	})
}

// augment flips the tree path ending in the tight edge (u, v): u is an S
// vertex and v is either an S vertex of another tree or a vertex of a free
// unlabeled node.
func (m *matcher) augment(u, v int32) {
	if m.label[m.inb[v]] == unlabeled {
		bv := m.inb[v]
		if int(bv) >= m.n {
			m.rebase(bv, v)
		}
		m.mate[v] = u
	} else {
		m.flipUp(v, u)
	}
	m.flipUp(u, v)
}

// flipUp makes S vertex s the base of its node, matches it to x (-1 for
// none), and flips the path from its node up to the root.
func (m *matcher) flipUp(s, x int32) {
	for guard := 0; ; guard++ {
		if guard > 4*m.n {
			panic("flipUp loops")
		}
		bs := m.inb[s]
		if int(bs) >= m.n {
			m.rebase(bs, s)
		}
		m.mate[s] = x
		le := m.labelEnd[bs]
		if le[1] < 0 {
			return
		}
		t := le[1]
		bt := m.inb[t]
		lt := m.labelEnd[bt]
		j := lt[0]
		s = lt[1]
		if int(bt) >= m.n {
			m.rebase(bt, j)
		}
		m.mate[j] = s
		x = j
	}
}

// rebase rotates blossom b so that its leaf v becomes the base: matched
// and unmatched edges swap along the even-length path from v's child to
// the base child. The caller then matches v (or leaves it free).
func (m *matcher) rebase(b, v int32) {
	t := v
	for m.parent[t] != b {
		t = m.parent[t]
	}
	if int(t) >= m.n {
		m.rebase(t, v)
	}
	cs := m.childs[b]
	k := len(cs)
	i := 0
	for cs[i] != t {
		i++
	}
	if i == 0 {
		m.base[b] = v
		return
	}
	if i%2 == 0 {
		// Backwards i, i-1, ..., 0: links (i-2,i-1), ..., (0,1) become matched.
		for j := i - 2; j >= 0; j -= 2 {
			m.matchLink(b, j)
		}
	} else {
		// Forwards i, i+1, ..., k-1, 0: links (i+1,i+2), ..., (k-1,0).
		for j := i + 1; j < k; j += 2 {
			m.matchLink(b, j)
		}
	}
	m.rotate(b, i)
	m.base[b] = v
}

// rotate makes child i of blossom b the first child.
func (m *matcher) rotate(b int32, i int) {
	cs, es := m.childs[b], m.bends[b]
	k := len(cs)
	nc := make([]int32, k)
	ne := make([][2]int32, k)
	for j := 0; j < k; j++ {
		nc[j] = cs[(i+j)%k]
		ne[j] = es[(i+j)%k]
	}
	copy(cs, nc)
	copy(es, ne)
}

// matchLink makes bends[b][j] (linking child j and child j+1) a matched
// edge, rebasing the two children so that its ends are their bases.
func (m *matcher) matchLink(b int32, j int) {
	k := len(m.childs[b])
	e := m.bends[b][j]
	c1, c2 := m.childs[b][j], m.childs[b][(j+1)%k]
	if int(c1) >= m.n {
		m.rebase(c1, e[0])
	}
	if int(c2) >= m.n {
		m.rebase(c2, e[1])
	}
	m.mate[e[0]], m.mate[e[1]] = e[1], e[0]
}

// tightEdge handles edge (u, v), u an S vertex, that has just become tight
// (v in another top-level node). It reports true if the matching changed.
func (m *matcher) tightEdge(u, v int32) bool {
	bv := m.inb[v]
	switch m.label[bv] {
	case unlabeled:
		if m.mate[m.base[bv]] < 0 {
			m.augment(u, v)
			return true
		}
		m.assign(v, labelT, u)
	case labelS:
		if base := m.scanBlossom(u, v); base >= 0 {
			m.addBlossom(base, u, v)
		} else {
			m.augment(u, v)
			return true
		}
	default:
		if m.reached[v] < 0 {
			m.reached[v] = u
		}
	}
	return false
}

// adjust changes the duals of the tree by the largest amount that keeps
// them feasible and handles the event that stops it. It reports true when
// the stage is over.
func (m *matcher) adjust() bool {
	const (
		evVertex = iota + 1
		evFree
		evSS
		evExpand
	)
	ev := 0
	var a1, a2 int32
	d := m.delta
	take := func(val []uint64, kind int, x, y int32) {
		if ev == 0 || wcmp(val, d) < 0 {
			wset(d, val)
			ev, a1, a2 = kind, x, y
		}
	}
	for _, s := range m.sVerts {
		if s != m.unrestricted {
			take(m.y(s), evVertex, s, -1)
		}
	}
	for _, v := range m.liveList() {
		if s := m.bestS[v]; s >= 0 && m.label[m.inb[v]] == unlabeled {
			take(m.sSlack(v), evFree, s, v)
		}
	}
	for _, u := range m.sVerts {
		x := m.bestSS[u]
		if x >= 0 && m.inb[x] == m.inb[u] {
			x = m.rescanSS(u) // the best edge went inside a blossom
		}
		if x >= 0 {
			whalf(m.t1, m.ssSlack(u))
			take(m.t1, evSS, u, x)
		}
	}
	for _, b := range m.treeB {
		if m.parent[b] >= 0 || m.label[b] != labelT || int(b) < m.n {
			continue
		}
		whalf(m.t1, m.y(b))
		take(m.t1, evExpand, b, -1)
	}
	// Apply: S vertices -d, T vertices +d, S blossoms +2d, T blossoms -2d.
	wshl1(m.t3, d)
	for _, v := range m.liveList() {
		if m.bestS[v] >= 0 && m.label[m.inb[v]] == unlabeled {
			sl := m.sSlack(v)
			wsub(sl, sl, d)
		}
	}
	for _, u := range m.sVerts {
		if m.bestSS[u] >= 0 {
			sl := m.ssSlack(u)
			wsub(sl, sl, m.t3)
		}
	}
	g := m.nextStamp()
	for _, b := range m.treeB {
		if m.parent[b] >= 0 || m.stamp[b] == g {
			continue
		}
		m.stamp[b] = g
		switch m.label[b] {
		case labelS:
			m.leaves(b, func(v int32) { wsub(m.y(v), m.y(v), d) })
			if int(b) >= m.n {
				wadd(m.y(b), m.y(b), m.t3)
			}
		case labelT:
			m.leaves(b, func(v int32) { wadd(m.y(v), m.y(v), d) })
			if int(b) >= m.n {
				wsub(m.y(b), m.y(b), m.t3)
			}
		}
	}
	switch ev {
	case evVertex:
		m.flipUp(a1, -1)
		return true
	case evFree, evSS:
		return m.tightEdge(a1, a2)
	case evExpand:
		m.expandT(a1)
	}
	return false
}

// expandT expands T blossom b in the middle of a stage (its dual reached
// zero). Its children on the even path from the entry child to the base
// child keep the tree alternating; the others leave the tree unless one of
// their vertices was reached over a tight edge.
func (m *matcher) expandT(b int32) {
	cs := append([]int32(nil), m.childs[b]...)
	es := append([][2]int32(nil), m.bends[b]...)
	k := len(cs)
	in, out := m.labelEnd[b][0], m.labelEnd[b][1]
	for _, c := range cs {
		m.parent[c] = -1
		m.leaves(c, func(v int32) { m.inb[v] = c })
	}
	m.label[b] = unlabeled
	entry := m.inb[in]
	j := 0
	for cs[j] != entry {
		j++
	}
	step := -1
	if j%2 == 1 {
		step = 1
	}
	onPath := make(map[int32]bool, k)
	for j != 0 {
		m.assign(in, labelT, out) // labels cs[j] T and its mate child S
		onPath[cs[j]] = true
		if step == 1 {
			onPath[cs[(j+1)%k]] = true
			e := es[(j+1)%k] // links cs[j+1] and cs[j+2]
			in, out = e[1], e[0]
			j = (j + 2) % k
		} else {
			onPath[cs[j-1]] = true
			e := es[j-2] // links cs[j-2] and cs[j-1]
			in, out = e[0], e[1]
			j -= 2
		}
	}
	c0 := cs[0]
	m.label[c0] = labelT
	m.labelEnd[c0] = [2]int32{in, out}
	m.treeB = append(m.treeB, c0)
	onPath[c0] = true
	for _, c := range cs {
		if onPath[c] || m.label[c] != unlabeled {
			continue
		}
		var hit, from int32 = -1, -1
		m.leaves(c, func(v int32) {
			if hit < 0 && m.reached[v] >= 0 {
				hit, from = v, m.reached[v]
			}
		})
		if hit >= 0 {
			m.assign(hit, labelT, from)
		}
	}
	m.freeBlossom(b)
}

// endStage clears the labels of the tree and expands top-level S blossoms
// whose dual is zero.
func (m *matcher) endStage() {
	for _, b := range m.treeB {
		if int(b) >= m.n && m.base[b] >= 0 && m.parent[b] < 0 && m.label[b] == labelS && wzero(m.y(b)) {
			m.expandZero(b)
		}
	}
	for _, b := range m.treeB {
		m.label[b] = unlabeled
		m.labelEnd[b] = [2]int32{-1, -1}
	}
	for _, v := range m.sVerts {
		m.bestSS[v] = -1
	}
	for v := 0; v < m.n; v++ {
		m.reached[v] = -1
	}
}

// expandZero dissolves a top-level blossom whose dual is zero, and its
// children with zero duals.
func (m *matcher) expandZero(b int32) {
	cs := append([]int32(nil), m.childs[b]...)
	m.dissolve(b)
	for _, c := range cs {
		if int(c) >= m.n && wzero(m.y(c)) {
			m.expandZero(c)
		}
	}
}
