package main

import (
	"archive/zip"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/labyrinth-chess/arbiter/store"
)

// publishRun runs arbiter on database db and fails the test unless it
// succeeds; it returns standard error, where the notices go.
func publishRun(t *testing.T, db string, args ...string) string {
	t.Helper()
	var out, errb bytes.Buffer
	env := map[string]string{"ARBITER_DB": db, "ARBITER_USER": "organizer"}
	if code := run(context.Background(), args, strings.NewReader(""), &out, &errb, func(k string) string { return env[k] }); code != 0 {
		t.Fatalf("arbiter %s: exit %d\n%s%s", strings.Join(args, " "), code, out.String(), errb.String())
	}
	return errb.String()
}

// publishedDemo gives the test a copy of the demo evening's database, in
// a folder of its own, with its last round published (the demo pairs
// rounds as drafts), and returns the copy's path. The demo is played once
// per run of the tests (playedDemo): the evening is the same for every
// test, and playing it takes seconds.
func publishedDemo(t *testing.T) string {
	t.Helper()
	db := filepath.Join(t.TempDir(), "labyrinth.db")
	copyDatabase(t, playedDemo(t), db)
	publishRun(t, db, "round", "publish")
	return db
}

// playedDemo plays the demo evening with its default seed, the first
// time a test asks, into a folder that TestMain removes, and returns its
// database. Tests read it only through copyDatabase.
func playedDemo(t *testing.T) string {
	t.Helper()
	return filepath.Join(sharedDemoPlay(t).dir, "labyrinth.db")
}

// sharedDemoPlay plays the demo for playedDemo, as a user would in a new
// folder (two levels the demo makes) with $ARBITER_DB pointing elsewhere,
// and returns the play: TestDemo checks what it printed and wrote.
func sharedDemoPlay(t *testing.T) demoPlay {
	t.Helper()
	sharedDemo.once.Do(func() {
		dir, err := os.MkdirTemp("", "arbiter-demo-")
		if err != nil {
			sharedDemo.err = err.Error()
			return
		}
		sharedDemo.dir = dir
		sharedDemo.elsewhere = filepath.Join(dir, "elsewhere.db")
		args := []string{"demo", "--dir", filepath.Join(dir, "new", "evening")}
		p := runDemoCmd(t, sharedDemo.elsewhere, args...)
		p.dir = args[len(args)-1]
		if p.code != 0 {
			sharedDemo.err = fmt.Sprintf("arbiter %s: exit %d\n%s", strings.Join(args, " "), p.code, p.stderr)
		}
		sharedDemo.play = p
	})
	if sharedDemo.err != "" {
		t.Fatal(sharedDemo.err)
	}
	return sharedDemo.play
}

// sharedDemo is the evening that sharedDemoPlay played.
var sharedDemo struct {
	once                sync.Once
	dir, elsewhere, err string
	play                demoPlay
}

