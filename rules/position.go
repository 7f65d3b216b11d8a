package rules

import "sync"

// Position is a chess position: the pieces on the board, the side to move,
// the castling rights, the en passant square and the two move counters of
// FEN. The zero Position is not a valid position; start from
// StartPosition or ParseFEN. Position is a value: copy it to keep a
// position before playing a move on it.
type Position struct {
	board    [64]Piece
	byType   [7]bitboard // index 0: every occupied square
	byColour [2]bitboard
	key      uint64 // Zobrist key of pieces, side to move and castling rights
	turn     Colour
	castling CastlingRights
	ep       Square // square a pawn passed over on the last move, or NoSquare
	halfmove int    // plies since the last capture or pawn move
	fullmove int    // number of the move about to be played, from 1
}

// StartFEN is the FEN of the initial position (art. 2.3).
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// StartPosition returns the initial position of a game (art. 2.3).
func StartPosition() Position { return tables() }

// tables fills the tables of the package on first use, in order: attacks,
// then Zobrist keys, then the initial position, which needs both, and
// returns that position. Every Position comes from ParseFEN or
// StartPosition, both of which call it, so the methods of Position read
// the tables without asking; a command that never sets up a position
// (most of them) never pays for them. Like the init function it replaces,
// it is the package's only writer of the tables, once per process:
// afterwards they are read-only. Position is a value, so callers get
// copies of the initial position.
var tables = sync.OnceValue(func() Position {
	initAttacks()
	initZobrist()
	p, _ := parseFEN(StartFEN) // valid; TestStartPosition checks it
	return p
})

// Turn returns the side to move.
func (p *Position) Turn() Colour { return p.turn }

// PieceAt returns the piece on s, or NoPiece.
func (p *Position) PieceAt(s Square) Piece {
	if s >= NoSquare {
		return NoPiece
	}
	return p.board[s]
}

// Castling returns the castling rights that remain.
func (p *Position) Castling() CastlingRights { return p.castling }

// EnPassant returns the square the last move's double pawn step passed
// over, or NoSquare. It is set after every double step, as FEN records
// it, whether or not an en passant capture is possible.
func (p *Position) EnPassant() Square { return p.ep }

// HalfmoveClock returns the number of moves by either player since the
// last capture or pawn move (the count of arts. 9.3 and 9.6.2).
func (p *Position) HalfmoveClock() int { return p.halfmove }

// FullmoveNumber returns the number of the move about to be played; it
// starts at 1 and grows after each Black move.
func (p *Position) FullmoveNumber() int { return p.fullmove }

// InCheck reports whether the side to move is in check (art. 3.9.1).
func (p *Position) InCheck() bool { return p.checkers() != 0 }

// Count returns the number of pieces of type t and colour c on the board.
func (p *Position) Count(c Colour, t PieceType) int {
	return (p.byType[t&7] & p.byColour[c&1]).count()
}

func (p *Position) occupied() bitboard { return p.byType[0] }

func (p *Position) pieces(c Colour, t PieceType) bitboard { return p.byType[t&7] & p.byColour[c&1] }

func (p *Position) kingSquare(c Colour) Square { return p.pieces(c, King).first() }

func (p *Position) checkers() bitboard {
	return p.attackersTo(p.kingSquare(p.turn), p.occupied()) & p.byColour[p.turn.Other()]
}

// attackersTo returns the pieces of both colours that attack s, with the
// given occupancy for the sliding pieces.
func (p *Position) attackersTo(s Square, occ bitboard) bitboard {
	s &= 63
	return pawnAttacks[White][s]&p.byType[Pawn]&p.byColour[Black] |
		pawnAttacks[Black][s]&p.byType[Pawn]&p.byColour[White] |
		knightAttacks[s]&p.byType[Knight] |
		kingAttacks[s]&p.byType[King] |
		bishopAttacks(s, occ)&(p.byType[Bishop]|p.byType[Queen]) |
		rookAttacks(s, occ)&(p.byType[Rook]|p.byType[Queen])
}

// attacked reports whether a piece of colour by attacks s, with the given
// occupancy for the sliding pieces.
func (p *Position) attacked(s Square, by Colour, occ bitboard) bool {
	s &= 63
	them := p.byColour[by&1]
	if pawnAttacks[by.Other()&1][s]&p.byType[Pawn]&them != 0 ||
		knightAttacks[s]&p.byType[Knight]&them != 0 ||
		kingAttacks[s]&p.byType[King]&them != 0 {
		return true
	}
	if bishopAttacks(s, occ)&(p.byType[Bishop]|p.byType[Queen])&them != 0 {
		return true
	}
	return rookAttacks(s, occ)&(p.byType[Rook]|p.byType[Queen])&them != 0
}

func (p *Position) put(s Square, pc Piece) {
	b := bb(s)
	p.board[s&63] = pc
	p.byType[0] |= b
	p.byType[pc.Type()&7] |= b
	p.byColour[pc.Colour()&1] |= b
	p.key ^= zobristPiece[pc&15][s&63]
}

