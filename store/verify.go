package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/games"
)

// Verify checks the whole database, SQLite's file structure and arbiter's
// own record, and returns every broken invariant it finds (none when the
// file is sound); the error is a failure to read, not a finding. The
// invariants are what the schema and the one-transaction-per-write rule
// promise (doc.go):
//
// The file:
//   - PRAGMA integrity_check says ok and PRAGMA foreign_key_check finds
//     nothing.
//   - Every tournament has exactly one "tournament.new" event, and every
//     submitted game exactly one "game.add" event naming it ("game N");
//     no event names a game that is not there.
//   - Every roster player was created by a logged registration or a
//     logged import: there are no more players than "player.add" events
//     plus the players each "tournament.import" says it added to the
//     roster.
//   - Every game's "game.add" event is logged in the game's tournament
//     and names its round and board.
//
// Each tournament:
//   - Imported whole or not at all: a tournament read from a file (import
//     trf) has one "tournament.import" event, logged right after its
//     "tournament.new", whose summary ("150 players (3 new in the
//     roster), 12 rounds") counts its entries and rounds; a tournament
//     made by tournament new has none.
//   - Entries: the entries are the imported ones plus the logged
//     registrations ("player.add") minus the logged removals
//     ("player.remove"), the withdrawn entries are the logged withdrawals
//     ("player.withdraw"), and the pairing numbers run 1 to n.
//   - Rounds: replaying the import (rounds 1 to k) and then "round.pair"
//     and "round.unpair" in log order (a pairing adds the next round, an
//     unpairing takes the last one away) gives exactly the rounds in the
//     rounds table, and the last pairing logged for each round is the
//     round as stored, boards and byes (FormatPairing); an imported
//     round is not logged board by board.
//   - Whole rounds: the boards of a round are numbered 1 to m, and every
//     entry that could play it (joined at or before it) is in it exactly
//     once, on a board or with a bye; no later entry is. A player
//     withdrawn before the round has the Unpaired bye, and a bye asked for
//     in advance is there with its kind.
//   - Results: the result and reason of each board are the new value of
//     the last "result.enter" or "result.correct" event for that board
//     logged after the round's last pairing; a board with no such event
//     has no result, or in an imported round the result imported.
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
	c := &consistency{ctx: ctx}
	var tids []int
	err := db.read(ctx, func(tx *sql.Tx) error {
		c.db = tx
		c.file()
		var err error
		tids, err = c.ints(`SELECT id FROM tournaments ORDER BY id`)
		if err != nil {
			return err
		}
		for _, tid := range tids {
			c.tournament(tid)
		}
		return c.err
	})
	if err != nil {
		if errors.Is(err, ErrDamaged) {
			return append(c.broken, "the file cannot be read: "+err.Error()), nil
		}
		return nil, err
	}
	for _, tid := range tids {
		s, err := db.Snapshot(ctx, int64(tid))
		if err != nil {
			c.fail("tournament %d: snapshot: %v", tid, err)
			continue
		}
		if _, err := s.Table(len(s.Rounds)); err != nil {
			c.fail("tournament %d: score table: %v", tid, err)
		}
	}
	return c.broken, nil
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
	if err := c.db.QueryRowContext(c.ctx, q, args...).Scan(&n); err != nil && c.err == nil {
		c.err = fmt.Errorf("%s: %w", q, err)
	}
	return n
}

