package desk

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/trf"
)

// crossPlayers are the players of the cross-check, best first.
var crossPlayers = []arbiter.Player{
	{Name: "Neri, Paolo", Rating: 2105}, {Name: "Bianchi, Anna", Rating: 2040}, {Name: "Rossi, Mario", Rating: 1990}, {Name: "Ricci, Luca", Rating: 1930},
	{Name: "Ferri, Carla", Rating: 1870}, {Name: "Verdi, Ugo", Rating: 1815}, {Name: "Conti, Sara", Rating: 1760}, {Name: "Gallo, Piero", Rating: 1700},
	{Name: "Moretti, Elena", Rating: 1655}, {Name: "Russo, Dario", Rating: 1600},
}

// roundPairs writes round r as "white black" pairs in board order, then
// the pairing-allocated bye as "pn 0", as a pairing program writes them.
func roundPairs(r arbiter.Round) []string {
	var out []string
	for _, b := range r.Boards {
		out = append(out, fmt.Sprintf("%d %d", b.White, b.Black))
	}
	for _, b := range r.Byes {
		if b.Kind == arbiter.PAB {
			out = append(out, fmt.Sprintf("%d 0", b.PN))
		}
	}
	return out
}

// filePairs pairs the next round of the Tournament Report File of s, as
// written and read back, by the tools on a file alone.
func filePairs(t *testing.T, s *Snapshot) []string {
	t.Helper()
	f, err := TRF(s, CompleteRounds(s))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := trf.NewWriter(&buf).Write(f); err != nil {
		t.Fatal(err)
	}
	back, err := trf.Read(&buf)
	if err != nil {
		t.Fatal(err)
	}
	rd, err := ReadTRFRound(back, 0, 2025)
	if err != nil {
		t.Fatal(err)
	}
	res, err := rd.Pair(false)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, b := range res.Boards {
		out = append(out, fmt.Sprintf("%d %d", b.White, b.Black))
	}
	if res.Bye != 0 {
		out = append(out, fmt.Sprintf("%d 0", res.Bye))
	}
	return out
}

// TestPairCrossCheck pairs a tournament round after round with Pair and,
// before each round, pairs the same round from its Tournament Report File
// (TRF, ReadTRFRound): both must give the same boards in the same order
// with the same colours, and the same bye. The tournament has what
// changes a pairing: a half-point bye asked for, a late entry, a zero bye,
// a forfeit and a withdrawal; the first colour is drawn by lot from the
// seed. The command line's cross-check of round pair and trf pair is
// cmd/arbiter's TestRoundPairCrossCheck.
func TestPairCrossCheck(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	d := mustOpen(t)
	tour := arbiter.NewTournament("Cross")
	tour.Rounds, tour.Seed = 6, 7
	tour, err := d.CreateTournament(ctx, tour)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range crossPlayers {
		if _, err := d.AddEntry(ctx, tour.ID, p, AddOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	idOf := func(pn int) int64 {
		s, err := d.Snapshot(ctx, "")
		if err != nil {
			t.Fatal(err)
		}
		return s.Entries[pn-1].Player.ID
	}
	if err := d.RequestBye(ctx, tour.ID, idOf(4), 1, arbiter.HalfBye); err != nil {
		t.Fatal(err)
	}
	for r := 1; r <= 6; r++ {
		switch r {
		case 2:
			if _, err := d.AddEntry(ctx, tour.ID, arbiter.Player{Name: "Late, Comer", Rating: 1800}, AddOptions{}); err != nil {
				t.Fatal(err)
			}
		case 3:
			if err := d.RequestBye(ctx, tour.ID, idOf(6), 3, arbiter.ZeroBye); err != nil {
				t.Fatal(err)
			}
			if _, _, err := d.Withdraw(ctx, tour.ID, idOf(9), 4); err != nil {
				t.Fatal(err)
			}
		}
		s, err := d.Snapshot(ctx, "")
		if err != nil {
			t.Fatal(err)
		}
		want := filePairs(t, s)
		out := mustPair(t, ctx, d)
		if got := roundPairs(out.Round); !reflect.DeepEqual(got, want) {
			t.Fatalf("round %d: Pair gave %q, the pairing of the TRF %q", r, got, want)
		}
		for _, b := range out.Round.Boards {
			res := []arbiter.Result{arbiter.WhiteWins, arbiter.Draw, arbiter.BlackWins}[(b.Number+r)%3]
			if r == 3 && b.Number == 2 {
				res = arbiter.WhiteForfeit
			}
			if _, err := d.EnterResult(ctx, ResultRequest{Board: b.Number, Result: res}); err != nil {
				t.Fatal(err)
			}
		}
	}
	s, err := d.Snapshot(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	// Round 4 on: the withdrawn player is not paired; the late entry is.
	for _, rd := range s.Rounds[3:] {
		for _, b := range rd.Boards {
			if b.White == 9 || b.Black == 9 {
				t.Errorf("round %d: withdrawn player 9 is on board %d", rd.Number, b.Number)
			}
		}
	}
	if got := roundPairs(s.Rounds[1]); !slices.ContainsFunc(got, func(p string) bool { return slices.Contains(strings.Fields(p), "11") }) {
		t.Errorf("round 2 = %q: the late entry 11 is not paired", got)
	}
	if _, err := d.Pair(ctx, PairRequest{}); !errors.Is(err, ErrConflict) || !strings.Contains(err.Error(), "all 6 rounds") {
		t.Errorf("pairing a seventh round: %v", err)
	}
}
