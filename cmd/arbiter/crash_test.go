package main

import (
	"context"
	"encoding/binary"
	"encoding/csv"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/store"
)

// The crash test's knobs, read from the environment so that "go test
// ./..." runs it with its defaults:
//
//	ARBITER_CRASH_KILLS  processes to kill (default 200; 40 with -short)
//	ARBITER_CRASH_SEED   seed of the commands and delays (default 1)
//
// The seed fixes which commands run and how long after its start each is
// killed; where the kill lands inside the command still depends on the
// machine's timing.
func crashSettings(t *testing.T) (kills int, seed uint64) {
	kills, seed = 200, 1
	if testing.Short() {
		kills = 40
	}
	if v := os.Getenv("ARBITER_CRASH_KILLS"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			t.Fatalf("ARBITER_CRASH_KILLS=%q: want a number of kills", v)
		}
		kills = n
	}
	if v := os.Getenv("ARBITER_CRASH_SEED"); v != "" {
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			t.Fatalf("ARBITER_CRASH_SEED=%q: want a number", v)
		}
		seed = n
	}
	return kills, seed
}

// world is what the crash test knows of the database between commands:
// the tournament as stored, and where to put the files commands read.
type world struct {
	rng    *rand.Rand
	dir    string
	s      *store.Snapshot
	events int // length of the whole log
	seq    int // for names and file names
}

// writeCommand is one kind of write the crash test interrupts. args
// returns a command line that the database's present state allows, or
// nil when there is none (no board without a result, say). atomic, if
// set, checks that the command's effect is all or nothing, where the
// log cannot tell (the players an import adds).
//
// To test a new write command, add a line to writeCommands: "game
// import" with a PGN file written to w.dir, "round pair" without
// --manual once the pairing engine is in.
type writeCommand struct {
	name   string
	weight int
	args   func(w *world) []string
	atomic func(w *world, before, after *store.Snapshot, args []string) string
}

func writeCommands() []writeCommand {
	return []writeCommand{
		{name: "round pair --manual", weight: 4, args: (*world).pairArgs},
		{name: "round result", weight: 8, args: (*world).resultArgs},
		{name: "round result --correct", weight: 2, args: (*world).correctArgs},
		{name: "round unpair", weight: 3, args: (*world).unpairArgs},
		{name: "player import", weight: 2, args: (*world).importArgs, atomic: importAtomic},
		{name: "player add", weight: 1, args: (*world).addArgs},
		{name: "player withdraw", weight: 2, args: (*world).withdrawArgs},
		{name: "player bye", weight: 1, args: (*world).byeArgs},
		{name: "player edit", weight: 1, args: (*world).editArgs},
	}
}

// lastRoundOpen returns the boards of the last round still without a
// result.
func (w *world) lastRoundOpen() []arbiter.Board {
	if len(w.s.Rounds) == 0 {
		return nil
	}
	var open []arbiter.Board
	for _, b := range w.s.Rounds[len(w.s.Rounds)-1].Boards {
		if b.Result == arbiter.NoResult {
			open = append(open, b)
		}
	}
	return open
}

func (w *world) pairArgs() []string {
	n := w.s.Next()
	if n > w.s.Tournament.Rounds || len(w.lastRoundOpen()) > 0 {
		return nil
	}
	pns := w.s.ToPair(n)
	if len(pns) < 2 {
		return nil
	}
	w.rng.Shuffle(len(pns), func(i, j int) { pns[i], pns[j] = pns[j], pns[i] })
	var items []string
	for i := 0; i+1 < len(pns); i += 2 {
		items = append(items, fmt.Sprintf("%d-%d", pns[i], pns[i+1]))
	}
	if len(pns)%2 == 1 {
		items = append(items, fmt.Sprintf("%d bye", pns[len(pns)-1]))
	}
	return []string{"round", "pair", "--manual", strings.Join(items, ", "), "--force"}
}

// someResult returns a result as typed, decisive games the most often.
func (w *world) someResult() string {
	results := []string{"1-0", "0-1", "1/2", "1-0", "0-1", "+-", "-+", "--"}
	return results[w.rng.IntN(len(results))]
}

