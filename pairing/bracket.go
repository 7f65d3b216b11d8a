package pairing

import (
	"fmt"
	"sort"

	"github.com/labyrinth-chess/arbiter/phrase"
)

// bracket pairs one bracket: the moved-down players (MDPs) tb[:sg], the
// residents tb[sg:nx], and, as the next bracket whose pairability the
// choice must respect (C8), the next scoregroup tb[nx:]. In the fast mode
// the matching graph holds just these players, and the result is accepted
// only if the players below can still complete the round (C4); otherwise
// the bracket is paired again on a graph that also holds every lower
// player, whose edges then carry the completion field.
type bracket struct {
	e        *engine
	tb       []int // indices into e.ps
	sg, nx   int
	rest     int  // e.ps[rest:] lie below the next scoregroup
	flag     bool // C9 applies: the single downfloater will get the PAB
	nextFlag bool // C9 applies in the next bracket

	full        bool
	old         *legacy // the 2017 rules, nil for 2025
	g           []int   // graph vertices (indices into e.ps): tb, then the lower players in full mode
	lo          int     // offset of the low (tie-break) field
	sink        int     // matcher index of the sink vertex, -1 if none
	sinkW       []uint64
	nV          int // vertices in the matcher: len(g), plus the sink
	lay         layout
	nw          int
	sidx        []int    // per graph vertex: index of its score in scores
	part        []uint64 // per graph vertex: weight part that depends on it alone (top)
	part9       []uint64 // per graph vertex: its C9 rank in the C9 field
	partN       []uint64 // per graph vertex: C8 part as the higher player of a next-bracket pair
	lowC        []uint64 // constant part of an edge whose lower player lies below (top 1)
	typ         []int32  // per graph vertex: its type (see edges.go)
	typV        []int32  // per matcher vertex: its type, the sink's its own (four words only)
	tabR        []uint64 // per type of u: weights by the other end's type, before and after u (four words only)
	termB       []int32  // scratch of typedRow: the terms of a row
	nTyp        int
	tab, tab2   []uint64 // per pair of types, the higher player's first: weight, undoubled and doubled
	tab2T       []uint64 // tab2 transposed: the lower player's type first
	met         [][]int32
	gone        []uint64 // bits per (bracket player, graph vertex): edge taken out of the base weights
	bonus       []int32  // per (tb vertex, matcher vertex): tie-break term in the low field, or bonusOff
	bonus64     []int64  // bonus, when a term outgrows 32 bits
	bonusC      []int32  // the terms again, by column (see bonusCol); nil past maxBonusCopy
	bonusC64    []int64  // bonusC, when a term outgrows 32 bits
	dirty       []bool   // per tb vertex: some of its edges carry a tie-break term
	rowB        []uint64 // scratch row
	curB        []uint64 // scratch edge
	chg         int      // vertex whose edges are being changed
	batch       bool     // commits defer their searches to endBatch
	chgForce    bool     // an edge appeared, or the matched edge went
	chgTight    bool     // a changed edge was tight, or gained weight
	chgHas      bool     // chgMax is set
	chgMax      int64    // the largest gain of a changed edge, doubled units
	chgMate     int64    // the gain of the matched edge, doubled units
	dTmp, dTmp2 []uint64
	dTmp3       []uint64
	edgeB       []uint64 // scratch edge
	m           *matcher

	matched []bool // per tb index: paired (or, for an MDP, to be paired) in this bracket
	notes   map[[2]int]phrase.Text

	// Scratch of firstPartner: tight lists per vertex, each valid while
	// the matcher's epoch and the weights stand as when it was made, and
	// the search of altPath, valid under its stamp.
	tight1      [][]int32
	tightEp     []uint64
	pathGen     int32
	prev, prevG []int32
	from, fromG []int32
	queue       []int
}

// maxPassedOver is how many of the S2 players passed over an explanation
// names; the others are counted. In a bracket of thousands, naming each
// would make the explanations grow as the square of the bracket.
const maxPassedOver = 10

// explainPartner records, for explanations, why S1 player p (tb index)
// meets o: his place in S1 and S2, the exchanges, and why each S2 player
// ranked before o was passed over.
func (b *bracket) explainPartner(p, o int, rem []int, pos []int, role []bool, remPairs int) {
	if b.e.trace == nil {
		return
	}
	ps := b.e.ps
	pp, po := ps[b.tb[p]], ps[b.tb[o]]
	var parts []phrase.Text
	ip, io := pos[p], pos[o]
	switch {
	case ip < remPairs && io >= remPairs:
		parts = append(parts, phrase.New("pair.s1s2", "Player", pp.id, "S1", ip+1, "Opponent", po.id, "S2", io-remPairs+1))
	case ip >= remPairs:
		parts = append(parts, phrase.New("pair.exchange.in", "Player", pp.id))
	default:
		parts = append(parts, phrase.New("pair.exchange.out", "Player", po.id))
	}
	var skipped []phrase.Text
	more := 0 // passed over beyond the first maxPassedOver: counted only
	for _, c := range rem {
		if c == o {
			break
		}
		if c <= p || role[pos[c]] {
			continue // not an S2 player after p
		}
		if len(skipped) == maxPassedOver {
			more++
			continue
		}
		pc := ps[b.tb[c]]
		switch {
		case b.matched[c]:
			skipped = append(skipped, phrase.New("pair.skip.paired", "Player", pc.id))
		case !canMeet(pp, pc):
			why := phrase.New("pair.skip.c3")
			for _, x := range pp.opps {
				if x == pc.id {
					why = phrase.New("pair.skip.c1")
				}
			}
			skipped = append(skipped, phrase.New("pair.skip.cannot", "Player", pc.id, "Why", why))
		default:
			skipped = append(skipped, phrase.New("pair.skip.worse", "Player", pc.id))
		}
	}
	if more > 0 {
		skipped = append(skipped, phrase.New("pair.skip.more", "Count", more))
	}
	if len(skipped) > 0 {
		parts = append(parts, phrase.New("pair.skipped", "List", phrase.Join("; ", skipped...)))
	}
	if b.notes == nil {
		b.notes = map[[2]int]phrase.Text{}
	}
	b.notes[key(pp.id, po.id)] = phrase.Join("; ", parts...)
}

