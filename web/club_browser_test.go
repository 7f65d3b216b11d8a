package web

import (
	"context"
	"net"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
)

// The phones' pages in a real browser, as the players and the organizer
// use them on the evening: a club of eight on a real desk over a
// database file that starts empty, served on 127.0.0.1 as arbiter serve
// does. go test ./web -run PhonesBrowser -screenshots writes their
// screenshots of docs/screenshots.

// evil is a player's name that a page must show as text.
const evil = "<script>alert(1)</script>"

// clubPlayers are the club, strongest first, so the pairing of round 1
// is known: board 1 Ortega (1) - Dupont (5), board 2 Nicolò (6) - Bauer
// (2), board 3 the evil name (3) - Costa (7), board 4 Abel (8) -
// Lindqvist (4).
var clubPlayers = []arbiter.Player{
	{Name: "Ortega, Lucía", Rating: 2200}, {Name: "Bauer, Jonas", Rating: 2150}, {Name: evil, Rating: 2100}, {Name: "Lindqvist, Maja", Rating: 2050},
	{Name: "Dupont, Élodie", Rating: 2000}, {Name: "Nicolò, Bianchi", Rating: 1950}, {Name: "Costa, Rui", Rating: 1900}, {Name: "Abel, Tomás", Rating: 1850},
}

// club is the tournament of five rounds with round 1 paired and
// published, served with the organizer's password.
type club struct {
	t     *testing.T
	d     *desk.Desk
	ev    *desk.Evening
	tid   int64
	ts    *httptest.Server
	codes map[int]arbiter.BoardCode // of round 1
}

func newClub(t *testing.T, password string) *club {
	t.Helper()
	return openClub(t, clubSetup{password: password})
}

// clubSetup is what a test changes of the club: the organizer's
// password, the server's clock (nil: the real one), and what is done at
// the desk before round 1 is paired (paired: after it).
type clubSetup struct {
	password string
	now      func() time.Time
	unpaired func(ctx context.Context, d *desk.Desk, tid int64) error
	paired   func(ctx context.Context, d *desk.Desk, tid int64) error
	// double makes the tournament a Double-Swiss one (C.04.5): each
	// board a match of two games.
	double bool
}

