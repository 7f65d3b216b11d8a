package desk

import (
	"context"
	"errors"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/games"
	"github.com/labyrinth-chess/arbiter/rules"
)

// mustOpen opens a desk on a new database file in a temporary folder: a
// file, not ":memory:", so that reads use their own pool as in use.
func mustOpen(tb testing.TB) *Desk {
	tb.Helper()
	clock := time.Date(2026, 5, 12, 20, 0, 0, 0, time.UTC)
	d, err := Open(context.Background(), filepath.Join(tb.TempDir(), "arbiter.db"), Create, func() time.Time { return clock })
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { d.Close() })
	return d
}

var names = []string{"Rossi, Mario", "Bianchi, Luca", "Verdi, Anna", "Neri, Paolo", "Galli, Sara", "Conti, Marco",
	"Ferri, Elena", "Bruno, Carlo", "Costa, Irene", "Greco, Dario"}

// mustTournament creates a tournament of n players rated 2000 down to
// 2000-10(n-1), White to the top player in round 1.
func mustTournament(tb testing.TB, ctx context.Context, d *Desk, n int) arbiter.Tournament {
	tb.Helper()
	t := arbiter.NewTournament("Club")
	t.FirstColour = arbiter.White
	t, err := d.CreateTournament(ctx, t)
	if err != nil {
		tb.Fatal(err)
	}
	for i := range n {
		p := arbiter.Player{Name: names[i], Rating: 2000 - 10*i}
		if _, err := d.AddEntry(ctx, t.ID, p, AddOptions{}); err != nil {
			tb.Fatal(err)
		}
	}
	return t
}

func mustPair(tb testing.TB, ctx context.Context, d *Desk) PairOutcome {
	tb.Helper()
	out, err := d.Pair(ctx, PairRequest{})
	if err != nil {
		tb.Fatal(err)
	}
	return out
}

func fen(tb testing.TB, s string) *games.End {
	tb.Helper()
	p, err := rules.ParseFEN(s)
	if err != nil {
		tb.Fatal(err)
	}
	return games.EndAt(p)
}

// TestEnterResult enters results one after the other on round 1 of a
// tournament of four: each case sees what the earlier ones stored.
func TestEnterResult(t *testing.T) {
	ctx := WithActor(context.Background(), "Marta")
	d := mustOpen(t)
	mustTournament(t, ctx, d, 4)
	mustPair(t, ctx, d)
	// Black has a bare king: it cannot checkmate by any series of legal moves.
	bareBlack := fen(t, "8/8/4k3/8/8/8/3QK3/8 b - - 0 61")
	tests := []struct {
		name    string
		req     ResultRequest
		wantErr error  // nil: entered
		input   string // the input the error is about
		want    arbiter.Result
		notes   int
		changed bool // a correction
	}{
		{name: "enter", req: ResultRequest{Board: 1, Result: arbiter.WhiteWins}, want: arbiter.WhiteWins},
		{name: "the same again", req: ResultRequest{Board: 1, Result: arbiter.WhiteWins}, want: arbiter.WhiteWins},
		{name: "another without correcting", req: ResultRequest{Board: 1, Result: arbiter.BlackWins}, wantErr: ErrResultEntered, input: "board"},
		{name: "correct", req: ResultRequest{Board: 1, Result: arbiter.Draw, Correct: true}, want: arbiter.Draw, changed: true},
		{name: "clear without correcting", req: ResultRequest{Board: 1}, wantErr: ErrClearsBoard, input: "result"},
		{name: "no such board", req: ResultRequest{Board: 9, Result: arbiter.Draw}, wantErr: ErrNoBoard, input: "board"},
		{name: "round not paired", req: ResultRequest{Round: 2, Board: 1, Result: arbiter.Draw}, wantErr: ErrNotPaired, input: "board"},
		{name: "unknown reason", req: ResultRequest{Board: 2, Result: arbiter.Draw, Reason: "boredom"}, wantErr: ErrInvalid, input: "reason"},
		{name: "both flags need time", req: ResultRequest{Board: 2, Result: arbiter.Draw, Reason: "resign", BothFlags: true}, wantErr: ErrBothFlagsReason, input: "reason"},
		{name: "both flags in a forfeit", req: ResultRequest{Board: 2, Result: arbiter.WhiteForfeit, Reason: "time", BothFlags: true}, wantErr: ErrBothFlagsForfeit, input: "result"},
		{name: "art. 6.9: no mating material", req: ResultRequest{Board: 2, Result: arbiter.WhiteWins, Reason: "time", Final: fen(t, "8/8/4k3/8/8/8/3QK3/8 w - - 0 61")},
			want: arbiter.WhiteWins},
		{name: "art. 6.9: a win on time for the bare king is a draw", req: ResultRequest{Board: 2, Result: arbiter.BlackWins, Reason: "time", Final: bareBlack, Correct: true},
			want: arbiter.Draw, notes: 1, changed: true},
		{name: "a mate contradicts the result", req: ResultRequest{Board: 2, Result: arbiter.WhiteWins, Correct: true, Final: fen(t, "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")},
			wantErr: ErrRefused, input: "position"},
		{name: "the arbiter decides", req: ResultRequest{Board: 2, Result: arbiter.WhiteWins, Reason: "arbiter", Correct: true, Final: fen(t, "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")},
			want: arbiter.WhiteWins, notes: 1, changed: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := d.EnterResult(ctx, tt.req)
			if tt.wantErr != nil {
				var de *Error
				if !errors.Is(err, tt.wantErr) || !errors.As(err, &de) {
					t.Fatalf("EnterResult(%+v) = %v, want a *Error wrapping %v", tt.req, err, tt.wantErr)
				}
				if de.Input != tt.input || de.Msg == "" || strings.Contains(de.Error(), "--") {
					t.Errorf("error %q about %q, want one about %q that names no flag", de.Msg, de.Input, tt.input)
				}
				return
			}
			if err != nil {
				t.Fatalf("EnterResult(%+v) = %v", tt.req, err)
			}
			if out.New != tt.want || len(out.Notes) != tt.notes {
				t.Errorf("entered %s with notes %q, want %s with %d notes", out.New, out.Notes, tt.want, tt.notes)
			}
			if got := out.Old != arbiter.NoResult && out.Old != out.New; got != tt.changed {
				t.Errorf("correction = %v (was %s), want %v", got, out.Old, tt.changed)
			}
		})
	}
	evs, err := d.Events(ctx, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range evs {
		if e.Who != "Marta" {
			t.Errorf("event %s %q by %q, want Marta", e.Action, e.Subject, e.Who)
		}
	}
}

