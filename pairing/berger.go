package pairing

import "fmt"

// Berger tables (FIDE Handbook C.05, General Regulations for
// Competitions, Annex 1: Details of Berger Tables).
//
// For an even number of players N the published tables fix player N (the
// pivot) and turn the others round it: in round r, players i and j below N
// meet when i+j ≡ r+1 (mod N-1), and the pivot meets the player i with
// 2i ≡ r+1 (mod N-1). The pivot has Black in odd rounds and White in even
// rounds; of two other players, White goes to the one from whom the other
// is an odd number of steps further round the circle ((j-i) mod (N-1)
// odd). Board 1 is the pivot's game; the next boards follow the circle from
// the pivot's opponent. Written out, this gives the tables as published,
// e.g. for 7 or 8 players:
//
//	Rd 1: 1-8, 2-7, 3-6, 4-5
//	Rd 2: 8-5, 6-4, 7-3, 1-2
//	Rd 3: 2-8, 3-1, 4-7, 5-6
//	...
//	Rd 7: 4-8, 5-3, 6-2, 7-1
//
// With an odd number of players, the table for one more is used and the
// highest number is the bye (Annex 1: "if there is an odd number of
// players, the highest number counts as a bye").
//
// A double round robin plays the table twice, the second cycle with the
// colours reversed; Annex 1 recommends reversing the order of the last two
// rounds of the first cycle, so that no player has the same colour three
// times in a row where the cycles meet. BergerRound does so.

// MinBerger and MaxBerger bound the players the published tables cover.
const (
	MinBerger = 3
	MaxBerger = 16
)

// BergerRounds returns the number of rounds of a round robin among players
// players, played cycles times (1 or 2): players-1 per cycle for an even
// field, players for an odd one (each player sits out once).
func BergerRounds(players, cycles int) int {
	n := players + players%2
	return (n - 1) * cycles
}

// BergerRound returns round r (from 1) of a round robin among players
// players (pairing numbers 1 to players, in the order drawn) played cycles
// times, in board order with colours, and the player who has no opponent
// (0 when the field is even). An error names what is out of range.
func BergerRound(players, cycles, r int) (boards []Board, bye int, err error) {
	if players < 2 {
		return nil, 0, fmt.Errorf("pairing: a round robin needs 2 players or more, not %d", players)
	}
	if cycles != 1 && cycles != 2 {
		return nil, 0, fmt.Errorf("pairing: a round robin is played once or twice, not %d times", cycles)
	}
	total := BergerRounds(players, cycles)
	if r < 1 || r > total {
		return nil, 0, fmt.Errorf("pairing: round %d: a round robin of %d players played %s has rounds 1 to %d (FIDE C.05 Annex 1)", r, players, cyclesWord(cycles), total)
	}
	n := players + players%2
	per := n - 1
	reverse := false
	if r > per {
		r -= per
		reverse = true
	} else if cycles == 2 && per >= 2 && r >= per-1 {
		// Annex 1: in a double round robin the last two rounds of the
		// first cycle are played in reverse order.
		r = 2*per - 1 - r
	}
	for _, b := range bergerTable(n, r) {
		if reverse {
			b.White, b.Black = b.Black, b.White
		}
		if b.White > players {
			bye = b.Black
			continue
		}
		if b.Black > players {
			bye = b.White
			continue
		}
		boards = append(boards, b)
	}
	return boards, bye, nil
}

// bergerTable returns round r (1 to n-1) of the published table for an
// even number n of players, every board, the pivot n included.
func bergerTable(n, r int) []Board {
	m := n - 1
	mod := func(x int) int { // into 1..m
		x %= m
		if x <= 0 {
			x += m
		}
		return x
	}
	// The pivot's opponent p: 2p ≡ r+1 (mod m); m is odd, so 2 has the
	// inverse (m+1)/2.
	p := mod((r + 1) * (m + 1) / 2)
	boards := make([]Board, 0, n/2)
	if r%2 == 1 {
		boards = append(boards, Board{White: p, Black: n})
	} else {
		boards = append(boards, Board{White: n, Black: p})
	}
	for k := 1; k < n/2; k++ {
		i := mod(p + k)
		j := mod(r + 1 - i)
		if ((j-i)%m+m)%m%2 == 0 {
			i, j = j, i
		}
		boards = append(boards, Board{White: i, Black: j})
	}
	return boards
}

func cyclesWord(cycles int) string {
	if cycles == 2 {
		return "twice"
	}
	return "once"
}
