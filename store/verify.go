package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/games"
)

// Verify checks the whole database, SQLite's file structure and arbiter's
// own record, and returns every broken invariant it finds (none when the
// file is sound). The error is a failure to read, not a finding: a
// cancelled ctx returns ctx.Err() and no findings, however far the check
// had come, for a check that did not finish has found nothing.
//
// Most of arbiter's record is checked by replaying the event log: each
// kind of event has its replay rule (replayRules), which applies to a
// model of the tournament what the write that logged it did to the
// tables, and the model is compared with what is stored. A command that
// was undone (undo_commands.undone_by names its "undo" event) is left out
// of the replay: undo puts every row it changed back as it was, and it is
// refused while a later command depends on it (undo.go), so the stored
// state is the replay of the commands that stand. The undo bookkeeping is
// checked too, so that a damaged mark cannot hide events. Coverage is by
// construction: logEvent refuses to log a kind of event that has no
// replay rule, and TestEveryEventKindReplays fails for an Act constant
// without one, so a new kind of write cannot be made without saying what
// the check expects of it. A kind unknown to this arbiter (a file written
// by a newer one) replays as changing nothing.
//
// The invariants are what the schema and the one-transaction-per-write
// rule promise (doc.go):
//
// The file:
//   - PRAGMA integrity_check says ok and PRAGMA foreign_key_check finds
//     nothing.
//   - Every tournament has exactly one "tournament.new" event.
//   - Every submitted game has one standing "game.add" event naming it
//     ("game N"), logged in the game's tournament and naming its round
//     and board; every other "game.add" names a game taken off its board
//     later ("game.remove"). (A game's number can be given again after
//     the last one is taken off.)
//   - Every roster player was created by a logged registration or a
//     logged import: there are no more players than "player.add" events
//     plus the players each "tournament.import" or "roster.import" says
//     it added to the roster.
//   - Each "undo" event names the command it undid, and that command is
//     marked undone by it; no command is marked undone by anything else.
//
// Each tournament:
//   - Imported whole or not at all: a tournament read from a file (import
//     trf) has one "tournament.import" event, logged right after its
//     "tournament.new", whose summary ("150 players (3 new in the
//     roster), 12 rounds") counts its entries and rounds; a tournament
//     made by tournament new has none.
//   - Entries: the entries are the imported ones plus the registrations
//     ("player.add") minus the removals ("player.remove"); the withdrawn
//     entries are the withdrawals ("player.withdraw") less the returns
//     ("player.return") and the withdrawn entries removed; the pairing
//     numbers run 1 to n.
//   - Rounds: replaying the import (rounds 1 to k) and then "round.pair"
//     and "round.unpair" in log order (a pairing adds the next round, an
//     unpairing takes the last one away) gives exactly the rounds in the
//     rounds table, and each round is as its last pairing or change in
//     place ("round.edit") logged it, boards and byes (FormatPairing),
//     with what later events did to it: a removal after round 1 moves
//     the numbers after the player removed up by one, a return turns the
//     absences of the rounds missed into byes of the tournament's value.
//     An imported round is not logged board by board.
//   - Whole rounds: the boards of a round are numbered 1 to m, and every
//     entry that could play it (joined at or before it) is in it exactly
//     once, on a board or with a bye; no later entry is. A player
//     withdrawn before the round has the Unpaired bye, and a bye asked for
//     in advance is there with its kind.
//   - Results: the result and reason of each board are the new value of
//     the last "result.enter" or "result.correct" event for that board
//     (of a Double-Swiss match, both games: the last "result.match")
//     logged after the round was last paired or changed; a board with no
//     such event has no result, or in an imported round the result
//     imported.
//   - Games: a game judged legal was stored with its result: replaying
//     the board's results up to the submission that stored the game (its
//     "game.add", then perhaps its "game.ruling" and the board's
//     "result.enter") gives the result the game's verdict names.
//   - Prizes: every category and every prize was added by a logged
//     command, a "category.add" naming the category or a "prize.add"
//     naming the prize's place ("place 1", "place 1 of U1600").
//   - The program can still use the file: Snapshot and the
//     score table of every tournament succeed.
func (db *DB) Verify(ctx context.Context) ([]string, error) {
	// SQLite's check of the file is most of the work in a large file:
	// there it runs on a connection of its own while the record is
	// checked on another (checkFile), and its findings come first, as
	// if it had run first. The full integrity_check, not quick_check,
	// for quick_check does not look at whether each index holds the rows
	// of its table (TestVerifyFindsIndexOutOfStep), and arbiter finds
	// its rows through those indexes.
	whole := db.checkFile(ctx)
	c := &consistency{ctx: ctx}
	var tids []int
	err := db.read(ctx, func(tx *sql.Tx) error {
		c.db = tx
		if whole == nil {
			c.integrity()
			if c.err != nil {
				return c.err
			}
		}
		c.links()
		if c.err != nil {
			return c.err
		}
		var err error
		if tids, err = c.ints(`SELECT id FROM tournaments ORDER BY id`); err != nil {
			return err
		}
		r := c.replay()
		for _, tid := range tids {
			if c.err != nil {
				break
			}
			c.tournament(r, tid)
		}
		return c.err
	})
	if err == nil {
		for _, tid := range tids {
			s, serr := db.Snapshot(ctx, int64(tid))
			if ctx.Err() != nil {
				break
			}
			if serr != nil {
				c.fail("tournament %d: snapshot: %v", tid, serr)
				continue
			}
			if _, serr := s.Table(len(s.Rounds)); serr != nil {
				c.fail("tournament %d: score table: %v", tid, serr)
			}
		}
	}
	var found []string
	if whole != nil {
		var ferr error
		found, ferr = whole()
		if ferr != nil && ctx.Err() == nil {
			// The check of the file stopped it: what else was found
			// is not said, as when it ran alone.
			err, c.broken = ferr, nil
		}
	}
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	broken := append(found, c.broken...)
	if err != nil {
		if errors.Is(err, ErrDamaged) || scanError(err) {
			return append(broken, "the file cannot be read: "+UserMessage(err)), nil
		}
		return nil, err
	}
	return broken, nil
}

