package store

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/labyrinth-chess/arbiter"
)

// bigTournament returns a file database holding a tournament of n players
// with rounds rounds paired and played (boards 1-2, 3-4, ... by pairing
// number, rotated each round; White wins on odd boards, draws on even).
func bigTournament(tb testing.TB, n, rounds int) (*DB, arbiter.Tournament) {
	tb.Helper()
	ctx := context.Background()
	db := mustOpenPath(tb, filepath.Join(tb.TempDir(), "big.db"))
	// Setting up thousands of results one commit at a time would wait on
	// the disk for each; the commands measured below run with the normal
	// settings once this is reset.
	if _, err := db.db.Exec(`PRAGMA synchronous = OFF`); err != nil {
		tb.Fatal(err)
	}
	t, err := db.CreateTournament(ctx, arbiter.NewTournament("Big"))
	if err != nil {
		tb.Fatal(err)
	}
	t.Rounds = rounds + 2
	if err := db.UpdateTournament(ctx, t); err != nil {
		tb.Fatal(err)
	}
	rows := make([]ImportRow, n)
	for i := range rows {
		rows[i] = ImportRow{Line: i + 2, Player: arbiter.Player{Name: fmt.Sprintf("Player%04d, Test", i), Rating: 1000 + i}}
	}
	if _, err := db.Import(ctx, t.ID, "big.csv", rows, AddOptions{New: true}, nil, nil); err != nil {
		tb.Fatal(err)
	}
	for r := 1; r <= rounds; r++ {
		p := Pairing{Round: r}
		for i := 0; i+1 < n; i += 2 {
			w, b := (i+r-1)%n+1, (i+r)%n+1
			if r%2 == 0 {
				w, b = b, w
			}
			p.Boards = append(p.Boards, arbiter.Board{Number: len(p.Boards) + 1, White: w, Black: b})
		}
		if _, err := db.SavePairing(ctx, t.ID, p); err != nil {
			tb.Fatalf("round %d: %v", r, err)
		}
		for _, b := range p.Boards {
			res := arbiter.WhiteWins
			if b.Number%2 == 0 {
				res = arbiter.Draw
			}
			if _, err := db.SetResult(ctx, t.ID, r, b.Number, res, "", false); err != nil {
				tb.Fatal(err)
			}
		}
	}
	if _, err := db.db.Exec(`PRAGMA synchronous = FULL`); err != nil {
		tb.Fatal(err)
	}
	return db, t
}

func BenchmarkSnapshot1000(b *testing.B) {
	db, t := bigTournament(b, 1000, 7)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		s, err := db.Snapshot(ctx, t.ID)
		if err != nil || len(s.Rounds) != 7 {
			b.Fatal(err)
		}
	}
}

func BenchmarkSetResult1000(b *testing.B) {
	db, t := bigTournament(b, 1000, 7)
	ctx := context.Background()
	res := []arbiter.Result{arbiter.BlackWins, arbiter.WhiteWins}
	i := 0
	b.ReportAllocs()
	for b.Loop() {
		if _, err := db.SetResult(ctx, t.ID, 7, 250, res[i%2], "", true); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

func BenchmarkSavePairing1000(b *testing.B) {
	db, t := bigTournament(b, 1000, 7)
	ctx := context.Background()
	p := Pairing{Round: 8}
	for i := 0; i < 1000; i += 2 {
		p.Boards = append(p.Boards, arbiter.Board{Number: i/2 + 1, White: i + 2, Black: i + 1})
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := db.SavePairing(ctx, t.ID, p); err != nil {
			b.Fatal(err)
		}
		if _, err := db.Unpair(ctx, t.ID); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkAddEntry1000 enters and removes a player in a tournament of
// 1,000 before round 1, when every entry renumbers the list.
func BenchmarkAddEntry1000(b *testing.B) {
	db, t := bigTournament(b, 1000, 0)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		a, err := db.AddEntry(ctx, t.ID, arbiter.Player{Name: "Nuovo, Arrivato", Rating: 1500}, AddOptions{}, nil, nil)
		if err != nil {
			b.Fatal(err)
		}
		if _, _, err := db.Withdraw(ctx, t.ID, a.Entry.Player.ID, 0, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkImport1000 imports 1,000 players known to the roster into a
// new tournament.
func BenchmarkImport1000(b *testing.B) {
	db, _ := bigTournament(b, 1000, 0)
	ctx := context.Background()
	rows := make([]ImportRow, 1000)
	for i := range rows {
		rows[i] = ImportRow{Line: i + 2, Player: arbiter.Player{Name: fmt.Sprintf("Test Player%04d", i)}}
	}
	n := 0
	b.ReportAllocs()
	for b.Loop() {
		n++
		t, err := db.CreateTournament(ctx, arbiter.NewTournament(fmt.Sprintf("Copy %d", n)))
		if err != nil {
			b.Fatal(err)
		}
		if _, err := db.Import(ctx, t.ID, "again.csv", rows, AddOptions{}, nil, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkOpenWrite is what every writing command pays in the store: it
// opens the file of a 30-player tournament, enters one result and closes
// it, the undo triggers of a new connection included.
func BenchmarkOpenWrite(b *testing.B) {
	db, t := bigTournament(b, 30, 3)
	path := db.Path()
	db.Close()
	ctx := context.Background()
	res := []arbiter.Result{arbiter.BlackWins, arbiter.WhiteWins}
	i := 0
	b.ReportAllocs()
	for b.Loop() {
		db, err := Open(ctx, path)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := db.SetResult(ctx, t.ID, 3, 5, res[i%2], "", true); err != nil {
			b.Fatal(err)
		}
		if err := db.Close(); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// BenchmarkOpenRead is what every reading command pays in the store: it
// opens the file of a 30-player tournament, reads it and closes it.
func BenchmarkOpenRead(b *testing.B) {
	db, t := bigTournament(b, 30, 3)
	path := db.Path()
	db.Close()
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		db, err := Open(ctx, path)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := db.Snapshot(ctx, t.ID); err != nil {
			b.Fatal(err)
		}
		if err := db.Close(); err != nil {
			b.Fatal(err)
		}
	}
}