func (w *world) resultArgs() []string {
	open := w.lastRoundOpen()
	if len(open) == 0 {
		return nil
	}
	b := open[w.rng.IntN(len(open))]
	args := []string{"round", "result", strconv.Itoa(b.Number), w.someResult()}
	if w.rng.IntN(3) == 0 && !strings.Contains(args[3], "+") && args[3] != "--" {
		args = append(args, "--reason", store.Reasons[w.rng.IntN(6)])
	}
	return args
}

func (w *world) correctArgs() []string {
	type done struct{ round, board int }
	var ds []done
	for _, r := range w.s.Rounds {
		for _, b := range r.Boards {
			if b.Result != arbiter.NoResult {
				ds = append(ds, done{r.Number, b.Number})
			}
		}
	}
	if len(ds) == 0 {
		return nil
	}
	d := ds[w.rng.IntN(len(ds))]
	old := w.s.Rounds[d.round-1].Boards[d.board-1].Result.String()
	res := old
	for res == old {
		res = w.someResult()
	}
	return []string{"round", "result", "--round", strconv.Itoa(d.round), "--correct", strconv.Itoa(d.board), res}
}

func (w *world) unpairArgs() []string {
	if len(w.s.Rounds) == 0 || len(w.lastRoundOpen()) != len(w.s.Rounds[len(w.s.Rounds)-1].Boards) {
		return nil
	}
	return []string{"round", "unpair"}
}

// importArgs imports a CSV file of 3 to 12 new players, while the
// tournament has fewer than 150 entries.
func (w *world) importArgs() []string {
	if w.s.Next() > w.s.Tournament.Rounds || len(w.s.Entries) >= 150 {
		return nil
	}
	return []string{"player", "import", w.playersFile(3 + w.rng.IntN(10)), "--new"}
}

// playersFile writes a CSV file of n new players and returns its name.
func (w *world) playersFile(n int) string {
	w.seq++
	var b strings.Builder
	cw := csv.NewWriter(&b)
	cw.Write([]string{"surname", "first name", "rating", "club", "birth year"})
	for i := range n {
		cw.Write([]string{fmt.Sprintf("Import%d", w.seq), fmt.Sprintf("Player%02d", i),
			strconv.Itoa(1000 + w.rng.IntN(1200)), "Labyrinth", strconv.Itoa(1950 + w.rng.IntN(60))})
	}
	cw.Flush()
	name := filepath.Join(w.dir, fmt.Sprintf("players-%d.csv", w.seq))
	os.WriteFile(name, []byte(b.String()), 0o644)
	return name
}

// importAtomic checks that an import added all of the file's players or
// none.
func importAtomic(w *world, before, after *store.Snapshot, args []string) string {
	data, err := os.ReadFile(args[2])
	if err != nil {
		return err.Error()
	}
	rows := strings.Count(string(data), "\n") - 1
	if d := len(after.Entries) - len(before.Entries); d != 0 && d != rows {
		return fmt.Sprintf("import of %d players added %d", rows, d)
	}
	return ""
}

func (w *world) addArgs() []string {
	if w.s.Next() > w.s.Tournament.Rounds || len(w.s.Entries) >= 150 {
		return nil
	}
	w.seq++
	return []string{"player", "add", fmt.Sprintf("Late%d, Comer", w.seq), "--rating", strconv.Itoa(1000 + w.rng.IntN(1200)), "--new"}
}

// playing returns the players who play the next round and asked for no
// bye in it.
func (w *world) playing() []arbiter.Entry {
	n := w.s.Next()
	var out []arbiter.Entry
	for _, e := range w.s.Entries {
		if e.Plays(n) && w.s.Request(e.PN, n) == arbiter.NoBye {
			out = append(out, e)
		}
	}
	return out
}

func (w *world) withdrawArgs() []string {
	ps := w.playing()
	if w.s.Next() > w.s.Tournament.Rounds || len(ps) < 12 {
		return nil
	}
	return []string{"player", "withdraw", strconv.Itoa(ps[w.rng.IntN(len(ps))].PN)}
}

func (w *world) byeArgs() []string {
	ps := w.playing()
	n := w.s.Next()
	if n > w.s.Tournament.Rounds || len(ps) < 8 {
		return nil
	}
	args := []string{"player", "bye", strconv.Itoa(ps[w.rng.IntN(len(ps))].PN), "--round", strconv.Itoa(n)}
	switch w.rng.IntN(3) {
	case 1:
		args = append(args, "--zero")
	case 2:
		args = append(args, "--full")
	}
	return args
}

