package pairing

import (
	"fmt"
	"testing"
)

// BenchmarkPairDoubleSwiss pairs one round of a random Double-Swiss
// tournament of 1,000 players: round 1 (one scoregroup of 1,000), and the
// rounds after 2, 4 and 8 matches played by the generator (many
// scoregroups, forfeits, byes). The history is made before the timer by
// GenerateDoubleSwiss, which pairs every earlier match with the same
// engine.
func BenchmarkPairDoubleSwiss(b *testing.B) {
	for _, round := range []int{1, 3, 5, 9} {
		b.Run(fmt.Sprintf("players=1000/round=%d", round), func(b *testing.B) {
			f, err := GenerateDoubleSwiss(GenerateOptions{Players: 1000, Rounds: max(round-1, 1), Seed: 2026, Draws: 0.3, Forfeits: 0.02, Byes: 0.02})
			if err != nil {
				b.Fatal(err)
			}
			if round == 1 {
				for i := range f.Players {
					f.Players[i].Games = nil
					f.Players[i].Points = 0
				}
			}
			f.Rounds = 2 * max(round, 9)
			in, err := FromTRFDoubleSwiss(f, round)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := PairDoubleSwiss(in); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
