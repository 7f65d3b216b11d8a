package prizes

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter"
)

// player is a line of a worked example: a letter for a name (its
// pairing number is its place in the example), points, and what the
// categories read.
type player struct {
	name   string
	points float64
	rating int
	sex    string
	born   int
	// level: shares the place of the player above in the standings
	// (level on points and on every tie-break)
	level bool
}

// standings turns a worked example into the lines Allot reads.
func standings(ps []player) []Line {
	lines := make([]Line, len(ps))
	for i, p := range ps {
		rank := i + 1
		if p.level && i > 0 {
			rank = lines[i-1].Rank
		}
		lines[i] = Line{PN: i + 1, Rank: rank, Points: arbiter.Score(p.points * 2),
			Member: Member{Rating: p.rating, Sex: p.sex, BirthYear: p.born}}
	}
	return lines
}

// summary writes an outcome as lines "list place-place name amount items
// (shared with ...)" and "unawarded list place why", names by pairing
// number.
func summary(o Outcome, ps []player) []string {
	name := func(pn int) string { return ps[pn-1].name }
	var out []string
	for _, a := range o.Awards {
		list := a.Category
		if list == "" {
			list = "general"
		}
		s := fmt.Sprintf("%s %d %s", list, a.Place, name(a.PN))
		if a.Cents > 0 {
			s += " " + Amount(a.Cents, a.Currency, ".")
		}
		for _, it := range a.Items {
			s += " " + it
		}
		if len(a.Group) > 0 {
			var with []string
			for _, pn := range a.SharedWith() {
				with = append(with, name(pn))
			}
			s += fmt.Sprintf(" (%d-%d with %s)", a.From, a.To, strings.Join(with, ","))
		}
		out = append(out, s)
	}
	for _, u := range o.Unawarded {
		list := u.Prize.Category
		if list == "" {
			list = "general"
		}
		why := "no one"
		if u.Reason == TooFew {
			why = fmt.Sprintf("%d players", u.Players)
		}
		out = append(out, fmt.Sprintf("unawarded %s %d: %s", list, u.Prize.Place, why))
	}
	return out
}

func money(t *testing.T, category string, place int, value string) Prize {
	t.Helper()
	v, err := ParseValue(value)
	if err != nil {
		t.Fatalf("ParseValue(%q): %v", value, err)
	}
	return Prize{Category: category, Place: place, Value: v}
}

func named(category string, place int, name string, worth int64) Prize {
	return Prize{Category: category, Place: place, Value: Value{Name: name, Cents: worth * 100}}
}

