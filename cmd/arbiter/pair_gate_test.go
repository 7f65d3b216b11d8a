package main

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/store"
)

// TestPairWaitsForReports: round pair (and the organizer's page) refuses
// while a board of round 1 is disputed or reported and not confirmed,
// naming the boards; --force-reported enters the reported result, logged
// as the organizer's, and pairs; a disputed board still needs a decision.
func TestPairWaitsForReports(t *testing.T) {
	t.Parallel()
	f := newServeFixture(t, "club")
	white, black, org := f.client(), f.client(), f.client()
	// Board 1: White reports 1-0, Black never confirms.
	b1 := "/b/" + f.codes[1].Token
	f.post(white, b1+"/report", f.form(white, b1, "pin", f.codes[1].WhitePIN, "result", "1-0"))
	// Board 2: the players disagree.
	b2 := "/b/" + f.codes[2].Token
	f.post(white, b2+"/report", f.form(white, b2, "pin", f.codes[2].WhitePIN, "result", "1-0"))
	f.post(black, b2+"/confirm", f.form(black, b2, "pin", f.codes[2].BlackPIN, "result", "1/2"))
	f.cli.ok("round", "result", "3", "1-0")
	f.cli.ok("round", "result", "4", "0-1")

	_, errs, code := f.cli.run("round", "pair")
	if code == 0 || !strings.Contains(errs, "board 1: 1-0 reported by White at") || !strings.Contains(errs, "board 2: disputed, 1-0 by White and 1/2-1/2 by Black") ||
		!strings.Contains(errs, "decide each disputed board") {
		t.Errorf("round pair with boards 1 and 2 open: exit %d\n%s", code, errs)
	}
	// --force-reported does not decide a dispute.
	if _, errs, code := f.cli.run("round", "pair", "--force-reported"); code == 0 || !strings.Contains(errs, "board 2: disputed") {
		t.Errorf("round pair --force-reported with board 2 disputed: exit %d\n%s", code, errs)
	}
	if got := f.results(1); got[0] != arbiter.NoResult {
		t.Errorf("a refused pairing entered %v on board 1", got[0])
	}
	// The organizer's page refuses the same way.
	f.post(org, "/admin/login", f.form(org, "/admin", "password", "club"))
	if code, body := f.post(org, "/admin/pair", f.form(org, "/admin")); code != http.StatusConflict || !strings.Contains(body, "board 2: disputed") {
		t.Errorf("pairing from the page = %d, want 409 naming board 2:\n%s", code, body)
	}

	q, err := f.db.Queue(context.Background(), f.tid, 0)
	if err != nil {
		t.Fatal(err)
	}
	var disputed int64
	for _, r := range q {
		if r.Board == 2 {
			disputed = r.ID
		}
	}
	f.cli.ok("result", "accept", strconv.FormatInt(disputed, 10), "1/2")
	_, errs, code = f.cli.run("round", "pair")
	if code == 0 || !strings.Contains(errs, "board 1: 1-0 reported by White") || strings.Contains(errs, "board 2") ||
		!strings.Contains(errs, "--force-reported") {
		t.Errorf("round pair with board 1 not confirmed: exit %d\n%s", code, errs)
	}
	_, errs, code = f.cli.run("round", "pair", "--force-reported")
	if code != 0 || !strings.Contains(errs, "Entered 1-0 on board 1 as reported") {
		t.Fatalf("round pair --force-reported: exit %d\n%s", code, errs)
	}
	if got := f.results(1)[0]; got != arbiter.WhiteWins {
		t.Errorf("board 1 = %v after the forced pairing, want 1-0", got)
	}
	log := f.cli.ok("log")
	if !strings.Contains(log, "(round pair --force-reported)") {
		t.Errorf("the log does not say the pairing was forced:\n%s", log)
	}
}

