package desk

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/games"
	"github.com/labyrinth-chess/arbiter/rules"
	"github.com/labyrinth-chess/arbiter/season"
)

var (
	eveningSeeds = flag.Int("evening.seeds", 0, "run TestEveningProperty with this many seeds (default: the fixed seed only; or set ARBITER_EVENING_SEEDS)")
	eveningFirst = flag.Uint64("evening.seed", 1, "the first seed TestEveningProperty runs")
	eveningSteps = flag.Int("evening.steps", 200, "commands per evening in TestEveningProperty")
	eveningTrace = flag.Bool("evening.trace", false, "log every command TestEveningProperty plays (with -v)")
)

// TestEveningProperty plays random evenings at the desk: 200 commands
// drawn from every kind of write an organizer makes (entries, imports,
// pairings, results and corrections, undo, returns, removals, swaps and
// edits, withdrawals, byes, check-in, seasons, the all-play-all, games
// attached and taken off, late entries from the phone, presence, results
// reported, confirmed, disputed and ruled on from the boards' phones),
// most of them valid and some refused, as at a real desk. Whatever the sequence,
// the database stays sound: Verify (arbiter check) finds nothing after
// any command, and a backup of the evening succeeds.
//
// The normal run plays one fixed seed. For many:
//
//	go test ./desk -run TestEveningProperty -evening.seeds 200
//	ARBITER_EVENING_SEEDS=200 go test ./desk -run TestEveningProperty
//
// A failure names its seed and the commands before; -evening.seed S
// -evening.seeds 1 -evening.trace -v plays it again, every command
// logged.
func TestEveningProperty(t *testing.T) {
	n := *eveningSeeds
	if v, err := strconv.Atoi(os.Getenv("ARBITER_EVENING_SEEDS")); err == nil && n == 0 {
		n = v
	}
	if n < 1 {
		n = 1
	}
	for seed := *eveningFirst; seed < *eveningFirst+uint64(n); seed++ {
		t.Run(fmt.Sprintf("seed=%d", seed), func(t *testing.T) {
			playEvening(t, seed, *eveningSteps)
		})
	}
}

// evening is the state of one random evening.
type evening struct {
	t     *testing.T
	ctx   context.Context
	d     *Desk
	rng   *rand.Rand
	clock time.Time
	tids  []int64 // tournaments made, the current one last chosen
	tid   int64
	names int // names handed out so far
	token int
	log   []string // the commands played, for the failure message
}

// eveningOps are the kinds of write, each with its weight.
var eveningOps = []struct {
	name   string
	weight int
	run    func(e *evening) (string, error)
}{
	{"add", 8, (*evening).add},
	{"import", 2, (*evening).importPlayers},
	{"roster import", 1, (*evening).importRoster},
	{"pair", 10, (*evening).pair},
	{"pair by hand", 2, (*evening).pairByHand},
	{"unpair", 2, (*evening).unpair},
	{"result", 16, (*evening).result},
	{"results", 3, (*evening).results},
	{"correct", 4, (*evening).correct},
	{"undo", 8, (*evening).undo},
	{"return", 3, (*evening).returnPlayer},
	{"remove", 3, (*evening).remove},
	{"swap", 3, (*evening).swap},
	{"edit", 2, (*evening).edit},
	{"withdraw", 3, (*evening).withdraw},
	{"bye", 3, (*evening).bye},
	{"bye cancel", 1, (*evening).byeCancel},
	{"check-in", 3, (*evening).checkIn},
	{"season", 1, (*evening).season},
	{"merge", 1, (*evening).merge},
	{"all-play-all", 1, (*evening).allPlayAll},
	{"game add", 3, (*evening).gameAdd},
	{"game remove", 2, (*evening).gameRemove},
	{"late entry", 2, (*evening).late},
	{"presence", 3, (*evening).presence},
	{"presence rule", 1, (*evening).presenceRule},
	{"phone report", 3, (*evening).phoneReport},
	{"tournament", 1, (*evening).newTournament},
	{"import trf", 1, (*evening).importTournament},
}

