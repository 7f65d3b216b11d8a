package scoring

import (
	"testing"

	"github.com/labyrinth-chess/arbiter"
)

// TestBuildMatches scores Double-Swiss rounds by the C.04.5 Preface: game
// points, a match forfeited only when a player forfeits both games, a
// single forfeited game counted as played, byes on whole matches.
func TestBuildMatches(t *testing.T) {
	tour := arbiter.NewTournament("t")
	tour.PABValue = 3     // a game won and a game drawn (1.4)
	tour.HalfByeValue = 2 // half of a match
	entries := make([]arbiter.Entry, 7)
	for i := range entries {
		entries[i] = arbiter.Entry{PN: i + 1, JoinedRound: 1}
	}
	match := func(n, w, b int, first, second arbiter.Result) arbiter.Board {
		return arbiter.Board{Number: n, White: w, Black: b, Result: first, Second: second}
	}
	rounds := []arbiter.Round{
		{Number: 1, Boards: []arbiter.Board{
			match(1, 1, 2, arbiter.WhiteWins, arbiter.Draw),            // 1½-½
			match(2, 3, 4, arbiter.WhiteForfeit, arbiter.BlackForfeit), // 4 forfeits both: 2-0 by forfeit
			match(3, 5, 6, arbiter.Draw, arbiter.WhiteForfeit),         // 5 forfeits game 2: played, 1½-½ to 6
		}, Byes: []arbiter.Bye{{PN: 7, Kind: arbiter.PAB}}},
		{Number: 2, Boards: []arbiter.Board{
			match(1, 4, 3, arbiter.WhiteForfeit, arbiter.WhiteForfeit), // each forfeits one: played, no colour
			match(2, 2, 5, arbiter.DoubleForfeit, arbiter.DoubleForfeit),
			match(3, 6, 7, arbiter.HalfZero, arbiter.NoResult),
		}, Byes: []arbiter.Bye{{PN: 1, Kind: arbiter.FullBye}}},
	}
	tab, err := BuildMatches(tour, entries, rounds)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		pn, round int
		kind      Kind
		colour    arbiter.Colour
		pts       arbiter.Score
		pending   bool
	}{
		{1, 1, Game, arbiter.White, 3, false},
		{2, 1, Game, arbiter.Black, 1, false},
		{3, 1, ForfeitWin, arbiter.White, 4, false},
		{4, 1, ForfeitLoss, arbiter.Black, 0, false},
		{5, 1, Game, arbiter.White, 1, false},
		{6, 1, Game, arbiter.Black, 3, false},
		{7, 1, PAB, arbiter.NoColour, 3, false},
		{4, 2, Game, arbiter.NoColour, 2, false},
		{3, 2, Game, arbiter.NoColour, 2, false},
		{2, 2, ForfeitLoss, arbiter.White, 0, false},
		{5, 2, ForfeitLoss, arbiter.Black, 0, false},
		{6, 2, Game, arbiter.White, 1, true},
		{1, 2, FullBye, arbiter.NoColour, 4, false},
	}
	for _, tt := range tests {
		o := tab.Card(tt.pn).Rounds[tt.round-1]
		if o.Kind != tt.kind || o.Colour != tt.colour || o.Points != tt.pts || o.Pending != tt.pending {
			t.Errorf("player %d round %d = %v %v %v pending %v, want %v %v %v pending %v", tt.pn, tt.round, o.Kind, o.Colour, o.Points, o.Pending, tt.kind, tt.colour, tt.pts, tt.pending)
		}
	}
}
