package desk

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/labyrinth-chess/arbiter"
)

// TestConcurrentCalls shares one Desk between goroutines as a server
// shares it between phones: five enter and correct the results of their
// boards, two read the standings, one keeps trying to pair the next
// round. Run with -race. Every call must succeed or be refused for a
// reason of the domain, and the log must name who made each change.
func TestConcurrentCalls(t *testing.T) {
	ctx := context.Background()
	d := mustOpen(t)
	mustTournament(t, ctx, d, 10)
	mustPair(t, ctx, d)

	const corrections = 4
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	unexpected := func(who string, err error) {
		select {
		case errs <- fmt.Errorf("%s: %w", who, err):
		default:
		}
	}
	for b := 1; b <= 5; b++ {
		wg.Go(func() {
			who := fmt.Sprintf("phone-%d", b)
			ctx := WithActor(ctx, who)
			results := []arbiter.Result{arbiter.WhiteWins, arbiter.Draw, arbiter.BlackWins}
			for i := range corrections {
				_, err := d.EnterResult(ctx, ResultRequest{Board: b, Round: 1, Result: results[(b+i)%3], Correct: true})
				if err != nil && !errors.Is(err, ErrBusy) {
					unexpected(who, err)
				}
			}
		})
	}
	for r := range 2 {
		wg.Go(func() {
			for range 10 {
				s, err := d.Snapshot(ctx, "")
				if err != nil {
					unexpected(fmt.Sprintf("reader %d", r), err)
					return
				}
				if _, _, err := Rank(s, len(s.Rounds)); err != nil {
					unexpected(fmt.Sprintf("reader %d", r), err)
				}
				if _, err := d.RoundDetail(ctx, s.Tournament.ID, 1); err != nil {
					unexpected(fmt.Sprintf("reader %d", r), err)
				}
			}
		})
	}
	paired := 0
	wg.Go(func() {
		ctx := WithActor(ctx, "pairer")
		for range 20 {
			out, err := d.Pair(ctx, PairRequest{})
			switch {
			case err == nil:
				paired = out.Round.Number
				return
			case errors.Is(err, ErrRoundOpen), errors.Is(err, ErrStale), errors.Is(err, ErrBusy):
			default:
				unexpected("pairer", err)
				return
			}
		}
	})
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}

	s, err := d.Snapshot(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	if !s.Rounds[0].Complete() {
		t.Fatalf("round 1 = %+v, want every result in", s.Rounds[0].Boards)
	}
	t.Logf("the pairer paired round %d; %d rounds stored", paired, len(s.Rounds))
	if paired != 0 && len(s.Rounds) != 2 {
		t.Errorf("the pairer paired round %d, but %d rounds are stored", paired, len(s.Rounds))
	}
	evs, err := d.Events(ctx, 0)
	if err != nil {
		t.Fatal(err)
	}
	results := 0
	for _, e := range evs {
		switch {
		case strings.HasPrefix(e.Action, "result."):
			results++
			var b int
			fmt.Sscanf(e.Subject, "round 1 board %d", &b)
			if want := fmt.Sprintf("phone-%d", b); e.Who != want {
				t.Errorf("event %s %q by %q, want %s", e.Action, e.Subject, e.Who, want)
			}
		case e.Action == "round.pair" && strings.HasPrefix(e.Subject, "round 2"):
			if e.Who != "pairer" {
				t.Errorf("round 2 paired by %q, want pairer", e.Who)
			}
		}
	}
	if results < 5 {
		t.Errorf("%d results logged, want at least one per board", results)
	}
}
