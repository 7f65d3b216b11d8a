package main

import (
	"testing"

	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/labyrinth-chess/arbiter/reports"
)

// TestReplacedText checks the warning about characters a PDF could not
// print, in both languages: the first 12 named, the rest counted.
func TestReplacedText(t *testing.T) {
	t.Parallel()
	many := []rune("ễ🏆abcdefghijkl")
	tests := []struct {
		name string
		lang locale.Lang
		r    reports.Replaced
		want string
	}{
		{"two", locale.English, reports.Replaced{Lacking: []rune("ễ🏆")},
			"the PDF fonts have no ễ (U+1EC5), 🏆 (U+1F3C6): printed as the nearest letter or as \uFFFD"},
		{"control", locale.English, reports.Replaced{Lacking: []rune{0x202E}},
			"the PDF fonts have no U+202E: printed as the nearest letter or as \uFFFD"},
		{"more", locale.English, reports.Replaced{Lacking: many},
			"the PDF fonts have no ễ (U+1EC5), 🏆 (U+1F3C6), a (U+0061), b (U+0062), c (U+0063), d (U+0064), e (U+0065), f (U+0066), g (U+0067), h (U+0068), i (U+0069), j (U+006A) and 2 more: printed as the nearest letter or as \uFFFD"},
		{"bytes", locale.English, reports.Replaced{BadUTF8: true}, "bytes that are not UTF-8 text printed as \uFFFD"},
		{"both it", locale.Italian, reports.Replaced{Lacking: []rune("🏆"), BadUTF8: true},
			"i font del PDF non hanno 🏆 (U+1F3C6): stampati come la lettera più vicina o come \uFFFD; byte che non sono testo UTF-8 stampati come \uFFFD"},
		{"more it", locale.Italian, reports.Replaced{Lacking: many[:13]},
			"i font del PDF non hanno ễ (U+1EC5), 🏆 (U+1F3C6), a (U+0061), b (U+0062), c (U+0063), d (U+0064), e (U+0065), f (U+0066), g (U+0067), h (U+0068), i (U+0069), j (U+006A) e 1 altro: stampati come la lettera più vicina o come \uFFFD"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := replacedText(locale.New(tt.lang), tt.r); got != tt.want {
				t.Errorf("replacedText(%v) =\n%q\nwant\n%q", tt.r, got, tt.want)
			}
		})
	}
}