// pair pairs the bracket, in fast mode first.
func (b *bracket) pair() error {
	done, err := b.attempt(false)
	if err != nil {
		return err
	}
	if !done {
		if _, err := b.attempt(true); err != nil {
			return err
		}
	}
	return nil
}

// attempt pairs the bracket in fast or full mode. In fast mode it reports
// false, with nothing changed, if the result would leave the round
// incomplete.
func (b *bracket) attempt(full bool) (bool, error) {
	e := b.e
	b.full = full || e.flagInit && b.rest < e.n
	b.g = append(b.g[:0], b.tb...)
	if b.full {
		for v := b.rest; v < e.n; v++ {
			b.g = append(b.g, v)
		}
	}
	b.build()
	pairs, err := b.run()
	if err != nil {
		return false, err
	}
	if !b.full {
		// The pairing of this bracket stands if the players left over here
		// and every lower player can still be paired (C4).
		var rest []int
		for k := range b.tb {
			if k >= b.nx || !b.matched[k] {
				if b.freeInGraph(k) {
					rest = append(rest, b.tb[k])
				}
			}
		}
		for v := b.rest; v < e.n; v++ {
			rest = append(rest, v)
		}
		if !e.completableRest(rest) {
			return false, nil
		}
	}
	for _, pr := range pairs {
		u, v := b.tb[pr[0]], b.tb[pr[1]]
		e.mate[u], e.mate[v] = v, u
		e.done[u], e.done[v] = true, true
	}
	b.computeNextFlag()
	if e.trace != nil {
		e.trace.bracket(b, pairs)
	}
	return true, nil
}

// completableRest reports whether the players vs can all be paired but at
// most one, who may take the PAB (C4, C2, C5).
func (e *engine) completableRest(vs []int) bool {
	if !e.odd {
		if len(vs)%2 == 1 {
			return false
		}
		return perfect(cardMatch(len(vs), func(i, j int) bool { return canMeet(e.ps[vs[i]], e.ps[vs[j]]) }, nil))
	}
	return e.completable(vs, e.byeScore)
}

// freeInGraph reports whether graph vertex k has no partner among the
// players (it is free, or matched to the sink).
func (b *bracket) freeInGraph(k int) bool {
	m := b.m.mate[k]
	return m < 0 || int(m) == b.sink
}

// computeNextFlag decides whether C9 applies in the next bracket: the PAB
// score is the next scoregroup's and no player carried over is paired
// below it.
func (b *bracket) computeNextFlag() {
	e := b.e
	b.nextFlag = false
	if !e.odd || b.nx == len(b.tb) || e.byeScore < e.ps[b.tb[b.nx]].score {
		return
	}
	nscore := e.ps[b.tb[b.nx]].score
	free := 0
	for k := range b.tb {
		if k < b.nx && b.matched[k] {
			continue
		}
		m := b.m.mate[k]
		if b.freeInGraph(k) {
			if b.full {
				continue // the PAB
			}
			free++
			continue
		}
		if e.ps[b.g[m]].score < nscore {
			return
		}
	}
	b.nextFlag = free <= 1
}

// --- weights ---------------------------------------------------------------

// build lays out the fields, computes the weights and solves the matching.
func (b *bracket) build() {
	e := b.e
	r := e.r
	// An odd graph leaves a player free; in fast mode he stands for a
	// player paired below. A sink vertex that must be matched, joined to
	// every player by an edge worth less than any criterion, takes that
	// place: the duals then need no blossom to explain the free player.
	b.sink = -1
	if !b.full && len(b.tb)%2 == 1 {
		b.sink = len(b.g)
	}
	nG := len(b.g)
	b.nV = nG
	if b.sink >= 0 {
		b.nV++
	}
	if b.old != nil {
		b.buildMatrices(b.layout2017())
		return
	}
	// Scores present in the bracket and the next scoregroup.
	var scores []int
	for _, v := range b.tb {
		s := e.ps[v].score
		if len(scores) == 0 || scores[len(scores)-1] != s {
			scores = append(scores, s)
		}
	}
	sort.Sort(sort.Reverse(sort.IntSlice(scores)))
	scores = dedup(scores)
	sIndex := map[int]int{}
	for i, s := range scores {
		sIndex[s] = i
	}
	countX := make([]int, len(scores))
	for k := 0; k < b.nx; k++ {
		countX[sIndex[e.ps[b.tb[k]].score]]++
	}
	nX, nN := b.nx, len(b.tb)-b.nx
	topscorers := false
	for _, v := range b.tb[:b.nx] {
		topscorers = topscorers || e.ps[v].topscorer
	}
	// Lay out the fields from the least significant end.
	var a fieldAlloc
	lay := layout{sgBits: e.sgBits, lowW: 3*e.sgBits + 1, top: -1, c6: -1, c8a: -1, c9: -1}
	for i := range lay.colour {
		lay.colour[i], lay.flt[i] = -1, -1
	}
	b.lo = a.take(1) + 1 // bit 0: the sink's edges, below every criterion
	a.take(lay.lowW)
	scoreFields := func() []int {
		offs := make([]int, len(scores))
		for i := len(scores) - 1; i >= 0; i-- {
			offs[i] = -1
			if countX[i] > 0 {
				offs[i] = a.take(bitsFor(countX[i]))
			}
		}
		return offs
	}
	for f := 3; f >= 0; f-- {
		if r.played >= 1+f/2 {
			lay.fs[f] = scoreFields()
		}
	}
	for f := 3; f >= 0; f-- {
		if r.played >= 1+f/2 {
			lay.flt[f] = a.take(bitsFor(nX))
		}
	}
	for f := 3; f >= 0; f-- {
		if f >= 2 || topscorers {
			lay.colour[f] = a.take(bitsFor(nX))
		}
	}
	if b.flag || b.full && e.flagInit {
		cnt := 0
		for _, p := range e.ps {
			if p.score == e.byeScore {
				cnt++
			}
		}
		lay.c9 = a.take(bitsFor(cnt * cnt))
	}
	lay.c8b = make([]int, len(scores))
	for i := len(scores) - 1; i >= 0; i-- {
		c := countX[i]
		if i == len(scores)-1 && nN > 0 && scores[i] == e.ps[b.tb[b.nx]].score {
			c = nN
		}
		lay.c8b[i] = a.take(bitsFor(c))
	}
	lay.c8a = a.take(bitsFor(nN))
	lay.c7 = scoreFields()
	lay.c6 = a.take(bitsFor(nX))
	if b.full {
		lay.top = a.take(bitsFor(3*nG) + 1)
	}
	total := a.off + 4 // room for doubling and the duals
	lay.nw = e.r.words(total)
	b.lay = lay
	nw := lay.nw
	b.nw = nw

	b.sidx = make([]int, nG)
	for k, v := range b.g {
		if si, ok := sIndex[e.ps[v].score]; ok {
			b.sidx[k] = si
		} else {
			b.sidx[k] = -1
		}
	}
	// Parts that depend on one endpoint only.
	b.part = make([]uint64, nG*nw)
	b.part9 = make([]uint64, nG*nw)
	b.partN = make([]uint64, nG*nw)
	for k, v := range b.g {
		p := e.ps[v]
		w := b.part[k*nw : k*nw+nw]
		if lay.top >= 0 && !e.candidate(v) {
			addAt(w, lay.top, 1)
		}
		if lay.c9 >= 0 && p.score == e.byeScore {
			// C9 counts in the bracket's graph when the flag is on; on
			// edges to lower players only when it was on from the start.
			addAt(b.part9[k*nw:k*nw+nw], lay.c9, int64(e.c9rank[p.played]))
		}
		if k < len(b.tb) {
			wn := b.partN[k*nw : k*nw+nw]
			addAt(wn, lay.c8a, 1)
			addAt(wn, lay.c8b[b.sidx[k]], 1)
		}
	}
	b.lowC = make([]uint64, nw)
	if lay.top >= 0 {
		addAt(b.lowC, lay.top, 1)
	}
	b.buildMatrices(-1)
}

