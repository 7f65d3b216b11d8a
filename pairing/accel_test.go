package pairing

import (
	"reflect"
	"testing"

	"github.com/labyrinth-chess/arbiter"
)

// TestBaku checks the Baku virtual points (C.04.5.1) as bbpPairings
// applies them: group A is the first half of the players rounded up, the
// accelerated rounds the first half of the rounds rounded up, a win's
// points in the first half of those (rounded up), a draw's after.
func TestBaku(t *testing.T) {
	tests := []struct {
		players, rounds int
		groupA          int
		want            []int // Accel of a group A player, in half-points
	}{
		{10, 9, 5, []int{2, 2, 2, 1, 1}}, // 5 accelerated rounds: 3 full, 2 half
		{9, 7, 5, []int{2, 2, 1, 1}},     // 4: 2 full, 2 half
		{20, 5, 10, []int{2, 2, 1}},      // 3: 2 full, 1 half
		{7, 1, 4, []int{2}},              // 1 round: full
	}
	for _, tt := range tests {
		got := Baku(tt.players, tt.rounds, 2, 1)
		for i, a := range got {
			switch {
			case i < tt.groupA && !reflect.DeepEqual(a, tt.want):
				t.Errorf("Baku(%d, %d) rank %d = %v, want %v", tt.players, tt.rounds, i+1, a, tt.want)
			case i >= tt.groupA && a != nil:
				t.Errorf("Baku(%d, %d) rank %d = %v, want none (group B)", tt.players, tt.rounds, i+1, a)
			}
		}
	}
}

// TestAccelPairsGroupA checks that virtual points move players between
// score groups: with Baku acceleration, round 1 of 4 players pairs 1-2 and
// 3-4 (two score groups) instead of 1-3 and 2-4.
func TestAccelPairsGroupA(t *testing.T) {
	in := Input{Round: 1, Rounds: 5, InitialColour: arbiter.White, Points: Points{Win: 2, Draw: 1, Unit: 2}}
	for id := 1; id <= 4; id++ {
		in.Players = append(in.Players, Player{ID: id})
	}
	plain, err := Pair(in)
	if err != nil {
		t.Fatal(err)
	}
	baku := Baku(4, 5, 2, 1)
	for i := range in.Players {
		in.Players[i].Accel = baku[i]
	}
	acc, err := Pair(in)
	if err != nil {
		t.Fatal(err)
	}
	pairs := func(r Result) [][2]int {
		var out [][2]int
		for _, b := range r.Boards {
			out = append(out, [2]int{min(b.White, b.Black), max(b.White, b.Black)})
		}
		return out
	}
	if got, want := pairs(plain), [][2]int{{1, 3}, {2, 4}}; !reflect.DeepEqual(got, want) {
		t.Errorf("without acceleration %v, want %v", got, want)
	}
	if got, want := pairs(acc), [][2]int{{1, 2}, {3, 4}}; !reflect.DeepEqual(got, want) {
		t.Errorf("Baku %v, want %v", got, want)
	}
}
