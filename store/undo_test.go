package store

import (
	"context"
	"path/filepath"
	"testing"
)

// TestUndoTracksEveryTable: every table of the schema but the log and
// undo's own has the three triggers that record how to undo a change, so
// that a table added by a later migration cannot escape undo unnoticed.
func TestUndoTracksEveryTable(t *testing.T) {
	ctx := context.Background()
	db, err := Open(ctx, filepath.Join(t.TempDir(), "u.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
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
			if err := db.db.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_schema WHERE type = 'trigger' AND name = ? AND tbl_name = ?`,
				"undo_"+tb+"_"+kind, tb).Scan(&n); err != nil {
				t.Fatal(err)
			}
			if n != 1 {
				t.Errorf("table %s has no %s trigger for undo (a table without rowid is not tracked)", tb, kind)
			}
		}
	}
}
