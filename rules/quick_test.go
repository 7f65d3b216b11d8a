package rules

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// quickPositions are positions with pins, checks, a double check, en
// passant and promotions, beside those of the sample games.
var quickPositions = []string{
	StartFEN,
	epFEN,
	promoFEN,
	twoKnights,
	twoRooksFile,
	threeQueens,
	"4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1",        // knight pinned by a bishop
	"4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1",        // rook pinned along a file
	"4k3/8/8/8/8/5N2/4q3/R3K3 w - - 0 1",       // in check from an adjacent queen
	"4k3/8/8/1b6/8/8/8/R3K2R w KQ - 0 1",       // in check from afar: block or step
	"3rk3/8/8/8/8/5n2/8/3RK3 w - - 0 1",        // double check
	"4k3/8/8/2KPp2r/8/8/8/8 w - e6 0 1",        // en passant that exposes the king
	"r3k2r/1P6/8/8/8/8/6p1/R3K2R b KQkq - 0 1", // promotions with captures
	"7k/8/8/8/8/2N1N3/8/2N1N1K1 w - - 0 1",     // four knights reach d3 and e2
	"6k1/5ppp/8/8/8/8/1Q3PPP/Q5K1 w - - 0 1",   // two queens on a diagonal
	"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
}

// TestQuickResolve checks that the short way to a move written without
// a promotion finds the move that matching every legal move finds: for
// every position of the sample games and of quickPositions, every move
// as SAN writes it is found the short way (but for promotions, en
// passant and castling), and no text, legal or not, written with each
// piece letter to each square with and without a departure file, rank or
// capture mark, is found the short way to a move the legal moves do not
// give (in every position of quickPositions and one in 16 of the games).
func TestQuickResolve(t *testing.T) {
	var positions []Position
	for _, fen := range quickPositions {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatalf("ParseFEN(%q): %v", fen, err)
		}
		positions = append(positions, p)
	}
	f, err := os.Open(filepath.Join("testdata", "games.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := NewReader(f)
	for {
		g, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			continue
		}
		v := Check(g, Options{})
		p := v.Start
		for _, m := range v.Moves {
			positions = append(positions, p)
			p.Play(m)
		}
	}
	if len(positions) < 5000 {
		t.Fatalf("%d positions, want the sample games' thousands", len(positions))
	}

	texts := quickTexts()
	quick := 0
	for i, p := range positions {
		for _, m := range p.LegalMoves(nil) {
			if m.Promotion() != NoPieceType || m.IsEnPassant() || m.IsCastling() {
				continue
			}
			san := p.SAN(m)
			mt, why := scanMove(san)
			if why.en != "" {
				t.Fatalf("%s: scanMove(%q): %s", p.FEN(), san, why.en)
			}
			pt := p.board[m.From()].Type()
			if got, ok := p.quickResolve(&mt, pt); !ok || got != m {
				t.Errorf("%s: quickResolve(%q) = %v, %v; want %v", p.FEN(), san, got, ok, m)
			}
		}
		if i >= len(quickPositions) && i%16 != 0 {
			continue // every position of its own, one in 16 of the games'
		}
		for _, text := range texts {
			mt, why := scanMove(text)
			if why.en != "" || mt.castle != 0 || mt.promo != 0 {
				continue
			}
			pt := Pawn
			if mt.letter != 0 {
				pt = letterType(mt.letter, English)
			}
			got, ok := p.quickResolve(&mt, pt)
			if !ok {
				continue
			}
			quick++
			want, err := p.resolveLegal(text, &mt, pt, NoPieceType)
			if err != nil || got != want {
				t.Errorf("%s: quickResolve(%q) = %v; the legal moves give %v, %v", p.FEN(), text, got, want, err)
			}
		}
	}
	if quick == 0 {
		t.Error("no text was resolved the short way")
	}
}

// quickTexts returns moves as people write them, most of them illegal
// in any one position: each piece letter (or none) to each square, with
// nothing, a file, a rank or a square before it, with and without x.
func quickTexts() []string {
	var texts []string
	files, ranks := "abcdefgh", "12345678"
	for _, letter := range []string{"", "N", "B", "R", "Q", "K"} {
		for to := range 64 {
			sq := string(files[to%8]) + string(ranks[to/8])
			from := []string{"", string(files[to%8]), string(files[(to+1)%8]), string(files[(to+7)%8]), string(ranks[(to/8+1)%8]), string(ranks[(to/8+7)%8])}
			if letter != "" {
				from = append(from, "a1", "d4", string(files[(to+2)%8])+string(ranks[(to/8+1)%8]))
			}
			for _, fr := range from {
				texts = append(texts, letter+fr+sq, letter+fr+"x"+sq)
			}
		}
	}
	return texts
}