func (w *world) editArgs() []string {
	if len(w.s.Entries) == 0 {
		return nil
	}
	e := w.s.Entries[w.rng.IntN(len(w.s.Entries))]
	return []string{"player", "edit", strconv.Itoa(e.PN), "--rating", strconv.Itoa(1000 + w.rng.IntN(1200))}
}

// refresh reads the tournament and the length of the log.
func (w *world) refresh(ctx context.Context, path string) error {
	db, err := store.Open(ctx, path)
	if err != nil {
		return err
	}
	defer db.Close()
	if w.s, err = db.Snapshot(ctx, 1); err != nil {
		return err
	}
	evs, err := db.Events(ctx, 0)
	w.events = len(evs)
	return err
}

// TestCrashSafety runs write commands as real arbiter processes and kills
// them with SIGKILL at random moments, from the start of the process to
// the end of a typical run of that command, so that kills land before,
// inside and after the write transaction. After every kill the database
// must pass checkConsistency: integrity_check ok, the log and the tables
// in agreement, every round whole or absent, and an import all or
// nothing.
//
// Reproduce with:
//
//	ARBITER_CRASH_KILLS=200 ARBITER_CRASH_SEED=1 go test ./cmd/arbiter -run TestCrashSafety -v
func TestCrashSafety(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("crash test skipped: it kills processes with SIGKILL, which Windows does not have")
	}
	target, seed := crashSettings(t)
	if target == 0 {
		t.Skip("ARBITER_CRASH_KILLS=0")
	}
	t.Parallel() // with the other tests that run arbiter processes
	exe := buildArbiter(t)
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "club.db")
	w := &world{rng: rand.New(rand.NewPCG(seed, 0x5eed)), dir: dir}

	// The evening: a long tournament, so that rounds never run out, and a
	// first list of players.
	for _, args := range [][]string{
		{"tournament", "new", "Crash test", "--rounds", "99", "--first-colour", "white"},
		{"player", "import", w.playersFile(16), "--new"},
	} {
		if p := runArbiter(ctx, exe, path, args...); p.code != 0 {
			t.Fatalf("%s: exit %d\n%s", commandLine(args), p.code, p.stderr)
		}
	}
	if err := w.refresh(ctx, path); err != nil {
		t.Fatal(err)
	}
	// Where the system lists file locks, a third of the kills wait for
	// the command to take SQLite's write lock, so that they land inside
	// the write transaction.
	_, _, canSeek := sqliteLocks(os.Getpid(), path)

	cmds := writeCommands()
	typical := map[string]time.Duration{}
	var st crashStats
	st.byCommand = map[string]int{}
	for st.kills < target && st.runs < 10*target {
		st.runs++
		c, a := pickCommand(w, cmds, st.byCommand)
		if a == nil {
			t.Fatal("no write command can run: the test's tournament is stuck")
		}
		// The first run of each command is not killed: it tells how long
		// the command takes. After that, one run in five is left to
		// finish, so that the evening goes on.
		mode, delay := "none", time.Duration(0)
		if d, seen := typical[c.name]; seen && w.rng.IntN(5) != 0 {
			mode, delay = "random", killDelay(w.rng, d)
			if canSeek && w.rng.IntN(3) == 0 {
				mode, delay = "seek", time.Duration(w.rng.Int64N(int64(2*time.Millisecond)))
			}
		}
		before, eventsBefore := w.s, w.events

		cmd, _, errb := startArbiter(ctx, exe, path, a...)
		start := time.Now()
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		lock := killAt(cmd.Process, path, mode, delay, done)
		<-done
		elapsed := time.Since(start)
		st.inProcs += elapsed
		ws, _ := cmd.ProcessState.Sys().(syscall.WaitStatus)
		killed := ws.Signaled() && ws.Signal() == syscall.SIGKILL
		what := fmt.Sprintf("%s (seed %d, run %d, kill %s %v)", commandLine(a), seed, st.runs, mode, delay)
		if killed {
			st.kill(c.name, mode, lock, walTorn(path+"-wal"))
		} else {
			if mode != "none" {
				st.missed++
			}
			code := cmd.ProcessState.ExitCode()
			if code != 0 && code != 1 || looksLikeCrash(errb.String()) {
				t.Fatalf("%s: exit %d\n%s", commandLine(a), code, errb.String())
			}
			if d, seen := typical[c.name]; !seen {
				typical[c.name] = elapsed
			} else if code == 0 {
				// A run slowed down by a busy machine counts for at most
				// twice the usual.
				typical[c.name] = (3*d + min(elapsed, 2*d)) / 4
			}
		}

		var broken []string
		if killed {
			var err error
			t0 := time.Now()
			broken, err = checkConsistency(ctx, path)
			st.checking += time.Since(t0)
			if err != nil {
				t.Fatalf("after %s: cannot check the database: %v", what, err)
			}
		}
		if err := w.refresh(ctx, path); err != nil {
			t.Fatalf("after %s: cannot read the database: %v", what, err)
		}
		if c.atomic != nil {
			if msg := c.atomic(w, before, w.s, a); msg != "" {
				broken = append(broken, msg)
			}
		}
		if len(broken) > 0 {
			st.inconsistent++
			t.Errorf("after %s:\n\t%s", what, strings.Join(broken, "\n\t"))
			if st.inconsistent >= 5 {
				t.FailNow()
			}
		}
		if killed && w.events > eventsBefore {
			st.committed++
		}
		// Kills leave most results unentered; now and then enter all but
		// two, so that the evening goes on and pairings are killed too.
		if open := w.lastRoundOpen(); len(open) > 2 && w.rng.IntN(4) == 0 {
			if err := w.finishRound(ctx, path, open[2:]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if broken, err := checkConsistency(ctx, path); err != nil || len(broken) > 0 {
		t.Errorf("at the end: %q, %v", broken, err)
	}
	if st.kills < target {
		t.Errorf("%d kills in %d runs, want %d: the commands end before the kills land", st.kills, st.runs, target)
	}
	st.report(t, seed)
	t.Logf("tournament at the end: %d players, %d rounds paired, %d events", len(w.s.Entries), len(w.s.Rounds), w.events)
}

// killAt kills process p as mode says: "random" after delay, "seek" delay
// after p takes SQLite's write lock on the database at path, "none" not
// at all. It gives up when done is closed (p has ended), and returns
// which of SQLite's locks p held just before the kill.
func killAt(p *os.Process, path, mode string, delay time.Duration, done <-chan struct{}) (lock string) {
	switch mode {
	case "random":
		select {
		case <-done:
			return ""
		case <-time.After(delay):
		}
	case "seek":
		timeout := time.After(10 * time.Second)
	poll:
		for {
			select {
			case <-done:
				return ""
			case <-timeout:
				break poll
			case <-time.After(100 * time.Microsecond):
			}
			if writing, _, known := sqliteLocks(p.Pid, path); writing || !known {
				break
			}
		}
		time.Sleep(delay)
	default:
		return ""
	}
	writing, checkpointing, known := sqliteLocks(p.Pid, path)
	p.Kill()
	switch {
	case !known:
		return "unknown"
	case writing:
		return "write"
	case checkpointing:
		return "checkpoint"
	}
	return "none"
}

// crashStats counts what the crash test did.
type crashStats struct {
	runs, kills, missed, committed, torn, inconsistent int
	byCommand, byMode, byLock                          map[string]int
	inProcs, checking                                  time.Duration
}

func (st *crashStats) kill(command, mode, lock string, torn bool) {
	if st.byMode == nil {
		st.byMode, st.byLock = map[string]int{}, map[string]int{}
	}
	st.kills++
	st.byCommand[command]++
	st.byMode[mode]++
	st.byLock[lock]++
	if torn {
		st.torn++
	}
}

func (st *crashStats) report(t *testing.T, seed uint64) {
	counts := func(m map[string]int) string {
		var s []string
		for k, n := range m {
			s = append(s, fmt.Sprintf("%s %d", k, n))
		}
		sort.Strings(s)
		return strings.Join(s, ", ")
	}
	t.Logf("%d kills in %d runs (seed %d), %d inconsistencies", st.kills, st.runs, seed, st.inconsistent)
	t.Logf("kills by command: %s", counts(st.byCommand))
	t.Logf("kills by way: %s (%d more runs ended before their kill)", counts(st.byMode), st.missed)
	t.Logf("SQLite lock held at the kill: %s (write: inside a write transaction)", counts(st.byLock))
	t.Logf("the killed command had committed in %d kills, had not in %d; %d kills cut a commit while it was being written to the WAL",
		st.committed, st.kills-st.committed, st.torn)
	t.Logf("time in arbiter processes %v, in checks %v", st.inProcs.Round(time.Millisecond), st.checking.Round(time.Millisecond))
}

// finishRound enters a draw on each of boards of the last round, through
// the store in this process: scaffolding that moves the evening on, not
// a write under test.
func (w *world) finishRound(ctx context.Context, path string, boards []arbiter.Board) error {
	db, err := store.Open(ctx, path)
	if err != nil {
		return err
	}
	defer db.Close()
	for _, b := range boards {
		if _, err := db.SetResult(ctx, w.s.Tournament.ID, 0, b.Number, arbiter.Draw, "", false); err != nil {
			return err
		}
	}
	db.Close()
	return w.refresh(ctx, path)
}

// pickCommand picks a command that can run now, at random, favouring
// the commands killed least so far, and returns it with its command line
// (nil if none can run).
func pickCommand(w *world, cmds []writeCommand, kills map[string]int) (writeCommand, []string) {
	cmds = slices.Clone(cmds)
	for len(cmds) > 0 {
		weights := make([]int, len(cmds))
		total := 0
		for i, c := range cmds {
			weights[i] = c.weight * 1000 / (10 + kills[c.name])
			total += weights[i]
		}
		pick := w.rng.IntN(total)
		i := 0
		for pick >= weights[i] {
			pick -= weights[i]
			i++
		}
		if a := cmds[i].args(w); a != nil {
			return cmds[i], a
		}
		cmds = slices.Delete(cmds, i, i+1)
	}
	return writeCommand{}, nil
}

// killDelay returns how long after its start to kill a command that
// typically runs for d: half of the kills anywhere from 0 to d, half in
// the last 40% of d, where the command opens its write transaction,
// commits and closes the database.
func killDelay(rng *rand.Rand, d time.Duration) time.Duration {
	if rng.IntN(2) == 0 {
		return time.Duration(rng.Int64N(int64(d) + 1))
	}
	return d - time.Duration(rng.Int64N(int64(d*4/10)+1))
}

// walTorn reports whether the write-ahead log at path ends with frames
// that no commit frame closes, or with a frame cut short: a transaction
// killed while its commit was being written. It reads the format of
// https://www.sqlite.org/fileformat2.html#the_write_ahead_log.
func walTorn(path string) bool {
	data, err := os.ReadFile(path)
	if err != nil || len(data) < 32 {
		return false
	}
	magic := binary.BigEndian.Uint32(data[0:])
	if magic != 0x377f0682 && magic != 0x377f0683 {
		return false
	}
	var order binary.ByteOrder = binary.LittleEndian
	if magic&1 == 1 {
		order = binary.BigEndian
	}
	pageSize := int(binary.BigEndian.Uint32(data[8:]))
	if pageSize == 1 {
		pageSize = 65536
	}
	salt1, salt2 := binary.BigEndian.Uint32(data[16:]), binary.BigEndian.Uint32(data[20:])
	s1, s2 := walChecksum(order, data[:24], 0, 0)
	if s1 != binary.BigEndian.Uint32(data[24:]) || s2 != binary.BigEndian.Uint32(data[28:]) {
		return false // a header never completed: nothing was written after it
	}
	pending := false // frames written since the last commit frame
	for off := 32; off < len(data); off += 24 + pageSize {
		if off+24+pageSize > len(data) {
			return true // a frame cut short
		}
		h := data[off : off+24]
		if binary.BigEndian.Uint32(h[8:]) != salt1 || binary.BigEndian.Uint32(h[12:]) != salt2 {
			break // frames of an earlier generation of the log
		}
		s1, s2 = walChecksum(order, h[:8], s1, s2)
		s1, s2 = walChecksum(order, data[off+24:off+24+pageSize], s1, s2)
		if s1 != binary.BigEndian.Uint32(h[16:]) || s2 != binary.BigEndian.Uint32(h[20:]) {
			return true // a frame whose content was not all written
		}
		pending = binary.BigEndian.Uint32(h[4:]) == 0
	}
	return pending
}

// walChecksum continues the WAL checksum (s1, s2) over b.
func walChecksum(order binary.ByteOrder, b []byte, s1, s2 uint32) (uint32, uint32) {
	for i := 0; i+8 <= len(b); i += 8 {
		s1 += order.Uint32(b[i:]) + s2
		s2 += order.Uint32(b[i+4:]) + s1
	}
	return s1, s2
}