// TestUnconfirmedAfterWait: with --unconfirmed confirm, a report nobody
// confirmed is entered once its wait is over, and not before; with the
// default (queue) it stays for the organizer and the pairing waits.
func TestUnconfirmedAfterWait(t *testing.T) {
	t.Parallel()
	f := newServeFixture(t, "")
	white := f.client()
	b1 := "/b/" + f.codes[1].Token
	f.post(white, b1+"/report", f.form(white, b1, "pin", f.codes[1].WhitePIN, "result", "1-0"))
	// A second desk on the same file, whose clock runs d ahead.
	later := func(d time.Duration) *desk.Evening {
		t.Helper()
		dk, err := desk.Open(context.Background(), f.db.Path(), desk.ReadWrite, func() time.Time { return time.Now().Add(d) })
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { dk.Close() })
		return dk.Evening(f.tid, 0)
	}
	ctx := context.Background()
	// The default: to the organizer's queue, never entered by itself.
	if open, err := later(time.Hour).Settle(ctx); err != nil || len(open) != 1 {
		t.Errorf("settle an hour later, reports queued: %d open, %v; want 1", len(open), err)
	}
	f.cli.ok("tournament", "web", "--unconfirmed", "confirm", "--unconfirmed-after", "15m")
	if open, err := later(10 * time.Minute).Settle(ctx); err != nil || len(open) != 1 || f.results(1)[0] != arbiter.NoResult {
		t.Errorf("settle 10 minutes later with a 15-minute wait: %d open, %v, board 1 = %v; want it open", len(open), err, f.results(1)[0])
	}
	if open, err := later(16 * time.Minute).Settle(ctx); err != nil || len(open) != 0 || f.results(1)[0] != arbiter.WhiteWins {
		t.Errorf("settle 16 minutes later: %d open, %v, board 1 = %v; want 1-0 entered", len(open), err, f.results(1)[0])
	}
	evs, err := f.db.Events(ctx, f.tid)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, e := range evs {
		found = found || (e.Action == store.ActAccept && strings.Contains(e.Who, "not confirmed within 15 min"))
	}
	if !found {
		t.Errorf("no event says the result was entered by the lapse of time: %+v", evs[len(evs)-1])
	}
	out := f.cli.ok("tournament", "web")
	if !strings.Contains(out, "Not confirmed: entered as reported after 15 min") {
		t.Errorf("tournament web shows:\n%s", out)
	}
	if _, errs, code := f.cli.run("tournament", "web", "--unconfirmed-after", "90s"); code != 2 || !strings.Contains(errs, "whole minutes") {
		t.Errorf("--unconfirmed-after 90s: exit %d, %s", code, errs)
	}
}

// TestPagePairForced: the organizer's page offers to force the pairing
// once a report not confirmed waits in the queue, and forcing enters it
// as reported, logged.
func TestPagePairForced(t *testing.T) {
	t.Parallel()
	f := newServeFixture(t, "club")
	white, org := f.client(), f.client()
	b1 := "/b/" + f.codes[1].Token
	f.post(white, b1+"/report", f.form(white, b1, "pin", f.codes[1].WhitePIN, "result", "1-0"))
	for b := 2; b <= 4; b++ {
		f.cli.ok("round", "result", strconv.Itoa(b), "1/2")
	}
	f.post(org, "/admin/login", f.form(org, "/admin", "password", "club"))
	if code, body := f.post(org, "/admin/pair", f.form(org, "/admin")); code != http.StatusConflict || !strings.Contains(body, "board 1: 1-0 reported by White") {
		t.Errorf("pairing from the page with board 1 not confirmed = %d, want 409 naming board 1:\n%s", code, body)
	}
	// The button shows once the report waits in the queue (after 10
	// minutes here); the form it posts is the same.
	_, page, _ := f.get(org, "/admin")
	if strings.Contains(page, `name="force"`) {
		t.Errorf("the page offers to force the pairing before anything waits in the queue")
	}
	code, loc := f.post(org, "/admin/pair", f.form(org, "/admin", "force", "1"))
	if code != http.StatusSeeOther || !strings.HasPrefix(loc, "/admin?done=") {
		t.Fatalf("forced pairing from the page = %d %s, want a redirect", code, loc)
	}
	if _, page, _ := f.get(org, loc); !strings.Contains(page, "Round 2 is paired") {
		t.Errorf("after the forced pairing the organizer's page does not say so:\n%s", page)
	}
	if got := f.results(1)[0]; got != arbiter.WhiteWins {
		t.Errorf("board 1 = %v after the forced pairing, want 1-0", got)
	}
	if log := f.cli.ok("log"); !strings.Contains(log, "(pairing forced)") {
		t.Errorf("the log does not say the pairing was forced:\n%s", log)
	}
}
