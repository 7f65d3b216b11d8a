package store

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/labyrinth-chess/arbiter"
)

// TestOpenAtStampsMigrations checks that a database made with OpenAt
// records its migrations at the clock's time, so that a file made on a
// simulated clock is the same from one run to the next.
func TestOpenAtStampsMigrations(t *testing.T) {
	at := time.Date(2026, 5, 12, 20, 40, 0, 0, time.FixedZone("CEST", 2*60*60))
	db, err := OpenAt(context.Background(), filepath.Join(t.TempDir(), "club.db"), func() time.Time { return at })
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rows, err := db.db.Query(`SELECT applied_at FROM schema_migrations ORDER BY version`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		if s != "2026-05-12T18:40:00Z" {
			t.Errorf("migration %d applied at %s, want the clock's 2026-05-12T18:40:00Z", n+1, s)
		}
		n++
	}
	if n != SchemaVersion() {
		t.Errorf("%d migrations recorded, want %d", n, SchemaVersion())
	}
}

// TestOpenRefusesOtherFiles checks that Open refuses a file that is not
// an arbiter database and leaves it as it was, and that it makes a new
// database in an empty file.
func TestOpenRefusesOtherFiles(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	foreign := filepath.Join(dir, "other.db")
	func() {
		sdb, err := sql.Open("sqlite", foreign)
		if err != nil {
			t.Fatal(err)
		}
		defer sdb.Close()
		if _, err := sdb.Exec(`CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)`); err != nil {
			t.Fatal(err)
		}
	}()
	tests := []struct {
		name    string
		path    string
		content []byte // nil: leave the file as made above
		want    string // after the path
	}{
		{"text", filepath.Join(dir, "notes.txt"), []byte("shopping list: eggs, milk\n"), " is not an arbiter database"},
		{"short", filepath.Join(dir, "short.db"), []byte("SQLite"), " is not an arbiter database"},
		{"binary", filepath.Join(dir, "photo.db"), bytes.Repeat([]byte{0xff, 0xd8, 0x00, 0x10}, 2048), " is not an arbiter database"},
		{"another program's SQLite database", foreign, nil, " is a SQLite database of another program; arbiter leaves it as it is"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.content != nil {
				if err := os.WriteFile(tt.path, tt.content, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			before, err := os.ReadFile(tt.path)
			if err != nil {
				t.Fatal(err)
			}
			db, err := Open(ctx, tt.path)
			if err == nil {
				db.Close()
			}
			if !errors.Is(err, ErrNotDatabase) {
				t.Fatalf("Open(%s) = %v, want ErrNotDatabase", tt.name, err)
			}
			if want := tt.path + tt.want; !strings.Contains(err.Error(), want) {
				t.Errorf("Open(%s) = %q, want it to say %q", tt.name, err, want)
			}
			if after, _ := os.ReadFile(tt.path); !bytes.Equal(after, before) {
				t.Errorf("Open(%s) changed the file", tt.name)
			}
		})
	}

	empty := filepath.Join(dir, "empty.db")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	db, err := Open(ctx, empty)
	if err != nil {
		t.Fatalf("Open of an empty file = %v, want a new database", err)
	}
	defer db.Close()
	if _, err := db.CreateTournament(ctx, arbiter.NewTournament("Spring")); err != nil {
		t.Errorf("a new database in an empty file: %v", err)
	}
}

// TestOpenCurrentLeavesWriterIdle checks that opening a database of the
// current schema for writing reads its version on a reading connection
// and leaves the writing one unopened (the schema is read only when the
// command writes), and that a write then still records its undo.
func TestOpenCurrentLeavesWriterIdle(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "club.db")
	db := mustOpenPath(t, path)
	if _, err := db.CreateTournament(ctx, arbiter.NewTournament("Spring")); err != nil {
		t.Fatal(err)
	}
	db.Close()
	db, err := OpenMode(ctx, path, ReadWrite, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if n := db.db.Stats().OpenConnections; n != 0 {
		t.Errorf("after opening a current database: %d writing connections open, want 0", n)
	}
	if !db.undo {
		t.Fatalf("undo is off after opening a current database")
	}
	tour := arbiter.NewTournament("Autumn")
	if _, err := db.CreateTournament(ctx, tour); err != nil {
		t.Fatal(err)
	}
	var logged int
	if err := db.db.QueryRow(`SELECT count(*) FROM undo_log`).Scan(&logged); err != nil || logged == 0 {
		t.Errorf("the write after a quick open logged %d undo rows (%v), want some", logged, err)
	}
}
