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
	"strings"
)

func main() {
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
			fmt.Fprintf(stderr, "arbiter: internal error: %s; please report it with the command you typed\n", msg)
			code = exitInternal
		}
	}()
	return f()
}
