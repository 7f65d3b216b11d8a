// Command arbiter-load puts an evening's load on arbiter serve, on this
// machine only: it makes a tournament on a new database in a temporary
// folder, starts arbiter serve on it in a process of its own, listening on
// 127.0.0.1, and plays the busiest minute of an evening against it. N
// phones, each from an address of its own in 127.0.0.0/8, open a page
// (half the boards, the others the standings, the crosstable, a player,
// the search), hold its event stream and fetch the page again whenever
// the stream says it changed, as the pages' script does; then the two
// players of each board report and confirm their result from their own
// phones, through the board's page and its forms.
//
// It prints the page latency (p50, p99, max) the phones saw, in all and
// for the fetches a change caused; the propagation from a board's
// confirmation to the change event that made each phone on the boards
// page fetch it, and to the result on that phone; the server's CPU time
// and peak resident memory; the load average of the machine before and
// after; and any result lost (not entered, or never shown on a phone) or
// entered twice, in which case it exits with status 1.
//
// Usage:
//
//	go build -o /tmp/arbiter-bin/ ./cmd/arbiter ./cmd/arbiter-load
//	/tmp/arbiter-bin/arbiter-load -phones 200
//	/tmp/arbiter-bin/arbiter-load -phones 1000
//
// The run is bounded: at most 5,000 phones and 200 boards, and it stops
// by itself, after -timeout at the latest, stopping the server it
// started.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := start(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// start parses the flags and runs the load; it returns the exit status.
func start(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("arbiter-load", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o options
	fs.IntVar(&o.phones, "phones", 200, "phones holding the event stream (at most 5000)")
	fs.IntVar(&o.boards, "boards", 15, "boards reporting and confirming (at most 200)")
	fs.StringVar(&o.arbiter, "arbiter", "", "the arbiter binary to serve with (default: beside this one, else on $PATH)")
	fs.DurationVar(&o.spread, "spread", 0, "the boards report within this time (0: all at once)")
	fs.DurationVar(&o.ramp, "ramp", 0, "the phones come in within this time (default: 2 ms a phone)")
	fs.DurationVar(&o.settle, "settle", 0, "how long the phones may take to show the last result (default 10s)")
	fs.DurationVar(&o.timeout, "timeout", 0, "the whole run stops after this time (default 5m)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "arbiter-load: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	if err := o.check(); err != nil {
		fmt.Fprintf(stderr, "arbiter-load: %v\n", err)
		return 2
	}
	r, err := loadServer(ctx, o, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "arbiter-load: %v\n", err)
		return 1
	}
	r.print(stdout)
	if !r.ok() {
		return 1
	}
	return 0
}
