package arbiter

import (
	"strings"
	"unicode"
)

// foldMap turns accented Latin letters into their base letters. It covers
// the letters found in European names; anything else is kept.
var foldMap = map[rune]string{
	'à': "a", 'á': "a", 'â': "a", 'ã': "a", 'ä': "a", 'å': "a", 'ā': "a", 'ă': "a", 'ą': "a",
	'æ': "ae", 'ç': "c", 'ć': "c", 'č': "c", 'ď': "d", 'đ': "d", 'ð': "d",
	'è': "e", 'é': "e", 'ê': "e", 'ë': "e", 'ē': "e", 'ė': "e", 'ę': "e", 'ě': "e",
	'ì': "i", 'í': "i", 'î': "i", 'ï': "i", 'ī': "i", 'į': "i", 'ı': "i",
	'ł': "l", 'ľ': "l", 'ĺ': "l", 'ñ': "n", 'ń': "n", 'ň': "n",
	'ò': "o", 'ó': "o", 'ô': "o", 'õ': "o", 'ö': "o", 'ø': "o", 'ō': "o", 'ő': "o", 'œ': "oe",
	'ř': "r", 'ŕ': "r", 'ś': "s", 'š': "s", 'ş': "s", 'ș': "s", 'ß': "ss",
	'ť': "t", 'ţ': "t", 'ț': "t", 'þ': "th",
	'ù': "u", 'ú': "u", 'û': "u", 'ü': "u", 'ū': "u", 'ů': "u", 'ű': "u", 'ų': "u",
	'ý': "y", 'ÿ': "y", 'ź': "z", 'ż': "z", 'ž': "z",
}

// FoldName returns a key for comparing names: lower case, accents removed,
// punctuation turned into single spaces. "Nicolò  D'Amato" and
// "nicolo d amato" give the same key.
func FoldName(name string) string {
	var b strings.Builder
	space := false
	for _, r := range strings.ToLower(name) {
		if s, ok := foldMap[r]; ok {
			b.WriteString(s)
			space = false
			continue
		}
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
			space = false
			continue
		}
		if !space && b.Len() > 0 {
			b.WriteByte(' ')
			space = true
		}
	}
	return strings.TrimRight(b.String(), " ")
}

// SameName reports whether two ways of writing a name denote the same
// person: accents and case are ignored, and "Rossi, Mario" equals
// "Mario Rossi" (the words are compared as a set in order-free form when
// one side is written "Last, First").
func SameName(a, b string) bool {
	if FoldName(a) == FoldName(b) {
		return true
	}
	return nameKey(a) == nameKey(b)
}

// nameKey folds a name and puts "Last, First" into "First Last" order.
func nameKey(name string) string {
	if last, first, ok := strings.Cut(name, ","); ok {
		name = strings.TrimSpace(first) + " " + strings.TrimSpace(last)
	}
	return FoldName(name)
}

// BetterSpelling chooses between the name a roster has (old) and the name
// a later list gives the same player, known by the same ID (new): a name
// that is the same one however written (SameName) is replaced only by a
// spelling that tells more (accents where old has none, mixed case where
// old is in capitals, "Surname, Given name" where old has no comma), so
// that a FIDE list without accents does not undo the club's "Niccolò";
// another name replaces old, as the ID says it is the same person.
func BetterSpelling(old, new string) string {
	new = strings.TrimSpace(new)
	if new == "" || new == old {
		return old
	}
	if !SameName(old, new) {
		return new
	}
	if spellingScore(new) > spellingScore(old) {
		return new
	}
	return old
}

func spellingScore(s string) int {
	n := 0
	lower, upper := false, false
	for _, r := range s {
		if r > unicode.MaxASCII && unicode.IsLetter(r) {
			n += 2
		}
		lower = lower || unicode.IsLower(r)
		upper = upper || unicode.IsUpper(r)
	}
	if lower && upper {
		n += 4
	}
	if strings.Contains(s, ",") {
		n++
	}
	return n
}