// buildMatrices computes every weight of the graph and the initial
// matching. total is the number of bits of a weight when the layout did
// not set the width yet (-1 if it did).
func (b *bracket) buildMatrices(total int) {
	if total >= 0 {
		b.lay.nw = b.e.r.words(total + 4) // room for doubling and the duals
	}
	nw := b.lay.nw
	b.nw = nw
	b.rowB = make([]uint64, b.nV*nw)
	b.sinkW = make([]uint64, nw)
	b.sinkW[0] = 2 // ε = 1 at bit 0, doubled
	b.chg = -1
	b.dTmp = make([]uint64, nw)
	b.dTmp2 = make([]uint64, nw)
	b.dTmp3 = make([]uint64, nw)
	b.edgeB = make([]uint64, nw)
	b.curB = make([]uint64, nw)
	b.buildTypes()
	b.tight1 = nil // a new matcher: the lists of an earlier attempt go
	b.matched = make([]bool, len(b.tb))
	b.m = newMatcher(b.nV, nw, b.weight, b.row, b.e.spareM)
	b.e.spareM = b.m
	b.m.typed = b.typedRow
	if b.sink >= 0 {
		b.m.unrestricted = int32(b.sink)
	}
	if b.initByTypes() {
		return
	}
	// Duals start at half the heaviest edge within a vertex's class: the
	// MDPs (whose edges carry more in C7), the residents, the next
	// scoregroup, the rest.
	b.m.init(b.natural(), func(v int) int {
		switch {
		case v < b.sg:
			return 0
		case v < b.nx:
			return 1
		case v < len(b.tb):
			return 2
		}
		return 3
	})
}

// words returns how many 64-bit words hold a weight of the given number
// of bits. Three words are widened to four: the scans of the matcher read
// a four-word row in place by the types of its ends (see typedRow), which
// costs far less than building the row of three-word weights first, and
// the numbers are the same (TestCorpusLargePaths pairs the corpus with
// every weight in four words or more).
func (r *round) words(bits int) int {
	nw := max((bits+63)/64, r.minWords)
	if nw == 3 {
		nw = 4
	}
	return nw
}

// natural returns, for the initial matching, the partner the Dutch order
// would give each player: within each scoregroup of the bracket and of the
// next group, the first half meets the second half in order.
func (b *bracket) natural() func(v int) int {
	e := b.e
	pref := make([]int, b.nV)
	for i := range pref {
		pref[i] = -1
	}
	start := b.sg
	for start < len(b.tb) {
		end := start
		for end < len(b.tb) && e.ps[b.tb[end]].score == e.ps[b.tb[start]].score {
			end++
		}
		h := (end - start) / 2
		for i := start; i < start+h; i++ {
			pref[i] = i + h
		}
		start = end
	}
	return func(v int) int { return pref[v] }
}

func dedup(s []int) []int {
	out := s[:0]
	for i, x := range s {
		if i == 0 || x != s[i-1] {
			out = append(out, x)
		}
	}
	return out
}

// formula writes the unmodified weight of edge (i, j), graph indices, into
// dst.
func (b *bracket) formula(dst []uint64, i, j int) {
	if i > j {
		i, j = j, i
	}
	if met(b.e.ps[b.g[i]], b.e.ps[b.g[j]]) {
		wclear(dst)
		return
	}
	b.typeFormula(dst, i, j)
}