// TestResultAgainstGame attaches a game that ends in mate and enters a
// result: the game decides, read in the transaction that writes.
func TestResultAgainstGame(t *testing.T) {
	ctx := context.Background()
	d := mustOpen(t)
	tour := mustTournament(t, ctx, d, 2)
	out := mustPair(t, ctx, d)
	g, err := rules.NewReader(strings.NewReader("1. f3 e5 2. g4 Qh4# 0-1")).Read()
	if err != nil {
		t.Fatal(err)
	}
	seat := games.Seat{Round: 1, Board: 1}
	cg, err := CheckGame(tour, GameInput{Game: g, Seat: seat, Result: arbiter.WhiteWins})
	if !errors.Is(err, ErrResultContradicted) || !errors.Is(err, ErrRefused) {
		t.Fatalf("CheckGame with 1-0 typed = %v, want ErrResultContradicted", err)
	}
	if cg, err = CheckGame(tour, GameInput{Game: g, Seat: seat}); err != nil {
		t.Fatal(err)
	}
	if _, err := d.SubmitGames(ctx, "", []Submission{cg.Sub}); err != nil {
		t.Fatal(err)
	}
	_, err = d.EnterResult(ctx, ResultRequest{Board: 1, Result: arbiter.WhiteWins, Correct: true})
	var de *Error
	if !errors.As(err, &de) || de.Input != "game" || de.Kind != ErrRefused || de.Article == "" {
		t.Fatalf("EnterResult 1-0 against a mate = %v, want a refusal about the game with its article", err)
	}
	if _, err := d.EnterResult(ctx, ResultRequest{Board: 1, Result: arbiter.BlackWins}); err != nil {
		t.Errorf("EnterResult 0-1 as the game ended = %v", err)
	}
	if out.Round.Number != 1 {
		t.Errorf("paired round %d, want 1", out.Round.Number)
	}
}

