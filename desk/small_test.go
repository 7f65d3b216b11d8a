package desk

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/pairing"
	"github.com/labyrinth-chess/arbiter/reports"
	"github.com/labyrinth-chess/arbiter/trf"
)

var smallNames = []string{"Neri, Paolo", "Bianchi, Anna", "Rossi, Mario", "Verdi, Ugo", "Conti, Sara", "Gallo, Piero",
	"Ferri, Luca", "Marino, Elena", "Greco, Dario", "Bruno, Irene", "Costa, Fabio", "Fontana, Giulia",
	"Caruso, Marco", "Mancini, Rita", "Lombardi, Sergio", "Moretti, Tina", "Barbieri, Enzo", "Colombo, Laura",
	"Ricci, Aldo", "Romano, Silvia"}

// smallEvening creates a Labyrinth evening (its preset proposes the
// rounds when registration closes) of n players, unrated but in a fixed
// order, White to the top player in round 1.
func smallEvening(tb testing.TB, ctx context.Context, d *Desk, n int) arbiter.Tournament {
	tb.Helper()
	t := arbiter.NewTournament("Small evening")
	t.Labyrinth()
	t.FirstColour = arbiter.White
	t, err := d.CreateTournament(ctx, t)
	if err != nil {
		tb.Fatal(err)
	}
	for i := 1; i <= n; i++ {
		if _, err := d.AddEntry(ctx, t.ID, arbiter.Player{Name: smallNames[i-1], Rating: 2100 - 10*i}, AddOptions{}); err != nil {
			tb.Fatal(err)
		}
	}
	return t
}

// playOut pairs every round by the desk's own choice and enters a result
// on every board (the lower pairing number wins, every third board is
// drawn) until a pairing is refused because every round is paired; it
// returns the rounds played.
func playOut(tb testing.TB, ctx context.Context, d *Desk) int {
	tb.Helper()
	played := 0
	for {
		out, err := d.Pair(ctx, PairRequest{})
		if err != nil {
			s, serr := d.Snapshot(ctx, "")
			if serr != nil {
				tb.Fatal(serr)
			}
			if errors.Is(err, ErrConflict) && len(s.Rounds) == s.Tournament.Rounds {
				return played
			}
			tb.Fatalf("round %d: Pair = %v", played+1, err)
		}
		played++
		for i, b := range out.Round.Boards {
			res := arbiter.WhiteWins
			switch {
			case (i+played)%3 == 0:
				res = arbiter.Draw
			case b.Black < b.White:
				res = arbiter.BlackWins
			}
			if _, err := d.EnterResult(ctx, ResultRequest{Board: b.Number, Result: res}); err != nil {
				tb.Fatalf("round %d board %d: EnterResult = %v", played, b.Number, err)
			}
		}
	}
}

