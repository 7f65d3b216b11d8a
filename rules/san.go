package rules

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/labyrinth-chess/arbiter/phrase"
)

// Lang is the set of piece letters a score is written in.
type Lang uint8

// Letter sets. AnyLang lets the reader decide: per move by legality, per
// game from the letters used (see ReadGame).
const (
	AnyLang Lang = iota
	English      // K Q R B N, the letters of PGN (Laws appendix C)
	Italian      // R D T A C: Re, Donna, Torre, Alfiere, Cavallo
)

// ParseLang reads "en" or "it" (also "english", "italian"); "" and "auto"
// give AnyLang.
func ParseLang(s string) (Lang, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "auto", "any":
		return AnyLang, nil
	case "en", "eng", "english":
		return English, nil
	case "it", "ita", "italian", "italiano":
		return Italian, nil
	}
	return AnyLang, fmt.Errorf("rules: unknown letter set %q: use en (K Q R B N) or it (R D T A C)", s)
}

// String returns "en", "it" or "auto".
func (l Lang) String() string {
	switch l {
	case English:
		return "en"
	case Italian:
		return "it"
	}
	return "auto"
}

const (
	langEN = 1 << iota // bits of a letter's compatibility mask
	langIT
	langBoth = langEN | langIT
)

// Figurines are read as language-neutral letters.
const (
	figKing byte = 1 + iota
	figQueen
	figRook
	figBishop
	figKnight
	figPawn
)

// letterType returns the piece type an upper-case (or figurine) letter
// stands for in lang, or NoPieceType.
func letterType(l byte, lang Lang) PieceType {
	switch l {
	case figKing:
		return King
	case figQueen:
		return Queen
	case figRook:
		return Rook
	case figBishop:
		return Bishop
	case figKnight:
		return Knight
	case figPawn, 'P':
		return Pawn
	}
	if lang == Italian {
		switch l {
		case 'R':
			return King
		case 'D':
			return Queen
		case 'T':
			return Rook
		case 'A':
			return Bishop
		case 'C':
			return Knight
		}
		return NoPieceType
	}
	switch l {
	case 'K':
		return King
	case 'Q':
		return Queen
	case 'R':
		return Rook
	case 'B':
		return Bishop
	case 'N':
		return Knight
	}
	return NoPieceType
}

// letterLangs returns the letter sets in which l is a piece letter.
func letterLangs(l byte) int { return int(letterSets[l]) }

// letterSets are the letter sets of each byte as a piece letter: both for
// no letter (0), a figurine, P and R; English for K Q B N; Italian for D
// T A C; none for the rest.
var letterSets = func() (t [256]uint8) {
	for l := range 'A' {
		t[l] = langBoth
	}
	t['P'], t['R'] = langBoth, langBoth
	for _, l := range "KQBN" {
		t[l] = langEN
	}
	for _, l := range "DTAC" {
		t[l] = langIT
	}
	return t
}()

// pieceLetter returns the letter of t in lang (English for AnyLang).
func pieceLetter(t PieceType, lang Lang) byte {
	if lang == Italian {
		return " PCATDR"[t]
	}
	return " PNBRQK"[t]
}

// moveText is a move as written, taken apart but not yet matched against
// a position.
type moveText struct {
	castle    int8 // 0, or castleKingside / castleQueenside
	letter    byte // piece letter as written (upper case or figurine), 0 for none
	fromFile  int8 // -1 when not written
	fromRank  int8 // -1 when not written
	to        Square
	capture   bool // x, : or × written
	promo     byte // promotion letter, upper-cased, 0 for none
	epMark    bool // "e.p." written
	checkMark bool // + written
	mateMark  bool // # or ++ written
	bad       bool // not a move: scanMove says why
}

// departures returns the squares of side us's pieces of type pt that
// stand where mt's departure file and rank, when written, say.
func (p *Position) departures(mt *moveText, us Colour, pt PieceType) bitboard {
	from := p.pieces(us, pt)
	if mt.fromFile >= 0 {
		from &= fileA << mt.fromFile
	}
	if mt.fromRank >= 0 {
		from &= rank1 << (8 * mt.fromRank)
	}
	return from
}

const (
	castleKingside = 1 + iota
	castleQueenside
)

// langs returns the letter sets the move's letters fit.
func (mt *moveText) langs() int {
	return letterLangs(mt.letter) & letterLangs(mt.promo)
}

