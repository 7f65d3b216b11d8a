package main

import (
	"context"
	"io"
	"path/filepath"
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
	file, size := floorGamesFile(b, names)
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		if code := run(context.Background(), []string{"game", "check", file}, nil, io.Discard, io.Discard, func(string) string { return "" }); code != exitOK {
			b.Fatalf("game check exited %d", code)
		}
	}
}
