package main

import (
	"bytes"
	"database/sql"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestForeignSQLiteFileUntouched is the reproduction of issue 20: another
// program's SQLite file (here with a table named schema_migrations of its
// own, or no table but its own user_version) given to --db is refused by
// every command, reading or writing, and stays byte for byte as it was.
func TestForeignSQLiteFileUntouched(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name  string
		stmts []string
	}{
		{"schema_migrations of its own", []string{`CREATE TABLE schema_migrations (version TEXT)`}},
		{"empty with its own user_version", []string{`PRAGMA user_version = 3`}},
		{"empty with its own application_id", []string{`PRAGMA application_id = 777`}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			app := filepath.Join(dir, "app.db")
			raw, err := sql.Open("sqlite", app)
			if err != nil {
				t.Fatal(err)
			}
			for _, q := range tt.stmts {
				if _, err := raw.Exec(q); err != nil {
					t.Fatal(err)
				}
			}
			raw.Close()
			before, _ := os.ReadFile(app)
			c := newCLI(t)
			c.db = app
			for _, args := range [][]string{
				{"tournament", "list"}, {"standings"}, {"check"}, {"player", "add", "Rossi, Mario"},
				{"tournament", "new", "Spring"}, {"backup", filepath.Join(dir, "copy.db")},
			} {
				_, stderr, code := c.run(args...)
				want := "arbiter: " + app + " is a SQLite database of another program; arbiter leaves it as it is\n"
				if code != 1 || stderr != want {
					t.Errorf("arbiter %s: exit %d, %q; want exit 1, %q", strings.Join(args, " "), code, stderr, want)
				}
				if after, _ := os.ReadFile(app); !bytes.Equal(after, before) {
					t.Fatalf("arbiter %s changed the file", strings.Join(args, " "))
				}
			}
			if es, _ := os.ReadDir(dir); len(es) != 1 {
				t.Errorf("%d files in the folder, want app.db alone", len(es))
			}
		})
	}
}

// TestFailingWriteMakesNoDatabase checks that a mistyped --db with a
// command that writes (but does not start a tournament) leaves no file.
func TestFailingWriteMakesNoDatabase(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	csv := filepath.Join(dir, "players.csv")
	os.WriteFile(csv, []byte("name\nRossi, Mario\n"), 0o644)
	typo := filepath.Join(dir, "clbu.db")
	c := newCLI(t)
	c.db = typo
	for _, args := range [][]string{
		{"player", "add", "Rossi, Mario"}, {"player", "import", csv}, {"round", "pair"}, {"tournament", "list"}, {"check"},
	} {
		_, stderr, code := c.run(args...)
		if code != 1 || !strings.Contains(stderr, "no database at "+typo) {
			t.Errorf("arbiter %s: exit %d, %q; want exit 1 and no database", strings.Join(args, " "), code, stderr)
		}
		if es, _ := os.ReadDir(dir); len(es) != 1 {
			t.Fatalf("arbiter %s left %d files, want players.csv alone", strings.Join(args, " "), len(es))
		}
	}
}

