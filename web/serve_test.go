package web

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
)

// served is a tournament on a new database, round 1 paired and
// published, served by Serve on 127.0.0.1.
type served struct {
	t   *testing.T
	ctx context.Context
	d   *desk.Desk
	tid int64
	srv *Server
	url string // http://127.0.0.1:port
}

// serveEvening serves a tournament of 2*boards players in language lang,
// with limits (zero fields: the defaults).
func serveEvening(t *testing.T, lang string, boards int, limits Limits) *served {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	ctx = desk.WithActor(ctx, "web-test")
	d, err := desk.Open(ctx, filepath.Join(t.TempDir(), "arbiter.db"), desk.Create, nil)
	if err != nil {
		t.Fatal(err)
	}
	tn := arbiter.NewTournament("Club Night")
	tn.FirstColour, tn.Rounds, tn.Language = arbiter.White, 5, lang
	if tn, err = d.CreateTournament(ctx, tn); err != nil {
		t.Fatal(err)
	}
	for i := range 2 * boards {
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
	f := &served{t: t, ctx: ctx, d: d, tid: tn.ID}
	f.srv, err = New(Config{Evening: d.Evening(tn.ID, 10*time.Minute), Poll: 50 * time.Millisecond, Limits: limits})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	f.url = "http://" + ln.Addr().String()
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); f.srv.Run(ctx) }()
	go func() {
		defer wg.Done()
		if err := f.srv.Serve(ctx, ln); err != nil {
			t.Errorf("Serve: %v", err)
		}
	}()
	t.Cleanup(func() {
		cancel()
		wg.Wait()
		d.Close()
	})
	return f
}

// phoneAt returns a client whose connections come from loopback address
// ip (127.0.0.0/8): a phone of its own.
func phoneAt(ip string) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 5 * time.Second}
	return &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{DialContext: d.DialContext, MaxConnsPerHost: 0}}
}

