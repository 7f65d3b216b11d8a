package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBackup copies an evening's database and reads the copy back with
// --db: the same tournament, the same standings, the same log.
func TestBackup(t *testing.T) {
	t.Parallel()
	c := setup(t)
	dest := filepath.Join(t.TempDir(), "copy.db")
	_, errs, code := c.run("backup", dest)
	if code != 0 || !strings.HasPrefix(errs, "Copied ") || !strings.Contains(errs, dest) {
		t.Fatalf("backup: exit %d, stderr %q; want 0 and a notice naming the copy", code, errs)
	}
	for _, args := range [][]string{{"standings"}, {"round", "show", "1"}, {"log", "--json"}} {
		want := c.ok(args...)
		got := c.ok(append([]string{"--db", dest}, args...)...)
		if got != want {
			t.Errorf("arbiter %s on the copy =\n%s\nwant\n%s", strings.Join(args, " "), got, want)
		}
	}

	// A second backup to the same name needs --force.
	c.ok("round", "result", "2", "0-1")
	before, _ := os.ReadFile(dest)
	_, errs, code = c.run("backup", dest)
	if code != 1 || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "already exists; choose another name, or add --force") {
		t.Errorf("backup over a copy: exit %d, stderr %q; want 1 and one line suggesting --force", code, errs)
	}
	if after, _ := os.ReadFile(dest); string(after) != string(before) {
		t.Error("a refused backup changed the existing file")
	}
	c.ok("backup", dest, "--force")
	if got, want := c.ok("--db", dest, "round", "show", "1"), c.ok("round", "show", "1"); got != want {
		t.Errorf("round 1 in the replaced copy =\n%s\nwant\n%s", got, want)
	}
}