func playEvening(t *testing.T, seed uint64, steps int) {
	ctx := WithActor(context.Background(), "Marta")
	e := &evening{t: t, ctx: ctx, d: mustOpen(t), rng: rand.New(rand.NewPCG(seed, 0x5eed)),
		clock: time.Date(2026, 5, 12, 20, 0, 0, 0, time.UTC)}
	e.newTournament()
	total := 0
	for _, op := range eveningOps {
		total += op.weight
	}
	done := map[string]int{} // kind of write: how many succeeded
	defer func() { t.Logf("writes done: %v", done) }()
	for step := 1; step <= steps; step++ {
		k := e.rng.IntN(total)
		i := 0
		for k >= eveningOps[i].weight {
			k -= eveningOps[i].weight
			i++
		}
		what, err := eveningOps[i].run(e)
		if what == "" {
			what = eveningOps[i].name
		}
		switch {
		case err == nil:
			done[eveningOps[i].name]++
		case refusal(err):
			what += ": refused (" + err.Error() + ")"
		default:
			e.fail(step, what, "failed: %v", err)
		}
		e.log = append(e.log, fmt.Sprintf("%3d %s", step, what))
		if *eveningTrace {
			t.Log(what)
		}
		// Verify after every command, so that a misfire names the
		// command that caused it.
		broken, err := e.d.Verify(ctx)
		if err != nil {
			e.fail(step, what, "Verify: %v", err)
		}
		if len(broken) > 0 {
			e.fail(step, what, "Verify finds %d problems: %s", len(broken), strings.Join(broken, "; "))
		}
	}
	if len(done) < 15 {
		t.Errorf("only %d kinds of write succeeded (%v): the evening tests little", len(done), done)
	}
	dest := filepath.Join(t.TempDir(), "backup.db")
	if err := e.d.Backup(ctx, dest, false); err != nil {
		e.fail(steps, "backup", "%v", err)
	}
}

// refusal reports whether err is a refusal of the desk: the input was
// wrong or the evening does not allow it now.
func refusal(err error) bool {
	for _, k := range []error{ErrNotFound, ErrConflict, ErrInvalid, ErrRefused} {
		if errors.Is(err, k) {
			return true
		}
	}
	return false
}

func (e *evening) fail(step int, what, format string, args ...any) {
	e.t.Helper()
	from := max(0, len(e.log)-30)
	e.t.Fatalf("after command %d (%s): %s\nthe commands before:\n%s", step, what, fmt.Sprintf(format, args...), strings.Join(e.log[from:], "\n"))
}

func (e *evening) snapshot() *Snapshot {
	e.t.Helper()
	s, err := e.d.db.Snapshot(e.ctx, e.tid)
	if err != nil {
		e.t.Fatal(err)
	}
	return s
}

// entry returns a random entry of s, nil if there is none.
func (e *evening) entry(s *Snapshot) *arbiter.Entry {
	if len(s.Entries) == 0 {
		return nil
	}
	return &s.Entries[e.rng.IntN(len(s.Entries))]
}

var eveningSurnames = []string{"Rossi", "Bianchi", "Verdi", "Neri", "Galli", "Conti", "Ferri", "Bruno", "Costa", "Greco",
	"Russo", "Romano", "Colombo", "Ricci", "Marino", "Moretti", "Barbieri", "Fontana", "Santoro", "Mariani"}
var eveningFirstNames = []string{"Mario", "Luca", "Anna", "Paolo", "Sara", "Marco", "Elena", "Carlo", "Irene", "Dario", "Giulia", "Nicolò"}

// newName returns a name not handed out before.
func (e *evening) newName() string {
	e.names++
	s := eveningSurnames[e.names%len(eveningSurnames)]
	f := eveningFirstNames[(e.names/len(eveningSurnames))%len(eveningFirstNames)]
	return fmt.Sprintf("%s%d, %s", s, e.names, f)
}