// typeFormula writes the weight of edge (i, j), i the higher player, but
// for rematches (C1): what depends on the players' types only.
func (b *bracket) typeFormula(dst []uint64, i, j int) {
	if b.old != nil {
		b.formula2017(dst, i, j)
		return
	}
	wclear(dst)
	e := b.e
	hi, lo := e.ps[b.g[i]], e.ps[b.g[j]]
	if colourBarred(hi, lo) {
		return
	}
	if i < b.sg && j < b.sg {
		// Two MDPs left unpaired together in an earlier bracket cannot be
		// paired in a complete round: no edge.
		return
	}
	lay := &b.lay
	nw := b.nw
	pi, pj := b.part[i*nw:i*nw+nw], b.part[j*nw:j*nw+nw]
	loInX := j < b.nx
	loInN := j >= b.nx && j < len(b.tb)
	copy(dst, b.lowC)
	wadd(dst, dst, pi)
	wadd(dst, dst, pj)
	if !loInX && !loInN {
		// An edge to a lower player: completion (and C9 from the start).
		if b.e.flagInit {
			wadd(dst, dst, b.part9[i*nw:i*nw+nw])
			wadd(dst, dst, b.part9[j*nw:j*nw+nw])
		}
		return
	}
	if b.flag {
		wadd(dst, dst, b.part9[i*nw:i*nw+nw])
		wadd(dst, dst, b.part9[j*nw:j*nw+nw])
	}
	if loInN {
		wadd(dst, dst, b.partN[i*nw:i*nw+nw])
		return
	}
	addAt(dst, lay.c6, 1)
	if o := lay.c7[b.sidx[i]]; o >= 0 {
		addAt(dst, o, 1)
	}
	// Colour criteria, for the pair (lo, hi).
	p, q := lo, hi
	if o := lay.colour[0]; o >= 0 && (!p.absImbalance() || !q.absImbalance() || p.pref != q.pref) {
		addAt(dst, o, 1) // C10
	}
	if o := lay.colour[1]; o >= 0 {
		ok := !p.absolute || !q.absolute || p.pref != q.pref
		if !ok {
			if p.imbalance == q.imbalance {
				ok = p.repeated == 0 || p.repeated != q.repeated
			} else {
				x := p
				if p.imbalance > q.imbalance {
					x = q
				}
				ok = x.repeated != p.pref.Opposite()
			}
		}
		if ok {
			addAt(dst, o, 1) // C11
		}
	}
	if p.pref != q.pref || p.pref == 0 || q.pref == 0 {
		addAt(dst, lay.colour[2], 1) // C12
	}
	if !p.strong && !p.absolute || !q.strong && !q.absolute || p.absolute && q.absolute || p.pref != q.pref {
		addAt(dst, lay.colour[3], 1) // C13
	}
	for f := 0; f < 2; f++ {
		if lay.flt[2*f] < 0 {
			continue
		}
		pf, qf := lo.float1, hi.float1
		if f == 1 {
			pf, qf = lo.float2, hi.float2
		}
		down := 0
		if pf == floatDown {
			down++
		}
		if hi.score <= lo.score && qf == floatDown {
			down++
		}
		addAt(dst, lay.flt[2*f], int64(down)) // C14, C16
		upOK := !(hi.score > lo.score && pf == floatUp)
		if upOK {
			addAt(dst, lay.flt[2*f+1], 1) // C15, C17
		}
		fd := lay.fs[2*f]
		if pf == floatDown {
			addAt(dst, fd[b.sidx[j]], 1) // C18, C20
		}
		if qf == floatDown {
			addAt(dst, fd[b.sidx[i]], 1)
		}
		if upOK {
			addAt(dst, lay.fs[2*f+1][b.sidx[i]], 1) // C19, C21
		}
	}
}

// weight returns the doubled weight of edge (u, v) as the matcher sees it.
func (b *bracket) weight(u, v int) []uint64 {
	if u == b.sink || v == b.sink {
		if o := u + v - b.sink; o < len(b.tb) {
			return b.sinkW
		}
		wclear(b.edgeB)
		return b.edgeB
	}
	b.curInto(b.edgeB, u, v)
	return b.edgeB
}

// row returns the doubled weights of u's edges.
func (b *bracket) row(u int) []uint64 {
	nw := b.nw
	r := b.rowB
	if u == b.sink {
		wclear(r)
		for v := range b.tb {
			copy(r[v*nw:v*nw+nw], b.sinkW)
		}
		return r
	}
	b.fillRow(r, u)
	b.addBonusRow(r, u)
	if b.sink >= 0 {
		w := r[b.sink*nw : b.sink*nw+nw]
		if u < len(b.tb) {
			copy(w, b.sinkW)
		} else {
			wclear(w)
		}
	}
	return r
}

// setTerm sets the current weight of edge (i, j), i in X, to its base
// weight (see hasBase) plus x units of the low field, or takes the edge
// out when the base weight is zero or x is bonusOff. One of i, j must be
// the vertex opened with begin.
//
// Base and terms only differ in their terms, so the changes it records
// for commit (which edges appear or go, and by how much each gains) are
// differences of terms: small integers.
func (b *bracket) setTerm(i, j int, x int64) {
	p2 := b.pureRef(i, j)
	pz := p2 == nil || wzero(p2)
	k := b.bonusIndex(i, j)
	old := int64(0)
	if b.bonus != nil || b.bonus64 != nil {
		old = b.bonusAt(k)
	}
	// The current weight c, the new one d: each zero or not.
	cz := old == bonusOff || (pz && old == 0) || (!pz && b.cancels(p2, old))
	dz := pz || x == bonusOff || b.goneBit(i, j) || b.cancels(p2, x)
	o := j
	if j == b.chg {
		o = i
	}
	mated := int(b.m.mate[b.chg]) == o
	// (An edge is a bend of a blossom only when both ends lie in one: that
	// is asked before the slack, which costs more.)
	switch {
	case dz && cz:
	case dz || cz:
		// An edge appears or disappears: fine unless it is the matched one.
		if cz || mated {
			b.chgForce = true
		}
		if !cz && b.m.isBend(int32(b.chg), int32(o)) && !b.loose(o, b.curOf(p2, old)) {
			b.chgTight = true
		}
	default:
		gain := (x - old) << (b.lo + 1) // d - c, doubled units
		if mated {
			b.chgMate = gain
		}
		if !b.chgHas || gain > b.chgMax {
			b.chgMax, b.chgHas = gain, true
		}
		if mated || gain > 0 || b.m.isBend(int32(b.chg), int32(o)) && !b.loose(o, b.curOf(p2, old)) {
			b.chgTight = true
		}
	}
	if dz {
		b.setBonus(i, j, bonusOff)
		return
	}
	b.setBonus(i, j, x)
}

