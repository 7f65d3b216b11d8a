package web

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/labyrinth-chess/arbiter"
)

// TestBrowserEvening: on phone-size screens, a player finds the board and
// reports the result, the opponent confirms it with the PIN, and the
// standings open on a third phone follow without a reload; a disagreement
// reaches the organizer, who enters the result; a wrong PIN is refused
// and, after five, so is everything from that phone for a while.
func TestBrowserEvening(t *testing.T) {
	t.Parallel()
	f := newClub(t, "club")
	url := f.ts.URL

	// A spectator keeps the standings open.
	watch := newDevice(t, "spectator", 390, 844)
	watch.do(chromedp.Navigate(url + "/standings"))
	watch.waitFor(`document.documentElement.dataset.live === "on"`)
	eval[bool](watch, "window.notReloaded = true")

	// White (Ortega, Lucía) looks for her board, typing without the accent.
	white := newDevice(t, "white", 390, 844)
	white.do(chromedp.Navigate(url+"/find"), chromedp.SendKeys(sel("#q"), "lucia"))
	shown := eval[string](white, `[...document.querySelectorAll("#players li")].filter(l => !l.hidden).map(l => l.innerText.replace(/\s+/g, " ").trim()).join(" | ")`)
	if shown != "Ortega, Lucía Board 1 · White Dupont, Élodie" {
		t.Errorf("find my board with \"lucia\" shows %q, want only Ortega's board 1", shown)
	}
	white.shot("find")
	// She scans the QR code of board 1 and, from "this is me", signs her
	// phone in with the PIN of her own card: the phone then reports 1-0
	// with no PIN.
	b1 := url + "/b/" + f.codes[1].Token
	white.do(chromedp.Navigate(b1), chromedp.WaitVisible(sel("#report-pin")), chromedp.Click(sel("#me-white")),
		chromedp.WaitVisible(sel("#pin")), chromedp.SendKeys(sel("#pin"), f.codes[1].WhitePIN), chromedp.Click(sel("#signin")),
		chromedp.WaitVisible(sel("#logout")), chromedp.Navigate(b1), chromedp.WaitVisible(sel("form.report")))
	if got := eval[string](white, `document.querySelector(".signed-in").innerText`); got != "This phone is signed in as Ortega, Lucía (White): no PIN needed." {
		t.Errorf("the signed-in phone's board page says %q", got)
	}
	if eval[bool](white, `!!document.querySelector("#report-pin")`) {
		t.Errorf("the phone signed in as White is asked for a PIN on her board")
	}
	white.shot("report")
	white.do(chromedp.Click(sel(`form.report button[value="1-0"]`)), chromedp.WaitVisible(sel(".flash")))
	if got := eval[string](white, `document.querySelector(".flash").innerText`); !strings.HasPrefix(got, "Reported.") {
		t.Errorf("after reporting, the page says %q", got)
	}

	// Black (Dupont, Élodie) scans the same code and confirms with her PIN.
	black := newDevice(t, "black", 390, 844)
	black.do(chromedp.Navigate(b1), chromedp.WaitVisible(sel("#pin")))
	if got := eval[string](black, `document.querySelector(".reported").innerText`); got != "White reported 1-0." {
		t.Errorf("the opponent's page says %q", got)
	}
	black.do(chromedp.SendKeys(sel("#pin"), f.codes[1].BlackPIN))
	black.shot("confirm")
	black.do(chromedp.Click(sel("form.confirm button.primary")), chromedp.WaitVisible(sel(".entered")))
	if got := f.results(1)[0]; got != arbiter.WhiteWins {
		t.Errorf("board 1 = %v after the confirmation, want 1-0", got)
	}

	// The spectator's standings show Ortega's point without a reload.
	watch.waitFor(`(() => { const r = document.querySelector("table.standings tbody tr");
		return r && r.innerText.includes("Ortega, Lucía") && r.querySelector("td.pts").innerText === "1"; })()`)
	if !eval[bool](watch, "window.notReloaded === true") {
		t.Errorf("the standings page was reloaded instead of updated")
	}
	watch.shot("standings")

	// Board 2: Nicolò reports 1-0 with his PIN on a phone signed in as
	// another player, Bauer says it was a draw.
	b2 := url + "/b/" + f.codes[2].Token
	white.do(chromedp.Navigate(b2), chromedp.WaitVisible(sel("#report-pin")), chromedp.SendKeys(sel("#report-pin"), f.codes[2].WhitePIN),
		chromedp.Click(sel(`form.report button[value="1-0"]`)), chromedp.WaitVisible(sel(".flash")))
	black.do(chromedp.Navigate(b2), chromedp.WaitVisible(sel("#pin")), chromedp.SendKeys(sel("#pin"), f.codes[2].BlackPIN),
		chromedp.Click(sel(`form.confirm button[value="1/2"]`)), chromedp.WaitVisible(sel(".flash")))
	if got := eval[string](black, `document.querySelector(".flash").innerText`); !strings.Contains(got, "organizer will decide") {
		t.Errorf("after disagreeing, the page says %q", got)
	}
	// The organizer logs in and enters the draw from the queue.
	org := newDevice(t, "organizer", 390, 844)
	org.do(chromedp.Navigate(url+"/admin"), chromedp.SendKeys(sel("#password"), "club"), chromedp.Click(sel("form.login button")),
		chromedp.WaitVisible(sel("section.queue")))
	org.shot("organizer")
	org.do(chromedp.Click(sel(`section.queue form.choices button[value="1/2"]`)), chromedp.WaitVisible(sel(".flash")))
	if got := eval[string](org, `document.querySelector(".flash").innerText`); got != "Entered ½-½ on board 2." {
		t.Errorf("after accepting, the organizer's page says %q", got)
	}
	if got := f.results(1)[1]; got != arbiter.Draw {
		t.Errorf("board 2 = %v after the organizer's decision, want 1/2", got)
	}

	// Board 3: a wrong PIN is refused, and after five the phone waits.
	b3 := url + "/b/" + f.codes[3].Token
	white.do(chromedp.Navigate(b3), chromedp.WaitVisible(sel("#report-pin")), chromedp.SendKeys(sel("#report-pin"), f.codes[3].WhitePIN),
		chromedp.Click(sel(`form.report button[value="0-1"]`)), chromedp.WaitVisible(sel(".flash")))
	wrong := "0000"
	for wrong == f.codes[3].BlackPIN || wrong == f.codes[3].WhitePIN {
		wrong = "1111"
	}
	for i := 1; i <= 6; i++ {
		pin := wrong
		if i == 6 {
			pin = f.codes[3].BlackPIN
		}
		black.do(chromedp.Navigate(b3), chromedp.WaitVisible(sel("#pin")), chromedp.SendKeys(sel("#pin"), pin),
			chromedp.Click(sel("form.confirm button.primary")), chromedp.WaitVisible(sel(".error")))
		got := eval[string](black, `document.querySelector(".error").innerText`)
		want := "wrong PIN"
		if i == 6 {
			want = "Too many wrong PINs"
		}
		if !strings.Contains(got, want) {
			t.Errorf("attempt %d: the page says %q, want %q", i, got, want)
		}
	}
	if got := f.results(1)[2]; got != arbiter.NoResult {
		t.Errorf("board 3 = %v after wrong PINs, want no result", got)
	}

	// The other pages, for the screenshots and a last look at escaping.
	watch.do(chromedp.Navigate(url + "/"))
	watch.shot("boards")
	watch.do(chromedp.Navigate(url + "/crosstable"))
	watch.shot("crosstable")
	watch.do(chromedp.Navigate(url + "/player/1"))
	watch.shot("player")
	watch.do(chromedp.Navigate(url + "/player/3"))
	if got := eval[string](watch, `document.querySelector("h1").innerText`); got != evil {
		t.Errorf("player 3's heading shows %q, want the name as text", got)
	}
	if eval[bool](watch, `window.alerted === true`) {
		t.Errorf("a script in a name ran")
	}
}

// TestBrowserProjector: /show turns from the pairings to the standings
// and back by itself.
func TestBrowserProjector(t *testing.T) {
	t.Parallel()
	f := newClub(t, "")
	f.enter(1, arbiter.WhiteWins)
	wall := newDevice(t, "projector", 1280, 720)
	wall.do(chromedp.Navigate(f.ts.URL+"/show?every=1"), chromedp.WaitVisible(sel(`h1[data-view=pairings]`)))
	wall.shot("show-pairings")
	wall.waitFor(`document.querySelector("h1[data-view=standings]") !== null`)
	wall.shot("show-standings")
	wall.waitFor(`document.querySelector("h1[data-view=pairings]") !== null`)
}
