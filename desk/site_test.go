package desk

import (
	"bytes"
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/labyrinth-chess/arbiter/reports"
)

// TestSite: a tournament with nothing published has no site; with round
// 1 of 2 published, the site offers round 1 alone, and every document is
// drawn.
func TestSite(t *testing.T) {
	ctx := context.Background()
	d := mustOpen(t)
	tour := mustTournament(t, ctx, d, 4)
	if _, err := d.PlanSite(ctx, tour.ID); !errors.Is(err, ErrNothingPublished) || !errors.Is(err, ErrConflict) {
		t.Fatalf("PlanSite with nothing published = %v, want ErrNothingPublished", err)
	}
	mustPair(t, ctx, d)
	if _, _, err := d.Publish(ctx, tour.ID, 1); err != nil {
		t.Fatal(err)
	}
	s := mustSnapshot(t, d)
	for _, b := range s.Rounds[0].Boards {
		if _, err := d.EnterResult(ctx, ResultRequest{Round: 1, Board: b.Number, Result: arbiter.WhiteWins}); err != nil {
			t.Fatal(err)
		}
	}
	mustPair(t, ctx, d) // round 2, not published
	p, err := d.PlanSite(ctx, tour.ID)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, doc := range p.Docs {
		names = append(names, doc.Name)
	}
	if want := []string{"standings.pdf", "crosstable.pdf", "pairings-1.pdf", "games.pgn"}; p.Published != 1 || !slices.Equal(names, want) {
		t.Fatalf("PlanSite = %d published, %v; want 1, %v", p.Published, names, want)
	}
	var warned []string
	if err := d.DrawSite(ctx, p, locale.Italian, func(doc string, _ reports.Replaced) { warned = append(warned, doc) }); err != nil {
		t.Fatal(err)
	}
	for _, doc := range p.Docs {
		pdf := doc.Kind != "pgn"
		if pdf && !bytes.HasPrefix(doc.Body, []byte("%PDF-")) || !pdf && !bytes.Contains(doc.Body, []byte(`[Round "1.1"]`)) {
			t.Errorf("%s: %.40q", doc.Name, doc.Body)
		}
		if bytes.Contains(doc.Body, []byte(`[Round "2.`)) {
			t.Errorf("%s holds a game of round 2, not published", doc.Name)
		}
	}
	if len(warned) > 0 {
		t.Errorf("characters lacking in %v, none expected in these names", warned)
	}
}
