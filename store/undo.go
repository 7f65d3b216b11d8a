package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sort"
	"strings"
)

// Undo works below the use cases, on rows: while a write runs, SQLite
// tells the writing connection of every row it is about to insert,
// update or delete in a table of the file, with the row as it was (its
// pre-update hook, undo_record.go), foreign-key actions included; at the
// end of the write, endCommand appends to undo_log the statement that
// puts each changed row back as it was, and groups them with the events
// the write logged (undo_commands). Every table is covered, a table or
// column added by a later migration as soon as it exists. Undo replays a
// command's statements backwards in one transaction. The event log is
// append-only: an undo adds an event, it removes none.
//
// Versions 8 to 14 made the statements with triggers stored in the file,
// which every connection of every command read with the schema; versions
// 15 to 20 with TEMP triggers that each writing connection made on its
// first write, 8 ms of every command that writes. The hook costs nothing
// until a row changes. The log is the same either way, so a file goes
// back and forth between versions of the same schema.

// ErrDependent is the kind of error Undo returns for a command that a
// later one depends on.
var ErrDependent = fmt.Errorf("a later change depends on it: %w", ErrConflict)

// ActUndo is the event of an undo.
const ActUndo = "undo"

// untracked are the tables undo leaves alone: the log itself, the
// schema's own bookkeeping and undo's, and the server's count of wrong
// PINs and its signed-in phones (proof.go), which are no one's command.
var untracked = map[string]bool{
	"events": true, "schema_migrations": true, "undo_commands": true, "undo_log": true,
	"pin_failures": true, "player_sessions": true,
}

// syncUndo runs at the end of the migrations: it drops the undo
// triggers that versions before 15 stored in the file and forgets the
// rows they logged for the migrations themselves, which are no one's
// command.
func syncUndo(ctx context.Context, tx *sql.Tx) error {
	rows, err := tx.QueryContext(ctx, `SELECT name FROM main.sqlite_schema WHERE type = 'trigger' AND name LIKE 'undo\_%' ESCAPE '\'`)
	if err != nil {
		return fmt.Errorf("list undo triggers: %w", err)
	}
	var stored []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			rows.Close()
			return err
		}
		stored = append(stored, n)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, n := range stored {
		if _, err := tx.ExecContext(ctx, "DROP TRIGGER main."+ident(n)); err != nil {
			return fmt.Errorf("drop %s: %w", n, err)
		}
	}
	_, err = tx.ExecContext(ctx, `DELETE FROM undo_log WHERE command IS NULL`)
	return err
}

func trackedTables(ctx context.Context, q queryer) ([]string, error) {
	// A table without rowid cannot have its rows named by rowid, as
	// undo's statements and Content do: it is left out, and
	// TestUndoTracksEveryTable says so.
	rows, err := q.QueryContext(ctx, `SELECT name FROM pragma_table_list
		WHERE schema = 'main' AND type = 'table' AND wr = 0 AND name NOT LIKE 'sqlite%' ORDER BY name`)
	if err != nil {
		return nil, fmt.Errorf("list tables: %w", err)
	}
	defer rows.Close()
	var ts []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			return nil, err
		}
		if !untracked[n] {
			ts = append(ts, n)
		}
	}
	return ts, rows.Err()
}

func tableColumns(ctx context.Context, q queryer, table string) ([]string, error) {
	rows, err := q.QueryContext(ctx, `SELECT name FROM pragma_table_info(?) ORDER BY cid`, table)
	if err != nil {
		return nil, fmt.Errorf("columns of %s: %w", table, err)
	}
	defer rows.Close()
	var cs []string
	for rows.Next() {
		var c string
		if err := rows.Scan(&c); err != nil {
			return nil, err
		}
		cs = append(cs, c)
	}
	return cs, rows.Err()
}

func ident(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }

func lit(s string) string { return `'` + strings.ReplaceAll(s, `'`, `''`) + `'` }

// undoMark is where the undo log and the event log stood when a write
// began.
type undoMark struct{ event int64 }