// normalizeMoveText replaces the non-ASCII forms players and word
// processors use (figurines, ×, dashes) with ASCII or figurine codes.
func normalizeMoveText(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= '♔' && r <= '♟':
			b.WriteByte([...]byte{figKing, figQueen, figRook, figBishop, figKnight, figPawn}[(r-'♔')%6])
		case r == '×':
			b.WriteByte('x')
		case r == '–' || r == '—' || r == '‐' || r == '−':
			b.WriteByte('-')
		case r == '‡':
			b.WriteByte('#')
		case r == '†':
			b.WriteByte('+')
		case r == '½' || r >= utf8.RuneSelf:
			b.WriteByte('?') // makes the text unreadable as a move
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// scanMove takes apart a move as written. It accepts short algebraic
// (Nf3, exd5, e8=Q, e8Q, O-O, 0-0), long algebraic (Ng1-f3, e2-e4,
// e7e8q), captures written with x, : or ×, and the suffixes + ++ # e.p.
// ! ? !! ?? !? ?! and the draw offer (=). It returns false and a reason
// when the text is not a move.
func scanMove(s string) (moveText, reason) {
	var mt moveText
	if why := scanMoveInto(&mt, s); why != nil {
		return mt, *why
	}
	return mt, reason{}
}

// scanMoveInto is scanMove into mt; it returns nil for a move, or why the
// text is not one.
func scanMoveInto(mt *moveText, s string) *reason {
	*mt = moveText{fromFile: -1, fromRank: -1, to: NoSquare}
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			s = normalizeMoveText(s)
			break
		}
	}
	s = strings.TrimSpace(s)
	// Suffixes, from the end.
	for {
		n := len(s)
		switch {
		case strings.HasSuffix(s, "(=)"):
			s = s[:n-3]
		case strings.HasSuffix(s, "e.p."):
			s, mt.epMark = s[:n-4], true
		case strings.HasSuffix(s, "e.p"):
			s, mt.epMark = s[:n-3], true
		case strings.HasSuffix(s, "ep") && n > 2 && (isRank(s[n-3]) || s[n-3] == ' '):
			s, mt.epMark = s[:n-2], true
		case strings.HasSuffix(s, "++"):
			s, mt.mateMark = s[:n-2], true
		case n > 0 && s[n-1] == '#':
			s, mt.mateMark = s[:n-1], true
		case n > 0 && s[n-1] == '+':
			s, mt.checkMark = s[:n-1], true
		case n > 0 && (s[n-1] == '!' || s[n-1] == '?' || s[n-1] == ' '):
			s = s[:n-1]
		}
		if len(s) == n {
			break
		}
	}
	if s == "" {
		return because("empty move", "move.empty").ref()
	}
	// Castling: O-O, 0-0, o-o, with or without dashes.
	if c := s[0]; c == 'O' || c == '0' || c == 'o' {
		k := strings.Map(func(r rune) rune {
			switch r {
			case 'O', '0', 'o':
				return 'O'
			case '-':
				return -1
			}
			return r
		}, s)
		switch k {
		case "OO":
			mt.castle = castleKingside
			return nil
		case "OOO":
			mt.castle = castleQueenside
			return nil
		}
		return because("castling is written O-O or O-O-O (0-0, 0-0-0)", "move.castling").ref()
	}
	// Piece letter.
	if c := s[0]; c < 'a' || c > 'z' {
		if c >= 'A' && c <= 'Z' || c < ' ' {
			mt.letter = c
			s = s[1:]
		} else {
			return because("a move starts with a piece letter, a file or O-O", "move.start").ref()
		}
	}
	// Promotion: a letter after the arrival square's rank, with or without
	// = (or /) before it.
	if n := len(s); n >= 3 && isLetter(s[n-1]) && (s[n-2] == '1' || s[n-2] == '8' || s[n-2] == '=' || s[n-2] == '/' || s[n-2] == '(') {
		mt.promo = upper(s[n-1])
		s = s[:n-1]
		if n := len(s); s[n-1] == '=' || s[n-1] == '/' || s[n-1] == '(' {
			s = s[:n-1]
		}
	} else if n >= 4 && s[n-1] == ')' && isLetter(s[n-2]) && s[n-3] == '(' {
		mt.promo = upper(s[n-2])
		s = s[:n-3]
	}
	// Arrival square.
	n := len(s)
	if n < 2 || !isFile(s[n-2]) || !isRank(s[n-1]) {
		if mt.letter == 0 && n >= 1 && n <= 3 && strings.Trim(s, "abcdefghx:") == "" {
			return because("a pawn capture needs the arrival square (exd5), not just the files", "move.files").ref()
		}
		return because("the arrival square is missing", "move.noarrival").ref()
	}
	mt.to = Square((s[n-1]-'1')*8 + s[n-2] - 'a')
	s = s[:n-2]
	if n := len(s); n > 0 {
		switch s[n-1] {
		case 'x', ':':
			mt.capture = true
			s = s[:n-1]
		case '-':
			s = s[:n-1]
		}
	}
	// Departure: nothing, a file, a rank or a square.
	switch {
	case s == "":
	case len(s) == 1 && isFile(s[0]):
		mt.fromFile = int8(s[0] - 'a')
	case len(s) == 1 && isRank(s[0]):
		mt.fromRank = int8(s[0] - '1')
	case len(s) == 2 && isFile(s[0]) && isRank(s[1]):
		mt.fromFile, mt.fromRank = int8(s[0]-'a'), int8(s[1]-'1')
	default:
		return because(fmt.Sprintf("cannot read %q before the arrival square", s), "move.unread", "Text", strconv.Quote(s)).ref()
	}
	return nil
}

