package rules

// Legal move generation. The generator produces only legal moves: it finds
// the pieces giving check and the pieces pinned to their king first, then
// restricts every piece to the squares that keep the king safe (art. 3.9).

// maxMoves bounds the moves of any position ParseFEN accepts: nine queens,
// two rooks, two bishops, two knights and a king cannot have more.
const maxMoves = 336

type moveList struct {
	n     int
	moves [maxMoves]Move
}

func (ml *moveList) add(m Move) {
	if ml.n < len(ml.moves) {
		ml.moves[ml.n] = m
		ml.n++
	}
}

func (ml *moveList) slice() []Move { return ml.moves[:ml.n] }

// LegalMoves appends the legal moves of the side to move to dst and
// returns the extended slice.
func (p *Position) LegalMoves(dst []Move) []Move {
	var ml moveList
	p.generate(&ml)
	return append(dst, ml.slice()...)
}

// pinned returns the pieces of colour us pinned to their king on k.
func (p *Position) pinned(us Colour, k Square, occ bitboard) bitboard {
	them := p.byColour[us.Other()&1]
	snipers := (rookRays[k&63]&(p.byType[Rook]|p.byType[Queen]) |
		bishopRays[k&63]&(p.byType[Bishop]|p.byType[Queen])) & them
	var pinned bitboard
	for ; snipers != 0; snipers &= snipers - 1 {
		b := between[k&63][snipers.first()&63] & occ
		if b != 0 && !b.several() {
			pinned |= b
		}
	}
	return pinned & p.byColour[us&1]
}

// shiftUp moves a set of squares one rank towards the opponent of c.
func shiftUp(b bitboard, c Colour) bitboard {
	if c == White {
		return b << 8
	}
	return b >> 8
}

func (p *Position) generate(ml *moveList) { p.generateTo(ml, ^bitboard(0), ^bitboard(0)) }

// generateTo adds the legal moves of the pieces in from that land in to.
// Castling is only generated when both sets are full.
func (p *Position) generateTo(ml *moveList, from, to bitboard) {
	us := p.turn
	them := us.Other()
	occ := p.occupied()
	ours := p.byColour[us&1]
	k := p.kingSquare(us)
	checkers := p.attackersTo(k, occ) & p.byColour[them&1]

	// King steps (art. 3.8.1): not onto an attacked square. The king is
	// taken off the board so that it cannot hide behind itself.
	if from.has(k) {
		occNoKing := occ &^ bb(k)
		for t := kingAttacks[k&63] &^ ours & to; t != 0; t &= t - 1 {
			s := t.first()
			if !p.attacked(s, them, occNoKing) {
				ml.add(newMove(k, s))
			}
		}
	}
	if checkers.several() {
		return // double check: only the king can move
	}
	target := ^ours & to
	if checkers != 0 {
		c := checkers.first()
		target &= between[k&63][c&63] | checkers
	} else if from == ^bitboard(0) && to == ^bitboard(0) {
		p.genCastling(ml, us, occ)
	}
	pinned := p.pinned(us, k, occ)
	ours &= from

	for b := p.byType[Knight] & ours &^ pinned; b != 0; b &= b - 1 {
		s := b.first()
		for t := knightAttacks[s&63] & target; t != 0; t &= t - 1 {
			ml.add(newMove(s, t.first()))
		}
	}
	for b := (p.byType[Bishop] | p.byType[Queen]) & ours; b != 0; b &= b - 1 {
		s := b.first()
		t := bishopAttacks(s, occ) & target
		if pinned.has(s) {
			t &= line[k&63][s&63]
		}
		for ; t != 0; t &= t - 1 {
			ml.add(newMove(s, t.first()))
		}
	}
	for b := (p.byType[Rook] | p.byType[Queen]) & ours; b != 0; b &= b - 1 {
		s := b.first()
		t := rookAttacks(s, occ) & target
		if pinned.has(s) {
			t &= line[k&63][s&63]
		}
		for ; t != 0; t &= t - 1 {
			ml.add(newMove(s, t.first()))
		}
	}
	if pawns := p.byType[Pawn] & ours; pawns != 0 {
		p.genPawns(ml, us, k, occ, target, pinned, pawns, to)
	}
}

