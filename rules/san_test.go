package rules

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
)

const (
	castleFEN    = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"
	promoFEN     = "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1"
	epFEN        = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"
	twoKnights   = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1"
	twoRooksFile = "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1"
	threeQueens  = "1k6/8/8/8/7Q/K7/8/4Q2Q w - - 0 1"
	rookOrKing   = "4k3/8/8/8/8/8/8/4K2R w - - 0 1" // Rf1: rook h1 (en) or king e1 (it)
)

func TestParseMove(t *testing.T) {
	tests := []struct {
		name string
		fen  string
		text string
		lang Lang
		want string // UCI
	}{
		{"pawn push", StartFEN, "e4", English, "e2e4"},
		{"pawn push italian", StartFEN, "e4", Italian, "e2e4"},
		{"long pawn", StartFEN, "e2-e4", AnyLang, "e2e4"},
		{"coordinate pawn", StartFEN, "e2e4", AnyLang, "e2e4"},
		{"knight", StartFEN, "Nf3", English, "g1f3"},
		{"knight italian", StartFEN, "Cf3", Italian, "g1f3"},
		{"knight detected italian", StartFEN, "Cf3", AnyLang, "g1f3"},
		{"long knight", StartFEN, "Ng1-f3", English, "g1f3"},
		{"long knight italian", StartFEN, "Cg1-f3", Italian, "g1f3"},
		{"long knight no dash", StartFEN, "Ng1f3", English, "g1f3"},
		{"coordinate knight", StartFEN, "g1f3", AnyLang, "g1f3"},
		{"figurine", StartFEN, "♘f3", AnyLang, "g1f3"},
		{"check mark", StartFEN, "Nf3+", English, "g1f3"},
		{"annotations", StartFEN, "Nf3!?", English, "g1f3"},
		{"dubious", StartFEN, "Nf3?!", English, "g1f3"},
		{"blunder", StartFEN, "Nf3??", English, "g1f3"},
		{"draw offer", StartFEN, "Nf3(=)", English, "g1f3"},
		{"draw offer spaced", StartFEN, "Cf3 (=)", Italian, "g1f3"},
		{"pawn letter", StartFEN, "Pe4", English, "e2e4"},
		{"pawn capture without file", epFEN, "Pxf6", English, "e5f6"},
		{"castle O-O", castleFEN, "O-O", English, "e1g1"},
		{"castle 0-0", castleFEN, "0-0", Italian, "e1g1"},
		{"castle o-o", castleFEN, "o-o", AnyLang, "e1g1"},
		{"castle OO", castleFEN, "OO", AnyLang, "e1g1"},
		{"castle O-O-O", castleFEN, "O-O-O", English, "e1c1"},
		{"castle 0-0-0", castleFEN, "0-0-0+", Italian, "e1c1"},
		{"castle en dash", castleFEN, "0–0–0", Italian, "e1c1"},
		{"castle coordinate", castleFEN, "e1g1", AnyLang, "e1g1"},
		{"castle long king", castleFEN, "Ke1-c1", English, "e1c1"},
		{"castle long king italian", castleFEN, "Re1-g1", Italian, "e1g1"},
		{"pawn capture x", epFEN, "exf6", English, "e5f6"},
		{"pawn capture colon", epFEN, "e:f6", Italian, "e5f6"},
		{"pawn capture bare", epFEN, "ef6", AnyLang, "e5f6"},
		{"en passant mark", epFEN, "exf6 e.p.", AnyLang, "e5f6"},
		{"en passant glued", epFEN, "exf6e.p.", AnyLang, "e5f6"},
		{"en passant ep", epFEN, "exf6ep", AnyLang, "e5f6"},
		{"en passant times", epFEN, "e×f6", AnyLang, "e5f6"},
		{"promotion =Q", promoFEN, "a8=Q", English, "a7a8q"},
		{"promotion Q", promoFEN, "a8Q+", English, "a7a8q"},
		{"promotion =D", promoFEN, "a8=D", Italian, "a7a8q"},
		{"promotion D", promoFEN, "a8D", Italian, "a7a8q"},
		{"promotion D detected", promoFEN, "a8D", AnyLang, "a7a8q"},
		{"promotion knight", promoFEN, "a8=N", English, "a7a8n"},
		{"promotion cavallo", promoFEN, "a8C", Italian, "a7a8n"},
		{"promotion torre", promoFEN, "a8=T", AnyLang, "a7a8r"},
		{"promotion rook english", promoFEN, "a8=R", English, "a7a8r"},
		{"promotion bracket", promoFEN, "a8(Q)", English, "a7a8q"},
		{"promotion slash", promoFEN, "a8/Q", English, "a7a8q"},
		{"promotion capture", promoFEN, "axb8=Q#", English, "a7b8q"},
		{"promotion capture italian", promoFEN, "a:b8D", Italian, "a7b8q"},
		{"promotion coordinate", promoFEN, "a7a8q", AnyLang, "a7a8q"},
		{"promotion coordinate italian", promoFEN, "a7a8d", Italian, "a7a8q"},
		{"file disambiguation", twoKnights, "Nbd2", English, "b1d2"},
		{"file disambiguation italian", twoKnights, "Cfd2", Italian, "f3d2"},
		{"rank disambiguation", twoRooksFile, "R1a3", English, "a1a3"},
		{"rank disambiguation italian", twoRooksFile, "T5a3", Italian, "a5a3"},
		{"rank disambiguation capture", twoRooksFile, "R5xa3", English, "a5a3"},
		{"square disambiguation", threeQueens, "Qh1e4", English, "h1e4"},
		{"square disambiguation italian", threeQueens, "Dh1-e4", Italian, "h1e4"},
		{"over-disambiguated", StartFEN, "Ngf3", English, "g1f3"},
		{"capture mark on quiet move", StartFEN, "Nxf3", English, "g1f3"},
		{"R is a rook in English", rookOrKing, "Rf1", English, "h1f1"},
		{"R is a king in Italian", rookOrKing, "Rf1", Italian, "e1f1"},
		{"R by legality: only the king", rookOrKing, "Rd2", AnyLang, "e1d2"},
		{"R by legality: only the rook", rookOrKing, "Rh5", AnyLang, "h1h5"},
		{"a pinned knight needs no disambiguation", "4k3/8/8/b7/8/2N5/8/4K1N1 w - - 0 1", "Ne2", English, "g1e2"},
		{"black move", "4k3/8/8/8/8/8/8/4K3 b - - 0 1", "Kd7", English, "e8d7"},
		{"black italian king", "4k3/8/8/8/8/8/8/4K3 b - - 0 1", "Rd7", Italian, "e8d7"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustFEN(t, tt.fen)
			m, err := p.ParseMove(tt.text, tt.lang)
			if err != nil {
				t.Fatalf("ParseMove(%q, %v) error: %v", tt.text, tt.lang, err)
			}
			if got := m.String(); got != tt.want {
				t.Errorf("ParseMove(%q, %v) = %s, want %s", tt.text, tt.lang, got, tt.want)
			}
		})
	}
}