func isFile(c byte) bool   { return c >= 'a' && c <= 'h' }
func isRank(c byte) bool   { return c >= '1' && c <= '8' }
func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func upper(c byte) byte {
	if c >= 'a' && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}

// ParseMove reads a move as a player writes it (see scanMove for the
// forms) in the letter set lang, and returns the legal move it stands for.
// With AnyLang, a text whose letters fit both sets (R is a rook in English
// and a king in Italian) is read in the set in which it is legal. Errors
// are *MoveError: ErrNotAMove for text that is not a move, ErrLetters for
// a letter lang does not have, ErrAmbiguousMove when the text fits more
// than one legal move, ErrIllegalMove otherwise.
func (p *Position) ParseMove(text string, lang Lang) (Move, error) {
	mt, why := scanMove(text)
	if why.en != "" {
		return NoMove, moveError(text, why, ArtNotation, ErrNotAMove)
	}
	m, err := p.resolveIn(text, &mt, lang)
	if err != nil {
		return NoMove, err
	}
	return m, nil
}

// resolveIn matches a scanned move against the legal moves of p.
func (p *Position) resolveIn(text string, mt *moveText, lang Lang) (Move, *MoveError) {
	langs := mt.langs()
	if langs == 0 {
		l := mt.letter
		if l == 0 || letterLangs(l) != 0 {
			l = mt.promo
		}
		return NoMove, moveError(text, because(fmt.Sprintf("%c is not a piece letter (English K Q R B N, Italian R D T A C)", l), "move.noletter", "Letter", string(rune(l))), ArtNotation, ErrNotAMove)
	}
	switch lang {
	case English, Italian:
		if langs&langOf(lang) == 0 {
			return NoMove, p.letterError(text, mt, lang)
		}
		return p.resolve(text, mt, lang)
	}
	switch langs {
	case langEN:
		return p.resolve(text, mt, English)
	case langIT:
		return p.resolve(text, mt, Italian)
	}
	if mt.letter != 'R' && mt.promo != 'R' {
		return p.resolve(text, mt, English) // no letter that differs
	}
	en, enErr := p.resolve(text, mt, English)
	it, itErr := p.resolve(text, mt, Italian)
	switch {
	case enErr == nil && itErr == nil && en != it:
		return NoMove, moveError(text, because(fmt.Sprintf("R is a rook in English (%s) and a king in Italian (%s), and both moves are legal: give the letter set", p.SAN(en), p.SAN(it)),
			"move.rboth", "English", p.SAN(en), "Italian", p.SAN(it)), ArtNotation, ErrAmbiguousMove)
	case enErr == nil:
		return en, nil
	case itErr == nil:
		return it, nil
	}
	return NoMove, enErr
}

func langOf(l Lang) int {
	if l == Italian {
		return langIT
	}
	return langEN
}

func (p *Position) letterError(text string, mt *moveText, lang Lang) *MoveError {
	l := mt.letter
	if letterLangs(l)&langOf(lang) != 0 {
		l = mt.promo
	}
	other, name := "Italian", "English"
	if lang == Italian {
		other, name = "English", "Italian"
	}
	return moveError(text, because(fmt.Sprintf("%c is not a piece letter in %s (it is %s): the game must be written in one letter set", l, name, other),
		"move.letter."+strings.ToLower(name), "Letter", string(rune(l))), ArtNotation, ErrLetters)
}

