package main

import (
	"context"
	"strconv"

	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/spf13/cobra"
)

type tournamentUseOptions struct {
	ref string
}

func newTournamentUseCmd(a *app) *cobra.Command {
	opts := &tournamentUseOptions{}
	cmd := &cobra.Command{
		Use:   "use <id|name>",
		Short: "Make a tournament the current one",
		Example: `  $ arbiter tournament use "Labyrinth 12 May"
  $ arbiter tournament use 2`,
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: a.completeTournaments,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.ref = args[0]
			return runTournamentUse(cmd.Context(), a, opts)
		},
	}
	return cmd
}

func runTournamentUse(ctx context.Context, a *app, opts *tournamentUseOptions) error {
	return a.withDesk(ctx, desk.ReadWrite, func(db *desk.Desk) error {
		t, err := db.FindTournament(ctx, opts.ref)
		if err != nil {
			return hint(err, "%s", a.tr().T("err.hint.tournamentlist"))
		}
		if err := db.UseTournament(ctx, t.ID); err != nil {
			return err
		}
		a.note(a.tr().T("cli.tuse.using", "ID", t.ID, "Name", strconv.Quote(t.Name)))
		return nil
	})
}
