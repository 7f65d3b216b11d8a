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
It exits 1 if the file is damaged; then put your last backup in its place.
arbiter backup runs the same check on every copy it makes.`,
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
			"Path", db.Path(), "More", more, "First", strings.TrimSuffix(broken[0], "."))}
	})
}