// resolve matches mt, read in lang (English or Italian), against the legal
// moves of p, and explains a mismatch.
func (p *Position) resolve(text string, mt *moveText, lang Lang) (Move, *MoveError) {
	us := p.turn
	illegal := func(article string, r reason) (Move, *MoveError) {
		return NoMove, moveError(text, r, article, ErrIllegalMove)
	}
	if mt.castle != 0 {
		return p.resolveCastling(text, int(mt.castle))
	}
	pt := Pawn
	if mt.letter != 0 {
		pt = letterType(mt.letter, lang)
	}
	promo := NoPieceType
	if mt.promo != 0 {
		promo = letterType(mt.promo, lang)
		if pt != Pawn && !(mt.fromFile >= 0 && mt.fromRank >= 0 && mt.letter == 0) {
			return NoMove, moveError(text, because("only a pawn is promoted", "move.promo.onlypawn"), ArtPromotion, ErrNotAMove)
		}
		if promo == King || promo == Pawn {
			return illegal(ArtPromotion, because(fmt.Sprintf("a pawn is promoted to a queen, rook, bishop or knight, not to a %s", promo), "move.promo.to", "Piece", pieceName(promo, "a")))
		}
	}
	to := mt.to
	// Long algebraic without a piece letter (e2e4, g1f3, e1g1): the piece
	// is whatever stands on the departure square.
	if mt.letter == 0 && mt.fromFile >= 0 && mt.fromRank >= 0 {
		from := SquareAt(int(mt.fromFile), int(mt.fromRank))
		pc := p.board[from]
		if pc == NoPiece || pc.Colour() != us {
			return illegal(ArtNotation, because(fmt.Sprintf("%s has no piece on %s", us.Title(), from), "move.nopiece", "Side", us.Phrase(), "Square", from.String()))
		}
		pt = pc.Type()
		if pt == King && (from == E1 && us == White || from == E8 && us == Black) && (to == from+2 || to == from-2) && from.Rank() == to.Rank() {
			side := castleKingside
			if to < from {
				side = castleQueenside
			}
			return p.resolveCastling(text, side)
		}
	}
	if pt == King && mt.letter != 0 && mt.fromFile >= 0 && mt.fromRank >= 0 {
		from := SquareAt(int(mt.fromFile), int(mt.fromRank))
		if p.board[from] == MakePiece(us, King) && (to == from+2 || to == from-2) && (from == E1 || from == E8) && from.Rank() == to.Rank() {
			side := castleKingside
			if to < from {
				side = castleQueenside
			}
			return p.resolveCastling(text, side)
		}
	}

	if promo == NoPieceType && !mt.epMark && (mt.letter != 0 || mt.fromFile < 0 || mt.fromRank < 0) {
		if m, ok := p.quickResolve(mt, pt); ok {
			return m, nil
		}
	}
	return p.resolveLegal(text, mt, pt, promo)
}

// resolveLegal matches mt, a move of a piece of type pt promoting to
// promo (or NoPieceType), against the legal moves of p, and explains a
// mismatch.
func (p *Position) resolveLegal(text string, mt *moveText, pt, promo PieceType) (Move, *MoveError) {
	us := p.turn
	to := mt.to
	illegal := func(article string, r reason) (Move, *MoveError) {
		return NoMove, moveError(text, r, article, ErrIllegalMove)
	}
	// Only the moves that can match: pieces of the type written (on the
	// departure square, file or rank written) to the arrival square.
	from := p.departures(mt, us, pt)
	var ml moveList
	p.generateTo(&ml, from, bb(to))
	var found Move
	n := 0
	var matches [8]Move
	for _, m := range ml.slice() {
		if m.To() != to || m.IsCastling() || p.board[m.From()].Type() != pt {
			continue
		}
		if mt.fromFile >= 0 && m.From().File() != int(mt.fromFile) || mt.fromRank >= 0 && m.From().Rank() != int(mt.fromRank) {
			continue
		}
		if pt == Pawn && mt.fromFile < 0 && !mt.capture && m.From().File() != to.File() {
			continue // a pawn capture names the departure file (C.9), or at least x
		}
		if promo != NoPieceType && m.Promotion() != promo {
			continue
		}
		if promo == NoPieceType && m.Promotion() != NoPieceType && m.Promotion() != Queen {
			continue // counted once, through the queen promotion
		}
		if n < len(matches) {
			matches[n] = m
		}
		found = m
		n++
	}
	switch {
	case n == 1:
		if promo == NoPieceType && found.Promotion() != NoPieceType {
			move := strings.TrimRight(text, "+#!? ")
			return illegal(ArtPromotion, because(fmt.Sprintf("the pawn reaches the last rank and must be promoted: write %s=Q (or =R, =B, =N)", move), "move.promo.write", "Move", move))
		}
		if mt.epMark && !found.IsEnPassant() {
			return illegal(ArtEnPassant, because("marked e.p. but it is not an en passant capture", "move.notep"))
		}
		return found, nil
	case n > 1:
		var from []string
		for _, m := range matches[:min(n, len(matches))] {
			from = append(from, m.From().String())
		}
		slices.Sort(from)
		first, last := strings.Join(from[:len(from)-1], ", "), from[len(from)-1]
		all := "all"
		if len(from) == 2 {
			all = "both"
		}
		return NoMove, moveError(text, because(fmt.Sprintf("the %ss on %s and %s can %s go to %s: add the departure file or rank", pt, first, last, all, to),
			"move.ambiguous."+all, "Pieces", phrase.New("pieces."+pt.String()), "First", first, "Last", last, "To", to.String()), ArtDisambiguation, ErrAmbiguousMove)
	}
	return NoMove, p.explain(text, mt, pt, promo)
}