func (e *evening) player() arbiter.Player {
	return arbiter.Player{Name: e.newName(), Rating: 1200 + 50*e.rng.IntN(20)}
}

func (e *evening) newTournament() (string, error) {
	t := arbiter.NewTournament(fmt.Sprintf("Evening %d", len(e.tids)+1))
	t.Rounds = 3 + e.rng.IntN(4)
	t.FirstColour = arbiter.White
	if e.rng.IntN(3) == 0 {
		t.AbsentValue = arbiter.Half
	}
	t, err := e.d.CreateTournament(e.ctx, t)
	if err != nil {
		return "tournament new", err
	}
	e.tids = append(e.tids, t.ID)
	e.tid = t.ID
	if e.rng.IntN(2) == 0 {
		if err := e.d.SetLateUntil(e.ctx, t.ID, e.clock.Add(3*time.Hour)); err != nil {
			return "late entries until 23:00", err
		}
	}
	for range 4 + e.rng.IntN(5) {
		if _, err := e.d.AddEntry(e.ctx, t.ID, e.player(), AddOptions{}); err != nil {
			return "tournament new", err
		}
	}
	return fmt.Sprintf("tournament new %d (%d rounds)", t.ID, t.Rounds), nil
}

// importTournament reads a tournament of six played for a round or two
// from a file, as import trf stores one.
func (e *evening) importTournament() (string, error) {
	t := arbiter.NewTournament(fmt.Sprintf("Imported %d", len(e.tids)+1))
	t.Rounds = 5
	ti := TournamentImport{Source: "evening.trf", Tournament: t}
	for pn := 1; pn <= 6; pn++ {
		ti.Entries = append(ti.Entries, arbiter.Entry{PN: pn, Player: e.player(), JoinedRound: 1})
	}
	ti.Rounds = []arbiter.Round{{Number: 1, Boards: []arbiter.Board{
		{Number: 1, White: 1, Black: 4, Result: arbiter.WhiteWins},
		{Number: 2, White: 5, Black: 2, Result: arbiter.Draw},
		{Number: 3, White: 3, Black: 6, Result: arbiter.BlackWins},
	}}}
	if e.rng.IntN(2) == 0 {
		ti.Rounds = append(ti.Rounds, arbiter.Round{Number: 2, Boards: []arbiter.Board{
			{Number: 1, White: 6, Black: 1},
			{Number: 2, White: 2, Black: 3, Result: arbiter.WhiteWins},
		}, Byes: []arbiter.Bye{{PN: 4, Kind: arbiter.PAB}, {PN: 5, Kind: arbiter.ZeroBye}}})
	}
	out, err := e.d.ImportTournament(e.ctx, ti)
	if err != nil {
		return "import trf", err
	}
	e.tids = append(e.tids, out.Tournament.ID)
	e.tid = out.Tournament.ID
	return fmt.Sprintf("import trf (tournament %d, %d rounds)", e.tid, len(ti.Rounds)), nil
}

func (e *evening) add() (string, error) {
	if len(e.tids) > 1 && e.rng.IntN(4) == 0 {
		// Switch to another evening of the database.
		e.tid = e.tids[e.rng.IntN(len(e.tids))]
		if err := e.d.UseTournament(e.ctx, e.tid); err != nil {
			return "tournament use", err
		}
	}
	if e.rng.IntN(3) == 0 {
		// A club player, perhaps entered already.
		roster, err := e.d.Roster(e.ctx)
		if err != nil || len(roster) == 0 {
			return "player add id", err
		}
		p := roster[e.rng.IntN(len(roster))]
		_, err = e.d.AddEntry(e.ctx, e.tid, arbiter.Player{}, AddOptions{PlayerID: p.ID})
		return fmt.Sprintf("player add id:%d", p.ID), err
	}
	p := e.player()
	_, err := e.d.AddEntry(e.ctx, e.tid, p, AddOptions{})
	return "player add " + p.Name, err
}

