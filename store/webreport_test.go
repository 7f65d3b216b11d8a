package store

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/labyrinth-chess/arbiter"
)

// publishedRound makes a tournament of 4 players with round 1 paired
// (1-3, 4-2) and published, and returns its id and the board codes.
func publishedRound(t *testing.T, db *DB) (int64, map[int]arbiter.BoardCode) {
	t.Helper()
	ctx := context.Background()
	tr := newTournament(t, db, "Web", 4)
	pairRound(t, db, tr.ID, 1, [][2]int{{1, 3}, {4, 2}}, 0)
	if _, err := db.BoardByToken(ctx, "nothing-here-at-all-xxxxxx"); !errors.Is(err, ErrBadToken) {
		t.Fatalf("BoardByToken(unknown) = %v, want ErrBadToken", err)
	}
	if pub, paired, _ := db.Published(ctx, tr.ID); pub != 0 || paired != 1 {
		t.Fatalf("Published before publishing = %d, %d; want 0, 1", pub, paired)
	}
	n, already, err := db.Publish(ctx, tr.ID, 0, firstFree)
	if err != nil || n != 1 || already {
		t.Fatalf("Publish = %d, %v, %v; want 1, false, nil", n, already, err)
	}
	if pub, _, _ := db.Published(ctx, tr.ID); pub != 1 {
		t.Fatalf("Published after publishing = %d, want 1", pub)
	}
	codes, err := db.BoardCodes(ctx, tr.ID, 1)
	if err != nil || len(codes) != 2 {
		t.Fatalf("BoardCodes = %v, %v; want 2 codes", codes, err)
	}
	for b, c := range codes {
		if len(c.Token) != 26 || len(c.WhitePIN) != 4 || c.WhitePIN == c.BlackPIN {
			t.Errorf("board %d code %+v: want a 26-letter token and the players' two different 4-digit PINs", b, c)
		}
		for _, s := range []struct {
			pn  int
			pin string
		}{{c.White, c.WhitePIN}, {c.Black, c.BlackPIN}} {
			if own, err := db.PlayerPIN(ctx, tr.ID, s.pn, firstFree); err != nil || own != s.pin {
				t.Errorf("board %d: player %d's PIN = %q, %v; the board says %q", b, s.pn, own, err, s.pin)
			}
		}
	}
	if codes[1].Token == codes[2].Token {
		t.Errorf("boards 1 and 2 share the token %s", codes[1].Token)
	}
	tokens, err := db.BoardTokens(ctx, tr.ID, 1)
	if err != nil || len(tokens) != len(codes) {
		t.Fatalf("BoardTokens = %v, %v; want the %d tokens of BoardCodes", tokens, err, len(codes))
	}
	for b, c := range codes {
		if tokens[b] != c.Token {
			t.Errorf("BoardTokens board %d = %q, BoardCodes says %q", b, tokens[b], c.Token)
		}
	}
	return tr.ID, codes
}

// limits are the PIN limits of the store's tests.
var limits = arbiter.PINLimits{Window: 10 * time.Minute, Board: 5, Address: 10, Player: 5}

