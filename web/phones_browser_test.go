package web

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/locale"
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

// TestBrowserDispute: on phone-size screens, the players of a disputed
// board add their claims, White typing the moves in Italian letters and
// Black setting up the final position by tapping; the organizer sees the
// verdicts, rules with the one click preselected, and the ruling reaches
// both players' pages.
func TestBrowserDispute(t *testing.T) {
	t.Parallel()
	f := newClub(t, "club")
	url := f.ts.URL
	b2 := url + "/b/" + f.codes[2].Token // Nicolò (6) - Bauer (2)

	white := newDevice(t, "white", 390, 844)
	black := newDevice(t, "black", 390, 844)
	white.do(chromedp.Navigate(b2), chromedp.WaitVisible(sel("#report-pin")), chromedp.SendKeys(sel("#report-pin"), f.codes[2].WhitePIN),
		chromedp.Click(sel(`form.report button[value="1-0"]`)), chromedp.WaitVisible(sel(".flash")))
	black.do(chromedp.Navigate(b2), chromedp.WaitVisible(sel("#pin")), chromedp.SendKeys(sel("#pin"), f.codes[2].BlackPIN),
		chromedp.Click(sel(`form.confirm button[value="1/2"]`)), chromedp.WaitVisible(sel("form.claim")))

	// White claims the mate, with the moves in Italian letters.
	white.do(chromedp.Navigate(b2), chromedp.WaitVisible(sel("form.claim")),
		chromedp.SendKeys(sel("#claim-pin"), f.codes[2].WhitePIN),
		chromedp.SendKeys(sel("#claim-moves"), "1. e4 e5 2. Ac4 Cc6 3. Dh5 Cf6 4. Dxf7#"))
	if eval[bool](white, `document.querySelector("#claim-flag").offsetParent !== null || document.querySelector("label[for=claim-flag]").offsetParent !== null`) {
		t.Errorf("whose flag fell is asked before the claim is a flag fall")
	}
	eval[bool](white, `(() => { const k = document.querySelector("#claim-kind"); k.value = "flag"; k.dispatchEvent(new Event("change")); return true; })()`)
	if !eval[bool](white, `document.querySelector("#claim-flag").offsetParent !== null`) {
		t.Errorf("a flag-fall claim does not ask whose flag fell")
	}
	eval[bool](white, `(() => { const k = document.querySelector("#claim-kind"); k.value = "checkmate"; k.dispatchEvent(new Event("change")); return true; })()`)
	white.shot("dispute-claim")
	white.do(chromedp.Click(sel("form.claim button.primary")), chromedp.WaitVisible(sel(".flash")))
	if got := eval[string](white, `document.querySelector(".flash").innerText`); got != "Your claim is with the organizer." {
		t.Errorf("after the claim White's page says %q", got)
	}

	// Black says it was stalemate and sets the position up by tapping:
	// it is not one (the king has g8).
	black.do(chromedp.Navigate(b2), chromedp.WaitVisible(sel(".diagram")),
		chromedp.SendKeys(sel("#claim-pin"), f.codes[2].BlackPIN))
	eval[bool](black, `(document.querySelector("#claim-kind").value = "stalemate") === "stalemate"`)
	for _, tap := range [][2]string{{"k", "h8"}, {"Q", "e7"}, {"K", "g6"}} {
		black.do(chromedp.Click(sel(`.palette button[data-piece="`+tap[0]+`"]`)), chromedp.Click(sel(`.diagram button[data-square="`+tap[1]+`"]`)))
	}
	eval[bool](black, `(() => { const s = document.querySelector(".setup select"); s.value = "b"; s.dispatchEvent(new Event("change")); return true; })()`)
	if got := eval[string](black, `document.querySelector("#claim-fen").value`); got != "7k/4Q3/6K1/8/8/8/8/8 b - - 0 1" {
		t.Errorf("the position tapped fills the FEN %q", got)
	}
	black.shot("dispute-diagram")
	black.do(chromedp.Click(sel("form.claim button.primary")), chromedp.WaitVisible(sel(".flash")))

	// The organizer sees both claims with their verdicts, the false
	// stalemate flagged, and 1-0 preselected.
	org := newDevice(t, "organizer", 390, 844)
	org.do(chromedp.Navigate(url+"/admin"), chromedp.SendKeys(sel("#password"), "club"), chromedp.Click(sel("form.login button")),
		chromedp.WaitVisible(sel("section.queue .claims")))
	claims := eval[string](org, `document.querySelector(".claims").innerText`)
	for _, want := range []string{
		"White: checkmate", "the position after 4.Qxf7# is checkmate: 1-0, White wins, art. 5.1.1",
		"Black: stalemate", "Not borne out: the position given is not stalemate: Black can still play 1...Kg8, art. 5.2.1",
	} {
		if !strings.Contains(claims, want) {
			t.Errorf("the queue does not show %q:\n%s", want, claims)
		}
	}
	if got := eval[bool](org, `document.querySelector(".claims .claim.flagged h4").innerText.startsWith("Black")`); !got {
		t.Errorf("Black's false stalemate is not flagged")
	}
	if got := eval[string](org, `document.querySelector("button.suggested").value`); got != "1-0" {
		t.Errorf("preselected ruling = %q, want 1-0", got)
	}
	org.shot("dispute-queue")
	org.do(chromedp.Click(sel("button.suggested")), chromedp.WaitVisible(sel(".flash")))
	if got := f.results(1)[1]; got != arbiter.WhiteWins {
		t.Errorf("board 2 = %v after the ruling, want 1-0", got)
	}

	// Both players see the ruling on the board page and on their pages.
	const ruled = "The arbiter ruled 1-0: checkmate, art. 5.1.1"
	for _, d := range []*device{white, black} {
		d.do(chromedp.Navigate(b2), chromedp.WaitVisible(sel(".ruling")))
		if got := eval[string](d, `document.querySelector(".ruling").innerText`); got != ruled {
			t.Errorf("%s's board page says %q, want %q", d.name, got, ruled)
		}
	}
	for d, pn := range map[*device]string{white: "6", black: "2"} {
		d.do(chromedp.Navigate(url+"/player/"+pn), chromedp.WaitVisible(sel("tr.ruling")))
		if got := eval[string](d, `document.querySelector("tr.ruling").innerText.trim()`); got != ruled {
			t.Errorf("%s's player page says %q, want %q", d.name, got, ruled)
		}
	}
	black.shot("dispute-ruled")
}

