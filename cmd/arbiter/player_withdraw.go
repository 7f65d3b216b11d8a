package main

import (
	"context"
	"errors"

	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/phrase"
	"github.com/spf13/cobra"
)

type playerWithdrawOptions struct {
	ref  string
	from int
}

func newPlayerWithdrawCmd(a *app) *cobra.Command {
	opts := &playerWithdrawOptions{}
	cmd := &cobra.Command{
		Use:   "withdraw <player>",
		Short: "Record that a player leaves the tournament",
		Long: `Record that a player leaves the tournament: from the next round to pair, or
from --from-round N. Rounds already paired stay as they are; a game the
player does not play is entered as a forfeit (round result BOARD +- or -+).
Withdrawn players are not paired (C.04.2 art. 3.2). Before round 1 is
paired the player simply leaves the list (the roster keeps the player).`,
		Example: `  $ arbiter player withdraw 7
  $ arbiter player withdraw "Rossi, Mario" --from-round 5`,
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: a.completePlayerArg,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.ref = args[0]
			return runPlayerWithdraw(cmd.Context(), a, opts)
		},
	}
	cmd.Flags().IntVar(&opts.from, "from-round", 0, "the player no longer plays from round `N` on (default: the next round to pair)")
	return cmd
}

func runPlayerWithdraw(ctx context.Context, a *app, opts *playerWithdrawOptions) error {
	if opts.from < 0 {
		return usageErrorf("%s", a.tr().T("cli.player_return.from", "Round", opts.from))
	}
	return a.withDesk(ctx, desk.ReadWrite, func(db *desk.Desk) error {
		s, err := a.snapshot(ctx, db)
		if err != nil {
			return err
		}
		e, err := findEntry(s, opts.ref)
		if err != nil {
			return err
		}
		e, removed, err := db.Withdraw(ctx, s.Tournament.ID, e.Player.ID, opts.from)
		if errors.Is(err, desk.ErrLeavesPaired) {
			return hintPhrase(err, phrase.New("err.hint.withdrawfrom", "Round", len(s.Rounds)+1))
		}
		if err != nil {
			return err
		}
		if removed {
			a.note(a.tr().T("cli.player_withdraw.removed", "Player", entryLabel(e), "Name", s.Tournament.Name))
			return nil
		}
		a.note(a.tr().T("cli.withdrew", "Player", entryLabel(e), "Name", s.Tournament.Name, "Round", e.WithdrawnFrom))
		return nil
	})
}