func (c *consistency) file() {
	var ok string
	if err := c.db.QueryRowContext(c.ctx, `PRAGMA integrity_check`).Scan(&ok); err != nil {
		c.fail("integrity_check: %v", err)
		return
	}
	if ok != "ok" {
		c.fail("integrity_check: %s", ok)
	}
	if n := c.one(`SELECT count(*) FROM pragma_foreign_key_check`); n > 0 {
		c.fail("foreign_key_check: %d rows point nowhere", n)
	}
	if n := c.one(`SELECT count(*) FROM tournaments t WHERE (SELECT count(*) FROM events e
		WHERE e.tournament_id = t.id AND e.action = ?) <> 1`, ActTournamentNew); n > 0 {
		c.fail("%d tournaments without exactly one %s event", n, ActTournamentNew)
	}
	c.gameEvents()
	// Roster players come from registrations and from imports.
	fromImports := 0
	rows, err := c.db.QueryContext(c.ctx, `SELECT id, new_value FROM events WHERE action = ?`, ActTournamentImport)
	if err != nil {
		c.err = err
		return
	}
	for rows.Next() {
		var id int
		var summary string
		if err := rows.Scan(&id, &summary); err != nil {
			c.err = err
			break
		}
		if sum, ok := parseImportSummary(summary); ok {
			fromImports += sum.newPlayers
		} else {
			c.fail("event %d: unreadable import summary %q", id, summary)
		}
	}
	rows.Close()
	// and from club lists read into the roster.
	rows, err = c.db.QueryContext(c.ctx, `SELECT id, new_value FROM events WHERE action = ?`, ActRosterImport)
	if err != nil {
		c.err = err
		return
	}
	for rows.Next() {
		var id int
		var summary string
		if err := rows.Scan(&id, &summary); err != nil {
			c.err = err
			break
		}
		if m := rosterSummaryRE.FindStringSubmatch(summary); m != nil {
			n, _ := strconv.Atoi(m[1])
			fromImports += n
		} else {
			c.fail("event %d: unreadable roster import summary %q", id, summary)
		}
	}
	rows.Close()
	players := c.one(`SELECT count(*) FROM players`)
	if added := c.one(`SELECT count(*) FROM events WHERE action = ?`, ActPlayerAdd); players > added+fromImports {
		c.fail("%d roster players but only %d registrations logged and %d players imported", players, added, fromImports)
	}
}

