package rules

import (
	"fmt"
	"strings"
	"sync"

	"github.com/labyrinth-chess/arbiter/phrase"
)

// How a MateAbility was decided.
const (
	HowBoard    = "board"    // the position on the board: checkmate or stalemate
	HowMaterial = "material" // the material on the board decides it
	HowSearch   = "search"   // every position that can be reached was searched, or a mating line was found
)

// MateAbility says whether a side can still checkmate by some series of
// legal moves, whatever the opponent plays to help (the test of arts. 6.9
// and 5.2.2), and how that was decided.
type MateAbility struct {
	Can    bool
	How    string // HowBoard, HowMaterial or HowSearch
	Detail string // the reason, in words: "lone king", "helpmate: 1.Kb6 Ka8 2.Nc7#"
	// Text is Detail as a phrase of the catalogs (locale/*.json, "mate."
	// ids), zero where the reason has none (a search's line).
	Text phrase.Text
}

func (m MateAbility) String() string {
	word := "cannot checkmate"
	if m.Can {
		word = "can checkmate"
	}
	return fmt.Sprintf("%s (%s: %s)", word, m.How, m.Detail)
}

// CanMate reports whether colour c can still checkmate its opponent by
// some series of legal moves. Material decides most positions: a lone
// king never mates; a lone knight mates only a king that has a pawn, a
// knight, a bishop or a rook to block its flight; bishops all on squares
// of one colour mate only a king that has a pawn, a knight or a bishop on
// the other colour. When the side to move has few moves, the forced lines
// are followed, to catch a forced capture of the last piece that could
// mate. When the pawns are locked against each other and only kings can
// move, the kings' walks are followed: if neither can ever capture a pawn,
// no check can ever be given. With bishops too, when no piece can ever
// capture a pawn, every position that can be reached is searched (within
// a budget). A position these searches cannot settle is decided by
// material.
func (p *Position) CanMate(c Colour) MateAbility {
	var ml moveList
	p.generate(&ml)
	if ml.n == 0 {
		if p.InCheck() && p.turn != c {
			return MateAbility{true, HowBoard, c.Title() + " has checkmated", phrase.New("mate.board.mated", "Side", c.Phrase())}
		}
		if p.InCheck() {
			return MateAbility{false, HowBoard, c.Title() + " is checkmated", phrase.New("mate.board.ismated", "Side", c.Phrase())}
		}
		return MateAbility{false, HowBoard, "stalemate", phrase.New("mate.board.stalemate")}
	}
	m := p.canMateByMaterial(c)
	if !m.Can {
		return m
	}
	if ml.n <= forcedWidth && p.forcedNoMate(c, forcedDepth) {
		return MateAbility{false, HowSearch, fmt.Sprintf("every legal continuation leads to a position where %s cannot mate by material", c.Title()), phrase.Text{}}
	}
	if p.pawnsLocked() && p.byType[Queen]|p.byType[Rook]|p.byType[Knight] == 0 {
		if p.byType[Bishop] == 0 {
			if !p.kingCanCapture(White) && !p.kingCanCapture(Black) {
				return MateAbility{false, HowSearch, "pawn wall: no king can reach a pawn it could capture, so only the kings move and no check can ever be given", phrase.Text{}}
			}
		} else if !p.bishopCanCapture() && !p.kingCanCapture(White) && !p.kingCanCapture(Black) {
			if r, ok := p.searchMate(c, lockedBudget); ok {
				return r
			}
		}
	}
	return m
}

// bishopCanCapture reports whether some bishop stands on the colour of
// an enemy pawn, so that it might capture it one day.
func (p *Position) bishopCanCapture() bool {
	for _, c := range []Colour{White, Black} {
		b, pawns := p.pieces(c, Bishop), p.pieces(c.Other(), Pawn)
		if b&lightSquares != 0 && pawns&lightSquares != 0 || b&darkSquares != 0 && pawns&darkSquares != 0 {
			return true
		}
	}
	return false
}

