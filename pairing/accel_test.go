package pairing

import (
	"reflect"
	"testing"

	"github.com/labyrinth-chess/arbiter"
)

// TestBakuGroup checks the size of group A of the Baku acceleration for 7
// to 20 players against the text's formula (C.04.7 1.2, C.04.5.1 before
// 2026): the first half of the players rounded up to an even number, 2·Q
// with Q the players divided by 4 and rounded up. With N ≡ 1 or 2 (mod 4)
// that is one more than half the players rounded up (9 players: 6, not 5).
func TestBakuGroup(t *testing.T) {
	want := map[int]int{7: 4, 8: 4, 9: 6, 10: 6, 11: 6, 12: 6, 13: 8, 14: 8, 15: 8, 16: 8, 17: 10, 18: 10, 19: 10, 20: 10}
	for n := 7; n <= 20; n++ {
		q := (n + 3) / 4 // ⌈n/4⌉
		if 2*q != want[n] {
			t.Fatalf("table: 2·⌈%d/4⌉ = %d, table says %d", n, 2*q, want[n])
		}
		if got := BakuGroup(n); got != want[n] {
			t.Errorf("BakuGroup(%d) = %d, want 2·⌈%d/4⌉ = %d", n, got, n, want[n])
		}
		acc := Baku(n, 9, 2)
		for i, a := range acc {
			if inA := i < want[n]; inA != (a != nil) {
				t.Errorf("Baku(%d players) rank %d: virtual points %v, in group A: %v", n, i+1, a, inA)
			}
		}
	}
	// The text's own example: 161 players, group A of 82.
	if got := BakuGroup(161); got != 82 {
		t.Errorf("BakuGroup(161) = %d, want 82", got)
	}
	for n, w := range map[int]int{0: 0, 1: 1, 2: 2, 3: 2, 4: 2, 5: 4} {
		if got := BakuGroup(n); got != w {
			t.Errorf("BakuGroup(%d) = %d, want %d", n, got, w)
		}
	}
}

// TestBakuPoints checks the virtual points of group A (C.04.7 1.4): the
// accelerated rounds are the first half of the rounds rounded up; a win's
// points before the first half of those (rounded up), half a win's before
// the rest. The text's example: 9 rounds, 5 accelerated, 3 at 1 and 2 at ½.
func TestBakuPoints(t *testing.T) {
	tests := []struct {
		rounds int
		want   []int // in half-points
	}{
		{9, []int{2, 2, 2, 1, 1}},
		{7, []int{2, 2, 1, 1}},
		{11, []int{2, 2, 2, 1, 1, 1}},
		{5, []int{2, 2, 1}},
		{1, []int{2}},
		{0, nil},
	}
	for _, tt := range tests {
		if got := BakuPoints(tt.rounds, 2); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("BakuPoints(%d) = %v, want %v", tt.rounds, got, tt.want)
		}
	}
}

// TestBakuLateEntry checks group A with late entries (C.04.7 1.3): it is
// drawn from the players entered for round 1, and the last of them stays
// the last player of group A, so a late entry is in group B and group A
// keeps its size.
func TestBakuLateEntry(t *testing.T) {
	var entries []arbiter.Entry
	for pn := 1; pn <= 9; pn++ {
		entries = append(entries, arbiter.Entry{PN: pn, JoinedRound: 1})
	}
	if got := BakuLast(entries); got != 6 {
		t.Fatalf("BakuLast of 9 = %d, want 6", got)
	}
	// Three late entries: 12 players now, but group A stays 1-6 (12
	// players from the start would give 6 too; 2 more would give 8).
	for pn := 10; pn <= 14; pn++ {
		entries = append(entries, arbiter.Entry{PN: pn, JoinedRound: 2})
	}
	if got := BakuLast(entries); got != 6 {
		t.Errorf("BakuLast with late entries = %d, want 6", got)
	}
	// A player withdrawn before round 1 is not in the field: 8 players
	// give a group A of 4, the players 1-5 but 3.
	entries[2].Status, entries[2].WithdrawnFrom = arbiter.Withdrawn, 1
	if got := BakuLast(entries); got != 5 {
		t.Errorf("BakuLast with 3 withdrawn before round 1 = %d, want 5", got)
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
	baku := Baku(4, 5, 2)
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
