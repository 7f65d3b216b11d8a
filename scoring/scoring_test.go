package scoring

import (
	"testing"

	"github.com/labyrinth-chess/arbiter"
)

func TestBuild(t *testing.T) {
	tour := arbiter.NewTournament("t")
	tour.LateValue = arbiter.Half
	entries := []arbiter.Entry{{PN: 1, JoinedRound: 1}, {PN: 2, JoinedRound: 1}, {PN: 3, JoinedRound: 1}, {PN: 4, JoinedRound: 2}, {PN: 5, JoinedRound: 1}}
	rounds := []arbiter.Round{
		{Number: 1, Boards: []arbiter.Board{{Number: 1, White: 1, Black: 2, Result: arbiter.WhiteWins}}, Byes: []arbiter.Bye{{PN: 3, Kind: arbiter.PAB}}},
		{Number: 2, Boards: []arbiter.Board{{Number: 1, White: 3, Black: 1, Result: arbiter.BlackForfeit}, {Number: 2, White: 4, Black: 2, Result: arbiter.Draw}}, Byes: []arbiter.Bye{{PN: 5, Kind: arbiter.HalfBye}}},
		{Number: 3, Boards: []arbiter.Board{{Number: 1, White: 1, Black: 4}}},
	}
	tab, err := Build(tour, entries, rounds)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		pn    int
		round int
		kind  Kind
		opp   int
		pts   arbiter.Score
	}{
		{1, 1, Game, 2, arbiter.One},
		{3, 1, PAB, 0, arbiter.One},
		{4, 1, Absent, 0, arbiter.Half}, // late entry, LateValue ½
		{5, 1, Absent, 0, arbiter.Zero}, // simply absent
		{1, 2, ForfeitWin, 3, arbiter.One},
		{3, 2, ForfeitLoss, 1, arbiter.Zero},
		{5, 2, HalfBye, 0, arbiter.Half},
		{4, 2, Game, 2, arbiter.Half},
		{1, 3, Game, 4, arbiter.Zero},
	}
	for _, tt := range tests {
		o := tab.Card(tt.pn).Rounds[tt.round-1]
		if o.Kind != tt.kind || o.Opponent != tt.opp || o.Points != tt.pts {
			t.Errorf("player %d round %d = %v vs %d for %v, want %v vs %d for %v", tt.pn, tt.round, o.Kind, o.Opponent, o.Points, tt.kind, tt.opp, tt.pts)
		}
	}
	if !tab.Card(1).Rounds[2].Pending {
		t.Error("round 3 board 1 has no result: want Pending")
	}
	if got := tab.Card(1).Score(); got != 4 {
		t.Errorf("player 1 score = %v, want 2", got)
	}
	if got := tab.Card(4).ScoreAfter(2); got != 2 {
		t.Errorf("player 4 score after 2 = %v, want 1", got)
	}
}

func TestBuildErrors(t *testing.T) {
	tour := arbiter.NewTournament("t")
	entries := []arbiter.Entry{{PN: 1}, {PN: 2}}
	bad := [][]arbiter.Round{
		{{Number: 1, Boards: []arbiter.Board{{White: 1, Black: 1}}}},
		{{Number: 1, Boards: []arbiter.Board{{White: 1, Black: 3}}}},
		{{Number: 2}},
	}
	for i, rounds := range bad {
		if _, err := Build(tour, entries, rounds); err == nil {
			t.Errorf("case %d: Build succeeded, want an error", i)
		}
	}
}
