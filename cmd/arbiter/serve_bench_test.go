package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/store"
)

// BenchmarkServeLoad is an evening at its busiest, on loopback: 200
// phones hold the event stream open and fetch their page again at every
// change (as the pages' script does), while the players of 15 boards
// report and confirm their results all at once. It reports the page
// latency (p50, p99) seen by the phones, the time from a confirmation
// to every stream seeing it (p99 and max), and the heap in use at its
// peak (server and the 200 clients together, one process). It fails if a
// result is lost or entered twice.
//
//	go test ./cmd/arbiter -run '^$' -bench ServeLoad -benchtime 1x
func BenchmarkServeLoad(b *testing.B) {
	var all loadResult
	for b.Loop() {
		all.add(serveLoad(b, 200, 15))
	}
	all.report(b)
}

type loadResult struct {
	pages []time.Duration // page latencies
	props []time.Duration // confirmation to a stream, per board and stream
	heap  uint64          // peak heap in use, bytes
}

func (r *loadResult) add(o loadResult) {
	r.pages = append(r.pages, o.pages...)
	r.props = append(r.props, o.props...)
	r.heap = max(r.heap, o.heap)
}

func quantile(ds []time.Duration, q float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[min(len(s)-1, int(q*float64(len(s))))]
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

func (r *loadResult) report(b *testing.B) {
	b.ReportMetric(ms(quantile(r.pages, 0.50)), "page-p50-ms")
	b.ReportMetric(ms(quantile(r.pages, 0.99)), "page-p99-ms")
	b.ReportMetric(float64(len(r.pages))/float64(b.N), "pages/op")
	b.ReportMetric(ms(quantile(r.props, 0.99)), "propagation-p99-ms")
	b.ReportMetric(ms(quantile(r.props, 1)), "propagation-max-ms")
	b.ReportMetric(float64(r.heap)/(1<<20), "peak-heap-MB")
	b.ReportMetric(0, "ns/op") // the time of a whole evening says nothing
}

// loadEvening makes a database with 2*boards players and round 1 paired
// and published.
func loadEvening(b *testing.B, boards int) string {
	b.Helper()
	path := filepath.Join(b.TempDir(), "load.db")
	env := map[string]string{"ARBITER_DB": path, "ARBITER_USER": "bench"}
	cmd := func(args ...string) {
		var out, errb strings.Builder
		if code := run(context.Background(), args, strings.NewReader(""), &out, &errb, func(k string) string { return env[k] }); code != 0 {
			b.Fatalf("arbiter %s: %s", strings.Join(args, " "), errb.String())
		}
	}
	cmd("tournament", "new", "Load", "--rounds", "5", "--first-colour", "white")
	for i := range 2 * boards {
		cmd("player", "add", fmt.Sprintf("Player %02d", i+1), "--rating", strconv.Itoa(2400-10*i), "--new")
	}
	cmd("round", "pair", "--publish")
	return path
}

func serveLoad(b *testing.B, streams, boards int) loadResult {
	b.StopTimer()
	f := startServe(b, loadEvening(b, boards), "")
	f.loadCodes()
	b.StartTimer()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	// Each connection comes from the next address of 127.0.0.0/8, as
	// phones have their own: the server caps the streams per address.
	var next atomic.Uint32
	dial := func(ctx context.Context, network, addr string) (net.Conn, error) {
		n := next.Add(1)
		d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.IPv4(127, 2, byte(n/250%250), byte(n%250+1))}}
		c, err := d.DialContext(ctx, network, addr)
		if err != nil { // a system with 127.0.0.1 alone
			return (&net.Dialer{}).DialContext(ctx, network, addr)
		}
		return c, nil
	}
	tr := &http.Transport{DialContext: dial, MaxIdleConnsPerHost: 2 * streams, MaxConnsPerHost: 0, DisableCompression: true}
	defer tr.CloseIdleConnections()
	var res loadResult
	var mu sync.Mutex // guards res.pages

	// Memory, sampled.
	stopSampling := make(chan struct{})
	sampled := make(chan uint64)
	go func() {
		var peak uint64
		t := time.NewTicker(20 * time.Millisecond)
		defer t.Stop()
		for {
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			peak = max(peak, m.HeapInuse)
			select {
			case <-stopSampling:
				sampled <- peak
				return
			case <-t.C:
			}
		}
	}()

	pages := []string{"/", "/standings", "/find", "/crosstable", "/show"}
	fetch := func(path string) {
		start := time.Now()
		req, _ := http.NewRequestWithContext(ctx, "GET", f.ts.URL+path, nil)
		resp, err := tr.RoundTrip(req)
		if err != nil {
			return
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			b.Errorf("GET %s = %d", path, resp.StatusCode)
			return
		}
		d := time.Since(start)
		mu.Lock()
		res.pages = append(res.pages, d)
		mu.Unlock()
	}

	// The phones: each holds the stream, and at each change fetches its
	// page again, one fetch at a time, the newest change winning.
	type seen struct {
		id int64
		at time.Time
	}
	seenBy := make([][]seen, streams)
	var ready, done sync.WaitGroup
	ready.Add(streams)
	sctx, stopStreams := context.WithCancel(ctx)
	for i := range streams {
		done.Add(1)
		go func() {
			defer done.Done()
			req, _ := http.NewRequestWithContext(sctx, "GET", f.ts.URL+"/events", nil)
			resp, err := tr.RoundTrip(req)
			if err != nil {
				ready.Done()
				b.Errorf("stream %d: %v", i, err)
				return
			}
			defer resp.Body.Close()
			kick := make(chan struct{}, 1)
			go func() {
				for range kick {
					fetch(pages[i%len(pages)])
				}
			}()
			defer close(kick)
			sc := bufio.NewScanner(resp.Body)
			hello := true
			for sc.Scan() {
				line := sc.Text()
				id, ok := strings.CutPrefix(line, "data: ")
				if !ok {
					continue
				}
				id, _, _ = strings.Cut(id, " ") // "VERSION SPREAD"
				if hello {
					hello = false
					ready.Done()
					continue
				}
				n, _ := strconv.ParseInt(id, 10, 64)
				seenBy[i] = append(seenBy[i], seen{n, time.Now()})
				select {
				case kick <- struct{}{}:
				default:
				}
			}
		}()
	}
	ready.Wait()

	// The boards: White reports, Black confirms, all at once.
	confirmed := make([]time.Time, boards+1)
	var players sync.WaitGroup
	for bd := 1; bd <= boards; bd++ {
		players.Add(1)
		go func() {
			defer players.Done()
			c := f.codes[bd]
			path := "/b/" + c.Token
			white, black := loadClient(tr), loadClient(tr)
			if code := loadPost(ctx, f.ts.URL, white, path, "/report", url.Values{"pin": {c.WhitePIN}, "result": {"1/2"}}); code != http.StatusSeeOther {
				b.Errorf("board %d: report = %d", bd, code)
				return
			}
			if code := loadPost(ctx, f.ts.URL, black, path, "/confirm", url.Values{"pin": {c.BlackPIN}, "result": {"1/2"}}); code != http.StatusSeeOther {
				b.Errorf("board %d: confirm = %d", bd, code)
				return
			}
			confirmed[bd] = time.Now()
		}()
	}
	players.Wait()

	// Which event entered each board's result.
	evs, err := f.db.Events(ctx, f.tid)
	if err != nil {
		b.Fatal(err)
	}
	entered := map[int][]int64{}
	confirms := map[int]int{}
	for _, e := range evs {
		var n, bd int
		if _, err := fmt.Sscanf(e.Subject, "round %d board %d", &n, &bd); err != nil {
			continue
		}
		switch e.Action {
		case store.ActResult:
			entered[bd] = append(entered[bd], e.ID)
		case store.ActConfirm:
			confirms[bd]++
		}
	}
	last := evs[len(evs)-1].ID
	// Wait until every stream has seen the last change.
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		all := true
		for i := range streams {
			s := seenBy[i]
			if len(s) == 0 || s[len(s)-1].id < last {
				all = false
			}
		}
		if all {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	stopStreams()
	done.Wait()
	close(stopSampling)
	res.heap = <-sampled

	for bd := 1; bd <= boards; bd++ {
		if len(entered[bd]) != 1 || confirms[bd] != 1 {
			b.Errorf("board %d: result entered %d times, confirmed %d times; want once each", bd, len(entered[bd]), confirms[bd])
			continue
		}
		id := entered[bd][0]
		for i := range streams {
			k := slices.IndexFunc(seenBy[i], func(s seen) bool { return s.id >= id })
			if k < 0 {
				b.Errorf("board %d: stream %d never saw change %d", bd, i, id)
				continue
			}
			res.props = append(res.props, max(0, seenBy[i][k].at.Sub(confirmed[bd])))
		}
	}
	for i, r := range f.results(1) {
		if r != arbiter.Draw {
			b.Errorf("board %d = %v, want 1/2", i+1, r)
		}
	}
	return res
}

// loadClient is a phone for the load: its own cookies, the shared
// transport, no redirects followed.
func loadClient(tr http.RoundTripper) *http.Client {
	jar, _ := cookiejar.New(nil)
	return &http.Client{Transport: tr, Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

var loadCSRF = regexp.MustCompile(`name="csrf" value="([0-9a-f]+)"`)

// loadPost opens the board's page and posts its form.
func loadPost(ctx context.Context, base string, c *http.Client, path, action string, v url.Values) int {
	req, _ := http.NewRequestWithContext(ctx, "GET", base+path, nil)
	resp, err := c.Do(req)
	if err != nil {
		return 0
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	m := loadCSRF.FindSubmatch(body)
	if m == nil {
		return resp.StatusCode
	}
	v.Set("csrf", string(m[1]))
	req, _ = http.NewRequestWithContext(ctx, "POST", base+path+action, strings.NewReader(v.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err = c.Do(req)
	if err != nil {
		return 0
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode
}