// quickResolve finds the move of a piece of type pt to mt.to, as
// written without a promotion or an e.p. mark, when exactly one legal
// move fits: the pieces of that type that reach the arrival square are
// the candidates, and a candidate is legal when its king is not attacked
// once it has moved (art. 3.9). It reports false when no move fits, when
// several do, and for what it leaves to resolveLegal (a pawn reaching the
// last rank, an en passant capture, a pawn move written with the
// departure file of a push): resolveLegal then matches the legal moves
// and explains. A move it finds is the one resolveLegal finds.
func (p *Position) quickResolve(mt *moveText, pt PieceType) (Move, bool) {
	us := p.turn
	them := us.Other()
	to := mt.to & 63
	occ := p.occupied()
	if p.byColour[us&1].has(to) {
		return NoMove, false
	}
	from := p.departures(mt, us, pt)
	var cands bitboard
	switch pt {
	case Knight:
		cands = knightAttacks[to] & from
	case Bishop:
		cands = bishopAttacks(to, occ) & from
	case Rook:
		cands = rookAttacks(to, occ) & from
	case Queen:
		cands = queenAttacks(to, occ) & from
	case King:
		cands = kingAttacks[to] & from
	case Pawn:
		up, fourth, last := 8, rank1<<24, rank8
		if us == Black {
			up, fourth, last = -8, rank1<<32, rank1
		}
		if last.has(to) {
			return NoMove, false
		}
		switch {
		case mt.fromFile < 0 && !mt.capture:
			// A push: the pawn behind the arrival square, or the one
			// two squares behind on its first move.
			if occ.has(to) {
				return NoMove, false
			}
			s := Square(int(to) - up)
			if !occ.has(s) && fourth.has(to) {
				s = Square(int(s) - up)
			}
			cands = bb(s) & from
		case mt.fromFile != int8(to.File()) && p.byColour[them&1].has(to):
			// A capture of the piece on the arrival square.
			cands = pawnAttacks[them&1][to] & from
		default:
			return NoMove, false
		}
	default:
		return NoMove, false
	}
	if cands == 0 {
		return NoMove, false
	}
	k := p.kingSquare(us)
	found := NoMove
	for ; cands != 0; cands &= cands - 1 {
		s := cands.first()
		var safe bool
		if pt == King {
			safe = !p.attacked(to, them, occ&^bb(s))
		} else {
			// The enemy pieces that attack the king with the piece
			// moved, but for one captured on the arrival square.
			safe = p.attackersTo(k, occ&^bb(s)|bb(to))&p.byColour[them&1]&^bb(to) == 0
		}
		if !safe {
			continue
		}
		if found != NoMove {
			return NoMove, false // ambiguous
		}
		found = newMove(s, to)
	}
	return found, found != NoMove
}

// resolveCastling returns the castling move on side or explains why it is
// illegal (art. 3.8.2).
func (p *Position) resolveCastling(text string, side int) (Move, *MoveError) {
	us := p.turn
	right, name := WhiteKingside, "kingside"
	if side == castleQueenside {
		right, name = WhiteQueenside, "queenside"
	}
	if us == Black {
		right <<= 2
	}
	king, rook := castlingSquares(right)
	to := king + 2
	if side == castleQueenside {
		to = king - 2
	}
	m := newSpecial(king, to, kindCastling)
	illegal := func(article string, r reason) (Move, *MoveError) {
		return NoMove, moveError(text, r, article, ErrIllegalMove)
	}
	if p.castling&right == 0 {
		return illegal(ArtCastlingRight, because(fmt.Sprintf("%s can no longer castle %s: the king or the %s rook has moved", us.Title(), name, rook),
			"move.castle.right."+name, "Side", us.Phrase(), "Rook", rook.String()))
	}
	for s := min(king, rook) + 1; s < max(king, rook); s++ {
		if p.board[s] != NoPiece {
			between := pieceOn(p, s, formThe)
			return illegal(ArtCastlingBlock, because(fmt.Sprintf("castling %s with %s standing between king and rook", name, between.en),
				"move.castle.between."+name, "Piece", between.text))
		}
	}
	them := us.Other()
	occ := p.occupied()
	if p.InCheck() {
		return illegal(ArtCastlingBlock, because(fmt.Sprintf("%s castles out of check", us.Title()), "move.castle.check", "Side", us.Phrase()))
	}
	cross := Square((int(king) + int(to)) / 2)
	if p.attacked(cross, them, occ) {
		by := attackerName(p, cross, them, formBy)
		return illegal(ArtCastlingBlock, because(fmt.Sprintf("the king would cross %s, which %s attacks", cross, by.en),
			"move.castle.cross", "Square", cross.String(), "Piece", by.text))
	}
	if p.attacked(to, them, occ) {
		by := attackerName(p, to, them, formBy)
		return illegal(ArtCastlingBlock, because(fmt.Sprintf("the king would land on %s, which %s attacks", to, by.en),
			"move.castle.land", "Square", to.String(), "Piece", by.text))
	}
	return m, nil
}

