package rules

import (
	"fmt"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter/locale"
)

var english = locale.New(locale.English)

// unit is a piece of the enumeration below, placed on a square of the
// given colour constraint (light bishops only, when light is set).
type unit struct {
	t     PieceType
	light bool // a bishop on light squares
	dark  bool // a bishop on dark squares
}

func (u unit) String() string {
	switch {
	case u.light:
		return "B(light)"
	case u.dark:
		return "B(dark)"
	}
	return strings.ToUpper(string(" pnbrqk"[u.t]))
}

func (u unit) fits(s Square) bool {
	return !(u.light && !s.Light() || u.dark && s.Light())
}

// mateExists reports whether some position is a checkmate of Black by
// White, where White has king and the units xs and Black has king and a
// subset of the units os. A mate needs only the defender's units that
// stand on the flight squares of its king (others can only capture or
// block the checking piece), so the search places them there, which keeps
// it exhaustive and fast.
func mateExists(xs, os []unit) bool {
	for bk := A1; bk <= H8; bk++ {
		flights := squaresOf(kingAttacks[bk])
		for wk := A1; wk <= H8; wk++ {
			if wk == bk || kingAttacks[bk].has(wk) {
				continue
			}
			if placeX(xs, 0, bk, wk, flights, os, map[Square]Piece{bk: MakePiece(Black, King), wk: MakePiece(White, King)}) {
				return true
			}
		}
	}
	return false
}

func squaresOf(b bitboard) []Square {
	var s []Square
	for ; b != 0; b &= b - 1 {
		s = append(s, b.first())
	}
	return s
}

// placeX places White's units; the first one gives check.
func placeX(xs []unit, i int, bk, wk Square, flights []Square, os []unit, board map[Square]Piece) bool {
	if i == len(xs) {
		return placeO(os, 0, flights, board)
	}
	for s := A1; s <= H8; s++ {
		if _, taken := board[s]; taken || !xs[i].fits(s) {
			continue
		}
		if i == 0 && !attacksOf(xs[i].t, White, s, 0).has(bk) {
			continue // the checking piece (lines are checked when the position is built)
		}
		board[s] = MakePiece(White, xs[i].t)
		found := placeX(xs, i+1, bk, wk, flights, os, board)
		delete(board, s)
		if found {
			return true
		}
	}
	return false
}

// placeO places each of Black's units on a free flight square, or leaves
// it out, and tests every resulting position.
func placeO(os []unit, i int, flights []Square, board map[Square]Piece) bool {
	if i == len(os) {
		return isMate(board)
	}
	if placeO(os, i+1, flights, board) {
		return true
	}
	for _, s := range flights {
		if _, taken := board[s]; taken || !os[i].fits(s) {
			continue
		}
		if os[i].t == Pawn && (s.Rank() == 0 || s.Rank() == 7) {
			continue
		}
		board[s] = MakePiece(Black, os[i].t)
		found := placeO(os, i+1, flights, board)
		delete(board, s)
		if found {
			return true
		}
	}
	return false
}

func isMate(board map[Square]Piece) bool {
	tables() // a position set up square by square
	var p Position
	for s, pc := range board {
		p.put(s, pc)
	}
	p.turn, p.ep, p.fullmove = Black, NoSquare, 1
	if p.attacked(p.kingSquare(White), Black, p.occupied()) || !p.InCheck() {
		return false
	}
	return !p.HasLegalMove()
}

// materialPosition returns a position with the given material (the exact
// squares do not matter to mateMaterial).
func materialPosition(xs, os []unit) Position {
	tables() // a position set up square by square
	var p Position
	p.put(A1, MakePiece(White, King))
	p.put(H8, MakePiece(Black, King))
	free := func(c Colour, u unit) Square {
		for s := B2; s <= G7; s++ {
			if p.board[s] == NoPiece && u.fits(s) {
				return s
			}
		}
		return NoSquare
	}
	for _, u := range xs {
		p.put(free(White, u), MakePiece(White, u.t))
	}
	for _, u := range os {
		p.put(free(Black, u), MakePiece(Black, u.t))
	}
	return p
}

// TestMatingMaterial proves the material rules of CanMate for a lone
// knight and for bishops of one colour: for every defending material of
// one or two units, it searches all positions for a checkmate and
// compares with what mateMaterial says.
func TestMatingMaterial(t *testing.T) {
	var (
		n  = unit{t: Knight}
		bl = unit{t: Bishop, light: true}
		bd = unit{t: Bishop, dark: true}
		p  = unit{t: Pawn}
		r  = unit{t: Rook}
		q  = unit{t: Queen}
	)
	singles := []unit{p, n, bl, bd, r, q}
	var defenders [][]unit
	defenders = append(defenders, nil)
	for i, a := range singles {
		defenders = append(defenders, []unit{a})
		for _, b := range singles[i:] {
			defenders = append(defenders, []unit{a, b})
		}
	}
	attackers := [][]unit{{n}, {bl}, {bl, bl}}
	for _, xs := range attackers {
		for _, os := range defenders {
			if len(xs) == 2 && (len(os) == 2 || testing.Short()) {
				continue // too many positions for a unit test
			}
			name := fmt.Sprintf("K%v v K%v", xs, os)
			t.Run(name, func(t *testing.T) {
				pos := materialPosition(xs, os)
				want, _, _ := pos.mateMaterial(White)
				if got := mateExists(xs, os); got != want {
					t.Errorf("%s: a mate exists = %v, but mateMaterial says %v", name, got, want)
				}
			})
		}
	}
}

