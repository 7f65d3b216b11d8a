package season

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// ranking builds an evening's results from its final order: each entry is
// a player ID, or "a=b" for players sharing the place.
func ranking(name string, order ...string) Evening {
	ev := Evening{Name: name, Rounds: 4}
	place := 1
	for _, o := range order {
		ids := strings.Split(o, "=")
		for _, id := range ids {
			n, err := strconv.ParseInt(id, 10, 64)
			if err != nil {
				panic(err)
			}
			ev.Results = append(ev.Results, Result{Player: n, Rank: place, RankTo: place + len(ids) - 1})
		}
		place += len(ids)
	}
	return ev
}

// theSeason is the club season of the hand figures: four evenings of 5,
// 6, 7 and 10 players. In evening A players 3 and 4 share 3rd-4th place;
// player 3 missed evening D; players 10 and 11 share 9th-10th in D.
func theSeason() []Evening {
	return []Evening{
		ranking("A", "1", "2", "3=4", "5"),
		ranking("B", "2", "1", "3", "6", "4", "5"),
		ranking("C", "3", "1", "2", "4", "7", "6", "5"),
		ranking("D", "1", "4", "2", "8", "7", "5", "6", "9", "10=11"),
	}
}

// row prints a standing as the hand figures are written: place, player,
// total, then each evening's score, in brackets when it does not count,
// "-" when not played.
func row(s Standing) string {
	place := strconv.Itoa(s.Rank)
	if s.Shared() {
		place += "-" + strconv.Itoa(s.RankTo)
	}
	cells := make([]string, len(s.Cells))
	for i, c := range s.Cells {
		v := strconv.FormatFloat(c.Score, 'f', -1, 64)
		switch {
		case !c.Played:
			v = "-"
		case !c.Counted:
			v = "(" + v + ")"
		}
		cells[i] = v
	}
	vals := make([]string, len(s.Values))
	for i, v := range s.Values {
		vals[i] = strconv.FormatFloat(v, 'f', -1, 64)
	}
	return fmt.Sprintf("%s p%d %s | %s | %s", place, s.Player, strconv.FormatFloat(s.Total, 'f', -1, 64),
		strings.Join(cells, " "), strings.Join(vals, " "))
}

func TestCompute(t *testing.T) {
	places, err := ParseScoring("places:10,8,6,5,4,3,2,1")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		set  Settings
		want []string
	}{
		{
			// Best 3 of 4: player 1 drops C (8, the same as B, which
			// comes first); 3-4th in A share (6+5)/2 = 5.5; players 5 and
			// 6 both total 10 and player 5 played more evenings; 10 and
			// 11 are level on everything and share 10th-11th.
			name: "places, shared, best 3 of 4",
			set:  Settings{Scoring: places, Best: 3, Tiebreaks: DefaultTiebreaks()},
			want: []string{
				"1 p1 28 | 10 8 (8) 10 | 4 2 10 0",
				"2 p2 24 | 8 10 6 (6) | 4 1 10 0",
				"3 p3 21.5 | 5.5 6 10 - | 3 1 10 0",
				"4 p4 18.5 | 5.5 (4) 5 8 | 4 0 8 0",
				"5 p5 10 | 4 3 (2) 3 | 4 0 4 0",
				"6 p6 10 | - 5 3 2 | 3 0 5 0",
				"7 p7 8 | - - 4 4 | 2 0 4 0",
				"8 p8 5 | - - - 5 | 1 0 5 0",
				"9 p9 1 | - - - 1 | 1 0 1 0",
				"10-11 p10 0 | - - - 0 | 1 0 0 0",
				"10-11 p11 0 | - - - 0 | 1 0 0 0",
			},
		},
		{
			// Broken ties: 3 takes 6 and 4 takes 5 in A, by the
			// evening's order; player 4 now counts A (5) over C (5, later)
			// and B (4).
			name: "places, broken, best 3 of 4",
			set:  Settings{Scoring: places, Best: 3, Ties: Break, Tiebreaks: []Tiebreak{Evenings}},
			want: []string{
				"1 p1 28 | 10 8 (8) 10 | 4",
				"2 p2 24 | 8 10 6 (6) | 4",
				"3 p3 22 | 6 6 10 - | 3",
				"4 p4 18 | 5 (4) 5 8 | 4",
				"5 p5 10 | 4 3 (2) 3 | 4",
				"6 p6 10 | - 5 3 2 | 3",
				"7 p7 8 | - - 4 4 | 2",
				"8 p8 5 | - - - 5 | 1",
				"9 p9 1 | - - - 1 | 1",
				"10-11 p10 0 | - - - 0 | 1",
				"10-11 p11 0 | - - - 0 | 1",
			},
		},
		{
			// One point for taking part: player 6 (3 evenings, 13) is
			// now level with 5 (best 3 of 4: 5+4+4 = 13); no tie-break,
			// so they share 5th-6th.
			name: "participation, no tie-breaks",
			set:  Settings{Scoring: places, Best: 3, Participation: 1},
			want: []string{
				"1 p1 31 | 11 9 (9) 11 | ",
				"2 p2 27 | 9 11 7 (7) | ",
				"3 p3 24.5 | 6.5 7 11 - | ",
				"4 p4 21.5 | 6.5 (5) 6 9 | ",
				"5-6 p5 13 | 5 4 (3) 4 | ",
				"5-6 p6 13 | - 6 4 3 | ",
				"7 p7 10 | - - 5 5 | ",
				"8 p8 6 | - - - 6 | ",
				"9 p9 2 | - - - 2 | ",
				"10-11 p10 1 | - - - 1 | ",
				"10-11 p11 1 | - - - 1 | ",
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st, err := Compute(tt.set, theSeason())
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, s := range st {
				got = append(got, row(s))
			}
			if g, w := strings.Join(got, "\n"), strings.Join(tt.want, "\n"); g != w {
				t.Errorf("Compute =\n%s\nwant\n%s", g, w)
			}
		})
	}
}