// checkFile starts SQLite's check of the whole file (PRAGMA
// integrity_check) on a reading connection of its own, beside the rest
// of Verify, and returns the call that waits for its findings; the error
// is a failure to read that stops the check, as in Verify. It returns
// nil, for the check to run first on Verify's own connection, where a
// second one costs more than it saves: a file under parallelFile bytes
// (opening a connection reads the schema again, 2-3 ms, as long as the
// whole check of a 30-player evening), and an in-memory database, which
// exists on one connection only.
func (db *DB) checkFile(ctx context.Context) func() ([]string, error) {
	if db.path == ":memory:" {
		return nil
	}
	if fi, err := os.Stat(db.path); err != nil || fi.Size() < parallelFile {
		return nil
	}
	type result struct {
		found []string
		err   error
	}
	done := make(chan result, 1)
	go func() {
		c := &consistency{ctx: ctx}
		err := db.read(ctx, func(tx *sql.Tx) error {
			c.db = tx
			c.integrity()
			return c.err
		})
		done <- result{c.broken, err}
	}()
	return func() ([]string, error) {
		r := <-done
		return r.found, r.err
	}
}

// parallelFile is the size of a database file from which Verify checks
// the file's structure beside the record (checkFile): a megabyte, a
// field of some 500 players.
const parallelFile = 1 << 20

// scanError reports whether err is database/sql's refusal of a stored
// value of the wrong type, or rawRow's (a columnError): the schema's
// STRICT tables store none, so the file is damaged.
func scanError(err error) bool {
	var ce *columnError
	return err != nil && (strings.Contains(err.Error(), "sql: Scan error") || errors.As(err, &ce))
}

// consistency collects broken invariants; err is a failure to read.
type consistency struct {
	ctx    context.Context
	db     queryer
	broken []string
	err    error
}

func (c *consistency) fail(format string, args ...any) {
	c.broken = append(c.broken, fmt.Sprintf(format, args...))
}

// setErr keeps the first failure to read.
func (c *consistency) setErr(err error) {
	if err != nil && c.err == nil {
		c.err = err
	}
}

func (c *consistency) ints(q string, args ...any) ([]int, error) {
	rows, err := c.db.QueryContext(c.ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []int
	for rows.Next() {
		var n int
		if err := rows.Scan(&n); err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, rows.Err()
}

// one returns the single integer q selects; errors are kept in c.err.
func (c *consistency) one(q string, args ...any) int {
	var n int
	if err := c.db.QueryRowContext(c.ctx, q, args...).Scan(&n); err != nil {
		c.setErr(fmt.Errorf("%s: %w", q, err))
	}
	return n
}

// integrity runs SQLite's check of the file's structure: pages, records,
// the order of keys, and that every index holds exactly the rows of its
// table.
func (c *consistency) integrity() {
	var ok string
	if err := c.db.QueryRowContext(c.ctx, `PRAGMA integrity_check`).Scan(&ok); err != nil {
		// A file too damaged to check is a finding; a check cut short
		// (ctx) is not.
		if c.ctx.Err() != nil || faultKind(err) != ErrDamaged {
			c.setErr(err)
			return
		}
		c.fail("integrity_check: %v", err)
		return
	}
	if ok != "ok" {
		c.fail("integrity_check: %s", ok)
	}
}

// links checks what the file promises beyond its structure: every
// foreign key leads somewhere, every tournament was made once.
func (c *consistency) links() {
	if n := c.one(`SELECT count(*) FROM pragma_foreign_key_check`); n > 0 {
		c.fail("foreign_key_check: %d rows point nowhere", n)
	}
	if n := c.one(`SELECT count(*) FROM tournaments t WHERE (SELECT count(*) FROM events e
		WHERE e.tournament_id = t.id AND e.action = ?) <> 1`, ActTournamentNew); n > 0 {
		c.fail("%d tournaments without exactly one %s event", n, ActTournamentNew)
	}
}

// importSummary is what a "tournament.import" event says it stored.
type importSummary struct{ entries, newPlayers, rounds int }

// lazyRegexp returns a function that compiles pattern the first time it
// is called: only check reads the events these expressions read, and
// every command would compile them at start.
func lazyRegexp(pattern string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(pattern) })
}

// rosterSummaryRE reads the new value of a "roster.import" event:
// "30 players: 4 new, 2 updated".
var rosterSummaryRE = lazyRegexp(`^\d+ players?: (\d+) new, \d+ updated$`)

var importSummaryRE = lazyRegexp(`^(\d+) players? \((\d+) new in the roster\), (\d+) rounds?$`)

