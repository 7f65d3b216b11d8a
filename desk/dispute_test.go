package desk

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/labyrinth-chess/arbiter/store"
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
	std2009 := arbiter.NewTournament("t")
	std2009.Pace, std2009.LawsEdition = arbiter.Standard, 2009
	tests := []struct {
		name    string
		t       arbiter.Tournament
		claim   arbiter.Claim
		moves   string
		fen     string
		want    arbiter.Result
		art     string
		flagged bool
		text    []string // in the English wording
	}{
		{"mate in moves", blitz, arbiter.Claim{Seat: arbiter.White, Kind: arbiter.ClaimCheckmate}, scholarsMate, "",
			arbiter.WhiteWins, "art. 5.1.1", false, []string{"the position after 4.Qxf7# is checkmate: 1-0, White wins, art. 5.1.1"}},
		{"mate in Italian letters", blitz, arbiter.Claim{Seat: arbiter.White, Kind: arbiter.ClaimCheckmate}, scholarsMateIT, "",
			arbiter.WhiteWins, "art. 5.1.1", false, []string{"is checkmate"}},
		{"mate claimed, not mate", blitz, arbiter.Claim{Seat: arbiter.White, Kind: arbiter.ClaimCheckmate}, notMate, "",
			arbiter.NoResult, "art. 5.1.1", true, []string{"the position after 3.Qxf7+ is not checkmate: Black can still play 3...Kxf7", "art. 5.1.1"}},
		{"moves and another position", blitz, arbiter.Claim{Seat: arbiter.White, Kind: arbiter.ClaimCheckmate}, scholarsMate, stalemateFEN,
			arbiter.WhiteWins, "art. 5.1.1", false, []string{"is checkmate: 1-0, White wins, art. 5.1.1; the position typed is not the one the moves reach: the moves count"}},
		{"mate in FEN", blitz, arbiter.Claim{Seat: arbiter.Black, Kind: arbiter.ClaimCheckmate}, "", foolsMateFEN,
			arbiter.BlackWins, "art. 5.1.1", false, []string{"the position given is checkmate: 0-1, Black wins"}},
		{"stalemate", blitz, arbiter.Claim{Seat: arbiter.Black, Kind: arbiter.ClaimStalemate}, "", stalemateFEN,
			arbiter.Draw, "art. 5.2.1", false, []string{"is stalemate: draw, art. 5.2.1"}},
		{"stalemate claimed, mate", blitz, arbiter.Claim{Seat: arbiter.White, Kind: arbiter.ClaimStalemate}, scholarsMate, "",
			arbiter.WhiteWins, "art. 5.1.1", true, []string{"the game had already ended by checkmate"}},
		{"stalemate claimed, moves left", blitz, arbiter.Claim{Seat: arbiter.White, Kind: arbiter.ClaimStalemate}, twice, "",
			arbiter.NoResult, "art. 5.2.1", true, []string{"is not stalemate: White can still play"}},
		{"flag, opponent can mate", blitz, arbiter.Claim{Seat: arbiter.White, Kind: arbiter.ClaimFlag, Flag: arbiter.Black}, "", loneKingFEN,
			arbiter.WhiteWins, "art. 6.9", false, []string{"Black's flag fell and White can still checkmate: 1-0, White wins, art. 6.9"}},
		{"flag, opponent has a lone king", blitz, arbiter.Claim{Seat: arbiter.Black, Kind: arbiter.ClaimFlag, Flag: arbiter.White}, "", loneKingFEN,
			arbiter.Draw, "art. 6.9", false, []string{"White's flag fell, Black has only a king: draw, art. 6.9"}},
		{"flag after mate", blitz, arbiter.Claim{Seat: arbiter.Black, Kind: arbiter.ClaimFlag, Flag: arbiter.White}, scholarsMate, "",
			arbiter.WhiteWins, "art. 5.1.1", true, []string{"already ended by checkmate"}},
		{"flag without evidence", blitz, arbiter.Claim{Seat: arbiter.Black, Kind: arbiter.ClaimFlag, Flag: arbiter.White}, "", "",
			arbiter.BlackWins, "art. 6.9", false, []string{"not checked"}},
		{"both flags", blitz, arbiter.Claim{Seat: arbiter.Black, Kind: arbiter.ClaimFlag, Flag: arbiter.BothFlags}, "", "",
			arbiter.Draw, "Laws of 2023: no rule for blitz (Guidelines III.2.2), drawn as by the rapidplay rule the Labyrinth regulation adopts", false, []string{"both flags fell"}},
		{"illegal move, 2023 blitz", blitz, arbiter.Claim{Seat: arbiter.Black, Kind: arbiter.ClaimIllegal}, jump, "",
			arbiter.NoResult, "art. 7.5.5", false, []string{"move 3 Qxd8+ (White) is illegal", "only a second illegal move loses, art. 7.5.5"}},
		{"illegal move, 2014 blitz", old, arbiter.Claim{Seat: arbiter.Black, Kind: arbiter.ClaimIllegal}, "1. d4 e5 2. Qd3 exd4 3. Qxd8+", "",
			arbiter.BlackWins, "Laws of 2014, art. 7.5 and appendix A.4 (B.4 for blitz)", false, []string{"move 3 Qxd8+ (White) is illegal", "0-1, Black wins"}},
		{"illegal move, 2014 blitz, played on", old, arbiter.Claim{Seat: arbiter.Black, Kind: arbiter.ClaimIllegal}, "1. e4 e5 2. Ke2 Bc5 3. Ke3 Bxe3", "",
			arbiter.NoResult, "Laws of 2014, art. 7.5 and appendix A.4 (B.4 for blitz)", true, []string{"move 3 Ke3 (White) is illegal", "Black did not claim it before moving and it stands"}},
		{"illegal move, 2009 standard", std2009, arbiter.Claim{Seat: arbiter.Black, Kind: arbiter.ClaimIllegal}, jump, "",
			arbiter.NoResult, "Laws of 2009, art. 7.4", false, []string{"move 3 Qxd8+ (White) is illegal", "the position before it is restored and Black gets extra time, Laws of 2009, art. 7.4"}},
		{"illegal move claimed, none", blitz, arbiter.Claim{Seat: arbiter.Black, Kind: arbiter.ClaimIllegal}, scholarsMate, "",
			arbiter.NoResult, "art. 7.5", true, []string{"every move given is legal"}},
		{"illegal move spoils a mate claim", blitz, arbiter.Claim{Seat: arbiter.White, Kind: arbiter.ClaimCheckmate}, jump, "",
			arbiter.NoResult, "art. 3.5", true, []string{"the claim cannot be checked: move 3 Qxd8+ (White) is illegal"}},
		{"threefold", blitz, arbiter.Claim{Seat: arbiter.White, Kind: arbiter.ClaimThreefold}, threefold, "",
			arbiter.Draw, "art. 9.2", false, []string{"the position after 4...Ng8 has occurred three times with the same player to move (White): draw, art. 9.2"}},
		{"threefold claimed by the player who made the last move", blitz, arbiter.Claim{Seat: arbiter.Black, Kind: arbiter.ClaimThreefold}, threefold, "",
			arbiter.Draw, "art. 9.2.1.1", false, []string{"draw, art. 9.2.1.1, if Black, who made the last move, wrote it down and declared the claim before making it"}},
		{"threefold by declaring a move", blitz, arbiter.Claim{Seat: arbiter.Black, Kind: arbiter.ClaimThreefold}, "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1", "",
			arbiter.Draw, "art. 9.2.1.1", false, []string{"Black declares 4...Ng8, after which the position occurs for the third time"}},
		{"threefold by declaring the opponent's move", blitz, arbiter.Claim{Seat: arbiter.White, Kind: arbiter.ClaimThreefold}, "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1", "",
			arbiter.NoResult, "art. 9.2", true, []string{"the claim is not correct"}},
		{"threefold claimed, twice", blitz, arbiter.Claim{Seat: arbiter.White, Kind: arbiter.ClaimThreefold}, twice, "",
			arbiter.NoResult, "art. 9.2", true, []string{"the claim is not correct"}},
		{"threefold from a position", blitz, arbiter.Claim{Seat: arbiter.White, Kind: arbiter.ClaimThreefold}, "", loneKingFEN,
			arbiter.Draw, "art. 9.2", false, []string{"give the moves"}},
		{"fifty moves by the clock", blitz, arbiter.Claim{Seat: arbiter.Black, Kind: arbiter.ClaimFifty}, "", fiftyFEN,
			arbiter.Draw, "art. 9.3", false, []string{"100 half-moves"}},
		{"fifty moves claimed too early", blitz, arbiter.Claim{Seat: arbiter.Black, Kind: arbiter.ClaimFifty}, "", notFiftyFEN,
			arbiter.NoResult, "art. 9.3", true, []string{"60 half-moves", "not correct"}},
		{"agreed draw", blitz, arbiter.Claim{Seat: arbiter.Black, Kind: arbiter.ClaimAgreement}, twice, "",
			arbiter.Draw, "art. 5.2.3", false, []string{"the moves are legal and the game was still going on (the position after 2...Ng8)"}},
		{"agreed draw after mate", blitz, arbiter.Claim{Seat: arbiter.Black, Kind: arbiter.ClaimAgreement}, scholarsMate, "",
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
		claim      arbiter.Claim
		moves, fen string
		want       []string
	}{
		{arbiter.Claim{Seat: arbiter.White, Kind: arbiter.ClaimCheckmate}, scholarsMate, "", []string{"la posizione dopo 4.Dxf7# è scacco matto: 1-0, vince il Bianco, art. 5.1.1"}},
		{arbiter.Claim{Seat: arbiter.White, Kind: arbiter.ClaimCheckmate}, notMate, "", []string{"non è scacco matto", "3...Rxf7", "art. 5.1.1"}},
		{arbiter.Claim{Seat: arbiter.Black, Kind: arbiter.ClaimStalemate}, "", stalemateFEN, []string{"è stallo: patta, art. 5.2.1"}},
		{arbiter.Claim{Seat: arbiter.Black, Kind: arbiter.ClaimFlag, Flag: arbiter.White}, "", loneKingFEN, []string{"caduta della bandierina del Bianco, il Nero ha solo il re: patta, art. 6.9"}},
		{arbiter.Claim{Seat: arbiter.White, Kind: arbiter.ClaimThreefold}, threefold, "", []string{"tre volte", "patta, art. 9.2"}},
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
			// A refusal that carries a phrase says in English what
			// its message says.
			if de != nil && !de.Phrase().IsZero() {
				if en := locale.New(locale.English).Word(de.Phrase()); en != de.Msg {
					t.Errorf("the phrase of %q is %q in English", de.Msg, en)
				}
			}
		})
	}
	// The move that is no move, in Italian.
	_, err := ParseEvidence("1. e4 e5 2. Cf3 Zz9", "")
	var de *Error
	want := `mossa 2: "Zz9" non è una mossa: manca la casa di arrivo`
	if !errors.As(err, &de) || locale.New(locale.Italian).Word(de.Phrase()) != want {
		t.Errorf("ParseEvidence: %v, want in Italian %q", err, want)
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
		for _, k := range arbiter.ClaimKinds() {
			c := arbiter.Claim{Seat: arbiter.White, Kind: k}
			if k == arbiter.ClaimFlag {
				c.Flag = arbiter.Black
			}
			v := JudgeClaim(tour, c, ev)
			if v.Text.IsZero() {
				t.Fatalf("claim %s on %q/%q: empty verdict", k, moves, fen)
			}
		}
	})
}

