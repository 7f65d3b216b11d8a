package main

import (
	"context"
	"fmt"
	"html"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/store"
)

// Late entries from the phone: the server's clock is the test's, the
// cut-off 21:15 on the evening of 25 November 2026, local time.

// testClock is the server's clock, moved by the test.
type testClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *testClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *testClock) set(t time.Time) {
	c.mu.Lock()
	c.now = t
	c.mu.Unlock()
}

// evening returns 25 November 2026 at h:m, local time.
func evening(h, m int) time.Time { return time.Date(2026, 11, 25, h, m, 0, 0, time.Local) }

// lateFixture is the server fixture with round 1 paired and published,
// the club player "Rossi, Niccolò" in the roster and not entered, the
// cut-off set with the command line, and the server's clock at 21:00.
func lateFixture(t *testing.T, password string) (*serveFixture, *testClock) {
	t.Helper()
	c := newCLI(t)
	c.ok("tournament", "new", "Club Night", "--rounds", "5", "--first-colour", "white")
	for _, p := range servePlayers {
		c.ok("player", "add", p.name, "--rating", p.rating)
	}
	// Niccolò played in another tournament of the club: he is in the
	// roster, not in Club Night.
	c.ok("tournament", "new", "Autumn Blitz", "--rounds", "3")
	c.ok("player", "add", "Rossi, Niccolò", "--rating", "1700")
	c.ok("tournament", "use", "Club Night")
	c.ok("round", "pair", "--publish")
	out := c.ok("tournament", "web", "--late-until", "2026-11-25 21:15")
	if !strings.Contains(out, "until 21:15") {
		t.Fatalf("tournament web --late-until says:\n%s", out)
	}
	clock := &testClock{now: evening(21, 0)}
	f := startServeClock(t, c.db, password, clock.Now)
	f.cli = c
	return f, clock
}

// rosterSize counts the club roster.
func (f *serveFixture) rosterSize() int {
	f.t.Helper()
	r, err := f.db.Roster(context.Background())
	if err != nil {
		f.t.Fatal(err)
	}
	return len(r)
}

// lateQueue returns the requests waiting.
func (f *serveFixture) lateQueue() []arbiter.LateRequest {
	f.t.Helper()
	q, err := f.ev.LateQueue(context.Background())
	if err != nil {
		f.t.Fatal(err)
	}
	return q
}