// parseImportSummary reads the new value of a "tournament.import" event:
// "150 players (3 new in the roster), 12 rounds".
func parseImportSummary(s string) (importSummary, bool) {
	m := importSummaryRE().FindStringSubmatch(s)
	if m == nil {
		return importSummary{}, false
	}
	var sum importSummary
	sum.entries, _ = strconv.Atoi(m[1])
	sum.newPlayers, _ = strconv.Atoi(m[2])
	sum.rounds, _ = strconv.Atoi(m[3])
	return sum, true
}

// logged is one event of the log.
type logged struct {
	id, tid                     int
	action, subject, old, value string
}

// The replay.

// replayRule is what the replay does with one kind of event: it applies
// to the model what the write that logged the event did to the tables
// the check compares, or reports an event that cannot have been logged
// as it stands.
type replayRule func(r *replay, e logged)

// replayNothing is the rule of the events that change nothing the check
// compares: settings, names and ratings, requests and marks kept in
// tables of their own (checked against the rounds directly), and the
// events whose effect on rounds and results is logged by events of its
// own in the same command (a late entry accepted also logs its
// "player.add", a report accepted its "result.enter").
func replayNothing(*replay, logged) {}

// replayRules gives every kind of event its replay. logEvent refuses a
// kind that is not here.
var replayRules = map[string]replayRule{
	ActTournamentNew:    replayNothing, // counted by file
	ActTournamentImport: (*replay).imported,
	ActTournamentSet:    replayNothing,
	ActOption:           replayNothing,
	ActWebSet:           replayNothing,
	ActLateSet:          replayNothing,
	ActPresenceRule:     replayNothing,
	ActPlayerAdd:        (*replay).added,
	ActPlayerEdit:       replayNothing,
	ActPlayerImport:     replayNothing, // each player imported has its player.add
	ActWithdraw:         (*replay).withdrawn,
	ActRemove:           (*replay).removed,
	ActReturn:           (*replay).returned,
	ActBye:              replayNothing, // requested_byes, checked against the rounds
	ActByeCancel:        replayNothing,
	ActCheckin:          replayNothing,
	ActHere:             replayNothing,
	ActRoundPair:        (*replay).paired,
	ActRoundEdit:        (*replay).edited,
	ActRoundUnpair:      (*replay).unpaired,
	ActRoundUnknown:     replayNothing,
	ActRoundPublish:     replayNothing, // board codes
	ActResult:           (*replay).result,
	ActCorrect:          (*replay).result,
	ActMatch:            (*replay).result, // the two games of a Double-Swiss match
	ActGameAdd:          (*replay).gameAdded,
	ActGameRuling:       replayNothing, // read with its game.add (consistency.games)
	ActGameRemove:       (*replay).gamesRemoved,
	ActReport:           replayNothing,
	ActConfirm:          replayNothing,
	ActDispute:          replayNothing,
	ActAccept:           replayNothing, // its result.enter follows
	ActReject:           replayNothing,
	ActClaim:            replayNothing,
	ActRuling:           replayNothing, // its result.enter comes first
	ActLateRequest:      replayNothing,
	ActLateAccept:       replayNothing, // its player.add comes first
	ActLateRefuse:       replayNothing,
	ActSeasonNew:        replayNothing,
	ActSeasonAdd:        replayNothing,
	ActRosterImport:     (*replay).rosterImported,
	ActRosterMerge:      replayNothing, // a player fewer: the count is a bound
	ActRosterRemove:     replayNothing,
	ActRosterUpdate:     replayNothing, // ratings and categories of players already there
	ActTextRepair:       replayNothing,
	ActUndo:             replayNothing, // the command undone is left out (consistency.replay)
	ActCategoryAdd:      replayNothing, // every category stored has its add (consistency.prizes)
	ActCategoryRemove:   replayNothing,
	ActPrizeAdd:         replayNothing, // every prize stored has its add (consistency.prizes)
	ActPrizeRemove:      replayNothing,
	ActPrizeSet:         replayNothing,
}

// replay is the model the log gives: the roster players it created, the
// games it stored, and each tournament.
type replay struct {
	c           *consistency
	tours       map[int]*tourReplay
	games       map[string]liveGame // "game 12": its standing game.add
	registered  int                 // player.add events
	fromImports int                 // roster players the imports say they added
}

// liveGame is a game.add event whose game was not taken off since.
type liveGame struct {
	logged
	round, board int
}

// tourReplay is one tournament as its log makes it.
type tourReplay struct {
	evs       []logged // its events that stand, in log order
	imported  *logged
	sum       importSummary
	entries   int
	withdrawn int
	rounds    []*replayRound // rounds[i] is round i+1
}

// replayRound is a round as the log makes it.
type replayRound struct {
	n int
	// by is the event the round stands as: its pairing, its last
	// change in place, or the import.
	by       logged
	imported bool // not logged board by board: pairing and results not compared
	boards   []arbiter.Board
	byes     []arbiter.Bye       // the byes FormatPairing shows, by pairing number
	results  map[int]resultEvent // board: the last result event since by
	places   map[int]struct{}    // pairing numbers on a board or with a bye shown
	readable bool                // by's pairing could be read
}

// resultEvent is a "result.enter" or "result.correct" event with the
// board it is about.
type resultEvent struct {
	logged
	board int
}