func TestReportConfirm(t *testing.T) {
	ctx := context.Background()
	db := mustOpenDB(t)
	tid, codes := publishedRound(t, db)
	c := codes[1] // Player 001 (White) - Player 003 (Black)
	white, black := arbiter.Proof{PIN: c.WhitePIN}, arbiter.Proof{PIN: c.BlackPIN}
	phoneA := arbiter.Origin{Who: "web", IP: "192.168.1.20", Device: "phone A"}
	phoneB := arbiter.Origin{Who: "web", IP: "192.168.1.21", Device: "phone B"}

	if _, err := db.Confirm(WithOrigin(ctx, phoneB), c.Token, black, byPIN, steps, arbiter.WhiteWins, nil, limits); !errors.Is(err, ErrConflict) {
		t.Errorf("Confirm before any report = %v, want a conflict", err)
	}
	if _, err := db.Report(WithOrigin(ctx, phoneA), c.Token, white, byPIN, steps, arbiter.WhiteForfeit, nil, limits); !errors.Is(err, ErrInvalid) {
		t.Errorf("Report(forfeit) = %v, want invalid: forfeits are the organizer's", err)
	}
	rep, err := db.Report(WithOrigin(ctx, phoneA), c.Token, white, byPIN, steps, arbiter.Draw, nil, limits)
	if err != nil || rep.Status != arbiter.Reported || rep.Result != arbiter.Draw || rep.Seat != arbiter.White {
		t.Fatalf("Report = %+v, %v", rep, err)
	}
	// White changes their mind before Black confirms.
	if rep, err = db.Report(WithOrigin(ctx, phoneA), c.Token, white, byPIN, steps, arbiter.WhiteWins, nil, limits); err != nil || rep.Result != arbiter.WhiteWins {
		t.Fatalf("Report again = %+v, %v", rep, err)
	}
	before := dumpExcept(t, db, "pin_failures")
	for _, tt := range []struct {
		name string
		p    arbiter.Proof
		want error
	}{
		{"the reporter's own PIN", white, ErrWrongSeat},
		{"a PIN that is no one's", arbiter.Proof{PIN: "0000x"}, ErrWrongPIN},
		{"no PIN", arbiter.Proof{}, ErrNoProof},
	} {
		if _, err := db.Confirm(WithOrigin(ctx, phoneB), c.Token, tt.p, byPIN, steps, arbiter.WhiteWins, nil, limits); !errors.Is(err, tt.want) {
			t.Errorf("Confirm with %s = %v, want %v", tt.name, err, tt.want)
		}
	}
	if after := dumpExcept(t, db, "pin_failures"); after != before {
		t.Errorf("a refused confirmation changed the database:\n%s", diffLines(before, after))
	}
	rep, err = db.Confirm(WithOrigin(ctx, phoneB), c.Token, arbiter.Proof{PIN: " " + c.BlackPIN + " "}, byPIN, steps, arbiter.WhiteWins, nil, limits)
	if err != nil || rep.Status != arbiter.Confirmed || rep.ClosedBy != "web: Player 003 (black)" {
		t.Fatalf("Confirm = %+v, %v", rep, err)
	}
	s, err := db.Snapshot(ctx, tid)
	if err != nil {
		t.Fatal(err)
	}
	if got := s.Rounds[0].Boards[0].Result; got != arbiter.WhiteWins {
		t.Errorf("board 1 result after confirmation = %v, want 1-0", got)
	}
	if _, err := db.Report(WithOrigin(ctx, phoneB), c.Token, black, byPIN, steps, arbiter.BlackWins, nil, limits); !errors.Is(err, ErrConflict) {
		t.Errorf("Report on a board with a result = %v, want a conflict", err)
	}
	evs, err := db.Events(ctx, tid)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range evs[len(evs)-5:] {
		got = append(got, e.Action+" by "+e.Who+": "+e.New)
	}
	want := []string{
		"round.publish by tester: 2 board codes",
		"result.report by web: Player 001 (white): 1/2-1/2 from 192.168.1.20 (phone A)",
		"result.report by web: Player 001 (white): 1-0 from 192.168.1.20 (phone A)",
		"result.confirm by web: Player 003 (black): 1-0 from 192.168.1.21 (phone B)",
		"result.enter by web: Player 003 (black): 1-0",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("log =\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestReportAnswers: a report from the opponent's seat while one is open
// is the opponent's answer: the same result confirms it, another
// disputes it.
func TestReportAnswers(t *testing.T) {
	ctx := context.Background()
	db := mustOpenDB(t)
	tid, codes := publishedRound(t, db)
	o := arbiter.Origin{Who: "web"}
	for _, b := range []struct {
		board int
		black arbiter.Result
		want  string
	}{{1, arbiter.WhiteWins, arbiter.Confirmed}, {2, arbiter.Draw, arbiter.Disputed}} {
		c := codes[b.board]
		if _, err := db.Report(WithOrigin(ctx, o), c.Token, arbiter.Proof{PIN: c.WhitePIN}, byPIN, steps, arbiter.WhiteWins, nil, limits); err != nil {
			t.Fatal(err)
		}
		rep, err := db.Report(WithOrigin(ctx, o), c.Token, arbiter.Proof{PIN: c.BlackPIN}, byPIN, steps, b.black, nil, limits)
		if err != nil || rep.Status != b.want || rep.Seat != arbiter.White {
			t.Errorf("board %d: Black's report of %s = %+v, %v; want White's report %s", b.board, b.black, rep, err, b.want)
		}
	}
	s, _ := db.Snapshot(ctx, tid)
	if got := s.Rounds[0].Boards[0].Result; got != arbiter.WhiteWins {
		t.Errorf("board 1 = %v, want 1-0 reported by both", got)
	}
}

func TestDisputeQueue(t *testing.T) {
	ctx := context.Background()
	db := mustOpenDB(t)
	tid, codes := publishedRound(t, db)
	o := arbiter.Origin{Who: "phone"}
	// Board 1: the players disagree; board 2: nobody confirms.
	if _, err := db.Report(WithOrigin(ctx, o), codes[1].Token, arbiter.Proof{PIN: codes[1].BlackPIN}, byPIN, steps, arbiter.BlackWins, nil, limits); err != nil {
		t.Fatal(err)
	}
	rep, err := db.Confirm(WithOrigin(ctx, o), codes[1].Token, arbiter.Proof{PIN: codes[1].WhitePIN}, byPIN, steps, arbiter.Draw, nil, limits)
	if err != nil || rep.Status != arbiter.Disputed || rep.Other != arbiter.Draw {
		t.Fatalf("Confirm with another result = %+v, %v; want disputed", rep, err)
	}
	if _, err := db.Report(WithOrigin(ctx, o), codes[2].Token, arbiter.Proof{PIN: codes[2].WhitePIN}, byPIN, steps, arbiter.Draw, nil, limits); err != nil {
		t.Fatal(err)
	}
	q, err := db.Queue(ctx, tid, time.Hour)
	if err != nil || len(q) != 1 || q[0].Board != 1 {
		t.Fatalf("Queue(1h) = %+v, %v; want the dispute of board 1", q, err)
	}
	q, err = db.Queue(ctx, tid, 0)
	if err != nil || len(q) != 2 {
		t.Fatalf("Queue(0) = %+v, %v; want both boards", q, err)
	}
	if _, err := db.Accept(WithActor(ctx, "organizer"), tid, q[0].ID, arbiter.Draw, nil, stillOpen); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Accept(WithActor(ctx, "organizer"), tid, q[0].ID, arbiter.NoResult, nil, stillOpen); !errors.Is(err, ErrConflict) {
		t.Errorf("Accept twice = %v, want a conflict", err)
	}
	if _, err := db.Reject(WithActor(ctx, "organizer"), tid, q[1].ID, stillOpen); err != nil {
		t.Fatal(err)
	}
	s, _ := db.Snapshot(ctx, tid)
	if b := s.Rounds[0].Boards; b[0].Result != arbiter.Draw || b[1].Result != arbiter.NoResult {
		t.Errorf("results after accept and reject = %v, %v; want 1/2 and none", b[0].Result, b[1].Result)
	}
	// A rejected report leaves the board open to a new report, which the
	// organizer's own entry then supersedes.
	if _, err := db.Report(WithOrigin(ctx, o), codes[2].Token, arbiter.Proof{PIN: codes[2].BlackPIN}, byPIN, steps, arbiter.BlackWins, nil, limits); err != nil {
		t.Fatalf("Report after a rejection: %v", err)
	}
	if _, err := db.SetResult(ctx, tid, 1, 2, arbiter.BlackWins, "", false); err != nil {
		t.Fatal(err)
	}
	rs, _ := db.Reports(ctx, tid, 1)
	var st []string
	for _, r := range rs {
		st = append(st, r.Status)
	}
	if got, want := strings.Join(st, " "), "accepted rejected superseded"; got != want {
		t.Errorf("report statuses = %s, want %s", got, want)
	}
}

func TestTokenOfPastRound(t *testing.T) {
	ctx := context.Background()
	db := mustOpenDB(t)
	tid, codes := publishedRound(t, db)
	for b := 1; b <= 2; b++ {
		if _, err := db.SetResult(ctx, tid, 1, b, arbiter.Draw, "", false); err != nil {
			t.Fatal(err)
		}
	}
	pairRound(t, db, tid, 2, [][2]int{{2, 1}, {3, 4}}, 0)
	if _, err := db.BoardByToken(ctx, codes[1].Token); !errors.Is(err, ErrTokenExpired) {
		t.Errorf("round 1 code in round 2 = %v, want ErrTokenExpired", err)
	}
	if _, err := db.Report(ctx, codes[1].Token, arbiter.Proof{PIN: codes[1].WhitePIN}, byPIN, steps, arbiter.WhiteWins, nil, limits); !errors.Is(err, ErrTokenExpired) {
		t.Errorf("Report with a round 1 code in round 2 = %v, want ErrTokenExpired", err)
	}
	// Round 2 is a draft: no codes until it is published.
	if cs, _ := db.BoardCodes(ctx, tid, 2); len(cs) != 0 {
		t.Errorf("draft round 2 has %d codes, want none", len(cs))
	}
	if ts, err := db.BoardTokens(ctx, tid, 2); err != nil || len(ts) != 0 {
		t.Errorf("BoardTokens of draft round 2 = %v, %v; want none", ts, err)
	}
	// Unpairing deletes the codes and reports of the round with it.
	if _, _, err := db.Publish(ctx, tid, 2, firstFree); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Unpair(ctx, tid); err != nil {
		t.Fatal(err)
	}
	if cs, _ := db.BoardCodes(ctx, tid, 2); len(cs) != 0 {
		t.Errorf("unpaired round 2 has %d codes, want none", len(cs))
	}
}

func TestWebSettings(t *testing.T) {
	ctx := context.Background()
	db := mustOpenDB(t)
	tr := newTournament(t, db, "Web", 2)
	if got, err := db.WebSettings(ctx, tr.ID); err != nil || got.AutoConfirm || got.Wait() != arbiter.DefaultUnconfirmedAfter {
		t.Errorf("settings never set = %+v, %v; want reports queued after 10 minutes", got, err)
	}
	for _, c := range []struct {
		set, want arbiter.WebSettings
		err       string
	}{
		{arbiter.WebSettings{AutoPublish: true, PublicURL: "http://10.0.0.2:8080"},
			arbiter.WebSettings{AutoPublish: true, PublicURL: "http://10.0.0.2:8080", UnconfirmedAfter: 10 * time.Minute}, ""},
		{arbiter.WebSettings{AutoConfirm: true, UnconfirmedAfter: 5 * time.Minute},
			arbiter.WebSettings{AutoConfirm: true, UnconfirmedAfter: 5 * time.Minute}, ""},
		{arbiter.WebSettings{UnconfirmedAfter: 90 * time.Second}, arbiter.WebSettings{AutoConfirm: true, UnconfirmedAfter: 5 * time.Minute}, "whole number of minutes"},
		{arbiter.WebSettings{UnconfirmedAfter: 25 * time.Hour}, arbiter.WebSettings{AutoConfirm: true, UnconfirmedAfter: 5 * time.Minute}, "from 1 to 1440"},
	} {
		err := db.SetWebSettings(ctx, tr.ID, c.set)
		if (err == nil) != (c.err == "") || (err != nil && !strings.Contains(err.Error(), c.err)) {
			t.Errorf("SetWebSettings(%+v) = %v, want %q", c.set, err, c.err)
		}
		if got, err := db.WebSettings(ctx, tr.ID); err != nil || got != c.want {
			t.Errorf("after SetWebSettings(%+v): %+v, %v; want %+v", c.set, got, err, c.want)
		}
	}
}
