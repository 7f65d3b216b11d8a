package tiebreak

import (
	"reflect"
	"strings"
	"testing"
)

// sixPlayers is the worked example of the specification: 6 players, 3
// rounds, every game played. Ratings 2200 down to 1700.
const sixPlayers = `
1 +W4 +B5 -W2
2 -B5 +W3 +B1
3 =W6 -B2 =B4
4 -B1 =B6 =W3
5 +W2 -W1 -B6
6 =B3 =W4 +W5
`

var sixRatings = []int{2200, 2100, 2000, 1900, 1800, 1700}

func sixInput(t *testing.T, codes ...string) Input {
	t.Helper()
	tour, tab := crosstable(t, sixPlayers)
	chain, err := ParseChain(codes)
	if err != nil {
		t.Fatal(err)
	}
	return Input{Tournament: tour, Table: tab, Ratings: sixRatings, Chain: chain}
}

// TestWorkedExample checks every column of the worked example.
func TestWorkedExample(t *testing.T) {
	in := sixInput(t, "BH", "BH-C1", "BH-M1", "SB", "WIN", "BPG", "PS", "ARO")
	want := map[int][]float64{
		//   BH BH-C1 BH-M1 SB WIN BPG PS ARO
		1: {4, 3, 1, 2, 2, 1, 5, 1933},
		2: {4, 3, 1, 3, 2, 2, 3, 2000},
		6: {3, 2, 1, 2, 1, 1, 3.5, 1900},
		5: {6, 4, 2, 2, 1, 1, 3, 2000},
		3: {5, 4, 2, 1.5, 0, 2, 2, 1900},
		4: {5, 4, 2, 1.5, 0, 2, 1.5, 1967},
	}
	st, err := Rank(in)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range st {
		if !reflect.DeepEqual(s.Values, want[s.PN]) {
			t.Errorf("player %d: %v = %v, want %v", s.PN, in.Chain, s.Values, want[s.PN])
		}
	}
}

// line is a compact standings line for comparisons: pn, rank, rank to.
type line struct{ PN, Rank, RankTo int }

func lines(st []Standing) []line {
	out := make([]line, len(st))
	for i, s := range st {
		out[i] = line{s.PN, s.Rank, s.RankTo}
	}
	return out
}

// TestWorkedExampleChains checks the ranking scenarios of the worked
// example, DE among them (C.07 6.2, 6.3).
func TestWorkedExampleChains(t *testing.T) {
	tests := []struct {
		name  string
		chain []string
		want  []line
		// values of chosen players, by pn
		values map[int][]float64
	}{{
		// DE for {1, 2, 6}: only 1-2 was played (2 won); 6 could still
		// reach 2's point, so DE decides nothing and shows 0. BH puts 6
		// third; DE again on {1, 2}: 2 first (1), 1 second (2). On 1 point,
		// DE for {3, 4, 5}: only 3-4 met, 5 could top the table: nothing;
		// BH puts 5 first; DE on {3, 4}: they drew, nothing; SB level (1.5).
		name:  "DE BH DE SB",
		chain: []string{"DE", "BH", "DE", "SB"},
		want:  []line{{2, 1, 1}, {1, 2, 2}, {6, 3, 3}, {5, 4, 4}, {3, 5, 6}, {4, 5, 6}},
		values: map[int][]float64{
			1: {0, 4, 2, 2}, 2: {0, 4, 1, 3}, 6: {0, 3, 0, 2},
			5: {0, 6, 0, 2}, 3: {0, 5, 0, 1.5}, 4: {0, 5, 0, 1.5},
		},
	}, {
		// BH puts 6 third, C1 keeps 1 and 2 level (3 = 3), SB gives 2 (3)
		// over 1 (2). On 1 point BH ranks 5 first; 3 and 4 stay level.
		name:  "BH BH-C1 SB",
		chain: []string{"BH", "BH-C1", "SB"},
		want:  []line{{2, 1, 1}, {1, 2, 2}, {6, 3, 3}, {5, 4, 4}, {3, 5, 6}, {4, 5, 6}},
	}, {
		// On 2 points BH-C1 leaves 1 and 2 level (3): DE on {1, 2}, all
		// met, 2 beat 1. On 1 point BH-C1 makes 3, 4 and 5 level (4): the
		// cut removes the difference BH made. DE decides nothing, SB puts
		// 5 (2) ahead of 3 and 4 (1.5), PS then 3 (2) ahead of 4 (1.5).
		name:  "BH-C1 DE SB PS",
		chain: []string{"BH-C1", "DE", "SB", "PS"},
		want:  []line{{2, 1, 1}, {1, 2, 2}, {6, 3, 3}, {5, 4, 4}, {3, 5, 5}, {4, 6, 6}},
		values: map[int][]float64{
			2: {3, 1, 3, 3}, 1: {3, 2, 2, 5}, 6: {2, 0, 2, 3.5},
			5: {4, 0, 2, 3}, 3: {4, 0, 1.5, 2}, 4: {4, 0, 1.5, 1.5},
		},
	}, {
		// No tie-break at all: ties shared by points, listed by PN.
		name:  "none",
		chain: nil,
		want:  []line{{1, 1, 3}, {2, 1, 3}, {6, 1, 3}, {3, 4, 6}, {4, 4, 6}, {5, 4, 6}},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st, err := Rank(sixInput(t, tt.chain...))
			if err != nil {
				t.Fatal(err)
			}
			if got := lines(st); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Rank(%s) = %v, want %v", strings.Join(tt.chain, ", "), got, tt.want)
			}
			for _, s := range st {
				if want, ok := tt.values[s.PN]; ok && !reflect.DeepEqual(s.Values, want) {
					t.Errorf("player %d values = %v, want %v", s.PN, s.Values, want)
				}
			}
		})
	}
}