// genPawns adds pawn moves (art. 3.7) that land on target (the squares
// that answer a check, when in check), respecting pins.
func (p *Position) genPawns(ml *moveList, us Colour, k Square, occ, target, pinned, pawns, to bitboard) {
	them := p.byColour[us.Other()&1]
	free := pawns &^ pinned
	up, third, last := 8, rank3, rank8
	if us == Black {
		up, third, last = -8, rank6, rank1
	}
	empty := ^occ

	// Pushes of unpinned pawns, one and two squares.
	one := shiftUp(free, us) & empty
	two := shiftUp(one&third, us) & empty & target
	one &= target
	for t := one &^ last; t != 0; t &= t - 1 {
		to := t.first()
		ml.add(newMove(Square(int(to)-up), to))
	}
	for t := one & last; t != 0; t &= t - 1 {
		to := t.first()
		addPromotions(ml, Square(int(to)-up), to)
	}
	for t := two; t != 0; t &= t - 1 {
		to := t.first()
		ml.add(newMove(Square(int(to)-2*up), to))
	}
	// Captures of unpinned pawns, towards each side.
	for _, side := range [2]int{-1, 1} {
		var caps bitboard
		if side < 0 {
			caps = shiftUp(free&^fileA, us) >> 1
		} else {
			caps = shiftUp(free&^fileH, us) << 1
		}
		caps &= them & target
		for t := caps &^ last; t != 0; t &= t - 1 {
			to := t.first()
			ml.add(newMove(Square(int(to)-up-side), to))
		}
		for t := caps & last; t != 0; t &= t - 1 {
			to := t.first()
			addPromotions(ml, Square(int(to)-up-side), to)
		}
	}
	// Pinned pawns move only along the line of the pin.
	for b := pawns & pinned; b != 0; b &= b - 1 {
		from := b.first()
		ray := line[k&63][from&63] & target
		var t bitboard
		if s := Square(int(from) + up); !occ.has(s) {
			t |= bb(s)
			if bb(from)&shiftUp(third, us.Other()) != 0 && !occ.has(Square(int(s)+up)) {
				t |= bb(Square(int(s) + up))
			}
		}
		t |= pawnAttacks[us&1][from&63] & them
		for t &= ray; t != 0; t &= t - 1 {
			to := t.first()
			if last.has(to) {
				addPromotions(ml, from, to)
			} else {
				ml.add(newMove(from, to))
			}
		}
	}
	// En passant (art. 3.7.3.1), checked on its own: the capture removes
	// two pawns from a rank at once, which pin detection cannot see.
	if p.ep != NoSquare && to.has(p.ep) {
		for b := pawnAttacks[us.Other()&1][p.ep&63] & pawns; b != 0; b &= b - 1 {
			from := b.first()
			if p.legalEP(from, p.ep) {
				ml.add(newSpecial(from, p.ep, kindEnPassant))
			}
		}
	}
}

func addPromotions(ml *moveList, from, to Square) {
	ml.add(newPromotion(from, to, Queen))
	ml.add(newPromotion(from, to, Rook))
	ml.add(newPromotion(from, to, Bishop))
	ml.add(newPromotion(from, to, Knight))
}

// genCastling adds castling moves (art. 3.8.2): the right must remain, the
// squares between king and rook must be empty, and the king must not be in
// check, cross an attacked square or land on one. The caller has checked
// that the king is not in check.
func (p *Position) genCastling(ml *moveList, us Colour, occ bitboard) {
	if us == White {
		if p.castling&WhiteKingside != 0 && occ&(bb(F1)|bb(G1)) == 0 &&
			!p.attacked(F1, Black, occ) && !p.attacked(G1, Black, occ) {
			ml.add(newSpecial(E1, G1, kindCastling))
		}
		if p.castling&WhiteQueenside != 0 && occ&(bb(B1)|bb(C1)|bb(D1)) == 0 &&
			!p.attacked(D1, Black, occ) && !p.attacked(C1, Black, occ) {
			ml.add(newSpecial(E1, C1, kindCastling))
		}
		return
	}
	if p.castling&BlackKingside != 0 && occ&(bb(F8)|bb(G8)) == 0 &&
		!p.attacked(F8, White, occ) && !p.attacked(G8, White, occ) {
		ml.add(newSpecial(E8, G8, kindCastling))
	}
	if p.castling&BlackQueenside != 0 && occ&(bb(B8)|bb(C8)|bb(D8)) == 0 &&
		!p.attacked(D8, White, occ) && !p.attacked(C8, White, occ) {
		ml.add(newSpecial(E8, C8, kindCastling))
	}
}

// Perft counts the leaf nodes of the tree of legal moves of the given
// depth from p: the standard test of a move generator. Depth 0 counts 1.
func Perft(p Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	stack := make([]Position, depth)
	stack[0] = p
	return perft(stack, depth)
}

// perft counts from stack[0]; the rest of stack holds the positions of the
// deeper plies, so that no position is allocated per node.
func perft(stack []Position, depth int) uint64 {
	p := &stack[0]
	var ml moveList
	p.generate(&ml)
	if depth == 1 || len(stack) < 2 {
		return uint64(ml.n)
	}
	var n uint64
	q := &stack[1]
	for _, m := range ml.slice() {
		*q = *p
		q.Play(m)
		n += perft(stack[1:], depth-1)
	}
	return n
}
