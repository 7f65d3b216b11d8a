package prizes

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter/locale"
)

func TestCriterionAdmits(t *testing.T) {
	rossi := Member{Rating: 1580, BirthYear: 2010, Sex: "F", Club: "Scacchi Navigli"}
	unrated := Member{Rating: 0, BirthYear: 1960, Sex: "m", Club: "Labyrinth"}
	unknown := Member{Rating: 1900}
	tests := []struct {
		c    Criterion
		m    Member
		want bool
	}{
		{Criterion{RatingBelow, "1600"}, rossi, true},
		{Criterion{RatingBelow, "1580"}, rossi, false},
		{Criterion{RatingBelow, "1600"}, unrated, true}, // the unrated are below every band
		{Criterion{RatingFrom, "1580"}, rossi, true},
		{Criterion{RatingFrom, "1600"}, rossi, false},
		{Criterion{RatingFrom, "1"}, unrated, false},
		{Criterion{BornAfter, "2009"}, rossi, true},
		{Criterion{BornAfter, "2010"}, rossi, false},
		{Criterion{BornBefore, "1961"}, unrated, true},
		{Criterion{BornBefore, "1960"}, unrated, false},
		{Criterion{BornBefore, "2100"}, unknown, false}, // no birth year, no age category
		{Criterion{BornAfter, "1900"}, unknown, false},
		{Criterion{Sex, "F"}, rossi, true},
		{Criterion{Sex, "F"}, Member{Sex: "w"}, true}, // as the TRF writes it
		{Criterion{Sex, "M"}, unrated, true},
		{Criterion{Sex, "M"}, rossi, false},
		{Criterion{Sex, "F"}, unknown, false},
		{Criterion{Club, "scacchi navigli"}, rossi, true},
		{Criterion{Club, "Labyrinth"}, rossi, false},
		{Criterion{Club, "Labyrinth"}, unknown, false},
		{Criterion{Unrated, ""}, unrated, true},
		{Criterion{Unrated, ""}, rossi, false},
		{Criterion{Rated, ""}, rossi, true},
		{Criterion{Rated, ""}, unrated, false},
		{Criterion{"national-category", "2N"}, rossi, false}, // a kind this version does not know admits no one
	}
	for _, tt := range tests {
		if got := tt.c.Admits(tt.m); got != tt.want {
			t.Errorf("%s admits %+v = %v, want %v", tt.c, tt.m, got, tt.want)
		}
	}
}

func TestCategoryCheck(t *testing.T) {
	tests := []struct {
		name string
		c    Category
		want string // in the error; "" for none
	}{
		{"a band", Category{Name: "U1600", Criteria: []Criterion{{RatingBelow, "1600"}}}, ""},
		{"everyone", Category{Name: "All"}, ""},
		{"combined", Category{Name: "Girls U16", Criteria: []Criterion{{Sex, "F"}, {BornAfter, "2009"}, {Rated, ""}}, MinPlayers: 3}, ""},
		{"a band of 1600s", Category{Name: "1600s", Criteria: []Criterion{{RatingFrom, "1600"}, {RatingBelow, "1700"}}}, ""},
		{"no name", Category{Name: " "}, "needs a name"},
		{"negative minimum", Category{Name: "x", MinPlayers: -1}, "at least 0"},
		{"unknown kind", Category{Name: "x", Criteria: []Criterion{{"elo", "1600"}}}, `unknown criterion "elo"`},
		{"bad rating", Category{Name: "x", Criteria: []Criterion{{RatingBelow, "sixteen"}}}, "type a rating"},
		{"rating 0", Category{Name: "x", Criteria: []Criterion{{RatingFrom, "0"}}}, "type a rating"},
		{"bad year", Category{Name: "x", Criteria: []Criterion{{BornAfter, "10"}}}, "type a year"},
		{"bad sex", Category{Name: "x", Criteria: []Criterion{{Sex, "X"}}}, "type F or M"},
		{"empty club", Category{Name: "x", Criteria: []Criterion{{Club, " "}}}, "club"},
		{"unrated with a value", Category{Name: "x", Criteria: []Criterion{{Unrated, "yes"}}}, "takes no value"},
		{"twice", Category{Name: "x", Criteria: []Criterion{{Sex, "F"}, {Sex, "M"}}}, "given twice"},
		{"empty band", Category{Name: "x", Criteria: []Criterion{{RatingFrom, "1800"}, {RatingBelow, "1600"}}}, "no rating"},
		{"rated and unrated", Category{Name: "x", Criteria: []Criterion{{Rated, ""}, {Unrated, ""}}}, "both rated and unrated"},
		{"unrated from 1800", Category{Name: "x", Criteria: []Criterion{{RatingFrom, "1800"}, {Unrated, ""}}}, "no rating of 1800"},
		{"no year between", Category{Name: "x", Criteria: []Criterion{{BornAfter, "2010"}, {BornBefore, "2011"}}}, "no year"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.c.Check()
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("Check() = %v, want nil", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want) || !errors.Is(err, ErrCriterion)):
				t.Errorf("Check() = %v, want an ErrCriterion saying %q", err, tt.want)
			}
		})
	}
}

