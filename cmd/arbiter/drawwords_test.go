package main

import (
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/locale"
)

// TestDrawWords: the notice of a result entered writes a draw as the
// terminal's language does, ½-½ in Italian, 1/2-1/2 in English; both
// are read as a draw.
func TestDrawWords(t *testing.T) {
	c := desk.ResultChange{Round: 3, Board: 2, WhiteName: "Verdi, Ugo", BlackName: "Conti, Sara", New: arbiter.Draw, NewReason: "agreement"}
	fix := desk.ResultChange{Round: 1, Board: 1, WhiteName: "A", BlackName: "B", Old: arbiter.Draw, New: arbiter.HalfZero}
	tests := []struct {
		lang      locale.Lang
		entered   string
		corrected string
	}{
		{locale.Italian, "Inserito il risultato della scacchiera 2 del 3° turno, Verdi, Ugo – Conti, Sara: ½-½ (accordo).",
			"½-0"},
		{locale.English, "1/2-1/2 (agreement)", "1/2-0"},
	}
	for _, tt := range tests {
		l := locale.New(tt.lang)
		if got := confirmation(l, c); !strings.Contains(got, tt.entered) {
			t.Errorf("%s: confirmation = %q, want it to hold %q", tt.lang, got, tt.entered)
		}
		if got := confirmation(l, fix); !strings.Contains(got, tt.corrected) {
			t.Errorf("%s: correction = %q, want it to hold %q", tt.lang, got, tt.corrected)
		}
	}
	for _, typed := range []string{"½-½", "1/2-1/2", "1/2"} {
		if r, err := arbiter.ParseResult(typed); err != nil || r != arbiter.Draw {
			t.Errorf("ParseResult(%q) = %v, %v, want a draw", typed, r, err)
		}
	}
}