// TestCheckCommand runs arbiter check on a sound file and on damaged
// ones, and backup on a damaged one.
func TestCheckCommand(t *testing.T) {
	t.Parallel()
	c := setup(t)
	stdout, stderr, code := c.run("check")
	if code != 0 || stdout != c.db+" is sound (1 tournament checked).\n" || stderr != "" {
		t.Fatalf("check of a sound file: exit %d, %q, %q", code, stdout, stderr)
	}

	// A result changed behind arbiter's back.
	raw, err := sql.Open("sqlite", c.db)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := raw.Exec(`UPDATE boards SET result = 2 WHERE round = 1 AND board = 1`); err != nil {
		t.Fatal(err)
	}
	raw.Close()
	stdout, stderr, code = c.run("check")
	want := "arbiter: " + c.db + ` is damaged (1 problem; the first: tournament 1 round 1 board 1: result "0-1" stored, "1-0" logged). Keep this file as it is: a backup put in its place would lose every change made after that backup (the last change in this file is number `
	if code != 1 || stdout != "" || !strings.HasPrefix(stderr, want) || !strings.Contains(stderr, "arbiter log --all --db "+c.db) {
		t.Errorf("check of a changed result: exit %d, %q, %q; want exit 1, %q", code, stdout, stderr, want)
	}
	dest := filepath.Join(t.TempDir(), "copy.db")
	_, stderr, code = c.run("backup", dest)
	if code != 1 || !strings.Contains(stderr, "does not pass arbiter check") {
		t.Errorf("backup of a damaged file: exit %d, %q; want it refused", code, stderr)
	}
	if _, err := os.Stat(dest); err == nil {
		t.Errorf("backup kept a damaged copy")
	}

	// Damaged pages.
	data, _ := os.ReadFile(c.db)
	for i := 4096; i < len(data); i++ {
		data[i] = byte(i * 13)
	}
	os.WriteFile(c.db, data, 0o644)
	_, stderr, code = c.run("check")
	if code != 1 || !strings.HasPrefix(stderr, "arbiter: "+c.db+" is damaged") || strings.Count(stderr, "\n") != 1 ||
		strings.Contains(stderr, "(11)") || strings.Contains(stderr, "malformed") {
		t.Errorf("check of damaged pages: exit %d, %q", code, stderr)
	}
}

// TestBusyHasNoWrongHint checks that tournament new, meeting another
// writer, says only that: not "choose another name".
func TestBusyHasNoWrongHint(t *testing.T) {
	t.Parallel()
	c := setup(t)
	raw, err := sql.Open("sqlite", c.db)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	tx, err := raw.Begin()
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	if _, err := tx.Exec(`INSERT INTO settings (key, value) VALUES ('held', 'x')`); err != nil {
		t.Fatal(err)
	}
	_, stderr, code := c.run("tournament", "new", "Autumn")
	if code != 1 || stderr != busyLine+"\n" {
		t.Errorf("tournament new while another writes: exit %d, %q; want %q", code, stderr, busyLine)
	}
}

// TestKilledBackupLeavesNothing kills backup with SIGKILL while it writes
// its copy of a large database, then checks that the next arbiter
// command removes the temporary file it left.
func TestKilledBackupLeavesNothing(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds arbiter and a large database")
	}
	exe := buildArbiter(t)
	c := setup(t)
	// Make the file large (about 60 MB) so the copy takes a while.
	raw, err := sql.Open("sqlite", c.db)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := raw.Exec(`INSERT INTO settings (key, value)
		WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 30000)
		SELECT 'pad ' || i, hex(randomblob(1000)) FROM n`); err != nil {
		t.Fatal(err)
	}
	raw.Close()
	out := t.TempDir()
	dest := filepath.Join(out, "copy.db")
	killed := false
	for attempt := 0; attempt < 5 && !killed; attempt++ {
		cmd := exec.Command(exe, "backup", dest)
		cmd.Env = append(os.Environ(), "ARBITER_DB="+c.db)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(10 * time.Second)
		for time.Now().Before(deadline) {
			if m, _ := filepath.Glob(filepath.Join(out, ".copy.db.arbiter-*")); len(m) > 0 {
				if fi, err := os.Stat(m[0]); err == nil && fi.Size() > 0 {
					break
				}
			}
			time.Sleep(time.Millisecond)
		}
		cmd.Process.Kill()
		cmd.Wait()
		if _, err := os.Stat(dest); err == nil {
			os.Remove(dest) // finished before the kill: try again
			continue
		}
		m, _ := filepath.Glob(filepath.Join(out, ".copy.db.arbiter-*"))
		killed = len(m) > 0
	}
	if !killed {
		t.Fatal("no backup could be killed half-way; the test shows nothing")
	}
	// The next command that works in that folder.
	next := exec.Command(exe, "backup", dest)
	next.Env = append(os.Environ(), "ARBITER_DB="+c.db)
	if b, err := next.CombinedOutput(); err != nil {
		t.Fatalf("backup after the kill: %v\n%s", err, b)
	}
	es, _ := os.ReadDir(out)
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	if len(names) != 1 || names[0] != "copy.db" {
		t.Errorf("files after the next backup: %v, want copy.db alone", names)
	}
}