func TestParseMoveErrors(t *testing.T) {
	tests := []struct {
		name    string
		fen     string
		text    string
		lang    Lang
		err     error
		article string
		reason  string // a part of the reason
	}{
		{"not a move", StartFEN, "hello", AnyLang, ErrNotAMove, ArtNotation, "arrival square"},
		{"empty", StartFEN, "", AnyLang, ErrNotAMove, ArtNotation, "empty"},
		{"unknown letter", StartFEN, "Xf3", AnyLang, ErrNotAMove, ArtNotation, "X is not a piece letter"},
		{"off the board", StartFEN, "e9", AnyLang, ErrNotAMove, ArtNotation, "arrival square"},
		{"only files", StartFEN, "ed", AnyLang, ErrNotAMove, ArtNotation, "arrival square"},
		{"italian letter in english", StartFEN, "Cf3", English, ErrLetters, ArtNotation, "C is not a piece letter in English"},
		{"english letter in italian", StartFEN, "Nf3", Italian, ErrLetters, ArtNotation, "N is not a piece letter in Italian"},
		{"english promotion in italian", promoFEN, "a8=Q", Italian, ErrLetters, ArtNotation, "Q is not"},
		{"knight cannot reach", StartFEN, "Nd5", English, ErrIllegalMove, ArtKnight, "reach d5"},
		{"own piece", StartFEN, "Nd2", English, ErrIllegalMove, ArtOwnPiece, "white pawn on d2"},
		{"no jumping", StartFEN, "Bc4", English, ErrIllegalMove, ArtNoJumping, "cannot jump over the white pawn on e2"},
		{"no such piece", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "Nf3", English, ErrIllegalMove, ArtNotation, "White has no knight"},
		{"pawn too far", StartFEN, "e5", English, ErrIllegalMove, ArtPawn, "no white pawn can move to e5"},
		{"pawn blocked", "4k3/8/8/8/4p3/8/4P3/4K3 w - - 0 1", "e4", English, ErrIllegalMove, ArtPawn, "blocks"},
		{"pawn capture of nothing", StartFEN, "exd3", English, ErrIllegalMove, ArtPawnCapture, "nothing to capture on d3"},
		{"pawn capture far file", epFEN, "cxf6", English, ErrIllegalMove, ArtPawnCapture, "next file"},
		{"en passant too late", "4k3/8/8/3pP3/8/8/8/4K3 w - - 0 5", "exd6", English, ErrIllegalMove, ArtEnPassant, "right after"},
		{"promotion missing", promoFEN, "a8", English, ErrIllegalMove, ArtPromotion, "must be promoted"},
		{"promotion to king", promoFEN, "a8=K", English, ErrIllegalMove, ArtPromotion, "not to a king"},
		{"promotion too early", StartFEN, "e4=Q", English, ErrIllegalMove, ArtPromotion, "last rank"},
		{"ambiguous knights", twoKnights, "Nd2", English, ErrAmbiguousMove, ArtDisambiguation, "knights on b1 and f3 can both go to d2"},
		{"ambiguous cavalli", twoKnights, "Cd2", Italian, ErrAmbiguousMove, ArtDisambiguation, "knights on b1 and f3"},
		{"ambiguous queens by file", threeQueens, "Qhe4", English, ErrAmbiguousMove, ArtDisambiguation, "queens on h1 and h4"},
		{"pinned knight", "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "Nc3", English, ErrIllegalMove, ArtCheck, "knight on e2 is pinned by the black rook on e7"},
		{"pinned pawn", "4k3/8/8/b7/8/8/3P4/4K3 w - - 0 1", "d3", English, ErrIllegalMove, ArtCheck, "pawn on d2 is pinned by the black bishop on a5"},
		{"king into check", "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1", "Kf2", English, ErrIllegalMove, ArtCheck, "king would be in check on f2 from the black rook on d2"},
		{"king into check italian", "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1", "Rf2", Italian, ErrIllegalMove, ArtCheck, "king would be in check on f2"},
		{"check not answered", "4k3/8/8/8/1b6/8/8/R3K3 w - - 0 1", "Ra2", English, ErrIllegalMove, ArtCheck, "in check from the black bishop on b4"},
		{"castle without right", "r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", "O-O", English, ErrIllegalMove, ArtCastlingRight, "can no longer castle kingside"},
		{"castle through attack", "r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1", "O-O", English, ErrIllegalMove, ArtCastlingBlock, "cross f1, which the black rook on f2 attacks"},
		{"castle into attack", "r3k2r/8/8/8/8/8/2r5/R3K2R w KQkq - 0 1", "0-0-0", Italian, ErrIllegalMove, ArtCastlingBlock, "land on c1"},
		{"castle out of check", "r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1", "O-O", English, ErrIllegalMove, ArtCastlingBlock, "out of check"},
		{"castle with piece between", "r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1", "O-O-O", English, ErrIllegalMove, ArtCastlingBlock, "white knight on b1 standing between"},
		{"both letter sets legal", "4k3/8/8/8/8/8/8/4K2R w - - 0 1", "Rf1", AnyLang, ErrAmbiguousMove, ArtNotation, "both moves are legal"},
		{"no piece on departure square", StartFEN, "e3e4", AnyLang, ErrIllegalMove, ArtNotation, "no piece on e3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustFEN(t, tt.fen)
			m, err := p.ParseMove(tt.text, tt.lang)
			if err == nil {
				t.Fatalf("ParseMove(%q, %v) = %s, want error %v", tt.text, tt.lang, m, tt.err)
			}
			var me *MoveError
			if !errors.As(err, &me) || !errors.Is(err, tt.err) {
				t.Fatalf("ParseMove(%q, %v) error %v, want %v", tt.text, tt.lang, err, tt.err)
			}
			if me.Article != tt.article || !strings.Contains(me.Reason, tt.reason) {
				t.Errorf("ParseMove(%q, %v) = %q (art. %s), want a reason with %q (art. %s)", tt.text, tt.lang, me.Reason, me.Article, tt.reason, tt.article)
			}
			if en := english.Word(me.Why); en != me.Reason {
				t.Errorf("ParseMove(%q, %v): the phrase of %q is %q in English", tt.text, tt.lang, me.Reason, en)
			}
		})
	}
}