func openClub(t *testing.T, cs clubSetup) *club {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	d, err := desk.Open(ctx, filepath.Join(t.TempDir(), "club.db"), desk.Create, nil)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	c := &club{t: t, d: d}
	var wg sync.WaitGroup
	// Cleanups run last first: streams end (cancel) before the server
	// waits for its requests (Close), and the file closes last.
	t.Cleanup(func() { wg.Wait(); d.Close() })
	ctx = desk.WithActor(ctx, "organizer")
	tour := arbiter.NewTournament("Club Night")
	if cs.double {
		tour.DoubleBlitz()
	}
	tour.Rounds, tour.FirstColour = 5, arbiter.White
	if tour, err = d.CreateTournament(ctx, tour); err != nil {
		t.Fatal(err)
	}
	c.tid = tour.ID
	for _, p := range clubPlayers {
		if _, err := d.AddEntry(ctx, tour.ID, p, desk.AddOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	if cs.unpaired != nil {
		if err := cs.unpaired(ctx, d, tour.ID); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := d.Pair(ctx, desk.PairRequest{Publish: true}); err != nil {
		t.Fatal(err)
	}
	if cs.paired != nil {
		if err := cs.paired(ctx, d, tour.ID); err != nil {
			t.Fatal(err)
		}
	}
	if c.codes, err = d.BoardCodes(ctx, tour.ID, 1); err != nil {
		t.Fatal(err)
	}
	c.ev = d.Evening(tour.ID, 10*time.Minute)
	srv, err := New(Config{Evening: c.ev, AdminPassword: cs.password, Poll: 50 * time.Millisecond, Now: cs.now})
	if err != nil {
		t.Fatal(err)
	}
	c.ts = httptest.NewUnstartedServer(srv.Handler())
	c.ts.Config.BaseContext = func(net.Listener) context.Context { return ctx }
	c.ts.Start()
	wg.Add(1)
	go func() { defer wg.Done(); srv.Run(ctx) }()
	t.Cleanup(c.ts.Close)
	t.Cleanup(cancel)
	return c
}

// enter enters the result of board b of round 1 at the desk, as the
// organizer's command line does.
func (c *club) enter(b int, r arbiter.Result) {
	c.t.Helper()
	ctx := desk.WithActor(context.Background(), "organizer")
	if _, err := c.d.EnterResult(ctx, desk.ResultRequest{Round: 1, Board: b, Result: r}); err != nil {
		c.t.Fatal(err)
	}
}

// results returns the results of round n, by board.
func (c *club) results(n int) []arbiter.Result {
	c.t.Helper()
	s, err := c.ev.Snapshot(context.Background())
	if err != nil {
		c.t.Fatal(err)
	}
	var out []arbiter.Result
	for _, b := range s.Rounds[n-1].Boards {
		out = append(out, b.Result)
	}
	return out
}

// device is one phone (or the projector) in the shared browser: its own
// cookies, its own tab, a screen of w×h at twice the pixels.
type device struct {
	t    *testing.T
	name string
	ctx  context.Context
}

func newDevice(t *testing.T, name string, w, h int64) *device {
	t.Helper()
	ctx, cancel := chromedp.NewContext(chrome.browserContext(t), chromedp.WithNewBrowserContext())
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
	ctx, cancel := context.WithTimeout(d.ctx, 20*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
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

// shot writes the whole page as docs/screenshots/name.png with
// -screenshots.
func (d *device) shot(name string) {
	d.t.Helper()
	if !*screenshots {
		return
	}
	ctx, cancel := context.WithTimeout(d.ctx, 20*time.Second)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		d.t.Fatal(err)
	}
	dir := filepath.Join("..", "docs", "screenshots")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		d.t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
		d.t.Fatal(err)
	}
}

func sel(s string) chromedp.CSS { return chromedp.CSS(s) }

// lateClub is the club with the cut-off of entries from the phone at
// 21:15 on 25 November 2026, local time, the server's clock at 21:00,
// and Rossi, Niccolò in the club's roster from another tournament of the
// club, not entered in this one.
func lateClub(t *testing.T, password string) *club {
	t.Helper()
	now := time.Date(2026, 11, 25, 21, 0, 0, 0, time.Local)
	return openClub(t, clubSetup{password: password, now: func() time.Time { return now },
		unpaired: func(ctx context.Context, d *desk.Desk, tid int64) error {
			blitz := arbiter.NewTournament("Autumn Blitz")
			blitz.Rounds = 3
			blitz, err := d.CreateTournament(ctx, blitz)
			if err != nil {
				return err
			}
			if _, err := d.AddEntry(ctx, blitz.ID, arbiter.Player{Name: "Rossi, Niccolò", Rating: 1700}, desk.AddOptions{}); err != nil {
				return err
			}
			return d.UseTournament(ctx, tid)
		},
		paired: func(ctx context.Context, d *desk.Desk, tid int64) error {
			until, err := desk.ParseLateUntil("2026-11-25 21:15", now)
			if err != nil {
				return err
			}
			return d.SetLateUntil(ctx, tid, until)
		}})
}

// enterAll enters the results of round n at the desk, board by board in
// one go, as round results does.
func (c *club) enterAll(n int, rs ...arbiter.Result) {
	c.t.Helper()
	var reqs []desk.ResultRequest
	for i, r := range rs {
		reqs = append(reqs, desk.ResultRequest{Round: n, Board: i + 1, Result: r})
	}
	if _, err := c.d.EnterResults(desk.WithActor(context.Background(), "organizer"), reqs); err != nil {
		c.t.Fatal(err)
	}
}

// rosterSize counts the club's roster.
func (c *club) rosterSize() int {
	c.t.Helper()
	r, err := c.d.Roster(context.Background())
	if err != nil {
		c.t.Fatal(err)
	}
	return len(r)
}

// pin returns player pn's own PIN.
func (c *club) pin(pn int) string {
	c.t.Helper()
	pin, err := c.ev.PlayerPIN(context.Background(), pn)
	if err != nil {
		c.t.Fatal(err)
	}
	return pin
}

// playRound enters 1-0 on every board of round n at the desk.
func (c *club) playRound(n int) {
	c.t.Helper()
	rs := make([]arbiter.Result, len(c.results(n)))
	for i := range rs {
		rs[i] = arbiter.WhiteWins
	}
	c.enterAll(n, rs...)
}

// pairNext pairs and publishes the next round at the desk; codes are
// then its boards'.
func (c *club) pairNext() {
	c.t.Helper()
	ctx := desk.WithActor(context.Background(), "organizer")
	out, err := c.d.Pair(ctx, desk.PairRequest{Publish: true})
	if err != nil {
		c.t.Fatal(err)
	}
	if c.codes, err = c.d.BoardCodes(ctx, c.tid, out.Round.Number); err != nil {
		c.t.Fatal(err)
	}
}

// requirePresence pairs only the players present from the next round
// on, those absent at check-in scoring absent.
func (c *club) requirePresence(absent arbiter.Score) {
	c.t.Helper()
	ctx := desk.WithActor(context.Background(), "organizer")
	if _, err := c.d.SetPresenceRequired(ctx, c.tid, true); err != nil {
		c.t.Fatal(err)
	}
	s, err := c.ev.Snapshot(ctx)
	if err != nil {
		c.t.Fatal(err)
	}
	tour := s.Tournament
	tour.AbsentValue = absent
	if err := c.d.UpdateTournament(ctx, tour); err != nil {
		c.t.Fatal(err)
	}
}

// points returns each player's points after round n, by pairing number.
func (c *club) points(n int) map[int]float64 {
	c.t.Helper()
	s, err := c.ev.Snapshot(context.Background())
	if err != nil {
		c.t.Fatal(err)
	}
	st, err := c.ev.Standings(s, n)
	if err != nil {
		c.t.Fatal(err)
	}
	pts := map[int]float64{}
	for _, r := range st.Rows {
		pts[r.PN] = r.Points.Points()
	}
	return pts
}

// rosterOf returns the pairing numbers on the boards and byes of round n.
func (c *club) rosterOf(n int) (paired []int, byes map[int]string) {
	c.t.Helper()
	s, err := c.ev.Snapshot(context.Background())
	if err != nil {
		c.t.Fatal(err)
	}
	byes = map[int]string{}
	rd := s.Round(n)
	if rd == nil {
		c.t.Fatalf("round %d is not paired", n)
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