func (e *evening) importPlayers() (string, error) {
	var rows []ImportRow
	for i := range 1 + e.rng.IntN(3) {
		rows = append(rows, ImportRow{Line: i + 2, Player: e.player()})
	}
	_, err := e.d.Import(e.ctx, e.tid, "players.csv", rows, AddOptions{})
	return fmt.Sprintf("player import (%d)", len(rows)), err
}

func (e *evening) importRoster() (string, error) {
	var rows []ImportRow
	for i := range 1 + e.rng.IntN(3) {
		rows = append(rows, ImportRow{Line: i + 2, Player: e.player()})
	}
	_, err := e.d.ImportRoster(e.ctx, "club.csv", rows, AddOptions{})
	return fmt.Sprintf("roster import (%d)", len(rows)), err
}

// pair pairs the next round by the Dutch system, and now and then
// changes it in place at once, before play, as an organizer who sees a
// mistake does.
func (e *evening) pair() (string, error) {
	s := e.snapshot()
	unknown := len(s.Unknown()) > 0 && e.rng.IntN(3) == 0 // pair despite a game not finished
	out, err := e.d.Pair(e.ctx, PairRequest{Tournament: e.ref(), Unknown: unknown})
	what := fmt.Sprintf("round pair (round %d)", out.Round.Number)
	if err != nil || e.rng.IntN(3) != 0 {
		return what, err
	}
	var then string
	if e.rng.IntN(2) == 0 {
		then, err = e.swap()
	} else {
		then, err = e.edit()
	}
	if err != nil && refusal(err) {
		then += ": refused (" + err.Error() + ")"
		err = nil // the pairing stands
	}
	return what + ", then " + then, err
}

func (e *evening) ref() string { return strconv.FormatInt(e.tid, 10) }

// pairByHand pairs the players who play the next round in a random
// order, forced.
func (e *evening) pairByHand() (string, error) {
	s := e.snapshot()
	n := s.Next()
	var pns []int
	for _, en := range s.Entries {
		if en.Plays(n) && s.Request(en.PN, n) == arbiter.NoBye {
			pns = append(pns, en.PN)
		}
	}
	e.rng.Shuffle(len(pns), func(i, j int) { pns[i], pns[j] = pns[j], pns[i] })
	var req PairRequest
	req.Tournament, req.Force = e.ref(), true
	for i := 0; i+1 < len(pns); i += 2 {
		req.Boards = append(req.Boards, arbiter.Board{Number: i/2 + 1, White: pns[i], Black: pns[i+1]})
	}
	if len(pns)%2 == 1 {
		req.Byes = append(req.Byes, arbiter.Bye{PN: pns[len(pns)-1], Kind: arbiter.PAB})
	}
	_, err := e.d.Pair(e.ctx, req)
	return fmt.Sprintf("round pair --manual (round %d)", n), err
}

func (e *evening) unpair() (string, error) {
	n, err := e.d.Unpair(e.ctx, e.tid)
	return fmt.Sprintf("round unpair (round %d)", n), err
}

var eveningResults = []arbiter.Result{arbiter.WhiteWins, arbiter.BlackWins, arbiter.Draw, arbiter.WhiteForfeit, arbiter.BlackForfeit, arbiter.DoubleForfeit}

// board returns a random board of the last round paired, or of an
// earlier one now and then; 0 when there is none.
func (e *evening) board(s *Snapshot) (n, b int) {
	if len(s.Rounds) == 0 {
		return 0, 0
	}
	n = len(s.Rounds)
	if n > 1 && e.rng.IntN(5) == 0 {
		n = 1 + e.rng.IntN(n-1)
	}
	r := s.Rounds[n-1]
	if len(r.Boards) == 0 {
		return n, 0
	}
	return n, r.Boards[e.rng.IntN(len(r.Boards))].Number
}

