package pairing

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/labyrinth-chess/arbiter/trf"
)

// benchDir, when set, receives each benchmark input as a TRF file
// (p<players>_r<round>.trf), to time another engine on the same rounds:
//
//	go test ./pairing -run '^$' -bench Pair -benchtime 1x -pairing.benchdir /tmp/in
//	bbpPairings.exe --dutch /tmp/in/p1000_r5.trf -p
var benchDir = flag.String("pairing.benchdir", "", "directory to write the benchmark inputs to, as TRF")

// benchIn, when set, names a directory of TRF files for BenchmarkPairFiles,
// each paired at the round after its last played one:
//
//	go test ./pairing -run '^$' -bench PairFiles -benchtime 1x -pairing.benchin /tmp/in
var benchIn = flag.String("pairing.benchin", "", "directory of TRF files for BenchmarkPairFiles")

// BenchmarkPair pairs rounds 1, 2, 3, 5 and 9 of random tournaments: the
// first rounds have few large scoregroups, the later ones many small ones.
// The earlier rounds come from a simple Swiss rule (quickPair), so that
// making the inputs is quick; the timed part is one Dutch pairing. The
// 5,000-player cases are skipped with -short.
func BenchmarkPair(b *testing.B) {
	for _, n := range []int{40, 200, 1000, 5000} {
		for _, round := range []int{1, 2, 3, 5, 9} {
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

// BenchmarkPairFiles pairs the next round of every TRF file in benchIn, one
// sub-benchmark per file: histories made by any engine, such as whole
// tournaments paired by this one, which the random inputs of BenchmarkPair
// (made quickly by a simpler rule) do not reproduce.
func BenchmarkPairFiles(b *testing.B) {
	if *benchIn == "" {
		b.Skip("set -pairing.benchin to a directory of TRF files")
	}
	names, err := filepath.Glob(filepath.Join(*benchIn, "*.trf"))
	if err != nil {
		b.Fatal(err)
	}
	for _, name := range names {
		b.Run(strings.TrimSuffix(filepath.Base(name), ".trf"), func(b *testing.B) {
			data, err := os.ReadFile(name)
			if err != nil {
				b.Fatal(err)
			}
			f, err := trf.Read(bytes.NewReader(data))
			if err != nil {
				b.Fatal(err)
			}
			in, err := FromTRF(f, 0)
			if err != nil {
				b.Fatal(err)
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

// BenchmarkPairLargest pairs round 1 of the largest field TRF allows
// (pairing numbers have four digits: 9,999 players), in one bracket,
// without and with explanations. Its
// target is under 500 MB of memory: it reports the bytes allocated per
// pairing (total-B/op, as -benchmem's B/op) and the largest heap seen
// (peak-heap-B), sampled while the pairing runs.
//
//	go test ./pairing -run '^$' -bench PairLargest -benchtime 1x -benchmem
func BenchmarkPairLargest(b *testing.B) {
	if testing.Short() {
		b.Skip("9,999 players: run without -short")
	}
	in, err := benchInput(9999, 1)
	if err != nil {
		b.Fatal(err)
	}
	// explained is what arbiter round pair runs: the pairing with the
	// reasons for each board.
	for _, c := range []struct {
		name string
		pair func(Input) (Result, error)
	}{{"plain", Pair}, {"explained", PairExplained}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			var total, peak uint64
			n := 0
			for b.Loop() {
				runtime.GC()
				var before runtime.MemStats
				runtime.ReadMemStats(&before)
				stop := make(chan struct{})
				done := make(chan uint64)
				go sampleHeap(stop, done)
				if _, err := c.pair(in); err != nil {
					b.Fatal(err)
				}
				close(stop)
				var after runtime.MemStats
				runtime.ReadMemStats(&after)
				p := max(<-done, after.HeapAlloc)
				total += after.TotalAlloc - before.TotalAlloc
				peak = max(peak, p-min(p, before.HeapAlloc))
				n++
			}
			b.ReportMetric(float64(total)/float64(n), "total-B/op")
			b.ReportMetric(float64(peak), "peak-heap-B")
		})
	}
}

// sampleHeap reads the live heap every few milliseconds until stop is
// closed, then sends the largest value it saw.
func sampleHeap(stop <-chan struct{}, done chan<- uint64) {
	var peak uint64
	var ms runtime.MemStats
	t := time.NewTicker(5 * time.Millisecond)
	defer t.Stop()
	for {
		runtime.ReadMemStats(&ms)
		peak = max(peak, ms.HeapAlloc)
		select {
		case <-stop:
			done <- peak
			return
		case <-t.C:
		}
	}
}