func TestCanMate(t *testing.T) {
	tests := []struct {
		name       string
		fen        string
		white      bool
		black      bool
		how        string // how White's answer was decided
		detailPart string // a part of White's detail
	}{
		{"lone king v queen", "4k3/8/8/8/8/8/8/3qK3 w - - 0 1", false, true, HowMaterial, "lone king"},
		{"knight v lone king", "4k3/8/8/8/8/8/8/3NK3 w - - 0 1", false, false, HowMaterial, "lone king"},
		{"knight v pawn", "4k3/4p3/8/8/8/8/8/3NK3 w - - 0 1", true, true, HowMaterial, "block"},
		{"knight v queen", "4k3/8/8/8/8/8/8/2qNK3 w - - 0 1", false, true, HowMaterial, "only other pieces are queens"},
		{"knight v knight", "4k3/8/8/2n5/8/8/8/3NK3 w - - 0 1", true, true, HowMaterial, "block"},
		{"bishop v same-colour bishop", "4k3/8/8/3b4/8/8/8/4KB2 w - - 0 1", false, false, HowMaterial, "light squares"},
		{"bishop v other-colour bishop", "4k3/8/8/4b3/8/8/8/4KB2 w - - 0 1", true, true, HowMaterial, "blocks"},
		{"bishop v rook", "4k3/8/8/4r3/8/8/8/4KB2 w - - 0 1", false, true, HowMaterial, "rooks"},
		{"two bishops same colour", "4k3/8/8/8/8/8/6B1/4KB2 w - - 0 1", false, false, HowMaterial, "lone king"},
		{"bishop pair", "4k3/8/8/8/8/8/8/4KBB1 w - - 0 1", true, false, HowMaterial, "both colours"},
		{"two knights", "4k3/8/8/8/8/8/8/4KNN1 w - - 0 1", true, false, HowMaterial, "two knights"},
		{"forced capture of the rook", "7K/8/8/8/8/8/1R6/k7 b - - 0 1", false, false, HowSearch, "every legal continuation"},
		{"checkmate on the board", "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", true, false, HowBoard, "has checkmated"},
		{"stalemate", "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1", false, false, HowBoard, "stalemate"},
		{"pawn wall, kings only", "8/8/1k6/p1p1p1p1/P1P1P1P1/8/4K3/8 w - - 0 1", false, false, HowSearch, "pawn wall"},
		{"pawn wall with a bishop", "8/8/1k6/p1p1p1p1/P1P1P1P1/8/4K3/5B2 w - - 0 1", false, false, HowSearch, "no mate in any"},
		{"pawn wall a king can break", "8/8/8/p1p1p1p1/P1P1P1P1/1k6/4K3/8 w - - 0 1", true, true, HowMaterial, "pawn"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustFEN(t, tt.fen)
			w, b := p.CanMate(White), p.CanMate(Black)
			if w.Can != tt.white || b.Can != tt.black {
				t.Fatalf("CanMate = white %v, black %v; want %v, %v", w, b, tt.white, tt.black)
			}
			if w.How != tt.how || !strings.Contains(w.Detail, tt.detailPart) {
				t.Errorf("CanMate(White) = %v, want %s with %q", w, tt.how, tt.detailPart)
			}
			// The phrase, where there is one, says the detail in English
			// as Detail does, for a front end to word it in another
			// language.
			for _, m := range []MateAbility{w, b} {
				if !m.Text.IsZero() {
					if en := english.Word(m.Text); en != m.Detail {
						t.Errorf("the phrase of %q is %q in English", m.Detail, en)
					}
				} else if m.How != HowSearch {
					t.Errorf("%q has no phrase", m.Detail)
				}
			}
		})
	}
}

func TestPositionEnds(t *testing.T) {
	tests := []struct {
		fen                    string
		checkmate, stale, dead bool
	}{
		{StartFEN, false, false, false},
		{"R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", true, false, false},
		{"k7/2Q5/1K6/8/8/8/8/8 b - - 0 1", false, true, true}, // no move leads on
		{"4k3/8/8/8/8/8/8/3BK3 w - - 0 1", false, false, true},
		{"8/8/1k6/p1p1p1p1/P1P1P1P1/8/4K3/8 w - - 0 1", false, false, true},
		{"4k3/4p3/8/8/8/8/8/3NK3 w - - 0 1", false, false, false},
	}
	for _, tt := range tests {
		p := mustFEN(t, tt.fen)
		if got := [3]bool{p.IsCheckmate(), p.IsStalemate(), p.IsDead()}; got != [3]bool{tt.checkmate, tt.stale, tt.dead} {
			t.Errorf("%s: checkmate, stalemate, dead = %v, want %v", tt.fen, got, [3]bool{tt.checkmate, tt.stale, tt.dead})
		}
	}
}