func (e *evening) result() (string, error) {
	s := e.snapshot()
	n, b := e.board(s)
	if b == 0 {
		return "round result (no board)", nil
	}
	r := eveningResults[e.rng.IntN(len(eveningResults))]
	req := ResultRequest{Tournament: e.ref(), Round: n, Board: b, Result: r}
	if r.Played() && e.rng.IntN(4) == 0 {
		req.Reason = "time"
	}
	_, err := e.d.EnterResult(e.ctx, req)
	return fmt.Sprintf("round result %d %s --round %d", b, r, n), err
}

func (e *evening) results() (string, error) {
	s := e.snapshot()
	if len(s.Rounds) == 0 {
		return "round results (none paired)", nil
	}
	n := len(s.Rounds)
	var reqs []ResultRequest
	for _, b := range s.Rounds[n-1].Boards {
		if b.Result == arbiter.NoResult {
			reqs = append(reqs, ResultRequest{Tournament: e.ref(), Round: n, Board: b.Number, Result: eveningResults[e.rng.IntN(3)]})
		}
	}
	_, err := e.d.EnterResults(e.ctx, reqs)
	return fmt.Sprintf("round results (%d boards of round %d)", len(reqs), n), err
}

func (e *evening) correct() (string, error) {
	s := e.snapshot()
	n, b := e.board(s)
	if b == 0 {
		return "round result --correct (no board)", nil
	}
	r := eveningResults[e.rng.IntN(len(eveningResults))]
	if e.rng.IntN(6) == 0 {
		r = arbiter.NoResult
	}
	_, err := e.d.EnterResult(e.ctx, ResultRequest{Tournament: e.ref(), Round: n, Board: b, Result: r, Correct: true})
	return fmt.Sprintf("round result %d %q --round %d --correct", b, r, n), err
}

func (e *evening) undo() (string, error) {
	plan, err := e.d.Undo(e.ctx, e.ref(), 0, true)
	what := "undo"
	if len(plan.Events) > 0 {
		ev := plan.Events[0]
		what = fmt.Sprintf("undo (%s %s)", ev.Action, ev.Subject)
	}
	return what, err
}

func (e *evening) withdrawn(s *Snapshot) *arbiter.Entry {
	var ws []*arbiter.Entry
	for i := range s.Entries {
		if s.Entries[i].Status == arbiter.Withdrawn {
			ws = append(ws, &s.Entries[i])
		}
	}
	if len(ws) == 0 {
		return nil
	}
	return ws[e.rng.IntN(len(ws))]
}

func (e *evening) returnPlayer() (string, error) {
	s := e.snapshot()
	en := e.withdrawn(s)
	if en == nil && e.rng.IntN(4) != 0 {
		return e.withdraw() // nobody to bring back yet
	}
	if en == nil {
		en = e.entry(s)
	}
	if en == nil {
		return "player return (nobody)", nil
	}
	from := 0
	if e.rng.IntN(3) == 0 {
		from = s.Next() + e.rng.IntN(2)
	}
	_, err := e.d.ReturnPlayer(e.ctx, e.tid, en.Player.ID, from)
	return fmt.Sprintf("player return %d --from-round %d", en.PN, from), err
}

func (e *evening) remove() (string, error) {
	s := e.snapshot()
	en := e.entry(s)
	if en == nil {
		return "player remove (nobody)", nil
	}
	if OnlyOpenRound(s, en.PN) > 0 || e.rng.IntN(4) == 0 {
		_, _, err := e.d.RemovePairAgain(e.ctx, e.tid, en.Player.ID)
		return fmt.Sprintf("player remove %d --pair-again", en.PN), err
	}
	_, err := e.d.RemoveEntry(e.ctx, e.tid, en.Player.ID)
	return fmt.Sprintf("player remove %d", en.PN), err
}