// kingCanCapture reports whether the king of colour c, walking on squares
// free of pawns and not attacked by enemy pawns, can reach an enemy pawn
// that no enemy pawn protects. With locked pawns and nothing but kings,
// that is the only way the position can change.
func (p *Position) kingCanCapture(c Colour) bool {
	enemyPawns := p.pieces(c.Other(), Pawn)
	var guarded bitboard
	for b := enemyPawns; b != 0; b &= b - 1 {
		guarded |= pawnAttacks[c.Other()][b.first()]
	}
	free := ^(p.byType[Pawn] | guarded)
	reach := p.pieces(c, King)
	for {
		next := reach
		for b := reach; b != 0; b &= b - 1 {
			next |= kingAttacks[b.first()] & free
		}
		if next == reach {
			break
		}
		reach = next
	}
	var around bitboard
	for b := reach; b != 0; b &= b - 1 {
		around |= kingAttacks[b.first()]
	}
	return around&enemyPawns&^guarded != 0
}

// Limits of the searches of CanMate.
const (
	forcedWidth  = 3     // a line is forced while the side to move has at most this many moves
	forcedDepth  = 6     // plies a forced line is followed
	lockedBudget = 60000 // positions searched behind a pawn wall
)

// forcedNoMate reports whether every legal continuation from p, within
// depth plies and while each side has at most forcedWidth moves, reaches
// a position where c cannot mate by material (or a stalemate). It is the
// case of a forced capture of the last piece that could mate.
func (p *Position) forcedNoMate(c Colour, depth int) bool {
	if !p.materialCanMate(c) {
		return true
	}
	if depth == 0 {
		return false
	}
	var ml moveList
	p.generate(&ml)
	if ml.n == 0 {
		return !(p.turn != c && p.InCheck())
	}
	if ml.n > forcedWidth {
		return false
	}
	for _, m := range ml.slice() {
		q := *p
		q.Play(m)
		if !q.forcedNoMate(c, depth-1) {
			return false
		}
	}
	return true
}

// materialReason says why material decides whether a side can mate.
type materialReason uint8

const (
	mrQueen materialReason = iota
	mrRook
	mrPawn
	mrLoneKing
	mrTwoKnights
	mrKnightBishop
	mrBothBishops
	mrKnightBlockers
	mrKnightQueens
	mrKnightLoneKing
	mrBishopBlockers
	mrBishopLoneKing
	mrBishopHeavy
)

// Phrase returns the colour as a phrase of the catalogs, "White" or
// "Bianco".
func (c Colour) Phrase() phrase.Text { return phrase.New("colour." + c.Title()) }

// materialIDs name the reasons of material in the catalogs.
var materialIDs = [...]string{mrQueen: "queen", mrRook: "rook", mrPawn: "pawn", mrLoneKing: "loneking", mrTwoKnights: "twoknights",
	mrKnightBishop: "knightbishop", mrBothBishops: "bothbishops", mrKnightBlockers: "knightblockers", mrKnightQueens: "knightqueens",
	mrKnightLoneKing: "knightloneking", mrBishopBlockers: "bishopblockers", mrBishopLoneKing: "bishoploneking", mrBishopHeavy: "bishopheavy"}

// canMateByMaterial decides from the material alone whether c could
// mate. Can is true whenever some position with this material (or with
// what the opponent's pawns can promote to) is a mate by c.
func (p *Position) canMateByMaterial(c Colour) MateAbility {
	can, why, dark := p.mateMaterial(c)
	d := 0
	if dark {
		d = 1
	}
	return materialWords()[why][c&1][d].with(can)
}

// with returns m with Can set to can.
func (m MateAbility) with(can bool) MateAbility {
	m.Can = can
	return m
}

// materialWords holds the answer of canMateByMaterial, in words and as a
// phrase, for each reason, colour and colour of bishops (light, dark),
// worded once per process: every game checked ends with two of them. The
// phrases are shared, and no one changes a phrase's arguments.
var materialWords = sync.OnceValue(func() (t [mrBishopHeavy + 1][2][2]MateAbility) {
	for why := range t {
		for c := range t[why] {
			for d := range t[why][c] {
				t[why][c][d] = materialAbility(materialReason(why), Colour(c), d == 1)
			}
		}
	}
	return t
})

