package pairing

import (
	"slices"
	"testing"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/phrase"
	"github.com/labyrinth-chess/arbiter/trf"
)

// TestCheckDoubleSwissWhy changes one match of a generated Double-Swiss
// file by hand and wants CheckTRF to find that match alone, saying why
// with the article of C.04.5 that the change breaks: a rematch (C1), the
// PAB to a player who had it (C2), two pairs swapped (the bracket's first
// pairing, 3.6) and the colours of a board reversed (Article 4).
func TestCheckDoubleSwissWhy(t *testing.T) {
	tests := []struct {
		name   string
		match  int
		change func(t *testing.T, f *trf.File, k int)
		why    string   // id of Difference.Why
		cites  []string // ids of phrases inside it, one of which must be there
	}{
		{"rematch", 3, rematch, "pair.ds.check.rematch", nil},
		{"second PAB", 0, secondPAB, "pair.ds.check.c2", nil},
		{"pairs swapped", 2, swapPairs, "pair.ds.check.pair", []string{"pair.ds.first"}},
		{"colours reversed", 4, reverseColours, "pair.ds.check.colour", []string{"pair.ds.colour.initial", "pair.ds.colour.fewer", "pair.ds.colour.differ", "pair.ds.colour.higher", "pair.ds.colour.other"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := GenerateDoubleSwiss(GenerateOptions{Players: 15, Rounds: 5, Seed: 8, Draws: 0.3})
			if err != nil {
				t.Fatal(err)
			}
			if diffs, err := CheckTRF(f, 0); err != nil || len(diffs) != 0 {
				t.Fatalf("the generated file: %v differences, %v", len(diffs), err)
			}
			k := tt.match
			if k == 0 {
				k = secondPABMatch(t, f)
			}
			tt.change(t, f, k)
			diffs, err := CheckTRF(f, 0)
			if err != nil {
				t.Fatal(err)
			}
			if len(diffs) == 0 || diffs[0].Round != k {
				t.Fatalf("CheckTRF after changing match %d: %+v, want match %d first", k, diffs, k)
			}
			d := diffs[0]
			if d.Why.ID != tt.why {
				t.Fatalf("Why = %+v, want %s", d.Why, tt.why)
			}
			if tt.cites != nil && !slices.ContainsFunc(phraseIDs(d.Why), func(id string) bool { return slices.Contains(tt.cites, id) }) {
				t.Errorf("Why = %+v cites none of %v", d.Why, tt.cites)
			}
		})
	}
}

// phraseIDs lists the message ids of t and of the phrases inside it.
func phraseIDs(t phrase.Text) []string {
	var ids []string
	if t.ID != "" {
		ids = append(ids, t.ID)
	}
	for _, p := range t.Parts {
		ids = append(ids, phraseIDs(p)...)
	}
	for _, v := range t.Args {
		if p, ok := v.(phrase.Text); ok {
			ids = append(ids, phraseIDs(p)...)
		}
	}
	return ids
}

// opponentIn returns the opponent of player id in match k, 0 for none.
func opponentIn(f *trf.File, id, k int) int { return column(f.Player(id), 2*k-1).Opponent }

// seat puts player a against b in match k with a's colour c in game 1,
// keeping each player's own results.
func seat(f *trf.File, a, b, k int, c arbiter.Colour) {
	for i, col := range []arbiter.Colour{c, c.Opposite()} {
		f.Player(a).Games[2*k-2+i].Opponent, f.Player(a).Games[2*k-2+i].Colour = b, col
		f.Player(b).Games[2*k-2+i].Opponent, f.Player(b).Games[2*k-2+i].Colour = a, col.Opposite()
	}
}

// rematch pairs in match k a player with the opponent of match 1.
func rematch(t *testing.T, f *trf.File, k int) {
	for _, p := range f.Players {
		a, x := p.ID, opponentIn(f, p.ID, 1)
		b, y := opponentIn(f, a, k), opponentIn(f, x, k)
		if x == 0 || b == 0 || y == 0 || b == x {
			continue
		}
		seat(f, a, x, k, column(&p, 2*k-1).Colour)
		seat(f, b, y, k, column(f.Player(b), 2*k-1).Colour)
		return
	}
	t.Fatal("no two boards to swap")
}

// secondPABMatch returns a match whose PAB can go instead to the player
// who had it in match 1.
func secondPABMatch(t *testing.T, f *trf.File) int {
	for k := 2; k <= f.PlayedMatches(); k++ {
		if pab1, ok := pabOf(f, 1); ok && opponentIn(f, pab1, k) != 0 {
			return k
		}
	}
	t.Fatal("no match to give a second PAB in")
	return 0
}

func pabOf(f *trf.File, k int) (int, bool) {
	for _, p := range f.Players {
		if column(&p, 2*k-1).Result == trf.PAB {
			return p.ID, true
		}
	}
	return 0, false
}

// secondPAB gives the PAB of match k to the player who had match 1's,
// whose opponent meets the player who had match k's.
func secondPAB(t *testing.T, f *trf.File, k int) {
	a, _ := pabOf(f, 1)
	z, _ := pabOf(f, k)
	b := opponentIn(f, a, k)
	c := column(f.Player(a), 2*k-1).Colour
	g1, g2 := f.Player(z).Games[2*k-2], f.Player(z).Games[2*k-1]
	f.Player(z).Games[2*k-2], f.Player(z).Games[2*k-1] = f.Player(a).Games[2*k-2], f.Player(a).Games[2*k-1]
	f.Player(a).Games[2*k-2], f.Player(a).Games[2*k-1] = g1, g2
	seat(f, z, b, k, c)
}

// swapPairs swaps the opponents of the two top boards of match k that
// have not met.
func swapPairs(t *testing.T, f *trf.File, k int) {
	res, err := recordedMatch(f, k)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(res.Boards); i++ {
		x, y := res.Boards[i], res.Boards[i+1]
		met := false
		for j := 1; j < k; j++ {
			met = met || opponentIn(f, x.White, j) == y.Black || opponentIn(f, y.White, j) == x.Black
		}
		if met {
			continue
		}
		seat(f, x.White, y.Black, k, arbiter.White)
		seat(f, y.White, x.Black, k, arbiter.White)
		return
	}
	t.Fatal("no two boards to swap")
}

// reverseColours reverses the colours of the first board of match k in
// both games.
func reverseColours(t *testing.T, f *trf.File, k int) {
	res, err := recordedMatch(f, k)
	if err != nil {
		t.Fatal(err)
	}
	b := res.Boards[0]
	seat(f, b.White, b.Black, k, arbiter.Black)
}
