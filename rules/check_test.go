package rules

import (
	"errors"
	"io"
	"strings"
	"testing"
)

// italianGame is the game of the Laws' notation appendix as an Italian
// player writes it, continued: captures with : and x, castling 0-0.
const italianGame = `1.d4 Cf6 2.c4 e6 3.Cc3 Ab4 4.Ad2 0-0 5.e4 d5 6.e5 Ce4 7.C:e4 d:e4
8.A:b4 Cc6 9.Ac3 b6 10.Ce2 Aa6 11.Cg3 f6 12.e:f6 D:f6 13.C:e4 Df4 14.Dd3 Tad8
15.Cg3 Cxd4 16.Axd4 Txd4 17.Dxd4 Dc1+ 18.Re2 Te8 19.Rf3 Dxb2 20.Ad3 D:a1
21.T:a1 c5 22.Dd7 Tf8+ 23.Re2 Ac8 24.De7 Tf7 25.De8+ Tf8 26.Dxc8 Txc8
27.Ah7+ Rxh7 28.Tf1 0-1`

// italianGameSAN is the same game in PGN's SAN.
const italianGameSAN = "d4 Nf6 c4 e6 Nc3 Bb4 Bd2 O-O e4 d5 e5 Ne4 Nxe4 dxe4 Bxb4 Nc6 Bc3 b6 Ne2 Ba6 Ng3 f6 exf6 Qxf6 Nxe4 Qf4 Qd3 Rad8 Ng3 Nxd4 Bxd4 Rxd4 Qxd4 Qc1+ Ke2 Re8 Kf3 Qxb2 Bd3 Qxa1 Rxa1 c5 Qd7 Rf8+ Ke2 Bc8 Qe7 Rf7 Qe8+ Rf8 Qxc8 Rxc8 Bxh7+ Kxh7 Rf1"

func readOne(tb testing.TB, pgn string) *Game {
	tb.Helper()
	g, err := NewReader(strings.NewReader(pgn)).Read()
	if err != nil {
		tb.Fatalf("Read(%q): %v", pgn, err)
	}
	return g
}

func sanLine(start Position, moves []Move) string {
	var s []string
	for _, m := range moves {
		s = append(s, start.SAN(m))
		start.Play(m)
	}
	return strings.Join(s, " ")
}

func TestCheckItalianGame(t *testing.T) {
	for _, lang := range []Lang{AnyLang, Italian} {
		v := Check(readOne(t, italianGame), Options{Lang: lang})
		if !v.Legal() {
			t.Fatalf("Check(lang %v): %v", lang, v.Illegal)
		}
		if v.Lang != Italian {
			t.Errorf("Check(lang %v).Lang = %v, want it", lang, v.Lang)
		}
		if got := sanLine(v.Start, v.Moves); got != italianGameSAN {
			t.Errorf("Check(lang %v) moves = %q, want %q", lang, got, italianGameSAN)
		}
		if v.Status != Ongoing || !v.ResultConsistent || v.Result != "0-1" {
			t.Errorf("Check(lang %v) = %v, %v %v (%s)", lang, v.Status, v.Result, v.ResultConsistent, v.ResultNote)
		}
	}
	// Read as English, the first Italian letter is the problem.
	v := Check(readOne(t, italianGame), Options{Lang: English})
	if v.Illegal == nil || v.Illegal.Ply != 2 || !errors.Is(v.Illegal, ErrLetters) {
		t.Errorf("Check(English) illegal = %v, want the letter C at ply 2", v.Illegal)
	}
}

