package web

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// The organizer's console in a real browser: Debian's chromium,
// headless, against the server on 127.0.0.1, one browser for the whole
// package, a profile of its own for each evening. go test ./web -run
// ConsoleBrowser -screenshots writes docs/screenshots/console-*.png.

var screenshots = flag.Bool("screenshots", false, "write the screenshots of the console and of the phones' pages to docs/screenshots")

func TestMain(m *testing.M) {
	flag.Parse()
	code := m.Run()
	chrome.stop()
	if cliPath != "" {
		os.RemoveAll(filepath.Dir(cliPath))
	}
	os.Exit(code)
}

// chrome is the browser the tests of the package share, started by the
// first that needs it.
var chrome sharedBrowser

type sharedBrowser struct {
	once   sync.Once
	ctx    context.Context
	err    error
	path   string
	dir    string
	cancel []context.CancelFunc
}

// browserContext returns the shared browser, or skips the test when the
// machine has none.
func (b *sharedBrowser) browserContext(t *testing.T) context.Context {
	t.Helper()
	b.once.Do(func() {
		for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
			if p, err := exec.LookPath(name); err == nil {
				b.path = p
				break
			}
		}
		if b.path == "" {
			return
		}
		if b.dir, b.err = os.MkdirTemp("", "arbiter-chromium-"); b.err != nil {
			return
		}
		opts := append(chromedp.DefaultExecAllocatorOptions[:],
			chromedp.ExecPath(b.path),
			chromedp.NoSandbox,
			chromedp.DisableGPU,
			chromedp.Flag("disable-quic", true),
			chromedp.Flag("disable-component-update", true),
			chromedp.UserDataDir(b.dir),
		)
		actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
		bctx, cancel2 := chromedp.NewContext(actx)
		b.cancel = []context.CancelFunc{cancel2, cancel}
		b.ctx, b.err = bctx, chromedp.Do(bctx)
	})
	if b.path == "" {
		t.Skip("no chromium on this machine (apt-get install chromium): the browser tests are skipped")
	}
	if b.err != nil {
		t.Fatalf("start %s: %v", b.path, b.err)
	}
	return b.ctx
}

func (b *sharedBrowser) stop() {
	for _, c := range b.cancel {
		c()
	}
	if b.dir != "" {
		os.RemoveAll(b.dir)
	}
}

// tab is one organizer's browser window: a profile of its own (cookies
// included) and a screen of w×h.
type tab struct {
	t    *testing.T
	name string
	ctx  context.Context
	base string
}

func newTab(t *testing.T, base, name string, w, h int64) *tab {
	t.Helper()
	ctx, cancel := chromedp.NewContext(chrome.browserContext(t), chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("%s: open a tab: %v", name, err)
	}
	tb := &tab{t: t, name: name, ctx: ctx, base: base}
	tb.do(chromedp.EmulateViewport(w, h))
	return tb
}

// do runs steps, failing the test (with what the page shows) on error
// or after 20 seconds.
func (tb *tab) do(steps ...chromedp.Action[chromedp.Void]) {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, 20*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, steps...); err != nil {
		lctx, lcancel := context.WithTimeout(tb.ctx, 3*time.Second)
		defer lcancel()
		loc, _ := chromedp.Run(lctx, chromedp.Location())
		text, _ := chromedp.Run(lctx, chromedp.Evaluate[string]("document.body ? document.body.innerText : ''"))
		tb.t.Fatalf("%s: %v\n%s shows:\n%s", tb.name, err, loc, text)
	}
}

// eval returns the value of a JavaScript expression on the page.
func evalIn[T any](tb *tab, expr string) T {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, 20*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		tb.t.Fatalf("%s: %s: %v", tb.name, expr, err)
	}
	return v
}

// open goes to the console's page at path and waits for what must show.
func (tb *tab) open(path, shows string) {
	tb.t.Helper()
	tb.do(chromedp.Navigate(tb.base+path), chromedp.WaitVisible(chromedp.CSS(shows)))
}

