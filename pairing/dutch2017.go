package pairing

import (
	"fmt"
	"math/bits"
	"sort"
)

// The 2017 text of the Dutch system (C.04.3 in force until 31 January
// 2026; criteria A-E) differs from the 2025 rules in how brackets are
// completed and compared:
//
//   - No PAB score is fixed in advance (no C5, no C9): the bye goes to the
//     player the last bracket leaves over, among those who have had no PAB
//     and no forfeit win (the old C.2).
//   - Completion is checked only after a bracket is paired: if the
//     players left cannot all be paired, the bracket is the penultimate
//     pairing bracket (PPB) and is paired again together with every lower
//     player, the completion criterion first.
//   - C.6 and C.7 minimise the pairing score difference (PSD) in the
//     bracket and maximise pairs and the PSD in the next one, where 2025
//     counts downfloaters and their scores.
//   - Any unplayed round, not only one worth more than a loss, counts as a
//     downfloat; the float criteria count repeated floats of the players.
//
// The procedure after the weights (MDP choice, exchanges, transpositions)
// is the same as in 2025. Weights follow the 2017 field order exactly,
// with the PSD terms keyed by score difference.

// legacy holds the 2017 weight layout of a bracket: bit offsets of each
// field, and of each score difference inside the PSD-like fields.
type legacy struct {
	special, final bool
	p, q           int // bits for the bracket's residents, and for the next group
	sd             map[int]int
	min            int // lowest score in the graph
	unit           int // one point
	top, pairs     int
	curSD, next    int
	nextSD         int
	colour         [4]int
	flt            [4]int // down1, up1, down2, up2
	fltSD          [4]int
}

// pairRound2017 pairs r by the 2017 rules.
func pairRound2017(r *round, tr *trace) ([][2]int, int, error) {
	e := &engine{r: r, ps: r.players, n: len(r.players), trace: tr, legacy: true}
	e.odd = e.n%2 == 1
	e.mate = make([]int, e.n)
	e.done = make([]bool, e.n)
	for i := range e.mate {
		e.mate[i] = -1
	}
	if e.n == 0 {
		return nil, -1, nil
	}
	if !e.completable17(allIndices(e.n)) {
		return nil, -1, e.diagnose()
	}
	if err := e.brackets2017(); err != nil {
		return nil, -1, err
	}
	if e.weightErr != nil {
		return nil, -1, e.weightErr
	}
	return e.outcome()
}

// completable17 reports whether the players vs can all be paired but one
// who may take the PAB, whatever his score.
func (e *engine) completable17(vs []int) bool {
	n := len(vs)
	adj := func(i, j int) bool {
		if i == n || j == n {
			return e.ps[vs[i+j-n]].eligible
		}
		return canMeet(e.ps[vs[i]], e.ps[vs[j]])
	}
	size := n
	if n%2 == 1 {
		size++
	}
	return perfect(cardMatch(size, adj, nil))
}

// brackets2017 pairs the brackets from the top down, with the 2017
// completion rule (the PPB).
func (e *engine) brackets2017() error {
	var tb []int
	i := 0
	for i < e.n && e.ps[i].score >= e.ps[0].score {
		tb = append(tb, i)
		i++
	}
	special := i == e.n
	sg := 0
	for len(tb) > 1 || i < e.n {
		nx := len(tb)
		start := i
		if i < e.n {
			s := e.ps[i].score
			for i < e.n && (special || e.ps[i].score == s) {
				tb = append(tb, i)
				i++
			}
		}
		b := &bracket{e: e, tb: tb, sg: sg, nx: nx, rest: i}
		b.old = &legacy{special: special, final: i == e.n}
		b.g = append(b.g[:0], b.tb...)
		b.build()
		pairs, err := b.run()
		if err != nil {
			return err
		}
		if !special {
			// Can the players left over and below still be paired? If not,
			// this bracket is the PPB: pair it again with every lower player.
			inPair := make(map[int]bool, 2*len(pairs))
			for _, pr := range pairs {
				inPair[b.tb[pr[0]]], inPair[b.tb[pr[1]]] = true, true
			}
			var rest []int
			for v := 0; v < e.n; v++ {
				if !e.done[v] && !inPair[v] {
					rest = append(rest, v)
				}
			}
			if !e.completable17(rest) {
				tb, i, special = tb[:nx], start, true
				continue
			}
		}
		for _, pr := range pairs {
			u, v := b.tb[pr[0]], b.tb[pr[1]]
			e.mate[u], e.mate[v] = v, u
			e.done[u], e.done[v] = true, true
		}
		if e.trace != nil {
			e.trace.bracket(b, pairs)
		}
		special = i == e.n
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
		if nx == len(tb) && len(next) > 1 {
			return fmt.Errorf("pairing: internal error: %d players left in the last bracket", len(next))
		}
		tb, sg = next, nsg
	}
	return nil
}

