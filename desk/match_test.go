package desk

import (
	"context"
	"errors"
	"testing"

	"github.com/labyrinth-chess/arbiter"
)

// TestParseMatchResult reads a Double-Swiss match as typed (C.04.5): both
// games in their own colours, the match score, a forfeit of the match.
func TestParseMatchResult(t *testing.T) {
	m := func(a, b arbiter.Result) arbiter.Match { return arbiter.Match{First: a, Second: b} }
	tests := []struct {
		name, text string
		want       arbiter.Match
		err        error
	}{
		{name: "both games", text: "1-0 1/2-1/2", want: m(arbiter.WhiteWins, arbiter.Draw)},
		{name: "equals sign", text: "= 0-1", want: m(arbiter.Draw, arbiter.BlackWins)},
		{name: "0.5 for a draw", text: "0.5 1-0", want: m(arbiter.Draw, arbiter.WhiteWins)},
		{name: "half sign", text: "½-½ ½", want: m(arbiter.Draw, arbiter.Draw)},
		{name: "comma", text: "1-0,0-1", want: m(arbiter.WhiteWins, arbiter.BlackWins)},
		{name: "slash between games", text: "1-0/0-1", want: m(arbiter.WhiteWins, arbiter.BlackWins)},
		{name: "one game forfeited", text: "+- 1-0", want: m(arbiter.WhiteForfeit, arbiter.WhiteWins)},
		{name: "a rare game", text: "1-0 1/2-0", want: m(arbiter.WhiteWins, arbiter.HalfZero)},
		{name: "score 2-0", text: "2-0", want: m(arbiter.WhiteWins, arbiter.BlackWins)},
		{name: "score 1.5-0.5", text: "1.5-0.5", want: m(arbiter.WhiteWins, arbiter.Draw)},
		{name: "score with half signs", text: "1½-½", want: m(arbiter.WhiteWins, arbiter.Draw)},
		{name: "score 0.5-1.5", text: "0.5-1.5", want: m(arbiter.BlackWins, arbiter.Draw)},
		{name: "score 0-2", text: " 0-2 ", want: m(arbiter.BlackWins, arbiter.WhiteWins)},
		{name: "Black forfeits the match", text: "+-", want: m(arbiter.WhiteForfeit, arbiter.BlackForfeit)},
		{name: "White forfeits the match", text: "-+", want: m(arbiter.BlackForfeit, arbiter.WhiteForfeit)},
		{name: "neither came", text: "--", want: m(arbiter.DoubleForfeit, arbiter.DoubleForfeit)},
		{name: "level score", text: "1-1", err: ErrMatchLevel},
		{name: "one game only", text: "1-0", err: ErrMatchText},
		{name: "a single draw", text: "1/2", err: ErrMatchText},
		{name: "too many points", text: "2-1", err: ErrMatchText},
		{name: "three games", text: "1-0 0-1 1-0", err: ErrMatchText},
		{name: "unknown game", text: "1-0 x-y", err: ErrMatchText},
		{name: "empty", text: "", err: ErrMatchText},
		{name: "two empty games", text: "/", err: ErrMatchText},
		{name: "games in play", text: "* *", err: ErrMatchText},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseMatchResult(tt.text)
			if tt.err != nil {
				if !errors.Is(err, tt.err) || !errors.Is(err, ErrInvalid) {
					t.Fatalf("ParseMatchResult(%q) = %v, %v; want %v", tt.text, got, err, tt.err)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("ParseMatchResult(%q) = %v, %v; want %v", tt.text, got, err, tt.want)
			}
			if got.Points(arbiter.White)+got.Points(arbiter.Black) > 2*arbiter.One {
				t.Errorf("ParseMatchResult(%q) scores %v in all", tt.text, got.Points(arbiter.White)+got.Points(arbiter.Black))
			}
		})
	}
}

