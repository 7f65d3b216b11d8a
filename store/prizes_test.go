package store

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

// rulesText writes prize rules as lines, for comparing.
func rulesText(r prizes.Rules) []string {
	out := []string{fmt.Sprintf("sharing %s, category first %v", r.Sharing, r.CategoryFirst)}
	for _, c := range r.Categories {
		out = append(out, fmt.Sprintf("category %s [%s] min %d", c.Name, c.Describe(), c.MinPlayers))
	}
	for _, p := range r.Prizes {
		out = append(out, fmt.Sprintf("prize %s: %s", PrizeSubject(p), prizeWords(p.Value)))
	}
	return out
}

// TestPrizeRules stores categories, prizes and settings command by
// command, reads them back, undoes every command from the last, and
// checks the file after each step.
func TestPrizeRules(t *testing.T) {
	ctx := context.Background()
	db := mustOpenDB(t)
	tour, err := db.CreateTournament(ctx, arbiter.NewTournament("Open"))
	if err != nil {
		t.Fatal(err)
	}
	tid := tour.ID
	u1600 := prizes.Category{Name: "U1600", Criteria: []prizes.Criterion{{Kind: prizes.RatingBelow, Value: "1600"}}}
	women := prizes.Category{Name: "Donne", Criteria: []prizes.Criterion{{Kind: prizes.Sex, Value: "F"}}, MinPlayers: 3}
	steps := []struct {
		name string
		do   func() error
		want []string // the rules after the step
	}{
		{"a category", func() error { return db.AddCategory(ctx, tid, u1600, "rating-below 1600") },
			[]string{"sharing none, category first false", "category U1600 [rating-below 1600] min 0"}},
		{"another", func() error { return db.AddCategory(ctx, tid, women, "sex F, at least 3 players") },
			[]string{"sharing none, category first false", "category U1600 [rating-below 1600] min 0", "category Donne [sex F] min 3"}},
		{"a prize", func() error {
			return db.AddPrize(ctx, tid, prizes.Prize{Place: 1, Value: prizes.Value{Cents: 10000, Currency: "€"}})
		}, []string{"sharing none, category first false", "category U1600 [rating-below 1600] min 0", "category Donne [sex F] min 3",
			"prize place 1: 100 €"}},
		{"a category's prize", func() error {
			return db.AddPrize(ctx, tid, prizes.Prize{Category: "u1600", Place: 1, Value: prizes.Value{Name: "libro", Cents: 2000}})
		}, []string{"sharing none, category first false", "category U1600 [rating-below 1600] min 0", "category Donne [sex F] min 3",
			"prize place 1: 100 €", "prize place 1 of U1600: libro (worth 20)"}},
		{"the settings", func() error { return db.SetPrizeSettings(ctx, tid, prizes.Hort, true) },
			[]string{"sharing hort, category first true", "category U1600 [rating-below 1600] min 0", "category Donne [sex F] min 3",
				"prize place 1: 100 €", "prize place 1 of U1600: libro (worth 20)"}},
		{"a category and its prize removed", func() error {
			removed, err := db.RemoveCategory(ctx, tid, "U1600", "rating-below 1600")
			if err == nil && len(removed) != 1 {
				return fmt.Errorf("removed %v with the category, want its one prize", removed)
			}
			return err
		}, []string{"sharing hort, category first true", "category Donne [sex F] min 3", "prize place 1: 100 €"}},
	}
	var history [][]string
	for _, s := range steps {
		before, err := db.PrizeRules(ctx, tid)
		if err != nil {
			t.Fatal(err)
		}
		history = append(history, rulesText(before))
		if err := s.do(); err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		got, err := db.PrizeRules(ctx, tid)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(rulesText(got), s.want) {
			t.Errorf("after %s: %q, want %q", s.name, rulesText(got), s.want)
		}
		if broken, err := db.Verify(ctx); err != nil || len(broken) > 0 {
			t.Errorf("after %s: Verify = %q, %v", s.name, broken, err)
		}
	}
	// Refusals change nothing.
	for _, tt := range []struct {
		name string
		err  error
		kind error
	}{
		{"the same name", db.AddCategory(ctx, tid, prizes.Category{Name: "DONNE"}, ""), ErrConflict},
		{"a place taken", db.AddPrize(ctx, tid, prizes.Prize{Place: 1, Value: prizes.Value{Cents: 1}}), ErrConflict},
		{"no such category", db.AddPrize(ctx, tid, prizes.Prize{Category: "U1600", Place: 1, Value: prizes.Value{Cents: 1}}), ErrNotFound},
		{"no such prize", func() error { _, err := db.RemovePrizes(ctx, tid, "", 2, false); return err }(), ErrNotFound},
		{"no such category to remove", func() error { _, err := db.RemoveCategory(ctx, tid, "U1600", ""); return err }(), ErrNotFound},
	} {
		if !errors.Is(tt.err, tt.kind) {
			t.Errorf("%s: %v, want %v", tt.name, tt.err, tt.kind)
		}
	}
	// Undo, the latest first, goes back through every state.
	for i := len(steps) - 1; i >= 0; i-- {
		if _, err := db.Undo(ctx, tid, 0, true); err != nil {
			t.Fatalf("undo %s: %v", steps[i].name, err)
		}
		got, err := db.PrizeRules(ctx, tid)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(rulesText(got), history[i]) {
			t.Errorf("undo %s: %q, want %q", steps[i].name, rulesText(got), history[i])
		}
		if broken, err := db.Verify(ctx); err != nil || len(broken) > 0 {
			t.Errorf("after undoing %s: Verify = %q, %v", steps[i].name, broken, err)
		}
	}
	// A prize the log never added is found.
	if _, err := db.db.ExecContext(ctx, `INSERT INTO prizes (tournament_id, place, cents) VALUES (?, 3, 500)`, tid); err != nil {
		t.Fatal(err)
	}
	broken, err := db.Verify(ctx)
	if err != nil || len(broken) != 1 || !strings.Contains(broken[0], "the prize of place 3 has no prize.add event") {
		t.Errorf("Verify with a prize not logged = %q, %v", broken, err)
	}
}

