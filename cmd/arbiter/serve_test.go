package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/store"
	"github.com/labyrinth-chess/arbiter/web"
)

// evil is a player's name that a page must show as text.
const evil = "<script>alert(1)</script>"

// serveFixture is arbiter serve on 127.0.0.1 over a tournament of the
// command line, with round 1 paired and published.
type serveFixture struct {
	t     testing.TB
	cli   *cli
	db    *desk.Desk
	ev    *desk.Evening
	tid   int64
	srv   *web.Server
	ts    *httptest.Server
	codes map[int]arbiter.BoardCode // of the round in play
}

// servePlayers are the club of the server tests, strongest first, so the
// pairing of round 1 is known: board 1 Ortega (1) - Dupont (5), board 2
// Nicolò (6) - Bauer (2), board 3 the evil name (3) - Costa (7), board 4
// Abel (8) - Lindqvist (4).
var servePlayers = []struct {
	name   string
	rating string
}{
	{"Ortega, Lucía", "2200"}, {"Bauer, Jonas", "2150"}, {evil, "2100"}, {"Lindqvist, Maja", "2050"},
	{"Dupont, Élodie", "2000"}, {"Nicolò, Bianchi", "1950"}, {"Costa, Rui", "1900"}, {"Abel, Tomás", "1850"},
}

func newServeFixture(t *testing.T, password string) *serveFixture {
	t.Helper()
	c := newCLI(t)
	c.ok("tournament", "new", "Club Night", "--rounds", "5", "--first-colour", "white")
	for _, p := range servePlayers {
		c.ok("player", "add", p.name, "--rating", p.rating)
	}
	c.ok("round", "pair", "--publish")
	f := startServe(t, c.db, password)
	f.cli = c
	return f
}

// startServe serves the database at path on 127.0.0.1 until the test
// ends.
func startServe(t testing.TB, path, password string) *serveFixture {
	t.Helper()
	return startServeClock(t, path, password, nil)
}

