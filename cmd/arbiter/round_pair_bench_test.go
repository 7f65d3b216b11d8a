package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/store"
)

// pairedEvening writes a database with a tournament of n players whose
// first rounds rounds were paired by round pair, with results that mix
// wins, draws and losses, and returns its path.
func pairedEvening(b *testing.B, n, rounds int) string {
	b.Helper()
	ctx := context.Background()
	path := filepath.Join(b.TempDir(), "paired.db")
	db, err := store.Open(ctx, path)
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	t := arbiter.NewTournament("Big Swiss")
	t.Rounds, t.FirstColour = 9, arbiter.White
	if t, err = db.CreateTournament(ctx, t); err != nil {
		b.Fatal(err)
	}
	rows := make([]store.ImportRow, n)
	for i := range rows {
		rows[i] = store.ImportRow{Line: i + 2, Player: arbiter.Player{Name: fmt.Sprintf("Player%04d, Test", i), Rating: 2400 - i}}
	}
	if _, err := db.Import(ctx, t.ID, "big.csv", rows, store.AddOptions{New: true}, nil, nil); err != nil {
		b.Fatal(err)
	}
	env := func(k string) string {
		if k == "ARBITER_DB" {
			return path
		}
		return ""
	}
	for r := 1; r <= rounds; r++ {
		var errs strings.Builder
		if code := run(ctx, []string{"round", "pair"}, strings.NewReader(""), io.Discard, &errs, env); code != 0 {
			b.Fatalf("round pair %d: exit %d: %s", r, code, errs.String())
		}
		s, err := db.Snapshot(ctx, t.ID)
		if err != nil {
			b.Fatal(err)
		}
		for _, bd := range s.Rounds[r-1].Boards {
			res := []arbiter.Result{arbiter.WhiteWins, arbiter.Draw, arbiter.BlackWins, arbiter.WhiteWins, arbiter.BlackWins}[(bd.Number*7+r)%5]
			if _, err := db.SetResult(ctx, t.ID, r, bd.Number, res, "", false); err != nil {
				b.Fatal(err)
			}
		}
	}
	return path
}

// BenchmarkRoundPair200 pairs round 5 of a 200-player tournament end to
// end, as the command does: open the file, read the tournament, pair by
// the Dutch system with explanations, print. dry-run stores nothing;
// store+unpair saves the round and then unpairs it, both commands timed.
func BenchmarkRoundPair200(b *testing.B) {
	path := pairedEvening(b, 200, 4)
	env := func(k string) string {
		if k == "ARBITER_DB" {
			return path
		}
		return ""
	}
	exec := func(b *testing.B, args ...string) {
		if code := run(context.Background(), args, strings.NewReader(""), io.Discard, io.Discard, env); code != 0 {
			b.Fatalf("arbiter %s: exit %d", strings.Join(args, " "), code)
		}
	}
	b.Run("dry-run", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			exec(b, "round", "pair", "--dry-run")
		}
	})
	b.Run("store+unpair", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			exec(b, "round", "pair")
			exec(b, "round", "unpair")
		}
	})
}