func (e *evening) swap() (string, error) {
	s := e.snapshot()
	a, b := e.entry(s), e.entry(s)
	if a == nil {
		return "round swap (nobody)", nil
	}
	if a.PN == b.PN && len(s.Entries) > 1 {
		b = &s.Entries[(a.PN)%len(s.Entries)]
	}
	force := e.rng.IntN(2) == 0
	_, err := e.d.EditRound(e.ctx, EditRequest{Tournament: e.ref(), Swap: [2]int{a.PN, b.PN}, Force: force})
	return fmt.Sprintf("round swap %d %d (force %v)", a.PN, b.PN, force), err
}

func (e *evening) edit() (string, error) {
	s := e.snapshot()
	if len(s.Rounds) == 0 || len(s.Rounds[len(s.Rounds)-1].Boards) == 0 {
		return "round edit (nothing paired)", nil
	}
	boards := s.Rounds[len(s.Rounds)-1].Boards
	b := boards[e.rng.IntN(len(boards))]
	w, bl := e.entry(s), e.entry(s)
	_, err := e.d.EditRound(e.ctx, EditRequest{Tournament: e.ref(), Board: b.Number, White: w.PN, Black: bl.PN, Force: true})
	return fmt.Sprintf("round edit %d %d-%d", b.Number, w.PN, bl.PN), err
}

func (e *evening) withdraw() (string, error) {
	s := e.snapshot()
	en := e.entry(s)
	if en == nil {
		return "player withdraw (nobody)", nil
	}
	from := 0
	if e.rng.IntN(3) == 0 {
		from = s.Next() + e.rng.IntN(2)
	}
	_, _, err := e.d.Withdraw(e.ctx, e.tid, en.Player.ID, from)
	return fmt.Sprintf("player withdraw %d --from-round %d", en.PN, from), err
}

func (e *evening) bye() (string, error) {
	s := e.snapshot()
	en := e.entry(s)
	if en == nil {
		return "player bye (nobody)", nil
	}
	kinds := []arbiter.ByeKind{arbiter.HalfBye, arbiter.ZeroBye, arbiter.FullBye}
	k := kinds[e.rng.IntN(len(kinds))]
	n := s.Next() + e.rng.IntN(2)
	err := e.d.RequestBye(e.ctx, e.tid, en.Player.ID, n, k)
	return fmt.Sprintf("player bye %d --round %d %s", en.PN, n, k), err
}

func (e *evening) byeCancel() (string, error) {
	s := e.snapshot()
	if len(s.Requests) == 0 {
		return "player bye --cancel (none asked)", nil
	}
	q := s.Requests[e.rng.IntN(len(s.Requests))]
	err := e.d.CancelBye(e.ctx, e.tid, s.Entries[q.PN-1].Player.ID, q.Round)
	return fmt.Sprintf("player bye %d --round %d --cancel", q.PN, q.Round), err
}

func (e *evening) checkIn() (string, error) {
	s := e.snapshot()
	var present, absent []int64
	for _, en := range s.Entries {
		switch e.rng.IntN(5) {
		case 0:
			absent = append(absent, en.Player.ID)
		case 1:
			present = append(present, en.Player.ID)
		}
	}
	kind := arbiter.ZeroBye
	if s.Tournament.AbsentValue == arbiter.Half {
		kind = arbiter.HalfBye
	}
	err := e.d.CheckIn(e.ctx, e.tid, s.Next(), present, absent, kind)
	return fmt.Sprintf("round checkin (%d present, %d absent)", len(present), len(absent)), err
}

