package tiebreak

import (
	"testing"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/scoring"
)

// TestDoubleSwissTiebreaks computes tie-breaks on the score cards of a
// Double-Swiss tournament (C.04.5), a round per match in game points: a
// match won (1½ or 2 of its 2 points) counts as a win, a level match (1)
// as a draw, and the figures C.07 sets at a draw scale with the match.
//
// Four players, two rounds (game 1's White first, the games in their own
// colours):
//
//	R1: 1-2 1-0 ½-½ (1½-½)   3-4 ½-½ ½-½ (1-1)
//	R2: 3-1 0-1 0-1 (1-1)    4-2 -+ +-   (4 forfeits both: 2-0 to 2)
//
// Points: 1: 1½+1 = 2½; 2: ½+2 = 2½; 3: 1+1 = 2; 4: 1+0 = 1.
func TestDoubleSwissTiebreaks(t *testing.T) {
	tour := arbiter.NewTournament("ds")
	tour.DoubleSwissValues()
	tour.Rounds = 2
	tour.TiebreakEdition = Edition2023
	entries := make([]arbiter.Entry, 4)
	for i := range entries {
		entries[i] = arbiter.Entry{PN: i + 1, JoinedRound: 1}
	}
	m := func(n, w, b int, g1, g2 arbiter.Result) arbiter.Board {
		return arbiter.Board{Number: n, White: w, Black: b, Result: g1, Second: g2}
	}
	rounds := []arbiter.Round{
		{Number: 1, Boards: []arbiter.Board{m(1, 1, 2, arbiter.WhiteWins, arbiter.Draw), m(2, 3, 4, arbiter.Draw, arbiter.Draw)}},
		{Number: 2, Boards: []arbiter.Board{m(1, 3, 1, arbiter.BlackWins, arbiter.BlackWins), m(2, 4, 2, arbiter.BlackForfeit, arbiter.WhiteForfeit)}},
	}
	tab, err := scoring.BuildMatches(tour, entries, rounds)
	if err != nil {
		t.Fatal(err)
	}
	chain, err := ParseChain([]string{"WIN", "WON", "BH", "SB", "PS"})
	if err != nil {
		t.Fatal(err)
	}
	st, err := Rank(Input{Tournament: tour, Table: tab, Chain: chain})
	if err != nil {
		t.Fatal(err)
	}
	// BH (2023): a played match gives the opponent's score; player 2's
	// forfeit win and player 4's forfeit loss a dummy on the player's own
	// score (16.4). SB: the opponent's score times the points scored
	// against them. PS: the running scores.
	want := map[int][]float64{
		//   WIN WON BH           SB                     PS
		1: {1, 1, 2.5 + 2, 1.5*2.5 + 1*2, 1.5 + 2.5},
		2: {1, 0, 2.5 + 2.5, 0.5*2.5 + 2*2.5, 0.5 + 2.5},
		3: {0, 0, 1 + 2.5, 1*1 + 1*2.5, 1 + 2},
		4: {0, 0, 2 + 1, 1*2 + 0*1, 1 + 1},
	}
	for _, s := range st {
		w := want[s.PN]
		for i, v := range s.Values {
			if v != w[i] {
				t.Errorf("player %d %s = %v, want %v", s.PN, chain[i], v, w[i])
			}
		}
	}
	if st[0].PN != 1 || st[0].Points != 5 {
		t.Errorf("first = player %d on %v, want player 1 on 2½ (BH 4½, ahead of 2's on WON)", st[0].PN, st[0].Points)
	}
}