func beginCommand(ctx context.Context, tx *sql.Tx) (undoMark, error) {
	var m undoMark
	err := tx.QueryRowContext(ctx, `SELECT coalesce(max(id), 0) FROM events`).Scan(&m.event)
	return m, err
}

// endCommand groups the undo statements of the changes the write made
// (db.rec) under one command with the events it logged. A change that
// logged no event (the current tournament) is not a command: nothing
// undoes it.
func (db *DB) endCommand(ctx context.Context, tx *sql.Tx, m undoMark) error {
	rec := db.rec
	if rec.err != nil {
		return fmt.Errorf("undo log: %w", rec.err)
	}
	if len(rec.changes) == 0 {
		return nil
	}
	var first, last, tid sql.NullInt64
	err := tx.QueryRowContext(ctx, `SELECT min(id), max(id), max(tournament_id) FROM events WHERE id > ?`, m.event).Scan(&first, &last, &tid)
	if err != nil {
		return fmt.Errorf("undo log: %w", err)
	}
	if !first.Valid {
		return nil
	}
	res, err := tx.ExecContext(ctx, `INSERT INTO undo_commands (tournament_id, first_event, last_event) VALUES (?, ?, ?)`, tid, first.Int64, last.Int64)
	if err != nil {
		return fmt.Errorf("undo log: %w", err)
	}
	id, err := res.LastInsertId()
	if err != nil {
		return err
	}
	if err := db.logUndo(ctx, tx, id, rec); err != nil {
		return err
	}
	return pruneUndo(ctx, tx, tid)
}

// undoDepth is how many changes of a tournament (or of the roster) can be
// undone one after the other: older ones keep their events in the log,
// but not what undo would need, so that the file does not grow with every
// change made.
const undoDepth = 100

// pruneUndo forgets how to undo the commands of tournament tid (NULL:
// the roster) older than the last undoDepth, marking them undone_by -1.
func pruneUndo(ctx context.Context, tx *sql.Tx, tid sql.NullInt64) error {
	var oldest sql.NullInt64
	err := tx.QueryRowContext(ctx, `SELECT id FROM undo_commands WHERE tournament_id IS ? AND undone_by = 0
		ORDER BY id DESC LIMIT 1 OFFSET ?`, tid, undoDepth).Scan(&oldest)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("undo log: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM undo_log WHERE command IN
		(SELECT id FROM undo_commands WHERE tournament_id IS ? AND id <= ? AND undone_by = 0)`, tid, oldest.Int64); err != nil {
		return fmt.Errorf("undo log: %w", err)
	}
	_, err = tx.ExecContext(ctx, `UPDATE undo_commands SET undone_by = -1 WHERE tournament_id IS ? AND id <= ? AND undone_by = 0`, tid, oldest.Int64)
	return err
}

// UndoPlan is a command that undo would revert: its events, as the log
// shows them.
type UndoPlan struct {
	Command int64
	Events  []Event
}

// Undo reverts the write command of tournament tid (or of the roster)
// that logged event ev, or the last one standing for ev 0. With apply
// false it only says what it would revert. It refuses, with ErrConflict
// and the events at fault, a command that a later one depends on: a later
// command of the same tournament (a pairing is made from the results
// before it), or one that changed the same rows; those must be undone
// first, the latest first. Creating or importing a tournament cannot be
// undone: the log keeps it.
func (db *DB) Undo(ctx context.Context, tid, ev int64, apply bool) (UndoPlan, error) {
	var plan UndoPlan
	run := db.read
	if apply {
		run = db.write
	}
	err := run(ctx, func(tx *sql.Tx) error {
		var err error
		if plan, err = planUndo(ctx, tx, tid, ev); err != nil || !apply {
			return err
		}
		if _, err := tx.ExecContext(ctx, `PRAGMA defer_foreign_keys = ON`); err != nil {
			return err
		}
		rows, err := tx.QueryContext(ctx, `SELECT stmt FROM undo_log WHERE command = ? ORDER BY seq DESC`, plan.Command)
		if err != nil {
			return fmt.Errorf("undo: %w", err)
		}
		var stmts []string
		for rows.Next() {
			var s string
			if err := rows.Scan(&s); err != nil {
				rows.Close()
				return err
			}
			stmts = append(stmts, s)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		for _, s := range stmts {
			if _, err := tx.ExecContext(ctx, s); err != nil {
				return fmt.Errorf("undo: %w", err)
			}
		}
		// The replay's own changes undo nothing anyone typed.
		db.rec.forget("")
		first, last := plan.Events[0], plan.Events[len(plan.Events)-1]
		if err := db.logEvent(ctx, tx, first.TournamentID, ActUndo, undoSpan(first.ID, last.ID), describeCommand(plan.Events), "undone"); err != nil {
			return err
		}
		var undoEvent int64
		if err := tx.QueryRowContext(ctx, `SELECT max(id) FROM events`).Scan(&undoEvent); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE undo_commands SET undone_by = ? WHERE id = ?`, undoEvent, plan.Command)
		return err
	})
	if err != nil && strings.Contains(err.Error(), "FOREIGN KEY constraint failed") {
		return plan, conflict("%s cannot be undone: later changes refer to what it made", describeCommand(plan.Events))
	}
	return plan, err
}

