package store

import (
	"context"
	"database/sql"
	"encoding/hex"
	"fmt"
	"math"
	"strconv"
	"strings"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// undoRecorder collects, during one write, each change SQLite makes to a
// row of a tracked table of the file: SQLite calls hook before every row
// it inserts, updates or deletes on the writing connection (its
// pre-update hook), changes made by foreign-key actions and triggers
// included, with the row as it was. endCommand turns the changes into
// the statements that undo them. Nothing is parsed or created on a
// connection for it, so a new connection writes at once.
//
// SQLite calls the hook before a change, so a statement that fails after
// changing rows has them recorded though it changed nothing; a write
// whose statement fails returns the error and keeps nothing (no writer
// in the store or the desk goes on after one), and the record goes with
// it.
type undoRecorder struct {
	changes []rowChange
	err     error // the first row SQLite could not give
}

// rowChange is one row changed: op is sqlite3.SQLITE_INSERT, _UPDATE or
// _DELETE, oldRid and newRid the row's rowid before and after (as SQLite
// gives them), old the row's values before an update or delete.
type rowChange struct {
	op             int32
	tbl            string
	oldRid, newRid int64
	old            []any
}

// hook is the pre-update hook of the writing connection.
func (r *undoRecorder) hook(d sqlite.SQLitePreUpdateData) {
	if d.DatabaseName != "main" || untracked[d.TableName] {
		return
	}
	c := rowChange{op: d.Op, tbl: d.TableName, oldRid: d.OldRowID, newRid: d.NewRowID}
	if d.Op != sqlite3.SQLITE_INSERT {
		c.old = make([]any, d.Count())
		if err := d.Old(c.old...); err != nil && r.err == nil {
			r.err = fmt.Errorf("row %d of %s: %w", d.OldRowID, d.TableName, err)
		}
	}
	r.changes = append(r.changes, c)
}

// forget drops the changes recorded so far to table tbl, or to every
// table for "": changes no one's command made, which undo must not
// revert.
func (r *undoRecorder) forget(tbl string) {
	if r == nil {
		return
	}
	kept := r.changes[:0]
	for _, c := range r.changes {
		if tbl != "" && c.tbl != tbl {
			kept = append(kept, c)
		}
	}
	clear(r.changes[len(kept):])
	r.changes = kept
}

// recordUndo makes the pre-update hook of conn, the writing connection,
// record into a new undoRecorder until the returned stop is called.
func recordUndo(conn *sql.Conn) (rec *undoRecorder, stop func(), err error) {
	rec = &undoRecorder{}
	set := func(fn sqlite.PreUpdateHookFn) error {
		return conn.Raw(func(dc any) error {
			h, ok := dc.(sqlite.HookRegisterer)
			if !ok {
				return fmt.Errorf("undo: the driver's connection %T has no pre-update hook", dc)
			}
			h.RegisterPreUpdateHook(fn)
			return nil
		})
	}
	if err := set(rec.hook); err != nil {
		return nil, nil, err
	}
	return rec, func() { set(nil) }, nil
}

// undoColumns returns the columns of table tbl in their order, nil if
// undo cannot track it (a table without rowid, which the statements
// could not name its rows by: TestUndoTracksEveryTable says there is
// none). n is the number of values SQLite gave for a row, -1 if none: a
// cached list of another length is read again, for a column added since
// by another process.
func (db *DB) undoColumns(ctx context.Context, q queryer, tbl string, n int) ([]string, error) {
	if cols, ok := db.undoCols[tbl]; ok && (n < 0 || cols == nil || len(cols) == n) {
		return cols, nil
	}
	var rowid int
	err := q.QueryRowContext(ctx, `SELECT count(*) FROM pragma_table_list
		WHERE schema = 'main' AND name = ? AND type = 'table' AND wr = 0`, tbl).Scan(&rowid)
	if err != nil {
		return nil, fmt.Errorf("undo: table %s: %w", tbl, err)
	}
	var cols []string
	if rowid > 0 {
		if cols, err = tableColumns(ctx, q, tbl); err != nil {
			return nil, err
		}
	}
	if db.undoCols == nil {
		db.undoCols = map[string][]string{}
	}
	db.undoCols[tbl] = cols
	if cols != nil && n >= 0 && len(cols) != n {
		return nil, fmt.Errorf("undo: a row of %s has %d values for %d columns", tbl, n, len(cols))
	}
	return cols, nil
}

// undoStatement returns the statement that reverses change c of a table
// with columns cols, and the rowid it names the row by: a row inserted is
// deleted, a row updated gets its old rowid and values back, a row
// deleted is inserted again as it was.
func undoStatement(c rowChange, cols []string) (stmt string, rid int64) {
	t := ident(c.tbl)
	var b strings.Builder
	switch c.op {
	case sqlite3.SQLITE_INSERT:
		fmt.Fprintf(&b, "DELETE FROM %s WHERE rowid = %d", t, c.newRid)
		return b.String(), c.newRid
	case sqlite3.SQLITE_UPDATE:
		fmt.Fprintf(&b, "UPDATE %s SET rowid = %d", t, c.oldRid)
		for i, col := range cols {
			b.WriteString(", ")
			b.WriteString(ident(col))
			b.WriteString(" = ")
			b.WriteString(sqlLiteral(c.old[i]))
		}
		fmt.Fprintf(&b, " WHERE rowid = %d", c.newRid)
		return b.String(), c.oldRid
	default:
		fmt.Fprintf(&b, "INSERT INTO %s (rowid", t)
		for _, col := range cols {
			b.WriteString(", ")
			b.WriteString(ident(col))
		}
		fmt.Fprintf(&b, ") VALUES (%d", c.oldRid)
		for _, v := range c.old {
			b.WriteString(", ")
			b.WriteString(sqlLiteral(v))
		}
		b.WriteString(")")
		return b.String(), c.oldRid
	}
}

// sqlLiteral writes v, a value SQLite gave, as an SQL literal that reads
// back as the same value of the same type, as SQL's quote() does.
func sqlLiteral(v any) string {
	switch v := v.(type) {
	case nil:
		return "NULL"
	case int64:
		return strconv.FormatInt(v, 10)
	case float64:
		switch {
		case math.IsInf(v, 1):
			return "9e999"
		case math.IsInf(v, -1):
			return "-9e999"
		case math.IsNaN(v):
			return "NULL" // SQLite stores no NaN
		}
		s := strconv.FormatFloat(v, 'g', -1, 64)
		if !strings.ContainsAny(s, ".e") {
			s += ".0" // a real, not an integer
		}
		return s
	case string:
		return lit(v)
	case []byte:
		return "X'" + hex.EncodeToString(v) + "'"
	default:
		// The hook gives only the five types above.
		return lit(fmt.Sprint(v))
	}
}

// logUndo appends to undo_log, under command id, the statements that
// undo the changes of rec, in the order they were made.
func (db *DB) logUndo(ctx context.Context, tx *sql.Tx, id int64, rec *undoRecorder) error {
	const batch = 200
	var (
		q    strings.Builder
		args []any
	)
	flush := func() error {
		if len(args) == 0 {
			return nil
		}
		_, err := tx.ExecContext(ctx, q.String(), args...)
		q.Reset()
		args = args[:0]
		return err
	}
	for _, c := range rec.changes {
		n := len(c.old)
		if c.op == sqlite3.SQLITE_INSERT {
			n = -1
		}
		cols, err := db.undoColumns(ctx, tx, c.tbl, n)
		if err != nil {
			return err
		}
		if cols == nil {
			continue
		}
		stmt, rid := undoStatement(c, cols)
		if len(args) == 0 {
			q.WriteString("INSERT INTO undo_log (command, tbl, rid, stmt) VALUES (?, ?, ?, ?)")
		} else {
			q.WriteString(", (?, ?, ?, ?)")
		}
		args = append(args, id, c.tbl, rid, stmt)
		if len(args) == 4*batch {
			if err := flush(); err != nil {
				return fmt.Errorf("undo log: %w", err)
			}
		}
	}
	if err := flush(); err != nil {
		return fmt.Errorf("undo log: %w", err)
	}
	return nil
}