func (r *replay) tour(e logged) *tourReplay {
	if e.tid == 0 {
		return nil
	}
	return r.tours[e.tid]
}

// replay reads the log, leaves out the commands undone, and applies
// every other event's rule in log order.
func (c *consistency) replay() *replay {
	r := &replay{c: c, tours: map[int]*tourReplay{}, games: map[string]liveGame{}}
	tids, err := c.ints(`SELECT id FROM tournaments ORDER BY id`)
	if err != nil {
		c.setErr(err)
		return r
	}
	for _, tid := range tids {
		r.tours[tid] = &tourReplay{}
	}
	undone := c.undone()
	rows, err := c.db.QueryContext(c.ctx, `SELECT id, coalesce(tournament_id, 0), action, subject, old_value, new_value FROM events ORDER BY id`)
	if err != nil {
		c.setErr(err)
		return r
	}
	defer rows.Close()
	next := 0 // the first of undone not yet passed
	for rows.Next() {
		var e logged
		if err := rows.Scan(&e.id, &e.tid, &e.action, &e.subject, &e.old, &e.value); err != nil {
			c.setErr(err)
			return r
		}
		for next < len(undone) && undone[next].last < e.id {
			next++
		}
		if next < len(undone) && undone[next].first <= e.id {
			continue
		}
		if t := r.tour(e); t != nil {
			t.evs = append(t.evs, e)
		}
		if rule, ok := replayRules[e.action]; ok {
			rule(r, e)
		}
	}
	c.setErr(rows.Err())
	if c.err != nil {
		return r
	}
	r.finishGames()
	players := c.one(`SELECT count(*) FROM players`)
	if players > r.registered+r.fromImports {
		c.fail("%d roster players but only %d registrations logged and %d players imported", players, r.registered, r.fromImports)
	}
	return r
}

// span is the events first..last of one command.
type span struct{ first, last int }

// undone returns the commands undone, in log order, after checking them
// against the "undo" events: each names its command ("events 12-14") and
// is the one that command is marked undone by.
func (c *consistency) undone() []span {
	rows, err := c.db.QueryContext(c.ctx, `SELECT u.id, u.first_event, u.last_event, u.undone_by, coalesce(e.action, ''), coalesce(e.subject, '')
		FROM undo_commands u LEFT JOIN events e ON e.id = u.undone_by WHERE u.undone_by > 0 ORDER BY u.first_event`)
	if err != nil {
		c.setErr(err)
		return nil
	}
	var out []span
	marked := map[int]bool{}
	for rows.Next() {
		var id, by int
		var s span
		var action, subject string
		if err := rows.Scan(&id, &s.first, &s.last, &by, &action, &subject); err != nil {
			c.setErr(err)
			break
		}
		marked[by] = true
		if action != ActUndo || subject != undoSpan(int64(s.first), int64(s.last)) {
			c.fail("command %d (events %d-%d) is marked undone by event %d, which is not its undo", id, s.first, s.last, by)
			continue
		}
		if len(out) > 0 && out[len(out)-1].last >= s.first {
			c.fail("command %d (events %d-%d) overlaps another command undone", id, s.first, s.last)
			continue
		}
		out = append(out, s)
	}
	rows.Close()
	undos, err := c.ints(`SELECT id FROM events WHERE action = ?`, ActUndo)
	if err != nil {
		c.setErr(err)
		return out
	}
	for _, id := range undos {
		if !marked[id] {
			c.fail("event %d is an undo, but no command is marked undone by it", id)
		}
	}
	return out
}

func (r *replay) imported(e logged) {
	t := r.tour(e)
	if t == nil {
		return
	}
	if t.imported != nil {
		r.c.fail("tournament %d: imported twice (events %d and %d)", e.tid, t.imported.id, e.id)
		return
	}
	t.imported = &e
	sum, ok := parseImportSummary(e.value)
	if !ok {
		r.c.fail("tournament %d: event %d: unreadable import summary %q", e.tid, e.id, e.value)
	}
	t.sum = sum
	r.fromImports += sum.newPlayers
	// Its import event comes before anything else is done to it (only
	// the roster's details filled in by the import are logged between
	// its creation and the import).
	for _, before := range t.evs[:len(t.evs)-1] {
		if before.action != ActTournamentNew && before.action != ActPlayerEdit {
			r.c.fail("tournament %d: event %d (%s) is logged before the import that made the tournament", e.tid, before.id, before.action)
			break
		}
	}
	t.entries += sum.entries
	for n := 1; n <= sum.rounds; n++ {
		t.rounds = append(t.rounds, &replayRound{n: n, by: e, imported: true, results: map[int]resultEvent{}})
	}
}

func (r *replay) rosterImported(e logged) {
	m := rosterSummaryRE().FindStringSubmatch(e.value)
	if m == nil {
		r.c.fail("event %d: unreadable roster import summary %q", e.id, e.value)
		return
	}
	n, _ := strconv.Atoi(m[1])
	r.fromImports += n
}

func (r *replay) added(e logged) {
	r.registered++
	if t := r.tour(e); t != nil {
		t.entries++
	}
}

func (r *replay) withdrawn(e logged) {
	if t := r.tour(e); t != nil {
		t.withdrawn++
	}
}

