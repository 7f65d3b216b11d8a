package store

import (
	"context"
	"database/sql"
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter"
)

// TestUndoTracksEveryTable: every table of the schema but the log and
// undo's own is one whose changed rows undo can name and put back (a
// table with rowid, whose columns it reads), so that a table added by a
// later migration cannot escape undo unnoticed. No trigger is made for
// it, in the file or on the writing connection: a write records its
// changes through the connection's pre-update hook.
func TestUndoTracksEveryTable(t *testing.T) {
	ctx := context.Background()
	db, err := Open(ctx, filepath.Join(t.TempDir(), "u.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.CreateTournament(ctx, arbiter.NewTournament("Spring")); err != nil {
		t.Fatal(err)
	}
	var triggers int
	if err := db.db.QueryRowContext(ctx, `SELECT (SELECT count(*) FROM main.sqlite_schema WHERE type = 'trigger' AND name LIKE 'undo%')
		+ (SELECT count(*) FROM temp.sqlite_schema WHERE type = 'trigger')`).Scan(&triggers); err != nil || triggers != 0 {
		t.Errorf("%d undo triggers after a write (%v), want none: every connection would read or make them", triggers, err)
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
		cols, err := db.undoColumns(ctx, db.db, tb, -1)
		if err != nil {
			t.Fatal(err)
		}
		want, err := tableColumns(ctx, db.db, tb)
		if err != nil {
			t.Fatal(err)
		}
		if cols == nil || !slices.Equal(cols, want) {
			t.Errorf("undo knows table %s by columns %v, want %v (a table without rowid cannot be tracked)", tb, cols, want)
		}
	}
}

// TestUndoPutsRowsBack writes rows of every type SQLite stores into a
// table, changes them as a command, and undoes it: every row is back with
// the same values of the same types, and rows the command made are gone.
func TestUndoPutsRowsBack(t *testing.T) {
	ctx := context.Background()
	db := mustOpenPath(t, filepath.Join(t.TempDir(), "u.db"))
	tr, err := db.CreateTournament(ctx, arbiter.NewTournament("Spring"))
	if err != nil {
		t.Fatal(err)
	}
	// A table of no declared types keeps each value as it was given.
	if _, err := db.db.ExecContext(ctx, `CREATE TABLE scratch (a, b, c REAL, d TEXT NOT NULL DEFAULT 'x')`); err != nil {
		t.Fatal(err)
	}
	values := []any{nil, int64(0), int64(-7), int64(math.MaxInt64), int64(math.MinInt64), 0.5, 3.0, -2.5e-300, 1e300,
		math.Inf(1), math.Inf(-1), 0.1, "", "it's", `a "b" ; DROP TABLE x; --`, "città ½", []byte{}, []byte{0, 1, 0xff, '\''}}
	tests := []struct {
		name   string
		prep   string // run before, not undone
		change string
	}{
		{"update every column", "", `UPDATE scratch SET a = 1, b = 'z', c = 2.5, d = 'y'`},
		{"update some rows", "", `UPDATE scratch SET b = NULL WHERE rowid % 2 = 0`},
		{"delete", "", `DELETE FROM scratch WHERE rowid > 3`},
		{"insert", "", `INSERT INTO scratch (a) VALUES (1), (2), (3)`},
		{"new rowids", "", `UPDATE scratch SET rowid = rowid + 1000`},
		{"change twice", "", `UPDATE scratch SET a = 'first'; UPDATE scratch SET a = 'second'; DELETE FROM scratch WHERE rowid = 2`},
		{"a column added since", `ALTER TABLE scratch ADD COLUMN e INTEGER DEFAULT 42`, `UPDATE scratch SET e = 1 WHERE rowid = 1; DELETE FROM scratch WHERE rowid = 3`},
	}
	state := func() []string {
		t.Helper()
		rows, err := db.db.QueryContext(ctx, `SELECT * FROM scratch`)
		if err != nil {
			t.Fatal(err)
		}
		cols, _ := rows.Columns()
		rows.Close()
		sel := "rowid, typeof(rowid)"
		for _, c := range cols {
			sel += fmt.Sprintf(", quote(%[1]s), typeof(%[1]s)", ident(c))
		}
		rows, err = db.db.QueryContext(ctx, `SELECT `+sel+` FROM scratch ORDER BY rowid`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var out []string
		for rows.Next() {
			vals := make([]any, 2+2*len(cols))
			ptrs := make([]any, len(vals))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			out = append(out, fmt.Sprint(vals...))
		}
		return out
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := db.db.ExecContext(ctx, `DELETE FROM scratch`); err != nil {
				t.Fatal(err)
			}
			if tt.prep != "" {
				if _, err := db.db.ExecContext(ctx, tt.prep); err != nil {
					t.Fatal(err)
				}
			}
			for i, v := range values {
				if _, err := db.db.ExecContext(ctx, `INSERT INTO scratch (rowid, a, b, c, d) VALUES (?, ?, ?, ?, ?)`,
					i+1, v, values[len(values)-1-i], 1.25*float64(i), fmt.Sprint(i)); err != nil {
					t.Fatal(err)
				}
			}
			before := state()
			err := db.write(ctx, func(tx *sql.Tx) error {
				if _, err := tx.ExecContext(ctx, tt.change); err != nil {
					return err
				}
				return db.logEvent(ctx, tx, tr.ID, ActOption, "scratch", "", tt.name)
			})
			if err != nil {
				t.Fatal(err)
			}
			if after := state(); slices.Equal(after, before) {
				t.Fatalf("%s changed nothing", tt.change)
			}
			if _, err := db.Undo(ctx, tr.ID, 0, true); err != nil {
				t.Fatal(err)
			}
			if got := state(); !slices.Equal(got, before) {
				t.Errorf("after undo:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(before, "\n"))
			}
			var loose int
			if err := db.db.QueryRowContext(ctx, `SELECT count(*) FROM undo_log WHERE command IS NULL`).Scan(&loose); err != nil || loose != 0 {
				t.Errorf("%d rows of the undo log without a command (%v)", loose, err)
			}
		})
	}
}

// TestUndoForgetsFailedWrites: a write that fails leaves nothing to undo,
// and the next write records only its own changes.
func TestUndoForgetsFailedWrites(t *testing.T) {
	ctx := context.Background()
	db := mustOpenPath(t, filepath.Join(t.TempDir(), "u.db"))
	tr, err := db.CreateTournament(ctx, arbiter.NewTournament("Spring"))
	if err != nil {
		t.Fatal(err)
	}
	var commands int
	count := func() int {
		t.Helper()
		var n int
		if err := db.db.QueryRowContext(ctx, `SELECT count(*) FROM undo_log`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	logged := count()
	err = db.write(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `UPDATE tournaments SET name = 'Autumn' WHERE id = ?`, tr.ID); err != nil {
			return err
		}
		return fmt.Errorf("refused")
	})
	if err == nil {
		t.Fatal("the failing write succeeded")
	}
	if got := count(); got != logged {
		t.Errorf("undo log after a failed write: %d rows, want %d", got, logged)
	}
	tr.Venue = "Circolo"
	if err := db.UpdateTournament(ctx, tr); err != nil {
		t.Fatal(err)
	}
	if err := db.db.QueryRowContext(ctx, `SELECT count(*) FROM undo_log WHERE stmt LIKE '%Autumn%'`).Scan(&commands); err != nil || commands != 0 {
		t.Errorf("%d statements of the failed write recorded (%v)", commands, err)
	}
	if _, err := db.Undo(ctx, tr.ID, 0, true); err != nil {
		t.Fatal(err)
	}
	got, err := db.Tournament(ctx, tr.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Name != "Spring" || got.Venue != "" {
		t.Errorf("after undo: %q at %q, want Spring at no venue", got.Name, got.Venue)
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
		for _, s := range storedUndoTriggers(tb, cols) {
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

// storedUndoTriggers returns the three undo triggers of table t with
// columns cols as versions 8 to 14 stored them in the file.
func storedUndoTriggers(t string, cols []string) []string {
	name := func(kind string) string { return ident("undo_" + t + "_" + kind) }
	var vals, colList, sets []string
	for _, c := range cols {
		vals = append(vals, "quote(old."+ident(c)+")")
		colList = append(colList, ident(c))
		sets = append(sets, lit(ident(c)+" = ")+" || quote(old."+ident(c)+")")
	}
	insert := lit("INSERT INTO "+ident(t)+" (rowid, "+strings.Join(colList, ", ")+") VALUES (") +
		" || old.rowid || ', ' || " + strings.Join(vals, " || ', ' || ") + " || ')'"
	update := lit("UPDATE "+ident(t)+" SET rowid = ") + " || old.rowid || ', ' || " +
		strings.Join(sets, " || ', ' || ") + " || ' WHERE rowid = ' || new.rowid"
	del := lit("DELETE FROM "+ident(t)+" WHERE rowid = ") + " || new.rowid"
	log := func(rid, stmt string) string {
		return "INSERT INTO undo_log (tbl, rid, stmt) VALUES (" + lit(t) + ", " + rid + ", " + stmt + ");"
	}
	on := " ON " + ident(t) + " BEGIN "
	return []string{
		"CREATE TRIGGER " + name("insert") + " AFTER INSERT" + on + log("new.rowid", del) + " END",
		"CREATE TRIGGER " + name("update") + " AFTER UPDATE" + on + log("old.rowid", update) + " END",
		"CREATE TRIGGER " + name("delete") + " AFTER DELETE" + on + log("old.rowid", insert) + " END",
	}
}

// TestUndoKeepsPINs: undoing the publication of a round takes back its
// board codes but not the players' PINs it made, which may be on a card
// or a phone already.
func TestUndoKeepsPINs(t *testing.T) {
	ctx := context.Background()
	db := mustOpenDB(t)
	tid, _ := publishedRound(t, db)
	count := func(q string) int {
		t.Helper()
		var n int
		if err := db.db.QueryRowContext(ctx, q).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	pins := count(`SELECT count(*) FROM player_pins`)
	if pins == 0 || count(`SELECT count(*) FROM board_codes`) == 0 {
		t.Fatal("publishing made no PINs or no board codes")
	}
	if n := count(`SELECT count(*) FROM undo_log WHERE tbl = 'player_pins'`); n != 0 {
		t.Errorf("%d PINs recorded for undo, want none", n)
	}
	plan, err := db.Undo(ctx, tid, 0, true)
	if err != nil {
		t.Fatal(err)
	}
	if plan.Events[0].Action != ActRoundPublish {
		t.Fatalf("undid %s, want the publication", describeCommand(plan.Events))
	}
	if n := count(`SELECT count(*) FROM board_codes`); n != 0 {
		t.Errorf("%d board codes after undoing the publication, want none", n)
	}
	if n := count(`SELECT count(*) FROM player_pins`); n != pins {
		t.Errorf("%d PINs after undoing the publication, want the %d it made", n, pins)
	}
}