// disputed opens a tournament of four with round 1 published and board 1
// disputed: White reported 1-0, Black answered ½-½.
func disputed(t *testing.T, laws int, pace arbiter.Pace, lang string) (context.Context, *Desk, *Evening, arbiter.BoardCode) {
	t.Helper()
	ctx := WithActor(context.Background(), "Marta")
	d := mustOpen(t)
	tour := arbiter.NewTournament("Club")
	tour.FirstColour, tour.LawsEdition, tour.Pace, tour.Language = arbiter.White, laws, pace, lang
	tour, err := d.CreateTournament(ctx, tour)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 4 {
		if _, err := d.AddEntry(ctx, tour.ID, arbiter.Player{Name: names[i], Rating: 2000 - 10*i}, AddOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	mustPair(t, ctx, d)
	if _, _, err := d.Publish(WithActor(ctx, "Marta"), tour.ID, 0); err != nil {
		t.Fatal(err)
	}
	ev := d.Evening(tour.ID, 10*time.Minute)
	codes, err := d.BoardCodes(ctx, tour.ID, 1)
	if err != nil {
		t.Fatal(err)
	}
	c := codes[1]
	if _, err := ev.Report(WithOrigin(ctx, arbiter.Origin{Who: "white"}), c.Token, arbiter.Proof{PIN: c.WhitePIN}, arbiter.WhiteWins); err != nil {
		t.Fatal(err)
	}
	if _, err := ev.Confirm(WithOrigin(ctx, arbiter.Origin{Who: "black"}), c.Token, arbiter.Proof{PIN: c.BlackPIN}, arbiter.Draw); err != nil {
		t.Fatal(err)
	}
	if c, err = ev.Board(ctx, c.Token); err != nil || c.Report == nil || c.Report.Status != arbiter.Disputed {
		t.Fatalf("board 1 = %+v, %v, want a dispute", c.Report, err)
	}
	return ctx, d, ev, c
}

// TestDisputeByClaim takes a dispute per claim kind from the players'
// claims to the ruling: the verdict the organizer sees is the rules
// core's with the article, and the ruling is kept for the players.
func TestDisputeByClaim(t *testing.T) {
	tests := []struct {
		name      string
		white     arbiter.ClaimInput // White's claim (PIN filled in)
		black     *arbiter.ClaimInput
		verdict   string // White's verdict, in English
		flagged   bool
		suggested arbiter.Result
		rule      arbiter.Result
		ruling    string
	}{
		{"checkmate", arbiter.ClaimInput{Kind: arbiter.ClaimCheckmate, Moves: scholarsMateIT}, &arbiter.ClaimInput{Kind: arbiter.ClaimAgreement, Moves: "1. e4 e5"},
			"the position after 4.Qxf7# is checkmate: 1-0, White wins, art. 5.1.1", false, arbiter.NoResult, arbiter.WhiteWins,
			"The arbiter ruled 1-0: checkmate, art. 5.1.1"},
		{"checkmate claimed, not mate", arbiter.ClaimInput{Kind: arbiter.ClaimCheckmate, Moves: notMate}, nil,
			"the position after 3.Qxf7+ is not checkmate: Black can still play 3...Kxf7, art. 5.1.1", true, arbiter.NoResult, arbiter.Draw,
			"The arbiter ruled ½-½."},
		{"stalemate", arbiter.ClaimInput{Kind: arbiter.ClaimStalemate, FEN: stalemateFEN}, nil,
			"the position given is stalemate: draw, art. 5.2.1", false, arbiter.Draw, arbiter.Draw,
			"The arbiter ruled ½-½: stalemate, art. 5.2.1"},
		{"flag fall, lone king", arbiter.ClaimInput{Kind: arbiter.ClaimFlag, Flag: arbiter.Black, FEN: "r7/8/8/4k3/8/8/8/6K1 b - - 0 60"}, nil,
			"Black's flag fell, White has only a king: draw, art. 6.9", false, arbiter.Draw, arbiter.Draw,
			"The arbiter ruled ½-½: flag fall, art. 6.9"},
		{"illegal move", arbiter.ClaimInput{Kind: arbiter.ClaimIllegal, Moves: "1. e4 e5 2. Ke2 Bc5 3. Ke3"}, nil,
			"move 3 Ke3 (White) is illegal: the king would be in check on e3 from the black bishop on c5, art. 3.9; the position before it is restored and Black gets extra time, only a second illegal move loses, art. 7.5.5", false, arbiter.NoResult, arbiter.WhiteWins,
			"The arbiter ruled 1-0."},
		{"threefold", arbiter.ClaimInput{Kind: arbiter.ClaimThreefold, Moves: threefold}, nil,
			"has occurred three times with the same player to move (White): draw, art. 9.2", false, arbiter.Draw, arbiter.Draw,
			"The arbiter ruled ½-½: threefold repetition, art. 9.2"},
		{"fifty moves", arbiter.ClaimInput{Kind: arbiter.ClaimFifty, FEN: fiftyFEN}, nil,
			"the position given counts 100 half-moves without a capture or a pawn move: draw, art. 9.3", false, arbiter.Draw, arbiter.Draw,
			"The arbiter ruled ½-½: 50-move rule, art. 9.3"},
		{"agreed draw", arbiter.ClaimInput{Kind: arbiter.ClaimAgreement, Moves: twice}, &arbiter.ClaimInput{Kind: arbiter.ClaimAgreement},
			"the moves are legal and the game was still going on", false, arbiter.Draw, arbiter.Draw,
			"The arbiter ruled ½-½: draw by agreement, art. 5.2.3"},
	}
	en := locale.New(locale.English)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx, d, ev, c := disputed(t, 2023, arbiter.Blitz, "")
			in := tt.white
			in.Proof = arbiter.Proof{PIN: c.WhitePIN}
			if _, err := ev.AddClaim(WithOrigin(ctx, arbiter.Origin{Who: "white", IP: "10.0.0.7", Device: "phone"}), c.Token, in); err != nil {
				t.Fatal(err)
			}
			if tt.black != nil {
				in := *tt.black
				// Black's phone, signed in, proves Black.
				session, err := ev.SignIn(ctx, c.Black, c.BlackPIN)
				if err != nil {
					t.Fatal(err)
				}
				in.Proof = arbiter.Proof{Session: session}
				if _, err := ev.AddClaim(WithOrigin(ctx, arbiter.Origin{Who: "black"}), c.Token, in); err != nil {
					t.Fatal(err)
				}
			}
			dp, err := ev.Dispute(ctx, c.Report.ID)
			if err != nil {
				t.Fatal(err)
			}
			if dp.White == nil || dp.White.Claim.IP != "10.0.0.7" || dp.White.Claim.Dev != "phone" || (tt.black != nil) != (dp.Black != nil) {
				t.Fatalf("Dispute = %+v, want White's claim with its address and device, and Black's if any", dp)
			}
			v := dp.White.Verdict
			if got := en.Word(v.Text); !strings.Contains(got, tt.verdict) || v.Flagged != tt.flagged {
				t.Errorf("verdict = %q flagged %v, want %q flagged %v", got, v.Flagged, tt.verdict, tt.flagged)
			}
			if dp.Suggested != tt.suggested {
				t.Errorf("suggested = %v, want %v", dp.Suggested, tt.suggested)
			}
			if _, err := ev.Accept(WithActor(ctx, "organizer"), c.Report.ID, tt.rule); err != nil {
				t.Fatal(err)
			}
			rs, err := ev.Rulings(ctx)
			if err != nil || len(rs) != 1 || rs[0].Board != 1 || rs[0].Result != tt.rule {
				t.Fatalf("Rulings = %+v, %v, want board 1's %v", rs, err, tt.rule)
			}
			if got := en.Stored(rs[0].Text); got != tt.ruling {
				t.Errorf("ruling = %q, want %q", got, tt.ruling)
			}
			evs, err := d.Events(ctx, c.TournamentID)
			if err != nil {
				t.Fatal(err)
			}
			var acts []string
			for _, e := range evs {
				acts = append(acts, e.Action)
			}
			last := evs[len(evs)-1]
			if !slices.Contains(acts, store.ActClaim) || last.Action != store.ActRuling || !strings.Contains(last.New, tt.ruling) {
				t.Errorf("events %v, last %s %q, want the claim and the ruling %q logged", acts, last.Action, last.New, tt.ruling)
			}
		})
	}
}

