package web

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
)

// TestBrowserDoubleSwissPhones: on phone-size screens, the players of a
// Double-Swiss match (FIDE C.04.5) report it whole: White picks the match
// score 1½-½, Black confirms it with her PIN, and the standings show the
// game points; on board 2 the two games are given one by one and
// confirmed the same way. One player alone enters nothing.
func TestBrowserDoubleSwissPhones(t *testing.T) {
	t.Parallel()
	f := openClub(t, clubSetup{password: "club", double: true})
	url := f.ts.URL
	s, err := f.ev.Snapshot(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	name := func(pn int) string { return s.Entry(pn).Player.Name }
	b1 := s.Rounds[0].Boards[0]

	white := newDevice(t, "white", 390, 844)
	white.do(chromedp.Navigate(url+"/b/"+f.codes[1].Token), chromedp.WaitVisible(sel("#report-pin")))
	games := eval[string](white, `[...document.querySelectorAll("form.report fieldset.games label")].map(l => l.innerText).join(" | ")`)
	if want := fmt.Sprintf("Game 1: %s has White | Game 2: %s has White", name(b1.White), name(b1.Black)); games != want {
		t.Errorf("the match's games on the phone read %q, want %q", games, want)
	}
	white.do(chromedp.SendKeys(sel("#report-pin"), f.codes[1].WhitePIN),
		chromedp.Click(sel(`form.report button[value="1.5-0.5"]`)), chromedp.WaitVisible(sel(".flash")))
	if got := eval[string](white, `document.querySelector(".flash").innerText`); !strings.HasPrefix(got, "Reported.") {
		t.Errorf("after reporting the match, the page says %q", got)
	}
	if got := f.matches(1)[0]; got != (arbiter.Match{}) {
		t.Errorf("board 1 = %s on one player's report, want nothing entered", got)
	}

	black := newDevice(t, "black", 390, 844)
	black.do(chromedp.Navigate(url+"/b/"+f.codes[1].Token), chromedp.WaitVisible(sel("#pin")))
	if got := eval[string](black, `document.querySelector(".reported").innerText`); got != "White reported 1½-½ (1-0 ½-½)." {
		t.Errorf("the opponent's page says %q", got)
	}
	// The reporter's PIN does not confirm.
	black.do(chromedp.SendKeys(sel("#pin"), f.codes[1].WhitePIN), chromedp.Click(sel("form.confirm button.primary")),
		chromedp.WaitVisible(sel(".error")))
	if got := f.matches(1)[0]; got != (arbiter.Match{}) {
		t.Errorf("board 1 = %s confirmed with the reporter's PIN, want nothing entered", got)
	}
	black.do(chromedp.Navigate(url+"/b/"+f.codes[1].Token), chromedp.WaitVisible(sel("#pin")),
		chromedp.SendKeys(sel("#pin"), f.codes[1].BlackPIN))
	black.shot("ds-confirm")
	black.do(chromedp.Click(sel("form.confirm button.primary")), chromedp.WaitVisible(sel(".entered")))
	if got := eval[string](black, `document.querySelector(".entered").innerText`); got != "The result 1½-½ (1-0 ½-½) is entered." {
		t.Errorf("after confirming, the page says %q", got)
	}
	if got, want := f.matches(1)[0], (arbiter.Match{First: arbiter.WhiteWins, Second: arbiter.Draw}); got != want {
		t.Errorf("board 1 = %s after the confirmation, want %s", got, want)
	}

	// Board 2: both games given one by one: a draw in game 1, game 2 won
	// by the board's Black, who has White in it.
	b2 := url + "/b/" + f.codes[2].Token
	white.do(chromedp.Navigate(b2), chromedp.WaitVisible(sel("#report-pin")), chromedp.SendKeys(sel("#report-pin"), f.codes[2].WhitePIN),
		chromedp.SetValue(sel("#game1"), "1/2"), chromedp.SetValue(sel("#game2"), "1-0"),
		chromedp.Click(sel("#send-games")), chromedp.WaitVisible(sel(".flash")))
	black.do(chromedp.Navigate(b2), chromedp.WaitVisible(sel("#pin")), chromedp.SendKeys(sel("#pin"), f.codes[2].BlackPIN),
		chromedp.Click(sel("form.confirm button.primary")), chromedp.WaitVisible(sel(".entered")))
	if got, want := f.matches(1)[1], (arbiter.Match{First: arbiter.Draw, Second: arbiter.WhiteWins}); got != want {
		t.Errorf("board 2 = %s after the confirmation, want %s", got, want)
	}

	// Board 3: the players disagree (2-0 against 1-1, two draws); no
	// claim form, the organizer enters one of the two matches from the
	// queue.
	b3 := url + "/b/" + f.codes[3].Token
	white.do(chromedp.Navigate(b3), chromedp.WaitVisible(sel("#report-pin")), chromedp.SendKeys(sel("#report-pin"), f.codes[3].WhitePIN),
		chromedp.Click(sel(`form.report button[value="2-0"]`)), chromedp.WaitVisible(sel(".flash")))
	black.do(chromedp.Navigate(b3), chromedp.WaitVisible(sel("#pin")), chromedp.SendKeys(sel("#pin"), f.codes[3].BlackPIN),
		chromedp.SetValue(sel("#game1"), "1/2"), chromedp.SetValue(sel("#game2"), "1/2"),
		chromedp.Click(sel("#send-games")), chromedp.WaitVisible(sel(".flash")))
	if got := eval[string](black, `document.querySelector("p.error").innerText`); got != "The players gave different results (2-0 (1-0 0-1) and 1-1 (½-½ ½-½)): the organizer decides." {
		t.Errorf("the disputed match's page says %q", got)
	}
	if eval[bool](black, `!!document.querySelector("form.claim")`) {
		t.Errorf("a disputed match offers a claim of one game")
	}
	org := newDevice(t, "organizer", 390, 844)
	org.do(chromedp.Navigate(url+"/admin"), chromedp.SendKeys(sel("#password"), "club"), chromedp.Click(sel("form.login button")),
		chromedp.WaitVisible(sel("section.queue")))
	offered := eval[string](org, `[...document.querySelectorAll("section.queue form.choices button")].map(b => b.innerText).join(" | ")`)
	if offered != "Enter 2-0 (1-0 0-1) | Enter 1-1 (½-½ ½-½)" {
		t.Errorf("the queue offers %q for the disputed match", offered)
	}
	org.do(chromedp.Click(sel(`section.queue form.choices button[value="1/2-1/2 1/2-1/2"]`)), chromedp.WaitVisible(sel(".flash")))
	if got := eval[string](org, `document.querySelector(".flash").innerText`); got != "Entered 1-1 (½-½ ½-½) on board 3." {
		t.Errorf("after accepting, the organizer's page says %q", got)
	}
	if got, want := f.matches(1)[2], (arbiter.Match{First: arbiter.Draw, Second: arbiter.Draw}); got != want {
		t.Errorf("board 3 = %s after the organizer's decision, want %s", got, want)
	}

	// The standings count game points: 1½ and ½ on board 1, ½ and 1½ on
	// board 2.
	watch := newDevice(t, "spectator", 390, 844)
	watch.do(chromedp.Navigate(url+"/standings"), chromedp.WaitVisible(sel("table.standings")))
	points := eval[map[string]string](watch, `Object.fromEntries([...document.querySelectorAll("table.standings tbody tr")].map(r =>
		[r.querySelector("td.name, td:nth-child(2)").innerText.trim(), r.querySelector("td.pts").innerText.trim()]))`)
	b2b := s.Rounds[0].Boards[1]
	for pn, want := range map[int]string{b1.White: "1½", b1.Black: "½", b2b.White: "½", b2b.Black: "1½"} {
		if got := points[name(pn)]; got != want {
			t.Errorf("the standings give %s %q, want %q (game points); all: %v", name(pn), got, want, points)
		}
	}
	watch.shot("ds-standings")
}

// matches returns the matches of round n of a Double-Swiss club, by
// board.
func (c *club) matches(n int) []arbiter.Match {
	c.t.Helper()
	s, err := c.ev.Snapshot(context.Background())
	if err != nil {
		c.t.Fatal(err)
	}
	var out []arbiter.Match
	for _, b := range s.Rounds[n-1].Boards {
		out = append(out, b.Match())
	}
	return out
}

// TestConsoleBrowserDoubleSwiss: the organizer's console takes the
// matches of a Double-Swiss round (C.04.5): a match score typed, both
// games chosen on the board's page, a score clicked on the grid, and a
// correction saved from the page that shows it; each board shows its
// two games.
func TestConsoleBrowserDoubleSwiss(t *testing.T) {
	t.Parallel()
	f := newConsoleFixtureWith(t, func(ctx context.Context, d *desk.Desk) error {
		tour := arbiter.NewTournament("Double blitz")
		tour.DoubleBlitz()
		tour.FirstColour = arbiter.White
		tour, err := d.CreateTournament(ctx, tour)
		if err != nil {
			return err
		}
		for _, p := range clubPlayers[:6] {
			if _, err := d.AddEntry(ctx, tour.ID, p, desk.AddOptions{New: true}); err != nil {
				return err
			}
		}
		_, err = d.Pair(ctx, desk.PairRequest{Publish: true})
		return err
	})
	ctx := desk.WithActor(context.Background(), "organizer")
	s, err := f.d.Snapshot(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	name := func(pn int) string { return s.Entry(pn).Player.Name }
	rd := s.Rounds[0]
	match := func(b int) arbiter.Match {
		t.Helper()
		s, err := f.d.Snapshot(ctx, "")
		if err != nil {
			t.Fatal(err)
		}
		return s.Rounds[0].Boards[b-1].Match()
	}

	tb := newTab(t, f.ts.URL, "ds", 1280, 900)
	tb.open("/admin", "form.login")
	tb.do(typeIn("#password", "club"))
	tb.click("form.login button", "#grid")
	if got := evalIn[string](tb, `document.querySelector("#entry").placeholder`); got != "3 1.5-0.5" {
		t.Errorf("the result box of a Double-Swiss round suggests %q", got)
	}

	// Board 1: the match score typed.
	tb.do(keysReady, typeIn("#entry", "1 1.5-0.5"))
	tb.submit(press(kb.Enter), "#grid")
	if got := tb.flash(); !strings.Contains(got, "Board 1: 1½-½ (1-0 ½-½) entered.") {
		t.Errorf("after typing 1 1.5-0.5 the console says %q", got)
	}
	if got, want := match(1), (arbiter.Match{First: arbiter.WhiteWins, Second: arbiter.Draw}); got != want {
		t.Errorf("board 1 = %s, want %s", got, want)
	}
	lines := evalIn[[]string](tb, `[...document.querySelectorAll("#board-1 ol.games li")].map(l => l.innerText.trim())`)
	want := []string{fmt.Sprintf("Game 1: %s has White: 1-0", name(rd.Boards[0].White)), fmt.Sprintf("Game 2: %s has White: ½-½", name(rd.Boards[0].Black))}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("board 1's result lines = %q, want %q", lines, want)
	}

	// Board 2: both games chosen on the board's page.
	tb.click(`#board-2 a.no`, "#enter-games")
	tb.do(setValue("#game1", "1/2"), setValue("#game2", "1/2"))
	tb.click("#enter-games", "#grid")
	if got := tb.flash(); !strings.Contains(got, "Board 2: 1-1 (½-½ ½-½) entered.") {
		t.Errorf("after both games of board 2 the console says %q", got)
	}
	if got, want := match(2), (arbiter.Match{First: arbiter.Draw, Second: arbiter.Draw}); got != want {
		t.Errorf("board 2 = %s, want %s", got, want)
	}

	// Board 3: a score clicked on the grid.
	tb.click(`#board-3 form.rb button[value="0-2"]`, "#grid")
	if got, want := match(3), (arbiter.Match{First: arbiter.BlackWins, Second: arbiter.WhiteWins}); got != want {
		t.Errorf("board 3 = %s, want %s", got, want)
	}

	// A correction of board 1 is shown, then saved.
	tb.do(typeIn("#entry", "1 1-0 1/2-1/2"))
	tb.do(chromedp.Evaluate[chromedp.Void](`document.querySelector("#entry").value = "1 2-0"`))
	tb.submit(press(kb.Enter), "#save-correction")
	if got := tb.text("#whatif h2"); !strings.Contains(got, "2-0 (1-0 0-1)") {
		t.Errorf("the correction offered reads %q", got)
	}
	// What it would change, in game points: board 1's White from 1½ to
	// 2, its Black from ½ to 0.
	changes := tb.text("#whatif ul")
	for _, want := range []string{
		fmt.Sprintf("%d %s: rank", rd.Boards[0].White, name(rd.Boards[0].White)), "points 1.5 -> 2",
		fmt.Sprintf("%d %s: rank", rd.Boards[0].Black, name(rd.Boards[0].Black)), "points 0.5 -> 0",
	} {
		if !strings.Contains(changes, want) {
			t.Errorf("what the correction would change reads %q, want %q in it", changes, want)
		}
	}
	tb.click("#save-correction", "#grid")
	if got, want := match(1), (arbiter.Match{First: arbiter.WhiteWins, Second: arbiter.BlackWins}); got != want {
		t.Errorf("board 1 after the correction = %s, want %s", got, want)
	}
	if got := tb.text("#board-1 .res"); got != "2-0" {
		t.Errorf("board 1 on the grid shows %q after the correction", got)
	}
	if got := tb.text("#board-1 ol.games li:nth-child(2)"); got != fmt.Sprintf("Game 2: %s has White: 0-1", name(rd.Boards[0].Black)) {
		t.Errorf("board 1's game 2 on the grid reads %q after the correction", got)
	}
	tb.fits("the grid of a Double-Swiss round")
	tb.shot("double-swiss")
}

// TestConsoleBrowserNewDoubleSwiss: a Double-Swiss tournament created
// from the console's form with the double-blitz preset, as tournament new
// --preset double-blitz does, its players entered and round 1 paired as
// matches of two games (C.04.5).
func TestConsoleBrowserNewDoubleSwiss(t *testing.T) {
	t.Parallel()
	f := newConsoleFixture(t)
	tb := newTab(t, f.ts.URL, "ds-new", 1280, 900)
	tb.open("/admin", "form.login")
	tb.do(typeIn("#password", "club"))
	tb.click("form.login button", "#t-name")
	tb.do(typeIn("#t-name", "Double blitz"),
		click(`input[name=preset][value=double-blitz]`),
		setValue(`select[name=first-colour]`, "white"),
		setValue(`select[name=lang]`, "en"))
	if got := evalIn[[]string](tb, `[...document.querySelectorAll("#t-system option")].map(o => o.value)`); strings.Join(got, ",") != ",double-swiss" {
		t.Errorf("the systems offered are %q", got)
	}
	tb.fits("the form of a new Double-Swiss tournament")
	tb.click("#create", "#name")
	if got := tb.flash(); !strings.Contains(got, "Double blitz") {
		t.Errorf("after creating, the page says %q", got)
	}
	tn := f.snap().Tournament
	if tn.System != arbiter.DoubleSwiss || tn.Rounds != 5 || tn.PABValue != arbiter.One+arbiter.Half || tn.HalfByeValue != arbiter.One {
		t.Fatalf("created %v, %d rounds, byes %v and %v; want double-swiss, 5 rounds, byes 1.5 and 1",
			tn.System, tn.Rounds, tn.PABValue, tn.HalfByeValue)
	}

	for i, p := range clubPlayers[:6] {
		tb.do(typeIn("#name", p.Name), typeIn(`form.add input[name=rating]`, fmt.Sprint(2000-10*i)))
		tb.click("#add-button", "#name")
	}
	if n := len(f.snap().Entries); n != 6 {
		t.Fatalf("%d players entered, want 6", n)
	}
	tb.open("/admin", "#pair")
	if !evalIn[bool](tb, `!!document.querySelector("#pair-next")`) {
		tb.click("#setup .close-options button.primary, #setup .close-options button", "#pair-next")
	}
	tb.click("#pair-next", "#grid")
	s := f.snap()
	if len(s.Rounds) != 1 || len(s.Rounds[0].Boards) != 3 || s.Tournament.System != arbiter.DoubleSwiss {
		t.Fatalf("after pairing: %d rounds, system %v", len(s.Rounds), s.Tournament.System)
	}
	// Each board a match: two result lines, game 2 with the colours
	// reversed.
	b := s.Rounds[0].Boards[0]
	lines := evalIn[[]string](tb, `[...document.querySelectorAll("#board-1 ol.games li")].map(l => l.innerText.trim())`)
	want := []string{fmt.Sprintf("Game 1: %s has White", s.Entry(b.White).Player.Name), fmt.Sprintf("Game 2: %s has White", s.Entry(b.Black).Player.Name)}
	if len(lines) != 2 || !strings.HasPrefix(lines[0], want[0]) || !strings.HasPrefix(lines[1], want[1]) {
		t.Errorf("board 1's result lines = %q, want %q", lines, want)
	}
}
