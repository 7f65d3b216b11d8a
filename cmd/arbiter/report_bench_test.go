package main

import (
	"context"
	"io"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkReports1000 writes each file as a whole process would (open the
// database, rank, draw, write the file) for a tournament of 1,000 players
// after 10 rounds.
func BenchmarkReports1000(b *testing.B) {
	path := bigEvening(b, 1000, 10)
	env := func(k string) string {
		if k == "ARBITER_DB" {
			return path
		}
		return ""
	}
	dir := b.TempDir()
	for _, cmd := range []string{
		"export xlsx big.xlsx", "print standings -o big.pdf", "print crosstable -o big.pdf",
		"print pairings -o big.pdf", "print slips -o big.pdf",
	} {
		b.Run(strings.Fields(cmd)[1], func(b *testing.B) {
			args := strings.Fields(cmd)
			args[len(args)-1] = filepath.Join(dir, args[len(args)-1])
			b.ReportAllocs()
			for b.Loop() {
				if code := run(context.Background(), args, strings.NewReader(""), io.Discard, io.Discard, env); code != 0 {
					b.Fatalf("arbiter %s: exit %d", cmd, code)
				}
			}
		})
	}
}
