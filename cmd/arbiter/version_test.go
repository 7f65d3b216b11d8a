package main

import (
	"bytes"
	"context"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter/locale"
)

func TestVersionText(t *testing.T) {
	t.Parallel()
	commit := []debug.BuildSetting{{Key: "vcs.revision", Value: "0123456789abcdef0123"}, {Key: "vcs.time", Value: "2026-05-12T20:15:00Z"}}
	tests := []struct {
		name string
		lang locale.Lang
		info *debug.BuildInfo
		ok   bool
		want string
	}{
		{"release", locale.English, &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v1.4.0"}}, true,
			"arbiter v1.4.0, built with go1.26.8"},
		{"checkout", locale.English, &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"}, Settings: commit}, true,
			"arbiter development build, commit 0123456789ab of 12 May 2026, built with go1.26.8"},
		{"local changes", locale.English, &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"},
			Settings: append(commit[:2:2], debug.BuildSetting{Key: "vcs.modified", Value: "true"})}, true,
			"arbiter development build, commit 0123456789ab of 12 May 2026 with local changes, built with go1.26.8"},
		{"italian", locale.Italian, &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"}, Settings: commit}, true,
			"arbiter versione di sviluppo, commit 0123456789ab del 12 maggio 2026, compilato con go1.26.8"},
		{"no build information", locale.English, nil, false,
			"arbiter, version unknown: the binary carries no build information"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := versionText(locale.New(tt.lang), tt.info, tt.ok); got != tt.want {
				t.Errorf("versionText = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestVersionFlag runs arbiter --version: one line on standard output,
// exit 0, with global flags around it too, and no database needed.
func TestVersionFlag(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"--version"}, {"--db", "/nonexistent/x.db", "--version"}} {
		var out, errs bytes.Buffer
		code := run(context.Background(), args, strings.NewReader(""), &out, &errs, func(string) string { return "" })
		if code != exitOK || errs.Len() > 0 {
			t.Fatalf("arbiter %v: exit %d, stderr %q", args, code, errs.String())
		}
		if s := out.String(); !strings.HasPrefix(s, "arbiter ") || strings.Count(s, "\n") != 1 {
			t.Errorf("arbiter %v printed %q, want one line starting \"arbiter \"", args, s)
		}
	}
	var out, errs bytes.Buffer
	if code := run(context.Background(), []string{"standings", "--version"}, strings.NewReader(""), &out, &errs, func(string) string { return "" }); code != exitUsage {
		t.Errorf("arbiter standings --version: exit %d, want %d (the flag is the root's)", code, exitUsage)
	}
}
