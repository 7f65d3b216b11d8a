package pairing

// SwissRounds returns the largest number of rounds of a Swiss that can
// always be paired without a rematch among players players who all play
// every round, whatever the results: more rounds may pair, these always
// do. It is 0 for fewer than 2 players.
//
// Why: a Swiss round is a perfect matching of the graph whose edges join
// the players who have not met yet (C.04.3 C1, no rematch); with an odd
// field, add one vertex for the pairing-allocated bye, joined to those who
// have not had it (C2). After k rounds that graph on m vertices (m = n, or
// n+1 for an odd field) is (m-1-k)-regular. By Dirac's theorem a graph on
// m ≥ 3 vertices whose degrees are all at least m/2 has a Hamiltonian
// cycle, so, m being even, a perfect matching: round k+1 always pairs
// while m-1-k ≥ m/2, that is for rounds 1 to m/2 = ⌈n/2⌉. One more round
// can fail: after m/2 rounds the graph of unmet players can be two
// disjoint odd cliques (for 6 players, two triangles), which no pairing
// covers. The bound does not depend on the Dutch system's choices, but the
// colour criterion C3 could in principle forbid a pairing the graph
// allows, so the tests play results through this package's Dutch engine:
// every sequence of results (win, draw or loss on each board) for 2 to 6
// players, and with -fit.exhaustive for 7 and 8 (1.1 million pairings);
// random sequences for 7 to 12. For 2 to 8 players the number is exact:
// one round more fails for some results.
//
// Small fields do better than the bound, and the engine is used where it
// does: for 3 and 4 players the graph after two rounds has degree 1 and is
// itself the last round's pairing, so 3 rounds always pair (a round
// robin); for 7 players every sequence of results pairs 5 rounds (the
// bound says 4; one player sits out each round, which leaves the Dutch
// engine room that 8 players do not have: for them a fifth round fails).
// From 9 players on, SwissRounds is the bound: more rounds may pair.
func SwissRounds(players int) int {
	switch {
	case players < 2:
		return 0
	case players == 2:
		return 1
	case players <= 4:
		return 3
	case players == 7:
		return 5
	}
	return (players + 1) / 2
}

// RoundRobinRounds returns the rounds of an all-play-all among players
// players played cycles times (FIDE C.05 Annex 1): what a field too small
// for the Swiss the organizer planned can play instead.
func RoundRobinRounds(players, cycles int) int {
	if players < 2 {
		return 0
	}
	return BergerRounds(players, cycles)
}
