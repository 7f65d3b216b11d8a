package tiebreak

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/labyrinth-chess/arbiter/phrase"
)

// eps absorbs rounding in separate tables that average repeated games.
const eps = 1e-9

// separate is the separate table of a group of tied players (C.07 6.1):
// the games they played over the board against each other. Forfeits are
// left out (6.1.1); two players who met more than once count the average of
// their games (6.1.2).
type separate struct {
	members []int     // pairing numbers
	score   []float64 // score in the separate table, by index in members
	met     []int     // number of other members met over the board
}

// separateTable builds the separate table of members.
func (c *calc) separateTable(members []int, at map[int]int) separate {
	clear(at)
	for i, pn := range members {
		at[pn] = i
	}
	t := separate{members: members, score: make([]float64, len(members)), met: make([]int, len(members))}
	type game struct {
		opp    int
		points float64
	}
	var games []game
	for i, pn := range members {
		games = games[:0]
		for _, o := range c.cards[pn-1].Rounds {
			if !played(o) {
				continue
			}
			if j, ok := at[o.Opponent]; ok {
				games = append(games, game{j, o.Points.Points()})
			}
		}
		slices.SortFunc(games, func(a, b game) int { return cmp.Compare(a.opp, b.opp) })
		for a := 0; a < len(games); {
			b, sum := a, 0.0
			for ; b < len(games) && games[b].opp == games[a].opp; b++ {
				sum += games[b].points
			}
			t.score[i] += sum / float64(b-a)
			t.met[i]++
			a = b
		}
	}
	return t
}

// deTrace collects, for Explain, the steps of a direct encounter.
type deTrace struct {
	steps []phrase.Text
}

func (tr *deTrace) add(id string, args ...any) {
	tr.steps = append(tr.steps, phrase.New(id, args...))
}

// directEncounter ranks a group of tied players by C.07 article 6 and
// returns the group split into places, best first. A single part means DE
// decides nothing for the group. at is scratch space.
//
// 6.2: if all the tied players met each other, the separate table ranks
// them, and DE is applied again to any subset still level.
//
// 6.3 (Swiss): otherwise a player is ranked first only if he stays alone on
// top of the separate table whatever the results of the missing games: his
// score must exceed every other player's score plus one point per game that
// player has not played against the group. The same test then gives the
// second place, and so on, on the same table; DE is then applied again to
// the players left.
func (c *calc) directEncounter(group []int, at map[int]int, tr *deTrace) [][]int {
	if len(group) < 2 {
		return [][]int{group}
	}
	t := c.separateTable(group, at)
	k := len(group)
	order := make([]int, k)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		if t.score[a] != t.score[b] {
			return cmp.Compare(t.score[b], t.score[a])
		}
		return cmp.Compare(group[a], group[b])
	})
	allMet := true
	for i := range group {
		if t.met[i] < k-1 {
			allMet = false
		}
	}
	pns := func(idx []int) []int {
		out := make([]int, len(idx))
		for i, j := range idx {
			out[i] = group[j]
		}
		slices.Sort(out)
		return out
	}
	if tr != nil {
		tr.add("tb.de.table", "Group", list(group), "Table", t.describe(order))
	}

	if allMet {
		var runs [][]int
		for a := 0; a < k; {
			b := a + 1
			for b < k && t.score[order[a]]-t.score[order[b]] < eps {
				b++
			}
			runs = append(runs, pns(order[a:b]))
			a = b
		}
		if len(runs) == 1 {
			if tr != nil {
				tr.add("tb.de.allsame", "Group", list(group))
			}
			return [][]int{pns(order)}
		}
		if tr != nil {
			tr.add("tb.de.allmet", "Group", list(group))
		}
		var out [][]int
		for _, run := range runs {
			if len(run) > 1 {
				if tr != nil {
					tr.add("tb.de.againlevel", "Group", list(run))
				}
				out = append(out, c.directEncounter(run, at, tr)...)
				continue
			}
			out = append(out, run)
		}
		return out
	}

	var out [][]int
	rest := order
	for len(rest) > 1 {
		top := rest[0]
		alone := true
		for _, q := range rest[1:] {
			if reach := t.score[q] + float64(k-1-t.met[q]); !(t.score[top] > reach+eps) {
				if tr != nil {
					tr.add("tb.de.notsure", "Top", group[top], "TopScore", phrase.Num(t.score[top]), "Place", len(out)+1,
						"Other", group[q], "OtherScore", phrase.Num(t.score[q]), "Missing", missing(k-1-t.met[q], reach))
				}
				alone = false
				break
			}
		}
		if !alone {
			break
		}
		if tr != nil {
			tr.add("tb.de.takes", "Top", group[top], "TopScore", phrase.Num(t.score[top]), "Place", len(out)+1)
		}
		out = append(out, []int{group[top]})
		rest = rest[1:]
	}
	switch {
	case len(rest) == 1:
		return append(out, pns(rest))
	case len(out) == 0:
		if tr != nil {
			tr.add("tb.de.notall", "Group", list(group))
		}
		return [][]int{pns(rest)}
	}
	left := pns(rest)
	if tr != nil {
		tr.add("tb.de.again", "Group", list(left))
	}
	return append(out, c.directEncounter(left, at, tr)...)
}

// missing describes a player's missing games in the separate table.
func missing(n int, reach float64) phrase.Text {
	if n == 0 {
		return phrase.New("tb.de.nomissing")
	}
	return phrase.New("tb.de.missing", "Count", n, "Reach", phrase.Num(reach))
}

// describe lists the separate table in order: "2: 1 (met 1 of 2), ...".
func (t separate) describe(order []int) phrase.Text {
	k := len(t.members)
	parts := make([]phrase.Text, len(order))
	for i, j := range order {
		parts[i] = phrase.New("tb.de.row", "Player", t.members[j], "Score", phrase.Num(t.score[j]), "Met", t.met[j], "Of", k-1)
	}
	return phrase.Join(", ", parts...)
}

// list names pairing numbers: "1, 2 and 6".
func list(pns []int) phrase.Text {
	s := make([]string, len(pns))
	for i, pn := range pns {
		s[i] = fmt.Sprint(pn)
	}
	if len(s) < 2 {
		return phrase.New("tb.list.one", "Item", strings.Join(s, ""))
	}
	return phrase.New("tb.list", "Items", strings.Join(s[:len(s)-1], ", "), "Last", s[len(s)-1])
}
