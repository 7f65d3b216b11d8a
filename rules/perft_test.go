package rules

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

type perftCase struct {
	fen   string
	depth int
	nodes uint64
}

func readPerftTable(tb testing.TB, path string) []perftCase {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var cases []perftCase
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) < 3 || cols[0] == "fen" {
			continue
		}
		d, err1 := strconv.Atoi(cols[1])
		n, err2 := strconv.ParseUint(cols[2], 10, 64)
		if err1 != nil || err2 != nil {
			tb.Fatalf("bad perft row %q", sc.Text())
		}
		cases = append(cases, perftCase{cols[0], d, n})
	}
	return cases
}

// TestPerft checks the move generator against every row of the perft
// table (testdata/perft.tsv, counts verified with Stockfish) whose count
// is small enough to run quickly; BenchmarkPerftTable runs the deep rows.
func TestPerft(t *testing.T) {
	limit := uint64(5_000_000)
	if testing.Short() {
		limit = 200_000
	}
	for _, c := range readPerftTable(t, "testdata/perft.tsv") {
		if c.nodes > limit {
			continue
		}
		t.Run(c.fen+"/"+strconv.Itoa(c.depth), func(t *testing.T) {
			p, err := ParseFEN(c.fen)
			if err != nil {
				t.Fatal(err)
			}
			if got := Perft(p, c.depth); got != c.nodes {
				t.Errorf("Perft(%q, %d) = %d, want %d", c.fen, c.depth, got, c.nodes)
			}
		})
	}
}

// BenchmarkPerft6 measures the move generator: perft depth 6 from the
// start position (119,060,324 nodes), single-threaded, with the moves of
// the last ply counted rather than played.
func BenchmarkPerft6(b *testing.B) {
	p := StartPosition()
	b.ReportAllocs()
	var n uint64
	for b.Loop() {
		n = Perft(p, 6)
	}
	if n != 119060324 {
		b.Fatalf("Perft(start, 6) = %d, want 119060324", n)
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
}