func (p *Position) remove(s Square) {
	b := bb(s)
	pc := p.board[s&63]
	p.board[s&63] = NoPiece
	p.byType[0] &^= b
	p.byType[pc.Type()&7] &^= b
	p.byColour[pc.Colour()&1] &^= b
	p.key ^= zobristPiece[pc&15][s&63]
}

func (p *Position) move(from, to Square) {
	pc := p.board[from&63]
	fb := bb(from) | bb(to)
	p.board[from&63] = NoPiece
	p.board[to&63] = pc
	p.byType[0] ^= fb
	p.byType[pc.Type()&7] ^= fb
	p.byColour[pc.Colour()&1] ^= fb
	p.key ^= zobristPiece[pc&15][from&63] ^ zobristPiece[pc&15][to&63]
}

// castleKeep[s] are the castling rights that survive a move from or to s:
// moving the king or a rook, or capturing a rook on its square, loses the
// matching rights (art. 3.8.2.1).
var castleKeep = func() (k [64]CastlingRights) {
	for i := range k {
		k[i] = AllCastling
	}
	k[E1] &^= WhiteKingside | WhiteQueenside
	k[H1] &^= WhiteKingside
	k[A1] &^= WhiteQueenside
	k[E8] &^= BlackKingside | BlackQueenside
	k[H8] &^= BlackKingside
	k[A8] &^= BlackQueenside
	return k
}()

// Play plays m, which must be legal in p (one of LegalMoves); an illegal
// move leaves p in an unspecified state. Use ParseMove or IsLegal to
// check a move first.
func (p *Position) Play(m Move) {
	from, to := m.From(), m.To()
	us := p.turn
	p.halfmove++
	if p.board[to] != NoPiece {
		p.remove(to)
		p.halfmove = 0
	}
	pt := p.board[from].Type()
	p.move(from, to)
	p.ep = NoSquare
	switch m.kind() {
	case kindPromotion:
		p.remove(to)
		p.put(to, MakePiece(us, m.Promotion()))
	case kindEnPassant:
		p.remove(to ^ 8)
	case kindCastling:
		switch to {
		case G1:
			p.move(H1, F1)
		case C1:
			p.move(A1, D1)
		case G8:
			p.move(H8, F8)
		case C8:
			p.move(A8, D8)
		}
	}
	if pt == Pawn {
		p.halfmove = 0
		if from^to == 16 {
			p.ep = (from + to) / 2
		}
	}
	if c := p.castling & castleKeep[from] & castleKeep[to]; c != p.castling {
		p.key ^= zobristCastling[p.castling] ^ zobristCastling[c]
		p.castling = c
	}
	if us == Black {
		p.fullmove++
	}
	p.turn = us.Other()
	p.key ^= zobristTurn
}

// Key returns a hash of the position as art. 9.2.3 defines position
// identity: the same player to move, the same pieces on the same squares,
// the same castling rights, and an en passant square only when an en
// passant capture is actually legal. Equal positions have equal keys;
// different positions have different keys but for a negligible chance of
// collision.
func (p *Position) Key() uint64 {
	if p.ep != NoSquare && p.epLegal() {
		return p.key ^ zobristEP[p.ep.File()]
	}
	return p.key
}

// epLegal reports whether an en passant capture is legal.
func (p *Position) epLegal() bool {
	us := p.turn
	cands := pawnAttacks[us.Other()][p.ep&63] & p.pieces(us, Pawn)
	for ; cands != 0; cands &= cands - 1 {
		if p.legalEP(cands.first(), p.ep) {
			return true
		}
	}
	return false
}

// legalEP reports whether the en passant capture from -> to leaves the
// king safe.
func (p *Position) legalEP(from, to Square) bool {
	us := p.turn
	capSq := to ^ 8
	occ := p.occupied() ^ bb(from) ^ bb(to) ^ bb(capSq)
	k := p.kingSquare(us)
	them := p.byColour[us.Other()] &^ bb(capSq)
	return (rookAttacks(k, occ)&(p.byType[Rook]|p.byType[Queen])|
		bishopAttacks(k, occ)&(p.byType[Bishop]|p.byType[Queen])|
		knightAttacks[k&63]&p.byType[Knight]|
		pawnAttacks[us][k&63]&p.byType[Pawn])&them == 0
}

// Zobrist keys, from a fixed seed so that keys are the same in every run.
var (
	zobristPiece    [16][64]uint64
	zobristCastling [16]uint64
	zobristEP       [8]uint64
	zobristTurn     uint64
)

// initZobrist fills the Zobrist keys from a fixed seed.
func initZobrist() {
	s := uint64(0x2545f4914f6cdd1d)
	next := func() uint64 { // splitmix64
		s += 0x9e3779b97f4a7c15
		z := s
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		return z ^ z>>31
	}
	for pc := range zobristPiece {
		for sq := range zobristPiece[pc] {
			zobristPiece[pc][sq] = next()
		}
	}
	for i := range zobristCastling {
		zobristCastling[i] = next()
	}
	zobristCastling[0] = 0
	for i := range zobristEP {
		zobristEP[i] = next()
	}
	zobristTurn = next()
}
