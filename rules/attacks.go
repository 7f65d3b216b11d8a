package rules

import "math/bits"

//go:generate go run gen_magic.go

// Attack tables. They are filled once, when the first position is set up
// (tables, initAttacks), and only read afterwards.
// Sliding pieces use magic bitboards: the occupancy of the squares a rook
// or bishop could reach, multiplied by a per-square constant (found by
// gen_magic.go) and shifted, indexes a table of precomputed attacks.
var (
	knightAttacks [64]bitboard
	kingAttacks   [64]bitboard
	pawnAttacks   [2][64]bitboard // squares a pawn of the colour on the square attacks

	between [64][64]bitboard // squares strictly between two aligned squares
	line    [64][64]bitboard // the whole line through two aligned squares

	rookMagics   [64]magic
	bishopMagics [64]magic
	rookTable    [rookTableSize]bitboard
	bishopTable  [bishopTableSize]bitboard

	rookRays   [64]bitboard // rook attacks on an empty board
	bishopRays [64]bitboard
)

type magic struct {
	mask   bitboard
	number uint64
	shift  uint8
	offset uint32
}

// The eight directions of the board as (file, rank) steps: the rook's
// four, then the bishop's four, in pairs of opposites (d and d^1), the
// first of each pair going up the squares' numbering (a1 = 0, h8 = 63).
var compass = [8][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, -1}, {-1, 1}, {1, -1}}

var (
	rookDirs   = [4]int{0, 1, 2, 3}
	bishopDirs = [4]int{4, 5, 6, 7}
)

// rays holds, for each direction of compass and each square, the squares
// from the square (excluded) to the edge of the board that way.
type rays [8][64]bitboard

// initAttacks fills the attack tables.
func initAttacks() {
	var ray rays
	for s := A1; s <= H8; s++ {
		f, r := s.File(), s.Rank()
		for d, step := range compass {
			for t := SquareAt(f+step[0], r+step[1]); t != NoSquare; t = SquareAt(t.File()+step[0], t.Rank()+step[1]) {
				ray[d][s] |= bb(t)
			}
		}
		for _, d := range [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
			if t := SquareAt(f+d[0], r+d[1]); t != NoSquare {
				knightAttacks[s] |= bb(t)
			}
		}
		for _, d := range compass {
			if t := SquareAt(f+d[0], r+d[1]); t != NoSquare {
				kingAttacks[s] |= bb(t)
			}
		}
		for _, df := range []int{-1, 1} {
			if t := SquareAt(f+df, r+1); t != NoSquare {
				pawnAttacks[White][s] |= bb(t)
			}
			if t := SquareAt(f+df, r-1); t != NoSquare {
				pawnAttacks[Black][s] |= bb(t)
			}
		}
		rookRays[s] = ray.slide(s, 0, &rookDirs)
		bishopRays[s] = ray.slide(s, 0, &bishopDirs)
	}
	initMagics(&rookMagics, rookTable[:], &ray, &rookDirs, &rookMagicNumbers)
	initMagics(&bishopMagics, bishopTable[:], &ray, &bishopDirs, &bishopMagicNumbers)
	// Two squares are aligned when one lies on a ray of the other: the
	// squares between are that ray short of the other's ray the same
	// way, and the line is the ray with the opposite one.
	for a := A1; a <= H8; a++ {
		for d := range compass {
			whole := ray[d][a] | ray[d^1][a] | bb(a)
			for r := ray[d][a]; r != 0; r &= r - 1 {
				b := r.first()
				between[a][b] = ray[d][a] &^ ray[d][b] &^ bb(b)
				line[a][b] = whole
			}
		}
	}
}

// slide returns the attacks of a slider on s moving in the directions
// dirs with the given occupancy: each ray up to its first occupied
// square, which is attacked.
func (ray *rays) slide(s Square, occ bitboard, dirs *[4]int) bitboard {
	var att bitboard
	for _, d := range dirs {
		r := ray[d][s]
		if blk := r & occ; blk != 0 {
			// The nearest blocker: the lowest square on a ray going up
			// the numbering, the highest on one going down.
			near := bits.TrailingZeros64(uint64(blk))
			if d&1 != 0 {
				near = 63 - bits.LeadingZeros64(uint64(blk))
			}
			r &^= ray[d][near]
		}
		att |= r
	}
	return att
}

// relevantMask returns the squares whose occupancy changes the attacks of
// a slider on s: its rays without their last square.
func (ray *rays) relevantMask(s Square, dirs *[4]int) bitboard {
	var m bitboard
	for _, d := range dirs {
		r := ray[d][s]
		// The last square of a ray is the one with no ray beyond it.
		for t := r; t != 0; t &= t - 1 {
			if ray[d][t.first()] == 0 {
				r &^= bb(t.first())
			}
		}
		m |= r
	}
	return m
}

func initMagics(ms *[64]magic, table []bitboard, ray *rays, dirs *[4]int, numbers *[64]uint64) {
	offset := uint32(0)
	for s := A1; s <= H8; s++ {
		m := &ms[s]
		m.mask = ray.relevantMask(s, dirs)
		m.number = numbers[s]
		m.shift = uint8(64 - m.mask.count())
		m.offset = offset
		// Enumerate every subset of the mask (Carry-Rippler).
		for sub := bitboard(0); ; {
			table[m.index(sub)] = ray.slide(s, sub, dirs)
			sub = (sub - m.mask) & m.mask
			if sub == 0 {
				break
			}
		}
		offset += 1 << (64 - m.shift)
	}
}

func (m *magic) index(occ bitboard) uint32 {
	return m.offset + uint32(uint64(occ&m.mask)*m.number>>m.shift)
}

func rookAttacks(s Square, occ bitboard) bitboard {
	m := &rookMagics[s&63]
	return rookTable[m.index(occ)]
}

func bishopAttacks(s Square, occ bitboard) bitboard {
	m := &bishopMagics[s&63]
	return bishopTable[m.index(occ)]
}

func queenAttacks(s Square, occ bitboard) bitboard {
	return rookAttacks(s, occ) | bishopAttacks(s, occ)
}

// attacksOf returns the squares a piece of type t and colour c on s
// attacks with the given occupancy.
func attacksOf(t PieceType, c Colour, s Square, occ bitboard) bitboard {
	switch t {
	case Pawn:
		return pawnAttacks[c&1][s&63]
	case Knight:
		return knightAttacks[s&63]
	case Bishop:
		return bishopAttacks(s, occ)
	case Rook:
		return rookAttacks(s, occ)
	case Queen:
		return queenAttacks(s, occ)
	case King:
		return kingAttacks[s&63]
	}
	return 0
}