func TestRemovePrizes(t *testing.T) {
	ctx := context.Background()
	db := mustOpenDB(t)
	tour, err := db.CreateTournament(ctx, arbiter.NewTournament("Open"))
	if err != nil {
		t.Fatal(err)
	}
	tid := tour.ID
	if err := db.AddCategory(ctx, tid, prizes.Category{Name: "U16"}, ""); err != nil {
		t.Fatal(err)
	}
	add := func() {
		for _, p := range []prizes.Prize{{Place: 1}, {Place: 2}, {Category: "U16", Place: 1}, {Category: "U16", Place: 2}} {
			p.Value = prizes.Value{Cents: int64(100 * p.Place)}
			if err := db.AddPrize(ctx, tid, p); err != nil {
				t.Fatal(err)
			}
		}
	}
	places := func() []string {
		r, err := db.PrizeRules(ctx, tid)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, p := range r.Prizes {
			out = append(out, PrizeSubject(p))
		}
		return out
	}
	add()
	tests := []struct {
		category string
		place    int
		all      bool
		left     []string
	}{
		{"", 2, false, []string{"place 1", "place 1 of U16", "place 2 of U16"}},
		{"u16", 0, false, []string{"place 1"}},
		{"", 0, true, nil},
	}
	for _, tt := range tests {
		if _, err := db.RemovePrizes(ctx, tid, tt.category, tt.place, tt.all); err != nil {
			t.Fatalf("RemovePrizes(%q, %d, %v): %v", tt.category, tt.place, tt.all, err)
		}
		if got := places(); !slices.Equal(got, tt.left) {
			t.Errorf("RemovePrizes(%q, %d, %v) leaves %q, want %q", tt.category, tt.place, tt.all, got, tt.left)
		}
	}
	if _, err := db.RemovePrizes(ctx, tid, "", 0, true); !errors.Is(err, ErrNotFound) {
		t.Errorf("removing every prize of none: %v, want ErrNotFound", err)
	}
}
