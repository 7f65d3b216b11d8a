package web

import (
	"bytes"
	"context"
	"fmt"
	"html"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
)

// The organizer's console as a browser without JavaScript uses it: plain
// forms posted, links followed, against a real desk on a database file
// that starts empty.

// consoleFixture is an empty database served with the console, on
// 127.0.0.1, the organizer's password "club".
type consoleFixture struct {
	t    *testing.T
	path string
	d    *desk.Desk
	srv  *Server
	ts   *httptest.Server
}

func newConsoleFixture(t *testing.T) *consoleFixture {
	t.Helper()
	return newConsoleFixtureWith(t, nil)
}

// newConsoleFixtureWith is newConsoleFixture with what before does at
// the desk before the server starts (nil: nothing), such as a tournament
// the console then serves.
func newConsoleFixtureWith(t *testing.T, before func(ctx context.Context, d *desk.Desk) error) *consoleFixture {
	t.Helper()
	f := &consoleFixture{t: t, path: filepath.Join(t.TempDir(), "club.db")}
	ctx, cancel := context.WithCancel(context.Background())
	d, err := desk.Open(ctx, f.path, desk.Create, nil)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	f.d = d
	cfg := Config{Desk: d, AdminPassword: "club", Poll: 50 * time.Millisecond, URL: "http://192.168.1.10:8080/"}
	if before != nil {
		tid, err := func() (int64, error) {
			if err := before(desk.WithActor(ctx, "organizer"), d); err != nil {
				return 0, err
			}
			return d.Current(ctx)
		}()
		if err != nil {
			cancel()
			d.Close()
			t.Fatal(err)
		}
		cfg.Evening = d.Evening(tid, 10*time.Minute)
	}
	if f.srv, err = New(cfg); err != nil {
		t.Fatal(err)
	}
	f.ts = httptest.NewServer(f.srv.Handler())
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { defer wg.Done(); f.srv.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		wg.Wait()
		f.ts.Close()
		d.Close()
	})
	return f
}

// browser is one organizer's browser without JavaScript: its own
// cookies, no redirect followed by itself.
type browser struct {
	f    *consoleFixture
	c    *http.Client
	lang string
}

