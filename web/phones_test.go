package web

import (
	"context"
	"fmt"
	"html"
	"io"
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

// Attacks on the phones' writes, each one that must fail, against a real
// desk on a database file: the server as arbiter serve runs it.

// evening is a tournament of four with round 1 paired and published,
// served on 127.0.0.1.
type evening struct {
	t     *testing.T
	path  string
	d     *desk.Desk
	ev    *desk.Evening
	tid   int64
	srv   *Server
	ts    *httptest.Server
	codes map[int]arbiter.BoardCode
	stop  func() // stops the server and closes the file
}

// newEvening makes the tournament in a new file and serves it.
func newEvening(t *testing.T, password string) *evening {
	t.Helper()
	e := &evening{t: t, path: filepath.Join(t.TempDir(), "club.db")}
	ctx := context.Background()
	d, err := desk.Open(ctx, e.path, desk.Create, nil)
	if err != nil {
		t.Fatal(err)
	}
	tour := arbiter.NewTournament("Club")
	tour.FirstColour = arbiter.White
	if tour, err = d.CreateTournament(ctx, tour); err != nil {
		t.Fatal(err)
	}
	for i, name := range []string{"Rossi, Anna", "Bianchi, Luca", "Verdi, Marta", "Neri, Paolo"} {
		if _, err := d.AddEntry(ctx, tour.ID, arbiter.Player{Name: name, Rating: 2000 - 10*i}, desk.AddOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := d.Pair(ctx, desk.PairRequest{}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := d.Publish(desk.WithActor(ctx, "organizer"), tour.ID, 0); err != nil {
		t.Fatal(err)
	}
	d.Close()
	e.serve(password)
	return e
}

// serve opens the file and serves it, as arbiter serve started again
// does; the server stops at the end of the test, or with e.stop.
func (e *evening) serve(password string) {
	e.t.Helper()
	ctx := context.Background()
	d, err := desk.Open(ctx, e.path, desk.ReadWrite, nil)
	if err != nil {
		e.t.Fatal(err)
	}
	tid, err := d.Current(ctx)
	if err != nil {
		e.t.Fatal(err)
	}
	e.d, e.tid, e.ev = d, tid, d.Evening(tid, 10*time.Minute)
	if e.srv, err = New(Config{Evening: e.ev, AdminPassword: password}); err != nil {
		e.t.Fatal(err)
	}
	e.ts = httptest.NewServer(e.srv.Handler())
	if e.codes, err = d.BoardCodes(ctx, tid, 1); err != nil {
		e.t.Fatal(err)
	}
	var once sync.Once
	ts := e.ts
	e.stop = func() {
		once.Do(func() {
			ts.Close()
			d.Close()
		})
	}
	e.t.Cleanup(e.stop)
}

// phone is one phone: its own cookies and browser name, no redirects
// followed.
type phone struct {
	e  *evening
	c  *http.Client
	ua string
}

func (e *evening) phone(ua string) *phone {
	jar, _ := cookiejar.New(nil)
	return &phone{e: e, ua: ua, c: &http.Client{Jar: jar, Timeout: 20 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}

var csrfValue = regexp.MustCompile(`name="csrf" value="([0-9a-f]+)"`)

// do sends a request and returns the status, the body (or where it
// redirects) and the answer's headers.
func (p *phone) do(method, path string, form url.Values) (int, string, http.Header) {
	p.e.t.Helper()
	var body io.Reader
	if form != nil {
		body = strings.NewReader(form.Encode())
	}
	req, err := http.NewRequest(method, p.e.ts.URL+path, body)
	if err != nil {
		p.e.t.Fatal(err)
	}
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	req.Header.Set("User-Agent", p.ua)
	req.Header.Set("Accept-Language", "en")
	resp, err := p.c.Do(req)
	if err != nil {
		p.e.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if loc := resp.Header.Get("Location"); loc != "" {
		return resp.StatusCode, loc, resp.Header
	}
	return resp.StatusCode, html.UnescapeString(string(b)), resp.Header
}

func (p *phone) get(path string) (int, string) {
	p.e.t.Helper()
	code, body, _ := p.do("GET", path, nil)
	return code, body
}

// post sends the form of the page at path (its CSRF token added) to
// path+action.
func (p *phone) post(path, action string, kv ...string) (int, string) {
	p.e.t.Helper()
	_, page := p.get(path)
	m := csrfValue.FindStringSubmatch(page)
	if m == nil {
		p.e.t.Fatalf("%s has no form:\n%s", path, page)
	}
	form := url.Values{"csrf": {m[1]}}
	for i := 0; i+1 < len(kv); i += 2 {
		form.Set(kv[i], kv[i+1])
	}
	code, body, _ := p.do("POST", path+action, form)
	return code, body
}

// signIn signs the phone in as player pn with pin from the player's own
// page.
func (p *phone) signIn(pn int, pin string) {
	p.e.t.Helper()
	me := fmt.Sprintf("/player/%d/me", pn)
	if code, loc := p.post(me, "/login", "pin", pin); code != http.StatusSeeOther || loc != me {
		p.e.t.Fatalf("sign in as %d = %d %s", pn, code, loc)
	}
}

func (e *evening) board(b int) string { return "/b/" + e.codes[b].Token }

// result returns the result of board b of round 1.
func (e *evening) result(b int) arbiter.Result {
	e.t.Helper()
	s, err := e.ev.Snapshot(context.Background())
	if err != nil {
		e.t.Fatal(err)
	}
	return s.Round(1).Boards[b-1].Result
}

// log returns the events of the tournament as "action by who".
func (e *evening) log() []string {
	e.t.Helper()
	evs, err := e.d.Events(context.Background(), e.tid)
	if err != nil {
		e.t.Fatal(err)
	}
	var out []string
	for _, ev := range evs {
		out = append(out, ev.Action+" by "+ev.Who)
	}
	return out
}

// TestOnePlayerCannotEnterAResult: what one player holds (their own PIN,
// their phone signed in) never enters a result alone, however the
// requests are worded.
func TestOnePlayerCannotEnterAResult(t *testing.T) {
	e := newEvening(t, "")
	c := e.codes[1]
	b1 := e.board(1)
	white := e.phone("White's phone")
	white.signIn(c.White, c.WhitePIN)
	stranger := e.phone("a stranger's phone")
	other := e.signedIn(e.codes[2].Black, e.codes[2].BlackPIN) // board 2's

	type step struct {
		p      *phone
		action string
		kv     []string
		code   int
		says   string
	}
	tests := []struct {
		name  string
		steps []step
	}{
		{"report as the other seat, confirm with one's own PIN", []step{
			{stranger, "/report", []string{"seat", "black", "pin", c.WhitePIN, "result", "0-1"}, http.StatusSeeOther, ""},
			{stranger, "/confirm", []string{"seat", "black", "pin", c.WhitePIN, "result", "0-1"}, http.StatusForbidden, "White reported this result: Black confirms it"},
		}},
		{"report and confirm with one's own phone", []step{
			{white, "/report", []string{"seat", "black", "result", "0-1"}, http.StatusSeeOther, ""},
			{white, "/confirm", []string{"result", "0-1"}, http.StatusForbidden, "White reported this result: Black confirms it"},
			{white, "/confirm", []string{"pin", c.WhitePIN, "result", "0-1"}, http.StatusForbidden, "White reported this result"},
		}},
		{"report with the PIN, confirm with the phone", []step{
			{stranger, "/report", []string{"pin", c.WhitePIN, "result", "0-1"}, http.StatusSeeOther, ""},
			{white, "/confirm", []string{"result", "0-1"}, http.StatusForbidden, "Black confirms it"},
			{other, "/confirm", []string{"result", "0-1"}, http.StatusForbidden, "does not play this board"},
		}},
		{"one player's card only", []step{
			{stranger, "/report", []string{"pin", c.WhitePIN, "result", "0-1"}, http.StatusSeeOther, ""},
			{stranger, "/confirm", []string{"pin", c.WhitePIN, "result", "0-1"}, http.StatusForbidden, "Black confirms it"},
			{stranger, "/confirm", []string{"result", "0-1"}, http.StatusForbidden, "Type your PIN"},
			{stranger, "/confirm", []string{"pin", e.codes[2].BlackPIN, "result", "0-1"}, http.StatusForbidden, "wrong PIN"},
		}},
		{"report with no proof at all", []step{
			{stranger, "/report", []string{"seat", "white", "result", "0-1"}, http.StatusForbidden, "Type your PIN"},
		}},
		{"a phone signed in on another board", []step{
			{other, "/report", []string{"result", "0-1"}, http.StatusForbidden, "does not play this board"},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for i, s := range tt.steps {
				code, body := s.p.post(b1, s.action, s.kv...)
				if code != s.code || !strings.Contains(body, s.says) {
					t.Fatalf("step %d, %s %v = %d, want %d saying %q:\n%s", i+1, s.action, s.kv, code, s.code, s.says, body)
				}
			}
			if got := e.result(1); got != arbiter.NoResult {
				t.Fatalf("board 1 = %v, want no result", got)
			}
			// The report is White's, whatever the form said.
			bc, err := e.ev.Board(context.Background(), c.Token)
			if err != nil {
				t.Fatal(err)
			}
			if r := bc.Report; r != nil {
				if r.Seat != arbiter.White {
					t.Errorf("report %d is %v's, want White's: the seat proven", r.ID, r.Seat)
				}
				if _, err := e.ev.Reject(desk.WithActor(context.Background(), "organizer"), r.ID); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
	// The log names White for every report, never Black.
	for _, l := range e.log() {
		if strings.HasPrefix(l, "result.report") && l != "result.report by web: Rossi, Anna (white)" {
			t.Errorf("log: %s, want White's report", l)
		}
		if strings.HasPrefix(l, "result.confirm") || strings.HasPrefix(l, "result.enter") {
			t.Errorf("log: %s, want nothing confirmed or entered", l)
		}
	}
	// Both players, each with their own proof, enter it.
	if code, _ := white.post(b1, "/report", "result", "1-0"); code != http.StatusSeeOther {
		t.Fatalf("White's report = %d", code)
	}
	if code, loc := e.phone("Black's phone").post(b1, "/confirm", "pin", c.BlackPIN, "result", "1-0"); code != http.StatusSeeOther || !strings.HasSuffix(loc, "done=confirmed") {
		t.Fatalf("Black's confirmation = %d %s", code, loc)
	}
	if got := e.result(1); got != arbiter.WhiteWins {
		t.Errorf("board 1 = %v, want 1-0 confirmed by Black", got)
	}
	log := e.log()
	if got := log[len(log)-1]; got != "result.enter by web: Verdi, Marta (black)" {
		t.Errorf("last event %q, want the result entered by Black", got)
	}
}

// signedIn returns a phone signed in as player pn.
func (e *evening) signedIn(pn int, pin string) *phone {
	p := e.phone(fmt.Sprintf("phone of %d", pn))
	p.signIn(pn, pin)
	return p
}

// TestBoardPageSignedIn: a phone signed in as a player of the board
// reports with no PIN; on the reporter's phone the opponent types their
// own.
func TestBoardPageSignedIn(t *testing.T) {
	e := newEvening(t, "")
	c := e.codes[1]
	b1 := e.board(1)
	_, page := e.phone("anyone").get(b1)
	if !strings.Contains(page, `id="report-pin"`) || strings.Contains(page, `name="seat"`) {
		t.Errorf("the board page asks for no PIN, or for a seat:\n%s", page)
	}
	white := e.signedIn(c.White, c.WhitePIN)
	_, page = white.get(b1)
	if !strings.Contains(page, "This phone is signed in as Rossi, Anna (White): no PIN needed.") || strings.Contains(page, `id="report-pin"`) {
		t.Errorf("the signed-in phone's board page:\n%s", page)
	}
	if code, _ := white.post(b1, "/report", "result", "1/2"); code != http.StatusSeeOther {
		t.Fatalf("report from the signed-in phone = %d", code)
	}
	// Black confirms on White's phone with Black's own PIN.
	_, page = white.get(b1)
	if !strings.Contains(page, `id="pin"`) {
		t.Errorf("the reporter's phone offers the opponent no PIN field:\n%s", page)
	}
	if code, loc := white.post(b1, "/confirm", "pin", c.BlackPIN, "result", "1/2"); code != http.StatusSeeOther || !strings.HasSuffix(loc, "done=confirmed") {
		t.Fatalf("Black's PIN on White's phone = %d %s", code, loc)
	}
	if got := e.result(1); got != arbiter.Draw {
		t.Errorf("board 1 = %v, want ½-½", got)
	}
}

// TestPINBurst: 300 wrong PINs sent at once from one address to one
// board, each from another browser name, with the right one sent among
// them once the limit is reached: only five are compared, and nothing is
// entered.
func TestPINBurst(t *testing.T) {
	e := newEvening(t, "")
	c := e.codes[1]
	b1 := e.board(1)
	p := e.phone("attacker")
	if code, _ := p.post(b1, "/report", "pin", c.WhitePIN, "result", "1-0"); code != http.StatusSeeOther {
		t.Fatalf("White's report = %d", code)
	}
	_, page := p.get(b1)
	tok := csrfValue.FindStringSubmatch(page)[1]
	before := len(e.log())
	tr := &http.Transport{MaxConnsPerHost: 100}
	defer tr.CloseIdleConnections()
	send := func(i int, pin string) int {
		form := url.Values{"csrf": {tok}, "pin": {pin}, "result": {"1-0"}}
		req, _ := http.NewRequest("POST", e.ts.URL+b1+"/confirm", strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("User-Agent", fmt.Sprintf("browser %d", i))
		u, _ := url.Parse(e.ts.URL)
		for _, ck := range p.c.Jar.Cookies(u) {
			req.AddCookie(ck)
		}
		resp, err := (&http.Client{Transport: tr, Timeout: 60 * time.Second}).Do(req)
		if err != nil {
			t.Error(err)
			return 0
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp.StatusCode
	}
	var mu sync.Mutex
	codes := map[int]int{}
	fifth := make(chan struct{})
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := range 299 {
		wg.Go(func() {
			<-start
			pin := fmt.Sprintf("%04d", (i*37)%10000)
			if pin == c.BlackPIN || pin == c.WhitePIN {
				pin = "99999"
			}
			code := send(i, pin)
			mu.Lock()
			defer mu.Unlock()
			codes[code]++
			if code == http.StatusForbidden && codes[code] == 5 {
				close(fifth)
			}
		})
	}
	var right int
	wg.Go(func() {
		<-fifth
		right = send(999, c.BlackPIN)
	})
	close(start)
	wg.Wait()
	if codes[http.StatusForbidden] != 5 || codes[http.StatusTooManyRequests] != 294 {
		t.Errorf("299 wrong PINs at once: %v; want 5 compared (403) and 294 refused unread (429)", codes)
	}
	if right != http.StatusTooManyRequests {
		t.Errorf("the right PIN among them = %d, want 429", right)
	}
	if got := e.result(1); got != arbiter.NoResult {
		t.Errorf("board 1 = %v after the burst, want no result", got)
	}
	if after := len(e.log()); after != before {
		t.Errorf("the burst logged %d events", after-before)
	}
}

// TestLockoutSurvivesRestart: wrong PINs lock a board, and a server
// started again on the file keeps the lock, saying how long to wait; a
// phone signed in before stays signed in.
func TestLockoutSurvivesRestart(t *testing.T) {
	e := newEvening(t, "")
	c := e.codes[2]
	b2 := e.board(2)
	white := e.signedIn(c.White, c.WhitePIN)
	guesser := e.phone("guesser")
	for i := range 5 {
		if code, body := guesser.post(b2, "/report", "pin", "99999", "result", "1-0"); code != http.StatusForbidden || !strings.Contains(body, "wrong PIN") {
			t.Fatalf("wrong PIN %d = %d:\n%s", i+1, code, body)
		}
	}
	// The server stops and starts again; the phones keep their cookies
	// (a cookie is the host's, whatever the port).
	e.stop()
	e.serve("")
	code, body := guesser.post(b2, "/report", "pin", c.WhitePIN, "result", "1-0")
	if code != http.StatusTooManyRequests || !regexp.MustCompile(`Too many wrong PINs: wait (9|10) min`).MatchString(body) {
		t.Errorf("the right PIN after a restart = %d, want 429 saying how long to wait:\n%s", code, body)
	}
	// The signed-in phone needs no PIN: the lock is on PINs.
	if code, loc := white.post(b2, "/report", "result", "1-0"); code != http.StatusSeeOther {
		t.Errorf("the phone signed in before the restart = %d %s, want its report through", code, loc)
	}
}

// TestClaimIsTheProvenPlayers: on a disputed board, a claim is the
// player's its PIN proves, whatever seat the form names.
func TestClaimIsTheProvenPlayers(t *testing.T) {
	e := newEvening(t, "")
	c := e.codes[2]
	b2 := e.board(2)
	p := e.phone("phone")
	if code, _ := p.post(b2, "/report", "pin", c.WhitePIN, "result", "1-0"); code != http.StatusSeeOther {
		t.Fatalf("report = %d", code)
	}
	if code, loc := p.post(b2, "/confirm", "pin", c.BlackPIN, "result", "0-1"); code != http.StatusSeeOther || !strings.HasSuffix(loc, "done=disputed") {
		t.Fatalf("dispute = %d %s", code, loc)
	}
	if code, loc := p.post(b2, "/claim", "seat", "black", "pin", c.WhitePIN, "kind", "agreement"); code != http.StatusSeeOther {
		t.Fatalf("claim = %d %s", code, loc)
	}
	bc, err := e.ev.Board(context.Background(), c.Token)
	if err != nil || bc.Report == nil {
		t.Fatalf("board 2: %+v, %v", bc, err)
	}
	d, err := e.ev.Dispute(context.Background(), bc.Report.ID)
	if err != nil {
		t.Fatal(err)
	}
	if d.White == nil || d.Black != nil {
		t.Errorf("claims: White %v, Black %v; want White's only", d.White, d.Black)
	}
}

// TestSignInOnlyAsOneself: one player's PIN signs a phone in as that
// player only.
func TestSignInOnlyAsOneself(t *testing.T) {
	e := newEvening(t, "")
	c := e.codes[1]
	p := e.phone("phone")
	code, body := p.post(fmt.Sprintf("/player/%d/me", c.Black), "/login", "pin", c.WhitePIN)
	if code != http.StatusForbidden || !strings.Contains(body, fmt.Sprintf("wrong PIN for player %d", c.Black)) {
		t.Errorf("White's PIN signing in as Black = %d:\n%s", code, body)
	}
	if _, page := p.get(e.board(1)); strings.Contains(page, "signed in as") {
		t.Errorf("the phone is signed in after a wrong PIN:\n%s", page)
	}
}

// TestJoinCapPerAddress: one address asking to enter with 30 browser
// names keeps at most the cap of requests waiting; another address is
// not held back.
func TestJoinCapPerAddress(t *testing.T) {
	e := newEvening(t, "")
	ctx := context.Background()
	if err := e.d.SetLateUntil(ctx, e.tid, time.Now().Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	got := map[int]int{}
	for i := range 30 {
		p := e.phone(fmt.Sprintf("Browser %d", i))
		code, _ := p.post("/join", "", "name", fmt.Sprintf("Nuovo, Giocatore %c", 'A'+i))
		got[code]++
	}
	q, err := e.ev.LateQueue(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(q) != desk.MaxLatePerAddress {
		t.Errorf("%d requests wait from one address with 30 browser names, want %d", len(q), desk.MaxLatePerAddress)
	}
	if got[http.StatusSeeOther] != desk.MaxLatePerAddress || got[http.StatusTooManyRequests] != 30-latePerAddress {
		t.Errorf("answers %v: want %d accepted, the others refused, the last %d for posting too often",
			got, desk.MaxLatePerAddress, 30-latePerAddress)
	}
	// Another address on the network asks in its turn.
	form := url.Values{"csrf": {strings.Repeat("a", 32)}, "name": {"Altro, Giocatore"}}
	req := httptest.NewRequest("POST", "/join", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.AddCookie(&http.Cookie{Name: csrfCookie, Value: strings.Repeat("a", 32)})
	req.RemoteAddr = "192.168.1.77:50000"
	w := httptest.NewRecorder()
	e.srv.Handler().ServeHTTP(w, req)
	if w.Code != http.StatusSeeOther {
		t.Errorf("a request from another address = %d, want accepted:\n%s", w.Code, w.Body)
	}
}

// TestAdminStatusNotFromAddress: the organizer's status line is the
// server's own message, shown by its number to the session that made it;
// text in the address shows nowhere.
func TestAdminStatusNotFromAddress(t *testing.T) {
	e := newEvening(t, "club")
	org := e.phone("organizer")
	if code, _ := org.post("/admin", "/login", "password", "club"); code != http.StatusSeeOther {
		t.Fatalf("login = %d", code)
	}
	for _, path := range []string{"/admin?flash=Pay+the+fee+to+mallory", "/admin?done=Pay+the+fee+to+mallory", "/admin?done=1"} {
		for _, p := range []*phone{org, e.phone("visitor")} {
			if _, page := p.get(path); strings.Contains(page, "mallory") || strings.Contains(page, `class="flash"`) {
				t.Errorf("GET %s shows a status line:\n%s", path, page)
			}
		}
	}
	code, loc := org.post("/admin", "/publish")
	if code != http.StatusSeeOther || !strings.HasPrefix(loc, "/admin?done=") {
		t.Fatalf("publish = %d %s, want the organizer's page with the status line's number", code, loc)
	}
	for range 2 { // the page fetched again by the live updates keeps it
		if _, page := org.get(loc); !strings.Contains(page, "Round 1 is published.") {
			t.Errorf("GET %s after publishing does not say so:\n%s", loc, page)
		}
	}
	other := e.phone("another organizer")
	other.post("/admin", "/login", "password", "club")
	if _, page := other.get(loc); strings.Contains(page, "published.") {
		t.Errorf("another session sees the status line of the first:\n%s", page)
	}
}

// TestStaticListsNothing: /static/ serves its files, and no list of
// them.
func TestStaticListsNothing(t *testing.T) {
	e := newEvening(t, "")
	get := func(path string) (int, string) {
		resp, err := http.Get(e.ts.URL + path) // redirects followed
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	for _, path := range []string{"/static/", "/static", "/static/./", "/static//", "/static/%2e/", "/static/app.css/"} {
		if code, body := get(path); code != http.StatusNotFound || strings.Contains(body, "app.css") {
			t.Errorf("GET %s = %d, want 404 and no list:\n%s", path, code, body)
		}
	}
	if code, body := get("/static/app.css"); code != http.StatusOK || body == "" {
		t.Errorf("GET /static/app.css = %d, want 200", code)
	}
}
