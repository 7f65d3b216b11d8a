package pairing

import (
	"fmt"
	"testing"
)

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
