package store

import (
	"sort"
	"strings"

	"github.com/labyrinth-chess/arbiter"
)

// Similar reports whether two different spellings probably denote the
// same person, although arbiter.SameName says they differ: the same words
// in another order ("Rossi Mario", "Mario Rossi"), one letter typed
// differently ("Mario Rosi"), one letter off in each of the words
// ("Ferreti, Nicolò" for "Ferretti, Niccolò"), or a first name given as
// an initial ("M. Rossi").
func Similar(a, b string) bool {
	ka, kb := keysOf(a), keysOf(b)
	return ka.same(kb) || ka.similar(kb)
}

// nameKeys are the forms of a name that comparisons need, computed once
// per name so that a roster of thousands is searched quickly.
type nameKeys struct {
	fold    string   // arbiter.FoldName
	ordered string   // folded, "Last, First" turned into "First Last"
	words   []string // folded words, sorted
	sorted  string   // words joined by spaces
}

func keysOf(name string) nameKeys {
	k := nameKeys{fold: arbiter.FoldName(name)}
	k.ordered = k.fold
	if last, first, ok := strings.Cut(name, ","); ok {
		k.ordered = arbiter.FoldName(strings.TrimSpace(first) + " " + strings.TrimSpace(last))
	}
	k.words = strings.Fields(k.fold)
	sort.Strings(k.words)
	k.sorted = strings.Join(k.words, " ")
	return k
}

// same is arbiter.SameName on precomputed keys.
func (a nameKeys) same(b nameKeys) bool {
	return a.fold == b.fold || a.ordered == b.ordered
}

// similar is Similar for names that are not the same.
func (a nameKeys) similar(b nameKeys) bool {
	if len(a.words) == 0 || len(b.words) == 0 {
		return false
	}
	if a.sorted == b.sorted {
		return true
	}
	if len(a.sorted) >= 6 && len(b.sorted) >= 6 && withinOneEdit(a.sorted, b.sorted) {
		return true
	}
	return initialsMatch(a.words, b.words) || nearEach(a.words, b.words)
}

// nearEach reports whether the words of two names pair off, each equal
// to its partner or one letter off, in words of four letters or more: a
// name typed with a slip in the surname and another in the first name.
func nearEach(ta, tb []string) bool {
	if len(ta) != len(tb) || len(ta) < 2 || len(ta) > 4 {
		return false
	}
	used := make([]bool, len(tb))
	var match func(i int) bool
	match = func(i int) bool {
		if i == len(ta) {
			return true
		}
		for j, y := range tb {
			if used[j] {
				continue
			}
			if x := ta[i]; x == y || len(x) >= 4 && len(y) >= 4 && withinOneEdit(x, y) {
				used[j] = true
				if match(i + 1) {
					return true
				}
				used[j] = false
			}
		}
		return false
	}
	return match(0)
}

// withinOneEdit reports whether a and b differ by at most one inserted,
// deleted or replaced byte.
func withinOneEdit(a, b string) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	if len(b)-len(a) > 1 {
		return false
	}
	i := 0
	for i < len(a) && a[i] == b[i] {
		i++
	}
	if i == len(a) {
		return true
	}
	if len(a) == len(b) {
		return a[i+1:] == b[i+1:]
	}
	return a[i:] == b[i+1:]
}

// initialsMatch reports whether the words of two names pair off, each
// either equal or an initial of the other, with at least one full word
// equal and at least one initial.
func initialsMatch(ta, tb []string) bool {
	if len(ta) != len(tb) {
		return false
	}
	used := make([]bool, len(tb))
	full, initial := 0, 0
	for _, x := range ta {
		found := false
		for j, y := range tb {
			if used[j] {
				continue
			}
			switch {
			case x == y:
				full++
			case len(x) == 1 && strings.HasPrefix(y, x), len(y) == 1 && strings.HasPrefix(x, y):
				initial++
			default:
				continue
			}
			used[j], found = true, true
			break
		}
		if !found {
			return false
		}
	}
	return full > 0 && initial > 0
}

// nearWords reports whether every word typed is, but for one letter, a
// word of name ("Bianki" of "Bianchi, Anna"), words of four letters or
// more: a surname mistyped.
func nearWords(typed, name string) bool {
	tw, nw := keysOf(typed).words, keysOf(name).words
	if len(tw) == 0 || len(tw) > len(nw) {
		return false
	}
	for _, w := range tw {
		found := false
		for _, x := range nw {
			if len(w) >= 4 && len(x) >= 4 && withinOneEdit(w, x) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}
