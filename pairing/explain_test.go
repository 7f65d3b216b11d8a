package pairing

import (
	"slices"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter/locale"
)

// TestExplanationsBounded checks that in a large bracket an explanation
// names at most maxPassedOver players passed over and counts the others,
// so that the explanations of a round grow with the field, not its square,
// and that explaining changes no pairing.
func TestExplanationsBounded(t *testing.T) {
	in, err := benchInput(400, 1)
	if err != nil {
		t.Fatal(err)
	}
	plain, err := Pair(in)
	if err != nil {
		t.Fatal(err)
	}
	res, err := PairExplained(in)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(res.Boards, plain.Boards) || res.Bye != plain.Bye {
		t.Fatalf("PairExplained paired otherwise than Pair")
	}
	counted := false
	en := locale.New(locale.English)
	for _, x := range res.Explanations {
		e := struct {
			Board int
			Text  string
		}{x.Board, en.Word(x.Text)}
		if n := strings.Count(e.Text, " is already paired") + strings.Count(e.Text, " cannot be the opponent") + strings.Count(e.Text, " would leave a worse pairing"); n > maxPassedOver {
			t.Errorf("board %d names %d players passed over, want at most %d: %.200s", e.Board, n, maxPassedOver, e.Text)
		}
		if strings.Contains(e.Text, " more") {
			counted = true
		}
		if len(e.Text) > 2000 {
			t.Errorf("board %d: explanation of %d bytes", e.Board, len(e.Text))
		}
	}
	if !counted {
		t.Error("no explanation counts the players passed over beyond the first ones; the test no longer reaches the limit")
	}
}