func TestAge(t *testing.T) {
	tests := []struct {
		code string
		year int
		want Criterion
	}{
		// Under 16 on 1 January 2026: born in 2010 or later.
		{"U16", 2026, Criterion{BornAfter, "2009"}},
		{"u8", 2026, Criterion{BornAfter, "2017"}},
		{"Under 18", 2024, Criterion{BornAfter, "2005"}},
		// 50 and over in 2026: born in 1976 or earlier.
		{"O50", 2026, Criterion{BornBefore, "1977"}},
		{"over65", 2026, Criterion{BornBefore, "1962"}},
		{"65+", 2026, Criterion{BornBefore, "1962"}},
	}
	for _, tt := range tests {
		got, err := Age(tt.code, tt.year)
		if err != nil || got != tt.want {
			t.Errorf("Age(%q, %d) = %v, %v; want %v", tt.code, tt.year, got, err, tt.want)
		}
	}
	for _, bad := range []string{"", "U", "senior", "U0", "O200", "16"} {
		if _, err := Age(bad, 2026); !errors.Is(err, ErrCriterion) {
			t.Errorf("Age(%q) = %v, want ErrCriterion", bad, err)
		}
	}
	// Someone born in 2010 is in U16 of 2026, one born in 2009 is not.
	c, _ := Age("U16", 2026)
	if !c.Admits(Member{BirthYear: 2010}) || c.Admits(Member{BirthYear: 2009}) {
		t.Errorf("%s: wrong on the players born in 2010 and 2009", c)
	}
}

func TestCriteriaRoundTrip(t *testing.T) {
	for _, cs := range [][]Criterion{
		nil,
		{{RatingBelow, "1600"}},
		{{Club, `Scacchi "Navigli", Milano`}, {Unrated, ""}, {Sex, "F"}},
	} {
		got, err := DecodeCriteria(EncodeCriteria(cs))
		if err != nil || !slices.Equal(got, cs) && len(cs)+len(got) > 0 {
			t.Errorf("DecodeCriteria(EncodeCriteria(%v)) = %v, %v", cs, got, err)
		}
	}
	if _, err := DecodeCriteria("not json"); err == nil {
		t.Error("DecodeCriteria(not json) = nil error")
	}
	c := Category{Criteria: []Criterion{{Sex, "F"}, {Club, "Labyrinth"}, {RatingBelow, "1600"}}}
	if got, want := c.Describe(), "rating-below 1600, sex F, club Labyrinth"; got != want {
		t.Errorf("Describe() = %q, want %q", got, want)
	}
}

