package web

import (
	"context"
	"html"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
)

// TestPlayerRatingChange: a player's page shows the FIDE rating change
// game by game once the tournament shows it (tournament option
// rating-change show), on the server and on the published site.
//
// Round 1 of the evening pairs Rossi (2000) with Verdi (1980) and Neri
// (1970) with Bianchi (1990). Rossi wins: D 20, PD .53 (table 8.1.2), K
// 20 for an established standard rating: +0.47 × 20 = +9.40. Bianchi
// draws: PD .53, -0.03 × 20 = -0.60.
func TestPlayerRatingChange(t *testing.T) {
	e := newEvening(t, "")
	ctx := context.Background()
	p := e.phone("Firefox")
	if _, page := p.get("/player/1"); strings.Contains(page, `id="rating-change"`) {
		t.Fatalf("the rating change shows while the option hides it:\n%s", page)
	}
	for _, r := range []struct {
		board int
		res   arbiter.Result
	}{{1, arbiter.WhiteWins}, {2, arbiter.Draw}} {
		if _, err := e.d.EnterResult(ctx, desk.ResultRequest{Board: r.board, Result: r.res}); err != nil {
			t.Fatal(err)
		}
	}
	if err := e.d.SetOption(ctx, e.tid, desk.OptRatingChange, desk.RatingChangeShow); err != nil {
		t.Fatal(err)
	}
	if _, err := e.srv.load(ctx); err != nil {
		t.Fatal(err)
	}
	_, page := p.get("/player/1")
	for _, want := range []string{
		`FIDE rating change: +9.4</h2>`,
		`Standard rating 2000, K 20 · score 1/1 against rated opponents, expected 0.53`,
		`Verdi, Marta</a></td><td class="num">1980</td><td class="num">1</td><td class="num">0.53</td><td class="num">+9.40</td>`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("Rossi's page lacks %q:\n%s", want, page)
		}
	}
	if _, page := p.get("/player/2"); !strings.Contains(page, `FIDE rating change: -0.6</h2>`) || !strings.Contains(page, `<td class="num">½</td><td class="num">0.53</td><td class="num">-0.60</td>`) {
		t.Errorf("Bianchi's page lacks the draw's -0.60:\n%s", page)
	}
	files, err := e.srv.Site(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, f := range files {
		if f.Name == "player-1.html" {
			found = true
			if !strings.Contains(html.UnescapeString(string(f.Body)), `FIDE rating change: +9.4</h2>`) {
				t.Errorf("the site's player-1.html lacks the rating change:\n%s", f.Body)
			}
		}
	}
	if !found {
		t.Error("the site has no player-1.html")
	}
}
