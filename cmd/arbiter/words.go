package main

import (
	"errors"
	"io/fs"
	"strings"
	"syscall"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/labyrinth-chess/arbiter/phrase"
)

// describeTournament sums up a tournament's settings in l's words, as the
// notices of tournament new and set say them: "7 rounds, 10', blitz,
// tie-breaks BH DE SB".
//
// A round robin whose registration is still open has no rounds yet: they
// are decided when registration closes, one fewer than the players (as
// many when they are odd, one sits out each round), twice that for a
// double round robin (C.05 Annex 1); it says so, with the tie-breaks it
// will then rank by (desk.RoundRobinChain).
func describeTournament(l *locale.Localizer, t arbiter.Tournament) string {
	parts := []string{l.N("cli.rounds", t.Rounds)}
	chain := t.Tiebreaks
	if t.System == arbiter.RoundRobin && !t.Closed {
		parts[0] = l.T("cli.tdesc.roundrobin")
		if desk.Cycles(t) == 2 {
			parts[0] = l.T("cli.tdesc.doubleroundrobin")
		}
		chain = desk.RoundRobinChain(chain)
	}
	if t.TimeControl != "" {
		parts = append(parts, t.TimeControl)
	}
	parts = append(parts, l.T("cli.pace."+t.Pace.String()))
	if len(chain) > 0 {
		parts = append(parts, l.T("cli.tdesc.tiebreaks", "Codes", strings.Join(chain, " ")))
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
	return osWords(l, err, s)
}

// osWords words, in s, the message of the operating system that err
// carries: the reason (no such file, permission denied, ...) in l's
// words, and for a file's error its name without the system's verb
// ("open x.pgn"), as the catalog says it. A reason the catalog does not
// know stays as the system says it. English needs none of it: the
// system's words are English.
func osWords(l *locale.Localizer, err error, s string) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		s = strings.ReplaceAll(s, pe.Op+" "+pe.Path+": ", l.T("oserr.path", "Path", pe.Path)+": ")
	}
	var errno syscall.Errno
	if errors.As(err, &errno) {
		id := "oserr." + errnoNames[errno]
		if w := l.T(id); errnoNames[errno] != "" && w != id {
			s = strings.ReplaceAll(s, errno.Error(), w)
		}
	}
	return s
}

// errnoNames are the reasons a file cannot be read or written that an
// organizer meets, by the catalog's names (oserr.*).
var errnoNames = map[syscall.Errno]string{
	syscall.ENOENT: "notexist", syscall.EACCES: "permission", syscall.EPERM: "notpermitted",
	syscall.EISDIR: "isdir", syscall.ENOTDIR: "notdir", syscall.ENOSPC: "nospace",
	syscall.ELOOP: "loop", syscall.EROFS: "readonly", syscall.EEXIST: "exists",
}

// phraseError is an error of the command line worded from the catalogs:
// its Error is the phrase in English, and errWords words it in the
// terminal's language. err, when not nil, is the error it wraps.
type phraseError struct {
	t   phrase.Text
	err error
}

func (e *phraseError) Error() string       { return inEnglish().Word(e.t) }
func (e *phraseError) Phrase() phrase.Text { return e.t }
func (e *phraseError) Unwrap() error       { return e.err }

// errorPhrase returns the error of message id of the catalogs, with its
// placeholders filled from args as phrase.New takes them.
func errorPhrase(id string, args ...any) error {
	return &phraseError{t: phrase.New(id, args...)}
}

// usagePhrase is errorPhrase for a usage error (exit code 2).
func usagePhrase(id string, args ...any) error {
	return &flagError{errorPhrase(id, args...)}
}

// errArg is an error as the argument of a phrase: its own phrase when it
// has one, so that it is worded with the rest, else its text.
func errArg(err error) any {
	if p, ok := err.(phrased); ok {
		if t := p.Phrase(); !t.IsZero() {
			return t
		}
	}
	return err.Error()
}
