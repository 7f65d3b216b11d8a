package pairing

// Baku returns the virtual points of the Baku acceleration (C.04.5.1) for
// a tournament of players players and rounds rounds, by rank: out[i] is the
// Accel of the player ranked i+1 in the initial order (nil for players
// outside group A). Group A is the first half of the players, rounded up;
// the accelerated rounds are the first half of the rounds, rounded up; in
// the first half of those (rounded up) group A gets a win's points, in the
// rest a draw's. These are the figures bbpPairings applies for a
// FIDE_DUTCH_2025_BAKU tournament: for 9 rounds, rounds 1-3 score 1 and
// rounds 4-5 score ½; for 7 rounds, rounds 1-2 and 3-4.
func Baku(players, rounds, win, draw int) [][]int {
	if players < 1 || rounds < 1 {
		return nil
	}
	out := make([][]int, players)
	lastRound := (rounds - 1) / 2 // 0-based: the last accelerated round
	lastFull := lastRound / 2     // 0-based: the last round worth a win
	for i := 0; i <= (players-1)/2; i++ {
		a := make([]int, lastRound+1)
		for r := range a {
			a[r] = draw
			if r <= lastFull {
				a[r] = win
			}
		}
		out[i] = a
	}
	return out
}