// subjectPN reads the pairing number an event about an entry starts
// with: "7 Rossi, Mario".
func (r *replay) subjectPN(e logged) (int, bool) {
	var pn int
	if _, err := fmt.Sscanf(e.subject, "%d", &pn); err != nil || pn < 1 {
		r.c.fail("tournament %d: event %d: unreadable player %q", e.tid, e.id, e.subject)
		return 0, false
	}
	return pn, true
}

// removed is a player taken out as if never entered: the numbers after
// theirs move up by one in every round (only a player with no board and
// no bye played can be removed: their absences go).
func (r *replay) removed(e logged) {
	t := r.tour(e)
	if t == nil {
		return
	}
	t.entries--
	if strings.HasPrefix(e.old, "withdrawn") {
		t.withdrawn--
	}
	pn, ok := r.subjectPN(e)
	if !ok {
		return
	}
	renum := func(x int) int {
		if x > pn {
			return x - 1
		}
		return x
	}
	for _, rd := range t.rounds {
		if rd.imported || !rd.readable {
			continue
		}
		for i := range rd.boards {
			rd.boards[i].White, rd.boards[i].Black = renum(rd.boards[i].White), renum(rd.boards[i].Black)
		}
		var byes []arbiter.Bye
		for _, b := range rd.byes {
			if b.PN != pn {
				byes = append(byes, arbiter.Bye{PN: renum(b.PN), Kind: b.Kind})
			}
		}
		rd.byes = byes
		rd.place()
	}
}

// returnedKindRE reads the kind of the rounds missed from a return's new
// value: "plays from round 5, rounds 3-4 missed (Z)".
var returnedKindRE = lazyRegexp(`missed \(([A-Z]+)\)$`)

// returned is a withdrawn player back: in the rounds paired since the
// withdrawal, the absence (the Unpaired bye, which FormatPairing does not
// show) becomes a bye of the kind the return names.
func (r *replay) returned(e logged) {
	t := r.tour(e)
	if t == nil {
		return
	}
	t.withdrawn--
	var from int
	if _, err := fmt.Sscanf(e.old, "withdrawn from round %d", &from); err != nil {
		r.c.fail("tournament %d: event %d: unreadable withdrawal %q", e.tid, e.id, e.old)
		return
	}
	pn, ok := r.subjectPN(e)
	if !ok {
		return
	}
	var kind arbiter.ByeKind
	if m := returnedKindRE().FindStringSubmatch(e.value); m != nil {
		kind, _ = arbiter.ParseByeKind(m[1])
	}
	for _, rd := range t.rounds {
		if rd.n < from || rd.imported || !rd.readable {
			continue
		}
		if _, in := rd.places[pn]; in {
			continue
		}
		if kind == arbiter.NoBye {
			r.c.fail("tournament %d: event %d returns player %d, missing round %d, but names no bye", e.tid, e.id, pn, rd.n)
			continue
		}
		rd.byes = append(rd.byes, arbiter.Bye{PN: pn, Kind: kind})
		sortByes(rd.byes)
		rd.place()
	}
}

// roundOf reads the round an event's subject starts with: "round 3
// (dutch-2025)", "round 3 board 2 (...)".
func roundOf(subject string) (int, bool) {
	var n int
	_, err := fmt.Sscanf(subject, "round %d", &n)
	return n, err == nil
}

func (r *replay) paired(e logged) {
	t := r.tour(e)
	if t == nil || strings.Contains(e.subject, keptSubject) {
		return
	}
	n, ok := roundOf(e.subject)
	if !ok {
		r.c.fail("tournament %d: event %d: unreadable pairing subject %q", e.tid, e.id, e.subject)
		return
	}
	if n != len(t.rounds)+1 {
		r.c.fail("tournament %d: event %d pairs round %d after rounds 1 to %d", e.tid, e.id, n, len(t.rounds))
	}
	t.rounds = append(t.rounds, r.round(n, e))
}

func (r *replay) edited(e logged) {
	t := r.tour(e)
	if t == nil {
		return
	}
	n, ok := roundOf(e.subject)
	if !ok || n < 1 || n != len(t.rounds) {
		r.c.fail("tournament %d: event %d changes %q, but the rounds paired are %s", e.tid, e.id, e.subject, t.stack())
		return
	}
	t.rounds[n-1] = r.round(n, e)
}

func (r *replay) unpaired(e logged) {
	t := r.tour(e)
	if t == nil {
		return
	}
	n, ok := roundOf(e.subject)
	if !ok || len(t.rounds) == 0 || n != len(t.rounds) {
		r.c.fail("tournament %d: event %d unpairs %q, but the rounds paired are %s", e.tid, e.id, e.subject, t.stack())
		return
	}
	t.rounds = t.rounds[:n-1]
}

// stack writes the numbers of the rounds paired: "[1 2 3]".
func (t *tourReplay) stack() string {
	ns := make([]int, len(t.rounds))
	for i, rd := range t.rounds {
		ns[i] = rd.n
	}
	return fmt.Sprint(ns)
}

// round is round n as event e (a pairing or a change) logs it.
func (r *replay) round(n int, e logged) *replayRound {
	rd := &replayRound{n: n, by: e, results: map[int]resultEvent{}}
	rd.boards, rd.byes, rd.readable = parsePairing(e.value)
	if !rd.readable {
		r.c.fail("tournament %d: event %d: unreadable pairing %q", e.tid, e.id, e.value)
	}
	rd.place()
	return rd
}