// materialAbility words the answer of material alone for c, by reason
// why, with bishops on dark squares when dark; Can is left false.
func materialAbility(why materialReason, c Colour, dark bool) MateAbility {
	colour := "light"
	if dark {
		colour = "dark"
	}
	var d string
	text := phrase.New("mate.material."+materialIDs[why], "Side", c.Phrase(), "Squares", phrase.New("mate.squares."+colour))
	switch why {
	case mrQueen:
		d = c.Title() + " has a queen"
	case mrRook:
		d = c.Title() + " has a rook"
	case mrPawn:
		d = c.Title() + " has a pawn, which can promote"
	case mrLoneKing:
		d = "lone king"
	case mrTwoKnights:
		d = c.Title() + " has two knights"
	case mrKnightBishop:
		d = c.Title() + " has knight and bishop"
	case mrBothBishops:
		d = c.Title() + " has bishops on both colours"
	case mrKnightBlockers:
		d = "a knight can mate when the king's own pawns or pieces block it"
	case mrKnightQueens:
		d = "a knight cannot mate a king whose only other pieces are queens"
	case mrKnightLoneKing:
		d = "a knight cannot mate a lone king"
	case mrBishopBlockers:
		d = "bishops on " + colour + " squares can mate when a pawn, knight or other bishop blocks the king"
	case mrBishopLoneKing:
		d = "bishops on " + colour + " squares only cannot mate a lone king"
	case mrBishopHeavy:
		d = "bishops on " + colour + " squares only cannot mate a king whose other pieces are queens, rooks or " + colour + "-square bishops"
	}
	return MateAbility{false, HowMaterial, d, text}
}

// mateMaterial is canMateByMaterial without the words: whether c can
// mate, why, and for a side with bishops of one colour only, whether that
// colour is dark.
func (p *Position) mateMaterial(c Colour) (bool, materialReason, bool) {
	us, them := p.byColour[c&1], p.byColour[c.Other()&1]
	switch {
	case p.byType[Queen]&us != 0:
		return true, mrQueen, false
	case p.byType[Rook]&us != 0:
		return true, mrRook, false
	case p.byType[Pawn]&us != 0:
		return true, mrPawn, false
	}
	knights := (p.byType[Knight] & us).count()
	bishops := p.byType[Bishop] & us
	light, dark := bishops&lightSquares != 0, bishops&darkSquares != 0
	switch {
	case knights == 0 && bishops == 0:
		return false, mrLoneKing, false
	case knights >= 2:
		return true, mrTwoKnights, false
	case knights == 1 && bishops != 0:
		return true, mrKnightBishop, false
	case light && dark:
		return true, mrBothBishops, false
	}
	// One knight, or bishops on one colour only: the mated king's own
	// pieces must block its flight squares, and not every piece can.
	oPawns := p.byType[Pawn]&them != 0
	oKnights := p.byType[Knight]&them != 0
	oRooks := p.byType[Rook]&them != 0
	oBishops := p.byType[Bishop] & them
	if knights == 1 {
		switch {
		case oPawns || oKnights || oRooks || oBishops != 0:
			return true, mrKnightBlockers, false
		case p.byType[Queen]&them != 0:
			return false, mrKnightQueens, false
		}
		return false, mrKnightLoneKing, false
	}
	other := darkSquares
	if dark {
		other = lightSquares
	}
	switch {
	case oPawns || oKnights || oBishops&other != 0:
		return true, mrBishopBlockers, dark
	case them&^p.byType[King] == 0:
		return false, mrBishopLoneKing, dark
	}
	return false, mrBishopHeavy, dark
}

// materialCanMate is the first result of mateMaterial.
func (p *Position) materialCanMate(c Colour) bool {
	can, _, _ := p.mateMaterial(c)
	return can
}

