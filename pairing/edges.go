package pairing

import (
	"fmt"
	"math"
	"math/bits"

	"github.com/labyrinth-chess/arbiter"
)

// A bracket's graph can hold thousands of players, so its weights are not
// stored pair by pair. The weight of an edge reads only a few attributes
// of each of its players (where he stands in the graph, his score, his
// PAB eligibility, his colour and float history), so the players fall
// into few types and one table gives the weight of an edge between two
// types. The edge between two players who may not meet (C1) is absent
// whatever their types. The tie-breaks of the bracket procedure then
// change edges one vertex at a time: they add terms in the lowest field,
// kept per pair as one small integer, and remove edges.

// ptype is what the weights read of one player.
type ptype struct {
	class     int8 // 0 MDP, 1 resident, 2 next scoregroup, 3 below
	score     int
	eligible  bool
	c9        int // games played when at the PAB score, else -1
	pref      arbiter.Colour
	imbalance int
	repeated  arbiter.Colour
	absolute  bool
	strong    bool
	topscorer bool
	float1    floatDir
	float2    floatDir
}

// bonusOff marks, in the tie-break terms, an edge taken out of the graph.
const bonusOff = math.MinInt32

// class returns the class of graph vertex k in the type of its player.
func (b *bracket) class(k int) int8 {
	switch {
	case k < b.sg:
		return 0
	case k < b.nx:
		return 1
	case k < len(b.tb):
		return 2
	}
	return 3
}

// buildTypes sorts the graph's players into types, fills the weight table
// of every pair of types (the higher player's type first) and lists, for
// every vertex, the later vertices it may not meet.
func (b *bracket) buildTypes() {
	e := b.e
	nG, nw := len(b.g), b.nw
	ids := map[ptype]int32{}
	b.typ = make([]int32, nG)
	var reps []int
	for k, v := range b.g {
		p := e.ps[v]
		t := ptype{class: b.class(k), score: p.score, eligible: p.eligible, c9: -1,
			pref: p.pref, imbalance: p.imbalance, repeated: p.repeated, absolute: p.absolute,
			strong: p.strong, topscorer: p.topscorer, float1: p.float1, float2: p.float2}
		if p.score == e.byeScore {
			t.c9 = p.played
		}
		id, ok := ids[t]
		if !ok {
			id = int32(len(reps))
			ids[t] = id
			reps = append(reps, k)
		}
		b.typ[k] = id
	}
	nT := len(reps)
	b.nTyp = nT
	b.tab = make([]uint64, nT*nT*nw)
	b.tab2 = make([]uint64, nT*nT*nw)
	b.tab2T = make([]uint64, nT*nT*nw)
	for x, i := range reps {
		for y, j := range reps {
			if b.class(i) > b.class(j) {
				continue // never the higher player's type
			}
			o := (x*nT + y) * nw
			w := b.tab[o : o+nw]
			b.typeFormula(w, i, j)
			wshl1(b.tab2[o:o+nw], w)
			copy(b.tab2T[(y*nT+x)*nw:(y*nT+x)*nw+nw], b.tab2[o:o+nw])
		}
	}
	// Rematches: the pair (i, j), i < j, is barred when j's player is among
	// i's opponents (canMeet reads the higher player's list).
	if e.pos == nil {
		e.pos = make(map[int]int, e.n)
		for i, p := range e.ps {
			e.pos[p.id] = i
		}
	}
	if cap(e.gIndex) < e.n {
		e.gIndex = make([]int32, e.n)
		for i := range e.gIndex {
			e.gIndex[i] = -1
		}
	}
	for k, v := range b.g {
		e.gIndex[v] = int32(k)
	}
	b.met = make([][]int32, nG)
	for i, v := range b.g {
		for _, id := range e.ps[v].opps {
			x, ok := e.pos[id]
			if !ok {
				continue
			}
			if j := int(e.gIndex[x]); j > i {
				b.met[i] = append(b.met[i], int32(j))
				b.met[j] = append(b.met[j], int32(i))
			}
		}
	}
	for _, v := range b.g {
		e.gIndex[v] = -1
	}
	b.gone = nil
	b.bonus, b.bonus64, b.bonusC, b.bonusC64, b.dirty = nil, nil, nil, nil, nil
	b.buildRowTable(reps)
	if e.r.checkWeights {
		b.checkTypes()
	}
}

