package main

import (
	"context"
	"fmt"
	"text/tabwriter"

	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/spf13/cobra"
)

type logOptions struct {
	all  bool
	json bool
}

func newLogCmd(a *app) *cobra.Command {
	opts := &logOptions{}
	cmd := &cobra.Command{
		Use:   "log",
		Short: "Show every change made to the current tournament",
		Long: `Show the log of the current tournament, oldest first: who changed what and
when (registrations, withdrawals, byes, pairings, results), with the old and
the new value of every correction. The log cannot be edited. --all shows the
log of the whole database.`,
		Example: `  $ arbiter log
  $ arbiter log --all --json`,
		Args:              cobra.NoArgs,
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runLog(cmd.Context(), a, opts)
		},
	}
	cmd.Flags().BoolVar(&opts.all, "all", false, "show the log of every tournament")
	cmd.Flags().BoolVar(&opts.json, "json", false, "print the log as JSON")
	return cmd
}

// eventJSON is one logged change in JSON (desk.EventView).
type eventJSON = desk.EventView

func runLog(ctx context.Context, a *app, opts *logOptions) error {
	return a.withDesk(ctx, desk.ReadOnly, func(db *desk.Desk) error {
		var tid int64
		if !opts.all {
			t, err := a.resolveTournament(ctx, db)
			if err != nil {
				return err
			}
			tid = t.ID
		}
		evs, err := db.Events(ctx, tid)
		if err != nil {
			return err
		}
		if opts.json {
			out := make([]eventJSON, 0, len(evs))
			for _, e := range evs {
				out = append(out, desk.EventViewOf(e))
			}
			return writeJSON(a.stdout, out)
		}
		tw := tabwriter.NewWriter(a.stdout, 0, 0, 2, ' ', 0)
		l := a.tr()
		for _, e := range evs {
			action, subject, change := desk.EventWords(l, e)
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", e.At.Local().Format("2006-01-02 15:04:05"), e.Who, action, subject, change)
		}
		return tw.Flush()
	})
}
