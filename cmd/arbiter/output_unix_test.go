//go:build unix

package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestOutputSpecialFiles checks that a pipe, a device and /dev/fd/N are
// written in place, never replaced by a renamed file.
func TestOutputSpecialFiles(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"print", "pairings", "-o"}, {"export", "trf"}, {"backup"}} {
		t.Run(args[0]+"/fifo", func(t *testing.T) {
			c := setup(t)
			fifo := filepath.Join(t.TempDir(), "fifo")
			if err := syscall.Mkfifo(fifo, 0o600); err != nil {
				t.Skipf("mkfifo: %v", err)
			}
			got := make(chan []byte)
			go func() {
				f, err := os.Open(fifo)
				if err != nil {
					got <- nil
					return
				}
				defer f.Close()
				b, _ := io.ReadAll(f)
				got <- b
			}()
			c.ok(append(args, fifo)...)
			if b := <-got; len(b) < 100 {
				t.Errorf("read %d bytes from the pipe, want the file", len(b))
			}
			if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
				t.Errorf("%s after: %v, %v; want it still a pipe", fifo, fi, err)
			}
		})
		t.Run(args[0]+"/dev/null", func(t *testing.T) {
			c := setup(t)
			before, err := os.Stat("/dev/null")
			if err != nil {
				t.Skip(err)
			}
			c.ok(append(args, "/dev/null")...)
			after, err := os.Stat("/dev/null")
			if err != nil || after.Mode() != before.Mode() || !os.SameFile(before, after) {
				t.Errorf("/dev/null after: %v, %v; want it untouched", after, err)
			}
		})
		t.Run(args[0]+"/dev/fd", func(t *testing.T) {
			if _, err := os.Stat("/dev/fd/0"); err != nil {
				t.Skip("no /dev/fd")
			}
			c := setup(t)
			r, w, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			got := make(chan []byte)
			go func() { b, _ := io.ReadAll(r); got <- b }()
			_, errs, code := c.run(append(args, fmt.Sprintf("/dev/fd/%d", w.Fd()))...)
			w.Close()
			b := <-got
			if code != 0 || len(b) < 100 {
				t.Errorf("exit %d, %d bytes through /dev/fd; stderr %q", code, len(b), strings.TrimSpace(errs))
			}
		})
	}
}