// checkTypes compares every weight of the table with the formula applied
// to the pair itself (a test switch).
func (b *bracket) checkTypes() {
	w := make([]uint64, b.nw)
	x := make([]uint64, b.nw)
	for i := range b.g {
		for j := i + 1; j < len(b.g); j++ {
			b.formula(w, i, j)
			b.pure(x, i, j, false)
			if wcmp(w, x) != 0 && b.e.weightErr == nil {
				b.e.weightErr = fmt.Errorf("pairing: weight of %d-%d: table %x, formula %x", b.e.ps[b.g[i]].id, b.e.ps[b.g[j]].id, x, w)
			}
		}
	}
}

// hasMet reports whether graph vertices i and j may not meet (C1).
func (b *bracket) hasMet(i, j int) bool {
	for _, x := range b.met[i] {
		if int(x) == j {
			return true
		}
	}
	return false
}

// pure writes the weight of edge (i, j) between graph vertices as the
// table and the rematches give it, doubled or not.
func (b *bracket) pure(dst []uint64, i, j int, doubled bool) {
	if i > j {
		i, j = j, i
	}
	if i == j || b.hasMet(i, j) {
		wclear(dst)
		return
	}
	t := b.tab
	if doubled {
		t = b.tab2
	}
	o := (int(b.typ[i])*b.nTyp + int(b.typ[j])) * b.nw
	copy(dst, t[o:o+b.nw])
}

// goneBit reports whether the procedure took edge (i, j), i a player of
// the bracket, out of the base weights.
func (b *bracket) goneBit(i, j int) bool {
	if b.gone == nil {
		return false
	}
	k := i*len(b.g) + j
	return b.gone[k/64]>>(k%64)&1 != 0
}

// hasBase reports whether edge (i, j), i a player of the bracket, has a
// base weight, its criteria weight: an edge of the graph the procedure
// did not take out.
func (b *bracket) hasBase(i, j int) bool {
	p2 := b.pureRef(i, j)
	return p2 != nil && !wzero(p2) && !b.goneBit(i, j)
}

// zeroBase removes edge (i, j), i in X, from the base weights.
func (b *bracket) zeroBase(i, j int) {
	b.m.epoch++
	nG := len(b.g)
	if b.gone == nil {
		b.gone = make([]uint64, (b.nx*nG+63)/64)
	}
	k := i*nG + j
	b.gone[k/64] |= 1 << (k % 64)
	if j < b.nx {
		k = j*nG + i
		b.gone[k/64] |= 1 << (k % 64)
	}
}

// bonusIndex returns the index of edge (i, j) in the tie-break terms, or
// -1 if the edge has none (both ends below the bracket, or i == j).
//
// A term belongs to the edge, not to its direction, so it is stored once:
// row r (a bracket vertex) holds the edges to the vertices after it,
// r+1 .. nV-1, and the rows follow each other. That is half the square of
// the field, which keeps the largest bracket TRF allows (9,999 players in
// round 1) near 200 MB where a full square of both directions took twice
// that (see BenchmarkPairLargest).
func (b *bracket) bonusIndex(i, j int) int {
	if i > j {
		i, j = j, i
	}
	if i == j || i >= len(b.tb) {
		return -1
	}
	return b.bonusRow(i) + j - i - 1
}

// bonusRow returns where row r of the tie-break terms starts: rows 0 to
// r-1 hold nV-1, nV-2, ... terms.
func (b *bracket) bonusRow(r int) int {
	return r*(b.nV-1) - r*(r-1)/2
}

// bonusLen returns the number of tie-break terms: the rows of the bracket
// vertices.
func (b *bracket) bonusLen() int {
	return b.bonusRow(len(b.tb))
}

// maxBonusCopy bounds the tie-break terms kept a second time, by column:
// half the terms of the largest bracket TRF allows, so that no bracket
// holding both copies needs more than that one does with one.
const maxBonusCopy = 9999 * 9998 / 2 / 2

// bonusCol returns where column c starts in the copy of the tie-break
// terms by column: the terms of the edges (v, c), v a bracket vertex
// before c, follow each other in the order of v. Building the row of c
// then reads its terms to earlier vertices in one run, not one row of
// the triangle each.
func (b *bracket) bonusCol(c int) int {
	nT := len(b.tb)
	if c <= nT {
		return c * (c - 1) / 2
	}
	return nT*(nT-1)/2 + (c-nT)*nT
}

func (b *bracket) bonusAt(k int) int64 {
	if b.bonus64 != nil {
		return b.bonus64[k]
	}
	return int64(b.bonus[k])
}

