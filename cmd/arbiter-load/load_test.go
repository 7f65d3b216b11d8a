package main

import (
	"context"
	"net"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/web"
)

// TestRun plays a small load against a server in this process: every
// board's result is entered once, and every phone on the boards page
// shows every result, having heard of it on its stream.
func TestRun(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	path := filepath.Join(t.TempDir(), "load.db")
	const boards, phones = 3, 20
	tid, codes, err := makeEvening(ctx, path, boards)
	if err != nil {
		t.Fatal(err)
	}
	d, err := desk.Open(ctx, path, desk.ReadWrite, nil)
	if err != nil {
		t.Fatal(err)
	}
	srv, err := web.New(web.Config{Evening: d.Evening(tid, 10*time.Minute), Poll: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	sctx, stop := context.WithCancel(desk.WithActor(ctx, "arbiter-load test"))
	served := make(chan error, 1)
	go srv.Run(sctx)
	go func() { served <- srv.Serve(sctx, ln) }()

	want := map[int]arbiter.Result{1: arbiter.WhiteWins, 2: arbiter.Draw, 3: arbiter.BlackWins}
	p := plan{base: "http://" + ln.Addr().String(), phones: phones, codes: codes, want: want, settle: 10 * time.Second}
	if loopbackAliases() {
		p.addr = loopback
	}
	o := run(ctx, p)
	stop()
	if err := <-served; err != nil {
		t.Errorf("Serve: %v", err)
	}
	d.Close()

	if len(o.errs) > 0 || o.confirmed != boards || o.missing != 0 {
		t.Errorf("run: %d confirmed, %d never shown, errors %q", o.confirmed, o.missing, o.errs)
	}
	// A result shown may be told after the run ends (unheard), never
	// both or neither.
	if o.watchers != phones/2 || len(o.shown) != o.watchers*boards || len(o.stream)+o.unheard != len(o.shown) || len(o.stream) == 0 {
		t.Errorf("%d phones on the boards page, %d results shown, %d told, %d not told; want %d, %d shown and told", o.watchers, len(o.shown), len(o.stream), o.unheard, phones/2, phones/2*boards)
	}
	if len(o.pages) < phones || o.events == 0 {
		t.Errorf("%d pages fetched, %d events heard", len(o.pages), o.events)
	}
	r := &report{opts: options{phones: phones, boards: boards}, out: o}
	if err := r.check(path, tid, want); err != nil {
		t.Fatal(err)
	}
	if lost, doubled := r.lostDoubled(); lost != 0 || doubled != 0 || !r.ok() {
		t.Errorf("lost %d, doubled %d, wrong %q", lost, doubled, r.wrong)
	}
	var b strings.Builder
	r.print(&b)
	for _, w := range []string{"pages (all):", "stream propagation:", "3 confirmed, 0 lost, 0 doubled, 0 (phone, board) never shown", "load average before:"} {
		if !strings.Contains(b.String(), w) {
			t.Errorf("the report lacks %q:\n%s", w, b.String())
		}
	}
}

// TestCheckFindsDoubled: a board whose result was entered twice, or not
// as reported, is counted.
func TestCheckFindsDoubled(t *testing.T) {
	r := &report{opts: options{boards: 3}, entered: map[int]int{1: 1, 2: 2}, confirms: map[int]int{1: 1, 2: 1, 3: 2},
		wrong: []string{"board 1 is 0-1, reported 1-0"}, out: &outcome{confirmed: 3}}
	lost, doubled := r.lostDoubled()
	if lost != 2 || doubled != 2 || r.ok() {
		t.Errorf("lost %d, doubled %d, ok %v; want 2 (board 3 not entered, board 1 wrong), 2 (boards 2 and 3), false", lost, doubled, r.ok())
	}
}

func TestPageReading(t *testing.T) {
	page := `<main id="main" data-live data-state="42">
<tr id="board-1"><td class="num">1</td><td>A</td>
<td class="res">1-0</td><td>B</td></tr>
<tr id="board-2"><td class="num">2</td><td>C</td>
<td class="res"></td><td>D</td></tr>
<tr id="board-3"><td class="num">3</td><td>E</td>
<td class="res">½-½</td><td>F</td></tr>`
	if v, ok := pageState(page); !ok || v != 42 {
		t.Errorf("pageState = %d, %v; want 42", v, ok)
	}
	if _, ok := pageState("<main>"); ok {
		t.Errorf("pageState of a page without a state reads one")
	}
	if got := boardResults(page); !slices.Equal(got, []int{1, 3}) {
		t.Errorf("boardResults = %v, want [1 3]", got)
	}
}

func TestCredentials(t *testing.T) {
	c := arbiter.BoardCode{Token: "t", WhitePIN: "1111", BlackPIN: "2222"}
	tests := []struct {
		seat    arbiter.Colour
		confirm bool
		field   string
		want    string
	}{
		{arbiter.White, false, "pin", "1111"},
		{arbiter.Black, false, "pin", "2222"},
		{arbiter.White, true, "pin", "1111"},
		{arbiter.Black, true, "pin", "2222"},
	}
	for _, tt := range tests {
		v := credentials(c, tt.seat, tt.confirm)
		if v.Has("seat") {
			t.Errorf("credentials(%v, confirm %v) names a seat: a seat is proven, never typed", tt.seat, tt.confirm)
		}
		if got := v.Get(tt.field); got != tt.want {
			t.Errorf("credentials(%v, confirm %v)[%s] = %q, want %q", tt.seat, tt.confirm, tt.field, got, tt.want)
		}
	}
}

func TestOptionsBounded(t *testing.T) {
	tests := []struct {
		name string
		o    options
		ok   bool
	}{
		{"defaults", options{phones: 200, boards: 15}, true},
		{"no phones", options{phones: 0, boards: 15}, false},
		{"too many phones", options{phones: maxPhones + 1, boards: 15}, false},
		{"too many boards", options{phones: 10, boards: maxBoards + 1}, false},
		{"too long", options{phones: 10, boards: 1, timeout: time.Hour}, false},
	}
	for _, tt := range tests {
		err := tt.o.check()
		if (err == nil) != tt.ok {
			t.Errorf("%s: check() = %v, want ok %v", tt.name, err, tt.ok)
		}
		if err == nil && (tt.o.timeout <= 0 || tt.o.settle <= 0) {
			t.Errorf("%s: no time limit after check: %+v", tt.name, tt.o)
		}
	}
}
