package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/spf13/cobra"
)

type checkOptions struct {
	verbose bool
}

func newCheckCmd(a *app) *cobra.Command {
	opts := &checkOptions{}
	cmd := &cobra.Command{
		Use:   "check",
		Short: "Check that the database file is sound",
		Long: `Read the whole database and say in one line whether it is sound: SQLite's
own check of the file, and arbiter's check that its record holds together
(the log of every change replays to the rounds and results stored, every
round has each player once, every game its log entry).

The file is only read, so check works on a copy on a write-protected stick.
It exits 1 if the file is damaged. Keep a damaged file as it is: a backup put
in its place lacks every change made after the backup was made. The
message names the last change in the file; open your backup with --db to
check it, list the changes made since with arbiter log --all, and enter
them again on the backup. arbiter backup runs the same check on every copy
it makes, and refuses to keep a copy that does not pass.`,
		Example: `  $ arbiter check
  $ arbiter check --db /media/usb/club.db`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runCheck(cmd.Context(), a, opts)
		},
	}
	cmd.Flags().BoolVarP(&opts.verbose, "verbose", "v", false, "list every problem found, one per line")
	return cmd
}

func runCheck(ctx context.Context, a *app, opts *checkOptions) error {
	return a.withDesk(ctx, desk.ReadOnly, func(db *desk.Desk) error {
		broken, err := db.Verify(ctx)
		if err != nil {
			return err
		}
		if len(broken) == 0 {
			list, err := db.Tournaments(ctx)
			if err != nil {
				return err
			}
			fmt.Fprintln(a.stdout, a.tr().N("cli.check.sound", len(list), "Path", db.Path()))
			return nil
		}
		if opts.verbose {
			for _, b := range broken {
				a.notef("  %s", b)
			}
		}
		more := ""
		if len(broken) > 1 && !opts.verbose {
			more = a.tr().T("cli.check.verbose")
		}
		return &exitError{code: exitFailure, msg: a.tr().N("cli.check.damaged", len(broken),
			"Path", db.Path(), "More", more, "First", strings.TrimSuffix(broken[0], "."), "Last", lastChange(ctx, a, db))}
	})
}

// lastChange names the last change logged in the database, for the
// organizer to compare with the last backup: what putting it in the
// file's place would lose. It is "" when the log cannot be read.
func lastChange(ctx context.Context, a *app, db *desk.Desk) string {
	evs, err := db.Events(ctx, 0)
	if err != nil || len(evs) == 0 {
		return ""
	}
	e := evs[len(evs)-1]
	l := a.tr()
	at := e.At.Local()
	return l.T("cli.check.last", "Event", e.ID, "Date", l.Date(at), "Time", l.Clock(at))
}