// setBonus records the tie-break term of edge (i, j), i in the bracket: x
// units of the low field, or bonusOff.
func (b *bracket) setBonus(i, j int, x int64) {
	b.m.epoch++
	nT := len(b.tb)
	if b.bonus == nil && b.bonus64 == nil {
		// On the memory of an earlier bracket's terms, if it has room: the
		// brackets of a round are paired one after the other.
		e := b.e
		b.bonus = reuse(e.spareBonus, b.bonusLen())
		e.spareBonus = b.bonus
		if len(b.bonus) <= maxBonusCopy && !e.r.noBonusCopy {
			b.bonusC = reuse(e.spareBonusC, len(b.bonus))
			e.spareBonusC = b.bonusC
		}
		b.dirty = make([]bool, nT)
		// The edges that may not be played (C1) are out from the start:
		// typedRow then reads a bracket vertex's terms in place.
		for i := range nT {
			for _, j := range b.met[i] {
				if int(j) > i {
					b.bonus[b.bonusIndex(i, int(j))] = bonusOff
					if b.bonusC != nil {
						b.bonusC[b.bonusCol(int(j))+i] = bonusOff
					}
				}
			}
		}
	}
	if b.bonus64 == nil && x != bonusOff && (x <= math.MinInt32 || x > math.MaxInt32) {
		b.bonus64 = widen(b.bonus)
		b.bonus, b.e.spareBonus = nil, nil
		if b.bonusC != nil {
			b.bonusC64 = widen(b.bonusC)
			b.bonusC, b.e.spareBonusC = nil, nil
		}
	}
	k := b.bonusIndex(i, j)
	kc := b.bonusCol(max(i, j)) + min(i, j)
	switch {
	case b.bonus64 == nil:
		b.bonus[k] = int32(x)
		if b.bonusC != nil {
			b.bonusC[kc] = int32(x)
		}
	default:
		b.bonus64[k] = x
		if b.bonusC64 != nil {
			b.bonusC64[kc] = x
		}
	}
	b.dirty[i] = true
	if j < nT {
		b.dirty[j] = true
	}
}

// widen returns the terms s as 64-bit integers.
func widen(s []int32) []int64 {
	w := make([]int64, len(s))
	for k, v := range s {
		w[k] = int64(v)
	}
	return w
}

// curInto writes the current weight of edge (i, j), graph vertices, as
// the matcher sees it (doubled).
func (b *bracket) curInto(dst []uint64, i, j int) {
	b.pure(dst, i, j, true)
	if b.bonus == nil && b.bonus64 == nil {
		return
	}
	k := b.bonusIndex(i, j)
	if k < 0 {
		return
	}
	switch x := b.bonusAt(k); {
	case x == bonusOff:
		wclear(dst)
	case x != 0:
		waddSmall(dst, x<<(b.lo+1))
	}
}

// waddSmall adds the signed integer x to dst.
func waddSmall(dst []uint64, x int64) {
	ext := uint64(0)
	if x < 0 {
		ext = ^uint64(0)
	}
	var c uint64
	dst[0], c = bits.Add64(dst[0], uint64(x), 0)
	for i := 1; i < len(dst); i++ {
		dst[i], c = bits.Add64(dst[i], ext, c)
	}
}

