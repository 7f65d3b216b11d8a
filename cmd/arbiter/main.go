// Command arbiter runs a Swiss-system chess tournament from one SQLite file:
// registration, Dutch pairings, results, FIDE tie-breaks, game checking and
// reports. Run "arbiter help" for the commands.
package main

import (
	"context"
	"os"
	"os/signal"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr, os.Getenv)
	stop()
	os.Exit(code)
}