// startServeClock is startServe with the server's clock (nil: the
// real one).
func startServeClock(t testing.TB, path, password string, now func() time.Time) *serveFixture {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	db, err := desk.Open(ctx, path, desk.ReadWrite, nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx = desk.WithActor(ctx, "arbiter-test (arbiter serve)")
	tid, err := db.Current(ctx)
	if err != nil {
		t.Fatal(err)
	}
	f := &serveFixture{t: t, db: db, tid: tid, ev: db.Evening(tid, 10*time.Minute)}
	f.srv, err = web.New(web.Config{Evening: f.ev, AdminPassword: password, Poll: 50 * time.Millisecond, Now: now})
	if err != nil {
		t.Fatal(err)
	}
	f.ts = httptest.NewUnstartedServer(f.srv.Handler())
	f.ts.Config.BaseContext = func(net.Listener) context.Context { return ctx }
	f.ts.Start()
	go f.srv.Run(ctx)
	// Cleanups run last first: streams end (cancel) before the server
	// waits for its requests (Close).
	t.Cleanup(func() { db.Close() })
	t.Cleanup(f.ts.Close)
	t.Cleanup(cancel)
	f.loadCodes()
	return f
}

// loadCodes reads the codes of the last round paired.
func (f *serveFixture) loadCodes() {
	f.t.Helper()
	ctx := context.Background()
	_, paired, err := f.ev.Published(ctx)
	if err != nil {
		f.t.Fatal(err)
	}
	if f.codes, err = f.db.BoardCodes(ctx, f.tid, paired); err != nil {
		f.t.Fatal(err)
	}
}

// client is one phone: its own cookies, no redirects followed.
func (f *serveFixture) client() *http.Client {
	jar, _ := cookiejar.New(nil)
	return &http.Client{Jar: jar, Timeout: 10 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

var csrfField = regexp.MustCompile(`name="csrf" value="([0-9a-f]+)"`)

// get fetches path and returns the status, the body and the page's CSRF
// token ("" when it has no form).
// speak sets the tournament's language, which every page speaks, and
// waits for the server to see it.
func (f *serveFixture) speak(lang string) {
	f.t.Helper()
	f.cli.ok("tournament", "set", "--lang", lang)
	want := `<html lang="` + lang + `">`
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if _, page, _ := f.get(f.client(), "/"); strings.Contains(page, want) {
			return
		}
	}
	f.t.Fatalf("the pages do not speak %s", lang)
}

func (f *serveFixture) get(c *http.Client, path string) (int, string, string) {
	f.t.Helper()
	resp, err := c.Get(f.ts.URL + path)
	if err != nil {
		f.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	tok := ""
	if m := csrfField.FindStringSubmatch(string(b)); m != nil {
		tok = m[1]
	}
	return resp.StatusCode, string(b), tok
}

// post sends a form and returns the status and the body (or the
// redirect's target).
func (f *serveFixture) post(c *http.Client, path string, form url.Values) (int, string) {
	f.t.Helper()
	resp, err := c.PostForm(f.ts.URL+path, form)
	if err != nil {
		f.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if loc := resp.Header.Get("Location"); loc != "" {
		return resp.StatusCode, loc
	}
	return resp.StatusCode, string(b)
}

// form returns a form with the CSRF token of the page at path.
func (f *serveFixture) form(c *http.Client, path string, kv ...string) url.Values {
	f.t.Helper()
	_, _, tok := f.get(c, path)
	if tok == "" {
		f.t.Fatalf("%s has no form", path)
	}
	v := url.Values{"csrf": {tok}}
	for i := 0; i+1 < len(kv); i += 2 {
		v.Set(kv[i], kv[i+1])
	}
	return v
}

// results returns the results of round n, by board.
func (f *serveFixture) results(n int) []arbiter.Result {
	f.t.Helper()
	s, err := f.ev.Snapshot(context.Background())
	if err != nil {
		f.t.Fatal(err)
	}
	var out []arbiter.Result
	for _, b := range s.Rounds[n-1].Boards {
		out = append(out, b.Result)
	}
	return out
}

// events returns how many events the log holds: a refused request must
// leave it as it was.
func (f *serveFixture) events() int {
	f.t.Helper()
	evs, err := f.db.Events(context.Background(), 0)
	if err != nil {
		f.t.Fatal(err)
	}
	return len(evs)
}

func TestServeReportAndConfirm(t *testing.T) {
	t.Parallel()
	f := newServeFixture(t, "")
	white, black := f.client(), f.client()
	b1 := "/b/" + f.codes[1].Token
	code, loc := f.post(white, b1+"/report", f.form(white, b1, "pin", f.codes[1].WhitePIN, "result", "1-0"))
	if code != http.StatusSeeOther || !strings.HasSuffix(loc, "done=reported") {
		t.Fatalf("report = %d %s, want a redirect to done=reported", code, loc)
	}
	_, page, _ := f.get(black, b1)
	if !strings.Contains(page, "White reported 1-0.") {
		t.Errorf("the opponent's page does not show the report:\n%s", page)
	}
	code, loc = f.post(black, b1+"/confirm", f.form(black, b1, "pin", f.codes[1].BlackPIN, "result", "1-0"))
	if code != http.StatusSeeOther || !strings.HasSuffix(loc, "done=confirmed") {
		t.Fatalf("confirm = %d %s, want a redirect to done=confirmed", code, loc)
	}
	if got := f.results(1)[0]; got != arbiter.WhiteWins {
		t.Errorf("board 1 = %v after confirmation, want 1-0", got)
	}
	_, page, _ = f.get(white, "/standings")
	if !regexp.MustCompile(`Ortega, Lucía</a></td><td class="num">2200</td><td class="num pts">1</td>`).MatchString(page) {
		t.Errorf("standings do not show Ortega's point:\n%s", page)
	}
	// The log names who did what from where.
	evs, _ := f.db.Events(context.Background(), f.tid)
	last := evs[len(evs)-1]
	if last.Action != store.ActResult || last.Who != "web: Dupont, Élodie (black)" {
		t.Errorf("last event = %s by %q, want result.enter by the black player", last.Action, last.Who)
	}
}

func TestServeDisputeAccepted(t *testing.T) {
	t.Parallel()
	f := newServeFixture(t, "club")
	white, black, org := f.client(), f.client(), f.client()
	b2 := "/b/" + f.codes[2].Token
	f.post(white, b2+"/report", f.form(white, b2, "pin", f.codes[2].WhitePIN, "result", "1-0"))
	code, loc := f.post(black, b2+"/confirm", f.form(black, b2, "pin", f.codes[2].BlackPIN, "result", "1/2"))
	if code != http.StatusSeeOther || !strings.HasSuffix(loc, "done=disputed") {
		t.Fatalf("confirm with another result = %d %s, want done=disputed", code, loc)
	}
	out := f.cli.ok("result", "queue")
	if !strings.Contains(out, "1-0 by white") || !strings.Contains(out, "1/2-1/2 by black") {
		t.Errorf("result queue =\n%s\nwant the dispute of board 2", out)
	}
	code, _ = f.post(org, "/admin/login", f.form(org, "/admin", "password", "club"))
	if code != http.StatusSeeOther {
		t.Fatalf("login = %d, want a redirect", code)
	}
	_, page, _ := f.get(org, "/admin")
	m := regexp.MustCompile(`action="/admin/accept/(\d+)"`).FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("the organizer's page shows no report to accept:\n%s", page)
	}
	code, _ = f.post(org, "/admin/accept/"+m[1], f.form(org, "/admin", "result", "1/2"))
	if code != http.StatusSeeOther {
		t.Fatalf("accept = %d, want a redirect", code)
	}
	if got := f.results(1)[1]; got != arbiter.Draw {
		t.Errorf("board 2 = %v after the organizer's decision, want 1/2", got)
	}
}

// TestServeRefusals: every write without what it needs is refused and
// changes nothing.
func TestServeRefusals(t *testing.T) {
	t.Parallel()
	f := newServeFixture(t, "club")
	ph := f.client()
	b1 := "/b/" + f.codes[1].Token
	good := f.form(ph, b1, "pin", f.codes[1].WhitePIN, "result", "1-0")
	tests := []struct {
		name string
		path string
		form url.Values
		want int
	}{
		{"unknown board code", "/b/aaaaaaaaaaaaaaaaaaaaaaaaaa/report", good, http.StatusNotFound},
		{"no CSRF token", b1 + "/report", url.Values{"seat": {"white"}, "result": {"1-0"}}, http.StatusForbidden},
		{"wrong CSRF token", b1 + "/report", url.Values{"csrf": {strings.Repeat("0", 32)}, "seat": {"white"}, "result": {"1-0"}}, http.StatusForbidden},
		{"a forfeit", b1 + "/report", f.form(ph, b1, "pin", f.codes[1].WhitePIN, "result", "+-"), http.StatusBadRequest},
		{"no PIN", b1 + "/report", f.form(ph, b1, "result", "1-0"), http.StatusForbidden},
		{"confirm with nothing reported", b1 + "/confirm", f.form(ph, b1, "pin", f.codes[1].BlackPIN, "result", "1-0"), http.StatusConflict},
		{"organizer not logged in", "/admin/publish", f.form(ph, "/admin"), http.StatusSeeOther},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := f.events()
			code, body := f.post(ph, tt.path, tt.form)
			if code != tt.want {
				t.Errorf("POST %s = %d, want %d\n%s", tt.path, code, tt.want, body)
			}
			if after := f.events(); after != before {
				t.Errorf("the refused request wrote %d events", after-before)
			}
		})
	}
	// A form posted from another site carries no cookie of ours.
	other := f.client()
	code, _ := f.post(other, b1+"/report", good)
	if code != http.StatusForbidden {
		t.Errorf("report with another browser's token = %d, want 403", code)
	}
}

func TestServeWrongPINLimited(t *testing.T) {
	t.Parallel()
	f := newServeFixture(t, "")
	ph := f.client()
	b3 := "/b/" + f.codes[3].Token
	f.post(ph, b3+"/report", f.form(ph, b3, "pin", f.codes[3].WhitePIN, "result", "0-1"))
	wrong := "0000"
	for wrong == f.codes[3].BlackPIN || wrong == f.codes[3].WhitePIN {
		wrong = "1111"
	}
	for i := range 5 {
		code, body := f.post(ph, b3+"/confirm", f.form(ph, b3, "pin", wrong, "result", "0-1"))
		if code != http.StatusForbidden || !strings.Contains(body, "wrong PIN") {
			t.Fatalf("wrong PIN %d = %d, want 403 with \"wrong PIN\"", i+1, code)
		}
	}
	// Now even the right PIN waits.
	code, body := f.post(ph, b3+"/confirm", f.form(ph, b3, "pin", f.codes[3].BlackPIN, "result", "0-1"))
	if code != http.StatusTooManyRequests || !strings.Contains(body, "Too many wrong PINs: wait 10 min") {
		t.Errorf("right PIN after 5 wrong = %d, want 429 saying how long to wait", code)
	}
	if got := f.results(1)[2]; got != arbiter.NoResult {
		t.Errorf("board 3 = %v, want no result", got)
	}
	// Unknown codes are limited per address too.
	for range 20 {
		f.get(ph, "/b/bbbbbbbbbbbbbbbbbbbbbbbbbb")
	}
	if code, _, _ := f.get(ph, "/b/"+f.codes[4].Token); code != http.StatusTooManyRequests {
		t.Errorf("a good code after 20 unknown ones = %d, want 429", code)
	}
}

// TestServeOldRoundCode plays rounds 1 to 3 and pairs round 4: a code of
// round 3 then opens nothing and writes nothing.
func TestServeOldRoundCode(t *testing.T) {
	t.Parallel()
	f := newServeFixture(t, "")
	var round3 map[int]arbiter.BoardCode
	for n := 1; n <= 3; n++ {
		for b := 1; b <= 4; b++ {
			f.cli.ok("round", "result", fmt.Sprint(b), "1/2")
		}
		f.cli.ok("round", "pair", "--publish")
		if n == 2 {
			f.loadCodes()
			round3 = f.codes
		}
	}
	ph := f.client()
	old := "/b/" + round3[1].Token
	// The page of the old code says it is over, and gives the phone its
	// CSRF cookie.
	if code, page, _ := f.get(ph, old); code != http.StatusConflict || !strings.Contains(page, "this code is for round 3") {
		t.Errorf("GET a round 3 code in round 4 = %d, want 409 saying so", code)
	}
	u, _ := url.Parse(f.ts.URL)
	var tok string
	for _, c := range ph.Jar.Cookies(u) {
		if c.Name == "arbiter_csrf" {
			tok = c.Value
		}
	}
	before := f.events()
	code, body := f.post(ph, old+"/report", url.Values{"csrf": {tok}, "seat": {"white"}, "result": {"1-0"}})
	if code != http.StatusConflict || !strings.Contains(body, "this code is for round 3, and round 4 is paired now") {
		t.Errorf("report with a round 3 code in round 4 = %d, want 409 saying so\n%s", code, body)
	}
	if after := f.events(); after != before {
		t.Errorf("the refused report wrote %d events", after-before)
	}
}

func TestServeAdminGuard(t *testing.T) {
	t.Parallel()
	f := newServeFixture(t, "club")
	h := f.srv.Handler()
	// From outside the local network the organizer's pages answer nothing.
	for _, path := range []string{"/admin", "/admin/login", "/admin/once/x", "/admin/publish"} {
		method := "POST"
		if path == "/admin" || strings.HasPrefix(path, "/admin/once") {
			method = "GET"
		}
		req := httptest.NewRequest(method, path, strings.NewReader("password=club"))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.RemoteAddr = "203.0.113.9:40000"
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		if w.Code != http.StatusForbidden || !strings.Contains(w.Body.String(), "only on the local network") {
			t.Errorf("%s %s from 203.0.113.9 = %d, want 403", method, path, w.Code)
		}
	}
	// A wrong password is refused and leaves no session.
	org := f.client()
	code, body := f.post(org, "/admin/login", f.form(org, "/admin", "password", "Club"))
	if code != http.StatusForbidden || !strings.Contains(body, "Wrong password.") {
		t.Errorf("wrong password = %d, want 403", code)
	}
	if _, page, _ := f.get(org, "/admin"); strings.Contains(page, "/admin/publish") || strings.Contains(page, "Waiting for the organizer") {
		t.Errorf("after a wrong password the organizer's page shows the queue")
	}
	// The cookies are HttpOnly and SameSite=Strict.
	resp, err := org.PostForm(f.ts.URL+"/admin/login", f.form(org, "/admin", "password", "club"))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	for _, c := range resp.Cookies() {
		if !c.HttpOnly || c.SameSite != http.SameSiteStrictMode {
			t.Errorf("cookie %s: HttpOnly %v, SameSite %v; want HttpOnly and Strict", c.Name, c.HttpOnly, c.SameSite)
		}
	}
	// The one-time link works once.
	link := f.srv.OneTimeLink()
	if code, _, _ := f.get(f.client(), link); code != http.StatusSeeOther {
		t.Errorf("one-time link = %d, want a redirect into the organizer's page", code)
	}
	if code, _, _ := f.get(f.client(), link); code != http.StatusForbidden {
		t.Errorf("one-time link used twice = %d, want 403", code)
	}
}

// TestServeEscapes: a player called <script>alert(1)</script> is shown as
// text on every page.
func TestServeEscapes(t *testing.T) {
	t.Parallel()
	f := newServeFixture(t, "club")
	org := f.client()
	f.post(org, "/admin/login", f.form(org, "/admin", "password", "club"))
	b3 := "/b/" + f.codes[3].Token
	f.post(org, b3+"/report", f.form(org, b3, "pin", f.codes[3].WhitePIN, "result", "1-0"))
	f.post(org, b3+"/confirm", f.form(org, b3, "pin", f.codes[3].BlackPIN, "result", "0-1"))
	for _, path := range []string{"/", "/find", "/find?q=script", "/standings", "/crosstable", "/player/3", "/player/7", "/show", "/show?view=standings", b3, "/admin"} {
		code, page, _ := f.get(org, path)
		if code != http.StatusOK {
			t.Errorf("GET %s = %d", path, code)
		}
		if strings.Contains(page, evil) {
			t.Errorf("GET %s has the name as markup", path)
		}
		if !strings.Contains(page, "&lt;script&gt;alert(1)&lt;/script&gt;") {
			t.Errorf("GET %s does not show the name as text", path)
		}
	}
}

func TestServeFindIgnoresAccents(t *testing.T) {
	t.Parallel()
	f := newServeFixture(t, "")
	_, page, _ := f.get(f.client(), "/find?q=elodie")
	if !strings.Contains(page, "<strong>Dupont, Élodie</strong>") || strings.Contains(page, "<strong>Ortega") {
		t.Errorf("find elodie does not list only Dupont, Élodie:\n%s", page)
	}
	if !strings.Contains(page, "Board 1 · Black") {
		t.Errorf("find elodie does not say board 1, black")
	}
}

// TestServeDraft: a round paired without publishing is not shown.
func TestServeDraft(t *testing.T) {
	t.Parallel()
	f := newServeFixture(t, "")
	for b := 1; b <= 4; b++ {
		f.cli.ok("round", "result", fmt.Sprint(b), "1-0")
	}
	f.cli.ok("round", "pair")
	_, page, _ := f.get(f.client(), "/")
	if !strings.Contains(page, "<h1>Round 1</h1>") {
		t.Errorf("with round 2 a draft, the boards page does not show round 1")
	}
	f.cli.ok("round", "publish")
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(page, "<h1>Round 2</h1>") && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
		_, page, _ = f.get(f.client(), "/")
	}
	if !strings.Contains(page, "<h1>Round 2</h1>") {
		t.Errorf("round 2 published from the command line does not reach the page")
	}
}