func TestFormatMove(t *testing.T) {
	tests := []struct {
		fen, uci, en, it string
	}{
		{StartFEN, "e2e4", "e4", "e4"},
		{StartFEN, "g1f3", "Nf3", "Cf3"},
		{castleFEN, "e1g1", "O-O", "0-0"},
		{castleFEN, "e1c1", "O-O-O", "0-0-0"},
		{epFEN, "e5f6", "exf6", "exf6"},
		{promoFEN, "a7a8q", "a8=Q", "a8D"},
		{promoFEN, "a7b8n", "axb8=N", "axb8C"},
		{twoKnights, "b1d2", "Nbd2", "Cbd2"},
		{twoRooksFile, "a5a3", "R5a3", "T5a3"},
		{threeQueens, "h1e4", "Qh1e4", "Dh1e4"},
		{threeQueens, "h4e4", "Q4e4", "D4e4"},
		{threeQueens, "e1e4", "Qee4", "Dee4"},
		{rookOrKing, "e1f1", "Kf1", "Rf1"},
		{rookOrKing, "h1h8", "Rh8+", "Th8+"},
		{"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8", "Ra8#", "Ta8#"},
		{"4k3/8/8/b7/8/2N5/8/4K1N1 w - - 0 1", "g1e2", "Ne2", "Ce2"}, // the c3 knight is pinned
	}
	for _, tt := range tests {
		p := mustFEN(t, tt.fen)
		m := mustMove(t, &p, tt.uci)
		if got := p.SAN(m); got != tt.en {
			t.Errorf("SAN(%s) in %s = %q, want %q", tt.uci, tt.fen, got, tt.en)
		}
		if got := p.FormatMove(m, Italian); got != tt.it {
			t.Errorf("FormatMove(%s, Italian) in %s = %q, want %q", tt.uci, tt.fen, got, tt.it)
		}
	}
}