func (f *consoleFixture) browser(lang string) *browser {
	jar, _ := cookiejar.New(nil)
	return &browser{f: f, lang: lang, c: &http.Client{Jar: jar, Timeout: 60 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}

// organizer returns a browser logged in as the organizer.
func (f *consoleFixture) organizer(lang string) *browser {
	b := f.browser(lang)
	if code, loc := b.post("/admin", "/admin/login", "password", "club"); code != http.StatusSeeOther {
		f.t.Fatalf("login = %d %s", code, loc)
	}
	return b
}

// do sends a request and returns the status and the body (unescaped),
// or where it redirects.
func (b *browser) do(method, path, ctype string, body io.Reader) (int, string) {
	b.f.t.Helper()
	req, err := http.NewRequest(method, b.f.ts.URL+path, body)
	if err != nil {
		b.f.t.Fatal(err)
	}
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	req.Header.Set("Accept-Language", b.lang)
	resp, err := b.c.Do(req)
	if err != nil {
		b.f.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if loc := resp.Header.Get("Location"); loc != "" {
		return resp.StatusCode, loc
	}
	return resp.StatusCode, html.UnescapeString(string(data))
}

func (b *browser) get(path string) (int, string) {
	b.f.t.Helper()
	return b.do("GET", path, "", nil)
}

// follow gets path, following redirects, and returns the page.
func (b *browser) follow(code int, loc string) (int, string) {
	b.f.t.Helper()
	for i := 0; code == http.StatusSeeOther && i < 5; i++ {
		code, loc = b.get(loc)
	}
	return code, loc
}

// token returns the CSRF token of the page at path.
func (b *browser) token(path string) string {
	b.f.t.Helper()
	_, page := b.get(path)
	m := csrfValue.FindStringSubmatch(page)
	if m == nil {
		b.f.t.Fatalf("%s has no form:\n%s", path, page)
	}
	return m[1]
}

// post sends a form of the page at from (its CSRF token added) to
// action.
func (b *browser) post(from, action string, kv ...string) (int, string) {
	b.f.t.Helper()
	form := url.Values{"csrf": {b.token(from)}}
	for i := 0; i+1 < len(kv); i += 2 {
		form.Add(kv[i], kv[i+1])
	}
	return b.do("POST", action, "application/x-www-form-urlencoded", strings.NewReader(form.Encode()))
}

// upload sends file name with content as the list of the import form.
func (b *browser) upload(into, name, content string) (int, string) {
	b.f.t.Helper()
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	w.WriteField("csrf", b.token("/admin/players"))
	w.WriteField("into", into)
	fw, _ := w.CreateFormFile("list", name)
	fw.Write([]byte(content))
	w.Close()
	return b.do("POST", "/admin/players/import", w.FormDataContentType(), &body)
}

// snap returns the tournament as stored now.
func (f *consoleFixture) snap() *desk.Snapshot {
	f.t.Helper()
	s, err := f.d.Snapshot(context.Background(), "")
	if err != nil {
		f.t.Fatal(err)
	}
	return s
}

// flash returns the status line of a page.
var flashLine = regexp.MustCompile(`(?s)<p class="flash" role="status">(.*?)</p>`)
var errorLine = regexp.MustCompile(`(?s)<p class="error" role="alert">(.*?)</p>`)

func flashOf(page string) string {
	if m := flashLine.FindStringSubmatch(page); m != nil {
		return strings.TrimSpace(m[1])
	}
	return ""
}

func errorOf(page string) string {
	if m := errorLine.FindStringSubmatch(page); m != nil {
		return strings.TrimSpace(m[1])
	}
	return ""
}

// The club's lists of the evening: the roster, loaded first, and the
// list of four players who entered by e-mail.
const (
	rosterCSV = "name,rating,club\n" +
		"\"Rossi, Mario\",1850,Labyrinth\n" +
		"\"Bianchi, Luca\",1720,Labyrinth\n" +
		"\"Verdi, Anna\",1650,Labyrinth\n" +
		"\"Neri, Paolo\",1580,Scacchi Roma\n" +
		"\"Russo, Giulia\",1500,Labyrinth\n" +
		"\"Ferrari, Marco\",1450,Labyrinth\n"
	entriesCSV = "cognome;nome;elo\n" +
		"Ricci;Luca;1550\n" +
		"Marino;Elena;1520\n" +
		"Greco;Davide;1480\n" +
		"Bruno;Chiara;1400\n"
)

// TestConsoleWithoutScript: the evening from an empty database to the
// final standings and the files, with forms and links alone.
func TestConsoleWithoutScript(t *testing.T) {
	f := newConsoleFixture(t)
	// Before any tournament, the public pages say so and the organizer
	// is sent to create one.
	anyone := f.browser("en")
	if code, page := anyone.get("/standings"); code != http.StatusNotFound || !strings.Contains(page, "has not created the tournament yet") {
		t.Errorf("/standings with no tournament = %d:\n%s", code, page)
	}
	org := f.organizer("en")
	if code, loc := org.get("/admin"); code != http.StatusSeeOther || loc != "/admin/new" {
		t.Errorf("/admin with no tournament = %d %s, want /admin/new", code, loc)
	}
	// A wrong number of rounds is refused in the command line's words.
	code, page := org.post("/admin/new", "/admin/new", "name", "Club Night", "rounds", "0", "first-colour", "white", "lang", "en")
	if code != http.StatusBadRequest || !strings.Contains(errorOf(page), "rounds 0:") {
		t.Errorf("rounds 0 = %d %q", code, errorOf(page))
	}
	code, loc := org.post("/admin/new", "/admin/new", "name", "Club Night", "rounds", "3", "tiebreaks", "BH, DE, SB",
		"first-colour", "white", "lang", "en", "pace", "blitz")
	if code != http.StatusSeeOther || !strings.HasPrefix(loc, "/admin/players") {
		t.Fatalf("create = %d %s", code, loc)
	}
	if _, page := org.follow(code, loc); flashOf(page) != "Tournament Club Night created: enter the players." {
		t.Errorf("after creating, the page says %q", flashOf(page))
	}
	s := f.snap()
	if tn := s.Tournament; tn.Rounds != 3 || tn.FirstColour != arbiter.White || tn.Pace != arbiter.Blitz || tn.Language != "en" {
		t.Errorf("the tournament created is %+v", tn)
	}

	// The club roster, uploaded; then players entered from it.
	code, loc = org.upload("roster", "soci.csv", rosterCSV)
	if _, page := org.follow(code, loc); !strings.Contains(flashOf(page), "soci.csv: 6 players read into the club roster: 6 new") {
		t.Fatalf("roster upload = %d, page says %q %q", code, flashOf(page), errorOf(page))
	}
	// Searching without script lists the club players that match.
	if _, page := org.get("/admin/players?q=ross"); !strings.Contains(page, "Rossi, Mario") || strings.Contains(page, "Bianchi, Luca <small>") {
		t.Errorf("the roster search for \"ross\" shows:\n%s", page)
	}
	ids := map[string]int64{}
	ps, err := f.d.Roster(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range ps {
		ids[p.Name] = p.ID
	}
	for _, name := range []string{"Rossi, Mario", "Bianchi, Luca", "Neri, Paolo", "Russo, Giulia"} {
		code, loc := org.post("/admin/players", "/admin/players/add", "id", fmt.Sprint(ids[name]))
		if _, page := org.follow(code, loc); !strings.Contains(flashOf(page), name+", from the club roster") {
			t.Errorf("entering %s: %q %q", name, flashOf(page), errorOf(page))
		}
	}
	// A name typed is found in the roster; a name like a club player's
	// is refused with the buttons that say who is meant.
	org.post("/admin/players", "/admin/players/add", "name", "Verdi, Anna")
	code, page = org.post("/admin/players", "/admin/players/add", "name", "Ferrari, Marc")
	if code != http.StatusConflict || !strings.Contains(page, "Enter Ferrari, Marco from the roster") || !strings.Contains(page, "Enter Ferrari, Marc as someone new") {
		t.Errorf("a name like a club player's = %d:\n%s", code, errorOf(page))
	}
	// A new player in one step.
	code, loc = org.post("/admin/players", "/admin/players/add", "name", "Colombo, Sara", "rating", "1600")
	if _, page := org.follow(code, loc); !strings.Contains(flashOf(page), "Colombo, Sara, new to the club roster") {
		t.Errorf("new player: %q %q", flashOf(page), errorOf(page))
	}
	// The list of entries by e-mail, uploaded.
	code, loc = org.upload("tournament", "iscritti.csv", entriesCSV)
	if _, page := org.follow(code, loc); !strings.Contains(flashOf(page), "iscritti.csv: 4 players entered, 4 of them new") {
		t.Errorf("entries upload: %q %q", flashOf(page), errorOf(page))
	}
	// One entered by mistake, then taken out; one rating corrected.
	org.post("/admin/players", "/admin/players/add", "name", "Gallo, Pietro")
	gallo := entryOf(t, f.snap(), "Gallo, Pietro")
	code, loc = org.post(fmt.Sprintf("/admin/players/%d", gallo.PN), fmt.Sprintf("/admin/players/%d/remove", gallo.PN))
	if _, page := org.follow(code, loc); !strings.Contains(flashOf(page), "Gallo, Pietro taken out") {
		t.Errorf("remove: %q %q", flashOf(page), errorOf(page))
	}
	bruno := entryOf(t, f.snap(), "Bruno, Chiara")
	org.post(fmt.Sprintf("/admin/players/%d", bruno.PN), fmt.Sprintf("/admin/players/%d/edit", bruno.PN), "name", "Bruno, Chiara", "rating", "1410", "club", "")
	if got := entryOf(t, f.snap(), "Bruno, Chiara").Player.Rating; got != 1410 {
		t.Errorf("Bruno's rating after the edit = %d, want 1410", got)
	}
	if n := len(f.snap().Entries); n != 10 {
		t.Fatalf("%d entries, want 10", n)
	}

	// Registration closes; round 1 is paired, published, played.
	code, loc = org.post("/admin", "/admin/close")
	if _, page := org.follow(code, loc); flashOf(page) != "Registration closed: 10 players, 3 rounds of Swiss." {
		t.Errorf("close: %q %q", flashOf(page), errorOf(page))
	}
	for round := 1; round <= 3; round++ {
		code, loc = org.post("/admin", "/admin/pair")
		if code != http.StatusSeeOther {
			t.Fatalf("pair round %d = %d:\n%s", round, code, errorOf(loc))
		}
		if code, _ = org.post("/admin", "/admin/publish"); code != http.StatusSeeOther {
			t.Fatalf("publish round %d = %d", round, code)
		}
		_, page := org.get("/admin")
		if n := strings.Count(page, `<li class="board st-playing"`); n != 5 {
			t.Errorf("round %d shows %d boards playing, want 5", round, n)
		}
		// Results: boards 1 and 2 clicked, 3 to 5 typed.
		want := []arbiter.Result{arbiter.WhiteWins, arbiter.Draw, arbiter.BlackWins, arbiter.WhiteWins, arbiter.WhiteForfeit}
		org.post("/admin", "/admin/result", "round", fmt.Sprint(round), "board", "1", "result", "1-0")
		org.post("/admin", "/admin/result", "round", fmt.Sprint(round), "board", "2", "result", "1/2")
		for b, typed := range map[int]string{3: "3 0", 4: "4 1-0", 5: "5 +-"} {
			code, loc := org.post("/admin", "/admin/result", "entry", typed)
			if _, page := org.follow(code, loc); !strings.HasPrefix(flashOf(page), fmt.Sprintf("Board %d: ", b)) {
				t.Errorf("round %d, typed %q: %q %q", round, typed, flashOf(page), errorOf(page))
			}
		}
		for i, r := range want {
			if got := f.snap().Round(round).Boards[i].Result; got != r {
				t.Errorf("round %d board %d = %v, want %v", round, i+1, got, r)
			}
		}
	}
	// Board 2 of round 3 corrected: what it changes is shown first, and
	// saved only when asked.
	code, page = org.post("/admin", "/admin/result", "round", "3", "board", "2", "result", "0-1")
	if code != http.StatusConflict || !strings.Contains(page, "What if round 3 board 2 were 0-1 instead of 1/2") || !strings.Contains(page, "Save the correction: 0-1") {
		t.Fatalf("a different result on board 2 = %d:\n%s", code, page)
	}
	if got := f.snap().Round(3).Boards[1].Result; got != arbiter.Draw {
		t.Errorf("board 2 = %v before the correction is saved, want ½-½", got)
	}
	org.post("/admin", "/admin/result", "round", "3", "board", "2", "result", "0-1", "correct", "1")
	if got := f.snap().Round(3).Boards[1].Result; got != arbiter.BlackWins {
		t.Errorf("board 2 = %v after the correction, want 0-1", got)
	}
	// Undone: the draw is back.
	_, page = org.get("/admin/undo")
	if !strings.Contains(page, "result.correct") {
		t.Errorf("the undo page does not show the correction:\n%s", page)
	}
	ev := regexp.MustCompile(`name="event" value="(\d+)"`).FindStringSubmatch(page)
	org.post("/admin/undo", "/admin/undo", "event", ev[1])
	if got := f.snap().Round(3).Boards[1].Result; got != arbiter.Draw {
		t.Errorf("board 2 = %v after the undo, want ½-½", got)
	}
	// The final standings, with the tie-breaks explained, and the files.
	_, page = org.get("/admin/standings")
	if !strings.Contains(page, "after round 3") || !strings.Contains(page, "tie-breaks explained") {
		t.Errorf("the standings page:\n%s", page)
	}
	for _, file := range []string{"pairings.pdf", "slips.pdf", "standings.pdf", "crosstable.pdf", "pins.pdf", "workbook.xlsx", "tournament.trf", "games.pgn"} {
		code, body := org.get("/admin/paper/" + file)
		if code != http.StatusOK || len(body) < 100 {
			t.Errorf("%s = %d, %d bytes", file, code, len(body))
		}
	}
	// Nobody set prizes: the prize list is refused in the command
	// line's words.
	if code, page := org.get("/admin/paper/prizes.pdf"); code != http.StatusConflict || errorOf(page) != "Club Night has no prizes yet" {
		t.Errorf("prizes.pdf = %d %q", code, errorOf(page))
	}
}

// entryOf returns the entry of the player named name.
func entryOf(t *testing.T, s *desk.Snapshot, name string) arbiter.Entry {
	t.Helper()
	for _, e := range s.Entries {
		if e.Player.Name == name {
			return e
		}
	}
	t.Fatalf("%s is not entered", name)
	return arbiter.Entry{}
}
