package desk

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/prizes"
)

// prizeTournament makes a tournament of 3 rounds and 6 players of the
// club: ratings 2000 down to 1500, the 2nd and 5th women, the 4th and
// 6th born in 2011, the 6th unrated.
func prizeTournament(tb testing.TB, ctx context.Context, d *Desk) arbiter.Tournament {
	tb.Helper()
	t := arbiter.NewTournament("Prizes")
	t.Rounds, t.Date, t.FirstColour = 3, "2026-05-12", arbiter.White
	t, err := d.CreateTournament(ctx, t)
	if err != nil {
		tb.Fatal(err)
	}
	for i := range 6 {
		p := arbiter.Player{Name: names[i], Rating: 2000 - 100*i, BirthYear: 1980, Sex: "M", Club: "Labyrinth"}
		if i == 1 || i == 4 {
			p.Sex = "F"
		}
		if i == 3 || i == 5 {
			p.BirthYear = 2011
		}
		if i == 5 {
			p.Rating, p.Club = 0, "Scacchi Navigli"
		}
		if _, err := d.AddEntry(ctx, t.ID, p, AddOptions{}); err != nil {
			tb.Fatal(err)
		}
	}
	return t
}

// playRound pairs the next round and enters White wins on every board
// but those listed, which are draws.
func playRound(tb testing.TB, ctx context.Context, d *Desk, draws ...int) {
	tb.Helper()
	out := mustPair(tb, ctx, d)
	for _, b := range out.Round.Boards {
		r := arbiter.WhiteWins
		if slices.Contains(draws, b.Number) {
			r = arbiter.Draw
		}
		if _, err := d.EnterResult(ctx, ResultRequest{Board: b.Number, Result: r}); err != nil {
			tb.Fatal(err)
		}
	}
}