// TestServeItalian: the pages speak the tournament's language, whatever
// the browser asks for: an English evening stays English on an Italian
// phone, an Italian one Italian on a projector set to English.
func TestServeItalian(t *testing.T) {
	t.Parallel()
	f := newServeFixture(t, "")
	for _, tt := range []struct{ speak, lang, want string }{
		{"en", "it-IT,it;q=0.9", "<h1>Round 1</h1>"},
		{"it", "en-GB", "<h1>1° turno</h1>"},
		{"it", "en-US,en;q=0.9", "Trova la mia scacchiera"},
	} {
		f.speak(tt.speak)
		req, _ := http.NewRequest("GET", f.ts.URL+"/", nil)
		req.Header.Set("Accept-Language", tt.lang)
		resp, err := f.client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if !strings.Contains(string(b), tt.want) {
			t.Errorf("tournament in %s, Accept-Language %s: the boards page lacks %q", tt.speak, tt.lang, tt.want)
		}
	}
}

// TestServePlayerExplains: the player page words the tie-break
// explanations in the page's language, not as raw phrases.
func TestServePlayerExplains(t *testing.T) {
	t.Parallel()
	f := newServeFixture(t, "")
	_, page, _ := f.get(f.client(), "/player/3")
	if !strings.Contains(page, "sum of the opponents&#39; scores") || strings.Contains(page, "tb.") || strings.Contains(page, "map[") {
		t.Errorf("player page does not word its explanations:\n%s", page)
	}
}

