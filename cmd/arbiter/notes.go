package main

import (
	"fmt"
	"strings"

	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/labyrinth-chess/arbiter/pairing"
	"github.com/labyrinth-chess/arbiter/phrase"
	"github.com/labyrinth-chess/arbiter/reports"
	utext "github.com/labyrinth-chess/arbiter/text"
)

// noteText is an explanation as stored with the board: the score bracket,
// then the engine's account, as a phrase ("pair.note").
func noteText(e pairing.Explanation) phrase.Text {
	if e.Bracket.IsZero() {
		return phrase.New("pair.note.plain", "Text", e.Text)
	}
	return phrase.New("pair.note", "Bracket", e.Bracket, "Text", e.Text)
}

// storedNote returns the note of e as the database keeps it: the phrase
// as JSON, in no language, so that round show --explain words it in the
// reader's (locale.Localizer.Stored).
func storedNote(e pairing.Explanation) string { return noteText(e).Stored() }

// replacedText words what a report writer could not print as it was:
// the characters the PDF fonts lack (the first 12, then how many more)
// and bytes that are not UTF-8.
func replacedText(l *locale.Localizer, r reports.Replaced) string {
	var parts []string
	if len(r.Lacking) > 0 {
		shown := r.Lacking
		if len(shown) > 12 {
			shown = shown[:12]
		}
		cs := make([]string, len(shown))
		for i, c := range shown {
			if utext.Class(c) != "" {
				cs[i] = fmt.Sprintf("U+%04X", c)
			} else {
				cs[i] = fmt.Sprintf("%c (U+%04X)", c, c)
			}
		}
		chars := strings.Join(cs, ", ")
		if more := len(r.Lacking) - len(shown); more > 0 {
			chars = l.N("cli.glyphs.more", more, "Chars", chars)
		}
		parts = append(parts, l.T("cli.glyphs.lacking", "Chars", chars))
	}
	if r.BadUTF8 {
		parts = append(parts, l.T("cli.glyphs.badutf8"))
	}
	return strings.Join(parts, "; ")
}