func TestCheckVerdicts(t *testing.T) {
	tests := []struct {
		name       string
		pgn        string
		opts       Options
		status     Status
		endPly     int
		illegal    string // IllegalMove.Move(), "" if legal
		article    string // article of the illegal move, or of the status
		consistent bool
		note       string // a part of ResultNote (or of the illegal reason)
		claims     string // claims, joined with commas
	}{
		{
			name:   "checkmate, right result",
			pgn:    "1.f3 e5 2.g4 Qh4# 0-1",
			status: Checkmate, endPly: 4, article: ArtCheckmate, consistent: true, note: "Black checkmated White",
		},
		{
			name:   "checkmate, wrong result",
			pgn:    `[Result "1-0"] 1.f3 e5 2.g4 Qh4# 1-0`,
			status: Checkmate, endPly: 4, article: ArtCheckmate, consistent: false, note: "White is checkmated after 2...Qh4#: the result is 0-1",
		},
		{
			name:   "checkmate in Italian",
			pgn:    "1.e4 e5 2.Ac4 Cc6 3.Dh5 Cf6 4.D:f7# 1-0",
			status: Checkmate, endPly: 7, article: ArtCheckmate, consistent: true,
		},
		{
			name:   "stalemate, decisive result",
			pgn:    "1.e3 a5 2.Qh5 Ra6 3.Qxa5 h5 4.h4 Rah6 5.Qxc7 f6 6.Qxd7+ Kf7 7.Qxb7 Qd3 8.Qxb8 Qh7 9.Qxc8 Kg6 10.Qe6 1-0",
			status: Stalemate, endPly: 19, article: ArtStalemate, consistent: false, note: "stalemate after 10.Qe6",
		},
		{
			name:   "stalemate, draw",
			pgn:    "1.e3 a5 2.Qh5 Ra6 3.Qxa5 h5 4.h4 Rah6 5.Qxc7 f6 6.Qxd7+ Kf7 7.Qxb7 Qd3 8.Qxb8 Qh7 9.Qxc8 Kg6 10.Qe6 1/2-1/2",
			status: Stalemate, endPly: 19, article: ArtStalemate, consistent: true,
		},
		{
			name:    "move after stalemate",
			pgn:     "1.e3 a5 2.Qh5 Ra6 3.Qxa5 h5 4.h4 Rah6 5.Qxc7 f6 6.Qxd7+ Kf7 7.Qxb7 Qd3 8.Qxb8 Qh7 9.Qxc8 Kg6 10.Qe6 Kh7 1/2-1/2",
			illegal: "10...Kh7", article: ArtStalemate, note: "no move can follow",
		},
		{
			name:   "dead position by capture, then more moves",
			pgn:    `[FEN "4k3/8/8/8/8/8/3r4/3BK3 w - - 0 1"] 1.Kxd2 Kd7 2.Bg4+ Ke7 1-0`,
			status: DeadPosition, endPly: 1, article: ArtDeadPosition, consistent: false, note: "the moves after it do not count",
		},
		{
			name:   "dead position, draw",
			pgn:    `[FEN "4k3/8/8/8/8/8/3r4/3BK3 w - - 0 1"] 1.Kxd2 1/2-1/2`,
			status: DeadPosition, endPly: 1, article: ArtDeadPosition, consistent: true,
		},
		{
			name:   "dead by a forced capture",
			pgn:    `[FEN "7K/8/8/8/8/8/8/k7 w - - 0 1"][SetUp "1"] 1.Kg8 1/2-1/2`,
			status: DeadPosition, endPly: 0, article: ArtDeadPosition, consistent: true,
		},
		{
			name:   "fivefold repetition",
			pgn:    "1.Nf3 Nf6 2.Ng1 Ng8 3.Nf3 Nf6 4.Ng1 Ng8 5.Nf3 Nf6 6.Ng1 Ng8 7.Nf3 Nf6 8.Ng1 Ng8 9.e4 1/2-1/2",
			status: Fivefold, endPly: 16, article: ArtFivefold, consistent: true, note: "fivefold repetition",
		},
		{
			name:   "threefold claimable",
			pgn:    "1.Nf3 Nf6 2.Ng1 Ng8 3.Nf3 Nf6 4.Ng1 Ng8 1/2-1/2",
			status: Ongoing, consistent: true, note: "White could claim threefold repetition", claims: "threefold",
		},
		{
			name:   "threefold by declaring a move",
			pgn:    "1.Nf3 Nf6 2.Ng1 Ng8 3.Nf3 Nf6 4.Ng1 1/2-1/2",
			status: Ongoing, consistent: true, note: "by declaring Ng8", claims: "threefold with Ng8",
		},
		{
			name:   "en passant matters to repetition",
			pgn:    `[FEN "4k3/8/8/8/3p4/8/4P3/4K1N1 w - - 0 1"] 1.e4 Kd7 2.Nf3 Kd8 3.Ng1 Ke8 4.Nf3 Kd7 5.Ng1 Kd8 6.Nf3 Ke8 7.Ng1 *`,
			status: Ongoing, consistent: true, claims: "",
		},
		{
			name:   "fifty moves claimable",
			pgn:    `[FEN "4k3/4p3/8/8/8/8/8/4K1N1 w - - 100 80"] 1/2-1/2`,
			status: Ongoing, consistent: true, claims: "fifty_moves",
		},
		{
			name:   "fifty moves by declaring a move",
			pgn:    `[FEN "4k3/4p3/8/8/8/8/8/4KN2 w - - 99 80"] *`,
			status: Ongoing, consistent: true, claims: "fifty_moves with Kd1",
		},
		{
			name:   "seventy-five moves",
			pgn:    `[FEN "4k3/4p3/8/8/8/8/8/4KN2 w - - 149 80"] 1.Nd2 Kd8 1/2-1/2`,
			status: SeventyFive, endPly: 1, article: ArtSeventyFive, consistent: true,
		},
		{
			name:   "mate on the 75th move stands",
			pgn:    `[FEN "6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 80"] 1.Ra8# 1-0`,
			status: Checkmate, endPly: 1, article: ArtCheckmate, consistent: true,
		},
		{
			name:    "illegal king move",
			pgn:     "1.e4 e5 2.Ke3 1-0",
			illegal: "2.Ke3", article: ArtKing, note: "cannot reach e3",
		},
		{
			name:    "moving into check",
			pgn:     "1.e4 e5 2.Ke2 Bc5 3.Ke3 0-1",
			illegal: "3.Ke3", article: ArtCheck, note: "king would be in check on e3 from the black bishop on c5",
		},
		{
			name:    "castling through check",
			pgn:     `[FEN "r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1"] 1.O-O *`,
			illegal: "1.O-O", article: ArtCastlingBlock, note: "cross f1, which the black rook on f2 attacks",
		},
		{
			name:    "castling into check",
			pgn:     "1.e4 e5 2.f4 Bc5 3.Nf3 d6 4.Be2 Nf6 5.O-O *",
			illegal: "5.O-O", article: ArtCastlingBlock, note: "land on g1, which the black bishop on c5 attacks",
		},
		{
			name:    "castling after the king moved",
			pgn:     "1.e4 e5 2.Nf3 Nf6 3.Be2 Be7 4.Kf1 O-O 5.Ke1 d6 6.O-O *",
			illegal: "6.O-O", article: ArtCastlingRight, note: "can no longer castle kingside",
		},
		{
			name:    "castling out of check",
			pgn:     "1.e4 e5 2.Nf3 Nc6 3.Bc4 Bc5 4.Nxe5 Bxf2+ 5.O-O *",
			illegal: "5.O-O", article: ArtCastlingBlock, note: "out of check",
		},
		{
			name:    "one knight left to go",
			pgn:     "1.Nf3 d5 2.Nc3 e5 3.Nd4 exd4 4.Nd5 *",
			illegal: "", status: Ongoing, consistent: true,
		},
		{
			name:    "ambiguous knights",
			pgn:     "1.Nf3 d5 2.Nc3 e5 3.Nb5 e4 4.Nd4 *",
			illegal: "4.Nd4", article: ArtDisambiguation, note: "knights on b5 and f3 can both go to d4",
		},
		{
			name:    "letter sets mixed",
			pgn:     "1.e4 e5 2.Nf3 Cc6 *",
			illegal: "2...Cc6", article: ArtNotation, note: "C is not a piece letter in English",
		},
		{
			name:    "not a move",
			pgn:     "1.e4 e5 2.Xf3 *",
			illegal: "2.Xf3", article: ArtNotation, note: "X is not a piece letter",
		},
		{
			name:   "win on time with mating material",
			pgn:    `[FEN "4k3/4p3/8/8/8/8/8/4KN2 w - - 0 1"][Termination "time forfeit"] 1.Nd2 Kd7 1-0`,
			status: Ongoing, consistent: true, note: "lost on time and White can still checkmate",
		},
		{
			name:   "win on time without mating material",
			pgn:    `[FEN "4k3/8/8/8/2n5/8/8/3QK3 w - - 0 1"][Termination "time forfeit"] 1.Qd2 Kf7 0-1`,
			status: Ongoing, consistent: false, note: "White lost on time but Black cannot checkmate by any legal sequence (a knight cannot mate a king whose only other pieces are queens): the game is drawn (art. 6.9)",
		},
		{
			name:   "win on time given as an option",
			pgn:    `[FEN "4k3/q7/8/8/8/8/8/4KN2 w - - 0 1"] 1.Nd2 Kd7 1-0`,
			opts:   Options{TimeForfeit: true},
			status: Ongoing, consistent: false, note: "White cannot checkmate by any legal sequence (a knight cannot mate a king whose only other pieces are queens)",
		},
		{
			name:   "resignation with no mating material",
			pgn:    `[FEN "4k3/q7/8/8/8/8/8/4KN2 w - - 0 1"] 1.Nd2 Kd7 1-0`,
			status: Ongoing, consistent: true, note: "plausible only as a resignation",
		},
		{
			name:   "draw on time when the opponent cannot mate",
			pgn:    `[FEN "4k3/q7/8/8/8/8/8/4KN2 w - - 0 1"][Termination "time forfeit"] 1.Nd2 Kd7 1/2-1/2`,
			status: Ongoing, consistent: true, note: "the opponent cannot checkmate: drawn",
		},
		{
			name:   "result tag and marker differ",
			pgn:    `[Result "1-0"] 1.e4 e5 0-1`,
			status: Ongoing, consistent: false, note: "the Result tag says 1-0 but the moves end with 0-1",
		},
		{
			name:   "result given as an option",
			pgn:    "1.f3 e5 2.g4 Qh4# *",
			opts:   Options{Result: "1-0"},
			status: Checkmate, endPly: 4, article: ArtCheckmate, consistent: false,
		},
		{
			name:   "unfinished",
			pgn:    "1.e4 e5 *",
			status: Ongoing, consistent: true, note: "unfinished",
		},
		{
			name:   "letter set by legality: Italian king",
			pgn:    "1.e4 e5 2.Re2 Re7 *",
			status: Ongoing, consistent: true,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := Check(readOne(t, tt.pgn), tt.opts)
			if v.Err != nil {
				t.Fatalf("Check: %v", v.Err)
			}
			if tt.illegal != "" {
				if v.Illegal == nil {
					t.Fatalf("Check found every move legal, want %s illegal", tt.illegal)
				}
				if got := v.Illegal.Move(); got != tt.illegal || v.Illegal.Article != tt.article || !strings.Contains(v.Illegal.Reason, tt.note) {
					t.Errorf("Check illegal = %s %q (art. %s), want %s with %q (art. %s)", got, v.Illegal.Reason, v.Illegal.Article, tt.illegal, tt.note, tt.article)
				}
				if v.ResultConsistent {
					t.Errorf("Check of an illegal game says the result is consistent")
				}
				return
			}
			if v.Illegal != nil {
				t.Fatalf("Check: %v", v.Illegal)
			}
			if v.Status != tt.status || v.Status != Ongoing && (v.EndPly != tt.endPly || v.Status.Article() != tt.article) {
				t.Errorf("Check status = %v at ply %d (art. %s), want %v at ply %d (art. %s)", v.Status, v.EndPly, v.Status.Article(), tt.status, tt.endPly, tt.article)
			}
			if v.ResultConsistent != tt.consistent || !strings.Contains(v.ResultNote, tt.note) {
				t.Errorf("Check result consistent = %v %q, want %v with %q", v.ResultConsistent, v.ResultNote, tt.consistent, tt.note)
			}
			// The phrase, where there is one, says the note in English
			// as ResultNote does.
			if !v.ResultText.IsZero() {
				if en := english.Word(v.ResultText); en != v.ResultNote {
					t.Errorf("the phrase of %q is %q in English", v.ResultNote, en)
				}
			}
			var claims []string
			for _, c := range v.Claims {
				claims = append(claims, c.String())
			}
			if got := strings.Join(claims, ","); got != tt.claims {
				t.Errorf("Check claims = %q, want %q", got, tt.claims)
			}
		})
	}
}

