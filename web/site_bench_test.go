package web

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
)

// BenchmarkSite draws the pages of a published site in memory (Site, no
// file written): a field of n players after 3 of 5 rounds, every round
// published. The server's state is built before the timing, as a server
// builds it once a change, so what is timed is the drawing of the pages:
// one a round, the standings, the crosstable, the search and one a
// player.
func BenchmarkSite(b *testing.B) {
	for _, n := range []int{30, 300} {
		b.Run(fmt.Sprintf("players=%d", n), func(b *testing.B) {
			srv := benchEvening(b, n, 3)
			ctx := context.Background()
			files, err := srv.Site(ctx, nil)
			if err != nil {
				b.Fatal(err)
			}
			want := n + 1 + 3 + 3 + 2 // players, index, rounds, standings, crosstable, find, 2 assets
			if len(files) != want {
				b.Fatalf("the site has %d files, want %d", len(files), want)
			}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := srv.Site(ctx, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// benchEvening returns a server of a tournament of n players (an even
// number) with rounds rounds paired, played and published.
func benchEvening(b *testing.B, n, rounds int) *Server {
	b.Helper()
	ctx := desk.WithActor(context.Background(), "bench")
	d, err := desk.Open(ctx, filepath.Join(b.TempDir(), "arbiter.db"), desk.Create, nil)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { d.Close() })
	tn := arbiter.NewTournament("Club Night")
	tn.FirstColour, tn.Rounds = arbiter.White, 5
	if tn, err = d.CreateTournament(ctx, tn); err != nil {
		b.Fatal(err)
	}
	for i := range n {
		p := arbiter.Player{Name: fmt.Sprintf("Player %03d, Bench", i+1), Rating: 2400 - 3*i, Club: "Labyrinth"}
		if _, err := d.AddEntry(ctx, tn.ID, p, desk.AddOptions{New: true}); err != nil {
			b.Fatal(err)
		}
	}
	results := []arbiter.Result{arbiter.WhiteWins, arbiter.Draw, arbiter.BlackWins}
	for r := 1; r <= rounds; r++ {
		if _, err := d.Pair(ctx, desk.PairRequest{}); err != nil {
			b.Fatal(err)
		}
		reqs := make([]desk.ResultRequest, n/2)
		for i := range reqs {
			reqs[i] = desk.ResultRequest{Round: r, Board: i + 1, Result: results[(i+r)%3]}
		}
		if _, err := d.EnterResults(ctx, reqs); err != nil {
			b.Fatal(err)
		}
		if _, _, err := d.Publish(ctx, tn.ID, 0); err != nil {
			b.Fatal(err)
		}
	}
	srv, err := New(Config{Evening: d.Evening(tn.ID, 0)})
	if err != nil {
		b.Fatal(err)
	}
	return srv
}
