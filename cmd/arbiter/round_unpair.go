package main

import (
	"context"
	"errors"

	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/spf13/cobra"
)

type roundUnpairOptions struct{}

func newRoundUnpairCmd(a *app) *cobra.Command {
	opts := &roundUnpairOptions{}
	cmd := &cobra.Command{
		Use:   "unpair",
		Short: "Delete the pairing of the last round",
		Long: `Delete the pairing of the last round, so that it can be paired again. Only a
round without results can be unpaired; byes players asked for stay recorded.
The deleted pairing is kept in the log.`,
		Example:           "  $ arbiter round unpair",
		Args:              cobra.NoArgs,
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runRoundUnpair(cmd.Context(), a, opts)
		},
	}
	return cmd
}

func runRoundUnpair(ctx context.Context, a *app, _ *roundUnpairOptions) error {
	return a.withDesk(ctx, desk.ReadWrite, func(db *desk.Desk) error {
		t, err := a.resolveTournament(ctx, db)
		if err != nil {
			return err
		}
		n, err := db.Unpair(ctx, t.ID)
		if errors.Is(err, desk.ErrHasResults) {
			return hint(err, "%s", a.tr().T("err.hint.unpaircorrect"))
		}
		if err != nil {
			return err
		}
		a.note(a.tr().T("cli.unpaired", "Round", n, "Name", t.Name))
		return nil
	})
}
