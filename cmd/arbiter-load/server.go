package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
)

// options are the flags of a run.
type options struct {
	phones, boards                int
	arbiter                       string
	spread, ramp, settle, timeout time.Duration
}

const (
	maxPhones = 5000
	maxBoards = 200
)

// check fills the defaults and refuses what is out of bounds.
func (o *options) check() error {
	if o.phones < 1 || o.phones > maxPhones {
		return fmt.Errorf("-phones %d: give 1 to %d", o.phones, maxPhones)
	}
	if o.boards < 1 || o.boards > maxBoards {
		return fmt.Errorf("-boards %d: give 1 to %d", o.boards, maxBoards)
	}
	if o.ramp == 0 {
		o.ramp = time.Duration(o.phones) * 2 * time.Millisecond
	}
	if o.settle <= 0 {
		o.settle = 10 * time.Second
	}
	if o.timeout <= 0 {
		o.timeout = 5 * time.Minute
	}
	if o.timeout > 30*time.Minute {
		return fmt.Errorf("-timeout %s: give at most 30m", o.timeout)
	}
	return nil
}

// report is a run's figures.
type report struct {
	opts     options
	out      *outcome
	cpu      time.Duration // the server's CPU time, user and system
	selfCPU  time.Duration // the phones' (this process's) CPU time
	rss      int64         // the server's peak resident memory, bytes
	wall     time.Duration // the server's life
	load     [2]string     // the load average before and after
	entered  map[int]int   // results entered per board, from the log
	confirms map[int]int   // confirmations per board, from the log
	wrong    []string      // boards whose result is not the one reported
}

// loadServer makes the evening, serves it with arbiter serve and plays
// the load against it.
func loadServer(ctx context.Context, o options, stderr io.Writer) (*report, error) {
	ctx, cancel := context.WithTimeout(ctx, o.timeout)
	defer cancel()
	bin, err := arbiterBinary(o.arbiter)
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "arbiter-load-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	db := filepath.Join(dir, "load.db")
	tid, codes, err := makeEvening(ctx, db, o.boards)
	if err != nil {
		return nil, err
	}
	want := map[int]arbiter.Result{}
	for b := range codes {
		want[b] = []arbiter.Result{arbiter.WhiteWins, arbiter.Draw, arbiter.BlackWins}[b%3]
	}

	addr, err := freePort()
	if err != nil {
		return nil, err
	}
	r := &report{opts: o, load: [2]string{loadAverage(), ""}}
	var logs tail
	cmd := exec.Command(bin, "serve", "--addr", addr, "--admin-password", "load")
	cmd.Env = append(os.Environ(), "ARBITER_DB="+db, "ARBITER_USER=arbiter-load")
	cmd.Stdout, cmd.Stderr = io.Discard, &logs
	began := time.Now()
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s serve: %w", bin, err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	stopped := false
	stop := func() error {
		if stopped {
			return nil
		}
		stopped = true
		cmd.Process.Signal(os.Interrupt)
		select {
		case err := <-exited:
			return err
		case <-time.After(15 * time.Second):
			cmd.Process.Kill()
			<-exited
			return errors.New("arbiter serve did not stop within 15 s of an interrupt")
		}
	}
	defer stop()
	base := "http://" + addr
	if err := waitUp(ctx, base, exited); err != nil {
		return nil, fmt.Errorf("%w\n%s", err, logs.String())
	}

	p := plan{base: base, phones: o.phones, codes: codes, want: want, spread: o.spread, settle: o.settle, ramp: o.ramp}
	if loopbackAliases() {
		p.addr = loopback
	} else {
		fmt.Fprintln(stderr, "arbiter-load: this system offers 127.0.0.1 only: every phone comes from one address, and the server's limits per address refuse most of them")
	}
	cpu0 := selfCPU()
	r.out = run(ctx, p)
	r.selfCPU = selfCPU() - cpu0
	if err := stop(); err != nil {
		return nil, fmt.Errorf("arbiter serve: %v\n%s", err, logs.String())
	}
	r.wall = time.Since(began)
	r.cpu, r.rss = usage(cmd.ProcessState)
	r.load[1] = loadAverage()
	if ctx.Err() != nil {
		return nil, fmt.Errorf("the run reached its time limit of %s", o.timeout)
	}
	if err := r.check(db, tid, want); err != nil {
		return nil, err
	}
	return r, nil
}

