package rules

import (
	"math/rand/v2"
	"testing"
)

// TestSlidingAttacks compares the magic-bitboard lookups with a plain walk
// along the rays for many random occupancies on every square.
func TestSlidingAttacks(t *testing.T) {
	tables() // the tables are filled with the first position
	r := rand.New(rand.NewPCG(1, 2))
	for s := A1; s <= H8; s++ {
		for range 500 {
			occ := bitboard(r.Uint64() & r.Uint64())
			if got, want := rookAttacks(s, occ), slideAttacks(s, occ, &rookDirs); got != want {
				t.Fatalf("rookAttacks(%s, %#x) = %#x, want %#x", s, occ, got, want)
			}
			if got, want := bishopAttacks(s, occ), slideAttacks(s, occ, &bishopDirs); got != want {
				t.Fatalf("bishopAttacks(%s, %#x) = %#x, want %#x", s, occ, got, want)
			}
		}
	}
}

func TestBetweenAndLine(t *testing.T) {
	tables() // the tables are filled with the first position
	tests := []struct {
		a, b          Square
		between, line string
	}{
		{A1, H8, "b2 c3 d4 e5 f6 g7", "a1 b2 c3 d4 e5 f6 g7 h8"},
		{E1, E4, "e2 e3", "e1 e2 e3 e4 e5 e6 e7 e8"},
		{E1, F1, "", "a1 b1 c1 d1 e1 f1 g1 h1"},
		{B1, C3, "", ""}, // a knight's step: not aligned
	}
	for _, tt := range tests {
		if got := squareList(between[tt.a][tt.b]); got != tt.between {
			t.Errorf("between[%s][%s] = %q, want %q", tt.a, tt.b, got, tt.between)
		}
		if got := squareList(line[tt.b][tt.a]); got != tt.line {
			t.Errorf("line[%s][%s] = %q, want %q", tt.b, tt.a, got, tt.line)
		}
	}
}

func squareList(b bitboard) string {
	s := ""
	for ; b != 0; b &= b - 1 {
		if s != "" {
			s += " "
		}
		s += b.first().String()
	}
	return s
}
