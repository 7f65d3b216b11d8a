package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/labyrinth-chess/arbiter"
)

// plan is one run of the load against a server already serving an
// evening whose round 1 is published.
type plan struct {
	base   string                    // http://127.0.0.1:port
	phones int                       // phones holding the event stream
	codes  map[int]arbiter.BoardCode // the boards that report, by number
	want   map[int]arbiter.Result    // what each board reports
	spread time.Duration             // the boards report within this time
	settle time.Duration             // how long the phones may take to show the last result
	ramp   time.Duration             // the phones come in within this time
	addr   func(i int) net.IP        // the loopback address of phone i (nil: the system's)
}

// outcome is what a run measured.
type outcome struct {
	pages      []time.Duration // every page a phone fetched
	herd       []time.Duration // the pages fetched because a change was told
	stream     []time.Duration // a board's confirmation to the change event telling a phone of the page that shows it
	shown      []time.Duration // a board's confirmation to a phone showing its result
	events     int             // change events the phones heard
	refused    int             // answers 503 (pages and streams)
	errs       []string        // what went wrong, first ones
	missing    int             // (phone, board) pairs never shown by the end
	unheard    int             // (phone, board) pairs shown, but never told by the stream
	watchers   int             // phones on the boards page, which see the results
	confirmed  int             // boards whose confirmation was answered
	reportTime []time.Duration // report and confirmation, answered
}

func (o *outcome) fail(format string, args ...any) {
	if len(o.errs) < 20 {
		o.errs = append(o.errs, fmt.Sprintf(format, args...))
	}
}

// pageOf is the page phone i watches: half of them the boards, the rest
// the standings, the crosstable, a player and the search.
func pageOf(i, players int) string {
	switch i % 10 {
	case 5, 6:
		return "/standings"
	case 7:
		return "/crosstable"
	case 8:
		return "/player/" + strconv.Itoa(i/10%players+1)
	case 9:
		return "/find"
	}
	return "/"
}

// client is one device: its own address, connections and cookies.
func client(ip net.IP) *http.Client {
	d := &net.Dialer{Timeout: 10 * time.Second}
	if ip != nil {
		d.LocalAddr = &net.TCPAddr{IP: ip}
	}
	jar, _ := cookiejar.New(nil)
	return &http.Client{
		Transport: &http.Transport{DialContext: d.DialContext, MaxIdleConnsPerHost: 4, DisableCompression: true},
		Jar:       jar,
		CheckRedirect: func(*http.Request, []*http.Request) error {
			return http.ErrUseLastResponse
		},
	}
}

// loopback returns the i-th address of 127.0.0.0/8 from 127.1.0.1 on.
func loopback(i int) net.IP {
	return net.IPv4(127, byte(1+i/(250*250)), byte(i/250%250), byte(i%250+1))
}

var csrfField = regexp.MustCompile(`name="csrf" value="([0-9a-f]+)"`)

// pageState reads the version a page says it shows (its data-state).
func pageState(body string) (int64, bool) {
	_, rest, ok := strings.Cut(body, ` data-state="`)
	if !ok {
		return 0, false
	}
	num, _, _ := strings.Cut(rest, `"`)
	v, err := strconv.ParseInt(num, 10, 64)
	return v, err == nil
}

// boardResults returns the boards whose result the boards page shows.
func boardResults(body string) []int {
	var out []int
	for {
		_, rest, ok := strings.Cut(body, `<tr id="board-`)
		if !ok {
			return out
		}
		num, rest, _ := strings.Cut(rest, `"`)
		_, rest, ok = strings.Cut(rest, `<td class="res">`)
		if !ok {
			return out
		}
		res, rest, _ := strings.Cut(rest, "<")
		if b, err := strconv.Atoi(num); err == nil && strings.TrimSpace(res) != "" {
			out = append(out, b)
		}
		body = rest
	}
}

