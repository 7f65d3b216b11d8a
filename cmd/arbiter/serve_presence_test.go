package main

import (
	"context"
	"fmt"
	"net/http"
	"net/http/cookiejar"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
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

// TestPresencePairSaysWhy: round pair --explain says whom it leaves out
// of round 3 and why, as the phones said it: the player who said
// nothing is absent at check-in and scores the tournament's ½, one asked
// from the phone to skip the round, one said from the phone that they
// left after round 2. (The phones' pages themselves, in a browser, are
// web's TestBrowserPresence.)
func TestPresencePairSaysWhy(t *testing.T) {
	t.Parallel()
	f := newServeFixture(t, "club")
	f.playRound(1)
	f.cli.ok("round", "pair", "--publish")
	f.loadCodes()
	f.playRound(2)
	f.cli.ok("round", "presence", "--require", "on")
	f.cli.ok("tournament", "set", "--absent-value", "0.5")
	const skipper, leaver, silent = 2, 3, 8
	for pn, act := range map[int]string{1: "here", skipper: "skip", leaver: "leave", 4: "here", 5: "here", 6: "here", 7: "here"} {
		ph := f.phone(fmt.Sprintf("phone-%d", pn), "")
		f.signIn(ph, pn, f.pin(pn))
		if code, body := f.mark(ph, pn, act); code != http.StatusSeeOther {
			t.Fatalf("player %d presses %s: %d\n%s", pn, act, code, body)
		}
	}
	out, errs, code := f.cli.run("round", "pair", "--explain")
	if code != 0 || !strings.Contains(errs, fmt.Sprintf("Round 3: not present, so absent at check-in, scoring 0.5 each: %d ", silent)) {
		t.Fatalf("round pair: exit %d\n%s", code, errs)
	}
	_, byes := rosterOf(t, f, 3)
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