// makeEvening makes a tournament of 2*boards players on a new database
// at path, with round 1 paired and published, and returns its ID and the
// board codes of round 1.
func makeEvening(ctx context.Context, path string, boards int) (int64, map[int]arbiter.BoardCode, error) {
	ctx = desk.WithActor(ctx, "arbiter-load")
	d, err := desk.Open(ctx, path, desk.Create, nil)
	if err != nil {
		return 0, nil, err
	}
	defer d.Close()
	t := arbiter.NewTournament("Load")
	t.Rounds, t.FirstColour = 5, arbiter.White
	if t, err = d.CreateTournament(ctx, t); err != nil {
		return 0, nil, err
	}
	for i := range 2 * boards {
		p := arbiter.Player{Name: fmt.Sprintf("Player %03d, Load", i+1), Rating: 2400 - 5*i}
		if _, err := d.AddEntry(ctx, t.ID, p, desk.AddOptions{New: true}); err != nil {
			return 0, nil, err
		}
	}
	if _, err := d.Pair(ctx, desk.PairRequest{}); err != nil {
		return 0, nil, err
	}
	if _, _, err := d.Publish(desk.WithActor(ctx, "arbiter-load"), t.ID, 0); err != nil {
		return 0, nil, err
	}
	codes, err := d.BoardCodes(ctx, t.ID, 1)
	if err != nil {
		return 0, nil, err
	}
	if len(codes) != boards {
		return 0, nil, fmt.Errorf("round 1 has %d boards, want %d", len(codes), boards)
	}
	return t.ID, codes, nil
}

// check reads the database after the run: each board's result entered
// once, confirmed once, and the one reported.
func (r *report) check(path string, tid int64, want map[int]arbiter.Result) error {
	ctx := context.Background()
	d, err := desk.Open(ctx, path, desk.ReadOnly, nil)
	if err != nil {
		return err
	}
	defer d.Close()
	evs, err := d.Events(ctx, tid)
	if err != nil {
		return err
	}
	r.entered, r.confirms = map[int]int{}, map[int]int{}
	for _, e := range evs {
		var n, b int
		if _, err := fmt.Sscanf(e.Subject, "round %d board %d", &n, &b); err != nil || n != 1 {
			continue
		}
		switch e.Action {
		case "result.enter":
			r.entered[b]++
		case "result.confirm":
			r.confirms[b]++
		}
	}
	s, err := d.Snapshot(ctx, "")
	if err != nil {
		return err
	}
	rd := s.Round(1)
	if rd == nil {
		return errors.New("round 1 is gone")
	}
	for _, b := range rd.Boards {
		if b.Result != want[b.Number] {
			r.wrong = append(r.wrong, fmt.Sprintf("board %d is %s, reported %s", b.Number, b.Result, want[b.Number]))
		}
	}
	return nil
}

// lost counts the boards whose result is not entered as reported, and
// doubled those entered or confirmed more than once.
func (r *report) lostDoubled() (lost, doubled int) {
	for b := range r.opts.boards {
		n := b + 1
		if r.entered[n] == 0 {
			lost++
		}
		if r.entered[n] > 1 || r.confirms[n] > 1 {
			doubled++
		}
	}
	return lost + len(r.wrong), doubled
}

// ok reports whether the run lost or doubled nothing and met no error.
func (r *report) ok() bool {
	lost, doubled := r.lostDoubled()
	return lost == 0 && doubled == 0 && r.out.missing == 0 && len(r.out.errs) == 0 && r.out.confirmed == r.opts.boards
}

