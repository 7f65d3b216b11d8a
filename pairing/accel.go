package pairing

import (
	"slices"

	"github.com/labyrinth-chess/arbiter"
)

// The Baku acceleration (FIDE C.04.7 of the rules applied from 1 February
// 2026, "Baku Acceleration Method", articles 1.2-1.5; C.04.5.1 in earlier
// handbooks):
//
//   - Groups (1.2): before round 1 the players, in the initial order, are
//     split into group A, the first half rounded up to an even number, and
//     group B, the others. The text's own formula: 2·Q, Q being the number
//     of players divided by 4 and rounded up (161 players: 82).
//   - Late entries (1.3): they take their place in the list, and the last
//     player of group A stays the same player, so group A may become odd.
//   - Virtual points (1.4): the accelerated rounds are the first half of
//     the rounds, rounded up; before the first half of those (rounded up)
//     each player of group A gets a win's points, before the others half
//     of that. Group B never gets any, nor anyone after the accelerated
//     rounds. Nine rounds: 5 accelerated, 3 at a win and 2 at half.
//   - Pairing score (1.5): points plus virtual points, for the score
//     groups, their order and the board order.

// BakuGroup returns the size of group A of the Baku acceleration for a
// field of n players (C.04.7 1.2): 2·⌈n/4⌉, or n itself when that is more
// than n (one player).
func BakuGroup(n int) int {
	if n < 1 {
		return 0
	}
	return min(n, 2*((n+3)/4))
}

// BakuPoints returns the virtual points a player of group A has for
// pairing each of the first rounds of a tournament of rounds rounds
// (C.04.7 1.4): out[r-1] for round r, through the last accelerated round;
// win is the points of a win, halved for the later accelerated rounds.
func BakuPoints(rounds, win int) []int {
	if rounds < 1 {
		return nil
	}
	accelerated := (rounds + 1) / 2
	full := (accelerated + 1) / 2
	out := make([]int, accelerated)
	for r := range out {
		out[r] = win / 2
		if r < full {
			out[r] = win
		}
	}
	return out
}

// Baku returns the virtual points of the Baku acceleration for a
// tournament of players players and rounds rounds, by rank: out[i] is the
// Accel of the player ranked i+1 in the initial order, nil for players
// outside group A (BakuGroup, BakuPoints). For 9 rounds, rounds 1-3 score
// win and rounds 4-5 half of it; for 7 rounds, rounds 1-2 and 3-4. These
// are the figures bbpPairings applies for a FIDE_DUTCH_2025_BAKU file.
func Baku(players, rounds, win int) [][]int {
	if players < 1 || rounds < 1 {
		return nil
	}
	out := make([][]int, players)
	for i := range BakuGroup(players) {
		out[i] = BakuPoints(rounds, win)
	}
	return out
}

// BakuLast returns the pairing number of the last player of group A among
// entries (C.04.7 1.2-1.3): group A is drawn from the players entered for
// round 1, in pairing-number order (the initial order), leaving out late
// entries and players withdrawn before round 1; a late entry joins group
// B, whatever his number, since the last player of group A stays the same.
// 0 when nobody is entered for round 1.
func BakuLast(entries []arbiter.Entry) int {
	var field []int
	for _, e := range entries {
		if e.Plays(1) {
			field = append(field, e.PN)
		}
	}
	k := BakuGroup(len(field))
	if k == 0 {
		return 0
	}
	// entries may come in any order: the k-th smallest pairing number.
	slices.Sort(field)
	return field[k-1]
}
