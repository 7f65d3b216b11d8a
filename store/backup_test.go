package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter"
)

// checkCopy opens the backup at path on its own, checks that SQLite finds
// it sound and that its entries and the event log agree, and returns the
// number of entries of tournament tid.
func checkCopy(t *testing.T, path string, tid int64) int {
	t.Helper()
	raw, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	var ok string
	if err := raw.QueryRow(`PRAGMA integrity_check`).Scan(&ok); err != nil || ok != "ok" {
		t.Fatalf("integrity_check of %s = %q, %v; want ok", filepath.Base(path), ok, err)
	}
	var entries, added int
	if err := raw.QueryRow(`SELECT count(*) FROM entries WHERE tournament_id = ?`, tid).Scan(&entries); err != nil {
		t.Fatal(err)
	}
	if err := raw.QueryRow(`SELECT count(*) FROM events WHERE tournament_id = ? AND action = ?`, tid, ActPlayerAdd).Scan(&added); err != nil {
		t.Fatal(err)
	}
	if entries != added {
		t.Errorf("%s holds %d entries but logs %d registrations", filepath.Base(path), entries, added)
	}
	raw.Close()
	db := mustOpenPath(t, path)
	s, err := db.Snapshot(context.Background(), tid)
	if err != nil {
		t.Fatalf("snapshot of %s: %v", filepath.Base(path), err)
	}
	if len(s.Entries) != entries {
		t.Errorf("snapshot of %s has %d entries, want %d", filepath.Base(path), len(s.Entries), entries)
	}
	return entries
}

// TestBackupWhileWriting copies the database while another connection
// keeps entering players: every copy is sound, holds whole transactions
// only, and the copies follow the writes.
func TestBackupWhileWriting(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "club.db")
	db := mustOpenPath(t, path)
	tour := newTournament(t, db, "T", 4)
	writer := mustOpenPath(t, path)
	ctx := context.Background()

	progress := make(chan int)
	stop := make(chan struct{})
	failed := make(chan error, 1)
	go func() {
		defer close(progress)
		for i := 1; ; i++ {
			p := arbiter.Player{Name: fmt.Sprintf("Writer %04d", i), Rating: 1000 + i}
			if _, err := writer.AddEntry(ctx, tour.ID, p, AddOptions{New: true}, nil, nil); err != nil {
				failed <- err
				return
			}
			select {
			case progress <- i:
			case <-stop:
				return
			}
		}
	}()

	var counts []int
	for i := range 6 {
		// Let the writer commit a few more players between copies.
		for range 3 {
			if _, ok := <-progress; !ok {
				t.Fatalf("writer stopped: %v", <-failed)
			}
		}
		dest := filepath.Join(dir, fmt.Sprintf("copy-%d.db", i))
		if err := db.Backup(ctx, dest, false); err != nil {
			t.Fatalf("Backup #%d: %v", i, err)
		}
		counts = append(counts, checkCopy(t, dest, tour.ID))
	}
	close(stop)
	for range progress {
	}
	for i := 1; i < len(counts); i++ {
		if counts[i] <= counts[i-1] {
			t.Errorf("copy %d has %d entries after copy %d had %d: copies should follow the writes", i, counts[i], i-1, counts[i-1])
		}
	}
	if leftovers := tempFiles(t, dir); len(leftovers) > 0 {
		t.Errorf("temporary files left behind: %q", leftovers)
	}
}

// TestBackupSkipsOpenTransaction checks that a write not yet committed
// by another connection stays out of the copy, and does not block it.
func TestBackupSkipsOpenTransaction(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "club.db")
	db := mustOpenPath(t, path)
	tour := newTournament(t, db, "T", 2)
	other := mustOpenPath(t, path)
	tx, err := other.db.BeginTx(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	if _, err := tx.Exec(`INSERT INTO settings (key, value) VALUES ('half', 'written')`); err != nil {
		t.Fatal(err)
	}
	dest := filepath.Join(dir, "copy.db")
	if err := db.Backup(context.Background(), dest, false); err != nil {
		t.Fatalf("Backup while another connection writes: %v", err)
	}
	if n := checkCopy(t, dest, tour.ID); n != 2 {
		t.Errorf("copy has %d entries, want 2", n)
	}
	raw, err := sql.Open("sqlite", dest)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	var n int
	raw.QueryRow(`SELECT count(*) FROM settings WHERE key = 'half'`).Scan(&n)
	if n != 0 {
		t.Error("the copy holds a write that was never committed")
	}
}

func TestBackupRefusals(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "club.db")
	db := mustOpenPath(t, path)
	tour := newTournament(t, db, "T", 3)
	ctx := context.Background()
	existing := filepath.Join(dir, "existing.db")
	if err := os.WriteFile(existing, []byte("precious"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name      string
		dest      string
		overwrite bool
		kind      error  // nil: any error that is not an *InputError
		msg       string // part of the message
	}{
		{"existing file", existing, false, ErrConflict, "existing.db already exists"},
		{"folder", dir, true, ErrInvalid, "is a folder"},
		{"the database itself", path, true, ErrInvalid, "is the database itself"},
		{"the database by another path", filepath.Join(dir, ".", "club.db"), true, ErrInvalid, "is the database itself"},
		{"missing folder", filepath.Join(dir, "nowhere", "copy.db"), false, nil, "cannot write " + filepath.Join(dir, "nowhere", "copy.db") + ": no such file or directory"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := db.Backup(ctx, tt.dest, tt.overwrite)
			var ie *InputError
			switch {
			case err == nil:
				t.Fatalf("Backup(%s) succeeded, want an error", tt.dest)
			case tt.kind != nil && !errors.Is(err, tt.kind):
				t.Errorf("Backup(%s) = %v, want kind %v", tt.dest, err, tt.kind)
			case tt.kind == nil && errors.As(err, &ie):
				t.Errorf("Backup(%s) = input error %v, want a file error", tt.dest, err)
			}
			if err != nil && !strings.Contains(err.Error(), tt.msg) {
				t.Errorf("Backup(%s) = %q, want it to say %q", tt.dest, err, tt.msg)
			}
		})
	}
	if b, _ := os.ReadFile(existing); string(b) != "precious" {
		t.Errorf("refused backup changed the existing file to %q", b)
	}
	if leftovers := tempFiles(t, dir); len(leftovers) > 0 {
		t.Errorf("temporary files left behind: %q", leftovers)
	}
	// With overwrite the existing file is replaced by the copy.
	if err := db.Backup(ctx, existing, true); err != nil {
		t.Fatalf("Backup over an existing file with overwrite: %v", err)
	}
	if n := checkCopy(t, existing, tour.ID); n != 3 {
		t.Errorf("replaced copy has %d entries, want 3", n)
	}
}

// tempFiles lists the backup's temporary files left in dir.
func tempFiles(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range es {
		if strings.Contains(e.Name(), ".arbiter-") {
			out = append(out, e.Name())
		}
	}
	return out
}
