package store

import (
	"sort"
	"strings"

	"github.com/labyrinth-chess/arbiter"
)

// Similar reports whether two different spellings probably denote the
// same person, although arbiter.SameName says they differ: the same words
// in another order ("Rossi Mario", "Mario Rossi"), one letter typed
// differently ("Mario Rosi"), or a first name given as an initial ("M.
// Rossi").
func Similar(a, b string) bool {
	if arbiter.SameName(a, b) {
		return true
	}
	ta, tb := tokens(a), tokens(b)
	if len(ta) == 0 || len(tb) == 0 {
		return false
	}
	ka, kb := strings.Join(ta, " "), strings.Join(tb, " ")
	if ka == kb {
		return true
	}
	if len(ka) >= 6 && len(kb) >= 6 && withinOneEdit(ka, kb) {
		return true
	}
	return initialsMatch(ta, tb)
}

// tokens returns the folded words of a name, sorted.
func tokens(name string) []string {
	t := strings.Fields(arbiter.FoldName(name))
	sort.Strings(t)
	return t
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