// TestNotationRoundTrip writes every legal move of many positions in each
// notation and reads it back.
func TestNotationRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var fens []string
	for _, c := range readPerftTable(t, "testdata/perft.tsv") {
		fens = append(fens, c.fen)
	}
	for _, fen := range fens {
		p := mustFEN(t, fen)
		for ply := 0; ply < 60; ply++ {
			moves := p.LegalMoves(nil)
			if len(moves) == 0 {
				break
			}
			for _, m := range moves {
				for _, form := range []struct {
					text string
					lang Lang
				}{{p.SAN(m), English}, {p.FormatMove(m, Italian), Italian}, {m.String(), AnyLang}} {
					got, err := p.ParseMove(form.text, form.lang)
					if err != nil || got != m {
						t.Fatalf("%s: ParseMove(%q, %v) = %s, %v; want %s", p.FEN(), form.text, form.lang, got, err, m)
					}
				}
			}
			for _, m := range moves {
				// Without a letter set, R is read by legality: either the
				// right move or an error saying both readings are legal.
				got, err := p.ParseMove(p.SAN(m), AnyLang)
				if err == nil && got != m || err != nil && !errors.Is(err, ErrAmbiguousMove) {
					t.Fatalf("%s: ParseMove(%q, AnyLang) = %s, %v; want %s", p.FEN(), p.SAN(m), got, err, m)
				}
			}
			p.Play(moves[r.IntN(len(moves))])
		}
	}
}

func mustFEN(tb testing.TB, fen string) Position {
	tb.Helper()
	p, err := ParseFEN(fen)
	if err != nil {
		tb.Fatalf("ParseFEN(%q): %v", fen, err)
	}
	return p
}

func mustMove(tb testing.TB, p *Position, uci string) Move {
	tb.Helper()
	for _, m := range p.LegalMoves(nil) {
		if m.String() == uci {
			return m
		}
	}
	tb.Fatalf("%s is not legal in %s", uci, p.FEN())
	return NoMove
}

func TestInLetters(t *testing.T) {
	tests := []struct{ san, it string }{
		{"4.Qxf7#", "4.Dxf7#"},
		{"2...Nf6", "2...Cf6"},
		{"12...O-O", "12...0-0"},
		{"O-O-O+", "0-0-0+"},
		{"e8=Q+", "e8D+"},
		{"Rfe1", "Tfe1"},
		{"Kxh2", "Rxh2"},
		{"Bb5", "Ab5"},
		{"exd6", "exd6"},
		{"0-0", "0-0"},
		{"lone king", "lone king"},
	}
	for _, tt := range tests {
		if got := InLetters(tt.san, Italian); got != tt.it {
			t.Errorf("InLetters(%q, Italian) = %q, want %q", tt.san, got, tt.it)
		}
		if got := InLetters(tt.san, English); got != tt.san {
			t.Errorf("InLetters(%q, English) = %q, want it unchanged", tt.san, got)
		}
	}
}