// gameEvents checks that every game has exactly one "game.add" event,
// logged in its tournament and naming its round and board, and that
// every such event names a game that is there. It reads each table once:
// matching in SQL would scan the log once per game.
func (c *consistency) gameEvents() {
	type game struct{ tid, round, board int }
	gs := map[string]game{} // "game 12"
	rows, err := c.db.QueryContext(c.ctx, `SELECT id, tournament_id, round, board FROM games`)
	if err != nil {
		c.err = err
		return
	}
	for rows.Next() {
		var id int
		var g game
		if err := rows.Scan(&id, &g.tid, &g.round, &g.board); err != nil {
			c.err = err
			break
		}
		gs[fmt.Sprintf("game %d", id)] = g
	}
	rows.Close()
	logged := map[string]int{}
	var orphans, misplaced int
	rows, err = c.db.QueryContext(c.ctx, `SELECT coalesce(tournament_id, 0), subject, new_value FROM events WHERE action = ?`, ActGameAdd)
	if err != nil {
		c.err = err
		return
	}
	for rows.Next() {
		var tid int
		var subject, value string
		if err := rows.Scan(&tid, &subject, &value); err != nil {
			c.err = err
			break
		}
		logged[value]++
		g, ok := gs[value]
		switch {
		case !ok:
			orphans++
		case tid != g.tid || !strings.HasPrefix(subject, fmt.Sprintf("round %d board %d (", g.round, g.board)):
			misplaced++
		}
	}
	rows.Close()
	unlogged := 0
	for key := range gs {
		if logged[key] != 1 {
			unlogged++
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

// importSummary is what a "tournament.import" event says it stored.
type importSummary struct{ entries, newPlayers, rounds int }

// rosterSummaryRE reads the new value of a "roster.import" event:
// "30 players: 4 new, 2 updated".
var rosterSummaryRE = regexp.MustCompile(`^\d+ players?: (\d+) new, \d+ updated$`)

var importSummaryRE = regexp.MustCompile(`^(\d+) players? \((\d+) new in the roster\), (\d+) rounds?$`)

// parseImportSummary reads the new value of a "tournament.import" event:
// "150 players (3 new in the roster), 12 rounds".
func parseImportSummary(s string) (importSummary, bool) {
	m := importSummaryRE.FindStringSubmatch(s)
	if m == nil {
		return importSummary{}, false
	}
	var sum importSummary
	sum.entries, _ = strconv.Atoi(m[1])
	sum.newPlayers, _ = strconv.Atoi(m[2])
	sum.rounds, _ = strconv.Atoi(m[3])
	return sum, true
}

// logged is one event of a tournament, in log order.
type logged struct {
	id                          int
	action, subject, old, value string
}

func (c *consistency) events(tid int) []logged {
	rows, err := c.db.QueryContext(c.ctx, `SELECT id, action, subject, old_value, new_value FROM events
		WHERE tournament_id = ? ORDER BY id`, tid)
	if err != nil {
		c.err = err
		return nil
	}
	defer rows.Close()
	var out []logged
	for rows.Next() {
		var e logged
		if err := rows.Scan(&e.id, &e.action, &e.subject, &e.old, &e.value); err != nil {
			c.err = err
			return nil
		}
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		c.err = err
	}
	return out
}

func (c *consistency) tournament(tid int) {
	evs := c.events(tid)
	count := func(action string) int {
		n := 0
		for _, e := range evs {
			if e.action == action {
				n++
			}
		}
		return n
	}
	// An imported tournament: its import event comes before anything
	// else is done to it (only the roster's details filled in by the
	// import are logged between its creation and the import).
	var imported *logged
	var sum importSummary
	for i, e := range evs {
		if e.action != ActTournamentImport {
			continue
		}
		if imported != nil {
			c.fail("tournament %d: imported twice (events %d and %d)", tid, imported.id, e.id)
			continue
		}
		imported = &evs[i]
		var ok bool
		if sum, ok = parseImportSummary(e.value); !ok {
			c.fail("tournament %d: event %d: unreadable import summary %q", tid, e.id, e.value)
		}
		for _, before := range evs[:i] {
			if before.action != ActTournamentNew && before.action != ActPlayerEdit {
				c.fail("tournament %d: event %d (%s) is logged before the import that made the tournament", tid, before.id, before.action)
				break
			}
		}
	}
	entries := c.one(`SELECT count(*) FROM entries WHERE tournament_id = ?`, tid)
	if want := sum.entries + count(ActPlayerAdd) - count(ActRemove); entries != want {
		c.fail("tournament %d: %d entries, but the log has %d imported and registered less removals", tid, entries, want)
	}
	withdrawn := c.one(`SELECT count(*) FROM entries WHERE tournament_id = ? AND status = ?`, tid, arbiter.Withdrawn)
	if want := count(ActWithdraw); withdrawn != want {
		c.fail("tournament %d: %d withdrawn entries, but the log has %d withdrawals", tid, withdrawn, want)
	}
	if n := c.one(`SELECT count(*) FROM entries WHERE tournament_id = ?1 AND (pn < 1 OR pn > (SELECT count(*) FROM entries WHERE tournament_id = ?1))`, tid); n > 0 {
		c.fail("tournament %d: %d pairing numbers outside 1 to n", tid, n)
	}

	// Replay the import and the pairings.
	var stack []int
	lastPair := map[int]logged{}
	for n := 1; n <= sum.rounds; n++ {
		stack = append(stack, n)
		lastPair[n] = *imported
	}
	for _, e := range evs {
		var n int
		var method string
		switch e.action {
		case ActRoundPair:
			if strings.Contains(e.subject, ": kept despite a warning") {
				continue
			}
			if _, err := fmt.Sscanf(e.subject, "round %d (%s", &n, &method); err != nil {
				c.fail("tournament %d: event %d: unreadable pairing subject %q", tid, e.id, e.subject)
				continue
			}
			if n != len(stack)+1 {
				c.fail("tournament %d: event %d pairs round %d after rounds 1 to %d", tid, e.id, n, len(stack))
			}
			stack = append(stack, n)
			lastPair[n] = e
		case ActRoundUnpair:
			if _, err := fmt.Sscanf(e.subject, "round %d", &n); err != nil || len(stack) == 0 || stack[len(stack)-1] != n {
				c.fail("tournament %d: event %d unpairs %q, but the rounds paired are %v", tid, e.id, e.subject, stack)
				continue
			}
			stack = stack[:len(stack)-1]
			delete(lastPair, n)
		}
	}
	rounds, err := c.ints(`SELECT number FROM rounds WHERE tournament_id = ? ORDER BY number`, tid)
	if err != nil {
		c.err = err
		return
	}
	if fmt.Sprint(rounds) != fmt.Sprint(stack) {
		c.fail("tournament %d: rounds %v stored, but the log pairs %v", tid, rounds, stack)
	}
	es, err := c.entries(tid)
	if err != nil {
		c.err = err
		return
	}
	results := map[int][]resultEvent{} // by round
	for _, e := range evs {
		if e.action != ActResult && e.action != ActCorrect {
			continue
		}
		var rn, bn int
		if _, err := fmt.Sscanf(e.subject, "round %d board %d", &rn, &bn); err != nil {
			c.fail("tournament %d: event %d: unreadable result subject %q", tid, e.id, e.subject)
			continue
		}
		results[rn] = append(results[rn], resultEvent{e, bn})
	}
	for _, n := range rounds {
		c.round(tid, n, lastPair[n], results[n], es)
	}
	c.games(tid, lastPair, evs)
	c.prizes(tid, evs)
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
func (c *consistency) games(tid int, lastPair map[int]logged, evs []logged) {
	rows, err := c.db.QueryContext(c.ctx, `SELECT id, round, board, verdict FROM games WHERE tournament_id = ? ORDER BY id`, tid)
	if err != nil {
		c.err = err
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
			c.err = err
			break
		}
		gs = append(gs, g)
	}
	rows.Close()
	added := map[string]int{} // "game 12": index of its game.add event in evs
	for i, e := range evs {
		if e.action == ActGameAdd {
			added[e.value] = i
		}
	}
	for _, g := range gs {
		var v struct {
			Legal  bool   `json:"legal"`
			Result string `json:"result"`
		}
		if err := json.Unmarshal([]byte(g.verdict), &v); err != nil {
			c.fail("tournament %d: game %d: unreadable verdict %q", tid, g.id, g.verdict)
			continue
		}
		at, ok := added[fmt.Sprintf("game %d", g.id)]
		if !ok || !v.Legal || v.Result == "" || v.Result == "*" {
			continue // a game without its event is reported by file
		}
		// The submission that stored the game: its game.add, perhaps its
		// ruling, perhaps the board's result.
		board := fmt.Sprintf("round %d board %d (", g.round, g.board)
		end := at
		if end+1 < len(evs) && evs[end+1].action == ActGameRuling && strings.HasPrefix(evs[end+1].subject, fmt.Sprintf("game %d,", g.id)) {
			end++
		}
		if end+1 < len(evs) && evs[end+1].action == ActResult && strings.HasPrefix(evs[end+1].subject, board) {
			end++
		}
		paired := lastPair[g.round]
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

// resultEvent is a "result.enter" or "result.correct" event with the
// board it is about.
type resultEvent struct {
	logged
	board int
}

// round checks round n of tournament tid, whose entries are es, against
// its last pairing event and its result events.
func (c *consistency) round(tid, n int, paired logged, results []resultEvent, es []entryRow) {
	type boardRow struct {
		arbiter.Board
		reason string
	}
	var boards []boardRow
	rows, err := c.db.QueryContext(c.ctx, `SELECT board, white, black, result, reason FROM boards
		WHERE tournament_id = ? AND round = ? ORDER BY board`, tid, n)
	if err != nil {
		c.err = err
		return
	}
	for rows.Next() {
		var b boardRow
		if err := rows.Scan(&b.Number, &b.White, &b.Black, &b.Result, &b.reason); err != nil {
			rows.Close()
			c.err = err
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
		c.err = err
		return
	}
	for rows.Next() {
		var b arbiter.Bye
		if err := rows.Scan(&b.PN, &b.Kind); err != nil {
			rows.Close()
			c.err = err
			return
		}
		r.Byes = append(r.Byes, b)
	}
	rows.Close()

	imported := paired.action == ActTournamentImport
	if got := FormatPairing(r); !imported && got != paired.value {
		c.fail("tournament %d round %d: stored as %q, logged as %q", tid, n, got, paired.value)
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
	for pn := range seen {
		c.fail("tournament %d round %d: player %d is not entered", tid, n, pn)
	}
	if k := c.one(`SELECT count(*) FROM requested_byes q JOIN entries e ON e.tournament_id = q.tournament_id AND e.player_id = q.player_id
		LEFT JOIN byes b ON b.tournament_id = q.tournament_id AND b.round = q.round AND b.pn = e.pn
		WHERE q.tournament_id = ? AND q.round = ? AND (b.kind IS NULL OR b.kind <> q.kind)`, tid, n); k > 0 {
		c.fail("tournament %d round %d: %d byes asked for are not in the round", tid, n, k)
	}

	// Results: the last result event after the pairing, board by board.
	last := map[int]logged{}
	for _, r := range results {
		e, bn := r.logged, r.board
		if e.id <= paired.id {
			continue
		}
		if bn < 1 || bn > len(boards) {
			c.fail("tournament %d round %d: event %d enters a result on board %d, which is not there", tid, n, e.id, bn)
			continue
		}
		last[bn] = e
	}
	for _, b := range boards {
		want := ""
		e, ok := last[b.Number]
		switch {
		case ok:
			want = e.value
		case imported:
			continue // the result read from the file
		}
		if got := resultWithReason(b.Result, b.reason); got != want {
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