// explain says why no legal move fits a scanned move of piece type pt.
func (p *Position) explain(text string, mt *moveText, pt PieceType, promo PieceType) *MoveError {
	us := p.turn
	them := us.Other()
	to := mt.to
	occ := p.occupied()
	e := &MoveError{Text: text, Err: ErrIllegalMove}
	set := func(article string, r reason) *MoveError {
		e.Article, e.Reason, e.Why = article, r.en, r.text
		return e
	}
	ours := p.pieces(us, pt)
	if pc := p.board[to]; pc != NoPiece && pc.Colour() == us {
		own := pieceOn(p, to, formThe)
		return set(ArtOwnPiece, because(fmt.Sprintf("%s stands on %s", own.en, to), "move.own", "Piece", own.text, "Square", to.String()))
	}
	if mt.fromFile >= 0 && mt.fromRank >= 0 {
		from := SquareAt(int(mt.fromFile), int(mt.fromRank))
		if !ours.has(from) {
			return set(ArtNotation, because(fmt.Sprintf("%s has no %s on %s", us.Title(), pt, from),
				"move.none.on", "Side", us.Phrase(), "Piece", pieceName(pt, "none"), "Square", from.String()))
		}
		ours = bb(from)
	} else {
		if ours == 0 {
			return set(ArtNotation, because(fmt.Sprintf("%s has no %s", us.Title(), pt), "move.none", "Side", us.Phrase(), "Piece", pieceName(pt, "none")))
		}
		if mt.fromFile >= 0 {
			ours &= fileA << mt.fromFile
		}
		if mt.fromRank >= 0 {
			ours &= rank1 << (8 * mt.fromRank)
		}
		if ours == 0 {
			if mt.fromFile >= 0 {
				file := string(rune('a' + mt.fromFile))
				return set(ArtNotation, because(fmt.Sprintf("%s has no %s on the %s-file", us.Title(), pt, file),
					"move.none.file", "Side", us.Phrase(), "Piece", pieceName(pt, "none"), "File", file))
			}
			return set(ArtNotation, because(fmt.Sprintf("%s has no %s on the rank %d", us.Title(), pt, mt.fromRank+1),
				"move.none.rank", "Side", us.Phrase(), "Piece", pieceName(pt, "none"), "Rank", int(mt.fromRank)+1))
		}
	}
	if pt == Pawn {
		return p.explainPawn(e, mt, ours, promo)
	}
	// Pieces that could go there if nothing stood in the way, and those
	// that can go there but leave the king in check.
	var reach, blocked bitboard
	for b := ours; b != 0; b &= b - 1 {
		from := b.first()
		if attacksOf(pt, us, from, occ).has(to) {
			reach |= bb(from)
		} else if attacksOf(pt, us, from, 0).has(to) {
			blocked |= bb(from)
		}
	}
	if reach == 0 {
		if blocked != 0 {
			from := blocked.first()
			mid := pieceOn(p, (between[from][to] & occ).first(), formThe)
			return set(ArtNoJumping, because(fmt.Sprintf("the %s on %s cannot jump over %s", pt, from, mid.en),
				"move.jump", "Piece", pieceName(pt, "the"), "From", from.String(), "Over", mid.text))
		}
		where := squareNames(ours)
		if ours.several() {
			return set(moveArticle(pt), because(fmt.Sprintf("no %s on %s can reach %s", pt, where.en, to),
				"move.reach.none", "Piece", pieceName(pt, "none"), "From", where.text, "To", to.String()))
		}
		return set(moveArticle(pt), because(fmt.Sprintf("the %s on %s cannot reach %s", pt, where.en, to),
			"move.reach.not", "Piece", pieceName(pt, "the"), "From", where.text, "To", to.String()))
	}
	// Some piece reaches the square: the move exposes or leaves the king
	// in check (art. 3.9).
	from := reach.first()
	if pt == King {
		a := p.attackersTo(to, occ&^bb(from)) & p.byColour[them]
		by := pieceOn(p, a.first(), formOf)
		return set(ArtCheck, because(fmt.Sprintf("the king would be in check on %s from %s", to, by.en),
			"move.king.check", "Square", to.String(), "Piece", by.text))
	}
	if p.InCheck() {
		checkers := checkerNames(p)
		return set(ArtCheck, because(fmt.Sprintf("%s is in check from %s and the %s move from %s to %s does not answer it", us.Title(), checkers.en, pt, from, to),
			"move.check.piece", "Side", us.Phrase(), "Checkers", checkers.text, "Piece", pieceName(pt, "of"), "From", from.String(), "To", to.String()))
	}
	k := p.kingSquare(us)
	if pinner := p.pinnerOf(from); pinner != NoSquare {
		by := pieceOn(p, pinner, formThe)
		return set(ArtCheck, because(fmt.Sprintf("the %s on %s is pinned by %s: moving it exposes the king to check", pt, from, by.en),
			"move.pinned", "Piece", pieceName(pt, "the"), "From", from.String(), "By", by.text))
	}
	return set(ArtCheck, because(fmt.Sprintf("the move leaves the king on %s in check", k), "move.leaves", "Square", k.String()))
}

