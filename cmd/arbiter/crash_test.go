package main

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
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
	"github.com/labyrinth-chess/arbiter/games"
	"github.com/labyrinth-chess/arbiter/rules"
	"github.com/labyrinth-chess/arbiter/store"
	"github.com/labyrinth-chess/arbiter/trf"
)

// The crash test's knobs, read from the environment so that "go test
// ./..." runs it with its defaults:
//
//	ARBITER_CRASH_KILLS  processes to kill (default 200; 40 with -short)
//	ARBITER_CRASH_SEED   seed of the commands and delays (default 1)
//	ARBITER_CRASH_EVENINGS  evenings the kills are shared among, run side
//	                     by side, evening i with seed SEED+i (default 4)
//
// The seed fixes which commands run and how long after its start each is
// killed; where the kill lands inside the command still depends on the
// machine's timing.
func crashSettings(t *testing.T) (kills int, seed uint64, evenings int) {
	kills, seed, evenings = 200, 1, 4
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
	if v := os.Getenv("ARBITER_CRASH_EVENINGS"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			t.Fatalf("ARBITER_CRASH_EVENINGS=%q: want a number of evenings", v)
		}
		evenings = n
	}
	return kills, seed, min(evenings, max(kills, 1))
}

// world is what the crash test knows of the database between commands:
// the tournament as stored (tournament 1: every command but import trf
// works on it), and where to put the files commands read.
type world struct {
	ctx    context.Context
	rng    *rand.Rand
	dir    string
	path   string        // the database
	real   []*rules.Game // real games to submit (realGames)
	filed  map[string]gamesFiled
	s      *store.Snapshot
	events int // length of the whole log
	stored int // games of tournament 1
	// storedBefore is stored before the command under test.
	storedBefore int
	seq          int   // for names and file names
	err          error // a failure of the test's own scaffolding
}

// writeCommand is one kind of write the crash test interrupts. args
// returns a command line that the database's present state allows, or
// nil when there is none (no board without a result, say). atomic, if
// set, checks that the command's effect is all or nothing, where the
// log cannot tell (the players an import adds). Commands are given
// --tournament 1, except those that make a tournament of their own
// (creates): import trf makes the tournament it imports the current one.
//
// To test a new write command, add a line to writeCommands.
type writeCommand struct {
	name    string
	weight  int
	creates bool
	args    func(w *world) []string
	atomic  func(w *world, before, after *store.Snapshot, args []string) string
}

