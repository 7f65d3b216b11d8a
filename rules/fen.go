package rules

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// ErrFEN is wrapped by every error ParseFEN returns.
var ErrFEN = errors.New("bad FEN")

// FENError is a FEN that cannot be read: Col is the 1-based column of the
// offending field or character, Msg says what is wrong.
type FENError struct {
	Col int
	Msg string
}

func (e *FENError) Error() string {
	return fmt.Sprintf("rules: bad FEN at column %d: %s", e.Col, e.Msg)
}

// Unwrap returns ErrFEN.
func (e *FENError) Unwrap() error { return ErrFEN }

// maxClock bounds the move counters ParseFEN accepts.
const maxClock = 1 << 20

// ParseFEN reads a position in Forsyth-Edwards Notation (PGN standard,
// section 16.1): placement, side to move, castling rights, en passant
// square, halfmove clock and fullmove number. The two counters may be
// left out (they default to 0 and 1). The position must be one that can
// be played from: one king per side, no pawn on the first or last rank,
// the side not to move not in check, castling rights only with king and
// rook on their squares, an en passant square only behind a pawn that can
// have just moved two squares, and no more pieces than promotions allow.
// Errors are *FENError.
func ParseFEN(fen string) (Position, error) {
	tables()
	return parseFEN(fen)
}

// parseFEN is ParseFEN once the tables are filled.
func parseFEN(fen string) (Position, error) {
	var p Position
	type field struct {
		text string
		col  int
	}
	var fields []field
	for i := 0; i < len(fen); {
		if fen[i] == ' ' || fen[i] == '\t' {
			i++
			continue
		}
		j := i
		for j < len(fen) && fen[j] != ' ' && fen[j] != '\t' {
			j++
		}
		fields = append(fields, field{fen[i:j], i + 1})
		i = j
	}
	bad := func(col int, format string, args ...any) (Position, error) {
		return Position{}, &FENError{Col: col, Msg: fmt.Sprintf(format, args...)}
	}
	if len(fields) != 6 && len(fields) != 4 {
		return bad(1, "%d fields, want 6 (placement, side, castling, en passant, halfmove clock, move number)", len(fields))
	}

	// Placement, from the eighth rank down.
	pl := fields[0]
	rank, file := 7, 0
	for i := 0; i < len(pl.text); i++ {
		c := pl.text[i]
		col := pl.col + i
		switch {
		case c == '/':
			if file != 8 {
				return bad(col, "rank %d has %d squares, want 8", rank+1, file)
			}
			if rank == 0 {
				return bad(col, "more than 8 ranks")
			}
			rank, file = rank-1, 0
		case c >= '1' && c <= '8':
			file += int(c - '0')
			if file > 8 {
				return bad(col, "rank %d has more than 8 squares", rank+1)
			}
		default:
			i := strings.IndexByte("pnbrqkPNBRQK", c)
			if i < 0 {
				return bad(col, "unknown piece letter %q (use p n b r q k, upper case for White)", c)
			}
			if file > 7 {
				return bad(col, "rank %d has more than 8 squares", rank+1)
			}
			colour := Black
			if i >= 6 {
				colour, i = White, i-6
			}
			p.put(SquareAt(file, rank), MakePiece(colour, Pawn+PieceType(i)))
			file++
		}
	}
	if rank != 0 || file != 8 {
		return bad(pl.col+len(pl.text), "placement ends on rank %d after %d squares, want 8 ranks of 8 squares", rank+1, file)
	}
	for _, c := range []Colour{White, Black} {
		switch n := p.Count(c, King); {
		case n == 0:
			return bad(pl.col, "no %s king", c)
		case n > 1:
			return bad(pl.col, "%d %s kings", n, c)
		}
		if n := p.pieces(c, Pawn).count(); n > 8 {
			return bad(pl.col, "%d %s pawns, at most 8", n, c)
		}
		extra := 0
		for t, start := range [...]int{Knight: 2, Bishop: 2, Rook: 2, Queen: 1} {
			if t >= int(Knight) {
				extra += max(0, p.Count(c, PieceType(t))-start)
			}
		}
		if n := p.pieces(c, Pawn).count(); n+extra > 8 {
			return bad(pl.col, "%s has %d pawns and %d promoted pieces, more than its 8 pawns allow", c, n, extra)
		}
	}
	if b := p.byType[Pawn] & (rank1 | rank8); b != 0 {
		return bad(pl.col, "pawn on %s: pawns never stand on the first or last rank", b.first())
	}

	// Side to move.
	switch fields[1].text {
	case "w":
		p.turn = White
	case "b":
		p.turn = Black
		p.key ^= zobristTurn
	default:
		return bad(fields[1].col, "side to move %q, want w or b", fields[1].text)
	}
	if p.attacked(p.kingSquare(p.turn.Other()), p.turn, p.occupied()) {
		return bad(fields[1].col, "%s is in check but it is %s to move", p.turn.Other(), p.turn)
	}

	// Castling rights.
	cf := fields[2]
	if cf.text != "-" {
		for i := 0; i < len(cf.text); i++ {
			j := strings.IndexByte("KQkq", cf.text[i])
			if j < 0 {
				return bad(cf.col+i, "castling %q, want - or letters of KQkq", cf.text)
			}
			r := CastlingRights(1) << j
			if p.castling&r != 0 {
				return bad(cf.col+i, "castling right %c given twice", cf.text[i])
			}
			p.castling |= r
			king, rook := castlingSquares(r)
			c := Colour(j / 2)
			if p.board[king] != MakePiece(c, King) || p.board[rook] != MakePiece(c, Rook) {
				return bad(cf.col+i, "castling right %c needs the %s king on %s and a rook on %s", cf.text[i], c, king, rook)
			}
		}
	}
	p.key ^= zobristCastling[p.castling]

	// En passant square.
	ef := fields[3]
	p.ep = NoSquare
	if ef.text != "-" {
		s, ok := ParseSquare(ef.text)
		if !ok {
			return bad(ef.col, "en passant square %q, want - or a square such as e3", ef.text)
		}
		want, dir := 5, -8
		if p.turn == Black {
			want, dir = 2, 8
		}
		pawn := Square(int(s) + dir)
		origin := Square(int(s) - dir)
		if s.Rank() != want {
			return bad(ef.col, "en passant square %s must be on rank %d with %s to move", s, want+1, p.turn)
		}
		if p.board[s] != NoPiece || p.board[origin] != NoPiece || p.board[pawn] != MakePiece(p.turn.Other(), Pawn) {
			return bad(ef.col, "en passant square %s: no %s pawn can have just moved from %s to %s", s, p.turn.Other(), origin, pawn)
		}
		p.ep = s
	}

	p.halfmove, p.fullmove = 0, 1
	if len(fields) == 6 {
		n, err := strconv.Atoi(fields[4].text)
		if err != nil || n < 0 || n > maxClock {
			return bad(fields[4].col, "halfmove clock %q, want a number from 0", fields[4].text)
		}
		p.halfmove = n
		n, err = strconv.Atoi(fields[5].text)
		if err != nil || n < 1 || n > maxClock {
			return bad(fields[5].col, "move number %q, want a number from 1", fields[5].text)
		}
		p.fullmove = n
	}
	return p, nil
}

