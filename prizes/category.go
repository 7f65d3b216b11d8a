package prizes

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/phrase"
)

// Kind is a kind of criterion of a category. Kinds are stored by name:
// never rename one.
type Kind string

// The kinds of criteria. Value holds a rating for the rating bands, a
// year for the ages, F or M for the sex, the club's name for a club, and
// nothing for Unrated and Rated.
const (
	RatingBelow Kind = "rating-below" // rated below Value, the unrated too
	RatingFrom  Kind = "rating-from"  // rated Value or more
	BornAfter   Kind = "born-after"   // born in a year after Value
	BornBefore  Kind = "born-before"  // born in a year before Value
	Sex         Kind = "sex"          // of sex Value: F or M
	Club        Kind = "club"         // of the club Value (case and accents aside)
	Unrated     Kind = "unrated"      // without a rating
	Rated       Kind = "rated"        // with a rating
)

// Kinds lists the kinds in the order a category's criteria print.
var Kinds = []Kind{RatingFrom, RatingBelow, Rated, Unrated, BornAfter, BornBefore, Sex, Club}

// Highest values a rating and a year may take.
const (
	maxRating = 3500
	minYear   = 1900
	maxYear   = 2100
)

// ErrCriterion is wrapped by every error about a criterion or a category.
var ErrCriterion = errors.New("bad criterion")

// Member is what the criteria know of a player: the roster's record,
// with the rating the tournament seeds with.
type Member struct {
	Rating    int    // the rating the tournament seeds with (C.04.2 art. 2.2); 0 unrated
	BirthYear int    // 0 unknown
	Sex       string // "F" or "M"; "w" and "m" as the TRF writes them; "" unknown
	Club      string
}

// MemberOf returns what the criteria know of p.
func MemberOf(p arbiter.Player) Member {
	return Member{Rating: p.Rating, BirthYear: p.BirthYear, Sex: p.Sex, Club: p.Club}
}

// Criterion is one condition of a category.
type Criterion struct {
	Kind  Kind   `json:"kind"`
	Value string `json:"value,omitempty"`
}

// Check returns an error wrapping ErrCriterion when c is not a criterion
// a category can have: an unknown kind, a rating outside 1 to 3500, a
// year outside 1900 to 2100, a sex other than F or M, an empty club, a
// value given to Unrated or Rated.
func (c Criterion) Check() error {
	switch c.Kind {
	case RatingBelow, RatingFrom:
		n, err := strconv.Atoi(c.Value)
		if err != nil || n < 1 || n > maxRating {
			return criterionErr("rating", "Kind", string(c.Kind), "Value", strconv.Quote(c.Value))
		}
	case BornAfter, BornBefore:
		n, err := strconv.Atoi(c.Value)
		if err != nil || n < minYear || n > maxYear {
			return criterionErr("year", "Kind", string(c.Kind), "Value", strconv.Quote(c.Value))
		}
	case Sex:
		if c.Value != "F" && c.Value != "M" {
			return criterionErr("sex", "Value", strconv.Quote(c.Value))
		}
	case Club:
		if strings.TrimSpace(c.Value) == "" {
			return criterionErr("club")
		}
	case Unrated, Rated:
		if c.Value != "" {
			return criterionErr("novalue", "Kind", string(c.Kind), "Value", strconv.Quote(c.Value))
		}
	default:
		return criterionErr("unknown", "Kind", strconv.Quote(string(c.Kind)))
	}
	return nil
}

// Admits reports whether m meets c. A player whose birth year or sex is
// not known meets no criterion about it.
func (c Criterion) Admits(m Member) bool {
	n, _ := strconv.Atoi(c.Value)
	switch c.Kind {
	case RatingBelow:
		return m.Rating < n
	case RatingFrom:
		return m.Rating >= n
	case BornAfter:
		return m.BirthYear != 0 && m.BirthYear > n
	case BornBefore:
		return m.BirthYear != 0 && m.BirthYear < n
	case Sex:
		return sexOf(m.Sex) == c.Value
	case Club:
		return m.Club != "" && arbiter.FoldName(m.Club) == arbiter.FoldName(c.Value)
	case Unrated:
		return m.Rating == 0
	case Rated:
		return m.Rating != 0
	}
	return false
}

// sexOf reads a sex as the roster ("F", "M") or the TRF ("w", "m")
// writes it.
func sexOf(s string) string {
	switch strings.ToUpper(strings.TrimSpace(s)) {
	case "F", "W":
		return "F"
	case "M":
		return "M"
	}
	return ""
}

// String writes c as its kind and value: "rating-below 1600", "club
// Scacchi Navigli", "unrated".
func (c Criterion) String() string {
	if c.Value == "" {
		return string(c.Kind)
	}
	return string(c.Kind) + " " + c.Value
}

