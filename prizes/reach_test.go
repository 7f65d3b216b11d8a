package prizes

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter"
)

// TestInReach: before the last round, the prizes each player can still
// win. General prizes 100, 60, 40; a book for the best under 1600 (D and
// F); a prize for the best woman, who are too few.
func TestInReach(t *testing.T) {
	u1600 := Category{Name: "U1600", Criteria: []Criterion{{Kind: RatingBelow, Value: "1600"}}}
	women := Category{Name: "Women", Criteria: []Criterion{{Kind: Sex, Value: "F"}}, MinPlayers: 3}
	r := Rules{Categories: []Category{u1600, women}, Prizes: []Prize{
		money(t, "", 1, "100"), money(t, "", 2, "60"), money(t, "", 3, "40"),
		named("U1600", 1, "libro", 0), money(t, "Women", 1, "30"),
	}}
	half := func(x float64) arbiter.Score { return arbiter.Score(x * 2) }
	// Points before the last round; everyone plays it but G, who has a
	// half-point bye.
	field := []struct {
		name   string
		points float64
		rating int
		sex    string
		bye    bool
	}{
		{"A", 5, 2000, "M", false},
		{"B", 4.5, 1900, "F", false},
		{"C", 4, 1800, "M", false},
		{"D", 4, 1500, "M", false},
		{"E", 3, 1700, "F", false},
		{"F", 2, 1400, "M", false},
		{"G", 3.5, 1750, "M", true},
		{"H", 0.5, 1900, "M", false},
	}
	var cs []Contender
	for i, p := range field {
		c := Contender{PN: i + 1, Member: Member{Rating: p.rating, Sex: p.sex}, Min: half(p.points), Max: half(p.points + 1)}
		if p.bye {
			c.Min, c.Max = half(p.points+0.5), half(p.points+0.5)
		}
		cs = append(cs, c)
	}
	got := InReach(r, cs)
	write := func(pn int) string {
		var parts []string
		for _, rc := range got[pn] {
			list := rc.Category
			if list == "" {
				list = "general"
			}
			var vs []string
			for _, p := range rc.Prizes {
				vs = append(vs, p.Value.String())
			}
			parts = append(parts, fmt.Sprintf("%s %d-%d %s", list, rc.From, rc.To, strings.Join(vs, ",")))
		}
		return strings.Join(parts, "; ")
	}
	want := map[string]string{
		// 6 at most, and the others can reach 5: any of the three.
		"A": "general 1-3 100,60,40",
		"B": "general 1-3 100,60,40",
		// C can end first if A loses and wins the tie-break.
		"C": "general 1-3 100,60,40",
		// D as C, and no one under 1600 can reach D's 4: the book is D's.
		"D": "general 1-3 100,60,40; U1600 1-1 libro",
		// E: A and B stay ahead of E's 4 at most; third at best.
		"E": "general 3-3 40",
		// F: 3 at most, and A, B, C and G stay ahead; D too, but D may
		// take a general prize and leave the book to F.
		"F": "U1600 1-1 libro",
		// G ends on 4, behind A and B whatever happens.
		"G": "general 3-3 40",
		// H: 1½ at most, and five stay ahead who have nothing else.
		"H": "",
	}
	for i, p := range field {
		if g := write(i + 1); g != want[p.name] {
			t.Errorf("%s: in reach %q, want %q", p.name, g, want[p.name])
		}
	}
	if _, ok := got[8]; ok {
		t.Errorf("H has an entry with nothing in reach: %v", got[8])
	}
	// Once the round is played, what is in reach is what Allot gives:
	// every award of the final standings was in reach.
	final := []Line{}
	order := []int{2, 1, 4, 3, 7, 5, 6, 8} // B beats A, D beats C, ...
	points := map[int]float64{1: 5, 2: 5.5, 3: 4, 4: 5, 5: 4, 6: 2, 7: 4, 8: 1.5}
	slices.SortStableFunc(order, func(a, b int) int { return int(points[b]*2 - points[a]*2) })
	for i, pn := range order {
		final = append(final, Line{PN: pn, Rank: i + 1, Points: half(points[pn]), Member: cs[pn-1].Member})
	}
	for _, a := range Allot(r, final).Awards {
		ok := slices.ContainsFunc(got[a.PN], func(rc Reach) bool {
			return rc.Category == a.Category && a.Place >= rc.From && a.Place <= rc.To
		})
		if !ok {
			t.Errorf("player %d wins place %d of %q, which was not in reach: %v", a.PN, a.Place, a.Category, got[a.PN])
		}
	}
}
