package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
)

// fullWriter fails every write, as standard output does on a full disk
// (>/dev/full).
type fullWriter struct{ n int }

func (w *fullWriter) Write(p []byte) (int, error) {
	w.n++
	return 0, syscall.ENOSPC
}

// TestStdoutFull checks that a command whose answer cannot be written to
// standard output exits 1 and says so, whichever way the command writes.
func TestStdoutFull(t *testing.T) {
	t.Parallel()
	trfFile := "../../pairing/testdata/corpus/bbp-g1001.trf"
	tests := []struct {
		name string
		args []string
	}{
		{"help", []string{"--help"}},
		{"help of a command", []string{"round", "pair", "--help"}},
		{"trf pair", []string{"trf", "pair", trfFile}},
		{"trf check --json", []string{"trf", "check", "--json", trfFile}},
		{"game perft", []string{"game", "perft", "2"}},
		{"help exit-codes", []string{"help", "exit-codes"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var errb bytes.Buffer
			out := &fullWriter{}
			code := run(context.Background(), tt.args, strings.NewReader(""), out, &errb, func(string) string { return "" })
			if out.n == 0 {
				t.Fatalf("arbiter %s wrote nothing to standard output", strings.Join(tt.args, " "))
			}
			if code != exitFailure {
				t.Errorf("arbiter %s: exit %d, want %d; stderr %q", strings.Join(tt.args, " "), code, exitFailure, errb.String())
			}
			if !strings.Contains(errb.String(), "no space left on device") {
				t.Errorf("stderr = %q, want the reason", errb.String())
			}
		})
	}
}

// TestOutWriter checks that the first error of standard output is kept
// and returned by every later write.
func TestOutWriter(t *testing.T) {
	t.Parallel()
	o := &outWriter{w: &fullWriter{}}
	if _, err := o.Write([]byte("x")); !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("Write = %v, want ENOSPC", err)
	}
	var ok bytes.Buffer
	o.w = &ok
	if _, err := o.Write([]byte("y")); !errors.Is(err, syscall.ENOSPC) || ok.Len() != 0 {
		t.Errorf("Write after an error = %v, wrote %q; want the first error and nothing written", err, ok.String())
	}
}

// TestOverwritePolicy checks that print, export and backup treat a file
// already at the path alike: an ordinary file is replaced keeping its
// permissions, a read-only file and a database only with --force, and a
// refusal leaves the file and the database as they were.
func TestOverwritePolicy(t *testing.T) {
	t.Parallel()
	commands := []struct {
		name string
		args func(path string) []string
	}{
		{"print", func(p string) []string { return []string{"print", "pairings", "-o", p} }},
		{"export", func(p string) []string { return []string{"export", "trf", p} }},
		{"backup", func(p string) []string { return []string{"backup", p} }},
	}
	sqlite := "SQLite format 3\x00 and the rest of an older backup"
	cases := []struct {
		name     string
		content  string
		mode     os.FileMode
		force    bool
		wantCode int
		wantErr  string // part of stderr when refused
	}{
		{"ordinary file", "old text", 0o640, false, exitOK, ""},
		{"read-only file", "old text", 0o444, false, exitFailure, "it is read-only; choose another name, or add --force"},
		{"read-only file with --force", "old text", 0o444, true, exitOK, ""},
		{"database", sqlite, 0o644, false, exitFailure, "already exists; choose another name, or add --force"},
		{"database with --force", sqlite, 0o644, true, exitOK, ""},
	}
	for _, cmd := range commands {
		for _, tc := range cases {
			t.Run(cmd.name+"/"+tc.name, func(t *testing.T) {
				t.Parallel()
				c := setup(t)
				path := filepath.Join(t.TempDir(), "out.file")
				if err := os.WriteFile(path, []byte(tc.content), 0o600); err != nil {
					t.Fatal(err)
				}
				if err := os.Chmod(path, tc.mode); err != nil {
					t.Fatal(err)
				}
				before := c.dump()
				args := cmd.args(path)
				if tc.force {
					args = append(args, "--force")
				}
				_, errs, code := c.run(args...)
				if code != tc.wantCode {
					t.Fatalf("arbiter %s: exit %d, want %d; stderr %q", strings.Join(args, " "), code, tc.wantCode, errs)
				}
				if after := c.dump(); after != before {
					t.Errorf("the database changed:\n%s\nwant\n%s", after, before)
				}
				got, err := os.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				fi, err := os.Stat(path)
				if err != nil {
					t.Fatal(err)
				}
				if runtime.GOOS != "windows" && fi.Mode().Perm() != tc.mode && cmd.name != "backup" {
					t.Errorf("mode after = %v, want %v kept", fi.Mode().Perm(), tc.mode)
				}
				if tc.wantCode != exitOK {
					if !strings.Contains(errs, tc.wantErr) || strings.Count(errs, "\n") != 1 {
						t.Errorf("stderr = %q, want one line with %q", errs, tc.wantErr)
					}
					if string(got) != tc.content {
						t.Errorf("refused, but the file became %.40q", got)
					}
					return
				}
				if string(got) == tc.content {
					t.Errorf("the file was not replaced")
				}
			})
		}
	}
}

// TestOutputSymlink checks that a symbolic link is written through: the
// link stays a link and its target, existing or not, gets the file.
func TestOutputSymlink(t *testing.T) {
	t.Parallel()
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links need privileges on Windows")
	}
	for _, dangling := range []bool{false, true} {
		for _, args := range [][]string{{"print", "pairings", "-o"}, {"export", "trf"}, {"backup"}} {
			t.Run(fmt.Sprintf("%s/dangling=%v", args[0], dangling), func(t *testing.T) {
				t.Parallel()
				c := setup(t)
				dir := t.TempDir()
				target := filepath.Join(dir, "sub", "real")
				if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
					t.Fatal(err)
				}
				if !dangling {
					if err := os.WriteFile(target, []byte("stale"), 0o644); err != nil {
						t.Fatal(err)
					}
				}
				link := filepath.Join(dir, "link")
				if err := os.Symlink(filepath.Join("sub", "real"), link); err != nil {
					t.Fatal(err)
				}
				c.ok(append(args, link)...)
				fi, err := os.Lstat(link)
				if err != nil || fi.Mode()&os.ModeSymlink == 0 {
					t.Fatalf("link after: %v, %v; want it still a symbolic link", fi, err)
				}
				got, err := os.ReadFile(target)
				if err != nil || len(got) < 100 || string(got) == "stale" {
					t.Errorf("target after: %.40q, %v; want the new file", got, err)
				}
			})
		}
	}
}
