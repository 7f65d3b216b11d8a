package main

import (
	"context"
	"fmt"
	"text/tabwriter"

	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/spf13/cobra"
)

type tournamentListOptions struct {
	json bool
}

func newTournamentListCmd(a *app) *cobra.Command {
	opts := &tournamentListOptions{}
	cmd := &cobra.Command{
		Use:               "list",
		Short:             "List the tournaments in the database",
		Long:              "List the tournaments, newest first; the current one is marked with *.",
		Example:           "  $ arbiter tournament list",
		Args:              cobra.NoArgs,
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runTournamentList(cmd.Context(), a, opts)
		},
	}
	cmd.Flags().BoolVar(&opts.json, "json", false, "print the list as JSON")
	return cmd
}

func runTournamentList(ctx context.Context, a *app, opts *tournamentListOptions) error {
	return a.withDesk(ctx, desk.ReadOnly, func(db *desk.Desk) error {
		list, err := db.Tournaments(ctx)
		if err != nil {
			return err
		}
		if opts.json {
			out := make([]tournamentJSON, 0, len(list))
			for _, t := range list {
				out = append(out, toTournamentJSON(t))
			}
			return writeJSON(a.stdout, out)
		}
		if len(list) == 0 {
			a.note(a.tr().T("cli.tlist.none"))
			return nil
		}
		tw := tabwriter.NewWriter(a.stdout, 0, 0, 2, ' ', 0)
		l := a.tr()
		fmt.Fprintf(tw, "\t%s\t%s\t%s\t%s\t%s\n", l.T("cli.col.id"), l.T("col.name"), l.T("cli.col.date"), l.T("cli.col.players"), l.T("cli.col.rounds"))
		for _, t := range list {
			mark := ""
			if t.Current {
				mark = "*"
			}
			fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t%d\t%d/%d\n", mark, t.ID, t.Name, t.Date, t.Players, t.Paired, t.Rounds)
		}
		return tw.Flush()
	})
}