// submit marks the page as old, runs act (a click, Enter), and waits for
// the next page to show shows: no pause, and no mistaking the old page
// for the new.
func (tb *tab) submit(act chromedp.Action[chromedp.Void], shows string) {
	tb.t.Helper()
	tb.do(chromedp.Evaluate[chromedp.Void](`document.documentElement.dataset.old = "1"`), act,
		chromedp.WaitVisible(chromedp.CSS("html:not([data-old]) "+shows)))
}

// click clicks what sel selects and waits for the next page to show
// shows.
func (tb *tab) click(sel, shows string) {
	tb.t.Helper()
	tb.submit(click(sel), shows)
}

// click clicks what sel selects where a finger or the mouse would: in
// view, on top. It is found and clicked in one go, in the page's own
// thread: the page may be drawn again at any moment with the changes of
// the evening, and a click in two steps (find, then press the mouse)
// may press on a button just replaced.
func click(sel string) chromedp.Action[chromedp.Void] {
	js := fmt.Sprintf(`(() => {
		const el = document.querySelector(%[1]q);
		if (!el) return "nothing is " + %[1]q;
		el.scrollIntoView({block: "center"});
		const r = el.getBoundingClientRect();
		if (r.width === 0 || r.height === 0) return %[1]q + " is hidden";
		const x = r.x + r.width / 2, y = r.y + r.height / 2, at = document.elementFromPoint(x, y);
		if (!el.contains(at)) return %[1]q + " is under " + (at ? at.outerHTML.slice(0, 120) : "nothing");
		for (const type of ["mousedown", "mouseup"]) {
			el.dispatchEvent(new MouseEvent(type, {bubbles: true, cancelable: true, view: window, clientX: x, clientY: y}));
		}
		el.click();
		return "";
	})()`, sel)
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		if _, err := chromedp.WaitVisible(chromedp.CSS(sel))(ctx, t); err != nil {
			return err
		}
		msg, err := chromedp.Evaluate[string](js)(ctx, t)
		if err == nil && msg != "" {
			err = errors.New(msg)
		}
		return err
	})
}

// setValue sets the value of the field sel selects, as choosing in a
// list does.
func setValue(sel, v string) chromedp.Action[chromedp.Void] {
	return chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => {
		const el = document.querySelector(%q);
		el.value = %q;
		el.dispatchEvent(new Event("change", {bubbles: true}));
	})()`, sel, v))
}

// typeIn types text into the box sel selects, from the keyboard.
func typeIn(sel, text string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		if _, err := chromedp.WaitVisible(chromedp.CSS(sel))(ctx, t); err != nil {
			return err
		}
		if _, err := chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.querySelector(%q).focus()`, sel))(ctx, t); err != nil {
			return err
		}
		_, err := press(text)(ctx, t)
		return err
	})
}

// text returns the text of the first element sel selects, "" for none.
func (tb *tab) text(sel string) string {
	tb.t.Helper()
	return evalIn[string](tb, fmt.Sprintf(`(document.querySelector(%q) || {innerText: ""}).innerText.trim()`, sel))
}

// flash returns the status line of the page, failing the test when the
// page shows a refusal instead.
func (tb *tab) flash() string {
	tb.t.Helper()
	if e := tb.text("p.error"); e != "" {
		tb.t.Fatalf("%s: the page refuses: %s", tb.name, e)
	}
	return tb.text("p.flash")
}

// fits fails the test when the page is wider than the screen.
func (tb *tab) fits(what string) {
	tb.t.Helper()
	if w := evalIn[[]int](tb, `[document.documentElement.scrollWidth, window.innerWidth]`); w[0] > w[1] {
		tb.t.Errorf("%s: %s is %d pixels wide on a screen of %d", tb.name, what, w[0], w[1])
	}
}

// shot writes the screen as docs/screenshots/console-name.png with
// -screenshots.
func (tb *tab) shot(name string) {
	tb.t.Helper()
	if !*screenshots {
		return
	}
	ctx, cancel := context.WithTimeout(tb.ctx, 20*time.Second)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		tb.t.Fatal(err)
	}
	dir := filepath.Join("..", "docs", "screenshots")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		tb.t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "console-"+name+".png"), png, 0o644); err != nil {
		tb.t.Fatal(err)
	}
}