// fillRow writes the doubled weights of u's edges to every graph vertex
// into r (nV*nw words), from the type table and the rematches.
//
// Once players are paired and out of the graph, only the entries of the
// active vertices are written: the matcher reads no others.
func (b *bracket) fillRow(r []uint64, u int) {
	nw, nT := b.nw, b.nTyp
	tu := int(b.typ[u])
	lo := b.tab2T[tu*nT*nw : (tu+1)*nT*nw] // u the lower player
	hi := b.tab2[tu*nT*nw : (tu+1)*nT*nw]  // u the higher player
	typ := b.typ
	if live := b.m.liveList(); len(live) < len(typ) {
		for _, v32 := range live {
			v := int(v32)
			if v >= len(typ) {
				continue // the sink: row sets it
			}
			t := lo
			if v > u {
				t = hi
			}
			o := int(typ[v]) * nw
			if nw == 4 {
				d, s := r[4*v:4*v+4:4*v+4], t[o:o+4:o+4]
				d[0], d[1], d[2], d[3] = s[0], s[1], s[2], s[3]
				continue
			}
			copy(r[v*nw:v*nw+nw], t[o:o+nw])
		}
		wclear(r[u*nw : u*nw+nw])
		for _, x := range b.met[u] {
			wclear(r[int(x)*nw : int(x)*nw+nw])
		}
		return
	}
	switch nw {
	case 1:
		for v := 0; v < u; v++ {
			r[v] = lo[typ[v]]
		}
		for v := u + 1; v < len(typ); v++ {
			r[v] = hi[typ[v]]
		}
	case 2:
		for v := 0; v < u; v++ {
			t := int(typ[v]) * 2
			r[2*v], r[2*v+1] = lo[t], lo[t+1]
		}
		for v := u + 1; v < len(typ); v++ {
			t := int(typ[v]) * 2
			r[2*v], r[2*v+1] = hi[t], hi[t+1]
		}
	case 3:
		for v := 0; v < u; v++ {
			t := int(typ[v]) * 3
			d := r[3*v : 3*v+3 : 3*v+3]
			d[0], d[1], d[2] = lo[t], lo[t+1], lo[t+2]
		}
		for v := u + 1; v < len(typ); v++ {
			t := int(typ[v]) * 3
			d := r[3*v : 3*v+3 : 3*v+3]
			d[0], d[1], d[2] = hi[t], hi[t+1], hi[t+2]
		}
	case 4:
		// The common width of large brackets: four words copied in place
		// cost far less than a copy call per vertex.
		for v := 0; v < u; v++ {
			t := int(typ[v]) * 4
			d, s := r[4*v:4*v+4:4*v+4], lo[t:t+4:t+4]
			d[0], d[1], d[2], d[3] = s[0], s[1], s[2], s[3]
		}
		for v := u + 1; v < len(typ); v++ {
			t := int(typ[v]) * 4
			d, s := r[4*v:4*v+4:4*v+4], hi[t:t+4:t+4]
			d[0], d[1], d[2], d[3] = s[0], s[1], s[2], s[3]
		}
	default:
		for v := 0; v < u; v++ {
			t := int(typ[v]) * nw
			copy(r[v*nw:v*nw+nw], lo[t:t+nw])
		}
		for v := u + 1; v < len(typ); v++ {
			t := int(typ[v]) * nw
			copy(r[v*nw:v*nw+nw], hi[t:t+nw])
		}
	}
	wclear(r[u*nw : u*nw+nw])
	for _, x := range b.met[u] {
		wclear(r[int(x)*nw : int(x)*nw+nw])
	}
}

// buildRowTable lays out, for weights of four words, what typedRow
// hands the scans: the type of every matcher vertex, the sink taking a
// type of its own, and for each type of u the doubled weights of u's
// edges by the type of the other end and whether it comes after u.
func (b *bracket) buildRowTable(reps []int) {
	b.typV, b.tabR, b.termB = nil, nil, nil
	if b.nw != 4 {
		return
	}
	nT := b.nTyp
	b.typV = make([]int32, b.nV)
	copy(b.typV, b.typ)
	blkLen := (nT + 1) * 8 // per type of the other end, before and after u
	b.tabR = make([]uint64, (nT+1)*blkLen)
	for x, i := range reps {
		blk := b.tabR[x*blkLen : (x+1)*blkLen]
		for y := 0; y < nT; y++ {
			o := (x*nT + y) * 4
			copy(blk[y*8:y*8+4], b.tab2T[o:o+4])  // the other end before u
			copy(blk[y*8+4:y*8+8], b.tab2[o:o+4]) // after u
		}
		if b.sink >= 0 && i < len(b.tb) {
			// The sink, after every player, is joined to the bracket.
			copy(blk[nT*8+4:nT*8+8], b.sinkW)
		}
	}
	if b.sink >= 0 {
		b.typV[b.sink] = int32(nT)
		blk := b.tabR[nT*blkLen:]
		for y, i := range reps {
			if i < len(b.tb) {
				copy(blk[y*8:y*8+4], b.sinkW)
			}
		}
	}
	b.termB = make([]int32, b.nV)
}