// TestSmallEvenings plays the Labyrinth evening for 3 to 12 players
// without a pairing by hand: round 1 is refused while the 7 rounds
// planned do not fit, with the choices and nothing stored; closing
// registration as planned (the rounds that fit), or as an all-play-all,
// lets the evening run to its end. The front ends' wording of the refusal
// is tested by cmd/arbiter's TestSmallEveningRefusal.
func TestSmallEvenings(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for n := 3; n <= 12; n++ {
		t.Run(fmt.Sprintf("%d players swiss", n), func(t *testing.T) {
			t.Parallel()
			d := mustOpen(t)
			smallEvening(t, ctx, d, n)
			fit := pairing.SwissRounds(n)
			before, err := d.Snapshot(ctx, "")
			if err != nil {
				t.Fatal(err)
			}
			_, err = d.Pair(ctx, PairRequest{})
			var fe *arbiter.FitError
			if !errors.Is(err, ErrRoundsUnfit) || !errors.As(err, &fe) {
				t.Fatalf("Pair before closing = %v, want ErrRoundsUnfit with the choices", err)
			}
			if fe.Fit.Swiss != fit || !slices.Contains(fe.Choices, arbiter.Closing{Kind: arbiter.CloseSwiss, Rounds: fit}) {
				t.Errorf("refusal %+v, want the Swiss of %d rounds among the choices", fe, fit)
			}
			after, err := d.Snapshot(ctx, "")
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(after, before) {
				t.Errorf("a refused pairing changed the tournament: %+v, was %+v", after, before)
			}
			if f := FitOf(after); f.Swiss != fit || f.Fits || f.Players != n {
				t.Errorf("FitOf = %+v, want %d players, swiss %d, not fitting", f, n, fit)
			}
			if _, err := d.CloseRegistration(ctx, "", arbiter.Closing{}); err != nil {
				t.Fatal(err)
			}
			if got := playOut(t, ctx, d); got != fit {
				t.Errorf("%d players: played %d rounds, want %d", n, got, fit)
			}
		})
		if n > 8 {
			continue
		}
		t.Run(fmt.Sprintf("%d players round robin", n), func(t *testing.T) {
			t.Parallel()
			d := mustOpen(t)
			smallEvening(t, ctx, d, n)
			if _, err := d.CloseRegistration(ctx, "", arbiter.Closing{Kind: arbiter.CloseRoundRobin, Cycles: 1}); err != nil {
				t.Fatal(err)
			}
			want := pairing.RoundRobinRounds(n, 1)
			if got := playOut(t, ctx, d); got != want {
				t.Errorf("%d players: played %d rounds, want %d", n, got, want)
			}
			s, err := d.Snapshot(ctx, "")
			if err != nil {
				t.Fatal(err)
			}
			// Every pair met once: the crosstable has no empty cell.
			met := map[[2]int]int{}
			for _, r := range s.Rounds {
				for _, b := range r.Boards {
					met[[2]int{min(b.White, b.Black), max(b.White, b.Black)}]++
				}
			}
			if len(met) != n*(n-1)/2 {
				t.Errorf("%d players: %d pairs met, want %d", n, len(met), n*(n-1)/2)
			}
			// Reported like a Swiss: the TRF names the system, the
			// crosstable prints, the standings break ties by the
			// round-robin chain.
			f, err := TRF(s, want)
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			if err := trf.NewWriter(&buf).Write(f); err != nil {
				t.Fatal(err)
			}
			if data := buf.String(); !strings.Contains(data, "192 FIDE_ROUNDROBIN") || !strings.Contains(data, "Round-Robin") {
				t.Errorf("TRF of a round robin lacks its system:\n%s", data)
			}
			ev, err := ReportEvent(s, want)
			if err != nil {
				t.Fatal(err)
			}
			if err := reports.WriteCrosstable(io.Discard, ev); err != nil {
				t.Errorf("crosstable: %v", err)
			}
			st, err := RankStandings(s, want)
			if err != nil {
				t.Fatal(err)
			}
			var codes []string
			for _, sp := range st.Input.Chain {
				codes = append(codes, string(sp.Code))
			}
			for _, code := range []string{"SB", "DE", "WIN", "KS"} {
				if !slices.Contains(codes, code) {
					t.Errorf("standings of a round robin break ties by %v, lacking %s", codes, code)
				}
			}
		})
	}
}