// TestHeadToHead separates players level on the total by their games
// against each other over the season, and only among those still tied.
func TestHeadToHead(t *testing.T) {
	// Players 1, 2 and 3 each win one evening of three; 4 is last. In
	// the games of the season 1 beat 2 twice, 2 drew 3, 3 beat 1: among
	// the three, 1 scores 2, 2 scores ½, 3 scores 1½.
	evs := []Evening{
		ranking("A", "1", "2", "3", "4"),
		ranking("B", "2", "3", "1", "4"),
		ranking("C", "3", "1", "2", "4"),
	}
	evs[0].Games = []Game{{1, 2, 1}, {3, 2, 0.5}, {4, 1, 0}}
	evs[1].Games = []Game{{2, 1, 0}, {1, 3, 0}}
	evs[2].Games = []Game{{4, 3, 0}}
	set := Settings{Scoring: Scoring{Kind: Places, Places: []float64{3, 2, 1}}, Tiebreaks: []Tiebreak{Evenings, Wins, HeadToHead}}
	st, err := Compute(set, evs)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range st {
		got = append(got, row(s))
	}
	want := []string{
		"1 p1 6 | 3 1 2 | 3 1 2",
		"2 p3 6 | 1 2 3 | 3 1 1.5",
		"3 p2 6 | 2 3 1 | 3 1 0.5",
		"4 p4 0 | 0 0 0 | 3 0 0",
	}
	if g, w := strings.Join(got, "\n"), strings.Join(want, "\n"); g != w {
		t.Errorf("Compute =\n%s\nwant\n%s", g, w)
	}
}

// TestPercentAndPoints scores game points and percentages of the rounds.
func TestPercentAndPoints(t *testing.T) {
	evs := []Evening{ranking("A", "1", "2"), ranking("B", "2", "1")}
	evs[0].Results[0].Points, evs[0].Results[1].Points = 3.5, 2
	evs[1].Results[0].Points, evs[1].Results[1].Points = 3, 1
	evs[1].Rounds = 5
	tests := []struct {
		kind Kind
		want []string
	}{
		// 2+3 beats 3½+1.
		{Points, []string{"1 p2 5 | 2 3 | 2 1", "2 p1 4.5 | 3.5 1 | 2 1"}},
		// 2 of 4 and 3 of 5 is 50+60; 3½ of 4 and 1 of 5 is 87.5+20.
		{Percent, []string{"1 p2 110 | 50 60 | 2 1", "2 p1 107.5 | 87.5 20 | 2 1"}},
	}
	for _, tt := range tests {
		st, err := Compute(Settings{Scoring: Scoring{Kind: tt.kind}, Tiebreaks: []Tiebreak{Evenings, Wins}}, evs)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, s := range st {
			got = append(got, row(s))
		}
		if g, w := strings.Join(got, "\n"), strings.Join(tt.want, "\n"); g != w {
			t.Errorf("%s: Compute =\n%s\nwant\n%s", tt.kind, g, w)
		}
	}
}

