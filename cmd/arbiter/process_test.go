package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// buildArbiter compiles the arbiter command and returns the program's
// path, for tests that run arbiter as separate processes. It is built
// once per run of the tests, into a folder that TestMain removes: the
// program is the same for every test, and each link takes seconds. It
// skips the test where no go command is found.
func buildArbiter(t *testing.T) string {
	t.Helper()
	builtArbiter.once.Do(func() {
		goBin, err := exec.LookPath("go")
		if err != nil {
			builtArbiter.skip = fmt.Sprintf("no go command to build arbiter with: %v", err)
			return
		}
		dir, err := os.MkdirTemp("", "arbiter-test-")
		if err != nil {
			builtArbiter.err = err.Error()
			return
		}
		builtArbiter.dir = dir
		exe := filepath.Join(dir, "arbiter")
		if runtime.GOOS == "windows" {
			exe += ".exe"
		}
		if out, err := exec.Command(goBin, "build", "-o", exe, ".").CombinedOutput(); err != nil {
			builtArbiter.err = fmt.Sprintf("go build: %v\n%s", err, out)
			return
		}
		builtArbiter.exe = exe
	})
	switch {
	case builtArbiter.skip != "":
		t.Skip(builtArbiter.skip)
	case builtArbiter.err != "":
		t.Fatal(builtArbiter.err)
	}
	return builtArbiter.exe
}

// builtArbiter is the arbiter program that buildArbiter made, shared by the
// tests of one run.
var builtArbiter struct {
	once      sync.Once
	dir, exe  string
	skip, err string
}

// TestMain runs the tests and removes the program buildArbiter built.
//
// Unless -parallel is given, it runs up to four parallel tests per
// processor rather than Go's one: the tests of this package spend most of
// their time waiting for the disk (each command commits, and SQLite syncs
// the file), for arbiter processes and for the browser, not computing. A
// command of 30 ms of processor time takes 100-130 ms of wall time here.
func TestMain(m *testing.M) {
	flag.Parse()
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "test.parallel" })
	if !given {
		flag.Set("test.parallel", strconv.Itoa(4*runtime.GOMAXPROCS(0)))
	}
	code := m.Run()
	if sharedBrowser.stop != nil {
		sharedBrowser.stop()
	}
	if sharedDemo.dir != "" {
		os.RemoveAll(sharedDemo.dir)
	}
	sharedDatabases.Range(func(_, v any) bool {
		if s := v.(*sharedDB); s.dir != "" {
			os.RemoveAll(s.dir)
		}
		return true
	})
	if builtArbiter.dir != "" {
		os.RemoveAll(builtArbiter.dir)
	}
	os.Exit(code)
}

// proc is one arbiter process run by a test.
type proc struct {
	args           []string
	stdout, stderr string
	code           int // exit code; -1 when killed
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