// castlingSquares returns the king's and the rook's starting squares for
// a castling right.
func castlingSquares(r CastlingRights) (king, rook Square) {
	switch r {
	case WhiteKingside:
		return E1, H1
	case WhiteQueenside:
		return E1, A1
	case BlackKingside:
		return E8, H8
	}
	return E8, A8
}

// FEN returns the position in Forsyth-Edwards Notation.
func (p *Position) FEN() string {
	b := make([]byte, 0, 90)
	for rank := 7; rank >= 0; rank-- {
		empty := 0
		for file := 0; file < 8; file++ {
			pc := p.board[rank*8+file]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				b = append(b, byte('0'+empty))
				empty = 0
			}
			b = append(b, pieceFENLetter(pc))
		}
		if empty > 0 {
			b = append(b, byte('0'+empty))
		}
		if rank > 0 {
			b = append(b, '/')
		}
	}
	b = append(b, ' ', "wb"[p.turn&1], ' ')
	b = append(b, p.castling.String()...)
	b = append(b, ' ')
	b = append(b, p.ep.String()...)
	b = append(b, ' ')
	b = strconv.AppendInt(b, int64(p.halfmove), 10)
	b = append(b, ' ')
	b = strconv.AppendInt(b, int64(p.fullmove), 10)
	return string(b)
}