// getLang fetches path in a language.
func (f *serveFixture) getLang(c *http.Client, path, lang string) (int, string) {
	f.t.Helper()
	req, _ := http.NewRequest("GET", f.ts.URL+path, nil)
	req.Header.Set("Accept-Language", lang)
	resp, err := c.Do(req)
	if err != nil {
		f.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// login logs the organizer in on c.
func (f *serveFixture) login(c *http.Client, password string) {
	f.t.Helper()
	if code, _ := f.post(c, "/admin/login", f.form(c, "/admin", "password", password)); code != http.StatusSeeOther {
		f.t.Fatalf("login = %d", code)
	}
}

var lateID = regexp.MustCompile(`action="/admin/late/(\d+)/accept"`)

func TestServeLateEntryMatched(t *testing.T) {
	t.Parallel()
	f, _ := lateFixture(t, "club")
	phone, org := f.client(), f.client()
	before := f.rosterSize()

	// The home page links to the late entries while they are open.
	if _, page, _ := f.get(phone, "/"); !strings.Contains(page, `<a href="/join">Not playing yet? Ask to enter until 21:15</a>`) {
		t.Errorf("the home page does not link to /join:\n%s", page)
	}
	// Typed without the accent, in the wrong order, lower case: the
	// roster's Niccolò is offered.
	code, page := f.post(phone, "/join", f.form(phone, "/join", "name", "niccolo rossi"))
	if code != http.StatusOK || !strings.Contains(page, "Did you mean Rossi, Niccolò?") {
		t.Fatalf("POST /join = %d, want \"Did you mean\":\n%s", code, page)
	}
	m := regexp.MustCompile(`name="choice" value="(id:\d+)"`).FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("no club player to choose:\n%s", page)
	}
	// The very name of a club player, however typed, is that player or
	// a word with the organizer: no one new may take it, even by a form
	// made by hand. A name that only looks like it may be someone new.
	if strings.Contains(page, `value="new"`) || !strings.Contains(page, "Not you? Ask the organizer at the desk.") {
		t.Errorf("the club player's very name offers someone new:\n%s", page)
	}
	_, near := f.post(phone, "/join", f.form(phone, "/join", "name", "Nicolò Rossi"))
	if !strings.Contains(near, "Did you mean Rossi, Niccolò?") || !strings.Contains(near, `value="new">No, I am new: enter me as Nicolò Rossi</button>`) {
		t.Errorf("a name one letter off:\n%s", near)
	}
	if code, page := f.post(phone, "/join", f.form(phone, "/join", "name", "rossi, niccolo", "choice", "new")); code != http.StatusConflict ||
		!strings.Contains(page, "Rossi, Niccolò is the name of a club player") {
		t.Errorf("someone new with the club player's name = %d:\n%s", code, page)
	}
	// A club player not offered cannot be chosen.
	if code, _ := f.post(phone, "/join", f.form(phone, "/join", "name", "niccolo rossi", "choice", "id:1")); code != http.StatusBadRequest {
		t.Errorf("choosing a club player not offered = %d, want 400", code)
	}
	code, mine := f.post(phone, "/join", f.form(phone, "/join", "name", "niccolo rossi", "choice", m[1]))
	if code != http.StatusSeeOther || !strings.HasPrefix(mine, "/join/") {
		t.Fatalf("choosing = %d %s, want a redirect to the newcomer's page", code, mine)
	}
	if _, page, _ := f.get(phone, mine); !strings.Contains(page, "Your request is waiting for the organizer") {
		t.Errorf("the newcomer's page:\n%s", page)
	}
	// Someone else cannot see the page without its address.
	if code, _, _ := f.get(f.client(), "/join/"+strings.Repeat("0", 32)); code != http.StatusNotFound {
		t.Errorf("a made-up request page = %d, want 404", code)
	}

	// The organizer sees it and accepts it.
	f.login(org, "club")
	_, admin, _ := f.get(org, "/admin")
	id := lateID.FindStringSubmatch(admin)
	if id == nil || !strings.Contains(admin, "niccolo rossi") || !strings.Contains(admin, "club player Rossi, Niccolò") {
		t.Fatalf("the organizer's page does not show the request:\n%s", admin)
	}
	code, loc := f.post(org, "/admin/late/"+id[1]+"/accept", f.form(org, "/admin"))
	if code != http.StatusSeeOther || !strings.HasPrefix(loc, "/admin?done=") {
		t.Fatalf("accept = %d %s", code, loc)
	}
	if _, admin, _ := f.get(org, loc); !strings.Contains(admin, "Rossi, Niccolò is entered as player 9.") {
		t.Errorf("after accepting, the organizer's page does not say so:\n%s", admin)
	}
	if got := f.rosterSize(); got != before {
		t.Errorf("the roster went from %d to %d players: the club player was copied, not entered", before, got)
	}
	s, err := f.ev.Snapshot(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	e := s.Entry(9)
	if e == nil || e.Player.Name != "Rossi, Niccolò" || e.JoinedRound != 2 {
		t.Fatalf("entry 9 = %+v, want Rossi, Niccolò joining in round 2", e)
	}
	_, page, _ = f.get(phone, mine)
	pin := regexp.MustCompile(`id="late-pin">(\d{4})<`).FindStringSubmatch(page)
	if pin == nil || !strings.Contains(page, "You are entered: player number 9, Rossi, Niccolò.") || !strings.Contains(page, "Keep this PIN") {
		t.Fatalf("the newcomer's page after acceptance:\n%s", page)
	}
	if own := f.pin(9); pin[1] != own {
		t.Errorf("the PIN shown is %s, player 9's is %s", pin[1], own)
	}
	// One transaction with its event: the log says who accepted.
	evs, _ := f.db.Events(context.Background(), f.tid)
	last := evs[len(evs)-1]
	if last.Action != store.ActLateAccept || !strings.HasPrefix(last.Who, "organizer (web) from 127.0.0.1") {
		t.Errorf("last event = %s by %q", last.Action, last.Who)
	}
	// Accepting again changes nothing.
	if code, _ := f.post(org, "/admin/late/"+id[1]+"/accept", f.form(org, "/admin")); code != http.StatusConflict {
		t.Errorf("accepting twice = %d, want 409", code)
	}
	f.speak("it")
	if _, it := f.getLang(phone, mine, "en"); !strings.Contains(it, "Sei iscritto: numero di abbinamento 9, Rossi, Niccolò.") ||
		!strings.Contains(it, "Conserva questo PIN") || !strings.Contains(it, `id="late-pin">`+pin[1]+`<`) {
		t.Errorf("the Italian page after acceptance:\n%s", it)
	}
}

func TestServeLateClosed(t *testing.T) {
	t.Parallel()
	f, clock := lateFixture(t, "")
	phone := f.client()
	form := f.form(phone, "/join", "name", "Petrova, Olga")
	clock.set(evening(21, 15))
	if _, page, _ := f.get(phone, "/"); strings.Contains(page, `href="/join"`) {
		t.Errorf("the home page links to /join after the cut-off")
	}
	for _, tt := range []struct{ lang, want string }{
		{"it", "Iscrizioni chiuse alle 21.15."},
		{"en", "Registration closed at 21:15."},
	} {
		f.speak(tt.lang)
		code, page := f.getLang(phone, "/join", tt.lang)
		if code != http.StatusOK || !strings.Contains(page, tt.want) || strings.Contains(page, `name="name"`) || strings.Contains(page, "late-until") {
			t.Errorf("%s: GET /join after the cut-off = %d, want %q and no form:\n%s", tt.lang, code, tt.want, page)
		}
	}
	// A form loaded before the cut-off and sent after it is refused.
	n := f.events()
	code, page := f.post(phone, "/join", form)
	if code != http.StatusForbidden || !strings.Contains(page, "Registration closed at 21:15.") {
		t.Errorf("POST /join after the cut-off = %d:\n%s", code, page)
	}
	if len(f.lateQueue()) != 0 || f.events() != n {
		t.Errorf("a request after the cut-off was kept")
	}
	// Without a cut-off the phone takes no entries; registration closed
	// by the organizer closes them too.
	clock.set(evening(20, 0))
	closeRegistration := func() {
		f.cli.ok("tournament", "web", "--late-until", "2026-11-25 21:15")
		s, err := f.ev.Snapshot(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		s.Tournament.Closed = true
		if err := f.db.UpdateTournament(context.Background(), s.Tournament); err != nil {
			t.Fatal(err)
		}
	}
	for _, tt := range []struct {
		name string
		do   func()
	}{
		{"--late-until off", func() { f.cli.ok("tournament", "web", "--late-until", "off") }},
		{"registration closed", closeRegistration},
	} {
		tt.do()
		code, page = f.post(phone, "/join", form)
		if code != http.StatusForbidden || !strings.Contains(page, "Registration is closed.") {
			t.Errorf("%s: POST /join = %d:\n%s", tt.name, code, page)
		}
		f.speak("it")
		if _, page := f.getLang(phone, "/join", "en"); !strings.Contains(page, "Iscrizioni chiuse.") {
			t.Errorf("%s: the Italian page does not say closed:\n%s", tt.name, page)
		}
		f.speak("en")
	}
	if len(f.lateQueue()) != 0 {
		t.Errorf("a request was kept while closed")
	}
}

func TestServeLateItalian(t *testing.T) {
	t.Parallel()
	f, _ := lateFixture(t, "")
	f.speak("it")
	_, page := f.getLang(f.client(), "/join", "en-US,en;q=0.9")
	for _, want := range []string{"Iscrizione tardiva", "Le iscrizioni si chiudono alle 21.15.", "giochi dal 2° turno", "Chiedi l&#39;iscrizione", "Circolo"} {
		if !strings.Contains(page, want) {
			t.Errorf("the Italian page lacks %q:\n%s", want, page)
		}
	}
	if _, home := f.getLang(f.client(), "/", "en-US"); !strings.Contains(home, "Chiedi l&#39;iscrizione entro le 21.15") {
		t.Errorf("the Italian home page does not link to the late entry:\n%s", home)
	}
}

func TestServeLateBadNames(t *testing.T) {
	t.Parallel()
	f, _ := lateFixture(t, "")
	n := f.events()
	tests := []struct {
		name, club, lang string
		want             string
	}{
		{"<script>alert(1)</script>", "", "en", "character 1 is '<' (U+003C), which a name cannot hold"},
		{"Rossi & co", "", "en", "character 7 is '&' (U+0026)"},
		{`Mario "Rook" Rossi`, "", "en", `character 7 is '"' (U+0022)`},
		{"Rossi\x1b[2J", "", "en", "character 6 is ESC (U+001B), which a name cannot hold"},
		{"Rossi\u202eoiraM", "", "en", "character 6 is U+202E"},
		{"Rossi\nMario", "", "en", "character 6 is LF (U+000A)"},
		{"Petrova, Olga", "<b>club</b>", "en", "Club: character 1 is '<'"},
		{"<b>Olga</b>", "", "it", "il carattere 1 è '<' (U+003C), che un nome non può contenere"},
	}
	lang := "en"
	for _, tt := range tests {
		if tt.lang != lang { // the pages speak the tournament's language
			f.speak(tt.lang)
			lang, n = tt.lang, f.events()
		}
		phone := f.client()
		form := f.form(phone, "/join", "name", tt.name, "club", tt.club)
		req, _ := http.NewRequest("POST", f.ts.URL+"/join", strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Accept-Language", tt.lang)
		resp, err := phone.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusBadRequest || !strings.Contains(html.UnescapeString(string(b)), tt.want) {
			t.Errorf("name %q club %q: %d, want 400 with %q:\n%s", tt.name, tt.club, resp.StatusCode, tt.want, b)
		}
		if strings.Contains(string(b), "<script>alert") || strings.Contains(string(b), "<b>") {
			t.Errorf("name %q: the page shows the markup back", tt.name)
		}
	}
	if q := f.lateQueue(); len(q) != 0 || f.events() != n {
		t.Errorf("refused names were queued: %v", q)
	}
}

func TestServeLateRateLimit(t *testing.T) {
	t.Parallel()
	f, _ := lateFixture(t, "")
	phone := f.client()
	tok := f.form(phone, "/join").Get("csrf")
	send := func(ua, name string) (int, string) {
		t.Helper()
		form := url.Values{"csrf": {tok}, "name": {name}}
		req, _ := http.NewRequest("POST", f.ts.URL+"/join", strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("User-Agent", ua)
		resp, err := phone.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	// Three requests wait from one address, whatever browser each
	// names; the fourth is refused.
	for i := range 4 {
		code, page := send(fmt.Sprintf("Phone %d", i), fmt.Sprintf("Nuovo, Giocatore %c", 'A'+i))
		if i < desk.MaxLatePerAddress && code != http.StatusSeeOther {
			t.Fatalf("request %d = %d:\n%s", i+1, code, page)
		}
		if i == desk.MaxLatePerAddress && (code != http.StatusConflict || !strings.Contains(page, "3 requests from this address are already waiting")) {
			t.Fatalf("request %d = %d, want refused:\n%s", i+1, code, page)
		}
	}
	// Whatever it sends, and whatever browser it names, the address posts
	// twenty times in ten minutes.
	for i := 4; i < 20; i++ {
		if code, _ := send(fmt.Sprintf("Phone %d", i), "<b>"); code != http.StatusBadRequest {
			t.Fatalf("post %d = %d, want 400", i+1, code)
		}
	}
	if code, page := send("Phone 99", "Nuovo, Giocatore Z"); code != http.StatusTooManyRequests || !strings.Contains(page, "Too many requests from this address") {
		t.Fatalf("post 21 = %d, want 429:\n%s", code, page)
	}
	if got := len(f.lateQueue()); got != desk.MaxLatePerAddress {
		t.Errorf("%d requests waiting, want %d", got, desk.MaxLatePerAddress)
	}
	// Without the form's token, nothing.
	form := url.Values{"csrf": {"0123456789abcdef0123456789abcdef"}, "name": {"Altro, Giocatore"}}
	if code, _ := f.post(f.client(), "/join", form); code != http.StatusForbidden {
		t.Errorf("POST without the cookie's token = %d, want 403", code)
	}
}

func TestLateUntilFlag(t *testing.T) {
	t.Parallel()
	c := newCLI(t)
	c.ok("tournament", "new", "Club Night", "--rounds", "5")
	tonight := func(got time.Time) bool { // 21:15 between 6 hours ago and 18 hours ahead
		now := time.Now()
		return got.Hour() == 21 && got.Minute() == 15 && got.After(now.Add(-6*time.Hour)) && !got.After(now.Add(18*time.Hour))
	}
	tests := []struct {
		args []string
		code int
		out  string    // part of the output (standard error when refused)
		want time.Time // stored after the command
	}{
		{[]string{"tournament", "web", "--late-until", "2026-11-25 21:15"}, 0, "until 21:15 (25 November 2026)", evening(21, 15)},
		{[]string{"tournament", "web", "--late-until", "tonight"}, 2, `--late-until "tonight": type a time of day such as 21:15`, evening(21, 15)},
		{[]string{"serve", "--addr", "127.0.0.1:0", "--late-until", "9pm"}, 2, `--late-until "9pm"`, evening(21, 15)},
		{[]string{"tournament", "web", "--late-until", "21:15"}, 0, "until 21:15", time.Time{}},
		{[]string{"tournament", "web", "--late-until", "off"}, 0, "Entries from the phone are closed", time.Time{}},
	}
	for _, tt := range tests {
		out, errs, code := c.run(tt.args...)
		if code != tt.code || !strings.Contains(out+errs, tt.out) {
			t.Errorf("arbiter %s: exit %d, want %d with %q:\n%s%s", strings.Join(tt.args, " "), code, tt.code, tt.out, out, errs)
		}
		d, err := desk.Open(context.Background(), c.db, desk.ReadOnly, nil)
		if err != nil {
			t.Fatal(err)
		}
		tid, _ := d.Current(context.Background())
		got, err := d.LateUntil(context.Background(), tid)
		d.Close()
		if tt.args[3] == "21:15" {
			if err != nil || !tonight(got) {
				t.Errorf("after arbiter %s the cut-off is %v (%v), want this evening's 21:15", strings.Join(tt.args, " "), got, err)
			}
			continue
		}
		if err != nil || !got.Equal(tt.want) {
			t.Errorf("after arbiter %s the cut-off is %v (%v), want %v", strings.Join(tt.args, " "), got, err, tt.want)
		}
	}
}

// TestServeLateAnswers: a newcomer entered at the desk meanwhile is not
// entered twice, and a refusal reaches the newcomer's page.
func TestServeLateAnswers(t *testing.T) {
	t.Parallel()
	f, _ := lateFixture(t, "club")
	org := f.client()
	f.login(org, "club")
	ask := func(name string) string {
		t.Helper()
		phone := f.client()
		code, mine := f.post(phone, "/join", f.form(phone, "/join", "name", name, "rating", "1500"))
		if code != http.StatusSeeOther {
			t.Fatalf("asking for %s = %d:\n%s", name, code, mine)
		}
		return mine
	}
	olga, ivan := ask("Petrova, Olga"), ask("Ivanov, Ivan")
	// The organizer enters Olga at the desk before seeing her request.
	f.cli.ok("player", "add", "Petrova, Olga")
	q := f.lateQueue()
	if len(q) != 2 || q[0].Name != "Petrova, Olga" || q[0].Rating != 1500 {
		t.Fatalf("queue = %+v", q)
	}
	code, page := f.post(org, fmt.Sprintf("/admin/late/%d/accept", q[0].ID), f.form(org, "/admin"))
	if code != http.StatusConflict || !strings.Contains(page, "Petrova, Olga is already entered in Club Night as player 9") {
		t.Errorf("accepting a player entered meanwhile = %d:\n%s", code, page)
	}
	code, _ = f.post(org, fmt.Sprintf("/admin/late/%d/refuse", q[0].ID), f.form(org, "/admin"))
	if code != http.StatusSeeOther {
		t.Errorf("refuse = %d", code)
	}
	if _, page, _ := f.get(f.client(), olga); !strings.Contains(page, "The organizer did not accept the request") {
		t.Errorf("Olga's page after the refusal:\n%s", page)
	}
	// Ivan is new to the club: accepted, he joins the roster once, with
	// the rating he gave.
	n := f.rosterSize()
	if code, _ := f.post(org, fmt.Sprintf("/admin/late/%d/accept", q[1].ID), f.form(org, "/admin")); code != http.StatusSeeOther {
		t.Fatalf("accepting Ivan = %d", code)
	}
	if got := f.rosterSize(); got != n+1 {
		t.Errorf("the roster went from %d to %d players, want one more", n, got)
	}
	if _, page, _ := f.get(f.client(), ivan); !strings.Contains(page, "You are entered: player number 10, Ivanov, Ivan.") {
		t.Errorf("Ivan's page:\n%s", page)
	}
	// The file is sound: every roster player and entry is logged.
	if out := f.cli.ok("check"); !strings.Contains(out, "is sound") {
		t.Errorf("arbiter check:\n%s", out)
	}
	// arbiter undo takes the acceptance back whole: the entry, the new
	// club player, the PIN; the request waits again.
	if out := f.cli.ok("undo", "--yes"); !strings.Contains(out, "player.late-accept") {
		t.Errorf("arbiter undo --yes:\n%s", out)
	}
	if got := f.rosterSize(); got != n {
		t.Errorf("after undo the roster has %d players, want %d", got, n)
	}
	if q := f.lateQueue(); len(q) != 1 || q[0].Name != "Ivanov, Ivan" {
		t.Errorf("after undo the queue is %+v, want Ivan waiting", q)
	}
	if _, page, _ := f.get(f.client(), ivan); !strings.Contains(page, "Your request is waiting") {
		t.Errorf("Ivan's page after the undo:\n%s", page)
	}
	// Without the organizer's session, no answer.
	if code, _ := f.post(f.client(), fmt.Sprintf("/admin/late/%d/accept", q[1].ID), url.Values{}); code != http.StatusSeeOther {
		t.Errorf("accepting without logging in = %d, want a redirect to the login", code)
	}
}