// undoSpan names the events first..last of a command undone, as the
// subject of its "undo" event: "event 12", "events 12-14".
func undoSpan(first, last int64) string {
	if first == last {
		return fmt.Sprintf("event %d", first)
	}
	return fmt.Sprintf("events %d-%d", first, last)
}

// describeCommand names a command by its first event: "result.enter
// round 2, board 3 (1-0)".
func describeCommand(evs []Event) string {
	if len(evs) == 0 {
		return "the command"
	}
	e := evs[0]
	s := e.Action
	if e.Subject != "" {
		s += " " + e.Subject
	}
	if e.New != "" {
		s += " (" + e.New + ")"
	}
	switch len(evs) {
	case 1:
	case 2:
		s += " and 1 more change"
	default:
		s += fmt.Sprintf(" and %d more changes", len(evs)-1)
	}
	return s
}

type undoCommand struct {
	id, tid, first, last, undoneBy int64
}

func loadUndoCommand(ctx context.Context, q queryer, where string, args ...any) (undoCommand, error) {
	var c undoCommand
	var tid sql.NullInt64
	err := q.QueryRowContext(ctx, `SELECT id, tournament_id, first_event, last_event, undone_by FROM undo_commands WHERE `+where, args...).
		Scan(&c.id, &tid, &c.first, &c.last, &c.undoneBy)
	c.tid = tid.Int64
	return c, err
}