func TestCategoryUseCases(t *testing.T) {
	ctx := WithActor(context.Background(), "Marta")
	d := mustOpen(t)
	tour := prizeTournament(t, ctx, d)
	tid := tour.ID
	add := func(in CategoryInput) (prizes.Category, error) { return d.AddCategory(ctx, tid, in) }
	// U16 of a tournament played in 2026: born in 2010 or later.
	c, err := add(CategoryInput{Name: "  Under   16 ", Age: "U16"})
	if err != nil {
		t.Fatal(err)
	}
	if c.Name != "Under 16" || c.Describe() != "born-after 2009" {
		t.Errorf("AddCategory(U16) = %q [%s], want Under 16 [born-after 2009]", c.Name, c.Describe())
	}
	if _, err := add(CategoryInput{Name: "Donne", Criteria: []prizes.Criterion{{Kind: prizes.Sex, Value: "F"}}, MinPlayers: 3}); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		in    CategoryInput
		kind  error
		input string
		code  string // the *prizes.Error's code, if any
	}{
		{"taken", CategoryInput{Name: "donne"}, ErrConflict, "category", ""},
		{"bad age", CategoryInput{Name: "Kids", Age: "U"}, ErrInvalid, "age", "age"},
		{"age and born-after", CategoryInput{Name: "Kids", Age: "U12", Criteria: []prizes.Criterion{{Kind: prizes.BornAfter, Value: "2000"}}},
			ErrInvalid, "category", "twice"},
		{"an empty band", CategoryInput{Name: "Band", Criteria: []prizes.Criterion{{Kind: prizes.RatingFrom, Value: "1800"}, {Kind: prizes.RatingBelow, Value: "1600"}}},
			ErrInvalid, "category", "band"},
		{"no name", CategoryInput{Name: " "}, ErrInvalid, "category", "noname"},
		{"a control character", CategoryInput{Name: "U\x1b16"}, ErrInvalid, "category", ""},
		{"too long", CategoryInput{Name: strings.Repeat("x", MaxCategoryName+1)}, ErrInvalid, "category", ""},
	}
	for _, tt := range tests {
		_, err := add(tt.in)
		var de *Error
		var pe *prizes.Error
		switch {
		case !errors.As(err, &de) || !errors.Is(err, tt.kind) || de.Input != tt.input:
			t.Errorf("%s: %v, want an *Error %v about %s", tt.name, err, tt.kind, tt.input)
		case tt.code != "" && (!errors.As(err, &pe) || pe.Code != tt.code):
			t.Errorf("%s: %v, want the prizes code %s", tt.name, err, tt.code)
		}
	}
	// Prizes.
	prizeTests := []struct {
		name  string
		in    PrizeInput
		want  string // the prize stored, or the error's input
		kind  error
		input string
	}{
		{name: "money", in: PrizeInput{Place: 1, Value: "50 €"}, want: "1: 50 €"},
		{name: "a cup", in: PrizeInput{Place: 2, Value: "coppa", Worth: "20"}, want: "2: coppa (2000)"},
		{name: "a category's", in: PrizeInput{Category: "DONNE", Place: 1, Value: "libro"}, want: "Donne 1: libro (0)"},
		{name: "taken", in: PrizeInput{Place: 1, Value: "10"}, kind: ErrConflict, input: "place"},
		{name: "no place", in: PrizeInput{Place: 0, Value: "10"}, kind: ErrInvalid, input: "place"},
		{name: "no value", in: PrizeInput{Place: 3, Value: " "}, kind: ErrInvalid, input: "value"},
		{name: "negative", in: PrizeInput{Place: 3, Value: "-10"}, kind: ErrInvalid, input: "value"},
		{name: "money with a worth", in: PrizeInput{Place: 3, Value: "10", Worth: "20"}, kind: ErrInvalid, input: "worth"},
		{name: "a worth that is no amount", in: PrizeInput{Place: 3, Value: "libro", Worth: "much"}, kind: ErrInvalid, input: "worth"},
		{name: "no such category", in: PrizeInput{Category: "U1600", Place: 1, Value: "10"}, kind: ErrNotFound, input: "category"},
	}
	for _, tt := range prizeTests {
		p, err := d.AddPrize(ctx, tid, tt.in)
		if tt.kind == nil {
			got := fmt.Sprintf("%d: %s", p.Place, p.Value)
			if !p.Value.Money() {
				got = fmt.Sprintf("%d: %s (%d)", p.Place, p.Value.Name, p.Value.Cents)
			}
			if p.Category != "" {
				got = p.Category + " " + got
			}
			if err != nil || got != tt.want {
				t.Errorf("%s: AddPrize = %q, %v; want %q", tt.name, got, err, tt.want)
			}
			continue
		}
		var de *Error
		if !errors.As(err, &de) || !errors.Is(err, tt.kind) || de.Input != tt.input {
			t.Errorf("%s: AddPrize = %v, want an *Error %v about %s", tt.name, err, tt.kind, tt.input)
		}
	}
	// Removing a category takes its prize; undo puts both back.
	removed, err := d.RemoveCategory(ctx, tid, "donne")
	if err != nil || len(removed) != 1 || removed[0].Value.Name != "libro" {
		t.Fatalf("RemoveCategory(donne) = %v, %v; want its book", removed, err)
	}
	if _, err := d.Undo(ctx, "", 0, true); err != nil {
		t.Fatal(err)
	}
	r, err := d.PrizeRules(ctx, tid)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Categories) != 2 || len(r.Prizes) != 3 {
		t.Errorf("after undoing the removal: %d categories and %d prizes, want 2 and 3", len(r.Categories), len(r.Prizes))
	}
	if _, err := d.RemoveCategory(ctx, tid, "U1600"); !errors.Is(err, ErrNotFound) {
		t.Errorf("RemoveCategory(U1600) = %v, want ErrNotFound", err)
	}
	if err := d.SetPrizeSharing(ctx, tid, prizes.Hort); err != nil {
		t.Fatal(err)
	}
	if err := d.SetPrizePreference(ctx, tid, true); err != nil {
		t.Fatal(err)
	}
	if r, _ = d.PrizeRules(ctx, tid); r.Sharing != prizes.Hort || !r.CategoryFirst {
		t.Errorf("settings %v, category first %v; want hort, true", r.Sharing, r.CategoryFirst)
	}
	evs, err := d.Events(ctx, tid)
	if err != nil {
		t.Fatal(err)
	}
	var actions []string
	for _, e := range evs {
		if strings.HasPrefix(e.Action, "category.") || strings.HasPrefix(e.Action, "prize.") {
			actions = append(actions, e.Action+" "+e.Subject)
		}
	}
	want := []string{"category.add Under 16", "category.add Donne", "prize.add place 1", "prize.add place 2", "prize.add place 1 of Donne",
		"prize.remove place 1 of Donne", "category.remove Donne", "prize.set sharing", "prize.set prefer"}
	if !slices.Equal(actions, want) {
		t.Errorf("the log says %q, want %q", actions, want)
	}
	if broken, err := d.Verify(ctx); err != nil || len(broken) > 0 {
		t.Errorf("Verify = %q, %v", broken, err)
	}
}

