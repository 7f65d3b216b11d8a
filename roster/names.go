package roster

import (
	"strings"
	"unicode"
)

// particles are the words that belong to the surname that follows them
// when a name is written in capitals without a comma ("DE LUCA MARIO",
// "VAN DER BERG JAN"): Italian, Spanish, Portuguese, Dutch, German and
// Scottish forms.
var particles = map[string]bool{
	"DE": true, "DI": true, "DA": true, "DEL": true, "DELLA": true, "DELLE": true, "DEI": true, "DEGLI": true,
	"DAL": true, "DALLA": true, "DALLE": true, "LA": true, "LO": true, "LE": true, "LI": true,
	"DOS": true, "DAS": true, "DU": true, "DES": true, "VAN": true, "VON": true, "DER": true, "DEN": true,
	"TER": true, "TEN": true, "MC": true, "MAC": true, "SAN": true, "SANTA": true, "SANT'": true,
}

// accented maps a vowel written in capitals with an apostrophe after it,
// the way Italian lists and typewriters write an accented final vowel
// ("NICCOLO'", "GIOSUE'"), to the vowel with its accent: the grave accent
// of Italian names (Niccolò, Giosuè, Mosè).
var accented = map[rune]rune{'a': 'à', 'e': 'è', 'i': 'ì', 'o': 'ò', 'u': 'ù'}

// Capitals reports whether s has letters and none of them is lower case.
func Capitals(s string) bool {
	letters := false
	for _, r := range s {
		if unicode.IsLower(r) {
			return false
		}
		if unicode.IsLetter(r) {
			letters = true
		}
	}
	return letters
}

// NameFromCapitals turns a name a list writes in capitals into "Surname,
// Given name": "FERRETTI NICCOLO'" becomes "Ferretti, Niccolò". Without a
// comma the first word is the surname, with the particles before it ("DE
// LUCA MARIO" is "De Luca, Mario"); a final vowel followed by an
// apostrophe is that vowel accented (Italian usage in capitals); an
// apostrophe inside a word stays ("D'AMATO" is "D'Amato"). A name not in
// capitals is returned as it is, but for the accents.
func NameFromCapitals(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if !Capitals(s) {
		return restoreAccents(s)
	}
	if last, first, ok := strings.Cut(s, ","); ok {
		last, first = strings.TrimSpace(last), strings.TrimSpace(first)
		if first == "" {
			return titleCase(last)
		}
		return titleCase(last) + ", " + titleCase(first)
	}
	w := strings.Fields(s)
	if len(w) < 2 {
		return titleCase(s)
	}
	n := 1
	for n < len(w)-1 && particles[strings.TrimRight(w[n-1], ".")] {
		n++
	}
	return titleCase(strings.Join(w[:n], " ")) + ", " + titleCase(strings.Join(w[n:], " "))
}

// titleCase writes each word of s in lower case with a capital first
// letter, and a capital after an inner apostrophe or hyphen; a final
// vowel and apostrophe become the accented vowel.
func titleCase(s string) string {
	s = restoreAccents(strings.ToLower(s))
	var b strings.Builder
	up := true
	for _, r := range s {
		if up && unicode.IsLetter(r) {
			b.WriteRune(unicode.ToUpper(r))
			up = false
			continue
		}
		b.WriteRune(r)
		switch r {
		case ' ', '-', '\'', '’', '.':
			up = true
		}
	}
	return b.String()
}

// restoreAccents turns a vowel followed by an apostrophe at the end of a
// word ("Niccolo'", "NICCOLO'") into the accented vowel.
func restoreAccents(s string) string {
	rs := []rune(s)
	var out []rune
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		if (r == '\'' || r == '’' || r == '`') && i > 0 && (i+1 == len(rs) || !unicode.IsLetter(rs[i+1])) {
			prev := out[len(out)-1]
			if a, ok := accented[unicode.ToLower(prev)]; ok && i >= 2 && unicode.IsLetter(rs[i-2]) {
				if unicode.IsUpper(prev) {
					a = unicode.ToUpper(a)
				}
				out[len(out)-1] = a
				continue
			}
		}
		out = append(out, r)
	}
	return string(out)
}