func TestPair(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name    string
		req     PairRequest
		wantErr error
		stored  bool
		forced  int
	}{
		{name: "dutch", req: PairRequest{}, stored: true},
		{name: "dry run", req: PairRequest{DryRun: true}},
		{name: "by hand", req: PairRequest{Boards: []arbiter.Board{{Number: 1, White: 2, Black: 1}, {Number: 2, White: 3, Black: 4}}}, stored: true},
		{name: "a rematch refused", req: PairRequest{Boards: []arbiter.Board{{Number: 1, White: 3, Black: 1}, {Number: 2, White: 2, Black: 4}}}, wantErr: ErrWarnings},
		{name: "a rematch forced", req: PairRequest{Boards: []arbiter.Board{{Number: 1, White: 3, Black: 1}, {Number: 2, White: 2, Black: 4}}, Force: true}, stored: true, forced: 2},
		{name: "a rematch in a dry run", req: PairRequest{Boards: []arbiter.Board{{Number: 1, White: 3, Black: 1}, {Number: 2, White: 2, Black: 4}}, DryRun: true}},
		{name: "a player left out", req: PairRequest{Boards: []arbiter.Board{{Number: 1, White: 2, Black: 1}}}, wantErr: ErrLeftOut},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := mustOpen(t)
			mustTournament(t, ctx, d, 4)
			if len(tt.req.Boards) > 0 {
				// Round 1 (1-3, 4-2 by the Dutch system) is played, all draws.
				mustPair(t, ctx, d)
				for b := 1; b <= 2; b++ {
					if _, err := d.EnterResult(ctx, ResultRequest{Board: b, Result: arbiter.Draw}); err != nil {
						t.Fatal(err)
					}
				}
			}
			before, err := d.Snapshot(ctx, "")
			if err != nil {
				t.Fatal(err)
			}
			out, err := d.Pair(ctx, tt.req)
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("Pair = %v, want %v", err, tt.wantErr)
			}
			after, err := d.Snapshot(ctx, "")
			if err != nil {
				t.Fatal(err)
			}
			if stored := len(after.Rounds) > len(before.Rounds); stored != tt.stored || out.Stored != tt.stored {
				t.Errorf("stored = %v (outcome %v), want %v", stored, out.Stored, tt.stored)
			}
			if len(out.Pairing.Forced) != tt.forced {
				t.Errorf("forced %q, want %d warnings", out.Pairing.Forced, tt.forced)
			}
		})
	}
}

// TestSaveStale makes a proposal, corrects a result, then saves the
// proposal: the log moved, so it is refused.
func TestSaveStale(t *testing.T) {
	ctx := context.Background()
	d := mustOpen(t)
	mustTournament(t, ctx, d, 4)
	mustPair(t, ctx, d)
	for b := 1; b <= 2; b++ {
		if _, err := d.EnterResult(ctx, ResultRequest{Board: b, Result: arbiter.WhiteWins}); err != nil {
			t.Fatal(err)
		}
	}
	p, err := d.Propose(ctx, PairRequest{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.EnterResult(ctx, ResultRequest{Board: 2, Result: arbiter.BlackWins, Correct: true}); err != nil {
		t.Fatal(err)
	}
	o := PairOutcome{Proposal: p}
	if err := d.Save(ctx, &o); !errors.Is(err, ErrStale) || !errors.Is(err, ErrConflict) {
		t.Fatalf("Save of a stale proposal = %v, want ErrStale", err)
	}
	if p, err = d.Propose(ctx, PairRequest{}); err != nil {
		t.Fatal(err)
	}
	o = PairOutcome{Proposal: p}
	if err := d.Save(ctx, &o); err != nil || !o.Stored || o.Round.Number != 2 {
		t.Fatalf("Save of a fresh proposal = %v, stored %v round %d", err, o.Stored, o.Round.Number)
	}
}

// TestPairFrom pairs from a snapshot the caller read: the pairing is the
// one made from reading the tournament again, and a snapshot that went
// stale before Pair stored the round is read again instead of stored.
func TestPairFrom(t *testing.T) {
	ctx := context.Background()
	d := mustOpen(t)
	mustTournament(t, ctx, d, 6)
	mustPair(t, ctx, d)
	for b := 1; b <= 3; b++ {
		if _, err := d.EnterResult(ctx, ResultRequest{Board: b, Result: arbiter.WhiteWins}); err != nil {
			t.Fatal(err)
		}
	}
	s, err := d.Snapshot(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	read, err := d.Propose(ctx, PairRequest{DryRun: true})
	if err != nil {
		t.Fatal(err)
	}
	from, err := d.Propose(ctx, PairRequest{DryRun: true, From: s})
	if err != nil {
		t.Fatal(err)
	}
	if from.Snapshot != s {
		t.Errorf("Propose with From read the tournament again")
	}
	if !reflect.DeepEqual(from.Round, read.Round) {
		t.Errorf("pairing from the caller's snapshot = %+v, want %+v", from.Round, read.Round)
	}
	// The result of board 3 changes after s was read: Pair must not store
	// a round paired from s.
	if _, err := d.EnterResult(ctx, ResultRequest{Board: 3, Result: arbiter.BlackWins, Correct: true}); err != nil {
		t.Fatal(err)
	}
	want, err := d.Propose(ctx, PairRequest{DryRun: true})
	if err != nil {
		t.Fatal(err)
	}
	out, err := d.Pair(ctx, PairRequest{From: s})
	if err != nil {
		t.Fatal(err)
	}
	if out.Snapshot == s || !out.Stored {
		t.Fatalf("Pair stored the round from a stale snapshot (stored %v)", out.Stored)
	}
	if !reflect.DeepEqual(out.Round, want.Round) {
		t.Errorf("round stored after a stale snapshot = %+v, want %+v", out.Round, want.Round)
	}
}