func (e *evening) season() (string, error) {
	name := fmt.Sprintf("Season %d", e.rng.IntN(3))
	if _, err := e.d.FindSeason(e.ctx, name); err != nil {
		set := season.Settings{Scoring: season.Scoring{Kind: season.Points}, Participation: 0.5, Tiebreaks: season.DefaultTiebreaks()}
		if _, err := e.d.CreateSeason(e.ctx, Season{Name: name, Settings: set}); err != nil {
			return "season new " + name, err
		}
	}
	_, _, err := e.d.AddEvenings(e.ctx, name, []string{e.ref()})
	return fmt.Sprintf("season add %s %d", name, e.tid), err
}

func (e *evening) merge() (string, error) {
	roster, err := e.d.Roster(e.ctx)
	if err != nil || len(roster) < 2 {
		return "roster merge", err
	}
	keep, drop := roster[e.rng.IntN(len(roster))], roster[e.rng.IntN(len(roster))]
	_, err = e.d.MergePlayers(e.ctx, keep.ID, drop.ID)
	return fmt.Sprintf("roster merge id:%d id:%d", keep.ID, drop.ID), err
}

func (e *evening) allPlayAll() (string, error) {
	s := e.snapshot()
	_, err := e.d.ContinueAllPlayAll(e.ctx, s.Tournament, s.Next())
	return fmt.Sprintf("tournament all-play-all from round %d", s.Next()), err
}

// eveningGames are short legal games and their results.
var eveningGames = []struct {
	moves  string
	result arbiter.Result
}{
	{"1. f3 e5 2. g4 Qh4# 0-1", arbiter.BlackWins},
	{"1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0", arbiter.WhiteWins},
	{"1. e4 e5 2. Nf3 Nc6 1/2-1/2", arbiter.Draw},
}

func (e *evening) gameAdd() (string, error) {
	s := e.snapshot()
	n, b := e.board(s)
	if b == 0 {
		return "game add (no board)", nil
	}
	g := eveningGames[e.rng.IntN(len(eveningGames))]
	rec, err := rules.NewReader(strings.NewReader(g.moves)).Read()
	if err != nil {
		e.t.Fatal(err)
	}
	cg, err := CheckGame(s.Tournament, GameInput{Game: rec, Seat: games.Seat{Round: n, Board: b}})
	if err != nil {
		return "game add", err
	}
	cg.Sub.Result = g.result
	_, err = e.d.SubmitGames(e.ctx, e.ref(), []Submission{cg.Sub})
	return fmt.Sprintf("game add %d --round %d (%s)", b, n, g.result), err
}

func (e *evening) gameRemove() (string, error) {
	s := e.snapshot()
	n, b := e.board(s)
	if b == 0 {
		return "game remove (no board)", nil
	}
	// Mostly a board that has a game.
	for _, x := range s.Rounds[n-1].Boards {
		if gs, err := e.d.Games(e.ctx, e.tid, n, x.Number); err == nil && len(gs) > 0 && e.rng.IntN(4) != 0 {
			b = x.Number
			break
		}
	}
	_, _, err := e.d.RemoveGames(e.ctx, e.tid, n, b)
	return fmt.Sprintf("game remove %d --round %d", b, n), err
}

func (e *evening) late() (string, error) {
	ev := e.d.Evening(e.tid, 10*time.Minute)
	if e.rng.IntN(3) == 0 {
		err := e.d.SetLateUntil(e.ctx, e.tid, e.clock.Add(3*time.Hour))
		return "late entries until 23:00", err
	}
	q, err := ev.LateQueue(e.ctx)
	if err != nil {
		return "late queue", err
	}
	if len(q) > 0 && e.rng.IntN(2) == 0 {
		r := q[e.rng.IntN(len(q))]
		if e.rng.IntN(4) == 0 {
			_, err := ev.RefuseLate(WithActor(e.ctx, "Marta"), r.ID)
			return "late refuse " + r.Name, err
		}
		_, err := ev.AcceptLate(WithActor(e.ctx, "Marta"), r.ID)
		return "late accept " + r.Name, err
	}
	e.token++
	p := e.player()
	_, err = ev.RequestLate(e.ctx, arbiter.LateRequest{Name: p.Name, Rating: p.Rating, New: true,
		Token: fmt.Sprintf("token-of-the-newcomer-%04d", e.token), Device: fmt.Sprintf("phone %d", e.token)}, e.clock)
	return "late request " + p.Name, err
}