// TestServeAdminInPlay: while the boards of the round are being played
// and nothing waits for the organizer, the organizer's page says the round
// is in play and how many boards have no result, not that every round is
// paired; once every result is in, it offers the next round.
func TestServeAdminInPlay(t *testing.T) {
	t.Parallel()
	f := newServeFixture(t, "club")
	org := f.client()
	if code, _ := f.post(org, "/admin/login", f.form(org, "/admin", "password", "club")); code != http.StatusSeeOther {
		t.Fatalf("login = %d, want a redirect", code)
	}
	_, page, _ := f.get(org, "/admin")
	if !strings.Contains(page, `<p class="in-play">Round 1 is in play: boards without a result: 4.`) || strings.Contains(page, "Every round is paired") {
		t.Errorf("the organizer's page during round 1 does not say it is in play:\n%s", page)
	}
	for b := 1; b <= 4; b++ {
		f.cli.ok("round", "result", fmt.Sprint(b), "1-0")
	}
	// The server notices the command line's writes within its poll.
	deadline := time.Now().Add(5 * time.Second)
	for _, page, _ = f.get(org, "/admin"); strings.Contains(page, "in-play") && time.Now().Before(deadline); _, page, _ = f.get(org, "/admin") {
		time.Sleep(20 * time.Millisecond)
	}
	if strings.Contains(page, "in-play") || !strings.Contains(page, "Pair round 2") {
		t.Errorf("with every result in, the organizer's page does not offer round 2:\n%s", page)
	}
}

