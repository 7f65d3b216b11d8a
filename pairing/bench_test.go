package pairing

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/labyrinth-chess/arbiter/trf"
)

// benchDir, when set, receives each benchmark input as a TRF file
// (p<players>_r<round>.trf), to time another engine on the same rounds:
//
//	go test ./pairing -run '^$' -bench Pair -benchtime 1x -pairing.benchdir /tmp/in
//	bbpPairings.exe --dutch /tmp/in/p1000_r5.trf -p
var benchDir = flag.String("pairing.benchdir", "", "directory to write the benchmark inputs to, as TRF")

// BenchmarkPair pairs round 5 and round 9 of random tournaments. The
// earlier rounds come from a simple Swiss rule (quickPair), so that making
// the inputs is quick; the timed part is one Dutch pairing. The 5,000-player
// cases are skipped with -short.
func BenchmarkPair(b *testing.B) {
	for _, n := range []int{40, 200, 1000, 5000} {
		for _, round := range []int{5, 9} {
			b.Run(fmt.Sprintf("players=%d/round=%d", n, round), func(b *testing.B) {
				if n >= 5000 && testing.Short() {
					b.Skip("5,000 players: run without -short")
				}
				in, err := benchInput(n, round)
				if err != nil {
					b.Fatal(err)
				}
				if *benchDir != "" {
					writeBenchInput(b, n, round)
				}
				b.ReportAllocs()
				for b.Loop() {
					if _, err := Pair(in); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// writeBenchInput writes the input of BenchmarkPair for n players and
// round as a TRF file in benchDir.
func writeBenchInput(b *testing.B, n, round int) {
	f, err := benchTRF(n, round)
	if err != nil {
		b.Fatal(err)
	}
	var buf bytes.Buffer
	if err := trf.NewWriter(&buf).Write(f); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(*benchDir, fmt.Sprintf("p%d_r%d.trf", n, round)), buf.Bytes(), 0o644); err != nil {
		b.Fatal(err)
	}
}
