package web

import (
	"context"
	"fmt"
	"html"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
)

// TestDoubleSwissBoards: the boards page of a Double-Swiss tournament
// (FIDE C.04.5) shows each match's score and both games, not game 1
// alone.
func TestDoubleSwissBoards(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	ctx = desk.WithActor(ctx, "web-test")
	d, err := desk.Open(ctx, filepath.Join(t.TempDir(), "arbiter.db"), desk.Create, nil)
	if err != nil {
		t.Fatal(err)
	}
	tn := arbiter.NewTournament("Double blitz")
	tn.DoubleBlitz()
	tn.FirstColour = arbiter.White
	if tn, err = d.CreateTournament(ctx, tn); err != nil {
		t.Fatal(err)
	}
	for i := range 4 {
		p := arbiter.Player{Name: fmt.Sprintf("Player %02d, Test", i+1), Rating: 2400 - 10*i}
		if _, err := d.AddEntry(ctx, tn.ID, p, desk.AddOptions{New: true}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := d.Pair(ctx, desk.PairRequest{}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := d.Publish(desk.WithActor(ctx, "web-test"), tn.ID, 0); err != nil {
		t.Fatal(err)
	}
	if _, err := d.EnterMatch(ctx, desk.MatchRequest{Board: 1, Match: arbiter.Match{First: arbiter.WhiteWins, Second: arbiter.Draw}}); err != nil {
		t.Fatal(err)
	}
	srv, err := New(Config{Evening: d.Evening(tn.ID, 10*time.Minute), Poll: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); srv.Run(ctx) }()
	go func() { defer wg.Done(); srv.Serve(ctx, ln) }()
	t.Cleanup(func() {
		cancel()
		wg.Wait()
		d.Close()
	})
	resp, err := (&http.Client{Timeout: 10 * time.Second}).Get("http://" + ln.Addr().String() + "/")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	if page := html.UnescapeString(string(body)); !strings.Contains(page, "1½-½ (1-0 ½-½)") {
		t.Errorf("the boards page lacks board 1's match, 1½-½ (1-0 ½-½):\n%s", page)
	}
}

// TestDoubleSwissFromPhones: the forms of a Double-Swiss board (C.04.5)
// as a phone without JavaScript posts them: a single result is refused,
// the two games reported, the reporter's own PIN does not confirm, the
// opponent's confirmation of the same games enters the match.
func TestDoubleSwissFromPhones(t *testing.T) {
	t.Parallel()
	f := openClub(t, clubSetup{double: true})
	e := &evening{t: t, d: f.d, ev: f.ev, tid: f.tid, ts: f.ts, codes: f.codes}
	white, black := e.phone("white"), e.phone("black")
	b1 := e.board(1)
	if code, page := white.post(b1, "/report", "pin", f.codes[1].WhitePIN, "result", "1-0"); code != http.StatusBadRequest ||
		!strings.Contains(page, "Pick a match score, or the result of both games.") {
		t.Errorf("one game's result for a match = %d:\n%s", code, page)
	}
	if code, loc := white.post(b1, "/report", "pin", f.codes[1].WhitePIN, "game1", "1-0", "game2", "0-1"); code != http.StatusSeeOther ||
		!strings.HasSuffix(loc, "done=reported") {
		t.Fatalf("report of both games = %d %s, want a redirect to done=reported", code, loc)
	}
	if _, page := black.get(b1); !strings.Contains(page, "White reported 2-0 (1-0 0-1).") || !strings.Contains(page, `value="1-0 0-1"`) {
		t.Errorf("the opponent's page does not offer to confirm the match:\n%s", page)
	}
	if code, page := white.post(b1, "/confirm", "pin", f.codes[1].WhitePIN, "result", "1-0 0-1"); code != http.StatusForbidden ||
		!strings.Contains(page, "White reported this result: Black confirms it") {
		t.Errorf("the reporter confirming = %d:\n%s", code, page)
	}
	if got := f.matches(1)[0]; got != (arbiter.Match{}) {
		t.Errorf("board 1 = %s before the opponent confirmed, want nothing", got)
	}
	if code, loc := black.post(b1, "/confirm", "pin", f.codes[1].BlackPIN, "result", "1-0 0-1"); code != http.StatusSeeOther ||
		!strings.HasSuffix(loc, "done=confirmed") {
		t.Fatalf("confirmation = %d %s, want a redirect to done=confirmed", code, loc)
	}
	if got, want := f.matches(1)[0], (arbiter.Match{First: arbiter.WhiteWins, Second: arbiter.BlackWins}); got != want {
		t.Errorf("board 1 = %s after the confirmation, want %s", got, want)
	}
}

// TestMatchText: a match reads as its score and both games, the rare
// games of the C.04.5 Preface included.
func TestMatchText(t *testing.T) {
	s := &Server{}
	tests := []struct {
		m    arbiter.Match
		want string
	}{
		{arbiter.Match{}, ""},
		{arbiter.Match{First: arbiter.WhiteWins, Second: arbiter.Draw}, "1½-½ (1-0 ½-½)"},
		{arbiter.Match{First: arbiter.BlackForfeit, Second: arbiter.WhiteWins}, "0-2 (- + 1-0)"},
		{arbiter.Match{First: arbiter.HalfZero, Second: arbiter.ZeroZero}, "½-0 (½-0 0-0)"},
		{arbiter.Match{First: arbiter.Draw, Second: arbiter.ZeroHalf}, "1-½ (½-½ 0-½)"},
	}
	for _, tt := range tests {
		if got := s.matchText(tt.m); got != tt.want {
			t.Errorf("matchText(%s) = %q, want %q", tt.m, got, tt.want)
		}
	}
}

// TestConsoleNewDoubleSwiss: the console's form creates a Double-Swiss
// tournament as tournament new does, with --preset double-blitz or
// --system double-swiss: the byes in game points of a match (C.04.5
// Preface: byes apply to matches), the preset's rounds and time control.
func TestConsoleNewDoubleSwiss(t *testing.T) {
	tests := []struct {
		name   string
		fields []string
		code   int
		want   func() arbiter.Tournament // the settings that matter
	}{
		{name: "double-blitz preset", fields: []string{"preset", "double-blitz"}, code: http.StatusSeeOther,
			want: func() arbiter.Tournament { t := arbiter.NewTournament("x"); t.DoubleBlitz(); return t }},
		{name: "double-swiss system", fields: []string{"system", "double-swiss", "rounds", "4"}, code: http.StatusSeeOther,
			want: func() arbiter.Tournament {
				t := arbiter.NewTournament("x")
				t.DoubleSwissValues()
				t.Rounds = 4
				return t
			}},
		{name: "Labyrinth evening as a Double-Swiss", fields: []string{"preset", "labyrinth", "system", "double-swiss"}, code: http.StatusSeeOther,
			want: func() arbiter.Tournament {
				t := arbiter.NewTournament("x")
				t.Labyrinth()
				t.DoubleSwissValues()
				return t
			}},
		{name: "no system given: Swiss", fields: []string{"preset", ""}, code: http.StatusSeeOther,
			want: func() arbiter.Tournament { return arbiter.NewTournament("x") }},
		{name: "unknown system", fields: []string{"system", "triple"}, code: http.StatusBadRequest},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newConsoleFixture(t)
			org := f.organizer("en")
			fields := append([]string{"name", "Double blitz", "first-colour", "white", "lang", "en"}, tt.fields...)
			code, loc := org.post("/admin/new", "/admin/new", fields...)
			if code != tt.code {
				t.Fatalf("create with %q = %d %s, want %d", tt.fields, code, loc, tt.code)
			}
			if tt.want == nil {
				if !strings.Contains(errorOf(loc), "triple") {
					t.Errorf("the refusal reads %q, want it to name the system typed", errorOf(loc))
				}
				if ts, err := f.d.Tournaments(context.Background()); err != nil || len(ts) != 0 {
					t.Errorf("after a refusal the database has %d tournaments (%v)", len(ts), err)
				}
				return
			}
			got, want := f.snap().Tournament, tt.want()
			if got.System != want.System || got.PABValue != want.PABValue || got.HalfByeValue != want.HalfByeValue ||
				got.LateValue != want.LateValue || got.Rounds != want.Rounds || got.TimeControl != want.TimeControl || got.Pace != want.Pace {
				t.Errorf("created %v, %d rounds, %q %v, byes %v/%v/%v; want %v, %d rounds, %q %v, byes %v/%v/%v",
					got.System, got.Rounds, got.TimeControl, got.Pace, got.PABValue, got.HalfByeValue, got.LateValue,
					want.System, want.Rounds, want.TimeControl, want.Pace, want.PABValue, want.HalfByeValue, want.LateValue)
			}
		})
	}
}
