package main

import (
	"encoding/json"
	"strings"

	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/labyrinth-chess/arbiter/pairing"
	"github.com/labyrinth-chess/arbiter/phrase"
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
// reader's.
func storedNote(e pairing.Explanation) string {
	data, err := json.Marshal(noteText(e))
	if err != nil {
		// A phrase holds strings, ints, figures and phrases only, which
		// always encode; keep the English words should that change.
		return locale.New(locale.English).Word(noteText(e))
	}
	return string(data)
}

// wordNote words a stored note in l's language: a phrase stored as JSON,
// or, for rounds paired before notes were stored so, the English text
// kept as it was written.
func wordNote(l *locale.Localizer, s string) string {
	if !strings.HasPrefix(s, "{") {
		return s
	}
	var t phrase.Text
	if err := json.Unmarshal([]byte(s), &t); err != nil {
		return s
	}
	return l.Word(t)
}
