package pairing

import (
	"fmt"
	"strings"

	"github.com/labyrinth-chess/arbiter"
)

// Explanation tells, for one board or for the PAB, why it was paired so,
// in words an arbiter can check against the rules.
type Explanation struct {
	Board   int    // board number from 1; 0 for the PAB
	Bracket string // the bracket: its score and any moved-down players
	Text    string // floats, colours and the criteria that decided
}

// trace collects what the engine did, bracket by bracket.
type trace struct {
	pairs    map[[2]int]pairNote // by pairing numbers, lower first
	byeScore int
	unit     int
}

type pairNote struct {
	bracket string
	text    string
}

func key(a, b int) [2]int {
	if a > b {
		a, b = b, a
	}
	return [2]int{a, b}
}

// pts formats a score in points.
func (t *trace) pts(s int) string {
	u := t.unit
	if u <= 0 {
		u = 2
	}
	if s%u == 0 {
		return fmt.Sprint(s / u)
	}
	return strings.TrimRight(strings.TrimRight(fmt.Sprintf("%.2f", float64(s)/float64(u)), "0"), ".")
}

// bracket records the pairs made in bracket b (tb indices).
func (t *trace) bracket(b *bracket, pairs [][2]int) {
	if t.pairs == nil {
		t.pairs = map[[2]int]pairNote{}
	}
	e := b.e
	ps := e.ps
	res := ps[b.tb[b.sg]].score
	label := fmt.Sprintf("%s points", t.pts(res))
	if b.sg > 0 {
		var mdps []string
		for _, v := range b.tb[:b.sg] {
			mdps = append(mdps, fmt.Sprintf("%d (%s)", ps[v].id, t.pts(ps[v].score)))
		}
		label += ", moved down: " + strings.Join(mdps, ", ")
	}
	if b.full {
		label += " (paired with every lower player in view, C4)"
	}
	for _, pr := range pairs {
		hi, lo := ps[b.tb[pr[0]]], ps[b.tb[pr[1]]]
		var parts []string
		if pr[0] < b.sg {
			parts = append(parts, fmt.Sprintf("%d moved down from %s points and meets resident %d (the highest MDP is paired first, with the first resident that keeps the best pairing: C6, C7)", hi.id, t.pts(hi.score), lo.id))
		} else if n, ok := b.notes[key(hi.id, lo.id)]; ok {
			parts = append(parts, n)
		} else {
			parts = append(parts, fmt.Sprintf("%d meets %d: the first pairing of the bracket, in S1/S2 order, that no other candidate beats on C6-C21", hi.id, lo.id))
		}
		parts = append(parts, colourNote(hi, lo)...)
		parts = append(parts, floatNotes(hi, lo)...)
		t.pairs[key(hi.id, lo.id)] = pairNote{bracket: label, text: strings.Join(parts, "; ")}
	}
	if e.odd {
		t.byeScore = e.byeScore
	}
}

// colourNote says whether the pair meets the colour criteria.
func colourNote(p, q *player) []string {
	switch {
	case p.pref == 0 || q.pref == 0 || p.pref != q.pref:
		return []string{"both colour preferences can be granted (C12)"}
	case p.topscorer || q.topscorer:
		return []string{fmt.Sprintf("both want %s; allowed in the last round because of a topscorer (C3, C10, C11)", p.pref)}
	default:
		return []string{fmt.Sprintf("both prefer %s: one preference is not granted, as no better pairing exists (C12, C13)", p.pref)}
	}
}

// floatNotes names repeated floats the pair causes.
func floatNotes(hi, lo *player) []string {
	var out []string
	if hi.score > lo.score {
		if hi.float1 == floatDown {
			out = append(out, fmt.Sprintf("%d floats down again after floating down last round (C14, C18)", hi.id))
		}
		if lo.float1 == floatUp {
			out = append(out, fmt.Sprintf("%d floats up again after floating up last round (C15, C19)", lo.id))
		}
	}
	return out
}

// explanations builds the explanation of each board and of the PAB.
func (t *trace) explanations(r *round, res Result) []Explanation {
	var out []Explanation
	for i, b := range res.Boards {
		n := t.pairs[key(b.White, b.Black)]
		w, bl := r.byID[b.White], r.byID[b.Black]
		text := n.text
		if c := colourReason(r, w, bl); c != "" {
			text += "; " + c
		}
		out = append(out, Explanation{Board: i + 1, Bracket: n.bracket, Text: text})
	}
	if res.Bye != 0 {
		p := r.byID[res.Bye]
		text := fmt.Sprintf("%d gets the pairing-allocated bye: no earlier PAB or win without playing (C2), the lowest score (%s) that leaves a complete pairing (C4, C5)", p.id, t.pts(p.score))
		if unplayed := r.played - p.played; unplayed > 0 {
			text += fmt.Sprintf(", with %d unplayed game(s) (C9 prefers the fewest)", unplayed)
		} else {
			text += ", having played every round (C9)"
		}
		out = append(out, Explanation{Board: 0, Bracket: fmt.Sprintf("%s points", t.pts(p.score)), Text: text})
	}
	return out
}

// colourReason says which rule of C.04.3 5.2 gave White to w.
func colourReason(r *round, w, b *player) string {
	switch {
	case w.pref == arbiter.White && b.pref != arbiter.White:
		return fmt.Sprintf("%d prefers White and gets it (5.2.1)", w.id)
	case b.pref == arbiter.Black && w.pref != arbiter.Black:
		return fmt.Sprintf("%d prefers Black and gets it (5.2.1)", b.id)
	case w.pref == 0 && b.pref == 0:
		hi := w
		if higher(b, w) {
			hi = b
		}
		return fmt.Sprintf("no preferences: the higher-ranked %d gets %s by the initial colour and the ranking (5.2.5)", hi.id, r.colour(hi, otherOf(hi, w, b)))
	}
	if w.absolute != b.absolute || w.strong != b.strong || w.imbalance != b.imbalance {
		return "the stronger colour preference is granted (5.2.2)"
	}
	if c := neutralColour(w, b); c != arbiter.NoColour {
		return "colours alternate from the last round in which they differed (5.2.3)"
	}
	hi := w
	if higher(b, w) {
		hi = b
	}
	return fmt.Sprintf("the higher-ranked %d has the preference granted (5.2.4)", hi.id)
}

func otherOf(p, a, b *player) *player {
	if p == a {
		return b
	}
	return a
}
