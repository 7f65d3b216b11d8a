package web

import (
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/labyrinth-chess/arbiter/scoring"
)

// TestCrossCell writes the cells of the crosstable page with the signs of
// the printed crosstable in the page's language, which the legend under
// the table explains.
func TestCrossCell(t *testing.T) {
	lineOf := map[int]int{7: 12, 3: 5}
	tests := []struct {
		o      scoring.Outcome
		en, it string
	}{
		{scoring.Outcome{Kind: scoring.Game, Opponent: 7, Colour: arbiter.White, Points: arbiter.One}, "12w1", "12b1"},
		{scoring.Outcome{Kind: scoring.Game, Opponent: 3, Colour: arbiter.Black, Points: arbiter.Half}, "5b½", "5n½"},
		{scoring.Outcome{Kind: scoring.Game, Opponent: 3, Colour: arbiter.Black, Pending: true}, "5b*", "5n*"},
		{scoring.Outcome{Kind: scoring.ForfeitWin, Opponent: 7}, "12+", "12+"},
		{scoring.Outcome{Kind: scoring.PAB}, "PAB", "Rip"},
		{scoring.Outcome{Kind: scoring.HalfBye}, "H", "R½"},
		{scoring.Outcome{Kind: scoring.ZeroBye}, "Z", "R0"},
	}
	en, it := words{locale.New(locale.English)}, words{locale.New(locale.Italian)}
	for _, tt := range tests {
		if got := cell(en, tt.o, lineOf); got != tt.en {
			t.Errorf("cell(en, %+v) = %q, want %q", tt.o, got, tt.en)
		}
		if got := cell(it, tt.o, lineOf); got != tt.it {
			t.Errorf("cell(it, %+v) = %q, want %q", tt.o, got, tt.it)
		}
	}
	for _, want := range []string{"12b1: contro il giocatore della riga 12", "Rip il riposo assegnato dal sistema", "R½, R1, R0"} {
		if legend := crossLegend(it); !strings.Contains(legend, want) {
			t.Errorf("the Italian legend %q does not say %q", legend, want)
		}
	}
}

// TestPointsOf says a player's points in running text: "punti: 3½" in
// Italian, not the column's "3½ Punti".
func TestPointsOf(t *testing.T) {
	for _, tt := range []struct {
		l    locale.Lang
		want string
	}{{locale.English, "3½ Pts"}, {locale.Italian, "punti: 3½"}} {
		if got := (words{locale.New(tt.l)}).t("points-of", "3½"); got != tt.want {
			t.Errorf("%s: points-of = %q, want %q", tt.l, got, tt.want)
		}
	}
}