// TestAllotSharing: the worked examples of each rule of sharing.
func TestAllotSharing(t *testing.T) {
	// Three players level on 5 points across the two prizes of 100 and
	// 60; D behind.
	three := []player{{name: "A", points: 5}, {name: "B", points: 5}, {name: "C", points: 5}, {name: "D", points: 4}}
	// The example of the German Wikipedia article "Hort-System": six
	// prizes, A and B level on 8 points, C alone on 7½, D, E and F level
	// on 7.
	hortWiki := []player{{name: "A", points: 8}, {name: "B", points: 8}, {name: "C", points: 7.5},
		{name: "D", points: 7}, {name: "E", points: 7}, {name: "F", points: 7}, {name: "G", points: 6}}
	tests := []struct {
		name    string
		sharing Sharing
		players []player
		prizes  []string // general prizes, 1st first
		want    []string
	}{
		{name: "none: the tie-breaks decide", sharing: None, players: three, prizes: []string{"100 €", "60 €"},
			want: []string{"general 1 A 100 €", "general 2 B 60 €"}},
		{name: "equal: 160 split three ways", sharing: Equal, players: three, prizes: []string{"100 €", "60 €"},
			// 16000 hundredths: 5334 + 5333 + 5333, the hundredth left to the first
			want: []string{"general 1 A 53.34 € (1-3 with B,C)", "general 2 B 53.33 € (1-3 with A,C)", "general 3 C 53.33 € (1-3 with A,B)"}},
		{name: "hort: three level across two prizes", sharing: Hort, players: three, prizes: []string{"100 €", "60 €"},
			// halves kept: 50, 30, 0; halves pooled: 50 + 30 = 80, 26.67 each
			want: []string{"general 1 A 76.67 € (1-3 with B,C)", "general 2 B 56.67 € (1-3 with A,C)", "general 3 C 26.66 € (1-3 with A,B)"}},
		{name: "hort: the Wikipedia example", sharing: Hort, players: hortWiki, prizes: []string{"1000", "500", "350", "200", "150", "100"},
			want: []string{"general 1 A 875 (1-2 with B)", "general 2 B 625 (1-2 with A)", "general 3 C 350",
				"general 4 D 175 (4-6 with E,F)", "general 5 E 150 (4-6 with D,F)", "general 6 F 125 (4-6 with D,E)"}},
		{name: "equal: the Wikipedia example", sharing: Equal, players: hortWiki, prizes: []string{"1000", "500", "350", "200", "150", "100"},
			want: []string{"general 1 A 750 (1-2 with B)", "general 2 B 750 (1-2 with A)", "general 3 C 350",
				"general 4 D 150 (4-6 with E,F)", "general 5 E 150 (4-6 with D,F)", "general 6 F 150 (4-6 with D,E)"}},
		{name: "none: level on everything, split", sharing: None, prizes: []string{"100", "60", "40"},
			players: []player{{name: "A", points: 5}, {name: "B", points: 4}, {name: "C", points: 4, level: true}, {name: "D", points: 4}},
			want:    []string{"general 1 A 100", "general 2 B 50 (2-3 with C)", "general 3 C 50 (2-3 with B)"}},
		{name: "hort: level on every tie-break too", sharing: Hort, prizes: []string{"100", "60", "40"},
			// B and C hold places 2-3 together: the kept halves 30 and
			// 20 are theirs to split, 25 each; the pooled halves (30,
			// 20, and nothing for place 4) are split among B, C and D.
			players: []player{{name: "A", points: 5}, {name: "B", points: 4}, {name: "C", points: 4, level: true}, {name: "D", points: 4}},
			want:    []string{"general 1 A 100", "general 2 B 41.67 (2-4 with C,D)", "general 3 C 41.67 (2-4 with B,D)", "general 4 D 16.66 (2-4 with B,C)"}},
		{name: "a cup is not split", sharing: Equal, players: three, prizes: []string{"coppa", "60"},
			want: []string{"general 1 A 20 coppa (1-3 with B,C)", "general 2 B 20 (1-3 with A,C)", "general 3 C 20 (1-3 with A,B)"}},
		{name: "more prizes than players", sharing: Hort, players: []player{{name: "A", points: 1}, {name: "B", points: 0}},
			prizes: []string{"30", "20", "10"},
			want:   []string{"general 1 A 30", "general 2 B 20", "unawarded general 3: no one"}},
		{name: "a group below the last prize place", sharing: Equal, players: three, prizes: []string{"100"},
			want: []string{"general 1 A 33.34 (1-3 with B,C)", "general 2 B 33.33 (1-3 with A,C)", "general 3 C 33.33 (1-3 with A,B)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Rules{Sharing: tt.sharing}
			for i, v := range tt.prizes {
				r.Prizes = append(r.Prizes, money(t, "", i+1, v))
			}
			got := summary(Allot(r, standings(tt.players)), tt.players)
			if !slices.Equal(got, tt.want) {
				t.Errorf("Allot =\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(tt.want, "\n\t"))
			}
			// The shares add up to the money of the prizes given.
			var given, paid int64
			o := Allot(r, standings(tt.players))
			for _, p := range r.Prizes {
				if !slices.ContainsFunc(o.Unawarded, func(u Unawarded) bool { return u.Prize.Place == p.Place }) {
					given += p.Value.Cents * boolInt(p.Value.Money())
				}
			}
			for _, a := range o.Awards {
				paid += a.Cents
			}
			if given != paid {
				t.Errorf("the awards pay %d hundredths, the prizes given are worth %d", paid, given)
			}
		})
	}
}

func boolInt(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// TestAllotOnePrize: a player wins one prize, the higher one, and the
// players below move up.
func TestAllotOnePrize(t *testing.T) {
	u1600 := Category{Name: "U1600", Criteria: []Criterion{{Kind: RatingBelow, Value: "1600"}}}
	women := Category{Name: "Women", Criteria: []Criterion{{Kind: Sex, Value: "F"}}, MinPlayers: 3}
	// B and C are under 1600.
	field := []player{{name: "A", points: 6, rating: 2000}, {name: "B", points: 5, rating: 1500},
		{name: "C", points: 4, rating: 1550}, {name: "D", points: 3, rating: 1800}, {name: "E", points: 2, rating: 1900}}
	tests := []struct {
		name          string
		categories    []Category
		prizes        func(t *testing.T) []Prize
		categoryFirst bool
		sharing       Sharing
		players       []player
		want          []string
	}{
		{
			name: "the general prize is worth more", categories: []Category{u1600}, players: field,
			prizes: func(t *testing.T) []Prize {
				return []Prize{money(t, "", 1, "100"), money(t, "", 2, "60"), money(t, "", 3, "40"), money(t, "U1600", 1, "50")}
			},
			// B keeps 60 over 50; C takes the U1600 50 over the 3rd 40,
			// and D moves up to the 3rd prize.
			want: []string{"general 1 A 100", "general 2 B 60", "general 3 D 40", "U1600 1 C 50"},
		},
		{
			name: "the category prize is worth more", categories: []Category{u1600}, players: field,
			prizes: func(t *testing.T) []Prize {
				return []Prize{money(t, "", 1, "100"), money(t, "", 2, "60"), money(t, "U1600", 1, "70")}
			},
			want: []string{"general 1 A 100", "general 2 C 60", "U1600 1 B 70"},
		},
		{
			name: "equal value: the general first", categories: []Category{u1600}, players: field,
			prizes: func(t *testing.T) []Prize {
				return []Prize{money(t, "", 1, "100"), money(t, "", 2, "60"), money(t, "U1600", 1, "60")}
			},
			want: []string{"general 1 A 100", "general 2 B 60", "U1600 1 C 60"},
		},
		{
			name: "equal value: the category first", categories: []Category{u1600}, players: field, categoryFirst: true,
			prizes: func(t *testing.T) []Prize {
				return []Prize{money(t, "", 1, "100"), money(t, "", 2, "60"), money(t, "U1600", 1, "60")}
			},
			want: []string{"general 1 A 100", "general 2 C 60", "U1600 1 B 60"},
		},
		{
			name: "a cup and a book: the general first", categories: []Category{u1600},
			players: []player{{name: "A", points: 6, rating: 1500}, {name: "B", points: 5, rating: 2000}, {name: "C", points: 4, rating: 1400}},
			prizes: func(*testing.T) []Prize {
				return []Prize{named("", 1, "coppa", 0), named("U1600", 1, "libro", 0)}
			},
			want: []string{"general 1 A coppa", "U1600 1 C libro"},
		},
		{
			name: "a book worth more than a cup", categories: []Category{u1600},
			players: []player{{name: "A", points: 6, rating: 1500}, {name: "B", points: 5, rating: 2000}, {name: "C", points: 4, rating: 1400}},
			prizes: func(*testing.T) []Prize {
				return []Prize{named("", 1, "coppa", 10), named("U1600", 1, "libro", 30)}
			},
			want: []string{"general 1 B coppa", "U1600 1 A libro"},
		},
		{
			name: "hort: a share below the category prize", categories: []Category{u1600}, sharing: Hort,
			// A and B level on 5 across 100 and 60: A 50 + 40, B 30 + 40;
			// B (1500) takes the U1600 80 instead, and A is alone in 1st.
			players: []player{{name: "A", points: 5, rating: 2000}, {name: "B", points: 5, rating: 1500}, {name: "C", points: 3, rating: 1900}},
			prizes: func(t *testing.T) []Prize {
				return []Prize{money(t, "", 1, "100"), money(t, "", 2, "60"), money(t, "U1600", 1, "80")}
			},
			want: []string{"general 1 A 100", "general 2 C 60", "U1600 1 B 80"},
		},
		{
			name: "prizes of a category only", categories: []Category{u1600}, players: field,
			prizes: func(t *testing.T) []Prize { return []Prize{money(t, "U1600", 1, "50")} },
			want:   []string{"U1600 1 B 50"},
		},
		{
			name: "a category below its minimum", categories: []Category{women},
			players: []player{{name: "A", points: 3, sex: "M"}, {name: "B", points: 2, sex: "F"}, {name: "C", points: 1, sex: "w"}},
			prizes: func(t *testing.T) []Prize {
				return []Prize{money(t, "", 1, "50"), money(t, "Women", 1, "30")}
			},
			want: []string{"general 1 A 50", "unawarded Women 1: 2 players"},
		},
		{
			name: "a category at its minimum", categories: []Category{women},
			players: []player{{name: "A", points: 3, sex: "F"}, {name: "B", points: 2, sex: "F"}, {name: "C", points: 1, sex: "w"}},
			prizes: func(t *testing.T) []Prize {
				return []Prize{money(t, "", 1, "50"), money(t, "Women", 1, "30")}
			},
			want: []string{"general 1 A 50", "Women 1 B 30"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Rules{Sharing: tt.sharing, CategoryFirst: tt.categoryFirst, Categories: tt.categories, Prizes: tt.prizes(t)}
			got := summary(Allot(r, standings(tt.players)), tt.players)
			if !slices.Equal(got, tt.want) {
				t.Errorf("Allot =\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(tt.want, "\n\t"))
			}
		})
	}
}

// TestAllotOnePrizeEach checks on every rule of sharing and either
// preference that no player holds two awards, on a field where everyone
// is in some category.
func TestAllotOnePrizeEach(t *testing.T) {
	cats := []Category{
		{Name: "U1800", Criteria: []Criterion{{Kind: RatingBelow, Value: "1800"}}},
		{Name: "Women", Criteria: []Criterion{{Kind: Sex, Value: "F"}}},
		{Name: "U16", Criteria: []Criterion{{Kind: BornAfter, Value: "2009"}}},
	}
	var ps []player
	for i := range 20 {
		sex := "M"
		if i%3 == 0 {
			sex = "F"
		}
		ps = append(ps, player{name: fmt.Sprint(i + 1), points: float64(7-i/3) / 1, rating: 2200 - 37*i, sex: sex, born: 1990 + i})
	}
	for _, s := range Sharings {
		for _, first := range []bool{false, true} {
			r := Rules{Sharing: s, CategoryFirst: first, Categories: cats}
			for p, v := range []string{"300", "200", "100", "50"} {
				r.Prizes = append(r.Prizes, money(t, "", p+1, v))
			}
			for _, c := range cats {
				r.Prizes = append(r.Prizes, money(t, c.Name, 1, "60"), money(t, c.Name, 2, "40"))
			}
			o := Allot(r, standings(ps))
			seen := map[int]bool{}
			for _, a := range o.Awards {
				if seen[a.PN] {
					t.Errorf("sharing %s, category first %v: player %d wins twice:\n%s", s, first, a.PN, strings.Join(summary(o, ps), "\n"))
				}
				seen[a.PN] = true
			}
		}
	}
}

// TestAllotProperties gives the prizes of random fields under every rule
// and checks what must hold whatever the field: no player wins twice,
// the money of every prize given is paid out to the hundredth, a named
// prize goes to one player, and a shared award names its group.
func TestAllotProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 31))
	for trial := range 300 {
		n := 1 + rng.IntN(40)
		var ps []player
		pts := 2 * (3 + rng.IntN(5))
		for i := range n {
			if rng.IntN(3) > 0 && pts > 0 {
				pts -= rng.IntN(2)
			}
			ps = append(ps, player{name: strconv.Itoa(i + 1), points: float64(pts) / 2, rating: 1000 + rng.IntN(1200),
				sex: []string{"M", "F"}[rng.IntN(2)], born: 1950 + rng.IntN(70), level: i > 0 && rng.IntN(6) == 0 && float64(pts)/2 == ps[i-1].points})
		}
		r := Rules{Sharing: Sharings[rng.IntN(3)], CategoryFirst: rng.IntN(2) == 0, Categories: []Category{
			{Name: "U1600", Criteria: []Criterion{{RatingBelow, "1600"}}, MinPlayers: rng.IntN(4)},
			{Name: "W", Criteria: []Criterion{{Sex, "F"}}},
			{Name: "Old", Criteria: []Criterion{{BornBefore, "1970"}}, MinPlayers: rng.IntN(6)},
		}}
		for _, list := range []string{"", "U1600", "W", "Old"} {
			for place := 1; place <= 1+rng.IntN(5); place++ {
				if rng.IntN(4) == 0 {
					r.Prizes = append(r.Prizes, named(list, place, "cup"+strconv.Itoa(place), int64(rng.IntN(30))))
				} else {
					r.Prizes = append(r.Prizes, Prize{Category: list, Place: place, Value: Value{Cents: int64(100 + rng.IntN(10000))}})
				}
			}
		}
		o := Allot(r, standings(ps))
		seen := map[int]bool{}
		var paid int64
		items := map[string]int{}
		for _, a := range o.Awards {
			if seen[a.PN] {
				t.Fatalf("trial %d: player %d wins twice:\n%s", trial, a.PN, strings.Join(summary(o, ps), "\n"))
			}
			seen[a.PN] = true
			paid += a.Cents
			for _, it := range a.Items {
				items[a.Category+" "+it]++
			}
			if (len(a.Group) > 0) != (a.To > a.From) || (len(a.Group) > 0 && !slices.Contains(a.Group, a.PN)) {
				t.Fatalf("trial %d: award %+v: group and places disagree", trial, a)
			}
		}
		var given int64
		for _, p := range r.Prizes {
			if slices.ContainsFunc(o.Unawarded, func(u Unawarded) bool { return u.Prize == p }) {
				continue
			}
			if p.Value.Money() {
				given += p.Value.Cents
			} else if items[p.Category+" "+p.Value.Name] != 1 {
				t.Fatalf("trial %d: %s goes to %d players", trial, p.Value.Name, items[p.Category+" "+p.Value.Name])
			}
		}
		if paid != given {
			t.Fatalf("trial %d (%s): paid %d hundredths of the %d given:\n%s", trial, r.Sharing, paid, given, strings.Join(summary(o, ps), "\n"))
		}
	}
}
