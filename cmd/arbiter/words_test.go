package main

import (
	"errors"
	"fmt"
	"testing"

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
