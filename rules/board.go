package rules

import "math/bits"

// Colour is a side: White or Black. White moves first (art. 1.2).
type Colour uint8

// The two colours. The zero Colour is White.
const (
	White Colour = iota
	Black
)

// Other returns the opponent's colour.
func (c Colour) Other() Colour { return c ^ 1 }

// String returns "white" or "black".
func (c Colour) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// Title returns "White" or "Black", for the start of a sentence.
func (c Colour) Title() string {
	if c == White {
		return "White"
	}
	return "Black"
}

// PieceType is a kind of piece regardless of colour. NoPieceType is the
// zero value.
type PieceType uint8

// Piece types, in the order the Laws list them (art. 2.2) reversed so that
// stronger pieces have larger values.
const (
	NoPieceType PieceType = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	King
)

var pieceTypeNames = [...]string{"", "pawn", "knight", "bishop", "rook", "queen", "king"}

// String returns the English name of the piece type ("knight"), or "" for
// NoPieceType.
func (t PieceType) String() string {
	if int(t) < len(pieceTypeNames) {
		return pieceTypeNames[t]
	}
	return ""
}

// Piece is a coloured piece, or NoPiece for an empty square.
type Piece uint8

// NoPiece marks an empty square.
const NoPiece Piece = 0

// MakePiece returns the piece of type t and colour c.
func MakePiece(c Colour, t PieceType) Piece { return Piece(c)<<3 | Piece(t) }

// Type returns the piece's type, NoPieceType for NoPiece.
func (p Piece) Type() PieceType { return PieceType(p & 7) }

// Colour returns the piece's colour. It is White for NoPiece.
func (p Piece) Colour() Colour { return Colour(p >> 3 & 1) }

// String returns the FEN letter of the piece (upper case for White), or
// "" for NoPiece.
func (p Piece) String() string {
	if p.Type() == NoPieceType || p.Type() > King {
		return ""
	}
	return string(pieceFENLetter(p))
}

func pieceFENLetter(p Piece) byte {
	l := "?pnbrqk"[p.Type()]
	if p.Colour() == White {
		l -= 'a' - 'A'
	}
	return l
}

// Square is a square of the board, A1 = 0 to H8 = 63, files first.
// NoSquare means none (for example no en passant square).
type Square uint8

// Squares, and NoSquare.
const (
	A1, B1, C1, D1, E1, F1, G1, H1 Square = 8*iota + 0, 8*iota + 1, 8*iota + 2, 8*iota + 3, 8*iota + 4, 8*iota + 5, 8*iota + 6, 8*iota + 7
	A2, B2, C2, D2, E2, F2, G2, H2
	A3, B3, C3, D3, E3, F3, G3, H3
	A4, B4, C4, D4, E4, F4, G4, H4
	A5, B5, C5, D5, E5, F5, G5, H5
	A6, B6, C6, D6, E6, F6, G6, H6
	A7, B7, C7, D7, E7, F7, G7, H7
	A8, B8, C8, D8, E8, F8, G8, H8
	NoSquare Square = 64
)

// SquareAt returns the square on file (0 = a) and rank (0 = 1), or
// NoSquare when either is off the board.
func SquareAt(file, rank int) Square {
	if file < 0 || file > 7 || rank < 0 || rank > 7 {
		return NoSquare
	}
	return Square(rank*8 + file)
}

// File returns the file, 0 for the a-file to 7 for the h-file.
func (s Square) File() int { return int(s & 7) }

// Rank returns the rank, 0 for the first rank to 7 for the eighth.
func (s Square) Rank() int { return int(s >> 3) }

// Light reports whether the square is a light square (h1 is light, art. 2.1).
func (s Square) Light() bool { return (s.File()+s.Rank())&1 == 1 }

// String returns the square's name ("e4"), or "-" for NoSquare.
func (s Square) String() string {
	if s >= NoSquare {
		return "-"
	}
	return string([]byte{byte('a' + s.File()), byte('1' + s.Rank())})
}

// ParseSquare reads a square name such as "e4". It returns false if the
// text is not a square.
func ParseSquare(text string) (Square, bool) {
	if len(text) != 2 || text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8' {
		return NoSquare, false
	}
	return Square((text[1]-'1')*8 + text[0] - 'a'), true
}

// CastlingRights are the castling rights that remain (art. 3.8.2.1: lost
// once the king or the rook has moved).
type CastlingRights uint8

// Castling rights, one bit each.
const (
	WhiteKingside CastlingRights = 1 << iota
	WhiteQueenside
	BlackKingside
	BlackQueenside
	NoCastling  CastlingRights = 0
	AllCastling                = WhiteKingside | WhiteQueenside | BlackKingside | BlackQueenside
)

// String returns the rights as in FEN ("KQkq"), or "-" when none remain.
func (r CastlingRights) String() string {
	if r&AllCastling == 0 {
		return "-"
	}
	b := make([]byte, 0, 4)
	for i, l := range []byte("KQkq") {
		if r&(1<<i) != 0 {
			b = append(b, l)
		}
	}
	return string(b)
}

// bitboard is a set of squares, bit i for square i.
type bitboard uint64

func bb(s Square) bitboard { return 1 << (s & 63) }

func (b bitboard) has(s Square) bool { return b&bb(s) != 0 }

func (b bitboard) count() int { return bits.OnesCount64(uint64(b)) }

// first returns the lowest square in b; b must not be empty.
func (b bitboard) first() Square { return Square(bits.TrailingZeros64(uint64(b))) }

// several reports whether b holds more than one square.
func (b bitboard) several() bool { return b&(b-1) != 0 }

const (
	fileA bitboard = 0x0101010101010101
	fileH bitboard = fileA << 7
	rank1 bitboard = 0xff
	rank2 bitboard = rank1 << 8
	rank3 bitboard = rank1 << 16
	rank6 bitboard = rank1 << 40
	rank7 bitboard = rank1 << 48
	rank8 bitboard = rank1 << 56

	lightSquares bitboard = 0x55aa55aa55aa55aa
	darkSquares  bitboard = ^lightSquares
)
