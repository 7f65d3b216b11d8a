package tiebreak

import (
	"reflect"
	"testing"
)

// fivePlayers has players with few or no games over the board: 2 played
// one game, 4 one game and a forfeit win, 5 only a PAB and a forfeit loss.
// Ratings 2000 down to 1600.
const fivePlayers = `
1 +W2 +B3
2 -B1 =BYE
3 +W4 -W1
4 -B3 +F5
5 +BYE -F4
`

// TestUndefinedFigures checks the figures C.07 does not define: ARO, TPR
// and PTP with no game over the board against a rated opponent (5), ARO-C1
// when the cut leaves nothing (2, 4), AOB with no game (5). They are
// reported as undefined with 0 in Values, not as a figure of 0.
func TestUndefinedFigures(t *testing.T) {
	tour, tab := crosstable(t, fivePlayers)
	chain, err := ParseChain([]string{"ARO-C1", "ARO", "TPR", "PTP", "AOB"})
	if err != nil {
		t.Fatal(err)
	}
	st, err := Rank(Input{Tournament: tour, Table: tab, Ratings: []int{2000, 1900, 1800, 1700, 1600}, Chain: chain})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		pn        int
		values    []float64
		undefined []bool
	}{
		// 1: 1900 and 1800, both won. ARO-C1 drops 1800.
		{1, []float64{1900, 1850, 2650, 1900 + 736, 0}, []bool{false, false, false, false, false}},
		// 2: one game, lost to 2000: the cut leaves nothing.
		{2, []float64{0, 2000, 1200, 1200, 0}, []bool{true, false, false, false, false}},
		// 4: one game, lost to 1800; the forfeit win is no game.
		{4, []float64{0, 1800, 1000, 1000, 0}, []bool{true, false, false, false, false}},
		// 5: no game over the board at all.
		{5, []float64{0, 0, 0, 0, 0}, []bool{true, true, true, true, true}},
	}
	by := map[int]Standing{}
	for _, s := range st {
		by[s.PN] = s
	}
	for _, tt := range tests {
		s := by[tt.pn]
		got := make([]bool, len(chain))
		for i := range chain {
			got[i] = !s.Defined(i)
		}
		if !reflect.DeepEqual(got, tt.undefined) {
			t.Errorf("player %d: undefined %v, want %v", tt.pn, got, tt.undefined)
		}
		for i, w := range tt.values {
			if chain[i].Code == AOB && !tt.undefined[i] {
				continue // a defined average of Buchholz: not the point here
			}
			if s.Values[i] != w {
				t.Errorf("player %d %s = %v, want %v", tt.pn, chain[i], s.Values[i], w)
			}
		}
	}
	// On 1 point, 3 (ARO-C1 2000) ranks ahead of 4 and 5, whose ARO-C1 is
	// undefined; ARO then puts 4 (1800) ahead of 5 (undefined).
	if got, want := lines(st), []line{{1, 1, 1}, {3, 2, 2}, {4, 3, 3}, {5, 4, 4}, {2, 5, 5}}; !reflect.DeepEqual(got, want) {
		t.Errorf("Rank = %v, want %v", got, want)
	}
	ex, err := Explain(Input{Tournament: tour, Table: tab, Ratings: []int{2000, 1900, 1800, 1700, 1600}, Chain: chain}, 5)
	if err != nil {
		t.Fatal(err)
	}
	if !ex[0].Undefined || ex[0].Value != 0 {
		t.Errorf("Explain(5) ARO-C1 = %v undefined %v, want undefined", ex[0].Value, ex[0].Undefined)
	}
}

// TestDroppedRatingsUndefined checks that the rating tie-breaks dropped
// because an unrated player takes part are undefined for everyone, and
// that the warning says so.
func TestDroppedRatingsUndefined(t *testing.T) {
	in := sixInput(t, "ARO", "TPR", "PTP", "APRO", "APPO", "RTNG", "BH")
	in.Ratings = []int{2200, 0, 2000, 1900, 1800, 1700}
	st, err := Rank(in)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range st {
		for i, sp := range in.Chain {
			if s.Defined(i) != (sp.Code == BH) {
				t.Errorf("player %d %s: defined %v, want %v", s.PN, sp, s.Defined(i), sp.Code == BH)
			}
		}
	}
	w := Warnings(in)
	if len(w) != 6 || !reflect.DeepEqual(w[0][:len("ARO is dropped (every figure undefined)")], "ARO is dropped (every figure undefined)") {
		t.Errorf("warnings %q", w)
	}
}