// place notes who is placed in the round.
func (rd *replayRound) place() {
	rd.places = map[int]struct{}{}
	for _, b := range rd.boards {
		rd.places[b.White], rd.places[b.Black] = struct{}{}, struct{}{}
	}
	for _, b := range rd.byes {
		rd.places[b.PN] = struct{}{}
	}
}

// parsePairing reads what FormatPairing writes: "1-5, 6-2, 4 bye, 3 H".
func parsePairing(s string) (boards []arbiter.Board, byes []arbiter.Bye, ok bool) {
	if s == "" {
		return nil, nil, true
	}
	for _, part := range strings.Split(s, ", ") {
		var w, b int
		if _, err := fmt.Sscanf(part, "%d-%d", &w, &b); err == nil && part == fmt.Sprintf("%d-%d", w, b) {
			boards = append(boards, arbiter.Board{Number: len(boards) + 1, White: w, Black: b})
			continue
		}
		pnText, kindText, found := strings.Cut(part, " ")
		pn, err := strconv.Atoi(pnText)
		if !found || err != nil {
			return nil, nil, false
		}
		kind, err := arbiter.ParseByeKind(kindText)
		if err != nil {
			return nil, nil, false
		}
		byes = append(byes, arbiter.Bye{PN: pn, Kind: kind})
	}
	sortByes(byes)
	return boards, byes, true
}

func (r *replay) result(e logged) {
	t := r.tour(e)
	if t == nil {
		return
	}
	var n, b int
	if _, err := fmt.Sscanf(e.subject, "round %d board %d", &n, &b); err != nil {
		r.c.fail("tournament %d: event %d: unreadable result subject %q", e.tid, e.id, e.subject)
		return
	}
	if n < 1 || n > len(t.rounds) {
		r.c.fail("tournament %d: event %d enters a result in round %d, but the rounds paired are %s", e.tid, e.id, n, t.stack())
		return
	}
	t.rounds[n-1].results[b] = resultEvent{e, b}
}

func (r *replay) gameAdded(e logged) {
	var g liveGame
	g.logged = e
	if _, err := fmt.Sscanf(e.subject, "round %d board %d", &g.round, &g.board); err != nil {
		g.round, g.board = -1, -1 // misplaced, whatever the game says
	}
	if prev, ok := r.games[e.value]; ok {
		r.c.fail("event %d stores %s, which event %d stored already and nothing took off", e.id, e.value, prev.id)
	}
	r.games[e.value] = g
}

func (r *replay) gamesRemoved(e logged) {
	var n, b int
	if _, err := fmt.Sscanf(e.subject, "round %d board %d", &n, &b); err != nil {
		r.c.fail("tournament %d: event %d: unreadable board %q", e.tid, e.id, e.subject)
		return
	}
	gone := 0
	for key, g := range r.games {
		if g.tid == e.tid && g.round == n && g.board == b {
			delete(r.games, key)
			gone++
		}
	}
	if gone == 0 {
		r.c.fail("tournament %d: event %d takes the games off round %d board %d, but none was logged there", e.tid, e.id, n, b)
	}
}

// finishGames compares the games stored with the game.add events that
// stand.
func (r *replay) finishGames() {
	c := r.c
	rows, err := c.db.QueryContext(c.ctx, `SELECT id, tournament_id, round, board FROM games`)
	if err != nil {
		c.setErr(err)
		return
	}
	defer rows.Close()
	stored := map[string]bool{}
	var unlogged, misplaced int
	for rows.Next() {
		var id, tid, round, board int
		if err := rows.Scan(&id, &tid, &round, &board); err != nil {
			c.setErr(err)
			return
		}
		key := fmt.Sprintf("game %d", id)
		stored[key] = true
		g, ok := r.games[key]
		switch {
		case !ok:
			unlogged++
		case g.tid != tid || g.round != round || g.board != board:
			misplaced++
		}
	}
	if c.setErr(rows.Err()); c.err != nil {
		return
	}
	orphans := 0
	for key := range r.games {
		if !stored[key] {
			orphans++
		}
	}
	if unlogged > 0 {
		c.fail("%d games without exactly one %s event", unlogged, ActGameAdd)
	}
	if orphans > 0 {
		c.fail("%d %s events for games that are not there", orphans, ActGameAdd)
	}
	if misplaced > 0 {
		c.fail("%d %s events name another tournament, round or board than their game's", misplaced, ActGameAdd)
	}
}