// press types keys as a keyboard does: one keyDown carrying the text
// of the key, then keyUp, so that a keydown the page prevents types
// nothing (chromedp.KeyEvent sends the text in an event of its own, which
// the page cannot prevent: a digit typed twice, Enter that submits
// after the page chose what Enter does).
func press(keys string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		for _, r := range keys {
			evs := kb.Encode(r)
			down, up := *evs[0], *evs[len(evs)-1]
			if len(evs) == 3 {
				down.Text, down.UnmodifiedText = evs[1].Text, evs[1].UnmodifiedText
			}
			for _, k := range []input.DispatchKeyEventParams{down, up} {
				if _, err := cdp.Call(ctx, t, input.DispatchKeyEvent, k); err != nil {
					return err
				}
			}
		}
		return nil
	})
}

// keysReady waits for console.js to listen to the keyboard.
var keysReady = chromedp.WaitReady(chromedp.CSS("html[data-keys]"))

// TestConsoleBrowser: the whole evening of 10 players from an empty
// database, in the browser alone, on a laptop and on a tablet: the
// tournament created, the players entered from the roster searched as
// one types, new, and uploaded; registration closed; 3 rounds paired,
// published and played, results clicked and typed; a correction seen
// before it is saved, another undone; the standings, and every PDF read
// back. The database it leaves is the one the command line makes.
func TestConsoleBrowser(t *testing.T) {
	screens := []struct {
		name string
		w, h int64
		lang string
	}{
		{"laptop", 1280, 900, "en"},
		{"tablet", 1024, 768, "it"},
	}
	if *screenshots {
		// Both languages on the laptop's screen, for the README.
		screens = append(screens, struct {
			name string
			w, h int64
			lang string
		}{"laptop-it", 1280, 900, "it"})
	}
	for _, sc := range screens {
		t.Run(sc.name, func(t *testing.T) {
			t.Parallel()
			f := newConsoleFixture(t)
			// The command line types the same evening meanwhile.
			cli := typeEvening(cliBinary(t), t.TempDir(), eveningSteps(t, f, sc.lang))
			t.Cleanup(func() {
				for range cli { // its folder is removed once it is done
				}
			})
			tb := newTab(t, f.ts.URL, sc.name, sc.w, sc.h)
			browserEvening(t, f, tb, sc.lang, sc.w == 1280)
			sameDatabase(t, f.path, <-cli)
		})
	}
}