func TestParseScoring(t *testing.T) {
	tests := []struct {
		in, want string
		err      bool
	}{
		{"places:10,8,6,5,4,3,2,1", "places:10,8,6,5,4,3,2,1", false},
		{" Places: 10, 8, 6.5 ", "places:10,8,6.5", false},
		{"points", "points", false},
		{"PERCENT", "percent", false},
		{"places:", "", true},
		{"places:10,x", "", true},
		{"places:5,8", "", true},
		{"places:-1", "", true},
		{"placez:1", "", true},
		{"", "", true},
	}
	for _, tt := range tests {
		s, err := ParseScoring(tt.in)
		if tt.err {
			if !errors.Is(err, ErrScoring) || !strings.Contains(err.Error(), strconv.Quote(tt.in)) {
				t.Errorf("ParseScoring(%q) error = %v, want one naming the input and wrapping ErrScoring", tt.in, err)
			}
			continue
		}
		if err != nil || s.String() != tt.want {
			t.Errorf("ParseScoring(%q) = %v, %v, want %s", tt.in, s, err, tt.want)
		}
	}
}

func TestParseTiebreaks(t *testing.T) {
	ts, err := ParseTiebreaks("ev, win,Best,h2h")
	if err != nil || FormatTiebreaks(ts) != "EV,WIN,BEST,H2H" {
		t.Errorf("ParseTiebreaks = %v, %v", ts, err)
	}
	for _, bad := range []string{"EV,EV", "BH", "EV,,WIN"} {
		if _, err := ParseTiebreaks(bad); err == nil {
			t.Errorf("ParseTiebreaks(%q) = nil error", bad)
		}
	}
}

func FuzzParseScoring(f *testing.F) {
	for _, s := range []string{"places:10,8,6", "points", "percent", "places:1e308,0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		s, err := ParseScoring(in)
		if err != nil {
			return
		}
		again, err := ParseScoring(s.String())
		if err != nil || again.String() != s.String() {
			t.Errorf("ParseScoring(%q).String() = %q reads back as %v, %v", in, s.String(), again, err)
		}
	})
}

func FuzzParseTiebreaks(f *testing.F) {
	for _, s := range []string{"EV,WIN,BEST,H2H", "h2h", "", "EV,,WIN", "best, ev"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		ts, err := ParseTiebreaks(in)
		if err != nil {
			return
		}
		again, err := ParseTiebreaks(FormatTiebreaks(ts))
		if err != nil || FormatTiebreaks(again) != FormatTiebreaks(ts) {
			t.Errorf("ParseTiebreaks(%q) = %v reads back as %v, %v", in, ts, again, err)
		}
	})
}

// BenchmarkCompute scores a club's year: 45 weekly evenings of 30
// players from a club of 60, 7 rounds each, best 30 with the whole
// tie-break chain.
func BenchmarkCompute(b *testing.B) {
	var evs []Evening
	for e := range 45 {
		ev := Evening{Name: strconv.Itoa(e), Rounds: 7}
		for i := range 30 {
			p := int64((e*7+i*2)%60 + 1)
			ev.Results = append(ev.Results, Result{Player: p, Rank: i + 1, RankTo: i + 1, Points: float64(7-i/5) / 2})
		}
		for i := 0; i+1 < 30; i += 2 {
			for r := range 7 {
				ev.Games = append(ev.Games, Game{ev.Results[i].Player, ev.Results[(i+1+2*r)%30].Player, 0.5})
			}
		}
		evs = append(evs, ev)
	}
	set := Settings{Scoring: Scoring{Kind: Places, Places: []float64{10, 8, 6, 5, 4, 3, 2, 1}}, Best: 30, Participation: 1,
		Tiebreaks: DefaultTiebreaks()}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Compute(set, evs); err != nil {
			b.Fatal(err)
		}
	}
}
