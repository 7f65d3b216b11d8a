// Command arbiter runs a Swiss-system chess tournament from one SQLite file:
// registration, Dutch pairings, results, FIDE tie-breaks, game checking and
// reports. Run "arbiter help" for the commands.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"

	"github.com/labyrinth-chess/arbiter/locale"
)

func main() {
	tuneGC(os.Getenv)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := lastResort(os.Stderr, func() int {
		return run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr, os.Getenv)
	})
	stop()
	os.Exit(code)
}

// lastResort runs f and returns its exit code; a panic, which is a bug in
// arbiter and never an answer to the user's input, becomes one line on
// stderr and exitInternal instead of a Go trace. A write under way when it
// happens is rolled back by SQLite. Only main uses it: the tests call run,
// so that a panic still fails them.
func lastResort(stderr io.Writer, f func() int) (code int) {
	defer func() {
		if v := recover(); v != nil {
			msg := strings.Join(strings.Fields(fmt.Sprint(v)), " ")
			l := locale.New(locale.FromEnv(os.Getenv))
			fmt.Fprintln(stderr, l.T("cli.root.error", "Msg", l.T("cli.root.internal", "Msg", msg)))
			code = exitInternal
		}
	}()
	return f()
}

// tuneGC sets the garbage collector for a command that lives a fraction
// of a second: a heap may grow to five times what is live before it is
// collected (GOGC 400, not Go's 100), up to a soft limit of 1 GiB beyond
// which it is collected as often as it takes. Reading a file of games
// spends a sixth less CPU so, for a few megabytes more. GOGC and
// GOMEMLIMIT in the environment are obeyed instead.
func tuneGC(getenv func(string) string) {
	if getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	if getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(1 << 30)
	}
}
