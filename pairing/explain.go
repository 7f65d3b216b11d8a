package pairing

import (
	"math"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/phrase"
)

// Explanation tells, for one board or for the PAB, why it was paired so,
// in words an arbiter can check against the rules. The words are phrases
// of the locale catalogs (ids "pair.*"), worded by the caller.
type Explanation struct {
	Board   int         // board number from 1; 0 for the PAB
	Bracket phrase.Text // the bracket: its score and any moved-down players
	Text    phrase.Text // floats, colours and the criteria that decided
}

// trace collects what the engine did, bracket by bracket.
type trace struct {
	pairs    map[[2]int]pairNote // by pairing numbers, lower first
	byeScore int
	unit     int
}

type pairNote struct {
	bracket phrase.Text
	text    phrase.Text
}

func key(a, b int) [2]int {
	if a > b {
		a, b = b, a
	}
	return [2]int{a, b}
}

// pts gives a score in points, to two decimals at most.
func (t *trace) pts(s int) phrase.Num {
	u := t.unit
	if u <= 0 {
		u = 2
	}
	return phrase.Num(math.Round(float64(s)/float64(u)*100) / 100)
}

// colourWord names a colour as the notes do.
func colourWord(c arbiter.Colour) phrase.Text {
	switch c {
	case arbiter.White:
		return phrase.New("pair.white")
	case arbiter.Black:
		return phrase.New("pair.black")
	}
	return phrase.New("pair.nocolour")
}

// bracket records the pairs made in bracket b (tb indices).
func (t *trace) bracket(b *bracket, pairs [][2]int) {
	if t.pairs == nil {
		t.pairs = map[[2]int]pairNote{}
	}
	e := b.e
	ps := e.ps
	res := ps[b.tb[b.sg]].score
	label := phrase.New("pair.bracket", "Points", t.pts(res))
	if b.sg > 0 {
		var mdps []phrase.Text
		for _, v := range b.tb[:b.sg] {
			mdps = append(mdps, phrase.New("pair.mdp", "Player", ps[v].id, "Points", t.pts(ps[v].score)))
		}
		label = phrase.Join(", ", label, phrase.New("pair.moveddown", "List", phrase.Join(", ", mdps...)))
	}
	if b.full {
		label = phrase.Join(" ", label, phrase.New("pair.full"))
	}
	for _, pr := range pairs {
		hi, lo := ps[b.tb[pr[0]]], ps[b.tb[pr[1]]]
		var parts []phrase.Text
		if pr[0] < b.sg {
			parts = append(parts, phrase.New("pair.mdp.meets", "Player", hi.id, "Points", t.pts(hi.score), "Opponent", lo.id))
		} else if n, ok := b.notes[key(hi.id, lo.id)]; ok {
			parts = append(parts, n)
		} else {
			parts = append(parts, phrase.New("pair.first", "Player", hi.id, "Opponent", lo.id))
		}
		parts = append(parts, colourNote(hi, lo)...)
		parts = append(parts, floatNotes(hi, lo)...)
		t.pairs[key(hi.id, lo.id)] = pairNote{bracket: label, text: phrase.Join("; ", parts...)}
	}
	if e.odd {
		t.byeScore = e.byeScore
	}
}

// colourNote says whether the pair meets the colour criteria.
func colourNote(p, q *player) []phrase.Text {
	switch {
	case p.pref == 0 || q.pref == 0 || p.pref != q.pref:
		return []phrase.Text{phrase.New("pair.colours.both")}
	case p.topscorer || q.topscorer:
		return []phrase.Text{phrase.New("pair.colours.topscorer", "Colour", colourWord(p.pref))}
	default:
		return []phrase.Text{phrase.New("pair.colours.one", "Colour", colourWord(p.pref))}
	}
}

// floatNotes names repeated floats the pair causes.
func floatNotes(hi, lo *player) []phrase.Text {
	var out []phrase.Text
	if hi.score > lo.score {
		if hi.float1 == floatDown {
			out = append(out, phrase.New("pair.float.down", "Player", hi.id))
		}
		if lo.float1 == floatUp {
			out = append(out, phrase.New("pair.float.up", "Player", lo.id))
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
		text := phrase.Join("; ", n.text, colourReason(r, w, bl))
		out = append(out, Explanation{Board: i + 1, Bracket: n.bracket, Text: text})
	}
	if res.Bye != 0 {
		p := r.byID[res.Bye]
		var played phrase.Text
		if unplayed := r.played - p.played; unplayed > 0 {
			played = phrase.New("pair.bye.unplayed", "Unplayed", unplayed)
		} else {
			played = phrase.New("pair.bye.played")
		}
		text := phrase.New("pair.bye", "Player", p.id, "Points", t.pts(p.score), "Played", played)
		out = append(out, Explanation{Board: 0, Bracket: phrase.New("pair.bracket", "Points", t.pts(p.score)), Text: text})
	}
	return out
}

// colourReason says which rule of C.04.3 5.2 gave White to w.
func colourReason(r *round, w, b *player) phrase.Text {
	switch {
	case w.pref == arbiter.White && b.pref != arbiter.White:
		return phrase.New("pair.colour.prefwhite", "Player", w.id)
	case b.pref == arbiter.Black && w.pref != arbiter.Black:
		return phrase.New("pair.colour.prefblack", "Player", b.id)
	case w.pref == 0 && b.pref == 0:
		hi := w
		if higher(b, w) {
			hi = b
		}
		return phrase.New("pair.colour.initial", "Player", hi.id, "Colour", colourWord(r.colour(hi, otherOf(hi, w, b))))
	}
	if w.absolute != b.absolute || w.strong != b.strong || w.imbalance != b.imbalance {
		return phrase.New("pair.colour.stronger")
	}
	if c := neutralColour(w, b); c != arbiter.NoColour {
		return phrase.New("pair.colour.alternate")
	}
	hi := w
	if higher(b, w) {
		hi = b
	}
	return phrase.New("pair.colour.higher", "Player", hi.id)
}

func otherOf(p, a, b *player) *player {
	if p == a {
		return b
	}
	return a
}
