//go:build unix

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// asOther runs exe with args as a user who may not write what root made
// read-only: as root (whom file modes do not stop) the user nobody.
func asOther(t *testing.T, exe, db string, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(exe, args...)
	cmd.Env = []string{"ARBITER_DB=" + db, "ARBITER_USER=test", "PATH=/usr/bin:/bin"}
	if os.Geteuid() == 0 {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	}
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	if err != nil && cmd.ProcessState == nil {
		t.Fatalf("run %s: %v", exe, err)
	}
	return out.String(), errb.String(), cmd.ProcessState.ExitCode()
}

// TestReadOnlyDatabase puts the database on what stands for a
// write-protected stick: a read-only file, then a file that may be
// written in a read-only folder (where SQLite cannot make the files it
// shares between readers).
// Reading commands work and leave it byte for byte as it was; writing
// commands say in one line that it is read-only and what to do.
func TestReadOnlyDatabase(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds arbiter")
	}
	exe := buildArbiter(t)
	c := setup(t)
	wantStandings, wantNote, _ := c.run("standings")
	for _, folderToo := range []bool{false, true} {
		name := "file"
		if folderToo {
			name = "folder"
		}
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			for _, d := range []string{filepath.Dir(dir), dir, filepath.Dir(filepath.Dir(exe)), filepath.Dir(exe)} {
				os.Chmod(d, 0o755)
			}
			db := filepath.Join(dir, "club.db")
			data, err := os.ReadFile(c.db)
			if err != nil {
				t.Fatal(err)
			}
			mode := os.FileMode(0o444)
			if folderToo {
				mode = 0o644 // the file may be written, its folder not
			}
			if err := os.WriteFile(db, data, mode); err != nil {
				t.Fatal(err)
			}
			if folderToo && os.Geteuid() == 0 {
				os.Chown(db, 65534, 65534)
			}
			if folderToo {
				os.Chmod(dir, 0o555)
				defer os.Chmod(dir, 0o755)
			}
			for _, args := range [][]string{{"standings"}, {"tournament", "list"}, {"check"}, {"player", "list"}} {
				stdout, stderr, code := asOther(t, exe, db, args...)
				note := ""
				if args[0] == "standings" {
					note = wantNote
				}
				if code != 0 || stderr != note {
					t.Errorf("arbiter %s: exit %d, %q; want it to read", strings.Join(args, " "), code, stderr)
				}
				if args[0] == "standings" && stdout != wantStandings {
					t.Errorf("standings on the read-only file:\n%s\nwant\n%s", stdout, wantStandings)
				}
			}
			what := db + " is read-only"
			if folderToo {
				what = "the folder holding " + db + " is read-only"
			}
			for _, args := range [][]string{{"player", "add", "Late, Comer"}, {"round", "result", "2", "1-0"}, {"tournament", "new", "Autumn"}} {
				_, stderr, code := asOther(t, exe, db, args...)
				if code != 1 || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, what+": to change it, copy it with arbiter backup") ||
					strings.Contains(stderr, "(8)") || strings.Contains(stderr, "store:") {
					t.Errorf("arbiter %s: exit %d, %q; want one line saying %q", strings.Join(args, " "), code, stderr, what)
				}
			}
			if after, _ := os.ReadFile(db); !bytes.Equal(after, data) {
				t.Errorf("the read-only file changed")
			}
			if folderToo {
				if es, _ := os.ReadDir(dir); len(es) != 1 {
					t.Errorf("%d files in the read-only folder, want club.db alone", len(es))
				}
			}
		})
	}
}
