package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestLastResort(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		f        func() int
		wantCode int
		wantErr  string
	}{
		{"no panic", func() int { return exitFailure }, exitFailure, ""},
		{"panic", func() int { panic("index out of range [3] with length 3") }, exitInternal,
			"arbiter: internal error: index out of range [3] with length 3; please report it with the command you typed\n"},
		{"panic over lines", func() int { panic("first\nsecond\tthird") }, exitInternal,
			"arbiter: internal error: first second third; please report it with the command you typed\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stderr bytes.Buffer
			if got := lastResort(&stderr, tt.f); got != tt.wantCode {
				t.Errorf("lastResort() = %d, want %d", got, tt.wantCode)
			}
			if got := stderr.String(); got != tt.wantErr {
				t.Errorf("stderr = %q, want %q", got, tt.wantErr)
			}
		})
	}
}

// TestExitCodesDocumented checks that help exit-codes lists the code of an
// internal error.
func TestExitCodesDocumented(t *testing.T) {
	t.Parallel()
	var out, errb bytes.Buffer
	if code := run(t.Context(), []string{"help", "exit-codes"}, strings.NewReader(""), &out, &errb, func(string) string { return "" }); code != exitOK {
		t.Fatalf("help exit-codes: exit %d, stderr %s", code, errb.String())
	}
	if !strings.Contains(out.String(), "  3    internal error") {
		t.Errorf("help exit-codes does not list exit 3:\n%s", out.String())
	}
}