// TestServeBoardPostsLimited: one phone may send a board 20 reports,
// confirmations and claims in 10 minutes; the 21st is refused with 429
// and how long to wait, writing nothing, while another phone at the same
// address, and the same phone on another board, still get through.
func TestServeBoardPostsLimited(t *testing.T) {
	t.Parallel()
	f := newServeFixture(t, "")
	spam := f.phone("spamming phone", "")
	b1, b2 := "/b/"+f.codes[1].Token, "/b/"+f.codes[2].Token
	for i := range 20 {
		if code, _ := f.post(spam, b1+"/report", f.form(spam, b1, "pin", f.codes[1].WhitePIN, "result", "1-0")); code == http.StatusTooManyRequests {
			t.Fatalf("report %d = 429, want the first 20 through", i+1)
		}
	}
	before := f.events()
	code, body := f.post(spam, b1+"/confirm", f.form(spam, b1, "pin", f.codes[1].BlackPIN, "result", "1-0"))
	if code != http.StatusTooManyRequests || !strings.Contains(body, "Too many requests from this phone: wait 10 minutes") {
		t.Errorf("the 21st post to board 1 = %d %q, want 429 saying how long to wait", code, body)
	}
	if f.events() != before || f.results(1)[0] != arbiter.NoResult {
		t.Errorf("a refused post wrote to the database")
	}
	other := f.phone("Black's phone", "")
	if code, loc := f.post(other, b1+"/confirm", f.form(other, b1, "pin", f.codes[1].BlackPIN, "result", "1-0")); code != http.StatusSeeOther {
		t.Errorf("another phone's confirmation = %d %s, want it through", code, loc)
	}
	if code, _ := f.post(spam, b2+"/report", f.form(spam, b2, "pin", f.codes[2].WhitePIN, "result", "1-0")); code != http.StatusSeeOther {
		t.Errorf("the same phone on board 2 = %d, want it through", code)
	}
	if got := f.results(1)[0]; got != arbiter.WhiteWins {
		t.Errorf("board 1 = %v, want 1-0 confirmed by the other phone", got)
	}
}