// TestDoubleRoundRobinFour plays four players twice: six rounds from the
// Berger table, the second cycle with the colours reversed.
func TestDoubleRoundRobinFour(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	d := mustOpen(t)
	smallEvening(t, ctx, d, 4)
	if _, err := d.CloseRegistration(ctx, "", arbiter.Closing{Kind: arbiter.CloseRoundRobin, Cycles: 2}); err != nil {
		t.Fatal(err)
	}
	if got := playOut(t, ctx, d); got != 6 {
		t.Fatalf("played %d rounds, want 6", got)
	}
	s, err := d.Snapshot(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range s.Rounds {
		var bs []string
		for _, b := range r.Boards {
			bs = append(bs, fmt.Sprintf("%d-%d", b.White, b.Black))
		}
		got = append(got, strings.Join(bs, " "))
	}
	// C.05 Annex 1: rounds 2 and 3 of the first cycle swapped, the
	// second cycle with the colours reversed.
	want := []string{"1-4 2-3", "2-4 3-1", "4-3 1-2", "4-1 3-2", "3-4 2-1", "4-2 1-3"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("double round robin of 4 = %q, want %q", got, want)
	}
}

// TestRoundRobinAbsence: in an all-play-all a player absent at check-in
// keeps the table's place; the opponent wins by forfeit (a full-point
// bye), the absent player scores the check-in policy, the other boards
// are paired as the table says.
func TestRoundRobinAbsence(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	d := mustOpen(t)
	smallEvening(t, ctx, d, 4)
	if _, err := d.CloseRegistration(ctx, "", arbiter.Closing{Kind: arbiter.CloseRoundRobin, Cycles: 1}); err != nil {
		t.Fatal(err)
	}
	mustPair(t, ctx, d)
	for b, res := range []arbiter.Result{arbiter.WhiteWins, arbiter.Draw} {
		if _, err := d.EnterResult(ctx, ResultRequest{Board: b + 1, Result: res}); err != nil {
			t.Fatal(err)
		}
	}
	// Round 2 of the table for 4: 4-3, 1-2. Player 2 is absent.
	if _, err := d.CheckInRound(ctx, CheckinRequest{Players: []string{"2"}, Mode: CheckinAbsent}); err != nil {
		t.Fatal(err)
	}
	out := mustPair(t, ctx, d)
	var got []string
	for _, b := range out.Round.Boards {
		got = append(got, fmt.Sprintf("%d-%d", b.White, b.Black))
	}
	for _, b := range out.Round.Byes {
		got = append(got, fmt.Sprintf("%d %s", b.PN, b.Kind))
	}
	if want := "4-3, 1 F, 2 Z"; strings.Join(got, ", ") != want {
		t.Errorf("round 2 with 2 absent = %q, want %q", strings.Join(got, ", "), want)
	}
}

// TestClosingLeaves checks what each answer to closing registration
// leaves of a tournament planned for 7 rounds that does not propose its
// rounds: the rounds, the system, the cycles and the tie-break chain (a
// round robin takes the round-robin chain in place of the preset's).
func TestClosingLeaves(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	tests := []struct {
		name    string
		players int
		c       arbiter.Closing
		rounds  int
		system  arbiter.System
		cycles  int
		tbs     string
	}{
		{"rounds that fit", 6, arbiter.Closing{}, 3, arbiter.Swiss, 1, "BH,DE,SB"},
		{"planned already fit", 20, arbiter.Closing{}, 7, arbiter.Swiss, 1, "BH,DE,SB"},
		{"rounds given", 6, arbiter.Closing{Kind: arbiter.CloseSwiss, Rounds: 4}, 4, arbiter.Swiss, 1, "BH,DE,SB"},
		{"kept", 6, arbiter.Closing{Kind: arbiter.CloseKeep}, 7, arbiter.Swiss, 1, "BH,DE,SB"},
		{"round robin", 6, arbiter.Closing{Kind: arbiter.CloseRoundRobin, Cycles: 1}, 5, arbiter.RoundRobin, 1, "SB,DE,WIN,KS"},
		{"double round robin of 5", 5, arbiter.Closing{Kind: arbiter.CloseRoundRobin, Cycles: 2}, 10, arbiter.RoundRobin, 2, "SB,DE,WIN,KS"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d := mustOpen(t)
			tour, err := d.CreateTournament(ctx, arbiter.NewTournament("Evening"))
			if err != nil {
				t.Fatal(err)
			}
			for i := range tt.players {
				if _, err := d.AddEntry(ctx, tour.ID, arbiter.Player{Name: smallNames[i]}, AddOptions{}); err != nil {
					t.Fatal(err)
				}
			}
			out, err := d.CloseRegistration(ctx, "", tt.c)
			if err != nil {
				t.Fatalf("CloseRegistration(%s) = %v", tt.c, err)
			}
			got := out.Snapshot.Tournament
			if got.Rounds != tt.rounds || got.System != tt.system || Cycles(got) != tt.cycles || !got.Closed || strings.Join(got.Tiebreaks, ",") != tt.tbs {
				t.Errorf("CloseRegistration(%s) = rounds %d, %s x%d, closed %v, %v; want %d rounds, %s x%d, %s",
					tt.c, got.Rounds, got.System, Cycles(got), got.Closed, got.Tiebreaks, tt.rounds, tt.system, tt.cycles, tt.tbs)
			}
		})
	}
}