// tournament compares tournament tid as stored with its replay.
func (c *consistency) tournament(r *replay, tid int) {
	t := r.tours[tid]
	if t == nil {
		t = &tourReplay{}
	}
	entries := c.one(`SELECT count(*) FROM entries WHERE tournament_id = ?`, tid)
	if t.entries != entries {
		c.fail("tournament %d: %d entries, but the log has %d imported and registered less removals", tid, entries, t.entries)
	}
	withdrawn := c.one(`SELECT count(*) FROM entries WHERE tournament_id = ? AND status = ?`, tid, arbiter.Withdrawn)
	if withdrawn != t.withdrawn {
		c.fail("tournament %d: %d withdrawn entries, but the log has %d withdrawals less returns and removals", tid, withdrawn, t.withdrawn)
	}
	if n := c.one(`SELECT count(*) FROM entries WHERE tournament_id = ?1 AND (pn < 1 OR pn > (SELECT count(*) FROM entries WHERE tournament_id = ?1))`, tid); n > 0 {
		c.fail("tournament %d: %d pairing numbers outside 1 to n", tid, n)
	}
	rounds, err := c.ints(`SELECT number FROM rounds WHERE tournament_id = ? ORDER BY number`, tid)
	if err != nil {
		c.setErr(err)
		return
	}
	if fmt.Sprint(rounds) != t.stack() {
		c.fail("tournament %d: rounds %v stored, but the log pairs %s", tid, rounds, t.stack())
	}
	es, err := c.entries(tid)
	if err != nil {
		c.setErr(err)
		return
	}
	for _, n := range rounds {
		if n >= 1 && n <= len(t.rounds) && t.rounds[n-1].n == n {
			c.round(tid, t.rounds[n-1], es)
		} else {
			c.round(tid, &replayRound{n: n, imported: true}, es)
		}
	}
	c.games(tid, t, r)
	c.prizes(tid, t.evs)
}

// prizes checks that every category and prize of tournament tid was
// added by a logged command naming it. An undone or removed one leaves
// its event behind: the log says what was added, not what is left.
func (c *consistency) prizes(tid int, evs []logged) {
	added := map[string]bool{}
	for _, e := range evs {
		switch e.action {
		case ActCategoryAdd:
			added["category "+e.subject] = true
		case ActPrizeAdd:
			added["prize "+e.subject] = true
		}
	}
	r, err := loadPrizeRules(c.ctx, c.db, int64(tid))
	if err != nil {
		c.fail("tournament %d: prizes: %v", tid, err)
		return
	}
	for _, cat := range r.Categories {
		if !added["category "+cat.Name] {
			c.fail("tournament %d: category %s has no %s event", tid, cat.Name, ActCategoryAdd)
		}
	}
	for _, p := range r.Prizes {
		if !added["prize "+PrizeSubject(p)] {
			c.fail("tournament %d: the prize of %s has no %s event", tid, PrizeSubject(p), ActPrizeAdd)
		}
	}
}

// games checks that each game of tournament tid judged legal was stored
// with the result its verdict names.
func (c *consistency) games(tid int, t *tourReplay, r *replay) {
	rows, err := c.db.QueryContext(c.ctx, `SELECT id, round, board, verdict FROM games WHERE tournament_id = ? ORDER BY id`, tid)
	if err != nil {
		c.setErr(err)
		return
	}
	type game struct {
		id, round, board int
		verdict          string
	}
	var gs []game
	for rows.Next() {
		var g game
		if err := rows.Scan(&g.id, &g.round, &g.board, &g.verdict); err != nil {
			c.setErr(err)
			break
		}
		gs = append(gs, g)
	}
	rows.Close()
	at := map[int]int{} // event ID: its index in t.evs
	for i, e := range t.evs {
		at[e.id] = i
	}
	evs := t.evs
	for _, g := range gs {
		var v struct {
			Legal  bool   `json:"legal"`
			Result string `json:"result"`
		}
		if err := json.Unmarshal([]byte(g.verdict), &v); err != nil {
			c.fail("tournament %d: game %d: unreadable verdict %q", tid, g.id, g.verdict)
			continue
		}
		added, ok := r.games[fmt.Sprintf("game %d", g.id)]
		end, inTour := at[added.id]
		if !ok || !inTour || !v.Legal || v.Result == "" || v.Result == "*" {
			continue // a game without its event is reported by finishGames
		}
		if g.round < 1 || g.round > len(t.rounds) {
			continue // reported by the rounds
		}
		// The submission that stored the game: its game.add, perhaps its
		// ruling, perhaps the board's result.
		board := fmt.Sprintf("round %d board %d (", g.round, g.board)
		if end+1 < len(evs) && evs[end+1].action == ActGameRuling && strings.HasPrefix(evs[end+1].subject, fmt.Sprintf("game %d,", g.id)) {
			end++
		}
		if end+1 < len(evs) && evs[end+1].action == ActResult && strings.HasPrefix(evs[end+1].subject, board) {
			end++
		}
		paired := t.rounds[g.round-1].by
		value, logged := "", false
		for _, e := range evs[:end+1] {
			if e.id > paired.id && (e.action == ActResult || e.action == ActCorrect) && strings.HasPrefix(e.subject, board) {
				value, logged = e.value, true
			}
		}
		if !logged && paired.action == ActTournamentImport {
			continue // the result imported with the round, not in the log
		}
		text, _, _ := strings.Cut(value, " (")
		res, err := arbiter.ParseResult(text)
		if text == "" || err != nil || !res.Played() || games.PGNResult(res) != v.Result {
			c.fail("tournament %d round %d board %d: game %d gives %s, but the board had %q when it was stored", tid, g.round, g.board, g.id, v.Result, value)
		}
	}
}

// entryRow is an entry as the round checks need it.
type entryRow struct{ pn, status, withdrawnFrom, joined int }

// entries reads the entries of tournament tid.
func (c *consistency) entries(tid int) ([]entryRow, error) {
	rows, err := c.db.QueryContext(c.ctx, `SELECT pn, status, withdrawn_from, joined_round FROM entries WHERE tournament_id = ? ORDER BY pn`, tid)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var es []entryRow
	for rows.Next() {
		var e entryRow
		if err := rows.Scan(&e.pn, &e.status, &e.withdrawnFrom, &e.joined); err != nil {
			return nil, err
		}
		es = append(es, e)
	}
	return es, rows.Err()
}

