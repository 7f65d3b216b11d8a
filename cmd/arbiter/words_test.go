package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/labyrinth-chess/arbiter/phrase"
)

// phrasedErr is a refusal carrying its phrase, as prizes.Error does.
type phrasedErr struct {
	en string
	p  phrase.Text
}

func (e *phrasedErr) Error() string       { return e.en }
func (e *phrasedErr) Phrase() phrase.Text { return e.p }

func TestErrWords(t *testing.T) {
	nodiff := &phrasedErr{en: "no differences", p: phrase.New("cli.nodiff")}
	plain := errors.New("disk full")
	tests := []struct {
		name string
		lang locale.Lang
		err  error
		want string
	}{
		{"nil", locale.Italian, nil, ""},
		{"english as is", locale.English, fmt.Errorf("a.trf: %w; try again", nodiff), "a.trf: no differences; try again"},
		{"phrase alone", locale.Italian, nodiff, "nessuna differenza"},
		{"wrapped with a prefix and a hint", locale.Italian, fmt.Errorf("a.trf: %w; try again", nodiff), "a.trf: nessuna differenza; try again"},
		{"joined", locale.Italian, errors.Join(plain, nodiff), "disk full\nnessuna differenza"},
		{"no phrase", locale.Italian, fmt.Errorf("b: %w", plain), "b: disk full"},
		{"zero phrase", locale.Italian, &phrasedErr{en: "left as is"}, "left as is"},
		{"a missing file", locale.Italian, fmt.Errorf("cannot read: %w", &fs.PathError{Op: "open", Path: "r3.pgn", Err: syscall.ENOENT}),
			"cannot read: r3.pgn: il file o la cartella non esiste"},
		{"a full disk, in English", locale.English, &fs.PathError{Op: "write", Path: "a.db", Err: syscall.ENOSPC}, "write a.db: no space left on device"},
		{"a full disk", locale.Italian, &fs.PathError{Op: "write", Path: "a.db", Err: syscall.ENOSPC}, "a.db: spazio esaurito sul disco"},
		{"a reason the catalog does not know", locale.Italian, &fs.PathError{Op: "open", Path: "x", Err: syscall.EMLINK}, "x: " + syscall.EMLINK.Error()},
		{"a phrase of the command line", locale.Italian, usagePhrase("cli.lang.bad", "Value", `"fr"`), `--lang "fr": scrivi en o it`},
		{"a typed pairing's mistake", locale.Italian, fmt.Errorf("--manual: %w", pairingMistake(t, "1-1")),
			`--manual: riga 1, voce 1 "1-1": abbinamento non valido: un giocatore non può essere abbinato contro sé stesso`},
		{"the same in English", locale.English, fmt.Errorf("--manual: %w", pairingMistake(t, "1-1")),
			`--manual: line 1, item 1 "1-1": bad pairing: a player cannot be paired against the same player`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := errWords(locale.New(tt.lang), tt.err); got != tt.want {
				t.Errorf("errWords = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestUnknownCommandWords(t *testing.T) {
	cobraMsg := "unknown command \"tournamen\" for \"arbiter\"\n\nDid you mean this?\n\ttournament\n"
	tests := []struct {
		lang     locale.Lang
		in, want string
	}{
		{locale.English, cobraMsg, cobraMsg},
		{locale.Italian, cobraMsg, "comando sconosciuto \"tournamen\" per \"arbiter\"\n\nForse intendevi:\n\ttournament\n"},
		{locale.Italian, `unknown command "frob" for "arbiter tournament"`, `comando sconosciuto "frob" per "arbiter tournament"`},
		{locale.Italian, "some other error", "some other error"},
	}
	for _, tt := range tests {
		err := plainArgsError(locale.New(tt.lang), nil, errors.New(tt.in))
		if got := err.Error(); got != tt.want {
			t.Errorf("%s: plainArgsError(%q) = %q, want %q", tt.lang, tt.in, got, tt.want)
		}
		if tt.in != "some other error" && !isCobraUsageError(err) {
			t.Errorf("%s: %q is no longer a usage error", tt.lang, tt.in)
		}
	}
}

// pairingMistake returns the error parseManual finds in text.
func pairingMistake(t *testing.T, text string) error {
	t.Helper()
	_, _, err := parseManual(text)
	if !errors.Is(err, ErrPairingSyntax) {
		t.Fatalf("parseManual(%q) = %v, want a bad pairing", text, err)
	}
	return err
}

// TestSentinelsWorded: the errors a command branches on carry no English
// of their own: a missing or empty database wraps the desk's
// ErrNoDatabase, and a typed pairing's mistake wraps ErrPairingSyntax,
// worded from the catalog in the terminal's language.
func TestSentinelsWorded(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.db")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, lang := range []string{"en", "it"} {
		a := &app{getenv: func(k string) string {
			if k == "ARBITER_LANG" {
				return lang
			}
			return ""
		}}
		for _, path := range []string{filepath.Join(dir, "nowhere.db"), empty} {
			err := a.checkPath(path, false)
			if !errors.Is(err, desk.ErrNoDatabase) {
				t.Errorf("%s: checkPath(%s) = %v, want desk.ErrNoDatabase", lang, path, err)
			}
		}
		l := locale.New(locale.Lang(lang))
		got := errWords(l, pairingMistake(t, "# nothing but a comment"))
		if want := l.T("cli.pairing.bad"); !strings.HasPrefix(got, want+":") {
			t.Errorf("%s: an empty pairing = %q, want it to start with %q", lang, got, want)
		}
		if lang == "it" && strings.Contains(got, "bad pairing") {
			t.Errorf("it: an empty pairing = %q, half in English", got)
		}
	}
	if got, want := ErrPairingSyntax.Error(), inEnglish().T("cli.pairing.bad"); got != want {
		t.Errorf("ErrPairingSyntax = %q, want the catalog's %q", got, want)
	}
}