func (r *report) print(w io.Writer) {
	o := r.out
	lost, doubled := r.lostDoubled()
	fmt.Fprintf(w, "arbiter-load: %d phones (%d on the boards page), %d boards, %s/%s, %d CPUs\n",
		r.opts.phones, o.watchers, r.opts.boards, runtime.GOOS, runtime.GOARCH, runtime.NumCPU())
	fmt.Fprintf(w, "load average before:  %s\n", r.load[0])
	fmt.Fprintf(w, "pages (all):          %s\n", spread(o.pages))
	fmt.Fprintf(w, "pages (after change): %s\n", spread(o.herd))
	fmt.Fprintf(w, "stream propagation:   %s   (confirmation answered -> the stream tells a phone of a page that shows it)\n", spread(o.stream))
	fmt.Fprintf(w, "shown on the phone:   %s   (confirmation answered -> result on the phone's page)\n", spread(o.shown))
	fmt.Fprintf(w, "report + confirm:     %s\n", spread(o.reportTime))
	fmt.Fprintf(w, "change events heard:  %d, refused 503: %d, results shown but never told: %d\n", o.events, o.refused, o.unheard)
	fmt.Fprintf(w, "server CPU:           %.2f s over %.1f s (%.0f%% of one core)\n", r.cpu.Seconds(), r.wall.Seconds(), 100*r.cpu.Seconds()/r.wall.Seconds())
	fmt.Fprintf(w, "phones' CPU:          %.2f s (this process, on the same machine)\n", r.selfCPU.Seconds())
	fmt.Fprintf(w, "server peak RSS:      %.1f MB\n", float64(r.rss)/(1<<20))
	fmt.Fprintf(w, "results:              %d confirmed, %d lost, %d doubled, %d (phone, board) never shown\n", o.confirmed, lost, doubled, o.missing)
	fmt.Fprintf(w, "load average after:   %s\n", r.load[1])
	for _, e := range r.wrong {
		fmt.Fprintf(w, "wrong: %s\n", e)
	}
	for _, e := range o.errs {
		fmt.Fprintf(w, "error: %s\n", e)
	}
}

// arbiterBinary returns the arbiter to run: path if given, else the one
// beside this binary, else arbiter on $PATH.
func arbiterBinary(path string) (string, error) {
	if path != "" {
		return path, nil
	}
	if self, err := os.Executable(); err == nil {
		p := filepath.Join(filepath.Dir(self), "arbiter")
		if runtime.GOOS == "windows" {
			p += ".exe"
		}
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
	}
	p, err := exec.LookPath("arbiter")
	if err != nil {
		return "", errors.New("no arbiter binary beside this one nor on $PATH: build it (go build -o DIR/ ./cmd/arbiter ./cmd/arbiter-load) or give -arbiter")
	}
	return p, nil
}

// freePort returns a free address on 127.0.0.1.
func freePort() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

// waitUp waits for the server at base to answer its home page.
func waitUp(ctx context.Context, base string, exited <-chan error) error {
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		select {
		case err := <-exited:
			return fmt.Errorf("arbiter serve stopped: %v", err)
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
		resp, err := http.Get(base + "/")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
	}
	return errors.New("arbiter serve did not answer within 30 s")
}

// loopbackAliases reports whether this system answers from addresses of
// 127.0.0.0/8 other than 127.0.0.1, as Linux does.
func loopbackAliases() bool {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return false
	}
	defer ln.Close()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: loopback(0)}, Timeout: time.Second}
	c, err := d.Dial("tcp", ln.Addr().String())
	if err != nil {
		return false
	}
	c.Close()
	return true
}

// loadAverage returns the machine's load average (1, 5, 15 minutes),
// "unknown" where /proc does not say.
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}

// tail keeps the last lines a process wrote, for its errors.
type tail struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b.Write(p)
	if t.b.Len() > 64<<10 {
		rest := t.b.Bytes()[t.b.Len()-32<<10:]
		t.b.Reset()
		t.b.Write(rest)
	}
	return len(p), nil
}

func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.b.String()
}
