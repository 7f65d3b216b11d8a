package desk

import (
	"errors"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/locale"
)

// Real games for the verdicts.
const (
	scholarsMate   = "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#"
	scholarsMateIT = "1. e4 e5 2. Ac4 Cc6 3. Dh5 Cf6 4. Dxf7#"
	// Not mate: no bishop guards the queen on f7, so 3...Kxf7 is legal.
	notMate = "1. e4 e5 2. Qh5 Nc6 3. Qxf7+"
	// The knights go out and back twice: the start position stands for
	// the third time with White to move.
	threefold = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8"
	twice     = "1. Nf3 Nf6 2. Ng1 Ng8"
	// 3.Qxd8+ is a queen jumping over the pawn on d4.
	jump = "1. d4 e5 2. Qd3 exd4 3. Qxd8+ Kxd8"
)

// Final positions as FEN.
const (
	// Fool's mate: White is checkmated.
	foolsMateFEN = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
	stalemateFEN = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"
	// Black has a lone king; White has a rook.
	loneKingFEN = "8/8/8/4k3/8/8/8/R3K3 w - - 0 60"
	fiftyFEN    = "8/8/4k3/8/8/4K3/8/R7 b - - 100 120"
	notFiftyFEN = "8/8/4k3/8/8/4K3/8/R7 b - - 60 120"
)

