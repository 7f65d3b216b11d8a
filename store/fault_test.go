package store

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/labyrinth-chess/arbiter"
)

// makeSQLite makes an SQLite file at path with database/sql alone, as
// another program would, running stmts.
func makeSQLite(t *testing.T, path string, stmts ...string) {
	t.Helper()
	raw, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	for _, q := range stmts {
		if _, err := raw.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
}

// TestOpenLeavesForeignFilesAsTheyAre opens SQLite files of other
// programs in every mode: each is refused before anything is written, and
// the file stays byte for byte as it was, with no journal left beside it.
// The first is the reproduction of issue 20 (a table named
// schema_migrations that is not arbiter's).
func TestOpenLeavesForeignFilesAsTheyAre(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name  string
		stmts []string
	}{
		{"a schema_migrations table of its own", []string{`CREATE TABLE schema_migrations (version TEXT)`, `INSERT INTO schema_migrations VALUES ('20240101')`}},
		{"no tables, its own application_id", []string{`PRAGMA application_id = 1234`}},
		{"no tables, its own user_version", []string{`PRAGMA user_version = 7`}},
		{"arbiter's tables under another application_id", []string{`PRAGMA application_id = 99`, `CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`, `CREATE TABLE tournaments (id INTEGER PRIMARY KEY)`}},
		{"a program in WAL mode", []string{`PRAGMA journal_mode = WAL`, `CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)`}},
		{"a notes program", []string{`CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)`, `INSERT INTO notes (text) VALUES ('eggs')`}},
	}
	for _, tt := range tests {
		for _, mode := range []Mode{ReadOnly, ReadWrite, Create} {
			t.Run(fmt.Sprintf("%s/mode %d", tt.name, mode), func(t *testing.T) {
				dir := t.TempDir()
				path := filepath.Join(dir, "app.db")
				makeSQLite(t, path, tt.stmts...)
				before, err := os.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				db, err := OpenMode(ctx, path, mode, nil)
				if err == nil {
					db.Close()
					t.Fatalf("OpenMode opened another program's file")
				}
				if !errors.Is(err, ErrForeign) || !errors.Is(err, ErrNotDatabase) {
					t.Errorf("err = %v, want ErrForeign and ErrNotDatabase", err)
				}
				if want := path + " is a SQLite database of another program; arbiter leaves it as it is"; err.Error() != want {
					t.Errorf("message %q, want %q", err, want)
				}
				after, _ := os.ReadFile(path)
				if !bytes.Equal(after, before) {
					t.Errorf("the file changed (header bytes 18-19 %v, were %v)", after[18:20], before[18:20])
				}
				entries, _ := os.ReadDir(dir)
				if len(entries) != 1 {
					var names []string
					for _, e := range entries {
						names = append(names, e.Name())
					}
					t.Errorf("files beside it: %v, want app.db alone", names)
				}
			})
		}
	}
}

// TestOpenCreatesOnlyWhenAsked checks that without Create a missing file
// is not made and an empty SQLite file not adopted, and that a new
// database carries arbiter's application_id.
func TestOpenCreatesOnlyWhenAsked(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	missing := filepath.Join(dir, "typo.db")
	for _, mode := range []Mode{ReadOnly, ReadWrite} {
		_, err := OpenMode(ctx, missing, mode, nil)
		if !errors.Is(err, ErrNoDatabase) {
			t.Errorf("mode %d on a missing file: %v, want ErrNoDatabase", mode, err)
		}
		if _, err := os.Stat(missing); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("mode %d made %s", mode, missing)
		}
	}
	blank := filepath.Join(dir, "blank.db")
	makeSQLite(t, blank, `CREATE TABLE x (a)`, `DROP TABLE x`)
	before, _ := os.ReadFile(blank)
	for _, mode := range []Mode{ReadOnly, ReadWrite} {
		if _, err := OpenMode(ctx, blank, mode, nil); !errors.Is(err, ErrNoDatabase) {
			t.Errorf("mode %d on an SQLite file with nothing in it: %v, want ErrNoDatabase", mode, err)
		}
	}
	if after, _ := os.ReadFile(blank); !bytes.Equal(after, before) {
		t.Errorf("opening without Create changed the empty SQLite file")
	}
	db, err := OpenMode(ctx, blank, Create, nil)
	if err != nil {
		t.Fatalf("Create on an empty SQLite file: %v", err)
	}
	db.Close()
	head := make([]byte, 100)
	f, _ := os.Open(blank)
	f.Read(head)
	f.Close()
	if got := uint32(head[68])<<24 | uint32(head[69])<<16 | uint32(head[70])<<8 | uint32(head[71]); got != ApplicationID {
		t.Errorf("application_id %#x in the header, want %#x", got, ApplicationID)
	}
}