func (p *Position) explainPawn(e *MoveError, mt *moveText, ours bitboard, promo PieceType) *MoveError {
	us := p.turn
	to := mt.to
	set := func(article string, r reason) *MoveError {
		e.Article, e.Reason, e.Why = article, r.en, r.text
		return e
	}
	up := 8
	if us == Black {
		up = -8
	}
	lastRank := 7
	if us == Black {
		lastRank = 0
	}
	if promo != NoPieceType && to.Rank() != lastRank {
		return set(ArtPromotion, because("only a pawn reaching the last rank is promoted", "move.promo.lastrank"))
	}
	var from Square = NoSquare
	if mt.fromFile >= 0 && int(mt.fromFile) != to.File() {
		// A capture.
		if d := int(mt.fromFile) - to.File(); d != 1 && d != -1 {
			file := string(rune('a' + mt.fromFile))
			return set(ArtPawnCapture, because(fmt.Sprintf("a pawn captures diagonally forward onto the next file, not from the %s-file to %s", file, to),
				"move.pawn.diagonal", "File", file, "To", to.String()))
		}
		from = SquareAt(int(mt.fromFile), to.Rank()-up/8)
		if from == NoSquare || !ours.has(from) {
			return set(ArtPawnCapture, because(fmt.Sprintf("%s has no pawn on %s to capture on %s", us.Title(), from, to),
				"move.pawn.nocapturer", "Side", us.Phrase(), "From", from.String(), "To", to.String()))
		}
		if pc := p.board[to]; pc == NoPiece {
			if to != p.ep {
				if mt.epMark || (to.Rank() == 5 && us == White || to.Rank() == 2 && us == Black) && p.board[to^8] == MakePiece(us.Other(), Pawn) {
					return set(ArtEnPassant, because("en passant is only possible on the move right after the pawn's double step", "move.pawn.ep"))
				}
				return set(ArtPawnCapture, because(fmt.Sprintf("there is nothing to capture on %s: a pawn moves diagonally only to capture", to),
					"move.pawn.nothing", "To", to.String()))
			}
		}
	} else {
		// A push.
		one := Square(int(to) - up)
		if one < 64 && ours.has(one) {
			from = one
			if p.board[to] != NoPiece {
				block := pieceOn(p, to, formThe)
				return set(ArtPawn, because(fmt.Sprintf("%s blocks the pawn on %s (a pawn captures only diagonally)", block.en, from),
					"move.pawn.blocked.capture", "Piece", block.text, "From", from.String()))
			}
		} else if two := Square(int(to) - 2*up); two < 64 && ours.has(two) && (two.Rank() == 1 && us == White || two.Rank() == 6 && us == Black) {
			from = two
			for _, s := range []Square{one, to} {
				if p.board[s] != NoPiece {
					block := pieceOn(p, s, formThe)
					return set(ArtPawn, because(fmt.Sprintf("%s blocks the pawn on %s", block.en, from),
						"move.pawn.blocked", "Piece", block.text, "From", from.String()))
				}
			}
		} else {
			return set(ArtPawn, because(fmt.Sprintf("no %s pawn can move to %s", us, to), "move.pawn.none."+us.String(), "To", to.String()))
		}
	}
	if to.Rank() == lastRank && promo == NoPieceType {
		return set(ArtPromotion, because(fmt.Sprintf("the pawn reaches the last rank and must be promoted: add the piece, as in %s=Q", to),
			"move.promo.add", "To", to.String()))
	}
	if p.InCheck() {
		checkers := checkerNames(p)
		return set(ArtCheck, because(fmt.Sprintf("%s is in check from %s and the pawn move to %s does not answer it", us.Title(), checkers.en, to),
			"move.check.pawn", "Side", us.Phrase(), "Checkers", checkers.text, "To", to.String()))
	}
	if pinner := p.pinnerOf(from); pinner != NoSquare {
		by := pieceOn(p, pinner, formThe)
		return set(ArtCheck, because(fmt.Sprintf("the pawn on %s is pinned by %s: moving it exposes the king to check", from, by.en),
			"move.pinned", "Piece", pieceName(Pawn, "the"), "From", from.String(), "By", by.text))
	}
	k := p.kingSquare(us)
	return set(ArtCheck, because(fmt.Sprintf("the move leaves the king on %s in check", k), "move.leaves", "Square", k.String()))
}

// pinnerOf returns the square of the piece that pins the piece on s to its
// king, or NoSquare.
func (p *Position) pinnerOf(s Square) Square {
	pc := p.board[s]
	us := pc.Colour()
	k := p.kingSquare(us)
	occ := p.occupied()
	if !p.pinned(us, k, occ).has(s) {
		return NoSquare
	}
	for b := line[k][s] & p.byColour[us.Other()] & (p.byType[Bishop] | p.byType[Rook] | p.byType[Queen]); b != 0; b &= b - 1 {
		t := b.first()
		if between[k][t].has(s) && attacksOf(p.board[t].Type(), us.Other(), t, occ&^bb(s)).has(k) {
			return t
		}
	}
	return NoSquare
}

func checkerNames(p *Position) reason {
	c := p.checkers()
	if c.several() {
		return joined("and", pieceOn(p, c.first(), formOf), pieceOn(p, (c&(c-1)).first(), formOf))
	}
	return pieceOn(p, c.first(), formOf)
}