func TestCheckLetterSetByLegality(t *testing.T) {
	tests := []struct {
		pgn  string
		lang Lang
		note string
	}{
		{"1.e4 e5 2.Re2 *", Italian, "legal only in Italian"},         // no rook can reach e2
		{"1.h4 h5 2.Rh3 *", English, "legal only in English"},         // no king can reach h3
		{"1.e4 e5 2.h4 h5 3.Rh3 *", English, "legal only in English"}, // Rh3 in English, the king cannot
		{"1.e4 e5 *", English, ""},                                    // no piece letters at all
	}
	for _, tt := range tests {
		v := Check(readOne(t, tt.pgn), Options{})
		if !v.Legal() || v.Lang != tt.lang || !strings.Contains(v.LangNote, tt.note) {
			t.Errorf("Check(%q) = legal %v, lang %v %q; want %v %q", tt.pgn, v.Legal(), v.Lang, v.LangNote, tt.lang, tt.note)
		}
	}
}

func TestCheckBadFEN(t *testing.T) {
	v := Check(readOne(t, `[FEN "8/8/8/8/8/8/8/8 w - - 0 1"] *`), Options{})
	if v.Err == nil || !errors.Is(v.Err, ErrFEN) || v.Legal() {
		t.Errorf("Check with a bad FEN: Err = %v, legal %v", v.Err, v.Legal())
	}
}

func TestNormalize(t *testing.T) {
	g := readOne(t, "1.e4! e5 2.Cf3!? (2.Ac4 Cc6) Cc6 3.Ab5 a6 4.A:c6 d:c6 5.0-0 Ad6 *")
	if err := Normalize(g, Options{}, English); err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := NewWriter(&b).Write(g); err != nil {
		t.Fatal(err)
	}
	want := "1. e4 $1 e5 2. Nf3 $5 (2. Bc4 Nc6) 2... Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O Bd6 *"
	if got := b.String(); !strings.Contains(got, want) {
		t.Errorf("Normalize then Write = %q, want movetext %q", got, want)
	}
	g = readOne(t, "1.e4 e5 2.Ke3 *")
	err := Normalize(g, Options{}, English)
	var im *IllegalMove
	if !errors.As(err, &im) || im.Move() != "2.Ke3" {
		t.Errorf("Normalize of an illegal game = %v, want 2.Ke3 illegal", err)
	}
	_ = io.EOF
}
