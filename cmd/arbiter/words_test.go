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
