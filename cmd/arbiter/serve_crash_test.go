package main

import (
	"bufio"
	"context"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/store"
)

// TestServeKilledDuringConfirmations kills arbiter serve with SIGKILL
// while the players of 15 boards confirm their results at once, and
// checks after each kill that every board is either confirmed (the
// report confirmed, the result entered and both logged) or still
// reported (nothing of the confirmation written): never half.
func TestServeKilledDuringConfirmations(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds arbiter and kills it: skipped with -short")
	}
	exe := buildArbiter(t)
	ctx := context.Background()
	// The evening is made in this process: the kills are what needs the
	// program.
	c := newCLI(t)
	c.env["ARBITER_USER"] = "reliability-test"
	db := c.db
	c.ok("tournament", "new", "Crash", "--rounds", "5")
	// Thirty names that no two look alike.
	surnames := []string{"Rossi", "Ferrari", "Esposito", "Bianchi", "Romano", "Colombo"}
	given := []string{"Anna", "Bruno", "Chiara", "Davide", "Elena"}
	var names []string
	for i := range 30 {
		names = append(names, fmt.Sprintf("%s, %s;%d", surnames[i%6], given[i/6], 2300-10*i))
	}
	csv := filepath.Join(t.TempDir(), "players.csv")
	if err := os.WriteFile(csv, []byte("name;rating\n"+strings.Join(names, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c.ok("player", "import", csv, "--new")
	c.ok("round", "pair", "--publish")
	sdb, err := store.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	codes, err := sdb.BoardCodes(ctx, 1, 1)
	sdb.Close()
	if err != nil || len(codes) != 15 {
		t.Fatalf("BoardCodes = %d codes, %v", len(codes), err)
	}

	// Every board reported first, by White.
	base, stop := startServer(t, exe, db)
	for b := 1; b <= 15; b++ {
		c := loadClient(http.DefaultTransport)
		if code := loadPost(ctx, base, c, "/b/"+codes[b].Token, "/report", url.Values{"pin": {codes[b].WhitePIN}, "result": {"1-0"}}); code != http.StatusSeeOther {
			t.Fatalf("board %d: report = %d", b, code)
		}
	}
	stop(false)

	// Then confirmations, killed after longer and longer delays, and a
	// last run (delay -1) that lets every answer come back before the
	// server stops: a loaded machine may answer none within a second, and
	// what the kills left must still be confirmable.
	delays := []time.Duration{0, 2 * time.Millisecond, 5 * time.Millisecond, 10 * time.Millisecond, 20 * time.Millisecond, 50 * time.Millisecond, time.Second, -1}
	for round, delay := range delays {
		open := checkHalves(t, db)
		if len(open) == 0 {
			break
		}
		base, stop := startServer(t, exe, db)
		// Each phone has its page (and CSRF token) before the shot.
		type phone struct {
			c     *http.Client
			board int
			form  url.Values
		}
		var phones []phone
		for _, b := range open {
			c := loadClient(http.DefaultTransport)
			resp, err := c.Get(base + "/b/" + codes[b].Token)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			u, _ := url.Parse(base)
			tok := ""
			for _, ck := range c.Jar.Cookies(u) {
				if ck.Name == "arbiter_csrf" {
					tok = ck.Value
				}
			}
			phones = append(phones, phone{c, b, url.Values{"csrf": {tok}, "pin": {codes[b].BlackPIN}, "result": {"1-0"}}})
		}
		var wg sync.WaitGroup
		for _, p := range phones {
			wg.Add(1)
			go func() {
				defer wg.Done()
				p.c.Timeout = 5 * time.Second
				if delay < 0 {
					p.c.Timeout = 30 * time.Second
				}
				resp, err := p.c.PostForm(base+"/b/"+codes[p.board].Token+"/confirm", p.form)
				if err == nil {
					resp.Body.Close()
				}
			}()
		}
		if delay < 0 {
			wg.Wait()
			stop(false)
		} else {
			time.Sleep(delay)
			stop(true)
			wg.Wait()
		}
		t.Logf("kill %d after %v: %d of %d boards were open", round+1, delay, len(open), 15)
	}
	if open := checkHalves(t, db); len(open) > 0 {
		t.Errorf("boards %v still open after the last run", open)
	}
}

// startServer runs arbiter serve on a free port of 127.0.0.1 and returns
// its address and a function that stops it: with SIGKILL if kill, else
// with an interrupt, waiting for it to end.
func startServer(t *testing.T, exe, db string, flags ...string) (string, func(kill bool)) {
	t.Helper()
	cmd := exec.Command(exe, append([]string{"serve", "--addr", "127.0.0.1:0"}, flags...)...)
	cmd.Env = append(os.Environ(), "ARBITER_DB="+db, "ARBITER_USER=crash-test")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(out)
	base := ""
	if sc.Scan() {
		line := sc.Text() // "Serving Crash at http://127.0.0.1:PORT/"
		if i := strings.Index(line, "http://"); i >= 0 {
			base = strings.TrimSuffix(line[i:], "/")
		}
	}
	go func() {
		for sc.Scan() {
		}
	}()
	if base == "" {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("arbiter serve printed no address")
	}
	done := false
	stop := func(kill bool) {
		if done {
			return
		}
		done = true
		if kill {
			cmd.Process.Signal(syscall.SIGKILL)
		} else {
			cmd.Process.Signal(os.Interrupt)
		}
		cmd.Wait()
	}
	t.Cleanup(func() { stop(true) })
	return base, stop
}

// checkHalves opens the database after a kill and checks each board of
// round 1: confirmed with its result and its two events, or reported with
// neither. It returns the boards still reported.
func checkHalves(t *testing.T, path string) []int {
	t.Helper()
	ctx := context.Background()
	db, err := store.Open(ctx, path)
	if err != nil {
		t.Fatalf("open after the kill: %v", err)
	}
	defer db.Close()
	s, err := db.Snapshot(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	reps, err := db.Reports(ctx, 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	evs, err := db.Events(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	logged := map[string]map[int]int{}
	for _, e := range evs {
		var n, b int
		if _, err := fmt.Sscanf(e.Subject, "round %d board %d", &n, &b); err != nil {
			continue
		}
		if logged[e.Action] == nil {
			logged[e.Action] = map[int]int{}
		}
		logged[e.Action][b]++
	}
	var open []int
	for _, r := range reps {
		res := s.Rounds[0].Boards[r.Board-1].Result
		enter, confirm := logged[store.ActResult][r.Board], logged[store.ActConfirm][r.Board]
		switch {
		case r.Status == arbiter.Confirmed && res == arbiter.WhiteWins && enter == 1 && confirm == 1:
		case r.Status == arbiter.Reported && res == arbiter.NoResult && enter == 0 && confirm == 0:
			open = append(open, r.Board)
		default:
			t.Errorf("board %d is half confirmed: report %s, result %q, %d result events, %d confirmations",
				r.Board, r.Status, res, enter, confirm)
		}
	}
	if len(reps) != 15 {
		t.Errorf("%d reports, want 15", len(reps))
	}
	return open
}
