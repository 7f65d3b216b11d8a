package rules

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestParseFEN(t *testing.T) {
	tests := []struct {
		name, fen, want string
	}{
		{"start", StartFEN, StartFEN},
		{"four fields", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", StartFEN},
		{"extra spaces", "  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR  w KQkq - 0 1 ", StartFEN},
		{"en passant", "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2", "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2"},
		{"black to move", "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1", "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1"},
		{"some rights", "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 12 40", "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 12 40"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := ParseFEN(tt.fen)
			if err != nil {
				t.Fatalf("ParseFEN(%q): %v", tt.fen, err)
			}
			if got := p.FEN(); got != tt.want {
				t.Errorf("ParseFEN(%q).FEN() = %q, want %q", tt.fen, got, tt.want)
			}
		})
	}
}

func TestParseFENErrors(t *testing.T) {
	tests := []struct {
		name, fen string
		col       int
		msg       string
	}{
		{"empty", "", 1, "0 fields"},
		{"five fields", "4k3/8/8/8/8/8/8/4K3 w - - 0", 1, "5 fields"},
		{"short rank", "4k3/8/8/8/8/8/7/4K3 w - - 0 1", 16, "rank 2 has 7 squares"},
		{"long rank", "4k3/8/8/8/8/8/8/4K4 w - - 0 1", 19, "more than 8 squares"},
		{"nine ranks", "4k3/8/8/8/8/8/8/8/4K3 w - - 0 1", 18, "more than 8 ranks"},
		{"seven ranks", "4k3/8/8/8/8/8/4K3 w - - 0 1", 18, "placement ends on rank 2"},
		{"bad letter", "4k3/8/8/8/8/8/8/4X3 w - - 0 1", 18, `unknown piece letter 'X'`},
		{"no white king", "4k3/8/8/8/8/8/8/8 w - - 0 1", 1, "no white king"},
		{"two black kings", "4k2k/8/8/8/8/8/8/4K3 w - - 0 1", 1, "2 black kings"},
		{"pawn on rank 8", "P3k3/8/8/8/8/8/8/4K3 w - - 0 1", 1, "pawn on a8"},
		{"too many pawns", "4k3/8/8/8/P7/PPPPPPPP/8/4K3 w - - 0 1", 1, "9 white pawns"},
		{"too many queens", "4k3/8/8/8/8/QQ6/PPPPPPPP/4K3 w - - 0 1", 1, "8 pawns and 1 promoted"},
		{"bad side", "4k3/8/8/8/8/8/8/4K3 x - - 0 1", 21, `side to move "x"`},
		{"opponent in check", "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", 23, "black is in check but it is white to move"},
		{"bad castling letter", "4k3/8/8/8/8/8/8/4K3 w X - 0 1", 23, "castling"},
		{"castling without rook", "4k3/8/8/8/8/8/8/4K3 w K - 0 1", 23, "needs the white king on e1 and a rook on h1"},
		{"castling twice", "r3k3/8/8/8/8/8/8/4K3 b qq - 0 1", 25, "given twice"},
		{"bad ep", "4k3/8/8/8/8/8/8/4K3 w - e9 0 1", 25, "en passant square"},
		{"ep wrong rank", "4k3/8/8/8/4P3/8/8/4K3 b - e4 0 1", 27, "rank 3"},
		{"ep no pawn", "4k3/8/8/8/8/8/8/4K3 b - e3 0 1", 25, "no white pawn"},
		{"bad clock", "4k3/8/8/8/8/8/8/4K3 w - - x 1", 27, "halfmove clock"},
		{"negative clock", "4k3/8/8/8/8/8/8/4K3 w - - -1 1", 27, "halfmove clock"},
		{"move zero", "4k3/8/8/8/8/8/8/4K3 w - - 0 0", 29, "move number"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseFEN(tt.fen)
			var fe *FENError
			if !errors.As(err, &fe) || !errors.Is(err, ErrFEN) {
				t.Fatalf("ParseFEN(%q) error = %v, want a FENError", tt.fen, err)
			}
			if fe.Col != tt.col || !strings.Contains(fe.Msg, tt.msg) {
				t.Errorf("ParseFEN(%q) = column %d %q, want column %d with %q", tt.fen, fe.Col, fe.Msg, tt.col, tt.msg)
			}
		})
	}
}

func TestStartPosition(t *testing.T) {
	p := StartPosition()
	if got := p.FEN(); got != StartFEN {
		t.Errorf("StartPosition().FEN() = %q, want %q", got, StartFEN)
	}
	if q := mustFEN(t, StartFEN); q.Key() != p.Key() || q.Key() == 0 {
		t.Errorf("StartPosition key %#x, want %#x (not zero)", p.Key(), q.Key())
	}
}

func TestKeyEnPassant(t *testing.T) {
	// After 1.e4 the en passant square e3 is recorded but no capture is
	// possible, so the position is the same as without it (art. 9.2.3).
	with := mustFEN(t, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
	without := mustFEN(t, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
	if with.Key() != without.Key() {
		t.Errorf("Key with a useless en passant square differs from the key without it")
	}
	// Here exf6 is legal: the en passant square makes a different position.
	with = mustFEN(t, epFEN)
	without = mustFEN(t, strings.Replace(epFEN, " f6 ", " - ", 1))
	if with.Key() == without.Key() {
		t.Errorf("Key with a legal en passant capture equals the key without it")
	}
	// A capture that would expose the king does not count.
	with = mustFEN(t, "8/8/8/KPp4r/8/8/8/6k1 w - c6 0 2")
	without = mustFEN(t, "8/8/8/KPp4r/8/8/8/6k1 w - - 0 2")
	if with.Key() != without.Key() {
		t.Errorf("Key with an en passant capture that exposes the king differs from the key without it")
	}
	// Castling rights are part of the position.
	a := mustFEN(t, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	b := mustFEN(t, "r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1")
	if a.Key() == b.Key() {
		t.Errorf("Key ignores castling rights")
	}
}

func TestPlayKeepsKey(t *testing.T) {
	// The key updated move by move equals the key of the position read
	// back from its FEN, through random games with every kind of move.
	r := rand.New(rand.NewPCG(5, 6))
	for _, c := range readPerftTable(t, "testdata/perft.tsv") {
		p := mustFEN(t, c.fen)
		for ply := 0; ply < 80; ply++ {
			moves := p.LegalMoves(nil)
			if len(moves) == 0 {
				break
			}
			m := moves[r.IntN(len(moves))]
			p.Play(m)
			q := mustFEN(t, p.FEN())
			if p.key != q.key || p.Key() != q.Key() || q.FEN() != p.FEN() {
				t.Fatalf("after %s the position differs from the one read from %s", m, p.FEN())
			}
		}
	}
}