func planUndo(ctx context.Context, q queryer, tid, ev int64) (UndoPlan, error) {
	var c undoCommand
	var err error
	if ev == 0 {
		c, err = loadUndoCommand(ctx, q, `undone_by = 0 AND (tournament_id = ? OR tournament_id IS NULL) ORDER BY id DESC LIMIT 1`, tid)
		if errors.Is(err, sql.ErrNoRows) {
			return UndoPlan{}, notFound("there is nothing to undo")
		}
	} else {
		c, err = loadUndoCommand(ctx, q, `first_event <= ? AND last_event >= ?`, ev, ev)
		if errors.Is(err, sql.ErrNoRows) {
			return UndoPlan{}, notFound("event %d is not a change that can be undone: the log shows the numbers of the changes", ev)
		}
	}
	if err != nil {
		return UndoPlan{}, fmt.Errorf("undo: %w", err)
	}
	plan := UndoPlan{Command: c.id}
	if plan.Events, err = eventsBetween(ctx, q, c.first, c.last); err != nil {
		return plan, err
	}
	switch {
	case c.undoneBy < 0:
		return plan, conflict("%s is too old to undo: only the last %d changes can be undone", describeCommand(plan.Events), undoDepth)
	case c.undoneBy != 0:
		return plan, conflict("%s was undone already (event %d)", describeCommand(plan.Events), c.undoneBy)
	}
	if c.tid != 0 && c.tid != tid && ev != 0 {
		return plan, conflict("event %d belongs to another tournament: choose that tournament first", ev)
	}
	for _, e := range plan.Events {
		if e.Action == ActTournamentNew {
			return plan, conflict("creating a tournament cannot be undone: the log keeps it")
		}
	}
	// Later commands that depend on this one: the same tournament's, or
	// any that changed the same rows.
	// Who is here, skips a round or leaves is one player's word about a
	// round not paired yet: such changes of different players depend on
	// none of each other (presence.go), only on the same rows.
	own := 0
	if availability(plan.Events) {
		own = 1
	}
	rows, err := q.QueryContext(ctx, `SELECT c.id, c.first_event FROM undo_commands c WHERE c.id > ? AND c.undone_by = 0 AND
		((c.tournament_id IS NOT NULL AND c.tournament_id = ? AND (? = 0 OR EXISTS (SELECT 1 FROM events v
			WHERE v.id BETWEEN c.first_event AND c.last_event AND v.action NOT IN (`+availabilityList+`)))) OR EXISTS (
			SELECT 1 FROM undo_log l JOIN undo_log m ON m.tbl = l.tbl AND m.rid = l.rid
			WHERE l.command = c.id AND m.command = ?))
		ORDER BY c.id DESC`, c.id, c.tid, own, c.id)
	if err != nil {
		return plan, fmt.Errorf("undo: %w", err)
	}
	var later []int64
	for rows.Next() {
		var id, first int64
		if err := rows.Scan(&id, &first); err != nil {
			rows.Close()
			return plan, err
		}
		later = append(later, first)
	}
	rows.Close()
	if len(later) > 0 {
		var names []string
		for _, first := range later {
			evs, err := eventsBetween(ctx, q, first, first)
			if err != nil {
				return plan, err
			}
			names = append(names, fmt.Sprintf("event %d %s", first, describeCommand(evs)))
		}
		return plan, &InputError{Kind: ErrDependent, Msg: fmt.Sprintf("%s cannot be undone: %s came after it and depends on it; undo that first, the latest first",
			describeCommand(plan.Events), strings.Join(names, ", "))}
	}
	return plan, nil
}

func eventsBetween(ctx context.Context, q queryer, first, last int64) ([]Event, error) {
	rows, err := q.QueryContext(ctx, `SELECT id, at, who, coalesce(tournament_id, 0), action, subject, old_value, new_value
		FROM events WHERE id BETWEEN ? AND ? ORDER BY id`, first, last)
	if err != nil {
		return nil, fmt.Errorf("read log: %w", err)
	}
	return scanEvents(rows)
}

// Content returns every row of every table but the event log and undo's
// bookkeeping, one line per row in a stable order: what two states of a
// file are compared by (undo then the same command again gives the same
// content).
func (db *DB) Content(ctx context.Context) ([]string, error) {
	var out []string
	err := db.read(ctx, func(tx *sql.Tx) error {
		tables, err := trackedTables(ctx, tx)
		if err != nil {
			return err
		}
		for _, t := range tables {
			rows, err := tx.QueryContext(ctx, `SELECT rowid, * FROM `+ident(t))
			if err != nil {
				return err
			}
			cols, _ := rows.Columns()
			var lines []string
			for rows.Next() {
				vals := make([]any, len(cols))
				ptrs := make([]any, len(cols))
				for i := range vals {
					ptrs[i] = &vals[i]
				}
				if err := rows.Scan(ptrs...); err != nil {
					rows.Close()
					return err
				}
				var b strings.Builder
				b.WriteString(t)
				for i, v := range vals {
					if t == "settings" && i == 0 {
						continue // a setting is named by its key, not its row
					}
					fmt.Fprintf(&b, " %s=%v", cols[i], v)
				}
				lines = append(lines, b.String())
			}
			rows.Close()
			if err := rows.Err(); err != nil {
				return err
			}
			sort.Strings(lines)
			out = append(out, lines...)
		}
		return nil
	})
	return out, err
}
