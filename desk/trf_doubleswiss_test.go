package desk

import (
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/tiebreak"
	"github.com/labyrinth-chess/arbiter/trf"
)

// readDoubleSwissFile reads the Double-Swiss example of the trf package:
// 5 players, matches 1 and 2 played of 3, a game ½-0 (a 299 line), a
// forfeited match, a game forfeited alone.
func readDoubleSwissFile(t *testing.T) *trf.File {
	t.Helper()
	fh, err := os.Open("../trf/testdata/doubleswiss.trf")
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	f, err := trf.Read(fh)
	if err != nil {
		t.Fatal(err)
	}
	f.Comments = nil // its ### lines, which an import notes as not kept
	return f
}

// TestFromTRFDoubleSwiss imports a Double-Swiss file (C.04.5): a
// Double-Swiss tournament whose boards hold both games, byes of 240 lines
// and XXZ for the match they fall in (two columns a match), the initial
// colour from game 1 of match 1 when the file does not give it, and
// notices only for what is not kept (the 299 line of a game ½-0 is).
func TestFromTRFDoubleSwiss(t *testing.T) {
	tests := []struct {
		name     string
		change   func(f *trf.File)
		requests []Request
		colour   arbiter.Colour
		notes    []string // each must be in a notice
	}{
		{name: "as written", colour: arbiter.White},
		{name: "240 byes for match 3", change: func(f *trf.File) {
			f.Byes = []trf.Bye{{Kind: trf.HalfBye, Round: 5, Players: []int{1}}, {Kind: trf.HalfBye, Round: 6, Players: []int{1}}, {Kind: trf.FullBye, Round: 6, Players: []int{4}}}
		}, requests: []Request{{PN: 1, Round: 3, Kind: arbiter.HalfBye}, {PN: 4, Round: 3, Kind: arbiter.FullBye}}, colour: arbiter.White},
		{name: "XXZ", change: func(f *trf.File) { f.Absent = []int{2} },
			requests: []Request{{PN: 2, Round: 3, Kind: arbiter.ZeroBye}}, colour: arbiter.White},
		{name: "no initial colour", change: func(f *trf.File) { f.InitialColour = arbiter.NoColour },
			colour: arbiter.White, notes: []string{"taking white"}},
		{name: "accelerated", change: func(f *trf.File) { f.Accelerations = map[int][]trf.Points{1: {10, 10}} },
			colour: arbiter.White, notes: []string{"does not accelerate a Double-Swiss tournament"}},
		{name: "another 299 line", change: func(f *trf.File) {
			f.Abnormal = append(f.Abnormal, trf.Abnormal{Kind: ' ', Points: -10, Players: []int{3}})
		}, colour: arbiter.White, notes: []string{"1 abnormal points line (299)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := readDoubleSwissFile(t)
			if tt.change != nil {
				tt.change(f)
			}
			in, err := FromTRF(f, "double.trf")
			if err != nil {
				t.Fatal(err)
			}
			ti := in.Import
			if tour := ti.Tournament; tour.System != arbiter.DoubleSwiss || tour.Rounds != 3 || tour.FirstColour != tt.colour {
				t.Errorf("tournament: system %v, %d rounds, first colour %v; want double-swiss, 3, %v", tour.System, tour.Rounds, tour.FirstColour, tt.colour)
			}
			if len(ti.Rounds) != 2 || len(ti.Rounds[0].Boards) != 2 || ti.Rounds[0].Boards[1].Match() != (arbiter.Match{First: arbiter.HalfZero, Second: arbiter.WhiteWins}) {
				t.Errorf("rounds = %+v, want two, the game ½-0 on board 2 of round 1", ti.Rounds)
			}
			if !reflect.DeepEqual(ti.Requests, tt.requests) {
				t.Errorf("requests = %+v, want %+v", ti.Requests, tt.requests)
			}
			all := strings.Join(in.Notes, "\n")
			for _, w := range tt.notes {
				if !strings.Contains(all, w) {
					t.Errorf("notes %q lack %q", all, w)
				}
			}
			if tt.notes == nil && all != "" {
				t.Errorf("notes = %q, want none", all)
			}
		})
	}
}

// TestRankTRFDoubleSwiss ranks a Double-Swiss file on its matches:
// game points, and a Buchholz of the opponents' game points.
func TestRankTRFDoubleSwiss(t *testing.T) {
	f := readDoubleSwissFile(t)
	chain, err := ParseTiebreaks([]string{"BH"})
	if err != nil {
		t.Fatal(err)
	}
	r, err := RankTRF(f, chain, tiebreak.Edition2026, 0)
	if err != nil {
		t.Fatal(err)
	}
	var got []int
	points := map[int]float64{}
	for _, s := range r.Rows {
		got = append(got, s.PN)
		points[s.PN] = s.Points.Points()
	}
	// Game points: 5 has 1½ (PAB) + 2, 2 has ½... as columns 81-84 say.
	want := map[int]float64{1: 1.5, 2: 2.5, 3: 1, 4: 2, 5: 3.5}
	if !reflect.DeepEqual(points, want) {
		t.Errorf("points = %v, want %v", points, want)
	}
	if got[0] != 5 || got[1] != 2 || got[2] != 4 {
		t.Errorf("order = %v, want 5, 2, 4 first", got)
	}
}