// TestAddClaimRefusals: a claim needs the claimant's PIN, a dispute, and
// moves that read; a refused claim writes nothing.
func TestAddClaimRefusals(t *testing.T) {
	ctx, d, ev, c := disputed(t, 2023, arbiter.Blitz, "")
	before, _ := d.Events(ctx, c.TournamentID)
	tests := []struct {
		name string
		in   arbiter.ClaimInput
		kind error
		msg  string
	}{
		{"a PIN no player has", arbiter.ClaimInput{Proof: arbiter.Proof{PIN: "99999"}, Kind: arbiter.ClaimCheckmate}, store.ErrWrongPIN, "wrong PIN"},
		{"no PIN", arbiter.ClaimInput{Kind: arbiter.ClaimCheckmate}, ErrNoProof, "type your PIN"},
		{"unknown kind", arbiter.ClaimInput{Proof: arbiter.Proof{PIN: c.WhitePIN}, Kind: "resign"}, store.ErrInvalid, "unknown claim"},
		{"flag without whose", arbiter.ClaimInput{Proof: arbiter.Proof{PIN: c.WhitePIN}, Kind: arbiter.ClaimFlag}, store.ErrInvalid, "whose flag"},
		{"not a move", arbiter.ClaimInput{Proof: arbiter.Proof{PIN: c.WhitePIN}, Kind: arbiter.ClaimCheckmate, Moves: "1. e4 e5 2. Ac4 Cc6 3. Dh5 Cf6 4. Dxf9"},
			ErrInvalid, `move 4: "Dxf9"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ev.AddClaim(ctx, c.Token, tt.in)
			if !errors.Is(err, tt.kind) || !strings.Contains(err.Error(), tt.msg) {
				t.Errorf("AddClaim = %v, want %v saying %q", err, tt.kind, tt.msg)
			}
		})
	}
	after, _ := d.Events(ctx, c.TournamentID)
	if len(after) != len(before) {
		t.Errorf("refused claims logged %d events", len(after)-len(before))
	}
	// A new claim replaces the player's own, and both stay.
	for _, k := range []string{arbiter.ClaimStalemate, arbiter.ClaimCheckmate} {
		if _, err := ev.AddClaim(ctx, c.Token, arbiter.ClaimInput{Proof: arbiter.Proof{PIN: c.WhitePIN}, Kind: k, Moves: scholarsMate}); err != nil {
			t.Fatal(err)
		}
	}
	dp, err := ev.Dispute(ctx, c.Report.ID)
	if err != nil {
		t.Fatal(err)
	}
	if dp.White == nil || dp.White.Claim.Kind != arbiter.ClaimCheckmate || len(dp.Replaced) != 1 || dp.Replaced[0].Kind != arbiter.ClaimStalemate {
		t.Errorf("after two claims: current %+v, replaced %+v; want checkmate replacing stalemate", dp.White, dp.Replaced)
	}
	if dp.Suggested != arbiter.WhiteWins {
		t.Errorf("suggested = %v, want 1-0 by the mate", dp.Suggested)
	}
	// Once ruled, the board takes no claim.
	if _, err := ev.Accept(WithActor(ctx, "organizer"), c.Report.ID, arbiter.WhiteWins); err != nil {
		t.Fatal(err)
	}
	if _, err := ev.AddClaim(ctx, c.Token, arbiter.ClaimInput{Proof: arbiter.Proof{PIN: c.BlackPIN}, Kind: arbiter.ClaimAgreement}); !errors.Is(err, store.ErrConflict) {
		t.Errorf("claim after the ruling = %v, want a conflict", err)
	}
}

// TestDisputeUndo: undoing the ruling puts the dispute back in the queue
// with no result and no ruling; undoing a claim that replaced another
// makes the earlier one count again.
func TestDisputeUndo(t *testing.T) {
	ctx, d, ev, c := disputed(t, 2023, arbiter.Blitz, "")
	tid := fmt.Sprint(c.TournamentID)
	for _, k := range []string{arbiter.ClaimStalemate, arbiter.ClaimCheckmate} {
		if _, err := ev.AddClaim(ctx, c.Token, arbiter.ClaimInput{Proof: arbiter.Proof{PIN: c.WhitePIN}, Kind: k, Moves: scholarsMate}); err != nil {
			t.Fatal(err)
		}
	}
	before, err := d.Content(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ev.Accept(WithActor(ctx, "organizer"), c.Report.ID, arbiter.WhiteWins); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Undo(ctx, tid, 0, true); err != nil {
		t.Fatal(err)
	}
	after, err := d.Content(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(before, after) {
		t.Errorf("undoing the ruling left the database at\n%s\nwant\n%s", strings.Join(after, "\n"), strings.Join(before, "\n"))
	}
	if rs, err := ev.Rulings(ctx); err != nil || len(rs) != 0 {
		t.Errorf("Rulings after the undo = %+v, %v, want none", rs, err)
	}
	if _, err := d.Undo(ctx, tid, 0, true); err != nil {
		t.Fatal(err)
	}
	dp, err := ev.Dispute(ctx, c.Report.ID)
	if err != nil {
		t.Fatal(err)
	}
	if dp.White == nil || dp.White.Claim.Kind != arbiter.ClaimStalemate || len(dp.Replaced) != 0 {
		t.Errorf("after undoing the second claim: %+v, replaced %+v; want the stalemate claim counting again", dp.White, dp.Replaced)
	}
}