// TestEnterMatch plays a round of a Double-Swiss tournament through the
// desk and checks the scores of each match (C.04.5 Preface: game points,
// a match forfeited only when a player forfeits both games, byes on
// matches).
func TestEnterMatch(t *testing.T) {
	ctx := context.Background()
	d := mustOpen(t)
	tour := arbiter.NewTournament("Double")
	tour.DoubleBlitz()
	tour.FirstColour = arbiter.White
	tour, err := d.CreateTournament(ctx, tour)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 7 {
		if _, err := d.AddEntry(ctx, tour.ID, arbiter.Player{Name: names[i], Rating: 2000 - 10*i}, AddOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	out := mustPair(t, ctx, d)
	if out.Pairing.Method != "double-swiss" || len(out.Round.Boards) != 3 {
		t.Fatalf("round 1 paired by %q with %d boards, want double-swiss with 3", out.Pairing.Method, len(out.Round.Boards))
	}
	if _, err := d.EnterResult(ctx, ResultRequest{Board: 1, Result: arbiter.WhiteWins}); !errors.Is(err, ErrInvalid) {
		t.Errorf("EnterResult of one game on a match = %v, want ErrInvalid", err)
	}
	matches := []string{"1.5-0.5", "+- 1-0", "-+"}
	for i, text := range matches {
		m, err := ParseMatchResult(text)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := d.EnterMatch(ctx, MatchRequest{Board: i + 1, Match: m}); err != nil {
			t.Fatalf("board %d %s: %v", i+1, text, err)
		}
	}
	s, err := d.Snapshot(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	tab, err := s.Table(1)
	if err != nil {
		t.Fatal(err)
	}
	rd := s.Round(1)
	want := map[int]arbiter.Score{}
	for _, b := range rd.Boards {
		switch b.Number {
		case 1: // 1½-½
			want[b.White], want[b.Black] = 3, 1
		case 2: // game 1 won by forfeit, game 2 lost: 1-1, played
			want[b.White], want[b.Black] = 2, 2
		case 3: // the board's White forfeits both games: 0-2
			want[b.White], want[b.Black] = 0, 4
		}
	}
	for _, by := range rd.Byes {
		want[by.PN] = 3 // the PAB: a game won and a game drawn (1.4)
	}
	for pn, w := range want {
		if got := tab.Card(pn).Score(); got != w {
			t.Errorf("player %d scores %v, want %v", pn, got, w)
		}
	}
	if c := tab.Card(rd.Boards[1].White).Rounds[0]; !c.Played() {
		t.Errorf("board 2 with one game forfeited: %v, want a match played (Preface)", c.Kind)
	}
	if c := tab.Card(rd.Boards[2].White).Rounds[0]; c.Played() {
		t.Errorf("board 3 forfeited by White: %v, want not played", c.Kind)
	}
	// A correction needs asking for.
	if _, err := d.EnterMatch(ctx, MatchRequest{Board: 1, Match: arbiter.Match{First: arbiter.Draw, Second: arbiter.Draw}}); !errors.Is(err, ErrResultEntered) {
		t.Errorf("EnterMatch over a result = %v, want ErrResultEntered", err)
	}
	// Round 2 pairs from the matches: the players of boards 1 and 2 do
	// not meet again (C1); board 3's, whose match was forfeited, may
	// (Preface).
	out = mustPair(t, ctx, d)
	key := func(b arbiter.Board) [2]int { return [2]int{min(b.White, b.Black), max(b.White, b.Black)} }
	for _, b := range out.Round.Boards {
		if k := key(b); k == key(rd.Boards[0]) || k == key(rd.Boards[1]) {
			t.Errorf("round 2 board %d: %d and %d meet again", b.Number, b.White, b.Black)
		}
	}
}

// TestEnterMatchSwiss refuses a match on a board of a Swiss.
func TestEnterMatchSwiss(t *testing.T) {
	ctx := context.Background()
	d := mustOpen(t)
	mustTournament(t, ctx, d, 4)
	mustPair(t, ctx, d)
	if _, err := d.EnterMatch(ctx, MatchRequest{Board: 1, Match: arbiter.Match{First: arbiter.WhiteWins, Second: arbiter.Draw}}); !errors.Is(err, ErrNotMatch) {
		t.Errorf("EnterMatch on a Swiss = %v, want ErrNotMatch", err)
	}
}

// TestCloseDoubleSwiss: closing registration keeps a Double-Swiss
// tournament one, with its rounds fitted to the field and its byes in
// game points; choosing the Dutch system there gives the Swiss byes.
func TestCloseDoubleSwiss(t *testing.T) {
	ctx := context.Background()
	d := mustOpen(t)
	tour := arbiter.NewTournament("Double")
	tour.DoubleBlitz()
	tour, err := d.CreateTournament(ctx, tour)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 4 {
		if _, err := d.AddEntry(ctx, tour.ID, arbiter.Player{Name: names[i], Rating: 2000 - 10*i}, AddOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	out, err := d.CloseRegistration(ctx, ref(tour.ID), arbiter.Closing{})
	if err != nil {
		t.Fatal(err)
	}
	if got := out.Snapshot.Tournament; got.System != arbiter.DoubleSwiss || got.PABValue != 3 || got.Rounds >= 5 || !got.Closed {
		t.Errorf("closed as %v, %d rounds, PAB %v, closed %v; want double-swiss, fewer than 5 rounds for 4 players, PAB 1.5, closed", got.System, got.Rounds, got.PABValue, got.Closed)
	}
	out, err = d.CloseRegistration(ctx, ref(tour.ID), arbiter.Closing{Kind: arbiter.CloseKeep})
	if err != nil {
		t.Fatal(err)
	}
	if got := out.Snapshot.Tournament; got.System != arbiter.DoubleSwiss || got.PABValue != 3 {
		t.Errorf("closed keeping the rounds: %v, PAB %v; want double-swiss, 1.5", got.System, got.PABValue)
	}
	out, err = d.CloseRegistration(ctx, ref(tour.ID), arbiter.Closing{Kind: arbiter.CloseRoundRobin, Cycles: 1})
	if err != nil {
		t.Fatal(err)
	}
	if got := out.Snapshot.Tournament; got.System != arbiter.RoundRobin || got.PABValue != arbiter.One || got.HalfByeValue != arbiter.Half {
		t.Errorf("closed as a round robin: %v, PAB %v, half bye %v; want round-robin, 1, 0.5", got.System, got.PABValue, got.HalfByeValue)
	}
}

// FuzzParseMatchResult: whatever ParseMatchResult accepts is a complete
// match of at most two points that its two games, written back, read as
// again; anything else is an ErrInvalid refusal, never a panic.
func FuzzParseMatchResult(f *testing.F) {
	for _, s := range []string{"1-0 1/2-1/2", "1.5-0.5", "1½-½", "0-2", "+-", "--", "1-1", "0-1f 1-0", "1/2-0 0-0p", "= =", "1-0/0-1", "2-0-0", "½-1½"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseMatchResult(s)
		if err != nil {
			if !errors.Is(err, ErrInvalid) {
				t.Fatalf("ParseMatchResult(%q): %v, not ErrInvalid", s, err)
			}
			return
		}
		if !m.Complete() {
			t.Fatalf("ParseMatchResult(%q) = %v, a game without a result", s, m)
		}
		if p := m.Points(arbiter.White) + m.Points(arbiter.Black); p > 2*arbiter.One {
			t.Fatalf("ParseMatchResult(%q) scores %v in all", s, p)
		}
		back, err := ParseMatchResult(m.String())
		if err != nil || back != m {
			t.Fatalf("ParseMatchResult(%q) = %v; its games %q read as %v, %v", s, m, m.String(), back, err)
		}
	})
}