func squareNames(b bitboard) reason {
	var s []reason
	for ; b != 0; b &= b - 1 {
		s = append(s, square(b.first()))
	}
	return joined("or", s...)
}

func moveArticle(pt PieceType) string {
	switch pt {
	case Bishop:
		return ArtBishop
	case Rook:
		return ArtRook
	case Queen:
		return ArtQueen
	case Knight:
		return ArtKnight
	case King:
		return ArtKing
	}
	return ArtPawn
}

// SAN returns m, a legal move of p, in Standard Algebraic Notation as PGN
// writes it (English letters, x for captures, =Q for promotions, O-O, +
// for check and # for mate).
func (p *Position) SAN(m Move) string { return p.FormatMove(m, English) }

// FormatMove returns m, a legal move of p, in short algebraic notation
// with the letters of lang: for English (and AnyLang) the SAN of PGN; for
// Italian the Laws' own forms with Italian letters (Cf3, Axc6, 0-0, d8D).
// The departure file, rank or square is added only when another legal
// move of the same kind of piece reaches the same square (C.10).
func (p *Position) FormatMove(m Move, lang Lang) string {
	b := make([]byte, 0, 8)
	b = p.appendMove(b, m, lang)
	return string(b)
}

func (p *Position) appendMove(b []byte, m Move, lang Lang) []byte {
	from, to := m.From(), m.To()
	pt := p.board[from].Type()
	switch {
	case m.IsCastling() && lang == Italian:
		b = append(b, "0-0"...)
		if to < from {
			b = append(b, "-0"...)
		}
	case m.IsCastling():
		b = append(b, "O-O"...)
		if to < from {
			b = append(b, "-O"...)
		}
	case pt == Pawn:
		if from.File() != to.File() {
			b = append(b, byte('a'+from.File()), 'x')
		}
		b = append(b, to.String()...)
		if t := m.Promotion(); t != NoPieceType {
			if lang != Italian {
				b = append(b, '=')
			}
			b = append(b, pieceLetter(t, lang))
		}
	default:
		b = append(b, pieceLetter(pt, lang))
		var ml moveList
		p.generate(&ml)
		var others bitboard
		for _, o := range ml.slice() {
			if o.To() == to && o.From() != from && p.board[o.From()].Type() == pt {
				others |= bb(o.From())
			}
		}
		if others != 0 {
			switch {
			case others&(fileA<<from.File()) == 0:
				b = append(b, byte('a'+from.File()))
			case others&(rank1<<(8*from.Rank())) == 0:
				b = append(b, byte('1'+from.Rank()))
			default:
				b = append(b, from.String()...)
			}
		}
		if p.board[to] != NoPiece {
			b = append(b, 'x')
		}
		b = append(b, to.String()...)
	}
	q := *p
	q.Play(m)
	if q.InCheck() {
		if q.HasLegalMove() {
			b = append(b, '+')
		} else {
			b = append(b, '#')
		}
	}
	return b
}

// HasLegalMove reports whether the side to move has a legal move.
func (p *Position) HasLegalMove() bool {
	us := p.turn
	occ := p.occupied()
	k := p.kingSquare(us)
	if p.attackersTo(k, occ)&p.byColour[us.Other()&1] == 0 {
		// Not in check: a knight or a pawn step that no pin holds back is
		// legal, and nearly every position has one.
		ours := p.byColour[us&1]
		free := ours &^ p.pinned(us, k, occ)
		for b := p.byType[Knight] & free; b != 0; b &= b - 1 {
			if knightAttacks[b.first()]&^ours != 0 {
				return true
			}
		}
		if shiftUp(p.byType[Pawn]&free, us)&^occ != 0 {
			return true
		}
	}
	var ml moveList
	p.generate(&ml)
	return ml.n > 0
}

// InLetters rewrites a move of the SAN of PGN, as SAN writes it and with
// or without its number ("4.Qxf7#", "12...O-O", "e8=Q+"), in the letters
// of lang: for Italian the forms FormatMove writes (4.Dxf7#, 12...0-0,
// e8D+). A text that is not such a move is returned as it is.
func InLetters(san string, lang Lang) string {
	if lang != Italian {
		return san
	}
	b := []byte(san)
	i := 0
	for i < len(b) && (b[i] >= '0' && b[i] <= '9' || b[i] == '.' || b[i] == ' ') {
		i++
	}
	out := append([]byte(nil), b[:i]...)
	for _, c := range b[i:] {
		switch c {
		case 'O':
			out = append(out, '0')
		case '=':
			// Italian writes a promotion without "=" (d8D).
		case 'K', 'Q', 'R', 'B', 'N':
			out = append(out, pieceLetter(letterType(c, English), Italian))
		case 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'x', '+', '#', '-',
			'1', '2', '3', '4', '5', '6', '7', '8':
			out = append(out, c)
		default:
			return san
		}
	}
	return string(out)
}
