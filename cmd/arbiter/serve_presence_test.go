package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/cookiejar"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Presence from the phone: the player's own page, its PIN and session,
// the three buttons, the organizer's roll and undo, and round pair taking
// only the players present.

// phoneTransport is one phone's browser: its own User-Agent (a device is
// an address and a browser) and language.
type phoneTransport struct {
	ua, lang string
}

func (p phoneTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("User-Agent", p.ua)
	if p.lang != "" {
		r.Header.Set("Accept-Language", p.lang)
	}
	return http.DefaultTransport.RoundTrip(r)
}

// phone is a client with its own cookies, browser and language.
func (f *serveFixture) phone(ua, lang string) *http.Client {
	jar, _ := cookiejar.New(nil)
	return &http.Client{Jar: jar, Timeout: 10 * time.Second, Transport: phoneTransport{ua, lang},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// playRound enters 1-0 on every board of round n.
func (f *serveFixture) playRound(n int) {
	f.t.Helper()
	for b := range f.results(n) {
		f.cli.ok("round", "result", fmt.Sprint(b+1), "1-0", "--round", fmt.Sprint(n))
	}
}

// pin returns player pn's own PIN.
func (f *serveFixture) pin(pn int) string {
	f.t.Helper()
	pin, err := f.ev.PlayerPIN(context.Background(), pn)
	if err != nil {
		f.t.Fatal(err)
	}
	return pin
}

// signIn proves on phone c that it is player pn's, failing the test if
// the PIN is refused.
func (f *serveFixture) signIn(c *http.Client, pn int, pin string) {
	f.t.Helper()
	me := fmt.Sprintf("/player/%d/me", pn)
	code, loc := f.post(c, me+"/login", f.form(c, me, "pin", pin))
	if code != http.StatusSeeOther || loc != me {
		f.t.Fatalf("sign in as %d = %d %s, want a redirect to %s", pn, code, loc, me)
	}
}

// mark presses one of the buttons of player pn's page on phone c.
func (f *serveFixture) mark(c *http.Client, pn int, act string) (int, string) {
	f.t.Helper()
	me := fmt.Sprintf("/player/%d/me", pn)
	return f.post(c, me+"/"+act, f.form(c, me))
}

// TestServePresenceRefusals: a PIN acts only for its own player, the
// last round cannot be skipped, wrong PINs and too many requests from one
// phone are stopped; nothing refused reaches the log.
func TestServePresenceRefusals(t *testing.T) {
	t.Parallel()
	f := newServeFixture(t, "")
	f.cli.ok("tournament", "set", "--rounds", "2")
	f.playRound(1)
	ann, bob := f.phone("phone-ann", ""), f.phone("phone-bob", "")
	f.signIn(ann, 1, f.pin(1))

	tests := []struct {
		name  string
		c     *http.Client
		path  string
		pin   string // for login
		want  int
		words string
	}{
		// Player 1's session does not act for player 2.
		{"another player's session", ann, "/player/2/me/here", "", http.StatusForbidden, "has not shown it is Bauer, Jonas"},
		// A phone with no session acts for nobody.
		{"no session", bob, "/player/2/me/leave", "", http.StatusForbidden, "has not shown"},
		// Player 1's PIN does not prove to be player 2.
		{"another player's PIN", bob, "/player/2/me/login", f.pin(1), http.StatusForbidden, "wrong PIN for player 2"},
		// The opponent's PIN neither (board 1: 1 - 5).
		{"the opponent's PIN", bob, "/player/5/me/login", f.codes[1].WhitePIN, http.StatusForbidden, "wrong PIN"},
		// Round 2 is the last: no bye on request in it.
		{"skip the last round", ann, "/player/1/me/skip", "", http.StatusConflict, "round 2 is the last round: no bye on request"},
		{"unknown button", ann, "/player/1/me/maybe", "", http.StatusNotFound, ""},
		{"unknown player", ann, "/player/99/me/here", "", http.StatusNotFound, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := f.events()
			form := f.form(tt.c, "/player/1/me")
			if tt.pin != "" {
				form.Set("pin", tt.pin)
			}
			code, body := f.post(tt.c, tt.path, form)
			if code != tt.want || !strings.Contains(body, tt.words) {
				t.Errorf("POST %s = %d, want %d with %q\n%s", tt.path, code, tt.want, tt.words, body)
			}
			if after := f.events(); after != before {
				t.Errorf("the refused request wrote %d events", after-before)
			}
		})
	}
	// A form without the page's token is refused.
	if code, _ := f.post(ann, "/player/1/me/here", nil); code != http.StatusForbidden {
		t.Errorf("POST without CSRF token = %d, want 403", code)
	}

	// Five wrong PINs for a player from one address, and the sixth try,
	// right or wrong, waits.
	eve := f.phone("phone-eve", "")
	wrong := "0000"
	for wrong == f.pin(6) || wrong == f.codes[2].WhitePIN {
		wrong = "1111"
	}
	for i := 1; i <= 6; i++ {
		pin := wrong
		if i == 6 {
			pin = f.pin(6)
		}
		code, body := f.post(eve, "/player/6/me/login", f.form(eve, "/player/6/me", "pin", pin))
		want := http.StatusForbidden
		if i == 6 {
			want = http.StatusTooManyRequests
		}
		if code != want {
			t.Fatalf("PIN try %d = %d, want %d\n%s", i, code, want, body)
		}
		if i == 6 && !regexp.MustCompile(`wait \d+ min`).MatchString(body) {
			t.Errorf("the sixth try says\n%s\nwant how long to wait", body)
		}
	}

	// Every POST of one phone counts: after phonePosts the phone waits,
	// another phone does not.
	spam := f.phone("phone-spam", "")
	f.signIn(spam, 3, f.pin(3))
	var code int
	var body string
	for i := 0; i < 40 && code != http.StatusTooManyRequests; i++ {
		code, body = f.mark(spam, 3, "here")
	}
	if code != http.StatusTooManyRequests || !strings.Contains(body, "Too many requests from this phone: wait 10 minutes") {
		t.Errorf("a phone that posts and posts gets %d\n%s", code, body)
	}
	if code, _ := f.mark(ann, 1, "here"); code != http.StatusSeeOther {
		t.Errorf("another phone = %d, want to be served", code)
	}
}

// TestServePresenceItalian: the player's page and the organizer's roll
// in Italian.
func TestServePresenceItalian(t *testing.T) {
	t.Parallel()
	f := newServeFixture(t, "club")
	f.playRound(1)
	f.cli.ok("round", "presence", "--require", "on")
	f.speak("it")
	ph := f.phone("telefono", "en-US")
	_, page, _ := f.get(ph, "/player/4")
	if !strings.Contains(page, "Sono io") {
		t.Errorf("the player's page in Italian has no \"Sono io\":\n%s", page)
	}
	f.signIn(ph, 4, f.pin(4))
	_, page, _ = f.get(ph, "/player/4/me")
	for _, w := range []string{"Sono presente", "Salto il turno 2", "Me ne vado", "risulti ancora assente", "Ritirato dal turno 2"} {
		if !strings.Contains(page, w) {
			t.Errorf("the Italian page lacks %q:\n%s", w, page)
		}
	}
	f.mark(ph, 4, "here")
	_, page, _ = f.get(ph, "/player/4/me")
	if !strings.Contains(page, "Sei presente dal turno 2 in poi.") {
		t.Errorf("after \"Sono presente\" the page says:\n%s", page)
	}
	f.mark(ph, 4, "leave")
	_, page, _ = f.get(ph, "/player/4/me")
	if !strings.Contains(page, "ritirato dal turno 2 in poi") {
		t.Errorf("after \"Me ne vado\" the page says:\n%s", page)
	}
	org := f.phone("portatile", "it")
	f.post(org, "/admin/login", f.form(org, "/admin", "password", "club"))
	_, page, _ = f.get(org, "/admin")
	for _, w := range []string{"Turno 2: chi gioca", "Presenti (0)", "Assenti (7)", "Ritirati (1)", "Annulla", "Segna presente"} {
		if !strings.Contains(page, w) {
			t.Errorf("the Italian organizer's page lacks %q:\n%s", w, page)
		}
	}
}

// rosterOf returns the pairing numbers on the boards and byes of round n.
func rosterOf(t *testing.T, f *serveFixture, n int) (paired []int, byes map[int]string) {
	t.Helper()
	s, err := f.ev.Snapshot(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	byes = map[int]string{}
	rd := s.Round(n)
	if rd == nil {
		t.Fatalf("round %d is not paired", n)
	}
	for _, b := range rd.Boards {
		paired = append(paired, b.White, b.Black)
	}
	for _, b := range rd.Byes {
		byes[b.PN] = b.Kind.String()
	}
	slices.Sort(paired)
	return paired, byes
}

// TestBrowserPresence: on phone-size screens, before round 3, three
// players say they are here (one from the QR of their slip, one from
// "find my board", one from their page), one asks to skip round 3, one
// leaves after round 2, and one who pressed "I'm leaving" by mistake is
// put back by the organizer's undo. The organizer marks one more present
// on the organizer's page and one at the command line; the eighth says
// nothing. round pair pairs exactly the six present; the bye, the
// withdrawal and the absence score as the tournament says.
func TestBrowserPresence(t *testing.T) {
	t.Parallel()
	f := newServeFixture(t, "club")
	browser := newBrowser(t)
	url := f.ts.URL
	f.playRound(1)
	f.cli.ok("round", "pair", "--publish")
	f.loadCodes()
	f.playRound(2)
	f.cli.ok("round", "presence", "--require", "on")
	f.cli.ok("tournament", "set", "--absent-value", "0.5")
	before := standingPoints(t, f.cli, 2)

	// The cast: the two players of round 2's board 1 (one comes by the QR
	// code of the slip, one by "find my board"), then the others.
	s, _ := f.ev.Snapshot(context.Background())
	b1 := s.Round(2).Boards[0]
	qr, find := b1.White, b1.Black
	var rest []int
	for pn := 1; pn <= 8; pn++ {
		if pn != qr && pn != find {
			rest = append(rest, pn)
		}
	}
	own, skipper, leaver, mistake, byOrganizer, silent := rest[0], rest[1], rest[2], rest[3], rest[4], rest[5]

	signIn := func(d *device, pin string) {
		d.t.Helper()
		d.do(chromedp.WaitVisible(sel("#pin")), chromedp.SendKeys(sel("#pin"), pin), chromedp.Click(sel("#signin")),
			chromedp.WaitVisible(sel("#leave")))
	}
	press := func(d *device, id string) {
		d.t.Helper()
		d.do(chromedp.Click(sel("#" + id)))
		d.waitFor(fmt.Sprintf(`location.search === "?done=%s" && document.readyState === "complete" && !!document.querySelector(".flash")`, id))
	}
	state := func(d *device) string {
		d.t.Helper()
		return eval[string](d, `document.querySelector(".state").innerText`)
	}

	// From the QR code of the slip: the board page, "this is me", the
	// PIN of the player's own card.
	p1 := newDevice(t, browser, "slip", 390, 844)
	p1.do(chromedp.Navigate(url+"/b/"+f.codes[1].Token), chromedp.Click(sel("#me-white")))
	signIn(p1, f.codes[1].WhitePIN)
	press(p1, "here")
	if got := state(p1); got != "You are present from round 3 on." {
		t.Errorf("after \"I'm here\" the page says %q", got)
	}
	p1.shot("presence")
	// From "find my board": the player's page, "this is me", their PIN.
	p2 := newDevice(t, browser, "find", 390, 844)
	p2.do(chromedp.Navigate(url+"/find"), chromedp.Click(sel(fmt.Sprintf(`#players a[href="/player/%d"]`, find))),
		chromedp.WaitVisible(sel("#this-is-me")), chromedp.Click(sel("#this-is-me")))
	signIn(p2, f.pin(find))
	press(p2, "here")
	if got, name := eval[string](p2, `document.querySelector("h1").innerText`), s.Entry(find).Player.Name; !strings.HasPrefix(got, name) {
		t.Errorf("the page reached from find my board is %q, want %q's", got, name)
	}
	// The others open their own page.
	open := func(pn int) *device {
		d := newDevice(t, browser, fmt.Sprintf("player %d", pn), 390, 844)
		d.do(chromedp.Navigate(fmt.Sprintf("%s/player/%d/me", url, pn)))
		signIn(d, f.pin(pn))
		return d
	}
	press(open(own), "here")
	sk := open(skipper)
	press(sk, "skip")
	if got := state(sk); got != "You do not play round 3." {
		t.Errorf("after \"skip round 3\" the page says %q", got)
	}
	press(open(leaver), "leave")
	m := open(mistake)
	press(m, "here")
	press(m, "leave") // by mistake
	if got := state(m); got != "You left the tournament: withdrawn from round 3 on." {
		t.Errorf("after \"I'm leaving\" the page says %q", got)
	}

	// The organizer's page shows the roll with each phone's word, live.
	org := newDevice(t, browser, "organizer", 390, 844)
	org.do(chromedp.Navigate(url+"/admin"), chromedp.SendKeys(sel("#password"), "club"), chromedp.Click(sel("form.login button")),
		chromedp.WaitVisible(sel("#roll")))
	// rollHas waits until the organizer's roll shows every one of ws.
	rollHas := func(ws ...string) {
		t.Helper()
		js, _ := json.Marshal(ws)
		org.waitFor(fmt.Sprintf(`(() => { const r = document.querySelector("#roll");
			return !!r && %s.every(w => r.innerText.replace(/\s+/g, " ").includes(w)); })()`, js))
	}
	rollHas("Round 3: who plays", "Present (3)", "Absent (2)", "Not playing this round (1)", "Withdrawn (2)",
		s.Entry(skipper).Player.Name+": skips round 3", s.Entry(leaver).Player.Name+": left, withdrawn from round 3")
	org.shot("presence-organizer")
	// The player who pressed "I'm leaving" by mistake asks the organizer,
	// who undoes it from the page.
	org.do(chromedp.Click(sel(fmt.Sprintf(`#roll li[data-kind="leave"][data-pn="%d"] button`, mistake))), chromedp.WaitVisible(sel(".flash")))
	if got := eval[string](org, `document.querySelector(".flash").innerText`); !strings.HasPrefix(got, "Undone: ") {
		t.Errorf("after undo the organizer's page says %q", got)
	}
	// One more is marked present by the organizer.
	org.do(chromedp.Click(sel(fmt.Sprintf(`#roll form[action="/admin/presence/here/%d"] button`, byOrganizer))), chromedp.WaitVisible(sel(".flash")))
	rollHas("Present (5)", "Absent (1)", "Withdrawn (1)")
	// The player's phone follows: present again.
	m.do(chromedp.Navigate(fmt.Sprintf("%s/player/%d/me", url, mistake)))
	if got := state(m); got != "You are present from round 3 on." {
		t.Errorf("after the organizer's undo the page says %q", got)
	}
	// The projector shows the roll before the pairing too.
	proj := newDevice(t, browser, "projector", 1280, 720)
	proj.do(chromedp.Navigate(url + "/show"))
	shown := eval[string](proj, `document.querySelector("#roll").innerText.replace(/\s+/g, " ")`)
	for _, w := range []string{"Present (5)", "Absent (1) " + s.Entry(silent).Player.Name, "Withdrawn (1) " + s.Entry(leaver).Player.Name} {
		if !strings.Contains(shown, w) {
			t.Errorf("the projector's roll lacks %q:\n%s", w, shown)
		}
	}

	// round pair pairs exactly the five present: two boards and the
	// pairing-allocated bye.
	out, errs, code := f.cli.run("round", "pair", "--explain")
	if code != 0 || !strings.Contains(errs, fmt.Sprintf("Round 3: not present, so absent at check-in, scoring 0.5 each: %d ", silent)) {
		t.Fatalf("round pair: exit %d\n%s", code, errs)
	}
	paired, byes := rosterOf(t, f, 3)
	present := []int{qr, find, own, mistake, byOrganizer}
	slices.Sort(present)
	var pab int
	for pn, k := range byes {
		if k == "PAB" {
			pab = pn
		}
	}
	got := slices.Sorted(slices.Values(append(slices.Clone(paired), pab)))
	if !slices.Equal(got, present) {
		t.Errorf("round 3 pairs %v and gives the PAB to %d, want exactly the present %v\n%s", paired, pab, present, out)
	}
	for pn, why := range map[int]string{
		skipper: "asked to skip round 3 from their phone at ",
		leaver:  "left after round 2, said from their phone at ",
		silent:  "not checked in for round 3",
	} {
		if _, ok := byes[pn]; !ok {
			t.Errorf("player %d has no bye in round 3: %v", pn, byes)
		}
		if !strings.Contains(strings.Join(strings.Fields(out), " "), why) {
			t.Errorf("round pair does not say %q:\n%s", why, out)
		}
	}
	// The organizer's page says it too.
	org.do(chromedp.Navigate(url + "/admin"))
	left := eval[string](org, `document.querySelector("#roll .left-out").innerText.replace(/\s+/g, " ")`)
	for _, w := range []string{"asked to skip round 3 from their phone at ", "left after round 2, said from their phone at ", "not checked in for round 3"} {
		if !strings.Contains(left, w) {
			t.Errorf("the organizer's page after pairing lacks %q:\n%s", w, left)
		}
	}
	// The bye, the withdrawal and the absence score by the tournament's
	// policy: a bye on request ½ (its requested-bye value), a player who
	// left nothing, an absence at check-in ½ (--absent-value 0.5).
	for b := range f.results(3) {
		f.cli.ok("round", "result", fmt.Sprint(b+1), "1-0", "--round", "3")
	}
	after := standingPoints(t, f.cli, 3)
	for pn, gain := range map[int]float64{skipper: 0.5, leaver: 0, silent: 0.5, pab: 1} {
		if after[pn]-before[pn] != gain {
			t.Errorf("player %d scored %v in round 3, want %v", pn, after[pn]-before[pn], gain)
		}
	}
}

// TestPresenceCommandLine: round presence shows the roll and sets the
// rule; round checkin marks players present when presence is required;
// arbiter undo takes a phone's mark back like any other change; round
// pair at the command line and the Pair button of the organizer's page
// both leave out whoever is not present.
func TestPresenceCommandLine(t *testing.T) {
	t.Parallel()
	f := newServeFixture(t, "club")
	f.playRound(1)
	out := f.cli.ok("round", "presence")
	if !strings.Contains(out, "presence not required") || !strings.Contains(out, "Not present yet (8)") {
		t.Errorf("round presence before anything =\n%s", out)
	}
	_, errs, code := f.cli.run("round", "presence", "--require", "on")
	if code != 0 || !strings.Contains(errs, "only the players present are paired") {
		t.Fatalf("round presence --require on: exit %d %q", code, errs)
	}
	_, errs, _ = f.cli.run("round", "checkin", "1", "Bauer, Jonas", "5")
	if !strings.Contains(errs, "Present from round 2 on: 1 Ortega, Lucía; 2 Bauer, Jonas; 5 Dupont, Élodie.") {
		t.Errorf("round checkin with presence required says %q", errs)
	}
	ph := f.phone("phone-6", "")
	f.signIn(ph, 6, f.pin(6))
	f.mark(ph, 6, "here")
	ph8 := f.phone("phone-8", "")
	f.signIn(ph8, 8, f.pin(8))
	f.mark(ph8, 8, "skip")
	out = f.cli.ok("round", "presence")
	for _, w := range []string{"Round 2 of Club Night, presence required:", "Present (4): 1 Ortega, Lucía; 2 Bauer, Jonas; 5 Dupont, Élodie; 6 Nicolò, Bianchi",
		"Not present yet (3)", "Not playing this round (1): 8 Abel, Tomás", "Left (0): nobody"} {
		if !strings.Contains(out, w) {
			t.Errorf("round presence lacks %q:\n%s", w, out)
		}
	}
	// arbiter undo takes the phone's skip back: the last change.
	so, se, code := f.cli.run("undo", "--yes")
	if code != 0 || !regexp.MustCompile(`player\.bye +8 Abel, Tomás, round 2 +H`).MatchString(so+se) {
		t.Errorf("arbiter undo: exit %d\n%s%s", code, so, se)
	}
	out = f.cli.ok("round", "presence")
	if !strings.Contains(out, "Not playing this round (0)") || !strings.Contains(out, "Not present yet (4)") {
		t.Errorf("after arbiter undo of the phone's skip:\n%s", out)
	}
	// The Pair button of the organizer's page takes presence too.
	org := f.client()
	f.post(org, "/admin/login", f.form(org, "/admin", "password", "club"))
	// The organizer's undo button undoes presence marks only.
	before := f.events()
	if code, body := f.post(org, "/admin/presence/undo/1", f.form(org, "/admin")); code != http.StatusConflict || !strings.Contains(body, "event 1 is not a presence mark") {
		t.Errorf("undo of the tournament's creation from the roll = %d\n%s", code, body)
	}
	if f.events() != before {
		t.Error("a refused undo wrote to the log")
	}
	if code, body := f.post(org, "/admin/pair", f.form(org, "/admin")); code != http.StatusSeeOther {
		t.Fatalf("Pair = %d\n%s", code, body)
	}
	paired, byes := rosterOf(t, f, 2)
	if !slices.Equal(paired, []int{1, 2, 5, 6}) || len(byes) != 4 {
		t.Errorf("round 2 from the page pairs %v with byes %v, want 1 2 5 6 and four absent", paired, byes)
	}
	out = f.cli.ok("round", "show", "2", "--explain")
	if n := strings.Count(strings.Join(strings.Fields(out), " "), "not checked in for round 2"); n != 4 {
		t.Errorf("round show --explain names %d players not checked in, want 4:\n%s", n, out)
	}
	// The organizer's page says it too.
	_, page, _ := f.get(org, "/admin")
	if !strings.Contains(page, "Left out of round 2") || strings.Count(page, "not checked in for round 2") != 4 {
		t.Errorf("the organizer's page after pairing does not say who was left out and why:\n%s", page)
	}
}