func TestJudgeClaim(t *testing.T) {
	blitz := arbiter.NewTournament("t")
	blitz.Pace, blitz.LawsEdition = arbiter.Blitz, 2023
	old := blitz
	old.LawsEdition = 2014
	tests := []struct {
		name    string
		t       arbiter.Tournament
		claim   Claim
		moves   string
		fen     string
		want    arbiter.Result
		art     string
		flagged bool
		text    []string // in the English wording
	}{
		{"mate in moves", blitz, Claim{Seat: arbiter.White, Kind: ClaimCheckmate}, scholarsMate, "",
			arbiter.WhiteWins, "art. 5.1.1", false, []string{"the position after 4.Qxf7# is checkmate: 1-0, White wins, art. 5.1.1"}},
		{"mate in Italian letters", blitz, Claim{Seat: arbiter.White, Kind: ClaimCheckmate}, scholarsMateIT, "",
			arbiter.WhiteWins, "art. 5.1.1", false, []string{"is checkmate"}},
		{"mate claimed, not mate", blitz, Claim{Seat: arbiter.White, Kind: ClaimCheckmate}, notMate, "",
			arbiter.NoResult, "art. 5.1.1", true, []string{"the position after 3.Qxf7+ is not checkmate: Black can still play 3...Kxf7", "art. 5.1.1"}},
		{"mate in FEN", blitz, Claim{Seat: arbiter.Black, Kind: ClaimCheckmate}, "", foolsMateFEN,
			arbiter.BlackWins, "art. 5.1.1", false, []string{"the position given is checkmate: 0-1, Black wins"}},
		{"stalemate", blitz, Claim{Seat: arbiter.Black, Kind: ClaimStalemate}, "", stalemateFEN,
			arbiter.Draw, "art. 5.2.1", false, []string{"is stalemate: draw, art. 5.2.1"}},
		{"stalemate claimed, mate", blitz, Claim{Seat: arbiter.White, Kind: ClaimStalemate}, scholarsMate, "",
			arbiter.WhiteWins, "art. 5.1.1", true, []string{"the game had already ended by checkmate"}},
		{"stalemate claimed, moves left", blitz, Claim{Seat: arbiter.White, Kind: ClaimStalemate}, twice, "",
			arbiter.NoResult, "art. 5.2.1", true, []string{"is not stalemate: White can still play"}},
		{"flag, opponent can mate", blitz, Claim{Seat: arbiter.White, Kind: ClaimFlag, Flag: arbiter.Black}, "", loneKingFEN,
			arbiter.WhiteWins, "art. 6.9", false, []string{"Black's flag fell and White can still checkmate: 1-0, White wins, art. 6.9"}},
		{"flag, opponent has a lone king", blitz, Claim{Seat: arbiter.Black, Kind: ClaimFlag, Flag: arbiter.White}, "", loneKingFEN,
			arbiter.Draw, "art. 6.9", false, []string{"White's flag fell, Black has only a king: draw, art. 6.9"}},
		{"flag after mate", blitz, Claim{Seat: arbiter.Black, Kind: ClaimFlag, Flag: arbiter.White}, scholarsMate, "",
			arbiter.WhiteWins, "art. 5.1.1", true, []string{"already ended by checkmate"}},
		{"flag without evidence", blitz, Claim{Seat: arbiter.Black, Kind: ClaimFlag, Flag: arbiter.White}, "", "",
			arbiter.BlackWins, "art. 6.9", false, []string{"not checked"}},
		{"both flags", blitz, Claim{Seat: arbiter.Black, Kind: ClaimFlag, Flag: BothFlags}, "", "",
			arbiter.Draw, "Laws of 2023: no rule for blitz (Guidelines III.2.2), drawn as by the rapidplay rule the Labyrinth regulation adopts", false, []string{"both flags fell"}},
		{"illegal move, 2023 blitz", blitz, Claim{Seat: arbiter.Black, Kind: ClaimIllegal}, jump, "",
			arbiter.NoResult, "art. 7.5.5", false, []string{"move 3 Qxd8+ (White) is illegal", "only a second illegal move loses, art. 7.5.5"}},
		{"illegal move, 2014 blitz", old, Claim{Seat: arbiter.Black, Kind: ClaimIllegal}, jump, "",
			arbiter.BlackWins, "Laws of 2014, art. 7.5 and appendix A.4 (B.4 for blitz)", false, []string{"move 3 Qxd8+ (White) is illegal", "0-1, Black wins"}},
		{"illegal move claimed, none", blitz, Claim{Seat: arbiter.Black, Kind: ClaimIllegal}, scholarsMate, "",
			arbiter.NoResult, "art. 7.5", true, []string{"every move given is legal"}},
		{"illegal move spoils a mate claim", blitz, Claim{Seat: arbiter.White, Kind: ClaimCheckmate}, jump, "",
			arbiter.NoResult, "art. 3.5", true, []string{"the claim cannot be checked: move 3 Qxd8+ (White) is illegal"}},
		{"threefold", blitz, Claim{Seat: arbiter.White, Kind: ClaimThreefold}, threefold, "",
			arbiter.Draw, "art. 9.2", false, []string{"the position after 4...Ng8 has occurred three times with the same player to move (White): draw, art. 9.2"}},
		{"threefold claimed, twice", blitz, Claim{Seat: arbiter.White, Kind: ClaimThreefold}, twice, "",
			arbiter.NoResult, "art. 9.2", true, []string{"the claim is not correct"}},
		{"threefold from a position", blitz, Claim{Seat: arbiter.White, Kind: ClaimThreefold}, "", loneKingFEN,
			arbiter.Draw, "art. 9.2", false, []string{"give the moves"}},
		{"fifty moves by the clock", blitz, Claim{Seat: arbiter.Black, Kind: ClaimFifty}, "", fiftyFEN,
			arbiter.Draw, "art. 9.3", false, []string{"100 half-moves"}},
		{"fifty moves claimed too early", blitz, Claim{Seat: arbiter.Black, Kind: ClaimFifty}, "", notFiftyFEN,
			arbiter.NoResult, "art. 9.3", true, []string{"60 half-moves", "not correct"}},
		{"agreed draw", blitz, Claim{Seat: arbiter.Black, Kind: ClaimAgreement}, twice, "",
			arbiter.Draw, "art. 5.2.3", false, []string{"the moves are legal and the game was still going on (the position after 2...Ng8)"}},
		{"agreed draw after mate", blitz, Claim{Seat: arbiter.Black, Kind: ClaimAgreement}, scholarsMate, "",
			arbiter.WhiteWins, "art. 5.1.1", true, []string{"already ended by checkmate"}},
	}
	en := locale.New(locale.English)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ev, err := ParseEvidence(tt.moves, tt.fen)
			if err != nil {
				t.Fatalf("ParseEvidence: %v", err)
			}
			v := JudgeClaim(tt.t, tt.claim, ev)
			text := en.Word(v.Text)
			if v.Result != tt.want || v.Article != tt.art || v.Flagged != tt.flagged {
				t.Errorf("JudgeClaim = %s %q flagged %v, want %s %q flagged %v (%s)", v.Result, v.Article, v.Flagged, tt.want, tt.art, tt.flagged, text)
			}
			for _, w := range tt.text {
				if !strings.Contains(text, w) {
					t.Errorf("verdict %q does not say %q", text, w)
				}
			}
			if strings.Contains(text, "web.dispute") {
				t.Errorf("verdict %q has a message id left", text)
			}
		})
	}
}