// round checks round rd.n of tournament tid, whose entries are es,
// against its replay.
func (c *consistency) round(tid int, rd *replayRound, es []entryRow) {
	n := rd.n
	type boardRow struct {
		arbiter.Board
		reason string
	}
	var boards []boardRow
	rows, err := c.db.QueryContext(c.ctx, `SELECT board, white, black, result, second, reason FROM boards
		WHERE tournament_id = ? AND round = ? ORDER BY board`, tid, n)
	if err != nil {
		c.setErr(err)
		return
	}
	for rows.Next() {
		var b boardRow
		if err := rows.Scan(&b.Number, &b.White, &b.Black, &b.Result, &b.Second, &b.reason); err != nil {
			rows.Close()
			c.setErr(err)
			return
		}
		boards = append(boards, b)
	}
	rows.Close()
	var r arbiter.Round
	r.Number = n
	for _, b := range boards {
		r.Boards = append(r.Boards, b.Board)
	}
	rows, err = c.db.QueryContext(c.ctx, `SELECT pn, kind FROM byes WHERE tournament_id = ? AND round = ? ORDER BY pn`, tid, n)
	if err != nil {
		c.setErr(err)
		return
	}
	for rows.Next() {
		var b arbiter.Bye
		if err := rows.Scan(&b.PN, &b.Kind); err != nil {
			rows.Close()
			c.setErr(err)
			return
		}
		r.Byes = append(r.Byes, b)
	}
	rows.Close()

	if !rd.imported && rd.readable {
		want := FormatPairing(arbiter.Round{Number: n, Boards: rd.boards, Byes: rd.byes})
		if got := FormatPairing(r); got != want {
			c.fail("tournament %d round %d: stored as %q, logged as %q", tid, n, got, want)
		}
	}

	// Whole round: every entry that could play it, exactly once.
	seen := map[int]string{}
	place := func(pn int, where string) {
		if prev, ok := seen[pn]; ok {
			c.fail("tournament %d round %d: player %d is both %s and %s", tid, n, pn, prev, where)
		}
		seen[pn] = where
	}
	for i, b := range boards {
		if b.Number != i+1 {
			c.fail("tournament %d round %d: board %d where %d was expected", tid, n, b.Number, i+1)
		}
		place(b.White, fmt.Sprintf("on board %d", b.Number))
		place(b.Black, fmt.Sprintf("on board %d", b.Number))
	}
	byeOf := map[int]arbiter.ByeKind{}
	for _, b := range r.Byes {
		place(b.PN, "given a bye")
		byeOf[b.PN] = b.Kind
	}
	for _, e := range es {
		_, in := seen[e.pn]
		switch {
		case e.joined <= n && !in:
			c.fail("tournament %d round %d: player %d (joined in round %d) is missing", tid, n, e.pn, e.joined)
		case e.joined > n && in:
			c.fail("tournament %d round %d: player %d joined in round %d but is in it", tid, n, e.pn, e.joined)
		case e.joined <= n && e.status == int(arbiter.Withdrawn) && e.withdrawnFrom <= n && byeOf[e.pn] != arbiter.Unpaired:
			c.fail("tournament %d round %d: player %d withdrew from round %d but is %s", tid, n, e.pn, e.withdrawnFrom, seen[e.pn])
		}
		delete(seen, e.pn)
	}
	pns := make([]int, 0, len(seen))
	for pn := range seen {
		pns = append(pns, pn)
	}
	sort.Ints(pns)
	for _, pn := range pns {
		c.fail("tournament %d round %d: player %d is not entered", tid, n, pn)
	}
	if k := c.one(`SELECT count(*) FROM requested_byes q JOIN entries e ON e.tournament_id = q.tournament_id AND e.player_id = q.player_id
		LEFT JOIN byes b ON b.tournament_id = q.tournament_id AND b.round = q.round AND b.pn = e.pn
		WHERE q.tournament_id = ? AND q.round = ? AND (b.kind IS NULL OR b.kind <> q.kind)`, tid, n); k > 0 {
		c.fail("tournament %d round %d: %d byes asked for are not in the round", tid, n, k)
	}

	// Results: the last result event since the round was paired, board
	// by board.
	for bn, e := range rd.results {
		if bn < 1 || bn > len(boards) {
			c.fail("tournament %d round %d: event %d enters a result on board %d, which is not there", tid, n, e.id, bn)
		}
	}
	for _, b := range boards {
		want := ""
		e, ok := rd.results[b.Number]
		switch {
		case ok:
			want = e.value
		case rd.imported:
			continue // the result read from the file
		}
		got := resultWithReason(b.Result, b.reason)
		if ok && e.action == ActMatch || b.Second != arbiter.NoResult {
			// A Double-Swiss match: both games, logged without a reason.
			got = matchValue(b.Match())
		}
		if got != want {
			c.fail("tournament %d round %d board %d: result %q stored, %q logged", tid, n, b.Number, got, want)
		}
	}
}

// resultWithReason writes a result as the log does: "1-0 (time)".
func resultWithReason(r arbiter.Result, reason string) string {
	s := r.String()
	if reason != "" && s != "" {
		s += " (" + reason + ")"
	}
	return s
}
