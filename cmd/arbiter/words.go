package main

import (
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/labyrinth-chess/arbiter/phrase"
)

// describeTournament sums up a tournament's settings in l's words, as the
// notices of tournament new and set say them: "7 rounds, 10', blitz,
// tie-breaks BH DE SB".
func describeTournament(l *locale.Localizer, t arbiter.Tournament) string {
	parts := []string{l.N("cli.rounds", t.Rounds)}
	if t.TimeControl != "" {
		parts = append(parts, t.TimeControl)
	}
	parts = append(parts, l.T("cli.pace."+t.Pace.String()))
	if len(t.Tiebreaks) > 0 {
		parts = append(parts, l.T("cli.tdesc.tiebreaks", "Codes", strings.Join(t.Tiebreaks, " ")))
	}
	return strings.Join(parts, ", ")
}

// phrased is an error that carries its message as a phrase of the locale
// catalogs (a refusal of the rules of chess, of the pairing, of the
// desk), for the front end to word in its reader's language. Its Error
// is the phrase in English.
type phrased interface {
	error
	Phrase() phrase.Text
}

// errWords words err for the terminal in l's language: the text of every
// error of its chain that carries a phrase is replaced, where the chain's
// message repeats it, by the phrase in l's words. However an error was
// wrapped ("%s: %w", a hint after it), the sentence then reads in one
// language; an error with no phrase reads as it is.
func errWords(l *locale.Localizer, err error) string {
	if err == nil {
		return ""
	}
	s := err.Error()
	if l.Lang() == locale.English {
		return s
	}
	var walk func(e error)
	walk = func(e error) {
		if e == nil {
			return
		}
		if p, ok := e.(phrased); ok {
			if t := p.Phrase(); !t.IsZero() {
				if en := e.Error(); en != "" {
					s = strings.ReplaceAll(s, en, l.Word(t))
				}
				return // the phrase words the errors it wraps too
			}
		}
		if h, ok := e.(*hintError); ok && !h.text.IsZero() {
			s = strings.ReplaceAll(s, h.hint, l.Word(h.text))
		}
		switch u := e.(type) {
		case interface{ Unwrap() error }:
			walk(u.Unwrap())
		case interface{ Unwrap() []error }:
			for _, e := range u.Unwrap() {
				walk(e)
			}
		}
	}
	walk(err)
	return s
}