// layout2017 lays out the 2017 fields of bracket b and returns the total
// number of bits. Offsets count from bit 1: bit 0 is the sink's.
func (b *bracket) layout2017() int {
	e := b.e
	o := b.old
	o.unit = e.r.in.Points.Unit
	if o.unit <= 0 {
		o.unit = 2
	}
	nT := len(b.tb)
	o.p = bits.Len(uint(b.nx - b.sg))
	o.q = bits.Len(uint(nT - b.nx))
	o.min = e.ps[b.tb[nT-1]].score
	score := func(k int) int { return e.ps[b.tb[k]].score }
	// Score differences: each player's distance from the lowest score plus
	// one point (as a downfloater), and his difference with each distinct
	// resident score below him.
	var keys []int
	for k := 0; k < b.nx; k++ {
		keys = append(keys, score(k)-o.min+o.unit)
		first := max(b.sg, k+1)
		for op := first; op < b.nx; op++ {
			if op <= first || score(op) < score(op-1) {
				keys = append(keys, score(k)-score(op))
			}
		}
	}
	sort.Ints(keys)
	o.sd = map[int]int{}
	s := 0
	for i := 0; i < len(keys); {
		j := i
		for j < len(keys) && keys[j] == keys[i] {
			j++
		}
		o.sd[keys[i]] = s
		s += bits.Len(uint(j - i))
		i = j
	}
	played := e.r.played
	var a fieldAlloc
	b.lo = a.take(1) + 1
	a.take(3*o.p + 1)
	for f := range o.fltSD {
		o.fltSD[f] = -1
		o.flt[f] = -1
	}
	if played >= 2 {
		o.fltSD[3] = a.take(s)
		o.fltSD[2] = a.take(s)
	}
	if played >= 1 {
		o.fltSD[1] = a.take(s)
		o.fltSD[0] = a.take(s)
	}
	if played >= 2 {
		o.flt[3] = a.take(o.p)
		o.flt[2] = a.take(o.p)
	}
	if played >= 1 {
		o.flt[1] = a.take(o.p)
		o.flt[0] = a.take(o.p)
	}
	for f := 3; f >= 0; f-- {
		o.colour[f] = a.take(o.p)
	}
	o.next, o.nextSD = -1, -1
	if !o.special {
		o.nextSD = a.take(s)
		if o.final {
			o.next = a.take(max(o.p, o.q) + 3)
		} else {
			o.next = a.take(o.q)
		}
	}
	o.curSD = a.take(s)
	o.pairs = a.take(o.p)
	o.top = -1
	if o.special {
		o.top = a.take(bitsFor(3*nT) + 1)
	}
	b.lay.sgBits = o.p
	return a.off
}

// formula2017 writes the 2017 weight of edge (i, j), i the higher
// player, into dst, rematches (C1) aside.
func (b *bracket) formula2017(dst []uint64, i, j int) {
	wclear(dst)
	if j >= len(b.tb) || i >= len(b.tb) || i < b.sg && j < b.sg {
		return
	}
	e := b.e
	o := b.old
	hi, lo := e.ps[b.tb[i]], e.ps[b.tb[j]]
	if colourBarred(hi, lo) {
		return
	}
	hiIn, loIn := i < b.nx, j < b.nx
	nonElig := func(p *player) int64 {
		if p.eligible {
			return 0
		}
		return 1
	}
	sd := func(off, key int, v int64) {
		addAt(dst, off+o.sd[key], v)
	}
	if o.special {
		addAt(dst, o.top, 1+nonElig(hi)+nonElig(lo))
	}
	if loIn {
		addAt(dst, o.pairs, 1)
		sd(o.curSD, hi.score-o.min+o.unit, 1)
		sd(o.curSD, lo.score-o.min+o.unit, 1)
		sd(o.curSD, hi.score-lo.score, -1)
	}
	if !o.special {
		switch {
		case o.final:
			addAt(dst, o.next, 1+nonElig(hi)+nonElig(lo))
		case !loIn:
			addAt(dst, o.next, 1)
		}
		if hiIn {
			sd(o.nextSD, hi.score-o.min+o.unit, 1)
		}
		if loIn {
			sd(o.nextSD, lo.score-o.min+o.unit, 1)
		}
	}
	if !loIn {
		return
	}
	b.colourBits(dst, lo, hi, o.colour)
	for f := 0; f < 2; f++ {
		if o.flt[2*f] < 0 {
			continue
		}
		lf, hf := lo.float1, hi.float1
		if f == 1 {
			lf, hf = lo.float2, hi.float2
		}
		dn := int64(0)
		if lf == floatDown {
			dn++
		}
		if hi.score <= lo.score && hf == floatDown {
			dn++
		}
		addAt(dst, o.flt[2*f], dn)
		if hi.score > lo.score && lf == floatUp {
			addAt(dst, o.flt[2*f+1], -1)
		}
		if lf == floatDown {
			sd(o.fltSD[2*f], lo.score-o.min+o.unit, 1)
		}
		if hf == floatDown {
			sd(o.fltSD[2*f], hi.score-o.min+o.unit, 1)
			if hi.score > lo.score {
				sd(o.fltSD[2*f], hi.score-lo.score, -1)
			}
		}
		if lf == floatUp && hi.score > lo.score {
			sd(o.fltSD[2*f+1], hi.score-lo.score, -1)
		}
	}
}

// colourBits adds the four colour fields for a pair (p the lower player,
// q the higher), as in 2025 (C10-C13; old C.8-C.11).
func (b *bracket) colourBits(dst []uint64, p, q *player, off [4]int) {
	if off[0] >= 0 && (!p.absImbalance() || !q.absImbalance() || p.pref != q.pref) {
		addAt(dst, off[0], 1)
	}
	if off[1] >= 0 {
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
			addAt(dst, off[1], 1)
		}
	}
	if p.pref != q.pref || p.pref == 0 || q.pref == 0 {
		addAt(dst, off[2], 1)
	}
	if !p.strong && !p.absolute || !q.strong && !q.absolute || p.absolute && q.absolute || p.pref != q.pref {
		addAt(dst, off[3], 1)
	}
}
