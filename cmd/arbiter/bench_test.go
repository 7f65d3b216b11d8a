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

// bigEvening writes a database with a tournament of n players and rounds
// rounds played, and returns its path.
func bigEvening(b *testing.B, n, rounds int) string {
	b.Helper()
	ctx := context.Background()
	path := filepath.Join(b.TempDir(), "big.db")
	db, err := store.Open(ctx, path)
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	t := arbiter.NewTournament("Big")
	t.Rounds = rounds + 1
	if t, err = db.CreateTournament(ctx, t); err != nil {
		b.Fatal(err)
	}
	rows := make([]store.ImportRow, n)
	for i := range rows {
		rows[i] = store.ImportRow{Line: i + 2, Player: arbiter.Player{Name: fmt.Sprintf("Player%04d, Test", i), Rating: 1000 + i}}
	}
	if _, err := db.Import(ctx, t.ID, "big.csv", rows, store.AddOptions{New: true}, nil, nil); err != nil {
		b.Fatal(err)
	}
	for r := 1; r <= rounds; r++ {
		p := store.Pairing{Round: r}
		for i := 0; i+1 < n; i += 2 {
			p.Boards = append(p.Boards, arbiter.Board{Number: len(p.Boards) + 1, White: (i+r-1)%n + 1, Black: (i+r)%n + 1})
		}
		if _, err := db.SavePairing(ctx, t.ID, p); err != nil {
			b.Fatal(err)
		}
		for _, bd := range p.Boards {
			res := []arbiter.Result{arbiter.WhiteWins, arbiter.Draw, arbiter.BlackWins}[bd.Number%3]
			if _, err := db.SetResult(ctx, t.ID, r, bd.Number, res, "", false); err != nil {
				b.Fatal(err)
			}
		}
	}
	return path
}

// BenchmarkCommands1000 runs the commands of an evening, each as a whole
// process would (open the file, read, print), on a tournament of 1,000
// players after 7 rounds.
func BenchmarkCommands1000(b *testing.B) {
	path := bigEvening(b, 1000, 7)
	env := func(k string) string {
		if k == "ARBITER_DB" {
			return path
		}
		return ""
	}
	flip := 0
	for _, cmd := range []string{
		"standings", "standings --json", "standings --explain 500", "round show", "round show --json",
		"player list", "tournament show", "round result 250 0-1 --correct", "log",
	} {
		b.Run(strings.ReplaceAll(cmd, " ", "_"), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				args := strings.Fields(cmd)
				if strings.HasPrefix(cmd, "round result") {
					args[3] = []string{"0-1", "1-0"}[flip%2]
					flip++
				}
				if code := run(context.Background(), args, strings.NewReader(""), io.Discard, io.Discard, env); code != 0 {
					b.Fatalf("arbiter %s: exit %d", cmd, code)
				}
			}
		})
	}
}
