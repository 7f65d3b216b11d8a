package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/labyrinth-chess/arbiter"
)

// The evening in a real browser: Debian's chromium, headless, against
// the server on 127.0.0.1. go test ./cmd/arbiter -run Browser -update
// writes the screenshots of docs/screenshots.

// findBrowser returns chromium's path, or skips the test.
func findBrowser(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("no chromium on this machine (apt-get install chromium): the browser tests are skipped")
	return ""
}

// newBrowser returns the context of the headless browser shared by the
// tests of one run: it is started by the first test that asks, with a
// fresh profile and nothing running in the background, and ended by
// TestMain. Each device opens its own browser context in it (its own
// cookies and storage, as a separate profile would), so the tests stay
// apart while chromium starts once rather than once per test.
func newBrowser(t *testing.T) context.Context {
	t.Helper()
	path := findBrowser(t)
	sharedBrowser.once.Do(func() {
		dir, err := os.MkdirTemp("", "arbiter-chromium-")
		if err != nil {
			sharedBrowser.err = err
			return
		}
		// chromedp's defaults (headless, no first run, no background
		// networking, no sync, /dev/shm not relied on) and then ours.
		opts := append(chromedp.DefaultExecAllocatorOptions[:],
			chromedp.ExecPath(path),
			chromedp.NoSandbox,
			chromedp.DisableGPU,
			chromedp.Flag("disable-quic", true),
			chromedp.Flag("disable-component-update", true),
			chromedp.UserDataDir(dir),
		)
		actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
		bctx, cancel2 := chromedp.NewContext(actx)
		sharedBrowser.ctx = bctx
		sharedBrowser.stop = func() {
			cancel2()
			cancel()
			os.RemoveAll(dir)
		}
		if err := chromedp.Do(bctx); err != nil {
			sharedBrowser.err = fmt.Errorf("start %s: %v", path, err)
		}
	})
	if sharedBrowser.err != nil {
		t.Fatal(sharedBrowser.err)
	}
	return sharedBrowser.ctx
}

// sharedBrowser is the browser that newBrowser started; TestMain calls stop.
var sharedBrowser struct {
	once sync.Once
	ctx  context.Context
	stop func()
	err  error
}

// device is one phone (or the projector): its own cookies, its own tab.
type device struct {
	t    *testing.T
	name string
	ctx  context.Context
}

func newDevice(t *testing.T, browser context.Context, name string, w, h int64) *device {
	t.Helper()
	ctx, cancel := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	d := &device{t: t, name: name, ctx: ctx}
	// The first run opens the tab, which lives as long as the context of
	// that run: no timeout here.
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("%s: open a tab: %v", name, err)
	}
	d.do(chromedp.EmulateViewport(w, h, chromedp.EmulateScale(2)))
	return d
}

// do runs steps, failing the test (with what the page shows) on error
// or after 20 seconds.
func (d *device) do(steps ...chromedp.Action[chromedp.Void]) {
	d.t.Helper()
	ctx, cancel := context.WithTimeout(d.ctx, 20*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, steps...); err != nil {
		lctx, lcancel := context.WithTimeout(d.ctx, 3*time.Second)
		defer lcancel()
		text, _ := chromedp.Run(lctx, chromedp.Evaluate[string]("document.body ? document.body.innerText : ''"))
		d.t.Fatalf("%s: %v\nthe page shows:\n%s", d.name, err, text)
	}
}

// eval returns the value of a JavaScript expression on the page.
func eval[T any](d *device, expr string) T {
	d.t.Helper()
	v, err := chromedp.Run(d.ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		d.t.Fatalf("%s: %s: %v", d.name, expr, err)
	}
	return v
}

// waitFor waits until a JavaScript expression is true. A page that
// navigates meanwhile (the projector turning) is asked again.
func (d *device) waitFor(expr string) {
	d.t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for time.Now().Before(deadline) {
		ctx, cancel := context.WithTimeout(d.ctx, 2*time.Second)
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](expr))
		cancel()
		if err == nil && ok {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	d.t.Fatalf("%s: still not %s after 15 seconds", d.name, expr)
}

// shot writes a screenshot of the page to docs/screenshots/name.png with
// -update.
func (d *device) shot(name string) {
	d.t.Helper()
	if !*update {
		return
	}
	png, err := chromedp.Run(d.ctx, chromedp.FullScreenshot(100))
	if err != nil {
		d.t.Fatal(err)
	}
	dir := filepath.Join("..", "..", "docs", "screenshots")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		d.t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
		d.t.Fatal(err)
	}
}

func sel(s string) chromedp.CSS { return chromedp.CSS(s) }

// TestBrowserEvening: on phone-size screens, a player finds the board and
// reports the result, the opponent confirms it with the PIN, and the
// standings open on a third phone follow without a reload; a disagreement
// reaches the organizer, who enters the result; a wrong PIN is refused
// and, after five, so is everything from that phone for a while.
func TestBrowserEvening(t *testing.T) {
	t.Parallel()
	f := newServeFixture(t, "club")
	browser := newBrowser(t)
	url := f.ts.URL

	// A spectator keeps the standings open.
	watch := newDevice(t, browser, "spectator", 390, 844)
	watch.do(chromedp.Navigate(url + "/standings"))
	watch.waitFor(`document.documentElement.dataset.live === "on"`)
	eval[bool](watch, "window.notReloaded = true")

	// White (Ortega, Lucía) looks for her board, typing without the accent.
	white := newDevice(t, browser, "white", 390, 844)
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
	black := newDevice(t, browser, "black", 390, 844)
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
	org := newDevice(t, browser, "organizer", 390, 844)
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
	f := newServeFixture(t, "")
	f.cli.ok("round", "result", "1", "1-0")
	browser := newBrowser(t)
	wall := newDevice(t, browser, "projector", 1280, 720)
	wall.do(chromedp.Navigate(f.ts.URL+"/show?every=1"), chromedp.WaitVisible(sel(`h1[data-view=pairings]`)))
	wall.shot("show-pairings")
	wall.waitFor(`document.querySelector("h1[data-view=standings]") !== null`)
	wall.shot("show-standings")
	wall.waitFor(`document.querySelector("h1[data-view=pairings]") !== null`)
}