func (e *evening) presence() (string, error) {
	s := e.snapshot()
	en := e.entry(s)
	if en == nil {
		return "presence (nobody)", nil
	}
	if e.rng.IntN(4) == 0 {
		_, err := e.d.MarkHere(e.ctx, e.tid, []int{en.PN})
		return fmt.Sprintf("round checkin --here %d", en.PN), err
	}
	kinds := []string{arbiter.Here, arbiter.Here, arbiter.Skip, arbiter.Leave}
	k := kinds[e.rng.IntN(len(kinds))]
	_, err := e.d.MarkPresence(WithOrigin(e.ctx, arbiter.Origin{Who: "phone"}), e.tid, en.PN, k, e.rng.IntN(2) == 0)
	return fmt.Sprintf("presence %d %s", en.PN, k), err
}

func (e *evening) presenceRule() (string, error) {
	on := e.rng.IntN(2) == 0
	_, err := e.d.SetPresenceRequired(e.ctx, e.tid, on)
	return fmt.Sprintf("tournament presence %v", on), err
}

// phoneReport is the results from the boards' phones (arbiter serve):
// the round published, a player reports, and then, as a rule at once, the
// opponent confirms with the PIN or disputes, or the organizer accepts or
// rejects the report, and rules on a dispute.
func (e *evening) phoneReport() (string, error) {
	ev := e.d.Evening(e.tid, 10*time.Minute)
	s := e.snapshot()
	if len(s.Rounds) == 0 {
		return "phone report (nothing paired)", nil
	}
	if _, err := ev.Publish(WithActor(e.ctx, "Marta")); err != nil {
		return "round publish", err
	}
	codes, err := e.d.BoardCodes(e.ctx, e.tid, len(s.Rounds))
	if err != nil || len(codes) == 0 {
		return "phone report (no board)", err
	}
	// Mostly a board still to play.
	var c arbiter.BoardCode
	for _, x := range codes {
		if c.Token == "" || x.Result == arbiter.NoResult && e.rng.IntN(2) == 0 {
			c = x
		}
	}
	r := eveningResults[e.rng.IntN(3)]
	what := fmt.Sprintf("phone report board %d %s", c.Board, r)
	rep, err := ev.Report(WithOrigin(e.ctx, arbiter.Origin{Who: "phone", IP: "192.168.1.20", Device: "d1"}), c.Token, arbiter.Proof{PIN: c.WhitePIN}, r)
	if err != nil || e.rng.IntN(4) == 0 {
		return what, err
	}
	switch k := e.rng.IntN(4); k {
	case 0, 1:
		confirm := r
		if k == 1 {
			confirm = eveningResults[e.rng.IntN(3)] // perhaps a dispute
		}
		what += fmt.Sprintf(", confirmed %s", confirm)
		if rep, err = ev.Confirm(WithOrigin(e.ctx, arbiter.Origin{Who: "phone", IP: "192.168.1.21", Device: "d2"}), c.Token, arbiter.Proof{PIN: c.BlackPIN}, confirm); err != nil || rep.Status != arbiter.Disputed {
			return what, err
		}
		ruled := eveningResults[e.rng.IntN(3)]
		_, err = ev.Accept(WithActor(e.ctx, "Marta"), rep.ID, ruled)
		return what + fmt.Sprintf(", disputed, ruled %s", ruled), err
	case 2:
		_, err := ev.Reject(WithActor(e.ctx, "Marta"), rep.ID)
		return what + ", rejected", err
	default:
		_, err := ev.Accept(WithActor(e.ctx, "Marta"), rep.ID, arbiter.NoResult)
		return what + ", accepted", err
	}
}
