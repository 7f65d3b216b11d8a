package desk

import (
	"bytes"
	"context"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/pairing"
	"github.com/labyrinth-chess/arbiter/phrase"
	"github.com/labyrinth-chess/arbiter/trf"
)

// TestFirstColourByLot: round 1's first colour is drawn by lot from the
// tournament's seed (C.04.3 art. 5.1), said in a note; the same seed
// draws the same pairing; later rounds use the lot of round 1, which the
// TRF says (XXC) so that pairing its next round agrees with Pair. The
// command line's note, and a seed drawn when none was given, are
// cmd/arbiter's TestFirstColourByLot.
func TestFirstColourByLot(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	// Two seeds that draw different colours.
	seeds := map[arbiter.Colour]int64{}
	for s := int64(1); len(seeds) < 2; s++ {
		if _, ok := seeds[pairing.InitialColourByLot(s)]; !ok {
			seeds[pairing.InitialColourByLot(s)] = s
		}
	}
	pairRound1 := func(t *testing.T, seed int64) (*Desk, PairOutcome) {
		d := mustOpen(t)
		tour := arbiter.NewTournament("Lot")
		tour.Rounds, tour.Seed = 3, seed
		tour, err := d.CreateTournament(ctx, tour)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range crossPlayers[:6] {
			if _, err := d.AddEntry(ctx, tour.ID, p, AddOptions{}); err != nil {
				t.Fatal(err)
			}
		}
		return d, mustPair(t, ctx, d)
	}
	for colour, seed := range seeds {
		t.Run(colour.String(), func(t *testing.T) {
			t.Parallel()
			d, out := pairRound1(t, seed)
			want := "Initial colour by lot: " + colour.String()
			if !slices.ContainsFunc(out.Notes, func(n string) bool {
				p, ok := phrase.Parse(n)
				return ok && english().Word(p) == want
			}) {
				t.Errorf("notes %q do not say %q", out.Notes, want)
			}
			b := out.Round.Boards[0]
			if (colour == arbiter.White) != (b.White == 1) {
				t.Errorf("seed %d draws %s, but board 1 is %d-%d", seed, colour, b.White, b.Black)
			}
			_, again := pairRound1(t, seed)
			if !reflect.DeepEqual(again.Round, out.Round) || !slices.Equal(again.Notes, out.Notes) {
				t.Errorf("the same seed paired round 1 as\n%+v\nthen as\n%+v", out.Round, again.Round)
			}
			// Later rounds use the lot of round 1: the report file says
			// it, and pairing it agrees with Pair.
			for _, b := range out.Round.Boards {
				res := []arbiter.Result{arbiter.WhiteWins, arbiter.Draw, arbiter.BlackWins}[(b.Number+1)%3]
				if _, err := d.EnterResult(ctx, ResultRequest{Board: b.Number, Result: res}); err != nil {
					t.Fatal(err)
				}
			}
			s, err := d.Snapshot(ctx, "")
			if err != nil {
				t.Fatal(err)
			}
			f, err := TRF(s, CompleteRounds(s))
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			if err := trf.NewWriter(&buf).Write(f); err != nil {
				t.Fatal(err)
			}
			if want := "XXC " + colour.String() + "1"; !strings.Contains(buf.String(), want) {
				t.Errorf("the report file does not say %q", want)
			}
			wantPairs := filePairs(t, s)
			if got := roundPairs(mustPair(t, ctx, d).Round); !reflect.DeepEqual(got, wantPairs) {
				t.Errorf("round 2 = %q, the pairing of the TRF %q", got, wantPairs)
			}
		})
	}
}
