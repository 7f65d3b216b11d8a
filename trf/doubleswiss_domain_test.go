package trf

import (
	"bytes"
	"testing"

	"github.com/labyrinth-chess/arbiter"
)

// TestFromDomainDoubleSwiss writes a Double-Swiss tournament (C.04.5) in
// two columns a match and reads it back: the blocks of each game in its
// own colours, a bye in both columns, a game ending ½-0 as a draw with a
// 299 line, the points of both games.
func TestFromDomainDoubleSwiss(t *testing.T) {
	tour := arbiter.NewTournament("Double")
	tour.DoubleSwissValues()
	tour.Rounds = 2
	tour.FirstColour = arbiter.White
	var entries []arbiter.Entry
	for i, n := range []string{"A", "B", "C"} {
		entries = append(entries, arbiter.Entry{PN: i + 1, JoinedRound: 1, Player: arbiter.Player{Name: n, Rating: 2000 - 100*i}})
	}
	rounds := []arbiter.Round{
		{Number: 1, Boards: []arbiter.Board{{Number: 1, White: 1, Black: 2, Result: arbiter.WhiteWins, Second: arbiter.HalfZero}},
			Byes: []arbiter.Bye{{PN: 3, Kind: arbiter.PAB}}},
		{Number: 2, Boards: []arbiter.Board{{Number: 1, White: 3, Black: 1, Result: arbiter.WhiteForfeit, Second: arbiter.Draw}},
			Byes: []arbiter.Bye{{PN: 2, Kind: arbiter.HalfBye}}},
	}
	f, err := FromDomainDoubleSwiss(&Domain{Tournament: tour, Entries: entries, Rounds: rounds})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	w := NewWriter(&buf)
	w.Version = TRF26
	if err := w.Write(f); err != nil {
		t.Fatal(err)
	}
	back, err := Read(&buf)
	if err != nil {
		t.Fatalf("Read: %v\n%s", err, buf.String())
	}
	if !back.DoubleSwiss() || back.PlayedMatches() != 2 || back.Rounds != 4 {
		t.Fatalf("read back: Double-Swiss %v, %d matches, %d columns; want true, 2, 4", back.DoubleSwiss(), back.PlayedMatches(), back.Rounds)
	}
	// Game 2 of round 1: B had White and scored ½, A nothing (a 299
	// line). Round 2: C won game 1 by forfeit, game 2 drawn.
	want := map[int]struct {
		games  string
		points Points
	}{
		1: {"2w1 2b= 3b- 3w=", 15}, // 1 + 0 + 0 + ½
		2: {"1b0 1w= H H", 15},     // 0 + ½ + 1 (the bye asked for, half the match)
		3: {"U U 1w+ 1b=", 30},     // 1½ (PAB) + 1 + ½
	}
	for _, p := range back.Players {
		var got string
		for i, g := range p.Games {
			if i > 0 {
				got += " "
			}
			if g.Opponent == 0 {
				got += string(g.Result)
				continue
			}
			got += string(rune('0'+g.Opponent)) + map[arbiter.Colour]string{arbiter.White: "w", arbiter.Black: "b"}[g.Colour] + string(g.Result)
		}
		if w := want[p.ID]; got != w.games || p.Points != w.points {
			t.Errorf("player %d: %q, %v points; want %q, %v", p.ID, got, p.Points, w.games, w.points)
		}
	}
	if len(back.Abnormal) != 1 || back.Abnormal[0].Round != 2 || len(back.Abnormal[0].Players) != 1 || back.Abnormal[0].Players[0] != 1 {
		t.Errorf("299 lines = %+v, want one giving player 1 nothing in column 2", back.Abnormal)
	}
}