// run plays the plan: the phones come in and hold their streams; once
// all have said hello, the boards report and confirm; the run ends when
// every phone on the boards page shows every result, or settle after the
// last confirmation.
func run(ctx context.Context, p plan) *outcome {
	o := &outcome{}
	var mu sync.Mutex // guards o
	record := func(f func()) { mu.Lock(); f(); mu.Unlock() }
	confirmedAt := make(map[int]time.Time, len(p.codes))

	// A phone on the boards page notes when it first shows each result,
	// and which event made it fetch the page.
	// and which version of the page first showed it; it notes every
	// change event it hears.
	type sight struct {
		shown   time.Time
		version int64
	}
	type heard struct {
		version int64
		at      time.Time
	}
	players := 2 * len(p.codes)
	seen := make([]map[int]sight, p.phones)
	heardBy := make([][]heard, p.phones)

	fetch := func(c *http.Client, path string, herd bool) (string, bool) {
		start := time.Now()
		req, _ := http.NewRequestWithContext(ctx, "GET", p.base+path, nil)
		resp, err := c.Do(req)
		if err != nil {
			if ctx.Err() == nil {
				record(func() { o.fail("GET %s: %v", path, err) })
			}
			return "", false
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		took := time.Since(start)
		record(func() {
			switch {
			case resp.StatusCode == http.StatusServiceUnavailable:
				o.refused++
			case resp.StatusCode != http.StatusOK || err != nil:
				o.fail("GET %s: %d %v", path, resp.StatusCode, err)
			default:
				o.pages = append(o.pages, took)
				if herd {
					o.herd = append(o.herd, took)
				}
			}
		})
		return string(body), resp.StatusCode == http.StatusOK && err == nil
	}

	phoneCtx, stopPhones := context.WithCancel(ctx)
	defer stopPhones()
	var hello, done sync.WaitGroup
	hello.Add(p.phones)
	for i := range p.phones {
		done.Add(1)
		var ip net.IP
		if p.addr != nil {
			ip = p.addr(i)
		}
		page := pageOf(i, players)
		if page == "/" {
			seen[i] = map[int]sight{}
			o.watchers++
		}
		go func() {
			defer done.Done()
			said := false
			defer func() {
				if !said {
					hello.Done()
				}
			}()
			if p.ramp > 0 {
				select {
				case <-time.After(time.Duration(rand.Int64N(int64(p.ramp)))):
				case <-phoneCtx.Done():
					return
				}
			}
			c := client(ip)
			defer c.CloseIdleConnections()
			var shown atomic.Int64 // the version of the page shown
			look := func(herd bool) {
				body, ok := fetch(c, page, herd)
				if !ok {
					return
				}
				v, _ := pageState(body)
				shown.Store(v)
				if seen[i] == nil {
					return
				}
				now := time.Now()
				rows := boardResults(body)
				record(func() {
					for _, b := range rows {
						if _, ok := seen[i][b]; !ok {
							seen[i][b] = sight{shown: now, version: v}
						}
					}
				})
			}
			look(false)
			req, _ := http.NewRequestWithContext(phoneCtx, "GET", p.base+"/events?page="+url.QueryEscape(page), nil)
			resp, err := c.Do(req)
			if err != nil {
				if phoneCtx.Err() == nil {
					record(func() { o.fail("phone %d: stream: %v", i, err) })
				}
				return
			}
			defer resp.Body.Close()
			if resp.StatusCode != http.StatusOK {
				record(func() {
					o.refused++
					o.fail("phone %d: stream answered %d", i, resp.StatusCode)
				})
				return
			}
			// The page is fetched by one goroutine, one fetch at a time,
			// the newest telling winning, as the pages' script does.
			kick := make(chan struct{}, 1)
			fetched := make(chan struct{})
			go func() {
				defer close(fetched)
				for {
					select {
					case <-kick:
						look(true)
					case <-phoneCtx.Done():
						return
					}
				}
			}()
			defer func() { <-fetched }()
			tell := func() {
				select {
				case kick <- struct{}{}:
				default: // a fetch is asked for already
				}
			}
			var waiting atomic.Bool // a fetch waits for its moment
			sc := bufio.NewScanner(resp.Body)
			event := ""
			for sc.Scan() {
				line := sc.Text()
				if e, ok := strings.CutPrefix(line, "event: "); ok {
					event = e
					continue
				}
				data, ok := strings.CutPrefix(line, "data: ")
				if !ok {
					continue
				}
				// "VERSION" or "VERSION SPREAD", the spread in ms.
				version, spread, _ := strings.Cut(data, " ")
				v, _ := strconv.ParseInt(version, 10, 64)
				ms, _ := strconv.Atoi(spread)
				switch event {
				case "hello":
					if !said {
						said = true
						hello.Done()
					}
					if v > shown.Load() {
						tell()
					}
				case "change":
					at := time.Now()
					record(func() {
						o.events++
						if seen[i] != nil {
							heardBy[i] = append(heardBy[i], heard{v, at})
						}
					})
					if v > shown.Load() {
						// As the pages' script: at a random moment
						// within the spread the server asks for, a
						// fetch already waiting standing for this one.
						switch {
						case ms <= 0:
							tell()
						case waiting.CompareAndSwap(false, true):
							time.AfterFunc(time.Duration(rand.Int64N(int64(ms)*int64(time.Millisecond))), func() {
								waiting.Store(false)
								tell()
							})
						}
					}
				}
			}
		}()
	}
	waitGroup(ctx, &hello)

	// The boards: each of the two players on a device of their own
	// opens the board's page and sends its form.
	time.Sleep(200 * time.Millisecond)
	var boards sync.WaitGroup
	for b, c := range p.codes {
		boards.Add(1)
		go func() {
			defer boards.Done()
			if p.spread > 0 {
				time.Sleep(time.Duration(rand.Int64N(int64(p.spread))))
			}
			var wip, bip net.IP
			if p.addr != nil {
				wip, bip = p.addr(p.phones+2*b), p.addr(p.phones+2*b+1)
			}
			white, black := client(wip), client(bip)
			defer white.CloseIdleConnections()
			defer black.CloseIdleConnections()
			res := p.want[b]
			start := time.Now()
			if err := post(ctx, p.base, white, c.Token, "report", res, credentials(c, arbiter.White, false)); err != nil {
				record(func() { o.fail("board %d: report: %v", b, err) })
				return
			}
			if err := post(ctx, p.base, black, c.Token, "confirm", res, credentials(c, arbiter.Black, true)); err != nil {
				record(func() { o.fail("board %d: confirm: %v", b, err) })
				return
			}
			record(func() {
				confirmedAt[b] = time.Now()
				o.confirmed++
				o.reportTime = append(o.reportTime, time.Since(start))
			})
		}()
	}
	boards.Wait()

	// Until every phone on the boards page shows every result.
	deadline := time.Now().Add(p.settle)
	for time.Now().Before(deadline) && ctx.Err() == nil {
		all := true
		mu.Lock()
		for i := range seen {
			if seen[i] != nil && len(seen[i]) < len(p.codes) {
				all = false
			}
		}
		mu.Unlock()
		if all {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	stopPhones()
	done.Wait()

	for i := range seen {
		if seen[i] == nil {
			continue
		}
		for b := range p.codes {
			s, ok := seen[i][b]
			at, confirmed := confirmedAt[b]
			if !ok || !confirmed {
				o.missing++
				continue
			}
			o.shown = append(o.shown, max(0, s.shown.Sub(at)))
			// The first change the stream told of a version that
			// shows the result.
			if k := slices.IndexFunc(heardBy[i], func(h heard) bool { return h.version >= s.version }); k >= 0 {
				o.stream = append(o.stream, max(0, heardBy[i][k].at.Sub(at)))
			} else {
				o.unheard++
			}
		}
	}
	return o
}

// credentials returns the form fields that prove the seat of the player
// who reports (confirm false) or confirms a result on board c: the one
// place that knows what a report and a confirmation must carry: each the
// PIN of the player whose seat it speaks for.
func credentials(c arbiter.BoardCode, seat arbiter.Colour, confirm bool) url.Values {
	// Each seat proves itself with its own player's PIN, for a report as
	// for a confirmation: the seat is the one the PIN proves.
	pin := c.WhitePIN
	if seat == arbiter.Black {
		pin = c.BlackPIN
	}
	return url.Values{"pin": {pin}}
}

// post opens the page of the board of token, as a player's phone does,
// and sends its form to action ("report", "confirm") with result r and
// the fields of creds; the server must answer with the board's page.
func post(ctx context.Context, base string, c *http.Client, token, action string, r arbiter.Result, creds url.Values) error {
	path := base + "/b/" + url.PathEscape(token)
	req, _ := http.NewRequestWithContext(ctx, "GET", path, nil)
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	m := csrfField.FindSubmatch(body)
	if m == nil {
		return fmt.Errorf("GET %s = %d, with no form", path, resp.StatusCode)
	}
	v := url.Values{"csrf": {string(m[1])}, "result": {formResult(r)}}
	for k, vs := range creds {
		v[k] = vs
	}
	req, _ = http.NewRequestWithContext(ctx, "POST", path+"/"+action, strings.NewReader(v.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err = c.Do(req)
	if err != nil {
		return err
	}
	body, _ = io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther {
		return fmt.Errorf("POST %s = %d: %.200s", action, resp.StatusCode, body)
	}
	return nil
}

// formResult is how a board's form writes r.
func formResult(r arbiter.Result) string {
	switch r {
	case arbiter.WhiteWins:
		return "1-0"
	case arbiter.BlackWins:
		return "0-1"
	}
	return "1/2"
}

// waitGroup waits for wg, or for ctx.
func waitGroup(ctx context.Context, wg *sync.WaitGroup) {
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-ctx.Done():
	}
}