// pureRef returns the doubled base weight of edge (i, j) as the type
// table holds it, nil for no edge (i == j, or a rematch). The slice is the
// table's: it is not written to.
func (b *bracket) pureRef(i, j int) []uint64 {
	if i > j {
		i, j = j, i
	}
	if i == j || b.hasMet(i, j) {
		return nil
	}
	o := (int(b.typ[i])*b.nTyp + int(b.typ[j])) * b.nw
	return b.tab2[o : o+b.nw : o+b.nw]
}

// cancels reports whether the doubled base weight p2, not zero, plus x
// units of the low field is zero: x is then minus the whole weight.
func (b *bracket) cancels(p2 []uint64, x int64) bool {
	if x >= 0 || x == bonusOff {
		return false
	}
	for _, w := range p2[1:] {
		if w != 0 {
			return false
		}
	}
	return p2[0] == uint64(-x)<<(b.lo+1)
}

// curOf returns, in b.curB, the current weight of an edge of doubled base
// weight p2 (nil for none) and term x.
func (b *bracket) curOf(p2 []uint64, x int64) []uint64 {
	c := b.curB
	wclear(c)
	if x == bonusOff {
		return c
	}
	if p2 != nil {
		wset(c, p2)
	}
	if x != 0 {
		waddSmall(c, x<<(b.lo+1))
	}
	return c
}

// slackAbove reports whether edge (p, o) has a true slack (duals of the
// blossoms holding both included, doubled units) above limit, or is no
// edge at all. An edge with a slack above limit is in no matching within
// limit of the optimum, so a tie-break bonus up to limit cannot bring it in.
func (b *bracket) slackAbove(p, o int, limit int64) bool {
	m := b.m
	c := m.weight(p, o)
	if wzero(c) {
		return true
	}
	sl := b.dTmp3
	slackOf(sl, m.y(int32(p)), m.y(int32(o)), c)
	if m.inb[p] == m.inb[o] {
		g := m.nextStamp()
		for x := m.parent[p]; x >= 0; x = m.parent[x] {
			m.stamp[x] = g
		}
		for x := m.parent[o]; x >= 0; x = m.parent[x] {
			if m.stamp[x] == g {
				wadd(sl, sl, m.y(x))
			}
		}
	}
	return wcmpSmall(sl, limit) > 0
}

// wcmpSmall compares a with the small integer v.
func wcmpSmall(a []uint64, v int64) int {
	var t [8]uint64
	x := t[:len(a)]
	addAt(x, 0, v)
	return wcmp(a, x)
}

// dualAbove reports whether v's dual exceeds limit (doubled units): v is
// then matched in every matching within limit of the optimum.
func (b *bracket) dualAbove(v int, limit int64) bool {
	return wcmpSmall(b.m.y(int32(v)), limit) > 0
}

// loose reports whether the edge from the changing vertex to o, of current
// weight c, has positive slack: it is then neither matched nor a link of a
// blossom, and lowering it keeps every dual feasible.
func (b *bracket) loose(o int, c []uint64) bool {
	m := b.m
	return wsign(slackCopyTo(b.dTmp3, m.y(int32(b.chg)), m.y(int32(o)), c)) > 0
}

func slackCopyTo(dst, y1, y2, w []uint64) []uint64 {
	slackOf(dst, y1, y2, w)
	return dst
}

// begin opens a change of the weights of vertex v's edges.
func (b *bracket) begin(v int) {
	b.m.epoch++ // the weights change: every tight list goes
	b.chg = v
	b.chgForce, b.chgHas, b.chgTight = false, false, false
	b.chgMate = 0
}

// commit restores an optimal matching after the change opened by begin.
// When the vertex lies in no blossom and its matched edge gained at least
// as much as any other of its edges, the matching stays optimal and raising
// the vertex's dual by that gain keeps the duals feasible; otherwise the
// matcher re-optimises.
func (b *bracket) commit() {
	b.m.epoch++
	v := b.chg
	b.chg = -1
	m := b.m
	if !m.active[v] {
		return
	}
	if !b.chgForce && !b.chgTight {
		return // only loose edges lost weight
	}
	// A vertex inside a blossom may have its edges among the blossom's
	// tight links: only a top-level vertex can keep its matching.
	if !b.chgForce && m.inb[v] == int32(v) {
		mt := m.mate[v]
		if mt >= 0 && b.chgMate >= 0 && (!b.chgHas || b.chgMate >= b.chgMax) {
			waddSmall(m.y(int32(v)), b.chgMate)
			return
		}
		if mt < 0 && (!b.chgHas || b.chgMax <= 0) {
			return
		}
		// The matched edge lost weight, or another edge gained more: the
		// matching stands if the vertex's dual, moved with its matched
		// edge, leaves every edge feasible.
		if mt >= 0 && b.keepsFeasible(int32(v)) {
			return
		}
	}
	if b.batch {
		// Free the vertex now, search once at the end of the batch.
		q := m.mate[v]
		m.isolate(int32(v))
		m.raise(int32(v))
		if q >= 0 && m.mate[q] < 0 {
			m.matchParity(int32(v), q)
		}
		m.pending = append(m.pending, int32(v))
		return
	}
	m.reweigh(v)
}