// pawnsLocked reports whether the board has pawns and every pawn stands
// right in front of an enemy pawn with no capture to make: a pawn wall.
// CanMate searches such positions when only kings and bishops can move;
// with knights, rooks or queens there are too many positions to search.
func (p *Position) pawnsLocked() bool {
	wp, bp := p.pieces(White, Pawn), p.pieces(Black, Pawn)
	if wp == 0 || bp == 0 || p.ep != NoSquare && p.epLegal() {
		return false
	}
	if wp<<8&^bp != 0 || bp>>8&^wp != 0 {
		return false // a pawn whose square in front is not a rammed enemy pawn
	}
	for b := wp; b != 0; b &= b - 1 {
		if pawnAttacks[White][b.first()]&p.byColour[Black] != 0 {
			return false
		}
	}
	for b := bp; b != 0; b &= b - 1 {
		if pawnAttacks[Black][b.first()]&p.byColour[White] != 0 {
			return false
		}
	}
	return true
}

// searchMate explores every position reachable from p, breadth first, for
// a checkmate by c. It does not go on from positions where c cannot mate
// by material. It reports ok false when it reaches the budget of positions
// first.
func (p *Position) searchMate(c Colour, budget int) (MateAbility, bool) {
	type node struct {
		pos    Position
		parent int32
		move   Move
	}
	nodes := []node{{pos: *p, parent: -1}}
	seen := map[uint64]struct{}{p.Key(): {}}
	var ml moveList
	for i := 0; i < len(nodes); i++ {
		q := &nodes[i].pos
		ml.n = 0
		q.generate(&ml)
		if ml.n == 0 {
			if q.turn != c && q.InCheck() {
				return MateAbility{true, HowSearch, "mate found: " + lineFrom(p, pathTo(i, func(j int) (int, Move) { return int(nodes[j].parent), nodes[j].move })), phrase.Text{}}, true
			}
			continue
		}
		if !q.materialCanMate(c) {
			continue
		}
		for _, m := range ml.slice() {
			r := *q
			r.Play(m)
			k := r.Key()
			if _, ok := seen[k]; ok {
				continue
			}
			if len(nodes) >= budget {
				return MateAbility{}, false
			}
			seen[k] = struct{}{}
			nodes = append(nodes, node{pos: r, parent: int32(i), move: m})
		}
	}
	detail := fmt.Sprintf("no mate in any of the %d positions that can be reached", len(nodes))
	if len(nodes) == 1 {
		detail = "no legal move leads on"
	}
	return MateAbility{false, HowSearch, detail, phrase.Text{}}, true
}

// pathTo returns the moves from the root to node i, given each node's
// parent and move.
func pathTo(i int, up func(int) (int, Move)) []Move {
	var path []Move
	for i > 0 {
		parent, m := up(i)
		path = append(path, m)
		i = parent
	}
	for a, b := 0, len(path)-1; a < b; a, b = a+1, b-1 {
		path[a], path[b] = path[b], path[a]
	}
	return path
}

// lineFrom writes moves played from p in SAN with move numbers.
func lineFrom(p *Position, moves []Move) string {
	q := *p
	var b strings.Builder
	for i, m := range moves {
		if q.turn == White {
			fmt.Fprintf(&b, "%d.", q.fullmove)
		} else if i == 0 {
			fmt.Fprintf(&b, "%d...", q.fullmove)
		}
		b.WriteString(q.SAN(m))
		if i < len(moves)-1 {
			b.WriteByte(' ')
		}
		q.Play(m)
	}
	return b.String()
}

// IsCheckmate reports whether the side to move is checkmated: in check
// with no legal move (art. 5.1.1).
func (p *Position) IsCheckmate() bool { return p.InCheck() && !p.HasLegalMove() }

// IsStalemate reports whether the side to move has no legal move and is
// not in check (art. 5.2.1).
func (p *Position) IsStalemate() bool { return !p.InCheck() && !p.HasLegalMove() }

// IsDead reports whether neither side can checkmate by any series of legal
// moves, as CanMate decides: a dead position (art. 5.2.2).
func (p *Position) IsDead() bool { return !p.CanMate(White).Can && !p.CanMate(Black).Can }