// typedRow describes u's row for the scans of the matcher (see
// typedRow): the weights of four words by type, and the term of each
// edge, the rematches taken out as terms bonusOff. It reports false
// when a term outgrew 32 bits.
func (b *bracket) typedRow(u int, tr *typedRow) bool {
	if b.tabR == nil || b.bonus64 != nil {
		return false
	}
	nT := b.nTyp
	tu := int(b.typV[u])
	tr.typ = b.typV
	tr.tab = b.tabR[tu*(nT+1)*8 : (tu+1)*(nT+1)*8]
	tr.sh = uint(b.lo + 1)
	nG := len(b.g)
	if b.bonus != nil && b.bonusC != nil && u < len(b.tb) {
		// The terms where they are kept, the rematches among them (see
		// setBonus): u's column of the triangle by column for the
		// vertices before u, u's row for those after.
		col := b.bonusCol(u)
		tr.pre = b.bonusC[col : col+u]
		o := b.bonusRow(u) - u - 1
		tr.post = b.bonus[o+u+1 : o+nG]
		return true
	}
	t := b.termB
	if b.bonus == nil || u >= nG {
		clear(t) // no terms yet, or the sink's row
	} else {
		b.bonusTerms(t, u)
	}
	if u < nG {
		for _, x := range b.met[u] {
			t[x] = bonusOff
		}
	}
	tr.pre, tr.post = t[:u], t[u+1:]
	return true
}

// bonusTerms writes the tie-break term of each edge of graph vertex u to
// t, by the other end.
func (b *bracket) bonusTerms(t []int32, u int) {
	nB, nG := len(b.tb), len(b.g)
	n := min(u, nB)
	// The edges to earlier bracket vertices: u's column of the triangle.
	if b.bonusC != nil {
		col := b.bonusCol(u)
		copy(t[:n], b.bonusC[col:col+n])
	} else {
		for v := range n {
			t[v] = 0
			if b.dirty[v] {
				t[v] = b.bonus[b.bonusRow(v)+u-v-1]
			}
		}
	}
	// The later ones: u's row, when u is in the bracket.
	if u < nB {
		o := b.bonusRow(u) - u - 1
		copy(t[u+1:nG], b.bonus[o+u+1:o+nG])
		t[u] = 0
	} else {
		clear(t[n:nG])
	}
	clear(t[nG:])
}

// addBonusRow applies the tie-break terms of u's edges to row r.
func (b *bracket) addBonusRow(r []uint64, u int) {
	if b.bonus == nil && b.bonus64 == nil {
		return
	}
	nw, nT := b.nw, len(b.tb)
	sh := b.lo + 1
	apply := func(v int, x int64) {
		if nw == 4 {
			// The width of large brackets, added in place.
			w := r[4*v : 4*v+4 : 4*v+4]
			switch {
			case x == bonusOff:
				w[0], w[1], w[2], w[3] = 0, 0, 0, 0
			case x != 0 && w[0]|w[1]|w[2]|w[3] != 0:
				x <<= sh
				ext := uint64(x >> 63) // 0 or all ones: the sign, extended
				var c uint64
				w[0], c = bits.Add64(w[0], uint64(x), 0)
				w[1], c = bits.Add64(w[1], ext, c)
				w[2], c = bits.Add64(w[2], ext, c)
				w[3], _ = bits.Add64(w[3], ext, c)
			}
			return
		}
		w := r[v*nw : v*nw+nw]
		switch {
		case x == bonusOff:
			wclear(w)
		case x != 0:
			if !wzero(w) {
				waddSmall(w, x<<sh)
			}
		}
	}
	if u < nT && !b.dirty[u] {
		return // none of u's edges carries a term
	}
	// The terms of the edges to earlier bracket vertices: a column of the
	// triangle, read from its copy by column when there is one.
	n := min(u, nT)
	col := b.bonusCol(u)
	switch {
	case b.bonusC != nil:
		for v, x := range b.bonusC[col : col+n] {
			if x != 0 {
				apply(v, int64(x))
			}
		}
	case b.bonusC64 != nil:
		for v, x := range b.bonusC64[col : col+n] {
			if x != 0 {
				apply(v, x)
			}
		}
	default:
		// A term joins two bracket vertices only when both are dirty.
		for v := 0; v < n; v++ {
			if b.dirty[v] {
				if x := b.bonusAt(b.bonusRow(v) + u - v - 1); x != 0 {
					apply(v, x)
				}
			}
		}
	}
	if u >= nT {
		return
	}
	// The terms of the edges to later vertices: u's row of the triangle.
	o := b.bonusRow(u) - u - 1
	if b.bonus64 != nil {
		for v, x := range b.bonus64[o+u+1 : o+len(b.g)] {
			if x != 0 {
				apply(u+1+v, x)
			}
		}
		return
	}
	for v, x := range b.bonus[o+u+1 : o+len(b.g)] {
		if x != 0 {
			apply(u+1+v, int64(x))
		}
	}
}
