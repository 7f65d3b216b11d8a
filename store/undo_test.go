package store

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter"
)

// TestUndoTracksEveryTable: every table of the schema but the log and
// undo's own has the three triggers that record how to undo a change, so
// that a table added by a later migration cannot escape undo unnoticed.
// They are TEMP triggers of the connection that writes (one connection
// here), made by its first write, and none is stored in the file.
func TestUndoTracksEveryTable(t *testing.T) {
	ctx := context.Background()
	db, err := Open(ctx, filepath.Join(t.TempDir(), "u.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var stored int
	if err := db.db.QueryRowContext(ctx, `SELECT count(*) FROM main.sqlite_schema WHERE type = 'trigger' AND name LIKE 'undo%'`).Scan(&stored); err != nil || stored != 0 {
		t.Errorf("%d undo triggers stored in the file (%v), want none: every connection would read them", stored, err)
	}
	if _, err := db.CreateTournament(ctx, arbiter.NewTournament("Spring")); err != nil {
		t.Fatal(err)
	}
	rows, err := db.db.QueryContext(ctx, `SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite%'`)
	if err != nil {
		t.Fatal(err)
	}
	var tables []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			t.Fatal(err)
		}
		tables = append(tables, n)
	}
	rows.Close()
	if len(tables) < 8 {
		t.Fatalf("only %d tables: %v", len(tables), tables)
	}
	for _, tb := range tables {
		if untracked[tb] {
			continue
		}
		for _, kind := range []string{"insert", "update", "delete"} {
			var n int
			if err := db.db.QueryRowContext(ctx, `SELECT count(*) FROM temp.sqlite_schema WHERE type = 'trigger' AND name = ? AND tbl_name = ?`,
				"undo_"+tb+"_"+kind, tb).Scan(&n); err != nil {
				t.Fatal(err)
			}
			if n != 1 {
				t.Errorf("table %s has no %s trigger for undo (a table without rowid is not tracked)", tb, kind)
			}
		}
	}
}

// TestUndoTriggersLeaveTheFile opens a database of schema version 14,
// whose undo triggers are stored in the file: the migration drops them,
// and the first write records its undo through the connection's own.
func TestUndoTriggersLeaveTheFile(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "v14.db")
	ms, err := migrations()
	if err != nil {
		t.Fatal(err)
	}
	raw, err := sql.Open("sqlite", dsn(path, "rwc", busyTimeout))
	if err != nil {
		t.Fatal(err)
	}
	raw.SetMaxOpenConns(1)
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := raw.ExecContext(ctx, q, args...); err != nil {
			t.Fatalf("%.60s: %v", q, err)
		}
	}
	exec(`CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL) STRICT`)
	for _, m := range ms[:14] {
		exec(m.sql)
		exec(`INSERT INTO schema_migrations VALUES (?, ?, 'x')`, m.version, m.name)
	}
	exec(fmt.Sprintf(`PRAGMA application_id = %d`, ApplicationID))
	tx, err := raw.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	tables, err := trackedTables(ctx, tx)
	if err != nil {
		t.Fatal(err)
	}
	stored := 0
	for _, tb := range tables {
		cols, err := tableColumns(ctx, tx, tb)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range undoTriggers(tb, cols) {
			// As versions 1 to 14 stored them.
			s = strings.Replace(strings.Replace(s, "CREATE TEMP TRIGGER", "CREATE TRIGGER", 1), " ON main.", " ON ", 1)
			if _, err := tx.ExecContext(ctx, s); err != nil {
				t.Fatal(err)
			}
			stored++
		}
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	raw.Close()

	db := mustOpenPath(t, path)
	var n int
	if err := db.db.QueryRowContext(ctx, `SELECT count(*) FROM main.sqlite_schema WHERE type = 'trigger' AND name LIKE 'undo%'`).Scan(&n); err != nil || n != 0 {
		t.Errorf("after migrating: %d of %d undo triggers still in the file (%v)", n, stored, err)
	}
	if _, err := db.CreateTournament(ctx, arbiter.NewTournament("Spring")); err != nil {
		t.Fatal(err)
	}
	var logged, loose int
	if err := db.db.QueryRowContext(ctx, `SELECT count(*), count(*) - count(command) FROM undo_log`).Scan(&logged, &loose); err != nil || logged == 0 || loose != 0 {
		t.Errorf("undo log after a write: %d rows, %d without a command (%v); want rows, all grouped", logged, loose, err)
	}
}
