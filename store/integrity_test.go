package store

import (
	"context"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter"
)

// TestBackupRefusesDamagedCopy checks that a backup of a database whose
// record does not hold together, or whose pages are damaged, is refused:
// no file at the destination, no temporary file left, and a message that
// names the damaged file.
func TestBackupRefusesDamagedCopy(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "club.db")
	db := mustOpenPath(t, path)
	tour := newTournament(t, db, "T", 4)
	if broken, err := db.Verify(ctx); err != nil || len(broken) > 0 {
		t.Fatalf("Verify of a sound database = %q, %v", broken, err)
	}
	good := filepath.Join(dir, "good.db")
	if err := db.Backup(ctx, good, false); err != nil {
		t.Fatalf("backup of a sound database: %v", err)
	}
	// A withdrawal the log does not know of.
	if _, err := db.db.Exec(`UPDATE entries SET status = ?, withdrawn_from = 1 WHERE tournament_id = ? AND pn = 1`, int(arbiter.Withdrawn), tour.ID); err != nil {
		t.Fatal(err)
	}
	broken, err := db.Verify(ctx)
	if err != nil || len(broken) == 0 {
		t.Fatalf("Verify of a database missing a log entry = %q, %v; want a finding", broken, err)
	}
	dest := filepath.Join(dir, "copy.db")
	err = db.Backup(ctx, dest, false)
	if !errors.Is(err, ErrDamaged) {
		t.Fatalf("Backup of a damaged database = %v, want ErrDamaged", err)
	}
	if want := "the copy of " + path + " does not pass arbiter check (1 problem), so it was not kept as a backup"; !strings.HasPrefix(err.Error(), want) {
		t.Errorf("message %q, want it to start %q", err, want)
	}
	if _, err := os.Stat(dest); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a damaged copy was kept at %s", dest)
	}
	if left := tempFiles(t, dir); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
	db.Close()

	// Damaged pages: SQLite cannot even read the file through.
	damage(t, good)
	gdb, err := OpenMode(ctx, good, ReadOnly, nil)
	if err == nil {
		err = gdb.Backup(ctx, dest, false)
		gdb.Close()
	}
	if !errors.Is(err, ErrDamaged) || !strings.HasPrefix(UserMessage(err), good+" is damaged") {
		t.Errorf("backup of a file with damaged pages = %v, want %s is damaged", err, good)
	}
	if _, err := os.Stat(dest); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a copy of damaged pages was kept at %s", dest)
	}
	if left := tempFiles(t, dir); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// TestCheckpointMakesTheFileCurrent keeps the database open, as a server
// does, and copies the file alone, without its write-ahead log: after
// Checkpoint the copy holds the last write.
func TestCheckpointMakesTheFileCurrent(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "club.db")
	db := mustOpenPath(t, path)
	copyFile := func(name string) []arbiter.Tournament {
		t.Helper()
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		cp := filepath.Join(dir, name)
		if err := os.WriteFile(cp, data, 0o644); err != nil {
			t.Fatal(err)
		}
		raw, err := sql.Open("sqlite", cp)
		if err != nil {
			t.Fatal(err)
		}
		defer raw.Close()
		rows, err := raw.Query(`SELECT name FROM tournaments`)
		if err != nil {
			t.Fatalf("reading the copy made by hand: %v", err)
		}
		defer rows.Close()
		var out []arbiter.Tournament
		for rows.Next() {
			var tt arbiter.Tournament
			rows.Scan(&tt.Name)
			out = append(out, tt)
		}
		return out
	}
	if _, err := db.CreateTournament(ctx, arbiter.NewTournament("Autumn")); err != nil {
		t.Fatal(err)
	}
	if err := db.Checkpoint(ctx); err != nil {
		t.Fatalf("Checkpoint: %v", err)
	}
	if _, err := db.CreateTournament(ctx, arbiter.NewTournament("Spring")); err != nil {
		t.Fatal(err)
	}
	if got := copyFile("before.db"); len(got) != 1 {
		t.Fatalf("the file alone already holds %v before the checkpoint; the test shows nothing", got)
	}
	if err := db.Checkpoint(ctx); err != nil {
		t.Fatalf("Checkpoint: %v", err)
	}
	if got := copyFile("after.db"); len(got) != 2 || got[1].Name != "Spring" {
		t.Errorf("the file copied by hand after Checkpoint holds %v, want Autumn and Spring", got)
	}
	if fi, err := os.Stat(path + "-wal"); err == nil && fi.Size() != 0 {
		t.Errorf("the write-ahead log still holds %d bytes", fi.Size())
	}
}
