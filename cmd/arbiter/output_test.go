package main

import (
	"bytes"
	"context"
	"errors"
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