func TestParseValue(t *testing.T) {
	tests := []struct {
		in   string
		want Value
	}{
		{"100", Value{Cents: 10000}},
		{"100 €", Value{Cents: 10000, Currency: "€"}},
		{"€100", Value{Cents: 10000, Currency: "€"}},
		{"50,50 EUR", Value{Cents: 5050, Currency: "EUR"}},
		{"12.5", Value{Cents: 1250}},
		{"1.000", Value{Cents: 100000}},
		{"1,000.50 $", Value{Cents: 100050, Currency: "$"}},
		{"1 000", Value{Cents: 100000}},
		{"coppa", Value{Name: "coppa"}},
		{"  libro  ", Value{Name: "libro"}},
		{"1° premio", Value{Name: "1° premio"}},
		{"100 € + coppa", Value{Name: "100 € + coppa"}},
	}
	for _, tt := range tests {
		got, err := ParseValue(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("ParseValue(%q) = %+v, %v; want %+v", tt.in, got, err, tt.want)
		}
	}
	for _, bad := range []string{"", "  ", "-50", "99999999999 €"} {
		if _, err := ParseValue(bad); !errors.Is(err, ErrValue) {
			t.Errorf("ParseValue(%q) = %v, want ErrValue", bad, err)
		}
	}
	for _, tt := range []struct {
		v          Value
		mark, want string
	}{
		{Value{Cents: 10000, Currency: "€"}, ".", "100 €"},
		{Value{Cents: 2667, Currency: "€"}, ",", "26,67 €"},
		{Value{Cents: 205}, ".", "2.05"},
		{Value{Name: "libro", Cents: 3000}, ",", "libro"},
	} {
		if got := tt.v.Text(tt.mark); got != tt.want {
			t.Errorf("%+v.Text(%q) = %q, want %q", tt.v, tt.mark, got, tt.want)
		}
	}
}

func FuzzParseValue(f *testing.F) {
	for _, s := range []string{"100", "100 €", "€ 50,50", "1.000,00", "coppa", "-1", "1,2,3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := ParseValue(s)
		if err != nil {
			return
		}
		if v.Money() {
			if v.Cents < 0 || v.Cents >= maxCents {
				t.Fatalf("ParseValue(%q) = %d hundredths", s, v.Cents)
			}
			// What it prints reads back as the same money.
			back, err := ParseValue(v.Text("."))
			if err != nil || back != v {
				t.Fatalf("ParseValue(%q) = %+v, printed %q, read back %+v, %v", s, v, v.Text("."), back, err)
			}
		} else if v.Name != strings.TrimSpace(s) {
			t.Fatalf("ParseValue(%q) named %q", s, v.Name)
		}
	})
}

func TestCategoryPhrase(t *testing.T) {
	en, it := locale.New(locale.English), locale.New(locale.Italian)
	tests := []struct {
		c      Category
		en, it string
	}{
		{Category{}, "everyone", "tutti"},
		{Category{Criteria: []Criterion{{Sex, "F"}, {BornAfter, "2009"}}}, "born after 2009, women", "nati dopo il 2009, donne"},
		{Category{Criteria: []Criterion{{RatingBelow, "1600"}}}, "rated below 1600 or unrated", "Elo sotto 1600 o senza Elo"},
		{Category{Criteria: []Criterion{{Rated, ""}, {RatingBelow, "1600"}}}, "rated below 1600", "Elo sotto 1600"},
		{Category{Criteria: []Criterion{{Club, "Labyrinth"}, {Unrated, ""}, {RatingFrom, "1"}}}, "rated 1 or more, unrated, club Labyrinth", "Elo 1 o più, senza Elo, circolo Labyrinth"},
		{Category{Criteria: []Criterion{{"national-category", "2N"}}}, "national-category 2N", "national-category 2N"},
	}
	for _, tt := range tests {
		if got := en.Word(tt.c.Phrase()); got != tt.en {
			t.Errorf("%v in English: %q, want %q", tt.c.Criteria, got, tt.en)
		}
		if got := it.Word(tt.c.Phrase()); got != tt.it {
			t.Errorf("%v in Italian: %q, want %q", tt.c.Criteria, got, tt.it)
		}
	}
}