// Age returns the criterion of an age category by the year of birth, in
// a tournament played in year: "U16" (also "u16", "under16") admits the
// players born in year-16 or later, who are under 16 on 1 January of
// year; "O50" ("over50", "50+") those born in year-50 or earlier, who
// reach 50 during year. This is how the FIDE youth (U8 to U18) and senior
// (50+, 65+) championships count ages, by the year of birth alone.
func Age(code string, year int) (Criterion, error) {
	s := strings.ToLower(strings.ReplaceAll(strings.TrimSpace(code), " ", ""))
	under := true
	switch {
	case strings.HasPrefix(s, "under"):
		s = s[len("under"):]
	case strings.HasPrefix(s, "u"):
		s = s[1:]
	case strings.HasPrefix(s, "over"):
		s, under = s[len("over"):], false
	case strings.HasPrefix(s, "o"):
		s, under = s[1:], false
	case strings.HasSuffix(s, "+"):
		s, under = strings.TrimSuffix(s, "+"), false
	default:
		s = "x"
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > 120 {
		return Criterion{}, criterionErr("age", "Value", strconv.Quote(code))
	}
	if under {
		return Criterion{Kind: BornAfter, Value: strconv.Itoa(year - n - 1)}, nil
	}
	return Criterion{Kind: BornBefore, Value: strconv.Itoa(year - n + 1)}, nil
}

// Category is a group of players with prizes of its own: those who meet
// all of Criteria (a category without criteria admits everyone).
type Category struct {
	Name     string
	Criteria []Criterion
	// MinPlayers is the fewest players the category must have for its
	// prizes to be given; 0 and 1 give them always.
	MinPlayers int
}

// Admits reports whether m meets every criterion of c.
func (c Category) Admits(m Member) bool {
	for _, x := range c.Criteria {
		if !x.Admits(m) {
			return false
		}
	}
	return true
}

// Check returns an error wrapping ErrCriterion when c cannot be a
// category: an empty name, a bad criterion, a kind given twice, criteria
// no player can meet together (rating from 1800 and below 1600, rated and
// unrated, born after 2010 and before 2005), a negative minimum.
func (c Category) Check() error {
	if strings.TrimSpace(c.Name) == "" {
		return criterionErr("noname")
	}
	if c.MinPlayers < 0 {
		return criterionErr("min", "Min", c.MinPlayers)
	}
	seen := map[Kind]bool{}
	val := map[Kind]int{}
	for _, x := range c.Criteria {
		if err := x.Check(); err != nil {
			return err
		}
		if seen[x.Kind] {
			return criterionErr("twice", "Kind", string(x.Kind))
		}
		seen[x.Kind] = true
		val[x.Kind], _ = strconv.Atoi(x.Value)
	}
	switch {
	case seen[RatingFrom] && seen[RatingBelow] && val[RatingFrom] >= val[RatingBelow]:
		return criterionErr("band", "From", val[RatingFrom], "Below", val[RatingBelow])
	case seen[Rated] && seen[Unrated]:
		return criterionErr("ratedunrated")
	case seen[RatingFrom] && seen[Unrated]:
		return criterionErr("unratedfrom", "From", val[RatingFrom])
	case seen[BornAfter] && seen[BornBefore] && val[BornBefore]-val[BornAfter] < 2:
		return criterionErr("years", "After", val[BornAfter], "Before", val[BornBefore])
	}
	return nil
}

// Describe writes the criteria of c in the order of Kinds, as
// Criterion.String does, joined by ", "; "" for none.
func (c Category) Describe() string {
	var parts []string
	for _, k := range Kinds {
		for _, x := range c.Criteria {
			if x.Kind == k {
				parts = append(parts, x.String())
			}
		}
	}
	return strings.Join(parts, ", ")
}

// Phrase returns the criteria of c in words, in the order of Kinds,
// as phrases of the locale catalogs ("prizes.crit.KIND", the sex
// "prizes.crit.sex.F" or ".M") joined by ", "; "prizes.crit.none"
// (everyone) when there are none.
func (c Category) Phrase() phrase.Text {
	var parts []phrase.Text
	has := func(k Kind) bool {
		return slices.ContainsFunc(c.Criteria, func(x Criterion) bool { return x.Kind == k })
	}
	for _, k := range Kinds {
		for _, x := range c.Criteria {
			switch {
			case x.Kind != k:
			case k == RatingBelow && has(Rated):
				parts = append(parts, phrase.New("prizes.crit.rating-below.rated", "Value", x.Value))
			case k == Rated && has(RatingBelow):
			case k == Sex:
				parts = append(parts, phrase.New("prizes.crit.sex."+x.Value))
			default:
				parts = append(parts, phrase.New("prizes.crit."+string(k), "Value", x.Value))
			}
		}
	}
	for _, x := range c.Criteria {
		if !slices.Contains(Kinds, x.Kind) {
			parts = append(parts, phrase.New("prizes.crit.other", "Kind", string(x.Kind), "Value", x.Value))
		}
	}
	if len(parts) == 0 {
		return phrase.New("prizes.crit.none")
	}
	return phrase.Join(", ", parts...)
}

// EncodeCriteria returns criteria as the text the database keeps: a JSON
// array of kinds and values, "[]" for none.
func EncodeCriteria(cs []Criterion) string {
	if len(cs) == 0 {
		return "[]"
	}
	b, _ := json.Marshal(cs) // strings only: cannot fail
	return string(b)
}

// DecodeCriteria reads what EncodeCriteria wrote.
func DecodeCriteria(s string) ([]Criterion, error) {
	var cs []Criterion
	if err := json.Unmarshal([]byte(s), &cs); err != nil {
		return nil, fmt.Errorf("prizes: criteria %q: %w", s, err)
	}
	return cs, nil
}
