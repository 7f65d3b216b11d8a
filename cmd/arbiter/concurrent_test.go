package main

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/store"
)

// busyLine is what a command refused because another one holds the write
// lock prints.
const busyLine = "arbiter: " + "another arbiter command is writing this database; try again"

// domainRefusals are the refusals two organizers working on one evening
// can meet: both pair the same round, or pair it before the other's
// results are in.
var domainRefusals = regexp.MustCompile(`^arbiter: (round \d+ is already paired|round \d+ cannot be paired before round \d+|round \d+ still has no result on boards? [\d, ]+); `)

// organizerRun is one command an organizer ran and what it meant to do.
type organizerRun struct {
	who  int
	args []string
	proc
	round, board int            // for a result
	result       arbiter.Result // for a result
	pairing      string         // for a pairing, as store.FormatPairing writes it
}

// TestTwoOrganizers runs two arbiter processes at once on one database,
// as two organizers at one evening: each enters the results of its half
// of the boards (the odd or the even ones) and corrects some, and whoever
// finds a round complete pairs the next one. At the end no successful
// write may be missing, every refused command must have said why in one
// line (the other one is writing, or a refusal of the domain), and the
// file must pass checkConsistency.
//
// Reproduce with (ARBITER_CONCURRENT_COMMANDS is each organizer's number
// of commands, 75 by default):
//
//	ARBITER_CONCURRENT_COMMANDS=75 go test ./cmd/arbiter -run TestTwoOrganizers -v
func TestTwoOrganizers(t *testing.T) {
	perOrganizer := 75
	if testing.Short() {
		perOrganizer = 20
	}
	if v := os.Getenv("ARBITER_CONCURRENT_COMMANDS"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			t.Fatalf("ARBITER_CONCURRENT_COMMANDS=%q: want a number of commands", v)
		}
		perOrganizer = n
	}
	t.Parallel() // with the other tests that run arbiter processes
	exe := buildArbiter(t)
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "club.db")
	var roster strings.Builder
	roster.WriteString("name,rating\n")
	for i := range 20 {
		fmt.Fprintf(&roster, "Player %02d,%d\n", i+1, 2000-20*i)
	}
	csvPath := filepath.Join(dir, "players.csv")
	if err := os.WriteFile(csvPath, []byte(roster.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"tournament", "new", "Two organizers", "--rounds", "99", "--first-colour", "white"},
		{"player", "import", csvPath, "--new"},
	} {
		if p := runArbiter(ctx, exe, path, args...); p.code != 0 {
			t.Fatalf("%s: exit %d\n%s", commandLine(args), p.code, p.stderr)
		}
	}

	var mu sync.Mutex
	var runs []organizerRun
	var wg sync.WaitGroup
	errs := make(chan error, 2)
	for who := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(who)+1, 7))
			for range perOrganizer {
				r, err := organizerStep(ctx, exe, path, who, rng)
				if err != nil {
					errs <- err
					return
				}
				mu.Lock()
				runs = append(runs, r)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}

	// What the successful commands wrote, in each organizer's order.
	want := map[[2]int]arbiter.Result{} // round, board: the last result written
	pairings := map[int]string{}        // round: the pairing that succeeded
	var ok, busy, refused, results, pairs int
	for _, r := range runs {
		switch {
		case r.code == 0:
			ok++
			if r.pairing != "" {
				n := r.round
				if prev, dup := pairings[n]; dup {
					t.Errorf("round %d paired twice: %q and %q", n, prev, r.pairing)
				}
				pairings[n] = r.pairing
				pairs++
			} else {
				want[[2]int{r.round, r.board}] = r.result
				results++
			}
		case r.code == 1 && r.stderr == busyLine+"\n":
			busy++
		case r.code == 1 && strings.Count(r.stderr, "\n") == 1 && domainRefusals.MatchString(r.stderr):
			refused++
		default:
			t.Errorf("%s: exit %d, stderr %q; want success, the busy message or a refusal of the domain", commandLine(r.args), r.code, r.stderr)
		}
	}

	// Every successful write is there.
	db, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	s, err := db.Snapshot(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	lost := 0
	for rb, res := range want {
		r := s.Round(rb[0])
		if r == nil || rb[1] > len(r.Boards) || r.Boards[rb[1]-1].Result != res {
			lost++
			t.Errorf("round %d board %d: entered %s, stored %v", rb[0], rb[1], res, r)
		}
	}
	for n, p := range pairings {
		if r := s.Round(n); r == nil || store.FormatPairing(*r) != p {
			lost++
			t.Errorf("round %d: paired %q, stored %v", n, p, r)
		}
	}
	if len(s.Rounds) != len(pairings) {
		t.Errorf("%d rounds stored, want the %d paired", len(s.Rounds), len(pairings))
	}
	evs, err := db.Events(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	logged := 0
	for _, e := range evs {
		if e.Action == store.ActResult || e.Action == store.ActCorrect {
			logged++
		}
	}
	if logged != results {
		t.Errorf("%d results logged, want the %d entered", logged, results)
	}
	db.Close()
	if broken, err := checkConsistency(ctx, path); err != nil || len(broken) > 0 {
		t.Errorf("after the evening: %q, %v", broken, err)
	}
	t.Logf("%d commands by 2 organizers: %d succeeded (%d results, %d pairings), %d refused as busy, %d refused by the rules of the evening; %d writes lost",
		len(runs), ok, results, pairs, busy, refused, lost)
	t.Logf("%d rounds paired at the end", len(s.Rounds))
}

// organizerStep reads the evening and runs organizer who's next command:
// a result on one of its boards still open, else the next round's pairing
// if the round is complete, else a correction of one of its results.
func organizerStep(ctx context.Context, exe, path string, who int, rng *rand.Rand) (organizerRun, error) {
	r := organizerRun{who: who}
	db, err := store.Open(ctx, path)
	if err != nil {
		return r, err
	}
	s, err := db.Snapshot(ctx, 1)
	db.Close()
	if err != nil {
		return r, err
	}
	mine := func(b arbiter.Board) bool { return b.Number%2 == who }
	results := []arbiter.Result{arbiter.WhiteWins, arbiter.BlackWins, arbiter.Draw}
	n := len(s.Rounds)
	var open, done []arbiter.Board
	complete := n > 0
	if n > 0 {
		for _, b := range s.Rounds[n-1].Boards {
			if b.Result == arbiter.NoResult {
				complete = false
				if mine(b) {
					open = append(open, b)
				}
			} else if mine(b) {
				done = append(done, b)
			}
		}
	}
	switch {
	case len(open) > 0:
		b := open[rng.IntN(len(open))]
		r.round, r.board, r.result = n, b.Number, results[rng.IntN(len(results))]
		r.args = []string{"round", "result", strconv.Itoa(b.Number), r.result.String(), "--round", strconv.Itoa(n)}
	case complete || n == 0:
		pns := s.ToPair(n + 1)
		// Everyone meets a new opponent each round: a rotation.
		k := len(pns)
		var boards []arbiter.Board
		for i := 0; i < k/2; i++ {
			w, b := pns[(i+n)%k], pns[(k-1-i+n)%k]
			if n%2 == 1 {
				w, b = b, w
			}
			boards = append(boards, arbiter.Board{Number: i + 1, White: w, Black: b})
		}
		r.round = n + 1
		r.pairing = store.FormatPairing(arbiter.Round{Boards: boards})
		r.args = []string{"round", "pair", "--manual", r.pairing, "--force"}
	case len(done) > 0:
		b := done[rng.IntN(len(done))]
		res := b.Result
		for res == b.Result {
			res = results[rng.IntN(len(results))]
		}
		r.round, r.board, r.result = n, b.Number, res
		r.args = []string{"round", "result", strconv.Itoa(b.Number), res.String(), "--round", strconv.Itoa(n), "--correct"}
	default:
		return r, fmt.Errorf("organizer %d has nothing to do in round %d", who, n)
	}
	r.proc = runArbiter(ctx, exe, path, r.args...)
	return r, nil
}

// TestBusyRefusal holds the write lock from another connection for longer
// than a command waits: the command must give up with the one line that
// says why, and write nothing.
func TestBusyRefusal(t *testing.T) {
	if testing.Short() {
		t.Skip("waits for the 5 s busy timeout")
	}
	t.Parallel() // it mostly waits
	exe := buildArbiter(t)
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "club.db")
	for _, args := range [][]string{
		{"tournament", "new", "Busy", "--first-colour", "white"},
		{"player", "add", "Rossi, Mario"},
		{"player", "add", "Bianchi, Anna"},
		{"round", "pair", "--manual", "1-2"},
	} {
		if p := runArbiter(ctx, exe, path, args...); p.code != 0 {
			t.Fatalf("%s: exit %d\n%s", commandLine(args), p.code, p.stderr)
		}
	}
	raw, err := sql.Open("sqlite", path+"?_txlock=immediate")
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	tx, err := raw.Begin()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Exec(`INSERT INTO settings (key, value) VALUES ('held', 'by another writer')`); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	p := runArbiter(ctx, exe, path, "round", "result", "1", "1-0")
	waited := time.Since(start)
	tx.Rollback()
	if p.code != 1 || p.stderr != busyLine+"\n" {
		t.Errorf("result while another writes: exit %d, stderr %q; want 1 and %q", p.code, p.stderr, busyLine)
	}
	if waited < 4*time.Second {
		t.Errorf("gave up after %v, want a wait of about 5 s first", waited)
	}
	d, err := func() (store.RoundDetail, error) {
		db, err := store.Open(ctx, path)
		if err != nil {
			return store.RoundDetail{}, err
		}
		defer db.Close()
		return db.RoundDetail(ctx, 1, 1)
	}()
	if err != nil {
		t.Fatal(err)
	}
	if d.Boards[0].Result != arbiter.NoResult {
		t.Errorf("a refused result was written: %s", d.Boards[0].Result)
	}
	// Once the lock is free the same command goes through.
	if p := runArbiter(ctx, exe, path, "round", "result", "1", "1-0"); p.code != 0 {
		t.Errorf("result after the lock is freed: exit %d, %q", p.code, p.stderr)
	}
}
