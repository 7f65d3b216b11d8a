package rules

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

var (
	rookDirs   = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	bishopDirs = [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
)

// initAttacks fills the attack tables.
func initAttacks() {
	for s := A1; s <= H8; s++ {
		f, r := s.File(), s.Rank()
		for _, d := range [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
			if t := SquareAt(f+d[0], r+d[1]); t != NoSquare {
				knightAttacks[s] |= bb(t)
			}
		}
		for _, d := range [8][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}} {
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
		rookRays[s] = slideAttacks(s, 0, &rookDirs)
		bishopRays[s] = slideAttacks(s, 0, &bishopDirs)
	}
	initMagics(&rookMagics, rookTable[:], &rookDirs, &rookMagicNumbers)
	initMagics(&bishopMagics, bishopTable[:], &bishopDirs, &bishopMagicNumbers)
	for a := A1; a <= H8; a++ {
		for b := A1; b <= H8; b++ {
			if a == b {
				continue
			}
			for _, dirs := range []*[4][2]int{&rookDirs, &bishopDirs} {
				if slideAttacks(a, 0, dirs).has(b) {
					between[a][b] = slideAttacks(a, bb(b), dirs) & slideAttacks(b, bb(a), dirs)
					line[a][b] = slideAttacks(a, 0, dirs)&slideAttacks(b, 0, dirs) | bb(a) | bb(b)
				}
			}
		}
	}
}

// slideAttacks walks the rays of a sliding piece on s, stopping at the
// first occupied square of each ray (which is attacked).
func slideAttacks(s Square, occ bitboard, dirs *[4][2]int) bitboard {
	var att bitboard
	for _, d := range dirs {
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

// relevantMask returns the squares whose occupancy changes the attacks of
// a slider on s: its rays without their last square.
func relevantMask(s Square, dirs *[4][2]int) bitboard {
	var m bitboard
	for _, d := range dirs {
		f, r := s.File()+d[0], s.Rank()+d[1]
		for f+d[0] >= 0 && f+d[0] < 8 && r+d[1] >= 0 && r+d[1] < 8 {
			m |= bb(SquareAt(f, r))
			f, r = f+d[0], r+d[1]
		}
	}
	return m
}

func initMagics(ms *[64]magic, table []bitboard, dirs *[4][2]int, numbers *[64]uint64) {
	offset := uint32(0)
	for s := A1; s <= H8; s++ {
		m := &ms[s]
		m.mask = relevantMask(s, dirs)
		m.number = numbers[s]
		m.shift = uint8(64 - m.mask.count())
		m.offset = offset
		// Enumerate every subset of the mask (Carry-Rippler).
		for sub := bitboard(0); ; {
			table[m.index(sub)] = slideAttacks(s, sub, dirs)
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