// keepsFeasible moves top-level matched vertex v's dual so that its
// matched edge is tight under the new weights, and reports whether every
// edge of v is then feasible; if not, the dual is left unchanged.
func (b *bracket) keepsFeasible(v int32) bool {
	m := b.m
	nw := b.nw
	mt := m.mate[v]
	y := b.dTmp
	wsub(y, m.weight(int(v), int(mt)), m.y(mt)) // v's dual making the matched edge tight
	if wsign(y) < 0 {
		return false
	}
	s := b.dTmp2
	if m.typedRow(v) {
		for _, u := range m.liveList() {
			if u == v {
				continue
			}
			if w, ok := m.tr.at(v, u); ok {
				slack4(s, y, m.y(u), w[:])
				if wsign(s) < 0 {
					return false
				}
			}
		}
		wset(m.y(v), y)
		return true
	}
	r := m.row(int(v))
	for _, u := range m.liveList() {
		if u == v {
			continue
		}
		w := r[int(u)*nw : int(u)*nw+nw]
		if wzero(w) {
			continue
		}
		slackOf(s, y, m.y(u), w)
		if wsign(s) < 0 {
			return false
		}
	}
	wset(m.y(v), y)
	return true
}

// --- the bracket procedure -------------------------------------------------

// mateOf returns the graph index of k's mate, or k itself when k is free.
func (b *bracket) mateOf(k int) int {
	if m := b.m.mate[k]; m >= 0 {
		return int(m)
	}
	return k
}

// resident reports whether graph index k is a resident of the bracket.
func (b *bracket) resident(k int) bool { return k >= b.sg && k < b.nx }

// run pairs the bracket and returns the pairs as tb indices.
func (b *bracket) run() ([][2]int, error) {
	var pairs [][2]int
	e := b.e
	// Which MDPs to pair: as many of each score as the optimum pairs (C6,
	// C7), the highest-ranked first (the order of MDP sets).
	var remTotal, remMatched int
	var curScore int
	for i := 0; i < b.sg; i++ {
		if i == 0 || e.ps[b.tb[i]].score < curScore {
			curScore = e.ps[b.tb[i]].score
			remTotal, remMatched = 0, 0
			for k := i; k < b.sg && e.ps[b.tb[k]].score >= curScore; k++ {
				remTotal++
				if b.resident(b.mateOf(k)) {
					remMatched++
				}
			}
		}
		if remMatched == 0 {
			continue
		}
		if remTotal <= remMatched {
			b.matched[i] = true
			continue
		}
		remTotal--
		if !b.resident(b.mateOf(i)) {
			// Prefer pairing this MDP, if the optimum allows.
			hopeless := b.allAbove(i, nil, b.unit2())
			b.begin(i)
			for o := b.sg; o < b.nx; o++ {
				if b.hasBase(o, i) {
					b.setTerm(o, i, 1)
				}
			}
			if hopeless {
				b.commitKeep() // the bonus cannot reach any resident edge
			} else {
				b.commit()
			}
		}
		if b.resident(b.mateOf(i)) {
			b.matched[i] = true
			remMatched--
			b.begin(i)
			for o := b.sg; o < b.nx; o++ {
				if b.hasBase(o, i) {
					b.setTerm(o, i, int64(b.nx-b.sg)+1)
				}
			}
			b.commit()
		}
	}
	// Opponents of the MDPs, highest MDP first: the highest resident that
	// keeps the optimum.
	for i := 0; i < b.sg; i++ {
		if !b.matched[i] {
			continue
		}
		addend := int64(len(b.tb))
		b.begin(i)
		for o := b.nx - 1; o >= b.sg; o-- {
			if b.matched[o] {
				continue
			}
			if b.hasBase(o, i) {
				b.setTerm(o, i, addend)
				addend++
			}
		}
		b.commit()
		mt := b.mateOf(i)
		if !b.resident(mt) {
			return nil, fmt.Errorf("pairing: internal error: MDP %d lost its opponent", e.ps[b.tb[i]].id)
		}
		b.matched[mt] = true
		pairs = append(pairs, [2]int{i, mt})
		b.m.remove(i, mt)
	}
	// The remainder: residents not paired with an MDP.
	var rem []int
	remPairs := 0
	for k := b.sg; k < b.nx; k++ {
		if b.matched[k] || b.mateOf(k) < b.sg {
			continue
		}
		rem = append(rem, k)
		if mk := b.mateOf(k); mk < k {
			remPairs++
		}
	}
	pos := make([]int, b.nV) // place in rem, -1 if not there
	for k := range pos {
		pos[k] = -1
	}
	for i, k := range rem {
		pos[k] = i
	}
	// exchangeTerm is the term of the exchange tie-breaks of the edges of
	// the pIdx-th player of the remainder: fewest players out of S1, then
	// the smallest BSN difference.
	exchangeTerm := func(pIdx int) int64 {
		bit := int64(0)
		if pIdx < remPairs {
			bit = 1
		}
		return (bit<<(2*b.lay.sgBits) - int64(pIdx)) * 2
	}
	// exchange sets edge (o, p) to its base weight plus the exchange
	// tie-breaks and add units, or takes it out when it has no base.
	exchange := func(p, o, pIdx int, add int64) {
		x := int64(bonusOff)
		if b.hasBase(o, p) {
			x = exchangeTerm(pIdx) + add
		}
		b.setTerm(o, p, x)
	}
	b.beginBatch(rem)
	for i, p := range rem {
		b.begin(p)
		for _, o := range rem[i+1:] {
			exchange(p, o, i, 0)
		}
		b.commit()
	}
	b.endBatch()
	s1role := func(k int) bool { mk := b.mateOf(k); return mk > k && mk < b.nx }
	exchanges := 0
	for _, k := range rem[:remPairs] {
		if !s1role(k) {
			exchanges++
		}
	}
	// Players out of S1: the lowest first.
	left := exchanges
	for i := remPairs - 1; i >= 0 && left > 0; i-- {
		p := rem[i]
		if s1role(p) && b.staysS1(p, rem[i+1:]) {
			continue // every way out of S1 costs more than the tie-break
		}
		if s1role(p) {
			b.begin(p)
			for _, o := range rem[i+1:] {
				if b.hasBase(o, p) {
					b.setTerm(o, p, exchangeTerm(i)-1)
				}
			}
			b.commit()
		}
		out := !s1role(p)
		if out {
			left--
		}
		b.begin(p)
		for _, o := range rem[i+1:] {
			if out {
				b.zeroBase(o, p)
			}
			exchange(p, o, i, 0)
		}
		b.commit()
	}
	// Players into S1: the highest first.
	left = exchanges
	for i := remPairs; i < len(rem) && left > 1; i++ {
		p := rem[i]
		already := s1role(p)
		if !already && b.allAbove(p, rem[i+1:], b.unit2()) {
			continue // no way into S1 within the tie-break
		}
		if !already {
			b.begin(p)
			for _, o := range rem[i+1:] {
				if b.hasBase(o, p) {
					b.setTerm(o, p, exchangeTerm(i)+1)
				}
			}
			b.commit()
		}
		b.begin(p)
		if s1role(p) {
			left--
			for _, o := range rem[:i] {
				b.zeroBase(p, o)
				b.setTerm(p, o, bonusOff)
			}
			for o := b.nx; o < len(b.tb); o++ {
				b.zeroBase(p, o)
				b.setTerm(p, o, bonusOff)
			}
		}
		if !already {
			for _, o := range rem[i+1:] {
				exchange(p, o, i, 0)
			}
		}
		b.commit()
	}
	// Fix the roles: edges only from the S1 role to the S2 role.
	role := make([]bool, len(rem))
	for i, p := range rem {
		role[i] = s1role(p)
	}
	// (The exchange terms stay on the remaining edges: every S1 player
	// keeps his own term whoever his opponent, and all of them are paired,
	// so they no longer tell pairings apart.)
	b.beginBatch(rem)
	for i, p := range rem {
		b.begin(p)
		for j := i + 1; j < len(rem); j++ {
			o := rem[j]
			if !role[i] || role[j] {
				b.zeroBase(o, p)
				b.setTerm(o, p, bonusOff)
			}
		}
		b.commit()
	}
	b.endBatch()
	// Each S1 player, in order, takes the first S2 player that keeps the
	// optimum (the first transposition).
	for _, p := range rem {
		if !s1role(p) {
			continue
		}
		if q := b.mateOf(p); b.keepsPartner(p, q, rem) {
			b.explainPartner(p, q, rem, pos, role, remPairs)
			b.matched[p], b.matched[q] = true, true
			pairs = append(pairs, [2]int{p, q})
			b.m.remove(p, q)
			continue
		}
		if o, ok := b.firstPartner(p, rem, role, pos); ok {
			b.explainPartner(p, o, rem, pos, role, remPairs)
			b.matched[p], b.matched[o] = true, true
			pairs = append(pairs, [2]int{p, o})
			b.m.remove(p, o)
			continue
		}
		addend := int64(0)
		b.begin(p)
		for j := len(rem) - 1; j >= 0; j-- {
			o := rem[j]
			if o <= p || b.matched[o] {
				continue
			}
			if b.hasBase(o, p) {
				b.setTerm(o, p, exchangeTerm(pos[p])+addend)
			}
			addend++
		}
		b.commit()
		mt := b.mateOf(p)
		if mt == p || mt >= len(b.tb) {
			return nil, fmt.Errorf("pairing: internal error: player %d lost the opponent", e.ps[b.tb[p]].id)
		}
		b.explainPartner(p, mt, rem, pos, role, remPairs)
		b.matched[p], b.matched[mt] = true, true
		pairs = append(pairs, [2]int{p, mt})
		b.m.remove(p, mt)
	}
	return pairs, nil
}

