package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// BenchmarkGameCheckInProcess runs game check, as the command line does
// (output filter included), in this process on every PGN file of
// -floor.games twice over: the file BenchmarkFloor/game_check times, for
// a CPU profile (-cpuprofile) of the check without the process around it.
func BenchmarkGameCheckInProcess(b *testing.B) {
	names, _ := filepath.Glob(filepath.Join(*floorGames, "*.pgn"))
	if len(names) == 0 {
		b.Skipf("no PGN files in %s (set -floor.games)", *floorGames)
	}
	slices.Sort(names)
	var all []byte
	for range 2 {
		for _, n := range names {
			data, err := os.ReadFile(n)
			if err != nil {
				b.Fatal(err)
			}
			all = append(all, data...)
			all = append(all, '\n')
		}
	}
	file := filepath.Join(b.TempDir(), "games.pgn")
	if err := os.WriteFile(file, all, 0o644); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(all)))
	b.ReportAllocs()
	for b.Loop() {
		if code := run(context.Background(), []string{"game", "check", file}, nil, io.Discard, io.Discard, func(string) string { return "" }); code != exitOK {
			b.Fatalf("game check exited %d", code)
		}
	}
}
