package rules

// Move is a move on the board: departure and arrival squares, and what is
// special about it (promotion piece, en passant, castling). Castling is
// written as the king's move (e1g1). NoMove, the zero value, is no move.
// A Move only makes sense with the position it is played in.
type Move uint16

// NoMove is the zero Move.
const NoMove Move = 0

const (
	kindNormal    = 0
	kindPromotion = 1
	kindEnPassant = 2
	kindCastling  = 3
)

func newMove(from, to Square) Move { return Move(from) | Move(to)<<6 }

func newSpecial(from, to Square, kind int) Move {
	return Move(from) | Move(to)<<6 | Move(kind)<<12
}

func newPromotion(from, to Square, t PieceType) Move {
	return Move(from) | Move(to)<<6 | kindPromotion<<12 | Move(t-Knight)<<14
}

// From returns the departure square (the king's square for castling).
func (m Move) From() Square { return Square(m & 63) }

// To returns the arrival square (the king's arrival square for castling).
func (m Move) To() Square { return Square(m >> 6 & 63) }

func (m Move) kind() int { return int(m >> 12 & 3) }

// Promotion returns the piece a pawn is promoted to, or NoPieceType.
func (m Move) Promotion() PieceType {
	if m.kind() != kindPromotion {
		return NoPieceType
	}
	return Knight + PieceType(m>>14)
}

// IsCastling reports whether m is castling.
func (m Move) IsCastling() bool { return m.kind() == kindCastling }

// IsEnPassant reports whether m is an en passant capture (art. 3.7.3.1).
func (m Move) IsEnPassant() bool { return m.kind() == kindEnPassant }

// String returns the move in the coordinate form of the UCI protocol:
// "e2e4", "e7e8q", "e1g1" for castling, "0000" for NoMove.
func (m Move) String() string {
	if m == NoMove {
		return "0000"
	}
	s := m.From().String() + m.To().String()
	if t := m.Promotion(); t != NoPieceType {
		s += string("  nbrq"[t])
	}
	return s
}