// TestOpenAdoptsOlderArbiterFiles makes a file as arbiter did before it
// wrote its application_id: a read opens it and leaves it as it is, a
// write stamps it.
func TestOpenAdoptsOlderArbiterFiles(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	db := mustOpenPath(t, path)
	if _, err := db.CreateTournament(ctx, arbiter.NewTournament("Spring")); err != nil {
		t.Fatal(err)
	}
	if _, err := db.db.Exec(`PRAGMA application_id = 0`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	before, _ := os.ReadFile(path)

	ro, err := OpenMode(ctx, path, ReadOnly, nil)
	if err != nil {
		t.Fatalf("ReadOnly on an older arbiter file: %v", err)
	}
	list, err := ro.Tournaments(ctx)
	if err != nil || len(list) != 1 {
		t.Fatalf("Tournaments = %v, %v; want Spring", list, err)
	}
	ro.Close()
	if after, _ := os.ReadFile(path); !bytes.Equal(after, before) {
		t.Errorf("a read changed the older file")
	}

	rw, err := OpenMode(ctx, path, ReadWrite, nil)
	if err != nil {
		t.Fatalf("ReadWrite on an older arbiter file: %v", err)
	}
	var app int
	if err := rw.db.QueryRow(`PRAGMA application_id`).Scan(&app); err != nil || app != ApplicationID {
		t.Errorf("application_id %#x after a write open, want %#x (%v)", app, ApplicationID, err)
	}
	rw.Close()
}

// TestFaultMessages provokes each fault and checks its one sentence: it
// names the file, says what to do, and carries no SQLite code or package
// name.
func TestFaultMessages(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	clean := func(t *testing.T, err error, kind error, want string) {
		t.Helper()
		if !errors.Is(err, kind) {
			t.Fatalf("err = %v, want %v", err, kind)
		}
		msg := UserMessage(fmt.Errorf("wrapped by a caller: %w", err))
		if msg != want {
			t.Errorf("message\n%q\nwant\n%q", msg, want)
		}
		for _, bad := range []string{"(", "SQLITE", "store:", "sqlite"} {
			if strings.Contains(strings.ReplaceAll(msg, "(or open", ""), bad) {
				t.Errorf("message %q contains %q", msg, bad)
			}
		}
	}

	t.Run("disk full", func(t *testing.T) {
		path := filepath.Join(dir, "full.db")
		db := mustOpenPath(t, path)
		// SQLite's page limit stands in for the end of the disk: the same
		// SQLITE_FULL as a full disk.
		var pages int
		db.db.QueryRow(`PRAGMA page_count`).Scan(&pages)
		if _, err := db.db.Exec(fmt.Sprintf(`PRAGMA max_page_count = %d`, pages+1)); err != nil {
			t.Fatal(err)
		}
		var err error
		for i := 0; i < 1000 && err == nil; i++ {
			_, err = db.CreateTournament(ctx, arbiter.NewTournament(fmt.Sprintf("Open %d %s", i, strings.Repeat("x", 180))))
		}
		clean(t, err, ErrFull, "the disk holding "+path+" is full: free some space and try again; nothing was changed")
	})

	t.Run("damaged", func(t *testing.T) {
		path := filepath.Join(dir, "damaged.db")
		db := mustOpenPath(t, path)
		for i := range 20 {
			if _, err := db.CreateTournament(ctx, arbiter.NewTournament(fmt.Sprintf("Open %d", i))); err != nil {
				t.Fatal(err)
			}
		}
		db.Close()
		damage(t, path)
		db, err := OpenMode(ctx, path, ReadOnly, nil)
		if err == nil {
			_, err = db.Tournaments(ctx)
			db.Close()
		}
		clean(t, err, ErrDamaged, path+" is damaged: keep it as it is and work on your last copy from arbiter backup with --db COPY.db, after arbiter check --db COPY.db says it is sound; the copy lacks every change made after it, which arbiter log --all --db "+path+" may still list")
	})

	t.Run("read-only", func(t *testing.T) {
		path := filepath.Join(dir, "club.db")
		db := mustOpenPath(t, path)
		db.Close()
		before, _ := os.ReadFile(path)
		ro, err := OpenMode(ctx, path, ReadOnly, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer ro.Close()
		_, err = ro.CreateTournament(ctx, arbiter.NewTournament("Spring"))
		// The file itself may be written (the test may run as root): the
		// fault is then the folder's, as SQLite cannot tell them apart.
		clean(t, err, ErrReadOnly, "the folder holding "+path+" is read-only: to change it, copy it with arbiter backup COPY.db into a folder you may write and work on the copy with --db COPY.db; nothing was changed")
		if after, _ := os.ReadFile(path); !bytes.Equal(after, before) {
			t.Errorf("a refused write changed the file")
		}
	})

	t.Run("busy", func(t *testing.T) {
		path := filepath.Join(dir, "busy.db")
		mustOpenPath(t, path)
		holder, err := sql.Open("sqlite", path)
		if err != nil {
			t.Fatal(err)
		}
		defer holder.Close()
		conn, _ := holder.Conn(ctx)
		defer conn.Close()
		if _, err := conn.ExecContext(ctx, `BEGIN IMMEDIATE`); err != nil {
			t.Fatal(err)
		}
		defer conn.ExecContext(ctx, `ROLLBACK`)
		db, err := openAt(ctx, path, ReadWrite, 50, nil)
		if err == nil {
			defer db.Close()
			_, err = db.CreateTournament(ctx, arbiter.NewTournament("Spring"))
		}
		clean(t, err, ErrBusy, "another arbiter command is writing this database; try again")
	})

	t.Run("no folder", func(t *testing.T) {
		path := filepath.Join(dir, "nowhere", "club.db")
		_, err := OpenMode(ctx, path, Create, nil)
		clean(t, err, os.ErrNotExist, "there is no folder "+filepath.Dir(path)+" for "+path+": make it first, or give --db another file")
	})
}

// damage overwrites every page of the file at path but the first with
// bytes that are no SQLite page.
func damage(t *testing.T, path string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(data) < 3*4096 {
		t.Fatalf("%s has %d bytes, too few to damage", path, len(data))
	}
	for i := 4096; i < len(data); i++ {
		data[i] = byte(i * 7)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestCleanTemp checks that the leftovers of a killed command are
// removed and that the temporary files of running commands, or of ones
// started after this one, are not.
func TestCleanTemp(t *testing.T) {
	dir := t.TempDir()
	old := time.Now().Add(-time.Hour)
	mk := func(name string, mod time.Time) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
		os.Chtimes(p, mod, mod)
		return p
	}
	// No process has number 2147483646 on any system this runs on.
	dead := mk(".club.db.arbiter-2147483646-123.tmp", old)
	deadJournal := mk(".club.db.arbiter-2147483646-123.tmp-journal", old)
	mine := mk(fmt.Sprintf(".club.db.arbiter-%d-5.tmp", os.Getpid()), old)
	alive := mk(fmt.Sprintf(".club.db.arbiter-%d-5.tmp", os.Getppid()), old)
	young := mk(".club.db.arbiter-2147483646-9.tmp", time.Now().Add(time.Hour))
	other := mk(".club.db.tmp-123", old)
	if n := CleanTemp(dir); n != 2 {
		t.Errorf("CleanTemp removed %d files, want 2", n)
	}
	for _, p := range []string{dead, deadJournal} {
		if _, err := os.Stat(p); err == nil {
			t.Errorf("%s left behind", filepath.Base(p))
		}
	}
	for _, p := range []string{mine, alive, young, other} {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("%s removed: %v", filepath.Base(p), err)
		}
	}
	f, err := CreateTemp(filepath.Join(dir, "club.db"))
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	if pid, ok := tempOwner(filepath.Base(f.Name())); !ok || pid != os.Getpid() {
		t.Errorf("CreateTemp made %s, whose owner reads as %d, %v", f.Name(), pid, ok)
	}
}

// TestFaultOfSystemErrors checks the sentences for faults the system
// reports while arbiter writes a file of its own (the copy of a backup):
// each names the file and what to do.
func TestFaultOfSystemErrors(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "club.db")
	os.WriteFile(path, nil, 0o644)
	tests := []struct {
		name string
		err  error
		kind error
		want string
	}{
		{"disk full", &os.PathError{Op: "write", Path: path, Err: syscall.ENOSPC}, ErrFull,
			"the disk holding " + path + " is full: free some space and try again; the copy was not made"},
		{"I/O error", &os.PathError{Op: "write", Path: path, Err: syscall.EIO}, ErrIO,
			"the disk holding " + path + " could not be read or written: check that it is still connected, then run arbiter check --db " + path + "; the copy was not made"},
		{"read-only file system", &os.PathError{Op: "open", Path: path, Err: syscall.EROFS}, ErrReadOnly,
			"the folder holding " + path + " is read-only: to change it, copy it with arbiter backup COPY.db into a folder you may write and work on the copy with --db COPY.db; the copy was not made"},
		{"permission", &os.PathError{Op: "open", Path: path, Err: syscall.EACCES}, ErrPermission,
			"arbiter may not open " + path + " (permission denied): give --db a file you may use"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := faultOf(path, "the copy was not made", fmt.Errorf("back up: %w", tt.err))
			if !errors.Is(err, tt.kind) {
				t.Fatalf("faultOf = %v, want %v", err, tt.kind)
			}
			if got := UserMessage(err); got != tt.want {
				t.Errorf("message\n%q\nwant\n%q", got, tt.want)
			}
		})
	}
	plain := errors.New("round 3 has no board 12")
	if got := faultOf(path, "", plain); got != plain {
		t.Errorf("faultOf changed an error that is no fault: %v", got)
	}
}