// copyDatabase copies the SQLite database from to the path to, with its
// write-ahead log if one was left.
func copyDatabase(t *testing.T, from, to string) {
	t.Helper()
	for _, suffix := range []string{"", "-wal"} {
		b, err := os.ReadFile(from + suffix)
		if suffix != "" && os.IsNotExist(err) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(to+suffix, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// readSite reads a folder written by publish --html, as name -> bytes.
func readSite(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	site := map[string][]byte{}
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(path)
		rel, _ := filepath.Rel(dir, path)
		site[filepath.ToSlash(rel)] = b
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return site
}

// readZip reads an archive written by publish --zip.
func readZip(t *testing.T, path string) map[string][]byte {
	t.Helper()
	zr, err := zip.OpenReader(path)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	site := map[string][]byte{}
	for _, f := range zr.File {
		r, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(r)
		r.Close()
		if err != nil {
			t.Fatal(err)
		}
		site[f.Name] = b
	}
	return site
}

var siteLink = regexp.MustCompile(`(?:href|src|action)="([^"]*)"`)

// checkSite checks a published site of the demo evening (7 rounds, 26
// players, and the prize list): every page is there, every link of
// every page is relative and leads to a file of the site, and no board
// code or PIN is in it.
func checkSite(t *testing.T, site map[string][]byte, secrets []string) {
	t.Helper()
	// The demo evening has prizes: their list has a page.
	want := []string{"index.html", "standings.html", "crosstable.html", "find.html", "prizes.html", "static/app.css", "static/app.js",
		"standings.pdf", "crosstable.pdf", "games.pgn"}
	for n := 1; n <= 7; n++ {
		want = append(want, "round-"+strconv.Itoa(n)+".html", "pairings-"+strconv.Itoa(n)+".pdf")
	}
	for pn := 1; pn <= 26; pn++ {
		want = append(want, "player-"+strconv.Itoa(pn)+".html")
	}
	for _, w := range want {
		if len(site[w]) == 0 {
			t.Errorf("the site has no %s", w)
		}
	}
	if len(site) != len(want) {
		var names []string
		for n := range site {
			if !slices.Contains(want, n) {
				names = append(names, n)
			}
		}
		t.Errorf("the site has %d files, want %d; unexpected: %v", len(site), len(want), names)
	}
	if !bytes.HasPrefix(site["standings.pdf"], []byte("%PDF")) || !bytes.Contains(site["games.pgn"], []byte(`[Round "7.1"]`)) {
		t.Errorf("standings.pdf or games.pgn is not what print and export pgn write")
	}
	for name, body := range site {
		for _, s := range secrets {
			if bytes.Contains(body, []byte(s)) {
				t.Errorf("%s holds the board code %s", name, s)
			}
		}
		if !strings.HasSuffix(name, ".html") {
			continue
		}
		for _, m := range siteLink.FindAllSubmatch(body, -1) {
			link := string(m[1])
			if strings.Contains(link, ":") || strings.HasPrefix(link, "/") {
				t.Errorf("%s links to %q: not relative", name, link)
				continue
			}
			link, _, _ = strings.Cut(link, "#")
			if _, ok := site[link]; !ok {
				t.Errorf("%s links to %q, which the site does not have", name, link)
			}
		}
	}
}

// boardTokens returns the codes of the boards of every round of the
// tournament in db: the site must not hold them.
func boardTokens(t *testing.T, path string) []string {
	t.Helper()
	ctx := context.Background()
	db, err := store.OpenMode(ctx, path, store.ReadOnly, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	id, err := db.Current(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for n := 1; n <= 7; n++ {
		codes, err := db.BoardCodes(ctx, id, n)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range codes {
			out = append(out, c.Token)
		}
	}
	if len(out) == 0 {
		t.Fatal("the published demo has no board codes: the check for them would prove nothing")
	}
	return out
}

// TestPublishSite: the demo evening as a folder in English and as an
// archive in Italian, with every link resolving and no board code.
func TestPublishSite(t *testing.T) {
	t.Parallel()
	db := publishedDemo(t)
	secrets := boardTokens(t, db)
	dir := filepath.Join(t.TempDir(), "site")
	note := publishRun(t, db, "publish", "--html", dir)
	if !strings.Contains(note, "index.html") {
		t.Errorf("publish says %q", note)
	}
	en := readSite(t, dir)
	checkSite(t, en, secrets)
	if !bytes.Contains(en["standings.html"], []byte(`<html lang="en">`)) || !bytes.Contains(en["standings.html"], []byte("Standings")) {
		t.Errorf("the English standings page:\n%s", en["standings.html"])
	}
	// A page for every round, not only the last.
	if !bytes.Contains(en["round-1.html"], []byte("<h1>Round 1</h1>")) {
		t.Errorf("round-1.html does not show round 1")
	}
	// The explanations of the tie-breaks are on the player's page.
	if !bytes.Contains(en["player-1.html"], []byte("<h2>Tie-breaks</h2>")) {
		t.Errorf("player-1.html has no explanation of the tie-breaks")
	}

	publishRun(t, db, "tournament", "set", "--lang", "it")
	arch := filepath.Join(t.TempDir(), "serata.zip")
	publishRun(t, db, "publish", "--html", arch, "--zip")
	it := readZip(t, arch)
	checkSite(t, it, secrets)
	if !bytes.Contains(it["standings.html"], []byte(`<html lang="it">`)) || !bytes.Contains(it["standings.html"], []byte("Classifica")) {
		t.Errorf("the Italian standings page:\n%s", it["standings.html"])
	}
	// The same tournament gives the same archive.
	again := filepath.Join(t.TempDir(), "again.zip")
	publishRun(t, db, "publish", "--html", again, "--zip")
	a1, _ := os.ReadFile(arch)
	a2, _ := os.ReadFile(again)
	if !bytes.Equal(a1, a2) {
		t.Errorf("publishing twice gave two different archives")
	}
}

// TestPublishRefusals: nothing published, a file where the folder
// should be, no --html.
func TestPublishRefusals(t *testing.T) {
	t.Parallel()
	f := newCLI(t)
	f.ok("tournament", "new", "Club", "--rounds", "3")
	f.ok("player", "add", "Rossi, Mario")
	f.ok("player", "add", "Bianchi, Luca")
	if _, errs, code := f.run("publish", "--html", filepath.Join(t.TempDir(), "s")); code == 0 || !strings.Contains(errs, "no round of Club is published yet") {
		t.Errorf("publish before any round: exit %d, %q", code, errs)
	}
	if _, errs, code := f.run("publish"); code != 2 || !strings.Contains(errs, "--html") {
		t.Errorf("publish without --html: exit %d, %q", code, errs)
	}
	f.ok("round", "pair")
	f.ok("round", "publish")
	file := filepath.Join(t.TempDir(), "file")
	os.WriteFile(file, []byte("x"), 0o644)
	if _, errs, code := f.run("publish", "--html", file); code != 2 || !strings.Contains(errs, "it is a file") {
		t.Errorf("publish into a file: exit %d, %q", code, errs)
	}
}

// TestBrowserPublished opens every page of the published demo evening
// from disk, in English and in Italian, and checks from the browser's
// network log that nothing was asked of a server and nothing failed to
// load; every link of the page leads to a file that opens.
func TestBrowserPublished(t *testing.T) {
	t.Parallel()
	db := publishedDemo(t)
	browser := newBrowser(t)
	for _, lang := range []string{"en", "it"} {
		publishRun(t, db, "tournament", "set", "--lang", lang)
		dir := filepath.Join(t.TempDir(), "site-"+lang)
		publishRun(t, db, "publish", "--html", dir)
		var mu sync.Mutex
		var asked, failed []string
		phone := newDevice(t, browser, "phone-"+lang, 390, 844)
		if err := chromedp.Listen(phone.ctx, func(ev any) {
			mu.Lock()
			defer mu.Unlock()
			switch ev := ev.(type) {
			case *network.EventRequestWillBeSent:
				asked = append(asked, ev.Request.URL)
			case *network.EventLoadingFailed:
				failed = append(failed, ev.ErrorText)
			}
		}); err != nil {
			t.Fatal(err)
		}
		pages, _ := filepath.Glob(filepath.Join(dir, "*.html"))
		for _, p := range pages {
			phone.do(chromedp.Navigate("file://"+p), chromedp.WaitReady(sel("footer.downloads")))
			// Every link of the page, followed by the browser, is a file
			// of the site.
			missing := eval[[]string](phone, `[...document.querySelectorAll("a[href], link[href], script[src]")]
				.map(e => e.href || e.src).filter(u => !u.startsWith("file://"))`)
			if len(missing) > 0 {
				t.Errorf("%s links outside the folder: %v", filepath.Base(p), missing)
			}
			if got := eval[string](phone, "document.documentElement.lang"); got != lang {
				t.Errorf("%s is in %q, want %q", filepath.Base(p), got, lang)
			}
			if !eval[bool](phone, `getComputedStyle(document.body).fontFamily !== "" && document.styleSheets.length === 1`) {
				t.Errorf("%s: the style sheet did not load", filepath.Base(p))
			}
		}
		// Find my board filters from disk too.
		phone.do(chromedp.Navigate("file://"+filepath.Join(dir, "find.html")), chromedp.SendKeys(sel("#q"), "schafer"))
		if got := eval[int](phone, `[...document.querySelectorAll("#players li")].filter(l => !l.hidden).length`); got != 1 {
			t.Errorf("find.html from disk shows %d players for \"schafer\", want 1 (Schäfer)", got)
		}
		mu.Lock()
		for _, u := range asked {
			if !strings.HasPrefix(u, "file://") {
				t.Errorf("%s: the browser asked %s of a server", lang, u)
			}
		}
		if len(failed) > 0 {
			t.Errorf("%s: %d loads failed: %v", lang, len(failed), failed)
		}
		if len(asked) < len(pages) {
			t.Errorf("%s: the network log has %d requests for %d pages: it saw nothing", lang, len(asked), len(pages))
		}
		mu.Unlock()
	}
}

// TestBrowserPublishButton: the organizer's page of arbiter serve writes
// the same site as arbiter publish --html, into the folder of --site,
// and the organizer is told where; the pages open from disk.
func TestBrowserPublishButton(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds arbiter: skipped with -short")
	}
	db := publishedDemo(t)
	browser := newBrowser(t)
	exe := buildArbiter(t)
	site := filepath.Join(t.TempDir(), "club-site")
	base, stop := startServer(t, exe, db, "--admin-password", "club", "--site", site)
	defer stop(false)

	org := newDevice(t, browser, "organizer", 1280, 800)
	org.do(chromedp.Navigate(base+"/admin"), chromedp.SendKeys(sel("#password"), "club"),
		chromedp.Click(sel("form.login button")), chromedp.WaitVisible(sel("form.site button")))
	if _, err := os.Stat(site); err == nil {
		t.Fatalf("the site folder exists before the button is pressed")
	}
	org.do(chromedp.Click(sel("form.site button")), chromedp.WaitVisible(sel(".flash")))
	flash := eval[string](org, `document.querySelector(".flash").innerText`)
	if !strings.Contains(flash, site) || !strings.Contains(flash, "index.html") {
		t.Errorf("after the button the page says %q, want the folder %s named", flash, site)
	}
	fromButton := readSite(t, site)
	cli := filepath.Join(t.TempDir(), "cli-site")
	publishRun(t, db, "publish", "--html", cli)
	fromCLI := readSite(t, cli)
	if len(fromButton) != len(fromCLI) || len(fromButton) < 10 {
		t.Errorf("the button wrote %d files, publish --html %d", len(fromButton), len(fromCLI))
	}
	for name, b := range fromCLI {
		if !bytes.Equal(fromButton[name], b) {
			t.Errorf("%s differs between the button and publish --html", name)
		}
	}
	// The organizer opens the site from disk.
	org.do(chromedp.Navigate("file://"+filepath.Join(site, "standings.html")), chromedp.WaitReady(sel("table.standings")))
	if n := eval[int](org, `document.querySelectorAll("table.standings tbody tr").length`); n == 0 {
		t.Errorf("standings.html of the site written by the button shows no player")
	}
}

// publishedClub returns a club of four players with round 1 paired and
// published, and the folder its site was just published into.
func publishedClub(t *testing.T) (*cli, string) {
	t.Helper()
	f := newCLI(t)
	f.ok("tournament", "new", "Club", "--rounds", "3")
	for _, name := range []string{"Rossi, Mario", "Bianchi, Luca", "Verdi, Anna", "Neri, Carla"} {
		f.ok("player", "add", name)
	}
	f.ok("round", "pair")
	f.ok("round", "publish")
	dir := filepath.Join(t.TempDir(), "site")
	f.ok("publish", "--html", dir)
	return f, dir
}

// TestPublishReadOnlyPages: the pages are written while others are still
// drawn, in whatever order they come; a read-only page refuses the whole
// site, naming the first read-only file in the site's order, and leaves
// every file as it was and no temporary file behind.
func TestPublishReadOnlyPages(t *testing.T) {
	t.Parallel()
	f, dir := publishedClub(t)
	before := readSite(t, dir)
	// The last player's page and the crosstable: the crosstable comes
	// first in the site.
	for _, name := range []string{"player-4.html", "crosstable.html"} {
		if err := os.Chmod(filepath.Join(dir, name), 0o444); err != nil {
			t.Fatal(err)
		}
	}
	f.ok("round", "result", "1", "1-0")
	_, errs, code := f.run("publish", "--html", dir)
	if code != 1 || !strings.Contains(errs, "will not replace "+filepath.Join(dir, "crosstable.html")+": it is read-only") {
		t.Fatalf("publish over read-only pages: exit %d, %q; want the crosstable named", code, errs)
	}
	after := readSite(t, dir)
	if len(after) != len(before) {
		t.Errorf("the site has %d files after a refused publish, %d before", len(after), len(before))
	}
	for name, body := range before {
		if !bytes.Equal(after[name], body) {
			t.Errorf("%s changed by a refused publish", name)
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") {
			t.Errorf("a refused publish left %s", e.Name())
		}
	}
}

// TestPublishAgainKeepsUnchanged: publishing again into the same folder
// writes the files that changed and leaves the others as they are (the
// same file, not a copy); the folder then holds what a fresh publish
// writes.
func TestPublishAgainKeepsUnchanged(t *testing.T) {
	t.Parallel()
	f, dir := publishedClub(t)
	stat := func(name string) os.FileInfo {
		t.Helper()
		fi, err := os.Stat(filepath.Join(dir, filepath.FromSlash(name)))
		if err != nil {
			t.Fatal(err)
		}
		return fi
	}
	css, standings := stat("static/app.css"), stat("standings.html")
	before := readSite(t, dir)
	f.ok("round", "result", "1", "1-0")
	f.ok("publish", "--html", dir)
	after := readSite(t, dir)
	if bytes.Equal(before["standings.html"], after["standings.html"]) {
		t.Fatal("the standings did not change with a result; the test shows nothing")
	}
	if !os.SameFile(css, stat("static/app.css")) {
		t.Errorf("static/app.css, unchanged, was written again")
	}
	if os.SameFile(standings, stat("standings.html")) {
		t.Errorf("standings.html, changed, was written in place")
	}
	fresh := filepath.Join(t.TempDir(), "fresh")
	f.ok("publish", "--html", fresh)
	want := readSite(t, fresh)
	for name, body := range want {
		if !bytes.Equal(after[name], body) {
			t.Errorf("%s published again differs from a fresh publish", name)
		}
	}
	for name := range after {
		if _, ok := want[name]; !ok {
			t.Errorf("%s is in the site published again, not in a fresh one", name)
		}
	}
}
