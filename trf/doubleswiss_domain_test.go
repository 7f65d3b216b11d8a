package trf

import (
	"bytes"
	"errors"
	"os"
	"reflect"
	"strings"
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

// TestDoubleSwissDomain reads testdata/doubleswiss.trf into a tournament:
// each match a board with both games in their own colours (a game ½-0
// from its 299 line, forfeits in one game or both), the PAB of a match,
// the bye values in game points.
func TestDoubleSwissDomain(t *testing.T) {
	f := readDoubleSwiss(t)
	d, err := f.Domain()
	if err != nil {
		t.Fatal(err)
	}
	tour := d.Tournament
	if tour.System != arbiter.DoubleSwiss || tour.Rounds != 3 || tour.PABValue != arbiter.One+arbiter.Half || tour.HalfByeValue != arbiter.One || tour.FirstColour != arbiter.White {
		t.Errorf("tournament: system %v, %d rounds, PAB %v, half-point bye %v, first colour %v; want double-swiss, 3, 1½, 1, white",
			tour.System, tour.Rounds, tour.PABValue, tour.HalfByeValue, tour.FirstColour)
	}
	want := []arbiter.Round{
		{Number: 1, Boards: []arbiter.Board{
			// 1-3: 1 wins game 1, game 2 (3 has White) drawn.
			{Number: 1, White: 1, Black: 3, Result: arbiter.WhiteWins, Second: arbiter.Draw},
			// 4-2: game 1 ½-0 (the 299 line gives 2 nothing), 2 wins game 2 with White.
			{Number: 2, White: 4, Black: 2, Result: arbiter.HalfZero, Second: arbiter.WhiteWins},
		}, Byes: []arbiter.Bye{{PN: 5, Kind: arbiter.PAB}}},
		{Number: 2, Boards: []arbiter.Board{
			// 2-3: 3 forfeits game 1 only; game 2 (3 has White) drawn.
			{Number: 1, White: 2, Black: 3, Result: arbiter.WhiteForfeit, Second: arbiter.Draw},
			// 5-1: 1 forfeits both games, the match.
			{Number: 2, White: 5, Black: 1, Result: arbiter.WhiteForfeit, Second: arbiter.BlackForfeit},
		}, Byes: []arbiter.Bye{{PN: 4, Kind: arbiter.PAB}}},
	}
	if !reflect.DeepEqual(d.Rounds, want) {
		t.Errorf("rounds =\n%+v\nwant\n%+v", d.Rounds, want)
	}
	if got := f.MatchLines(); got != 1 {
		t.Errorf("MatchLines() = %d, want 1 (the 299 line of the game ½-0)", got)
	}
}

func readDoubleSwiss(t *testing.T) *File {
	t.Helper()
	data, err := os.ReadFile("testdata/doubleswiss.trf")
	if err != nil {
		t.Fatal(err)
	}
	f, err := Read(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestDoubleSwissDomainRefused: two columns of a match that do not make
// a match, and an accelerated Double-Swiss file, are refused.
func TestDoubleSwissDomainRefused(t *testing.T) {
	tests := []struct {
		name   string
		change func(f *File)
		err    error
		want   string
	}{
		{"opponent in one game", func(f *File) { f.Player(1).Games[1] = Game{Result: ZeroBye} }, ErrInconsistent, "an opponent in one game only"},
		{"two opponents", func(f *File) { f.Player(1).Games[1].Opponent = 2 }, ErrInconsistent, "opponent 3 in game 1 and 2 in game 2"},
		{"same colour twice", func(f *File) { f.Player(1).Games[1].Colour = arbiter.White }, ErrInconsistent, "C.04.5 4.4"},
		{"two byes", func(f *File) { f.Player(5).Games[0] = Game{Result: HalfBye} }, ErrInconsistent, "a bye covers both games"},
		{"odd columns", func(f *File) { f.Rounds = 5 }, ErrInconsistent, "two per match"},
		{"accelerated", func(f *File) { f.Header.System = "FIDE_DOUBLESWISS_BAKU" }, ErrDoubleSwiss, "accelerated"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := readDoubleSwiss(t)
			tt.change(f)
			_, err := f.Domain()
			if !errors.Is(err, tt.err) || err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Domain() = %v, want %v saying %q", err, tt.err, tt.want)
			}
		})
	}
}

// TestDoubleSwissDomainRoundTrip writes tournaments with FromDomainDoubleSwiss
// and reads them back with Domain: the same rounds, byes and settings.
func TestDoubleSwissDomainRoundTrip(t *testing.T) {
	tour := arbiter.NewTournament("Double")
	tour.DoubleSwissValues()
	tour.Rounds = 4
	tour.FirstColour = arbiter.Black
	tour.RoundDates = []string{"2026-05-01", "2026-05-01", "2026-05-02"}
	var entries []arbiter.Entry
	for i, n := range []string{"A", "B", "C", "D", "E"} {
		entries = append(entries, arbiter.Entry{PN: i + 1, JoinedRound: 1, Player: arbiter.Player{Name: n, Rating: 2000 - 100*i}})
	}
	rounds := []arbiter.Round{
		{Number: 1, Boards: []arbiter.Board{
			{Number: 1, White: 1, Black: 2, Result: arbiter.ZeroHalf, Second: arbiter.ZeroZero},
			{Number: 2, White: 4, Black: 3, Result: arbiter.DoubleForfeit, Second: arbiter.DoubleForfeit},
		}, Byes: []arbiter.Bye{{PN: 5, Kind: arbiter.PAB}}},
		{Number: 2, Boards: []arbiter.Board{
			{Number: 1, White: 3, Black: 1, Result: arbiter.BlackForfeit, Second: arbiter.BlackWins},
			{Number: 2, White: 5, Black: 4, Result: arbiter.Draw, Second: arbiter.WhiteForfeit},
		}, Byes: []arbiter.Bye{{PN: 2, Kind: arbiter.FullBye}}},
	}
	next := []arbiter.Bye{{PN: 1, Kind: arbiter.HalfBye}, {PN: 3, Kind: arbiter.ZeroBye}}
	f, err := FromDomainDoubleSwiss(&Domain{Tournament: tour, Entries: entries, Rounds: rounds, NextByes: next})
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range []Version{TRF16, TRF26} {
		var buf bytes.Buffer
		w := NewWriter(&buf)
		w.Version = v
		if err := w.Write(f); err != nil {
			t.Fatal(err)
		}
		back, err := Read(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatalf("Read: %v\n%s", err, buf.String())
		}
		d, err := back.Domain()
		if err != nil {
			t.Fatalf("Domain: %v\n%s", err, buf.String())
		}
		if !reflect.DeepEqual(d.Rounds, rounds) {
			t.Errorf("version %v: rounds =\n%+v\nwant\n%+v", v, d.Rounds, rounds)
		}
		if !reflect.DeepEqual(d.NextByes, next) {
			t.Errorf("version %v: next byes = %+v, want %+v", v, d.NextByes, next)
		}
		got := d.Tournament
		if got.System != arbiter.DoubleSwiss || got.Rounds != 4 || got.PABValue != tour.PABValue || got.HalfByeValue != tour.HalfByeValue ||
			got.FirstColour != arbiter.Black || !reflect.DeepEqual(got.RoundDates, tour.RoundDates) {
			t.Errorf("version %v: tournament %+v, want the settings of %+v", v, got, tour)
		}
	}
}
