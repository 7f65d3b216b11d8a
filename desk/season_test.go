package desk

import (
	"context"
	"errors"
	"testing"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/season"
)

// TestSeasonUseCases goes through the season's use cases and the kinds
// of their refusals; the table itself is checked by the command line's
// tests and the season package.
func TestSeasonUseCases(t *testing.T) {
	ctx := WithActor(context.Background(), "Marta")
	d := mustOpen(t)
	if _, err := d.FindSeason(ctx, ""); !errors.Is(err, ErrNoSeason) || !errors.Is(err, ErrNotFound) {
		t.Errorf("FindSeason with no season: %v, want ErrNoSeason", err)
	}
	var ids []int64
	for _, name := range []string{"E1", "E2"} {
		tn, err := d.CreateTournament(ctx, arbiter.NewTournament(name))
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, tn.ID)
		for _, p := range names[:4] {
			if _, err := d.AddEntry(ctx, tn.ID, arbiter.Player{Name: p}, AddOptions{}); err != nil {
				t.Fatal(err)
			}
		}
	}
	sc, _ := season.ParseScoring("places:3,2,1")
	if _, err := d.CreateSeason(ctx, Season{Name: "Spring", Settings: season.Settings{Scoring: sc}}); err != nil {
		t.Fatal(err)
	}
	s, added, err := d.AddEvenings(ctx, "", []string{"E1", "E2"})
	if err != nil || len(added) != 2 || len(s.Evenings) != 2 || s.Evenings[1] != ids[1] {
		t.Fatalf("AddEvenings = %+v, %v, %v", s, added, err)
	}
	for _, tt := range []struct {
		refs []string
		kind error
	}{
		{[]string{"E1"}, ErrConflict},
		{[]string{"E9"}, ErrNotFound},
	} {
		_, _, err := d.AddEvenings(ctx, "Spring", tt.refs)
		var de *Error
		if !errors.Is(err, tt.kind) || !errors.As(err, &de) || de.Input != "tournament" {
			t.Errorf("AddEvenings(%v) = %v, want %v about the tournament", tt.refs, err, tt.kind)
		}
	}
	// No round paired: nobody has played an evening yet.
	st, err := d.SeasonTable(ctx, "spring")
	if err != nil || len(st.Evenings) != 2 || len(st.Standings) != 0 {
		t.Errorf("SeasonTable = %+v, %v, want two evenings and no line", st, err)
	}
	roster, err := d.Roster(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var de *Error
	if _, err := d.MergePlayers(ctx, roster[0].ID, roster[1].ID); !errors.Is(err, ErrConflict) || !errors.As(err, &de) || de.Input != "player" {
		t.Errorf("merging two players of one evening: %v, want a conflict about the player", err)
	}
	h, err := d.History(ctx, roster[0].ID)
	if err != nil || len(h) != 2 || h[0].Tournament.Name != "E1" || h[0].Rounds != 0 {
		t.Errorf("History = %+v, %v, want E1 and E2, no round paired", h, err)
	}
}