// TestPrizeList plays a tournament of three rounds: before the last
// round each player sees what is in reach, after it the prizes go as the
// standings say, and a category's standings place its players among
// themselves.
func TestPrizeList(t *testing.T) {
	ctx := WithActor(context.Background(), "Marta")
	d := mustOpen(t)
	tour := prizeTournament(t, ctx, d)
	tid := tour.ID
	if _, err := d.AddCategory(ctx, tid, CategoryInput{Name: "U16", Age: "U16"}); err != nil {
		t.Fatal(err)
	}
	if _, err := d.AddCategory(ctx, tid, CategoryInput{Name: "Women", Criteria: []prizes.Criterion{{Kind: prizes.Sex, Value: "F"}}, MinPlayers: 3}); err != nil {
		t.Fatal(err)
	}
	for _, p := range []PrizeInput{{Place: 1, Value: "100"}, {Place: 2, Value: "60"}, {Category: "U16", Place: 1, Value: "libro"}, {Category: "Women", Place: 1, Value: "30"}} {
		if _, err := d.AddPrize(ctx, tid, p); err != nil {
			t.Fatal(err)
		}
	}
	stake := func() map[int][]prizes.Reach {
		t.Helper()
		s, err := d.Snapshot(ctx, "")
		if err != nil {
			t.Fatal(err)
		}
		l, err := d.Prizes(ctx, s, len(s.Rounds))
		if err != nil {
			t.Fatal(err)
		}
		return l.Stake
	}
	if st := stake(); st != nil {
		t.Errorf("before round 1: at stake %v, want nothing yet", st)
	}
	playRound(t, ctx, d)
	if st := stake(); st != nil {
		t.Errorf("after round 1 of 3: at stake %v, want nothing yet", st)
	}
	playRound(t, ctx, d, 2)
	// Round 3 not paired yet: every player can still score 1.
	before := stake()
	if before == nil {
		t.Fatal("before the last round: nothing at stake")
	}
	s, err := d.Snapshot(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	tab, err := s.Table(2)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range s.Entries {
		for _, rc := range before[e.PN] {
			if rc.Category == "Women" {
				t.Errorf("player %d: the Women's prize is in reach, but the category has 2 players of 3", e.PN)
			}
		}
		// The leader after two rounds can win the first prize.
		if tab.Card(e.PN).Score() == arbiter.Score(4) && (len(before[e.PN]) == 0 || before[e.PN][0].From != 1) {
			t.Errorf("player %d leads with 2 points: in reach %v, want the 1st prize", e.PN, before[e.PN])
		}
	}
	// Round 3 paired, one result in: still at stake; all in: the list is
	// final and nothing is at stake.
	out := mustPair(t, ctx, d)
	if _, err := d.EnterResult(ctx, ResultRequest{Board: 1, Result: arbiter.BlackWins}); err != nil {
		t.Fatal(err)
	}
	if stake() == nil {
		t.Error("round 3 in play: nothing at stake")
	}
	for _, b := range out.Round.Boards[1:] {
		if _, err := d.EnterResult(ctx, ResultRequest{Board: b.Number, Result: arbiter.Draw}); err != nil {
			t.Fatal(err)
		}
	}
	s, err = d.Snapshot(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	l, err := d.Prizes(ctx, s, 3)
	if err != nil {
		t.Fatal(err)
	}
	if !l.Final || l.Stake != nil {
		t.Errorf("after the last round: final %v, at stake %v; want final and nothing at stake", l.Final, l.Stake)
	}
	_, st, err := Rank(s, 3)
	if err != nil {
		t.Fatal(err)
	}
	// No sharing: the tie-breaks separate the first three, the first
	// two take 100 and 60; the best U16 left takes the book.
	if st[0].Rank == st[1].Rank || st[1].Rank == st[2].Rank {
		t.Fatalf("the example has a tie at the top: %v", st[:3])
	}
	var got []string
	for _, a := range l.Outcome.Awards {
		got = append(got, fmt.Sprintf("%s %d %d %d %v", a.Category, a.Place, a.PN, a.Cents, a.Items))
	}
	_, u16, err := CategoryStandings(s, l.Rules, st, "u16")
	if err != nil {
		t.Fatal(err)
	}
	if len(u16) != 2 || u16[0].Rank != 1 {
		t.Fatalf("U16 standings %v, want the two players born in 2011", u16)
	}
	book := u16[0].PN
	if book == st[0].PN || book == st[1].PN {
		book = u16[1].PN
	}
	want := []string{fmt.Sprintf(" 1 %d 10000 []", st[0].PN), fmt.Sprintf(" 2 %d 6000 []", st[1].PN)}
	if book != st[0].PN && book != st[1].PN {
		want = append(want, fmt.Sprintf("U16 %d %d 0 [libro]", map[bool]int{true: 1, false: 2}[book == u16[0].PN], book))
	}
	if !slices.Equal(got, want) {
		t.Errorf("awards %q, want %q", got, want)
	}
	if len(l.Outcome.Unawarded) != 1 || l.Outcome.Unawarded[0].Reason != prizes.TooFew || l.Outcome.Unawarded[0].Players != 2 {
		t.Errorf("unawarded %v, want the Women's prize, 2 players of 3", l.Outcome.Unawarded)
	}
	if _, _, err := CategoryStandings(s, l.Rules, st, "U1600"); !errors.Is(err, ErrNotFound) {
		t.Errorf("CategoryStandings(U1600) = %v, want ErrNotFound", err)
	}
}
