package prizes

import (
	"slices"
	"testing"

	"github.com/labyrinth-chess/arbiter"
)

// benchRules are the prizes of a large open: ten general places and
// three places in each of six categories, the categories overlapping.
func benchRules(b *testing.B) Rules {
	b.Helper()
	r := Rules{Sharing: Hort, Categories: []Category{
		{Name: "U2200", Criteria: []Criterion{{RatingBelow, "2200"}}},
		{Name: "U1800", Criteria: []Criterion{{RatingBelow, "1800"}}},
		{Name: "U1400", Criteria: []Criterion{{RatingBelow, "1400"}}},
		{Name: "Women", Criteria: []Criterion{{Sex, "F"}}},
		{Name: "U16", Criteria: []Criterion{{BornAfter, "2009"}}},
		{Name: "O50", Criteria: []Criterion{{BornBefore, "1977"}}},
	}}
	for p := 1; p <= 10; p++ {
		r.Prizes = append(r.Prizes, Prize{Place: p, Value: Value{Cents: int64(1100-100*p) * 100}})
	}
	for _, c := range r.Categories {
		for p := 1; p <= 3; p++ {
			r.Prizes = append(r.Prizes, Prize{Category: c.Name, Place: p, Value: Value{Cents: int64(400-100*p) * 100}})
		}
	}
	return r
}

// benchField is n players in rank order after 9 rounds: the points
// drawn as a Swiss open spreads them (each round a win, a draw or a
// loss, by a fixed sequence), sorted, so that a few share the top and
// many the middle; with level, everyone is on one of 16 scores, hundreds
// level at the top, the worst case of sharing.
func benchField(n int, level bool) ([]Line, []Contender) {
	pts := make([]arbiter.Score, n)
	x := uint32(12345)
	for i := range pts {
		for range 9 {
			x = x*1664525 + 1013904223
			pts[i] += arbiter.Score(x >> 30 % 3) // 0, ½ or 1 point, in halves
		}
		if level {
			pts[i] = arbiter.Score(16 - (i*16)/n)
		}
	}
	slices.SortFunc(pts, func(a, b arbiter.Score) int { return int(b - a) })
	lines := make([]Line, n)
	cs := make([]Contender, n)
	for i := range n {
		m := Member{Rating: 2600 - (i*1700)/n, BirthYear: 1950 + (i*7)%65, Sex: []string{"M", "F", "M"}[i%3]}
		lines[i] = Line{PN: i + 1, Rank: i + 1, Points: pts[i], Member: m}
		cs[i] = Contender{PN: i + 1, Member: m, Min: pts[i], Max: pts[i] + arbiter.One}
	}
	return lines, cs
}

// benchSizes are the fields of the benchmarks: a club evening, an open,
// the largest tournament, and the largest with hundreds level at the
// top.
var benchSizes = []struct {
	name  string
	n     int
	level bool
}{{"100", 100, false}, {"1000", 1000, false}, {"9999", arbiter.MaxPlayers, false}, {"9999-level", arbiter.MaxPlayers, true}}

func BenchmarkAllot(b *testing.B) {
	for _, f := range benchSizes {
		b.Run(f.name, func(b *testing.B) {
			r := benchRules(b)
			lines, _ := benchField(f.n, f.level)
			b.ReportAllocs()
			for b.Loop() {
				if o := Allot(r, lines); len(o.Awards) == 0 {
					b.Fatal("no awards")
				}
			}
		})
	}
}

func BenchmarkInReach(b *testing.B) {
	for _, f := range benchSizes {
		b.Run(f.name, func(b *testing.B) {
			r := benchRules(b)
			_, cs := benchField(f.n, f.level)
			b.ReportAllocs()
			for b.Loop() {
				if len(InReach(r, cs)) == 0 {
					b.Fatal("nothing in reach")
				}
			}
		})
	}
}
