package main

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/store"
)

// checkConsistency opens the database file at path as a fresh process
// would after a crash, and returns every broken invariant it finds (none
// when the file is sound). The invariants are what the store's schema and
// its one-transaction-per-write rule promise (store/doc.go):
//
// The file:
//   - PRAGMA integrity_check says ok and PRAGMA foreign_key_check finds
//     nothing.
//   - Every tournament has exactly one "tournament.new" event, and every
//     submitted game exactly one "game.add" event naming it ("game N");
//     no event names a game that is not there.
//   - Every roster player was created by a logged registration: there are
//     no more players than "player.add" events.
//
// Each tournament:
//   - Entries: the entries are the logged registrations ("player.add")
//     minus the logged removals ("player.remove"), the withdrawn entries
//     are the logged withdrawals ("player.withdraw"), and the pairing
//     numbers run 1 to n.
//   - Rounds: replaying "round.pair" and "round.unpair" in log order (a
//     pairing adds the next round, an unpairing takes the last one away)
//     gives exactly the rounds in the rounds table, and the last pairing
//     logged for each round is the round as stored, boards and byes
//     (store.FormatPairing).
//   - Whole rounds: the boards of a round are numbered 1 to m, and every
//     entry that could play it (joined at or before it) is in it exactly
//     once, on a board or with a bye; no later entry is. A player
//     withdrawn before the round has the Unpaired bye, and a bye asked for
//     in advance is there with its kind.
//   - Results: the result and reason of each board are the new value of
//     the last "result.enter" or "result.correct" event for that board
//     logged after the round's last pairing; a board with no such event
//     has no result.
//   - The program can still use the file: store.Open, Snapshot and the
//     score table of every tournament succeed.
func checkConsistency(ctx context.Context, path string) ([]string, error) {
	raw, err := sql.Open("sqlite", path)
	if err != nil {
		return nil, err
	}
	defer raw.Close()
	raw.SetMaxOpenConns(1)
	c := &consistency{ctx: ctx, db: raw}
	c.file()
	tids, err := c.ints(`SELECT id FROM tournaments ORDER BY id`)
	if err != nil {
		return nil, err
	}
	for _, tid := range tids {
		c.tournament(tid)
	}
	if c.err != nil {
		return nil, c.err
	}
	raw.Close()

	db, err := store.Open(ctx, path)
	if err != nil {
		return append(c.broken, fmt.Sprintf("store cannot open the file: %v", err)), nil
	}
	defer db.Close()
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
	db     *sql.DB
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
		WHERE e.tournament_id = t.id AND e.action = ?) <> 1`, store.ActTournamentNew); n > 0 {
		c.fail("%d tournaments without exactly one %s event", n, store.ActTournamentNew)
	}
	if n := c.one(`SELECT count(*) FROM games g WHERE (SELECT count(*) FROM events e
		WHERE e.action = ? AND e.new_value = 'game ' || g.id) <> 1`, store.ActGameAdd); n > 0 {
		c.fail("%d games without exactly one %s event", n, store.ActGameAdd)
	}
	if n := c.one(`SELECT count(*) FROM events e WHERE e.action = ? AND NOT EXISTS
		(SELECT 1 FROM games g WHERE e.new_value = 'game ' || g.id)`, store.ActGameAdd); n > 0 {
		c.fail("%d %s events for games that are not there", n, store.ActGameAdd)
	}
	players := c.one(`SELECT count(*) FROM players`)
	if added := c.one(`SELECT count(*) FROM events WHERE action = ?`, store.ActPlayerAdd); players > added {
		c.fail("%d roster players but only %d registrations logged", players, added)
	}
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
	entries := c.one(`SELECT count(*) FROM entries WHERE tournament_id = ?`, tid)
	if want := count(store.ActPlayerAdd) - count(store.ActRemove); entries != want {
		c.fail("tournament %d: %d entries, but the log has %d registrations less removals", tid, entries, want)
	}
	withdrawn := c.one(`SELECT count(*) FROM entries WHERE tournament_id = ? AND status = ?`, tid, arbiter.Withdrawn)
	if want := count(store.ActWithdraw); withdrawn != want {
		c.fail("tournament %d: %d withdrawn entries, but the log has %d withdrawals", tid, withdrawn, want)
	}
	if n := c.one(`SELECT count(*) FROM entries WHERE tournament_id = ?1 AND (pn < 1 OR pn > (SELECT count(*) FROM entries WHERE tournament_id = ?1))`, tid); n > 0 {
		c.fail("tournament %d: %d pairing numbers outside 1 to n", tid, n)
	}

	// Replay the pairings.
	var stack []int
	lastPair := map[int]logged{}
	for _, e := range evs {
		var n int
		var method string
		switch e.action {
		case store.ActRoundPair:
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
		case store.ActRoundUnpair:
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
	for _, n := range rounds {
		c.round(tid, n, lastPair[n], evs)
	}
}

// round checks round n of tournament tid against its last pairing event.
func (c *consistency) round(tid, n int, paired logged, evs []logged) {
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

	if got := store.FormatPairing(r); got != paired.value {
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
	type entryRow struct{ pn, status, withdrawnFrom, joined int }
	var es []entryRow
	rows, err = c.db.QueryContext(c.ctx, `SELECT pn, status, withdrawn_from, joined_round FROM entries WHERE tournament_id = ? ORDER BY pn`, tid)
	if err != nil {
		c.err = err
		return
	}
	for rows.Next() {
		var e entryRow
		if err := rows.Scan(&e.pn, &e.status, &e.withdrawnFrom, &e.joined); err != nil {
			rows.Close()
			c.err = err
			return
		}
		es = append(es, e)
	}
	rows.Close()
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
	for _, e := range evs {
		if e.id <= paired.id || (e.action != store.ActResult && e.action != store.ActCorrect) {
			continue
		}
		var rn, bn int
		if _, err := fmt.Sscanf(e.subject, "round %d board %d", &rn, &bn); err != nil {
			c.fail("tournament %d: event %d: unreadable result subject %q", tid, e.id, e.subject)
			continue
		}
		if rn != n {
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
		if e, ok := last[b.Number]; ok {
			want = e.value
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
