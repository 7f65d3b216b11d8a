package rules

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// bigPGN returns the shared games repeated until there are at least
// 10,000 of them, and the number of games.
func bigPGN(b *testing.B) ([]byte, int) {
	one := sharedGames(b)
	n := countGames(b, one)
	var all []byte
	games := 0
	for games < 10000 {
		all = append(all, one...)
		games += n
	}
	return all, games
}

func countGames(tb testing.TB, data []byte) int {
	r := NewReader(bytes.NewReader(data))
	n := 0
	for {
		_, err := r.Read()
		if errors.Is(err, io.EOF) {
			return n
		}
		n++
	}
}

// BenchmarkCheckPGN reads and checks more than 10,000 real games (the
// shared collection, repeated): every move replayed, the end of each game
// judged, and the result checked.
func BenchmarkCheckPGN(b *testing.B) {
	data, games := bigPGN(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		r := NewReader(bytes.NewReader(data))
		for {
			g, err := r.Read()
			if errors.Is(err, io.EOF) {
				break
			}
			if v := Check(g, Options{}); !v.Legal() {
				b.Fatalf("illegal game at line %d: %v", g.Line, v.Illegal)
			}
		}
	}
	b.ReportMetric(float64(games)*float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkReadPGN reads the same games without checking them.
func BenchmarkReadPGN(b *testing.B) {
	data, games := bigPGN(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		r := NewReader(bytes.NewReader(data))
		for {
			if _, err := r.Read(); errors.Is(err, io.EOF) {
				break
			}
		}
	}
	b.ReportMetric(float64(games)*float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkPerftTable runs every row of the shared perft table, deep rows
// included, and fails on a wrong count.
func BenchmarkPerftTable(b *testing.B) {
	path := filepath.Join(sharedData(b), "perft.tsv")
	if _, err := os.Stat(path); err != nil {
		b.Skip("no shared perft table")
	}
	cases := readPerftTable(b, path)
	var nodes uint64
	for b.Loop() {
		for _, c := range cases {
			p, err := ParseFEN(c.fen)
			if err != nil {
				b.Fatal(err)
			}
			if got := Perft(p, c.depth); got != c.nodes {
				b.Fatalf("Perft(%q, %d) = %d, want %d", c.fen, c.depth, got, c.nodes)
			}
			nodes += c.nodes
		}
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}