// browserEvening plays the evening of eveningSteps in tb, with the
// tournament in language lang; shoot takes the screenshots.
func browserEvening(t *testing.T, f *consoleFixture, tb *tab, lang string, shoot bool) {
	shot := func(name string) {
		if shoot {
			tb.shot(name + "-" + lang)
		}
	}
	dir := t.TempDir()
	for name, text := range map[string]string{"soci.csv": rosterCSV, "iscritti.csv": entriesCSV} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}

	// The login, then the form that creates the tournament.
	tb.open("/admin", "form.login")
	tb.do(typeIn("#password", "club"))
	tb.click("form.login button", "#t-name")
	tb.do(typeIn("#t-name", "Club Night"),
		setValue(`input[name=rounds]`, "3"),
		setValue(`input[name=tiebreaks]`, "BH, DE, SB"),
		setValue(`select[name=pace]`, "blitz"),
		setValue(`select[name=first-colour]`, "white"),
		setValue(`select[name=lang]`, lang))
	tb.fits("the form of a new tournament")
	shot("new")
	tb.click("#create", "#name")
	if tb.flash() == "" {
		t.Errorf("%s: no word that the tournament was created", tb.name)
	}

	// The club roster uploaded.
	tb.do(chromedp.SetUploadFiles(chromedp.CSS("#list"), []string{filepath.Join(dir, "soci.csv")}),
		click(`input[name=into][value=roster]`))
	tb.click("#import-button", "#name")
	if got := tb.flash(); !strings.Contains(got, "soci.csv") || !strings.Contains(got, "6") {
		t.Errorf("%s: after the roster's upload the page says %q", tb.name, got)
	}
	// Players from the roster as one types: chosen with the arrow and
	// Enter, clicked, or typed whole.
	matches := func(typed, want string) {
		t.Helper()
		tb.do(keysReady, typeIn("#name", typed),
			chromedp.WaitVisible(chromedp.CSS(fmt.Sprintf(`#matches li[data-name=%q]`, want))))
	}
	matches("ross", "Rossi, Mario")
	shot("search")
	tb.submit(press(kb.ArrowDown+kb.Enter), "#name")
	matches("bian", "Bianchi, Luca")
	tb.click(`#matches li[data-name="Bianchi, Luca"]`, "#name")
	for _, name := range []string{"Neri, Paolo", "Russo, Giulia", "Verdi, Anna"} {
		tb.do(typeIn("#name", name))
		tb.submit(press(kb.Enter), "#name")
	}
	// A new player, with the rating typed.
	tb.do(typeIn("#name", "Colombo, Sara"), typeIn(`form.add input[name=rating]`, "1600"))
	tb.click("#add-button", "#name")
	// The entries by e-mail uploaded.
	tb.do(chromedp.SetUploadFiles(chromedp.CSS("#list"), []string{filepath.Join(dir, "iscritti.csv")}))
	tb.click("#import-button", "#name")
	if got := tb.flash(); !strings.Contains(got, "iscritti.csv") {
		t.Errorf("%s: after the entries' upload the page says %q", tb.name, got)
	}
	// One entered by mistake and taken out; a rating corrected.
	tb.do(typeIn("#name", "Gallo, Pietro"))
	tb.submit(press(kb.Enter), "#name")
	entryPage := func(name string) {
		t.Helper()
		tb.click(fmt.Sprintf(`#entries a[href="/admin/players/%d"]`, entryOf(t, f.snap(), name).PN), "form.edit")
	}
	entryPage("Gallo, Pietro")
	tb.click("#remove", "#name")
	entryPage("Bruno, Chiara")
	tb.do(setValue(`form.edit input[name=rating]`, "1410"))
	tb.click("form.edit button.primary", "body")
	tb.open("/admin/players", "#entries")
	if n := evalIn[int](tb, `document.querySelectorAll("#entries tbody tr").length`); n != 10 {
		t.Fatalf("%s: %d players entered, want 10:\n%s", tb.name, n, tb.text("#entries"))
	}
	tb.fits("the players' page")
	shot("players")

	// Registration closed from the round's page.
	tb.open("/admin", "#setup .close-options button")
	shot("close")
	tb.click("#setup .close-options button.primary, #setup .close-options button", "#pair-next")

	type choice struct {
		board int
		res   string
	}
	for round := 1; round <= 3; round++ {
		tb.click("#pair-next", "#publish")
		if round == 1 {
			shot("draft")
		}
		tb.click("#publish", "#grid")
		if n := evalIn[int](tb, `document.querySelectorAll("li.board.st-playing").length`); n != 5 {
			t.Errorf("%s: round %d shows %d boards playing, want 5", tb.name, round, n)
		}
		tb.fits("the boards of a round")
		// Boards 1 and 2 by a click on their buttons.
		for _, c := range []choice{{1, "1-0"}, {2, "1/2"}} {
			tb.click(fmt.Sprintf(`#board-%d form.rb button[value=%q]`, c.board, c.res), "#grid")
			if got := evalIn[string](tb, fmt.Sprintf(`document.querySelector("#board-%d form.rb button[aria-pressed=true]").value`, c.board)); got != c.res {
				t.Errorf("%s: round %d board %d shows %q, want %q", tb.name, round, c.board, got, c.res)
			}
		}
		// Boards 3 to 5 from the keyboard: the board's number goes to the
		// result box from anywhere on the page, the board is lit, Enter
		// enters it.
		for _, typed := range []string{"3 0", "4 1-0", "5 +-"} {
			tb.do(keysReady, chromedp.Evaluate[chromedp.Void](`document.activeElement.blur()`), press(typed),
				chromedp.WaitVisible(chromedp.CSS("#board-"+typed[:1]+".target")))
			if round == 3 && typed == "5 +-" {
				shot("round")
			}
			if got := tb.text("#entry-preview"); !strings.HasPrefix(got, typed[:1]+": ") || !strings.Contains(got, "→") {
				t.Errorf("%s: typing %q, the page says %q", tb.name, typed, got)
			}
			tb.submit(press(kb.Enter), "#grid")
			if got := tb.flash(); !strings.Contains(got, typed[:1]) {
				t.Errorf("%s: after %q the page says %q", tb.name, typed, got)
			}
		}
		if n := evalIn[int](tb, `document.querySelectorAll("li.board.st-confirmed").length`); n != 5 {
			t.Errorf("%s: round %d shows %d boards with their result, want 5:\n%s", tb.name, round, n, tb.text("#grid"))
		}
	}

	// A correction of round 3: what it changes comes first, saved when
	// asked.
	tb.click(`#board-2 form.rb button[value="0-1"]`, "#whatif")
	if got := tb.text("#whatif h2"); !strings.Contains(got, "0-1") {
		t.Errorf("%s: the what-if says %q", tb.name, got)
	}
	tb.fits("the what-if of a correction")
	shot("whatif")
	tb.click("#save-correction", "#grid")
	// Then one of round 1, from its board's page; undone from the menu.
	tb.open("/admin/board/3?round=1", "form.choices")
	tb.click(`form.choices button[value="1/2"]`, "#whatif")
	tb.click("#save-correction", "#grid")
	tb.click("#undo-link", "#undo")
	shot("undo")
	tb.click("#undo", "body")
	if got := tb.flash(); got == "" {
		t.Errorf("%s: no word of the undo", tb.name)
	}
	s := f.snap()
	if got := s.Round(3).Boards[1].Result.String(); got != "0-1" {
		t.Errorf("%s: round 3 board 2 = %s after its correction, want 0-1", tb.name, got)
	}
	if got := s.Round(1).Boards[2].Result.String(); got != "0-1" {
		t.Errorf("%s: round 1 board 3 = %s after its correction was undone, want 0-1", tb.name, got)
	}

	// The standings with the tie-breaks, the log, the season.
	tb.do(keysReady, chromedp.Evaluate[chromedp.Void](`document.activeElement.blur()`))
	tb.submit(press("s"), "main")
	if got := tb.text("main"); !strings.Contains(got, "Rossi, Mario") || !strings.Contains(got, "BH") {
		t.Errorf("%s: the standings show:\n%s", tb.name, got)
	}
	tb.fits("the standings")
	shot("standings")
	tb.open("/admin/log", "main")
	shot("log")

	// Every PDF of the paper page, downloaded with the organizer's
	// cookie and read back.
	tb.open("/admin/paper", "ul.paper")
	shot("paper")
	hrefs := evalIn[[]string](tb, `[...document.querySelectorAll("ul.paper a.download")].map(a => a.getAttribute("href")).filter(h => h.endsWith(".pdf"))`)
	if len(hrefs) < 5 {
		t.Errorf("%s: the paper page offers %d PDFs: %v", tb.name, len(hrefs), hrefs)
	}
	for _, href := range hrefs {
		data := evalIn[string](tb, fmt.Sprintf(`fetch(%q).then(r => r.ok ? r.arrayBuffer() : Promise.reject(r.status)).then(b => {
			let s = ""; for (const c of new Uint8Array(b)) s += String.fromCharCode(c); return btoa(s) })`, href))
		pdf, err := base64.StdEncoding.DecodeString(data)
		if err != nil {
			t.Fatal(err)
		}
		text := pdfText(t, pdf)
		for _, want := range []string{"Club Night", "Verdi"} {
			if strings.HasSuffix(href, "/pins.pdf") && want == "Club Night" {
				continue
			}
			if !strings.Contains(text, want) {
				t.Errorf("%s: %s does not say %q:\n%s", tb.name, href, want, text)
			}
		}
	}
}

// pdfText returns the text of a PDF as pdftotext reads it; without
// pdftotext the test is skipped.
func pdfText(t *testing.T, pdf []byte) string {
	t.Helper()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("no pdftotext (apt-get install poppler-utils)")
	}
	if !bytes.HasPrefix(pdf, []byte("%PDF")) {
		t.Fatalf("not a PDF: %.80q", pdf)
	}
	cmd := exec.Command("pdftotext", "-layout", "-", "-")
	cmd.Stdin = bytes.NewReader(pdf)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return string(out)
}
