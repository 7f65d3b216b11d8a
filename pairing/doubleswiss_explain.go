package pairing

import (
	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/phrase"
)

// dsTrace collects what the Double-Swiss pairing did, bracket by bracket,
// for PairDoubleSwissExplained. The words are phrases of the locale
// catalogs (ids "pair.ds.*" and the shared "pair.*").
type dsTrace struct {
	unit  int
	notes map[[2]int]dsNote // by pairing numbers, lower first
	count int               // how many upfloaters the bracket being paired took (C4)
}

type dsNote struct {
	bracket phrase.Text
	text    phrase.Text
	colour  phrase.Text
}

func (t *dsTrace) pts(s int) phrase.Num {
	return (&trace{unit: t.unit}).pts(s)
}

// upfloaters records how many upfloaters the next bracket takes.
func (t *dsTrace) upfloaters(set *upfloaterSet) {
	t.count = 0
	if set != nil {
		t.count = len(set.members)
	}
}

// bracket records the pairs of a bracket.
func (t *dsTrace) bracket(r *dsRound, residents, ups []int, pairs [][2]int) {
	label := phrase.New("pair.bracket", "Points", t.pts(r.players[residents[0]].score))
	isUp := map[int]bool{}
	if len(ups) > 0 {
		var list []phrase.Text
		for _, v := range ups {
			p := r.players[v]
			isUp[v] = true
			list = append(list, phrase.New("pair.mdp", "Player", p.id, "Points", t.pts(p.score)))
		}
		label = phrase.Join(", ", label, phrase.New("pair.ds.upfloaters", "List", phrase.Join(", ", list...)))
	}
	for _, pr := range pairs {
		a, b := r.players[pr[0]], r.players[pr[1]]
		parts := []phrase.Text{phrase.New("pair.ds.first", "Player", a.id, "Opponent", b.id)}
		for _, v := range pr {
			if !isUp[v] {
				continue
			}
			u := r.players[v]
			parts = append(parts, phrase.New("pair.ds.up", "Player", u.id, "Points", t.pts(u.score), "Count", t.count))
			if !r.last && u.floated {
				parts = append(parts, phrase.New("pair.ds.up.again", "Player", u.id))
			}
			o := a
			if o == u {
				o = b
			}
			if !r.last && o.floated && isUp[pr[0]] != isUp[pr[1]] {
				parts = append(parts, phrase.New("pair.ds.up.opponent", "Player", o.id))
			}
		}
		t.notes[key(a.id, b.id)] = dsNote{bracket: label, text: phrase.Join("; ", parts...)}
	}
}

// colour records the rule of 4.3 that gave hi colour c in game 1.
func (t *dsTrace) colour(hi, lo *dsPlayer, c arbiter.Colour, rule string) {
	k := key(hi.id, lo.id)
	n := t.notes[k]
	white := hi
	if c == arbiter.Black {
		white = lo
	}
	var why phrase.Text
	switch rule {
	case "4.3.1":
		why = phrase.New("pair.ds.colour.initial", "Player", hi.id, "TPN", hi.tpn, "Colour", colourWord(c))
	case "4.3.2":
		why = phrase.New("pair.ds.colour.fewer", "Player", white.id)
	case "4.3.3":
		why = phrase.New("pair.ds.colour.differ")
	case "4.3.4":
		why = phrase.New("pair.ds.colour.higher", "Player", hi.id)
	default:
		why = phrase.New("pair.ds.colour.other", "Player", lo.id)
	}
	n.colour = phrase.Join("; ", why, phrase.New("pair.ds.games", "Player", white.id))
	t.notes[k] = n
}

// explanations builds the explanation of each board and of the bye.
func (t *dsTrace) explanations(r *dsRound, res Result, bye int) []Explanation {
	var out []Explanation
	for i, b := range res.Boards {
		n := t.notes[key(b.White, b.Black)]
		out = append(out, Explanation{Board: i + 1, Bracket: n.bracket, Text: phrase.Join("; ", n.text, n.colour)})
	}
	if bye >= 0 {
		p := r.players[bye]
		text := phrase.New("pair.ds.bye", "Player", p.id, "Points", t.pts(p.score), "Matches", p.matches)
		out = append(out, Explanation{Board: 0, Bracket: phrase.New("pair.bracket", "Points", t.pts(p.score)), Text: text})
	}
	return out
}
