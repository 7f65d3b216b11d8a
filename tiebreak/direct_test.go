package tiebreak

import (
	"reflect"
	"testing"
)

// cycle: 1 beat 2, 2 beat 3, 3 beat 1; all beat 4.
const cycle = `
1 +W2 -B3 +W4
2 -B1 +W4 +W3
3 +W4 +W1 -B2
4 -B3 -B2 -B1
`

// allMet: a round robin of 4 where 1 and 2 end level on 2 and 1 beat 2.
const allMet = `
1 +W2 =B3 =W4
2 -B1 +W4 +W3
3 +W4 =W1 -B2
4 -B3 -B2 =B1
`

// twice: 1 and 2 met twice (a win and a draw for 1); 3 and 4 met twice (a
// win each); 1 beat 3 by forfeit.
const twice = `
1 +W2 =B2 +F3
2 -B1 =W1 +W4
3 +W4 -B4 -F1
4 -B3 +W3 -B2
`

// swiss: 1 beat 2, 3 and 4; 2 beat 3 and 4; 3 and 4 never met.
const swiss = `
1 +W2 +B3 +W4
2 -B1 +W4 +W3
3 --  -W1 -B2
4 --  -B2 -B1
`

// rest: 1 beat 2, 3 and 4 but never met 5; 2, 3, 4 and 5 all met: 2 beat
// 3 and 4, 3 beat 4, 5 drew with 2, 3 and 4.
const rest = `
1 +W2 +W3 +W4 --  --  --
2 -B1 --  =W5 +W3 +W4 --
3 =W5 -B1 --  -B2 --  +W4
4 --  =W5 -B1 --  -B2 -B3
5 =B3 =B4 =B2 --  --  --
`

// firstOnly: 1, 2 and 3 end on 3 points; 1 beat 2 and 3, who never met. 4
// and 6 end on 2 points; 4 beat 6.
const firstOnly = `
1 +W2 +B3 -W4 =B5 =W6
2 -B1 =W5 =B6 +W4 +BYE
3 +W4 -W1 +W5 =B6 =BYE
4 -B3 +W6 +B1 -B2 -W5
5 =W6 =B2 -B3 =W1 +B4
6 =B5 -B4 =W2 =W3 =B1
`

// TestDirectEncounter checks C.07 article 6 on groups of players taken as
// tied, whatever their points.
func TestDirectEncounter(t *testing.T) {
	tests := []struct {
		name  string
		table string
		group []int
		want  [][]int
	}{
		// 6.2: all met, all on 1 in the separate table: nothing.
		{"6.2 cycle", cycle, []int{1, 2, 3}, [][]int{{1, 2, 3}}},
		{"6.2 cycle subset", cycle, []int{1, 2}, [][]int{{1}, {2}}},
		// 6.2: 1 and 2 on 2, 3 on 1.5, 4 on 0.5; DE again on {1, 2}: 1
		// beat 2.
		{"6.2 reapplied to a subset", allMet, []int{1, 2, 3, 4}, [][]int{{1}, {2}, {3}, {4}}},
		{"6.2 draw", allMet, []int{1, 3}, [][]int{{1, 3}}},
		{"6.2 three", allMet, []int{1, 3, 4}, [][]int{{3}, {1}, {4}}},
		// 6.1.2: two games between the same players count their average:
		// 1 has 0.75 against 2; 3 and 4 have 0.5 each.
		{"6.1.2 average", twice, []int{1, 2}, [][]int{{1}, {2}}},
		{"6.1.2 average level", twice, []int{3, 4}, [][]int{{3, 4}}},
		// 6.1.1: a forfeit is no encounter: 1 and 3 did not meet, so
		// nobody is sure to be alone on top.
		{"6.1.1 forfeit left out", twice, []int{1, 3}, [][]int{{1, 3}}},
		// 6.3: 1 (3) is first whatever happens; 2 (2) then beats the
		// reach of 3 and 4 (0 + 1 missing game each): second. 3 and 4 never
		// met: DE again on them decides nothing.
		{"6.3 place by place", swiss, []int{1, 2, 3, 4}, [][]int{{1}, {2}, {3, 4}}},
		// 6.3: 1 (3) is first, 5 (1.5 + 1 missing) could still reach 2's
		// 2.5, so the second place is not sure on this table. DE again on
		// 2, 3, 4 and 5, who all met: 2 (2.5), then 3 and 5 (1.5, drew:
		// level), then 4 (0.5).
		{"6.3 reapplied to the rest", rest, []int{1, 2, 3, 4, 5}, [][]int{{1}, {2}, {3, 5}, {4}}},
		{"single", rest, []int{4}, [][]int{{4}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tour, tab := crosstable(t, tt.table)
			c, err := newCalc(Input{Tournament: tour, Table: tab})
			if err != nil {
				t.Fatal(err)
			}
			got := c.directEncounter(tt.group, map[int]int{}, nil)
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("DE of %v = %v, want %v", tt.group, got, tt.want)
			}
		})
	}
}

// TestDEPlaces checks DE's figure in the standings: the place in the group
// still tied, shared by players DE cannot separate, 0 when DE decides
// nothing. In the round robin allMet, 1 and 2 are level on points and on
// BH; the chain BH, DE ranks 1 before 2.
func TestDEPlaces(t *testing.T) {
	tests := []struct {
		name  string
		table string
		chain []string
		want  map[int]float64 // DE's figure by pn
		order []int
	}{
		{"two level", allMet, []string{"DE"}, map[int]float64{1: 1, 2: 2, 3: 0, 4: 0}, []int{1, 2, 3, 4}},
		// 1 is first whatever 2 and 3 would do against each other (C.07
		// 6.3); 2 and 3 share the second place. 4 beat 6.
		{"first only", firstOnly, []string{"DE"}, map[int]float64{1: 1, 2: 2, 3: 2, 4: 1, 5: 0, 6: 2}, []int{1, 2, 3, 5, 4, 6}},
		// cycle: 1, 2 and 3 on 2 points: DE decides nothing: 0; WIN
		// cannot separate them either: a shared first place.
		{"cycle", cycle, []string{"DE", "WIN"}, map[int]float64{1: 0, 2: 0, 3: 0, 4: 0}, []int{1, 2, 3, 4}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tour, tab := crosstable(t, tt.table)
			chain, err := ParseChain(tt.chain)
			if err != nil {
				t.Fatal(err)
			}
			st, err := Rank(Input{Tournament: tour, Table: tab, Chain: chain})
			if err != nil {
				t.Fatal(err)
			}
			var order []int
			for _, s := range st {
				order = append(order, s.PN)
				if s.Values[0] != tt.want[s.PN] {
					t.Errorf("DE of player %d = %v, want %v", s.PN, s.Values[0], tt.want[s.PN])
				}
			}
			if !reflect.DeepEqual(order, tt.order) {
				t.Errorf("order = %v, want %v", order, tt.order)
			}
		})
	}
	tour, tab := crosstable(t, cycle)
	st, _ := Rank(Input{Tournament: tour, Table: tab, Chain: []Spec{{Code: DE}}})
	if got := lines(st); !reflect.DeepEqual(got, []line{{1, 1, 3}, {2, 1, 3}, {3, 1, 3}, {4, 4, 4}}) {
		t.Errorf("cycle ranks = %v, want 1, 2 and 3 sharing places 1-3", got)
	}
}