// unit2 is one unit of the lowest criterion field in doubled weights.
func (b *bracket) unit2() int64 { return 2 << b.lo }

// staysS1 reports whether S1 player p, paired with a later player, keeps
// that role whatever a bonus of one unit elsewhere: leaving S1 means
// pairing him with someone not in later (or leaving him free), which costs
// more than two doubled units.
func (b *bracket) staysS1(p int, later []int) bool {
	if !b.dualAbove(p, b.unit2()) {
		return false
	}
	isLater := make(map[int]bool, len(later))
	for _, o := range later {
		isLater[o] = true
	}
	for o := 0; o < b.nV; o++ {
		if o == p || !b.m.active[o] || isLater[o] {
			continue
		}
		if !b.slackAbove(p, o, b.unit2()) {
			return false
		}
	}
	return true
}

// allAbove reports whether every edge from v to os (to the residents when
// os is nil) has a slack above limit.
func (b *bracket) allAbove(v int, os []int, limit int64) bool {
	if os == nil {
		for o := b.sg; o < b.nx; o++ {
			if b.m.active[o] && !b.slackAbove(v, o, limit) {
				return false
			}
		}
		return true
	}
	for _, o := range os {
		if b.m.active[o] && !b.slackAbove(v, o, limit) {
			return false
		}
	}
	return true
}

// keepsPartner reports whether S1 player p keeps his mate q when each
// remaining S2 player gets a bonus growing with his rank: no higher-ranked
// candidate is within its bonus advantage of the optimum.
func (b *bracket) keepsPartner(p, q int, rem []int) bool {
	if q <= p || q >= b.nx {
		return false
	}
	// Bonuses as in the partner step: counted from the bottom, so the
	// candidates above q have larger ones.
	var aq int64 = -1
	a := int64(0)
	for j := len(rem) - 1; j >= 0; j-- {
		o := rem[j]
		if o <= p || b.matched[o] {
			continue
		}
		switch {
		case o == q:
			aq = a
		case aq >= 0 && !b.slackAbove(p, o, b.unit2()*(a-aq)):
			return false
		}
		a++
	}
	return aq >= 0
}

