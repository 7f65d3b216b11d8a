package rules

import (
	"math/rand/v2"
	"testing"
)

// The steps of the rook and the bishop, for walkAttacks.
var (
	rookSteps   = [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	bishopSteps = [][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
)

// walkAttacks walks the rays of a sliding piece on s square by square,
// stopping at the first occupied square of each ray (which is attacked):
// the plain computation the tables are checked against.
func walkAttacks(s Square, occ bitboard, steps [][2]int) bitboard {
	var att bitboard
	for _, d := range steps {
		for f, r := s.File()+d[0], s.Rank()+d[1]; f >= 0 && f < 8 && r >= 0 && r < 8; f, r = f+d[0], r+d[1] {
			t := bb(SquareAt(f, r))
			att |= t
			if occ&t != 0 {
				break
			}
		}
	}
	return att
}

// TestSlidingAttacks compares the magic-bitboard lookups with a plain walk
// along the rays for many random occupancies on every square, and the
// rays on an empty board.
func TestSlidingAttacks(t *testing.T) {
	tables() // the tables are filled with the first position
	r := rand.New(rand.NewPCG(1, 2))
	for s := A1; s <= H8; s++ {
		for range 500 {
			occ := bitboard(r.Uint64() & r.Uint64())
			if got, want := rookAttacks(s, occ), walkAttacks(s, occ, rookSteps); got != want {
				t.Fatalf("rookAttacks(%s, %#x) = %#x, want %#x", s, occ, got, want)
			}
			if got, want := bishopAttacks(s, occ), walkAttacks(s, occ, bishopSteps); got != want {
				t.Fatalf("bishopAttacks(%s, %#x) = %#x, want %#x", s, occ, got, want)
			}
		}
		if got, want := rookRays[s], walkAttacks(s, 0, rookSteps); got != want {
			t.Errorf("rookRays[%s] = %#x, want %#x", s, got, want)
		}
		if got, want := bishopRays[s], walkAttacks(s, 0, bishopSteps); got != want {
			t.Errorf("bishopRays[%s] = %#x, want %#x", s, got, want)
		}
	}
}

// TestBetweenAndLineAll checks between and line for every pair of squares
// against walks: two squares on a rook's or a bishop's line have between
// them what both attack with the other square occupied, and the line is
// what both attack on an empty board, and the two squares; any other
// pair has nothing.
func TestBetweenAndLineAll(t *testing.T) {
	tables()
	for a := A1; a <= H8; a++ {
		for b := A1; b <= H8; b++ {
			var wantBetween, wantLine bitboard
			for _, steps := range [][][2]int{rookSteps, bishopSteps} {
				if a != b && walkAttacks(a, 0, steps).has(b) {
					wantBetween = walkAttacks(a, bb(b), steps) & walkAttacks(b, bb(a), steps)
					wantLine = walkAttacks(a, 0, steps)&walkAttacks(b, 0, steps) | bb(a) | bb(b)
				}
			}
			if between[a][b] != wantBetween || line[a][b] != wantLine {
				t.Fatalf("between, line [%s][%s] = %q, %q; want %q, %q", a, b, squareList(between[a][b]), squareList(line[a][b]), squareList(wantBetween), squareList(wantLine))
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
