package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

// buildArbiter compiles the arbiter command into a temporary folder and
// returns the program's path, for tests that run arbiter as separate
// processes. It skips the test where no go command is found.
func buildArbiter(t *testing.T) string {
	t.Helper()
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("no go command to build arbiter with: %v", err)
	}
	exe := filepath.Join(t.TempDir(), "arbiter")
	if runtime.GOOS == "windows" {
		exe += ".exe"
	}
	out, err := exec.Command(goBin, "build", "-o", exe, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return exe
}

// proc is one arbiter process run by a test.
type proc struct {
	args           []string
	stdout, stderr string
	code           int  // exit code; -1 when killed
	killed         bool // ended by SIGKILL
	elapsed        time.Duration
}

// startArbiter starts exe with args on the database db.
func startArbiter(ctx context.Context, exe, db string, args ...string) (*exec.Cmd, *bytes.Buffer, *bytes.Buffer) {
	cmd := exec.CommandContext(ctx, exe, args...)
	cmd.Env = append(os.Environ(), "ARBITER_DB="+db, "ARBITER_USER=reliability-test")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	return cmd, &out, &errb
}

// runArbiter runs exe with args on db to the end.
func runArbiter(ctx context.Context, exe, db string, args ...string) proc {
	cmd, out, errb := startArbiter(ctx, exe, db, args...)
	start := time.Now()
	err := cmd.Run()
	p := proc{args: args, stdout: out.String(), stderr: errb.String(), elapsed: time.Since(start)}
	p.code = cmd.ProcessState.ExitCode()
	if err != nil && p.code == 0 {
		p.code = -1
	}
	return p
}

// commandLine writes args as a shell would take them.
func commandLine(args []string) string {
	var b strings.Builder
	b.WriteString("arbiter")
	for _, a := range args {
		b.WriteByte(' ')
		if a == "" || strings.ContainsAny(a, " ,;\"'#$\\") {
			b.WriteString(strconv.Quote(a))
		} else {
			b.WriteString(a)
		}
	}
	return b.String()
}

// looksLikeCrash reports whether stderr shows a panic or a runtime
// error rather than a message for the user.
func looksLikeCrash(stderr string) bool {
	return strings.Contains(stderr, "panic:") || strings.Contains(stderr, "goroutine ") || strings.Contains(stderr, "runtime error")
}
