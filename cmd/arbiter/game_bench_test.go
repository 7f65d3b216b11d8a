package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/rules"
	"github.com/labyrinth-chess/arbiter/store"
)

// roundOfGames writes a database with a tournament of 1,000 players and
// round 1 paired on 500 boards, no result in, and a PGN file with a game
// for every board: real games from rules/testdata, taken in turn, with
// the players' names written "First Last" and a Round tag without the
// board, so that every game is matched by its names. It returns the
// paths of the database and of the file.
func roundOfGames(b *testing.B) (string, string) {
	b.Helper()
	ctx := context.Background()
	path := bigEvening(b, 1000, 0)
	db, err := store.Open(ctx, path)
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	s, err := db.Snapshot(ctx, 1)
	if err != nil {
		b.Fatal(err)
	}
	p := store.Pairing{Round: 1}
	for i := 0; i < 500; i++ {
		p.Boards = append(p.Boards, arbiter.Board{Number: i + 1, White: i + 1, Black: i + 501})
	}
	if _, err := db.SavePairing(ctx, s.Tournament.ID, p); err != nil {
		b.Fatal(err)
	}

	f, err := os.Open(filepath.Join("..", "..", "rules", "testdata", "games.pgn"))
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	var real []*rules.Game
	r := rules.NewReader(f)
	for {
		g, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			b.Fatal(err)
		}
		if v := rules.Check(g, rules.Options{}); v.Legal() && v.ResultConsistent && len(g.Moves) > 0 {
			real = append(real, g)
		}
	}
	if len(real) < 50 {
		b.Fatalf("only %d usable games in rules/testdata/games.pgn", len(real))
	}
	firstLast := func(pn int) string {
		last, first, _ := strings.Cut(s.Entry(pn).Player.Name, ", ")
		return first + " " + last
	}
	var pgn []byte
	for _, bd := range p.Boards {
		g := *real[(bd.Number-1)%len(real)]
		g.Tags = []rules.Tag{{Name: "Event", Value: "Big"}, {Name: "Round", Value: "1"},
			{Name: "White", Value: firstLast(bd.White)}, {Name: "Black", Value: firstLast(bd.Black)}, {Name: "Result", Value: g.Result}}
		pgn = rules.AppendPGN(pgn, &g)
	}
	file := filepath.Join(b.TempDir(), "round1.pgn")
	if err := os.WriteFile(file, pgn, 0o644); err != nil {
		b.Fatal(err)
	}
	return path, file
}

// BenchmarkGameImport500 imports a round of 500 games into a tournament of
// 1,000 players, as "arbiter game import round1.pgn" does: read the file,
// match every game to its board by the players' names, replay and judge
// it, and store the games, their results and the log in one transaction.
// Each import starts from a fresh copy of the database (not timed).
func BenchmarkGameImport500(b *testing.B) {
	template, file := roundOfGames(b)
	data, err := os.ReadFile(template)
	if err != nil {
		b.Fatal(err)
	}
	dir := b.TempDir()
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		b.StopTimer()
		n++
		path := filepath.Join(dir, fmt.Sprintf("t%d.db", n))
		if err := os.WriteFile(path, data, 0o644); err != nil {
			b.Fatal(err)
		}
		env := func(k string) string {
			if k == "ARBITER_DB" {
				return path
			}
			return ""
		}
		var errs strings.Builder
		b.StartTimer()
		if code := run(context.Background(), []string{"game", "import", file}, strings.NewReader(""), io.Discard, &errs, env); code != 0 {
			b.Fatalf("game import: exit %d\n%s", code, errs.String())
		}
		if n == 1 && !strings.Contains(errs.String(), "Imported 500 games") {
			b.Fatalf("game import: %s", errs.String())
		}
	}
	b.ReportMetric(500, "games/op")
}