// firstPartner finds S1 player p's partner in the transposition order
// without re-optimising, when the part of the graph it needs is simple: a
// partner must be joined to p by a tight edge (an edge with slack is in no
// optimal pairing, and the bonuses of the partner step are smaller than
// any criterion), and p can take candidate o instead of his mate q exactly
// when an alternating path of tight edges leads from o's mate to q. The
// search gives up (ok false) when it meets a blossom, a floater or a tight
// edge leaving the remainder: the matcher then decides.
func (b *bracket) firstPartner(p int, rem []int, role []bool, pos []int) (int, bool) {
	m := b.m
	q := b.mateOf(p)
	if q == p || q >= b.nx || m.inb[p] != int32(p) || m.inb[q] != int32(q) {
		return 0, false
	}
	inRem := func(v int) bool { return pos[v] >= 0 && !b.matched[v] }
	b.newTightLists()
	for j := range rem {
		o := rem[j]
		if o == q {
			return q, true // every higher candidate failed
		}
		if o <= p || b.matched[o] || role[pos[o]] {
			continue
		}
		if !b.tight(p, o) {
			continue
		}
		if m.inb[o] != int32(o) {
			return 0, false
		}
		s0 := int(m.mate[o])
		if s0 < 0 || s0 == b.sink || !inRem(s0) || !role[pos[s0]] {
			return 0, false
		}
		path, ok, clean := b.altPath(s0, q, p, o, inRem, role, pos)
		if !clean {
			return 0, false
		}
		if ok {
			// Rotate: p-o, then along the path x1-y1, x2-y2, ..., ending at q.
			m.mate[p], m.mate[o] = int32(o), int32(p)
			for k := 0; k+1 < len(path); k += 2 {
				x, y := path[k], path[k+1]
				m.mate[x], m.mate[y] = int32(y), int32(x)
			}
			return o, true
		}
	}
	return 0, false
}

// tight reports whether edge (u, v) between top-level vertices has no slack.
func (b *bracket) tight(u, v int) bool {
	w := b.m.weight(u, v)
	return !wzero(w) && slackOf(b.dTmp3, b.m.y(int32(u)), b.m.y(int32(v)), w)
}

// altPath searches an alternating path of tight edges from S1 player s0
// (who loses his partner o to p) to q (who loses p): s0 - y1 = x1 - y2 = x2
// ... - q, where = is a matched edge. It returns the path as s0, y1, x1,
// y2, ..., q (pairs to match: s0-y1, x1-y2, ...). clean is false when the
// search leaves the simple bipartite part of the remainder.
func (b *bracket) altPath(s0, q, p, o int, inRem func(int) bool, role []bool, pos []int) (path []int, found, clean bool) {
	m := b.m
	// prev: S1 vertex -> the S2 vertex that reached it (-1 for s0); from:
	// S2 vertex -> the S1 vertex that reached it. Entries count only with
	// the current stamp.
	b.pathGen++
	g := b.pathGen
	b.prev[s0], b.prevG[s0] = -1, g
	queue := append(b.queue[:0], s0)
	defer func() { b.queue = queue }()
	for h := 0; h < len(queue); h++ {
		x := queue[h]
		if m.inb[x] != int32(x) {
			return nil, false, false
		}
		for _, v32 := range b.tightList(x) {
			v := int(v32)
			if v == p || v == o || !m.active[v] {
				continue // (a list keeps the vertices paired since it was made)
			}
			if !inRem(v) || role[pos[v]] || m.inb[v] != int32(v) {
				return nil, false, false // a tight edge out of the simple part
			}
			if b.fromG[v] == g {
				continue
			}
			b.from[v], b.fromG[v] = int32(x), g
			if v == q {
				// Unwind: q <- x ... <- s0.
				var rev []int
				for y := v; ; {
					xx := int(b.from[y])
					rev = append(rev, y, xx)
					if b.prev[xx] < 0 {
						break
					}
					y = int(b.prev[xx])
				}
				for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
					rev[i], rev[j] = rev[j], rev[i]
				}
				return rev, true, true
			}
			x2 := int(m.mate[v])
			if x2 < 0 || x2 == b.sink || !inRem(x2) || !role[pos[x2]] {
				return nil, false, false
			}
			if b.prevG[x2] != g {
				b.prev[x2], b.prevG[x2] = int32(v), g
				queue = append(queue, x2)
			}
		}
	}
	return nil, false, true
}

// tightList returns the vertices joined to x by a tight edge, in order,
// among those active when it was made: the caller skips the ones paired
// since. A list stands while the duals and the weights do (the matcher's
// epoch): pairing players and rotating the matching along a path of
// tight edges, all firstPartner does between two calls, change neither.
func (b *bracket) tightList(x int) []int32 {
	m := b.m
	if b.tightEp[x] == m.epoch+1 {
		return b.tight1[x]
	}
	l := m.tightTo(int32(x), b.tight1[x][:0])
	b.tight1[x], b.tightEp[x] = l, m.epoch+1
	return l
}

// newTightLists makes room for the tight lists on first use.
func (b *bracket) newTightLists() {
	if b.tight1 == nil {
		n := b.nV
		b.tight1 = make([][]int32, n)
		b.tightEp = make([]uint64, n)
		b.prev, b.prevG = make([]int32, n), make([]int32, n)
		b.from, b.fromG = make([]int32, n), make([]int32, n)
	}
}

// beginBatch prepares a run of changes to the edges of the vertices vs:
// the blossoms holding them are dissolved once, so that each change can
// usually keep the matching, and vertices that must be freed are searched
// from together at endBatch.
func (b *bracket) beginBatch(vs []int) {
	m := b.m
	for _, v := range vs {
		if m.active[v] {
			m.dissolveTo(int32(v))
		}
	}
	b.batch = true
}

// endBatch restores an optimal matching after a batch of changes.
func (b *bracket) endBatch() {
	b.batch = false
	b.m.settle()
}

// commitKeep closes a change that provably leaves the matching and the
// duals optimal.
func (b *bracket) commitKeep() {
	b.chg = -1
}