// get fetches path with Accept-Language lang ("" for none) and returns
// the status and the body.
func (f *served) get(c *http.Client, path, lang string) (int, string) {
	f.t.Helper()
	req, err := http.NewRequest("GET", f.url+path, nil)
	if err != nil {
		f.t.Fatal(err)
	}
	if lang != "" {
		req.Header.Set("Accept-Language", lang)
	}
	resp, err := c.Do(req)
	if err != nil {
		f.t.Fatalf("GET %s: %v", path, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// enter enters result r on board b of round 1 as the command line beside
// the server does, and waits until the server has read the change, as
// its poll of the log does within Poll (TestPageAfterChange tests the
// poll itself).
func (f *served) enter(b int, r arbiter.Result) {
	f.t.Helper()
	if _, err := f.d.EnterResult(f.ctx, desk.ResultRequest{Round: 1, Board: b, Result: r}); err != nil {
		f.t.Fatal(err)
	}
	if _, err := f.srv.load(f.ctx); err != nil {
		f.t.Fatal(err)
	}
}

// TestPagesInTournamentLanguage: an Italian tournament's pages are
// Italian on a browser set to English, words and figures alike; an
// English tournament's are English on an Italian browser.
func TestPagesInTournamentLanguage(t *testing.T) {
	it := serveEvening(t, "it", 2, Limits{})
	it.enter(1, arbiter.Draw)
	en := serveEvening(t, "en", 2, Limits{})
	en.enter(1, arbiter.Draw)
	c := phoneAt("127.0.0.1")
	tests := []struct {
		name, path, accept string
		f                  *served
		want, not          []string
	}{
		{"boards", "/", "en-US", it, []string{`<html lang="it">`, "1° turno", "Trova la mia scacchiera"}, []string{"Round 1", "Find my board"}},
		{"standings", "/standings", "en-US,en;q=0.9", it, []string{`<html lang="it">`, "Classifica"}, []string{"Standings"}},
		{"player", "/player/1", "en", it, []string{`<html lang="it">`, "½"}, []string{"Round 1"}},
		{"find", "/find", "en-GB", it, []string{`<html lang="it">`}, []string{`<html lang="en">`}},
		{"English on an Italian phone", "/", "it-IT,it;q=0.9", en, []string{`<html lang="en">`, "Round 1"}, []string{"1° turno"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, page := tt.f.get(c, tt.path, tt.accept)
			if code != http.StatusOK {
				t.Fatalf("GET %s = %d", tt.path, code)
			}
			for _, w := range tt.want {
				if !strings.Contains(page, w) {
					t.Errorf("GET %s (Accept-Language %s) lacks %q", tt.path, tt.accept, w)
				}
			}
			for _, w := range tt.not {
				if strings.Contains(page, w) {
					t.Errorf("GET %s (Accept-Language %s) shows %q", tt.path, tt.accept, w)
				}
			}
		})
	}
}

// TestPageAfterChange: a page drawn once is drawn again after a change,
// whether the change comes from the server or from the command line
// beside it: the page after a result shows it.
func TestPageAfterChange(t *testing.T) {
	f := serveEvening(t, "en", 2, Limits{})
	c := phoneAt("127.0.0.1")
	_, before := f.get(c, "/", "")
	_, again := f.get(c, "/", "")
	if before != again {
		t.Fatalf("the boards page differs with no change between")
	}
	if strings.Contains(before, `<td class="res">1-0</td>`) {
		t.Fatalf("the boards page shows 1-0 before any result:\n%s", before)
	}
	_, standings := f.get(c, "/standings", "")
	f.enter(1, arbiter.WhiteWins)
	// The server sees the command line's change within its poll.
	deadline := time.Now().Add(5 * time.Second)
	var page string
	for time.Now().Before(deadline) {
		if _, page = f.get(c, "/", ""); strings.Contains(page, `<td class="res">1-0</td>`) {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if !strings.Contains(page, `<td class="res">1-0</td>`) {
		t.Fatalf("the boards page after 1-0 on board 1 does not show it:\n%s", page)
	}
	if _, now := f.get(c, "/standings", ""); now == standings {
		t.Errorf("the standings page is the same after a result")
	}
	// Right after the server's own write, without waiting for a poll.
	f.srv.changed(f.ctx)
	f.enter(2, arbiter.BlackWins)
	f.srv.changed(f.ctx)
	if _, page = f.get(c, "/", ""); !strings.Contains(page, `<td class="res">0-1</td>`) {
		t.Errorf("the boards page right after a change the server was told of lacks 0-1:\n%s", page)
	}
}

// stream is an open event stream.
type stream struct {
	resp *http.Response
	sc   *bufio.Scanner
}

// openStream opens /events?page=path from client c.
func (f *served) openStream(c *http.Client, path string) (*stream, int) {
	f.t.Helper()
	req, _ := http.NewRequestWithContext(f.ctx, "GET", f.url+"/events?page="+path, nil)
	resp, err := c.Do(req)
	if err != nil {
		f.t.Fatalf("GET /events: %v", err)
	}
	if resp.StatusCode != http.StatusOK {
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return nil, resp.StatusCode
	}
	f.t.Cleanup(func() { resp.Body.Close() })
	return &stream{resp: resp, sc: bufio.NewScanner(resp.Body)}, resp.StatusCode
}

// next returns the next event of s and its data, or "" when none comes
// within wait.
func (s *stream) next(wait time.Duration) (event, data string) {
	type ev struct{ event, data string }
	got := make(chan ev, 1)
	go func() {
		var e ev
		for s.sc.Scan() {
			line := s.sc.Text()
			switch {
			case strings.HasPrefix(line, "event: "):
				e.event = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "data: "):
				e.data = strings.TrimPrefix(line, "data: ")
			case line == "" && e.event != "":
				got <- e
				return
			}
		}
		close(got)
	}()
	select {
	case e, ok := <-got:
		if ok {
			return e.event, e.data
		}
	case <-time.After(wait):
		s.resp.Body.Close() // ends the reader above
	}
	return "", ""
}

// TestStreamsTellChangedPages: a stream watching a page hears of a change
// only when its page looks different, with the version the page then
// says it shows; a stream of a page for one visitor hears of every change.
func TestStreamsTellChangedPages(t *testing.T) {
	f := serveEvening(t, "en", 2, Limits{})
	c := phoneAt("127.0.0.1")
	_, home := f.get(c, "/", "")
	season, _ := f.openStream(c, "/season") // no season: a result changes nothing there
	boards, _ := f.openStream(c, "/")
	every, _ := f.openStream(c, "/admin")
	var hello [3]string
	for i, s := range []*stream{season, boards, every} {
		ev, data := s.next(5 * time.Second)
		if ev != "hello" {
			t.Fatalf("stream %d: first event %q, want hello", i, ev)
		}
		hello[i] = data
	}
	if !strings.Contains(home, ` data-state="`+hello[1]+`"`) {
		t.Errorf("the hello of / says %s, the page %s", hello[1], home[strings.Index(home, "data-state"):][:30])
	}
	f.enter(1, arbiter.WhiteWins)
	ev, data := boards.next(5 * time.Second)
	if ev != "change" {
		t.Fatalf("the stream of / after a result: %q, want change", ev)
	}
	// "VERSION SPREAD": three streams told, each a share of the spread.
	data, spread, _ := strings.Cut(data, " ")
	if ms, err := strconv.Atoi(spread); err != nil || ms < 0 || ms > int(maxSpread/time.Millisecond) {
		t.Errorf("the change's spread %q, want 0 to %v in milliseconds", spread, maxSpread)
	}
	_, home = f.get(c, "/", "")
	if !strings.Contains(home, ` data-state="`+data+`"`) || !strings.Contains(home, `<td class="res">1-0</td>`) {
		t.Errorf("the change says version %s; the page:\n%s", data, home)
	}
	if ev, _ := every.next(5 * time.Second); ev != "change" {
		t.Errorf("the stream of /admin after a result: %q, want change", ev)
	}
	if ev, data := season.next(500 * time.Millisecond); ev != "" {
		t.Errorf("the stream of /season heard %s %s, a page that did not change", ev, data)
	}
	if v, _ := strconv.ParseInt(data, 10, 64); v <= 0 {
		t.Errorf("version %q", data)
	}
}

// closedWithin reports how long the server took to close conn, reading
// (and discarding) whatever it sends, up to limit.
func closedWithin(conn net.Conn, limit time.Duration) (time.Duration, bool) {
	start := time.Now()
	conn.SetReadDeadline(start.Add(limit))
	_, err := io.Copy(io.Discard, conn)
	if ne, ok := err.(net.Error); ok && ne.Timeout() {
		return time.Since(start), false
	}
	return time.Since(start), true
}

// TestSlowClientsClosed: a request sent one byte at a time, its body or
// its headers, and a connection left idle, before or between requests,
// are closed by the server once their timeout is over, here made short.
func TestSlowClientsClosed(t *testing.T) {
	lim := Limits{ReadHeader: 400 * time.Millisecond, Read: time.Second, Write: time.Second, Idle: time.Second}
	f := serveEvening(t, "en", 1, lim)
	addr := strings.TrimPrefix(f.url, "http://")
	dribble := func(conn net.Conn, text string, every time.Duration) {
		for i := range len(text) {
			if _, err := conn.Write([]byte{text[i]}); err != nil {
				return
			}
			time.Sleep(every)
		}
	}
	tests := []struct {
		name  string
		limit time.Duration // the server's timeout
		do    func(conn net.Conn)
	}{
		{"body one byte at a time", lim.Read, func(conn net.Conn) {
			io.WriteString(conn, "POST /admin/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\n")
			go dribble(conn, strings.Repeat("a", 1000), 50*time.Millisecond)
		}},
		{"headers one byte at a time", lim.ReadHeader, func(conn net.Conn) {
			go dribble(conn, "GET / HTTP/1.1\r\nHost: x\r\nX-Slow: "+strings.Repeat("b", 500)+"\r\n\r\n", 50*time.Millisecond)
		}},
		{"idle before a request", lim.ReadHeader, func(net.Conn) {}},
		{"idle after a request", lim.Idle, func(conn net.Conn) {
			io.WriteString(conn, "GET /standings HTTP/1.1\r\nHost: x\r\n\r\n")
			resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
			if err != nil || resp.StatusCode != http.StatusOK {
				t.Errorf("GET /standings = %v, %v", resp, err)
				return
			}
			io.Copy(io.Discard, resp.Body)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			conn, err := net.Dial("tcp", addr)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			tt.do(conn)
			// Well within the 25 s and more the client would go on for.
			took, closed := closedWithin(conn, tt.limit+5*time.Second)
			if !closed {
				t.Errorf("still open after %v; the timeout is %v", took, tt.limit)
			}
		})
	}
}

// TestDefaultLimits: the timeouts a server takes by default close a slow
// body and an idle connection within a minute, leave the event streams
// open, and hold fewer connections than the files it may open.
func TestDefaultLimits(t *testing.T) {
	d := DefaultLimits()
	for _, x := range []struct {
		name string
		v    time.Duration
	}{{"ReadHeader", d.ReadHeader}, {"Read", d.Read}, {"Write", d.Write}, {"Idle", d.Idle}, {"StreamWrite", d.StreamWrite}} {
		if x.v <= 0 || x.v > 60*time.Second {
			t.Errorf("default %s = %v, want within (0, 60 s]", x.name, x.v)
		}
	}
	if n := fileLimit(); n > 0 && d.Conns+max(16, d.Conns/8) >= n {
		t.Errorf("default Conns = %d and its margin reach the file limit %d", d.Conns, n)
	}
	if d.Streams >= d.Conns || d.StreamsPerAddress >= 300 || d.StreamsPerAddress > d.ConnsPerAddress || d.ConnsPerAddress >= d.Conns {
		t.Errorf("default limits %+v: streams leave no room for pages, or one address may take them all", d)
	}
	// A server given no limits takes these.
	srv, err := New(Config{Evening: nil})
	if err != nil {
		t.Fatal(err)
	}
	hs := srv.httpServer(context.Background())
	if hs.ReadHeaderTimeout != d.ReadHeader || hs.ReadTimeout != d.Read || hs.WriteTimeout != d.Write || hs.IdleTimeout != d.Idle {
		t.Errorf("http.Server timeouts %v %v %v %v, want the defaults %+v", hs.ReadHeaderTimeout, hs.ReadTimeout, hs.WriteTimeout, hs.IdleTimeout, d)
	}
	if srv.limits != d {
		t.Errorf("limits %+v, want the defaults %+v", srv.limits, d)
	}
}

// TestStreamsFromOneAddress: 300 event streams from one address hold no
// more than its share; the others are refused with 503 and Retry-After,
// and pages and streams keep answering for everyone else.
func TestStreamsFromOneAddress(t *testing.T) {
	f := serveEvening(t, "en", 2, Limits{})
	greedy := phoneAt("127.0.0.2")
	var mu sync.Mutex
	codes := map[int]int{}
	var held []*http.Response
	var wg sync.WaitGroup
	for range 300 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			req, _ := http.NewRequestWithContext(f.ctx, "GET", f.url+"/events?page=/", nil)
			resp, err := greedy.Do(req)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				codes[0]++
				return
			}
			codes[resp.StatusCode]++
			if resp.StatusCode == http.StatusOK {
				held = append(held, resp)
				return
			}
			if resp.Header.Get("Retry-After") == "" {
				t.Errorf("a refusal %d without Retry-After", resp.StatusCode)
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}()
	}
	wg.Wait()
	lim := DefaultLimits()
	if codes[http.StatusOK] == 0 || codes[http.StatusOK] > lim.StreamsPerAddress {
		t.Errorf("%d streams held from one address, want 1 to %d (answers %v)", codes[http.StatusOK], lim.StreamsPerAddress, codes)
	}
	if codes[http.StatusServiceUnavailable]+codes[http.StatusOK] != 300 {
		t.Errorf("answers to 300 streams: %v, want 200 or 503 only", codes)
	}
	other := phoneAt("127.0.0.3")
	start := time.Now()
	if code, page := f.get(other, "/", ""); code != http.StatusOK || !strings.Contains(page, "Round 1") {
		t.Errorf("another phone's page = %d", code)
	}
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("another phone's page took %v", took)
	}
	if s, code := f.openStream(other, "/"); s == nil {
		t.Errorf("another phone's stream = %d, want 200", code)
	}
	// A stream closed leaves its place to the next.
	for _, r := range held {
		r.Body.Close()
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		s, code := f.openStream(greedy, "/")
		if s != nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the address's streams closed, a new one is still refused: %d", code)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestConnectionLimit: beyond the connections it holds, the server
// answers 503 with Retry-After rather than run out of files, keeps room
// for pages beside the event streams, and serves again once the
// connections are gone.
func TestConnectionLimit(t *testing.T) {
	lim := Limits{Conns: 20, ConnsPerAddress: 4, Streams: 10, StreamsPerAddress: 2, ReadHeader: 500 * time.Millisecond}
	f := serveEvening(t, "en", 2, lim)
	held := 0
	for i := range 30 {
		if s, _ := f.openStream(phoneAt(fmt.Sprintf("127.0.1.%d", i+1)), "/"); s != nil {
			held++
		}
	}
	if held != lim.Streams {
		t.Errorf("%d streams held from 30 addresses, want %d", held, lim.Streams)
	}
	// The refused streams' connections close as soon as they are
	// answered; then there is room for a page.
	for deadline := time.Now().Add(3 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		code, _ := f.get(phoneAt("127.0.2.1"), "/standings", "")
		if code == http.StatusOK {
			break
		}
		if time.Now().After(deadline) {
			t.Errorf("a page beside the streams = %d, want 200", code)
			break
		}
	}
	// Connections that say nothing fill the rest.
	addr := strings.TrimPrefix(f.url, "http://")
	var silent []net.Conn
	for i := range 12 {
		d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.IPv4(127, 0, 3, byte(i+1))}}
		c, err := d.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		silent = append(silent, c)
	}
	defer func() {
		for _, c := range silent {
			c.Close()
		}
	}()
	time.Sleep(100 * time.Millisecond) // accepted
	req, _ := http.NewRequest("GET", f.url+"/standings", nil)
	resp, err := phoneAt("127.0.2.2").Do(req)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") == "" {
		t.Errorf("a page with every connection taken = %d, Retry-After %q; want 503 with Retry-After", resp.StatusCode, resp.Header.Get("Retry-After"))
	}
	// The silent ones time out; pages answer again.
	deadline := time.Now().Add(5 * time.Second)
	for {
		code, _ := f.get(phoneAt("127.0.2.3"), "/standings", "")
		if code == http.StatusOK {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("pages still refused after the silent connections timed out: %d", code)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// TestStreamOutlivesTimeouts: an event stream stays open past the read,
// write and idle timeouts of a request, and still tells its page.
func TestStreamOutlivesTimeouts(t *testing.T) {
	lim := Limits{ReadHeader: 300 * time.Millisecond, Read: 300 * time.Millisecond, Write: 300 * time.Millisecond, Idle: 300 * time.Millisecond}
	f := serveEvening(t, "en", 1, lim)
	s, code := f.openStream(phoneAt("127.0.0.1"), "/")
	if s == nil {
		t.Fatalf("stream = %d", code)
	}
	if ev, _ := s.next(5 * time.Second); ev != "hello" {
		t.Fatalf("first event %q, want hello", ev)
	}
	time.Sleep(4 * lim.Read)
	f.enter(1, arbiter.Draw)
	if ev, data := s.next(5 * time.Second); ev != "change" {
		t.Errorf("after the timeouts the stream heard %q %q, want a change", ev, data)
	}
}

// TestStandingsFigures: the standings page writes the tie-breaks as the
// sheets and the terminal do (locale.Figure): Buchholz in halves, the
// Sonneborn-Berger column, which has quarters, in two decimals with the
// Italian comma.
func TestStandingsFigures(t *testing.T) {
	f := serveEvening(t, "it", 2, Limits{})
	f.enter(1, arbiter.Draw)      // 1 - 3
	f.enter(2, arbiter.WhiteWins) // 4 - 2
	c := phoneAt("127.0.0.1")
	row := func(page, name string) string {
		_, rest, _ := strings.Cut(page, ">"+name+"</a>")
		line, _, _ := strings.Cut(rest, "</tr>")
		return line
	}
	var page string
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if _, page = f.get(c, "/standings", "en-US"); strings.Contains(row(page, "Player 04, Test"), `pts">1<`) {
			break
		}
	}
	tests := []struct {
		name, want string
	}{
		{"Player 01, Test", `<td class="num pts">½</td><td class="num">½</td><td class="num">-</td><td class="num">0,25</td>`},
		{"Player 04, Test", `<td class="num pts">1</td><td class="num">0</td><td class="num">-</td><td class="num">0,00</td>`},
	}
	for _, tt := range tests {
		if got := row(page, tt.name); !strings.Contains(got, tt.want) {
			t.Errorf("%s: %s, want %s", tt.name, got, tt.want)
		}
	}
}