// TestJudgeClaimItalian words verdicts for an Italian tournament: the
// Italian words of the Laws and the Italian piece letters.
func TestJudgeClaimItalian(t *testing.T) {
	tour := arbiter.NewTournament("t")
	tour.Language = "it"
	tests := []struct {
		claim      Claim
		moves, fen string
		want       []string
	}{
		{Claim{Seat: arbiter.White, Kind: ClaimCheckmate}, scholarsMate, "", []string{"la posizione dopo 4.Dxf7# è scacco matto: 1-0, vince il Bianco, art. 5.1.1"}},
		{Claim{Seat: arbiter.White, Kind: ClaimCheckmate}, notMate, "", []string{"non è scacco matto", "3...Rxf7", "art. 5.1.1"}},
		{Claim{Seat: arbiter.Black, Kind: ClaimStalemate}, "", stalemateFEN, []string{"è stallo: patta, art. 5.2.1"}},
		{Claim{Seat: arbiter.Black, Kind: ClaimFlag, Flag: arbiter.White}, "", loneKingFEN, []string{"caduta della bandierina del Bianco, il Nero ha solo il re: patta, art. 6.9"}},
		{Claim{Seat: arbiter.White, Kind: ClaimThreefold}, threefold, "", []string{"tre volte", "patta, art. 9.2"}},
	}
	it := locale.New(locale.Italian)
	for _, tt := range tests {
		ev, err := ParseEvidence(tt.moves, tt.fen)
		if err != nil {
			t.Fatal(err)
		}
		text := it.Word(JudgeClaim(tour, tt.claim, ev).Text)
		for _, w := range tt.want {
			if !strings.Contains(text, w) {
				t.Errorf("%s: verdict %q does not say %q", tt.claim.Kind, text, w)
			}
		}
	}
}

func TestParseEvidenceErrors(t *testing.T) {
	tests := []struct {
		name, moves, fen string
		want             []string
	}{
		{"not a move", "1. e4 e5 2. Nf3 Zz9", "", []string{"move 2", `"Zz9"`}},
		{"bad FEN", "", "8/8/8 w", []string{"8/8/8 w", "cannot be read"}},
		{"two games", "1. e4 e5 1. d4 d5", "", []string{"more than one game"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseEvidence(tt.moves, tt.fen)
			if !errors.Is(err, ErrEvidence) {
				t.Fatalf("ParseEvidence(%q, %q) = %v, want ErrEvidence", tt.moves, tt.fen, err)
			}
			var de *Error
			if !errors.As(err, &de) || de.Kind != ErrInvalid {
				t.Errorf("error %v is not an invalid input", err)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not say %q", err, w)
				}
			}
		})
	}
}

// FuzzParseEvidence: whatever is typed, reading and judging it never
// panics, and evidence that reads is judged for every claim kind.
func FuzzParseEvidence(f *testing.F) {
	for _, s := range []string{scholarsMate, scholarsMateIT, notMate, threefold, jump, "1. e4 {x} (1. d4) e5 *", "", "1."} {
		f.Add(s, "")
	}
	for _, s := range []string{foolsMateFEN, stalemateFEN, loneKingFEN, fiftyFEN, "8/8/8/8/8/8/8/8 w - - 0 1"} {
		f.Add("", s)
	}
	tour := arbiter.NewTournament("t")
	f.Fuzz(func(t *testing.T, moves, fen string) {
		ev, err := ParseEvidence(moves, fen)
		if err != nil {
			if !errors.Is(err, ErrEvidence) {
				t.Fatalf("ParseEvidence error %v does not wrap ErrEvidence", err)
			}
			return
		}
		for _, k := range ClaimKinds() {
			c := Claim{Seat: arbiter.White, Kind: k}
			if k == ClaimFlag {
				c.Flag = arbiter.Black
			}
			v := JudgeClaim(tour, c, ev)
			if v.Text.IsZero() {
				t.Fatalf("claim %s on %q/%q: empty verdict", k, moves, fen)
			}
		}
	})
}

