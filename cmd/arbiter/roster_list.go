package main

import (
	"context"

	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/spf13/cobra"
)

type rosterListOptions struct {
	json bool
}

func newRosterListCmd(a *app) *cobra.Command {
	opts := &rosterListOptions{}
	cmd := &cobra.Command{
		Use:   "list",
		Short: "List the club roster",
		Long: `List the players of the club roster in name order, with the roster IDs that
player add id:N takes.`,
		Example: `  $ arbiter roster list
  $ arbiter roster list --json`,
		Args:              cobra.NoArgs,
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runRosterList(cmd.Context(), a, opts)
		},
	}
	cmd.Flags().BoolVar(&opts.json, "json", false, "print the roster as JSON")
	return cmd
}

func runRosterList(ctx context.Context, a *app, opts *rosterListOptions) error {
	return a.withDesk(ctx, desk.ReadOnly, func(db *desk.Desk) error {
		if !opts.json {
			ps, err := db.Roster(ctx)
			if err != nil {
				return err
			}
			if len(ps) == 0 {
				a.note(a.tr().T("cli.roster_list.empty"))
				return nil
			}
		}
		return listRoster(ctx, a, db, opts.json)
	})
}
