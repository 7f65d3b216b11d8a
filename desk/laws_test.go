package desk

import (
	"context"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter"
)

// TestResultLaws checks the results EnterResult enters when the final
// position is known, and the both-flags rule of each edition of the Laws,
// with the note that says why. The command line's words for the notes
// are cmd/arbiter's TestRoundResultLaws.
func TestResultLaws(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	// White has a queen, Black a bare king, Black to move.
	const bare = "8/8/4k3/8/8/8/3QK3/8 b - - 0 61"
	const mate = "7k/6Q1/6K1/8/8/8/8/8 b - - 0 40"
	labyrinth := func(t *arbiter.Tournament) { t.Labyrinth() }
	laws := func(y int) func(*arbiter.Tournament) { return func(t *arbiter.Tournament) { t.LawsEdition = y } }
	tests := []struct {
		name   string
		set    func(*arbiter.Tournament)
		req    ResultRequest
		fen    string
		want   arbiter.Result
		reason string
		says   string // part of the notes; "" for none
	}{
		{"time, bare king", nil, ResultRequest{Result: arbiter.BlackWins, Reason: "time"}, bare, arbiter.Draw, "time",
			"White lost on time but Black cannot checkmate by any series of legal moves (lone king): the game is drawn (art. 6.9)"},
		{"time, queen", nil, ResultRequest{Result: arbiter.WhiteWins, Reason: "time"}, bare, arbiter.WhiteWins, "time", ""},
		{"resignation to a bare king, 2023", nil, ResultRequest{Result: arbiter.BlackWins, Reason: "resign"}, bare, arbiter.Draw, "resign",
			"under the Laws of 2023 the game is drawn (art. 5.1.2)"},
		{"resignation to a bare king, 2018", laws(2018), ResultRequest{Result: arbiter.BlackWins, Reason: "resign"}, bare, arbiter.BlackWins, "resign",
			"under the Laws of 2018 a resignation stands (art. 5.1.2); from 2023 it would be a draw"},
		{"checkmate on the board", nil, ResultRequest{Result: arbiter.WhiteWins}, mate, arbiter.WhiteWins, "mate", ""},
		{"both flags, Labyrinth blitz", labyrinth, ResultRequest{Result: arbiter.WhiteWins, Reason: "time", BothFlags: true}, "", arbiter.Draw, "time",
			"both flags fell and it cannot be told which fell first: the game is drawn (Laws of 2023: no rule for blitz (Guidelines III.2.2), drawn as by the rapidplay rule the Labyrinth regulation adopts), not 1-0"},
		{"both flags, standard 2023", nil, ResultRequest{Result: arbiter.Draw, BothFlags: true}, "", arbiter.Draw, "time", "(Laws of 2023, Guidelines III.3.1)"},
		{"both flags, rapid 2005", func(t *arbiter.Tournament) { t.LawsEdition, t.Pace = 2005, arbiter.Rapid }, ResultRequest{Result: arbiter.BlackWins, BothFlags: true}, "",
			arbiter.Draw, "time", "(Laws of 2005, appendix B.9)"},
		{"both flags, standard 2009", laws(2009), ResultRequest{Result: arbiter.Draw, Reason: "time", BothFlags: true}, "", arbiter.Draw, "time", "(Laws of 2009, art. 6.11 b)"},
		{"arbiter's decision against the position", nil, ResultRequest{Result: arbiter.BlackWins, Reason: "arbiter"}, mate, arbiter.BlackWins, "arbiter",
			"Black is checkmated in the position given (art. 5.1.1), which gives 1-0; the arbiter's decision 0-1 stands"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d := mustOpen(t)
			tour := arbiter.NewTournament("T")
			if tt.set != nil {
				tt.set(&tour)
			}
			tour.FirstColour = arbiter.White
			tour, err := d.CreateTournament(ctx, tour)
			if err != nil {
				t.Fatal(err)
			}
			for i := range 4 {
				if _, err := d.AddEntry(ctx, tour.ID, arbiter.Player{Name: names[i], Rating: 2000 - 50*i}, AddOptions{}); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := d.Pair(ctx, PairRequest{Boards: []arbiter.Board{{Number: 1, White: 1, Black: 3}, {Number: 2, White: 2, Black: 4}}}); err != nil {
				t.Fatal(err)
			}
			req := tt.req
			req.Board = 1
			if tt.fen != "" {
				req.Final = fen(t, tt.fen)
			}
			out, err := d.EnterResult(ctx, req)
			if err != nil {
				t.Fatalf("EnterResult = %v", err)
			}
			notes := strings.Join(out.Notes, "; ")
			if tt.says == "" && notes != "" || !strings.Contains(notes, tt.says) {
				t.Errorf("notes %q, want them to say %q", notes, tt.says)
			}
			rd, err := d.RoundDetail(ctx, tour.ID, 1)
			if err != nil {
				t.Fatal(err)
			}
			if got, reason := rd.Boards[0].Result, rd.Reasons[1]; got != tt.want || reason != tt.reason {
				t.Errorf("board 1 has %s (%s), want %s (%s)", got, reason, tt.want, tt.reason)
			}
		})
	}
}