func writeCommands() []writeCommand {
	return []writeCommand{
		{name: "round pair --manual", weight: 3, args: (*world).pairArgs},
		{name: "round pair", weight: 3, args: (*world).autoPairArgs},
		{name: "round result", weight: 8, args: (*world).resultArgs},
		{name: "round result --correct", weight: 2, args: (*world).correctArgs},
		{name: "round unpair", weight: 3, args: (*world).unpairArgs},
		{name: "game add", weight: 2, args: (*world).gameAddArgs, atomic: gamesAtomic},
		{name: "game import", weight: 3, args: (*world).gameImportArgs, atomic: gamesAtomic},
		{name: "player import", weight: 2, args: (*world).importArgs, atomic: importAtomic},
		{name: "player add", weight: 1, args: (*world).addArgs},
		{name: "player withdraw", weight: 2, args: (*world).withdrawArgs},
		{name: "player bye", weight: 1, args: (*world).byeArgs},
		{name: "player edit", weight: 1, args: (*world).editArgs},
		{name: "import trf", weight: 2, creates: true, args: (*world).importTRFArgs, atomic: importTRFAtomic},
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

// toPair returns the players to pair in the next round, or nil if it
// cannot be paired yet.
func (w *world) toPair() []int {
	n := w.s.Next()
	if n > w.s.Tournament.Rounds || len(w.lastRoundOpen()) > 0 {
		return nil
	}
	if pns := w.s.ToPair(n); len(pns) >= 2 {
		return pns
	}
	return nil
}

func (w *world) pairArgs() []string {
	pns := w.toPair()
	if pns == nil {
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

// autoPairArgs pairs the next round by the Dutch system. Forced
// rematches of the manual pairings may leave no legal pairing: the
// command then refuses with exit 1, which the test accepts.
func (w *world) autoPairArgs() []string {
	if w.toPair() == nil {
		return nil
	}
	return []string{"round", "pair"}
}

// gameAddArgs adds a real game to a board of the last round that has no
// result yet.
func (w *world) gameAddArgs() []string {
	open := w.lastRoundOpen()
	if len(open) == 0 {
		return nil
	}
	b := open[w.rng.IntN(len(open))]
	n := len(w.s.Rounds)
	file := w.gamesFile(n, []arbiter.Board{b}, true)
	return []string{"game", "add", strconv.Itoa(b.Number), file, "--round", strconv.Itoa(n)}
}

// gameImportArgs imports a PGN file of real games for some of the boards
// of the last round without a result: matched by their Round tags
// ("5.3") or, with --round, by the players' names alone.
func (w *world) gameImportArgs() []string {
	open := w.lastRoundOpen()
	if len(open) == 0 {
		return nil
	}
	// Half of the imports bring every game of the round still missing,
	// half some of them.
	if w.rng.IntN(2) == 0 {
		w.rng.Shuffle(len(open), func(i, j int) { open[i], open[j] = open[j], open[i] })
		open = open[:1+w.rng.IntN(len(open))]
	}
	n := len(w.s.Rounds)
	if w.rng.IntN(2) == 0 {
		return []string{"game", "import", w.gamesFile(n, open, true)}
	}
	return []string{"game", "import", w.gamesFile(n, open, false), "--round", strconv.Itoa(n)}
}

// gamesFile writes a PGN file with a real game for each of boards of
// round n and returns its name. The players are named as stored or
// "First Last", and the Round tag says round and board when roundTag is
// set.
func (w *world) gamesFile(n int, boards []arbiter.Board, roundTag bool) string {
	w.seq++
	pgn, _ := roundPGN(w.rng, w.real, w.s, n, boards, roundTag)
	name := filepath.Join(w.dir, fmt.Sprintf("games-%d.pgn", w.seq))
	if err := os.WriteFile(name, pgn, 0o644); err != nil && w.err == nil {
		w.err = err
	}
	f := gamesFiled{round: n}
	for _, b := range boards {
		f.boards = append(f.boards, b.Number)
	}
	w.filed[name] = f
	return name
}

// gamesFiled is what a PGN file written by gamesFile holds: games for
// these boards of the round.
type gamesFiled struct {
	round  int
	boards []int
}

// gamesAtomic checks that a game add or game import stored all of the
// file's games with their results, or nothing.
func gamesAtomic(w *world, before, after *store.Snapshot, args []string) string {
	var file string
	for _, a := range args {
		if strings.HasSuffix(a, ".pgn") {
			file = a
		}
	}
	f, ok := w.filed[file]
	if !ok {
		return "no record of the games in " + file
	}
	k := len(f.boards)
	stored := w.stored - w.storedBefore
	entered := 0
	for _, b := range f.boards {
		if r := after.Round(f.round); r != nil && b <= len(r.Boards) && r.Boards[b-1].Result != before.Rounds[f.round-1].Boards[b-1].Result {
			entered++
		}
	}
	if (stored != 0 || entered != 0) && (stored != k || entered != k) {
		return fmt.Sprintf("%d games of round %d in %s: %d stored, %d results entered", k, f.round, file, stored, entered)
	}
	return ""
}

// importTRFArgs writes the report of tournament 1 as export trf does,
// with its rounds complete so far, and imports it as a new tournament.
func (w *world) importTRFArgs() []string {
	w.seq++
	file := filepath.Join(w.dir, fmt.Sprintf("report-%d.trf", w.seq))
	var errs strings.Builder
	getenv := func(k string) string {
		if k == "ARBITER_DB" {
			return w.path
		}
		return ""
	}
	if code := run(w.ctx, []string{"export", "trf", file, "--tournament", "1"}, strings.NewReader(""), io.Discard, &errs, getenv); code != 0 {
		if w.err == nil {
			w.err = fmt.Errorf("export trf: exit %d: %s", code, errs.String())
		}
		return nil
	}
	return []string{"import", "trf", file, "--name", fmt.Sprintf("Import %d", w.seq)}
}

// importTRFAtomic checks that import trf stored the whole tournament of
// the file, or nothing: its players, and its rounds with every board,
// result and bye.
func importTRFAtomic(w *world, _, _ *store.Snapshot, args []string) string {
	file, name := args[2], args[4]
	data, err := os.ReadFile(file)
	if err != nil {
		return err.Error()
	}
	f, err := trf.Read(bytes.NewReader(data))
	if err != nil {
		return fmt.Sprintf("%s: %v", file, err)
	}
	want, err := f.Domain()
	if err != nil {
		return fmt.Sprintf("%s: %v", file, err)
	}
	db, err := store.Open(w.ctx, w.path)
	if err != nil {
		return err.Error()
	}
	defer db.Close()
	t, err := db.FindTournament(w.ctx, name)
	if errors.Is(err, store.ErrNotFound) {
		return ""
	}
	if err != nil {
		return err.Error()
	}
	s, err := db.Snapshot(w.ctx, t.ID)
	if err != nil {
		return err.Error()
	}
	var problems []string
	if len(s.Entries) != len(want.Entries) {
		problems = append(problems, fmt.Sprintf("%d players of %d", len(s.Entries), len(want.Entries)))
	} else {
		for i, e := range want.Entries {
			if got := s.Entries[i]; got.PN != e.PN || got.Player.Name != e.Player.Name {
				problems = append(problems, fmt.Sprintf("player %d is %s, the file's %d is %s", got.PN, got.Player.Name, e.PN, e.Player.Name))
				break
			}
		}
	}
	if len(s.Rounds) != len(want.Rounds) {
		problems = append(problems, fmt.Sprintf("%d rounds of %d", len(s.Rounds), len(want.Rounds)))
	} else {
		for i, r := range want.Rounds {
			if got, exp := roundContents(s.Rounds[i]), roundContents(r); got != exp {
				problems = append(problems, fmt.Sprintf("round %d is %s, the file's is %s", r.Number, got, exp))
			}
		}
	}
	if len(problems) > 0 {
		return fmt.Sprintf("import of %s as %q: %s", file, name, strings.Join(problems, "; "))
	}
	return ""
}

// roundContents writes a round's boards with their results, and its byes
// other than the players left unpaired, in an order that does not depend
// on the board numbers.
func roundContents(r arbiter.Round) string {
	var parts []string
	for _, b := range r.Boards {
		parts = append(parts, fmt.Sprintf("%d-%d %s", b.White, b.Black, b.Result))
	}
	for _, b := range r.Byes {
		if b.Kind != arbiter.Unpaired {
			parts = append(parts, fmt.Sprintf("%d %s", b.PN, b.Kind))
		}
	}
	sort.Strings(parts)
	return strings.Join(parts, ", ")
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
	data, err := os.ReadFile(args[len(args)-2])
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
	gs, err := db.Games(ctx, 1, 0, 0)
	if err != nil {
		return err
	}
	w.stored = len(gs)
	evs, err := db.Events(ctx, 0)
	w.events = len(evs)
	return err
}

// imported counts the tournaments import trf stored, their entries and
// their rounds.
func (w *world) imported() ([3]int, error) {
	var n [3]int
	db, err := store.Open(w.ctx, w.path)
	if err != nil {
		return n, err
	}
	defer db.Close()
	ts, err := db.Tournaments(w.ctx)
	if err != nil {
		return n, err
	}
	for _, t := range ts {
		if t.ID == 1 {
			continue
		}
		s, err := db.Snapshot(w.ctx, t.ID)
		if err != nil {
			return n, err
		}
		n[0]++
		n[1] += len(s.Entries)
		n[2] += len(s.Rounds)
	}
	return n, nil
}

// realGames returns the games of rules/testdata/games.pgn that a board
// takes as they are: legal, ended 1-0, 0-1 or 1/2-1/2, and with that
// result entered unchanged by the Laws (checkGame, as game add and game
// import judge them).
func realGames(tb testing.TB) []*rules.Game {
	tb.Helper()
	f, err := os.Open(filepath.Join("..", "..", "rules", "testdata", "games.pgn"))
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []*rules.Game
	r := rules.NewReader(f)
	for {
		g, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			tb.Fatal(err)
		}
		res, err := arbiter.ParseResult(g.Result)
		if err != nil || !res.Played() || res == arbiter.NoResult || len(g.Moves) == 0 {
			continue
		}
		g.Tags = []rules.Tag{{Name: "Result", Value: g.Result}}
		cg, err := checkGame(arbiter.NewTournament("x"), gameInput{game: g, seat: games.Seat{Round: 1, Board: 1}})
		if err == nil && cg.sub.Result == res && cg.verdict != nil && cg.verdict.Legal() {
			out = append(out, g)
		}
	}
	if len(out) < 20 {
		tb.Fatalf("only %d usable games in rules/testdata/games.pgn", len(out))
	}
	return out
}

// roundPGN writes a real game, taken at random from real, for each of
// boards of round n of s, and returns the file with the result each game
// brings to its board. The players are named as stored or "First Last",
// at random; the Round tag is "n.b" when roundTag is set, else absent.
func roundPGN(rng *rand.Rand, real []*rules.Game, s *store.Snapshot, n int, boards []arbiter.Board, roundTag bool) ([]byte, map[int]arbiter.Result) {
	name := func(pn int) string {
		full := s.Entry(pn).Player.Name
		if last, first, ok := strings.Cut(full, ", "); ok && rng.IntN(2) == 0 {
			return first + " " + last
		}
		return full
	}
	var pgn []byte
	results := map[int]arbiter.Result{}
	for _, b := range boards {
		g := *real[rng.IntN(len(real))]
		g.Tags = []rules.Tag{{Name: "Event", Value: s.Tournament.Name}}
		if roundTag {
			g.Tags = append(g.Tags, rules.Tag{Name: "Round", Value: games.FormatRound(n, b.Number)})
		}
		g.Tags = append(g.Tags, rules.Tag{Name: "White", Value: name(b.White)}, rules.Tag{Name: "Black", Value: name(b.Black)},
			rules.Tag{Name: "Result", Value: g.Result})
		pgn = rules.AppendPGN(pgn, &g)
		results[b.Number], _ = arbiter.ParseResult(g.Result)
	}
	return pgn, results
}

// TestCrashSafety runs write commands as real arbiter processes and kills
// them with SIGKILL at random moments, from the start of the process to
// the end of a typical run of that command, so that kills land before,
// inside and after the write transaction. The commands (writeCommands)
// pair rounds by hand and by the Dutch system, enter and correct
// results, submit real games one by one and a round at a time, register,
// withdraw and edit players, and import the tournament's own TRF report
// as a new tournament. After every kill the database must pass
// checkConsistency: integrity_check ok, the log and the tables in
// agreement, every round whole or absent, every game with its event and
// its result; and an import of players, of games or of a tournament must
// be all there or not at all.
//
// The kills are shared among independent evenings run side by side (a
// test mostly waits on its processes), each on its own database with its
// own seed. Reproduce one evening with:
//
//	ARBITER_CRASH_KILLS=50 ARBITER_CRASH_EVENINGS=1 ARBITER_CRASH_SEED=1 go test ./cmd/arbiter -run TestCrashSafety -v
func TestCrashSafety(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("crash test skipped: it kills processes with SIGKILL, which Windows does not have")
	}
	target, seed, evenings := crashSettings(t)
	if target == 0 {
		t.Skip("ARBITER_CRASH_KILLS=0")
	}
	t.Parallel() // with the other tests that run arbiter processes
	exe := buildArbiter(t)
	for i := range evenings {
		kills := target / evenings
		if i < target%evenings {
			kills++
		}
		t.Run(fmt.Sprintf("evening %d seed %d", i+1, seed+uint64(i)), func(t *testing.T) {
			t.Parallel()
			crashEvening(t, exe, kills, seed+uint64(i))
		})
	}
}

// crashEvening is one evening of TestCrashSafety: target kills of the
// write commands on a database of its own, commands and delays drawn
// from seed.
func crashEvening(t *testing.T, exe string, target int, seed uint64) {
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "club.db")
	w := &world{ctx: ctx, rng: rand.New(rand.NewPCG(seed, 0x5eed)), dir: dir, path: path, real: realGames(t), filed: map[string]gamesFiled{}}

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
	st.byCommand, st.refused = map[string]int{}, map[string]int{}
	for st.kills < target && st.runs < 10*target {
		st.runs++
		c, a := pickCommand(w, cmds, st.byCommand)
		if w.err != nil {
			t.Fatal(w.err)
		}
		if a == nil {
			t.Fatal("no write command can run: the test's tournament is stuck")
		}
		if !c.creates {
			// After the noun and verb: a result "--" ends the flags.
			a = append(append(a[:2:2], "--tournament", "1"), a[2:]...)
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
		w.storedBefore = w.stored

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
			if code == 1 {
				st.refused[c.name]++
				if testing.Verbose() && st.refused[c.name] <= 2 {
					t.Logf("refused: %s: %s", commandLine(a), strings.TrimSpace(errb.String()))
				}
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
	t.Logf("tournament at the end: %d players, %d rounds paired, %d games, %d events in all", len(w.s.Entries), len(w.s.Rounds), w.stored, w.events)
	if imported, err := w.imported(); err != nil {
		t.Error(err)
	} else {
		t.Logf("%d tournaments imported whole by import trf, %d players and %d rounds in all", imported[0], imported[1], imported[2])
	}
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
	byCommand, byMode, byLock, refused                 map[string]int
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
	t.Logf("runs refused with exit 1, not killed: %s", counts(st.refused))
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