// TestBrowserLateEntry: a newcomer asks to enter from the phone before
// the cut-off, the organizer accepts on the desktop, the newcomer's
// screen shows the pairing number and PIN, and the next round pairs the
// newcomer.
func TestBrowserLateEntry(t *testing.T) {
	t.Parallel()
	f := lateClub(t, "club")
	base := f.ts.URL
	before := f.rosterSize()

	phone := newDevice(t, "newcomer", 390, 844)
	phone.do(chromedp.Navigate(base+"/"), chromedp.WaitVisible(sel(`p.late-link a`)), chromedp.Click(sel(`p.late-link a`)),
		chromedp.WaitVisible(sel("#late-name")), chromedp.SendKeys(sel("#late-name"), "niccolo rossi"))
	phone.shot("late-entry")
	phone.do(chromedp.Click(sel("#late-send")), chromedp.WaitVisible(sel("form.late-matches")))
	if got := eval[string](phone, `document.querySelector("form.late-matches p").innerText`); got != "Did you mean Rossi, Niccolò?" {
		t.Errorf("the phone asks %q", got)
	}
	phone.do(chromedp.Click(sel(`form.late-matches button.primary`)), chromedp.WaitVisible(sel("#late-waiting")))
	phone.waitFor(`document.documentElement.dataset.live === "on"`)

	org := newDevice(t, "organizer", 1280, 800)
	org.do(chromedp.Navigate(base+"/admin"), chromedp.SendKeys(sel("#password"), "club"), chromedp.Click(sel("form.login button")),
		chromedp.WaitVisible(sel("section.late")))
	org.shot("late-organizer")
	if got := eval[string](org, `document.querySelector("section.late").innerText`); !strings.Contains(got, "niccolo rossi") || !strings.Contains(got, "club player Rossi, Niccolò") {
		t.Errorf("the organizer's queue shows %q", got)
	}
	org.do(chromedp.Click(sel(`section.late form.choices button`)), chromedp.WaitVisible(sel(".flash")))
	if got := eval[string](org, `document.querySelector(".flash").innerText`); got != "Rossi, Niccolò is entered as player 9." {
		t.Errorf("after accepting, the organizer's page says %q", got)
	}

	// The newcomer's page changes by itself.
	phone.waitFor(`!!document.querySelector("#late-pin")`)
	pin := eval[string](phone, `document.querySelector("#late-pin").innerText`)
	if own := f.pin(9); pin != own {
		t.Errorf("the PIN on the phone is %q, player 9's is %s", pin, own)
	}
	if got := eval[string](phone, `document.querySelector("#late-entered").innerText`); got != "You are entered: player number 9, Rossi, Niccolò." {
		t.Errorf("the phone says %q", got)
	}
	if got := eval[string](phone, `document.querySelector(".late-keep").innerText`); !strings.HasPrefix(got, "Keep this PIN") {
		t.Errorf("the phone does not tell to keep the PIN: %q", got)
	}
	phone.shot("late-pin")
	if got := f.rosterSize(); got != before {
		t.Errorf("the roster went from %d to %d players", before, got)
	}

	// Round 1 ends; the organizer pairs and publishes round 2, which
	// pairs the newcomer.
	f.enterAll(1, arbiter.WhiteWins, arbiter.Draw, arbiter.BlackWins, arbiter.WhiteWins)
	// The results entered at the desk reach the server at its next look
	// at the log (Poll); the page drawn before that is asked again.
	for i := 0; ; i++ {
		org.do(chromedp.Navigate(base + "/admin"))
		if eval[bool](org, `!!document.querySelector('form[action="/admin/pair"] button')`) {
			break
		}
		if i == 50 {
			t.Fatalf("the organizer's page offers no pairing after the results")
		}
		time.Sleep(100 * time.Millisecond)
	}
	org.do(chromedp.Click(sel(`form[action="/admin/pair"] button`)), chromedp.WaitVisible(sel(".flash, .error")))
	if got := eval[string](org, `document.querySelector(".flash, .error").innerText`); got != "Round 2 is paired." {
		t.Fatalf("after pairing, the organizer's page says %q", got)
	}
	org.do(chromedp.Click(sel(`form[action="/admin/publish"] button`)))
	org.waitFor(`document.querySelector(".flash") && document.querySelector(".flash").innerText === "Round 2 is published."`)
	s, err := f.ev.Snapshot(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	rd := s.Round(2)
	if rd == nil || !inRound(*rd, 9) {
		t.Fatalf("round 2 = %+v, want player 9 in it", rd)
	}
	phone.do(chromedp.Navigate(base + "/"))
	phone.waitFor(`document.body.innerText.includes("Rossi, Niccolò")`)
}

// inRound reports whether player pn is on a board or has a bye in rd.
func inRound(rd arbiter.Round, pn int) bool {
	for _, b := range rd.Boards {
		if b.White == pn || b.Black == pn {
			return true
		}
	}
	for _, b := range rd.Byes {
		if b.PN == pn {
			return true
		}
	}
	return false
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
	f := newClub(t, "club")
	url := f.ts.URL
	f.playRound(1)
	f.pairNext()
	f.playRound(2)
	f.requirePresence(arbiter.Half)
	before := f.points(2)

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
	p1 := newDevice(t, "slip", 390, 844)
	p1.do(chromedp.Navigate(url+"/b/"+f.codes[1].Token), chromedp.Click(sel("#me-white")))
	signIn(p1, f.codes[1].WhitePIN)
	press(p1, "here")
	if got := state(p1); got != "You are present from round 3 on." {
		t.Errorf("after \"I'm here\" the page says %q", got)
	}
	p1.shot("presence")
	// From "find my board": the player's page, "this is me", their PIN.
	p2 := newDevice(t, "find", 390, 844)
	p2.do(chromedp.Navigate(url+"/find"), chromedp.Click(sel(fmt.Sprintf(`#players a[href="/player/%d"]`, find))),
		chromedp.WaitVisible(sel("#this-is-me")), chromedp.Click(sel("#this-is-me")))
	signIn(p2, f.pin(find))
	press(p2, "here")
	if got, name := eval[string](p2, `document.querySelector("h1").innerText`), s.Entry(find).Player.Name; !strings.HasPrefix(got, name) {
		t.Errorf("the page reached from find my board is %q, want %q's", got, name)
	}
	// The others open their own page.
	open := func(pn int) *device {
		d := newDevice(t, fmt.Sprintf("player %d", pn), 390, 844)
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
	org := newDevice(t, "organizer", 390, 844)
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
	proj := newDevice(t, "projector", 1280, 720)
	proj.do(chromedp.Navigate(url + "/show"))
	shown := eval[string](proj, `document.querySelector("#roll").innerText.replace(/\s+/g, " ")`)
	for _, w := range []string{"Present (5)", "Absent (1) " + s.Entry(silent).Player.Name, "Withdrawn (1) " + s.Entry(leaver).Player.Name} {
		if !strings.Contains(shown, w) {
			t.Errorf("the projector's roll lacks %q:\n%s", w, shown)
		}
	}

	// The pairing takes exactly the five present: two boards and the
	// pairing-allocated bye; the one who said nothing is absent at
	// check-in, scoring ½ (TestPresencePairSaysWhy words it at the
	// command line).
	pair, err := f.d.Pair(desk.WithActor(context.Background(), "organizer"), desk.PairRequest{})
	if err != nil {
		t.Fatalf("pair round 3: %v", err)
	}
	if p := pair.Pairing; !slices.Equal(p.Absent, []int{silent}) || pair.Snapshot.Tournament.ByeValue(p.AbsentKind) != arbiter.Half {
		t.Fatalf("round 3 marks %v absent at check-in with %v, want %d with ½", p.Absent, pair.Snapshot.Tournament.ByeValue(p.AbsentKind), silent)
	}
	en := locale.New(locale.English)
	var out string
	for _, pn := range slices.Sorted(maps.Keys(pair.Pairing.ByeNotes)) {
		out += fmt.Sprintf("%d %s\n", pn, en.Stored(pair.Pairing.ByeNotes[pn]))
	}
	paired, byes := f.rosterOf(3)
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
		if note := en.Stored(pair.Pairing.ByeNotes[pn]); !strings.Contains(note, why) {
			t.Errorf("the pairing says of player %d %q, want %q:\n%s", pn, note, why, out)
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
	f.playRound(3)
	after := f.points(3)
	for pn, gain := range map[int]float64{skipper: 0.5, leaver: 0, silent: 0.5, pab: 1} {
		if after[pn]-before[pn] != gain {
			t.Errorf("player %d scored %v in round 3, want %v", pn, after[pn]-before[pn], gain)
		}
	}
}
