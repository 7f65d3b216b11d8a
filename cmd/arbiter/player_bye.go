package main

import (
	"context"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/spf13/cobra"
)

type playerByeOptions struct {
	ref    string
	round  int
	zero   bool
	full   bool
	cancel bool
}

func newPlayerByeCmd(a *app) *cobra.Command {
	opts := &playerByeOptions{}
	cmd := &cobra.Command{
		Use:   "bye <player>",
		Short: "Record a bye a player asks for in a coming round",
		Long: `Record that a player will not be paired in a coming round (the next round to
pair unless --round says which). By default it is a half-point bye, worth the
tournament's requested-bye value (0.5 unless set otherwise). --zero records a
known absence worth nothing (C.04.2 art. 3.3), --full a full-point bye.
--cancel removes the request. A round already paired cannot change: a player
missing a paired game loses it by forfeit.`,
		Example: `  $ arbiter player bye 7 --round 3
  $ arbiter player bye "Rossi, Mario" --round 5 --zero
  $ arbiter player bye 7 --round 3 --cancel`,
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: a.completePlayerArg,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.ref = args[0]
			return runPlayerBye(cmd.Context(), a, opts)
		},
	}
	cmd.Flags().IntVar(&opts.round, "round", 0, "the bye is for round `N` (default: the next round to pair)")
	cmd.Flags().BoolVar(&opts.zero, "zero", false, "a zero-point bye: the player is known to be absent")
	cmd.Flags().BoolVar(&opts.full, "full", false, "a full-point bye")
	cmd.Flags().BoolVar(&opts.cancel, "cancel", false, "cancel the bye asked for")
	cmd.MarkFlagsMutuallyExclusive("zero", "full", "cancel")
	cmd.RegisterFlagCompletionFunc("round", cobra.NoFileCompletions)
	return cmd
}

func runPlayerBye(ctx context.Context, a *app, opts *playerByeOptions) error {
	if opts.round < 0 {
		return usageErrorf("%s", a.tr().T("err.round", "Round", opts.round, "Example", 3))
	}
	kind := arbiter.HalfBye
	switch {
	case opts.zero:
		kind = arbiter.ZeroBye
	case opts.full:
		kind = arbiter.FullBye
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
		n := opts.round
		if n == 0 {
			n = s.Next()
		}
		if opts.cancel {
			if err := db.CancelBye(ctx, s.Tournament.ID, e.Player.ID, n); err != nil {
				return err
			}
			a.note(a.tr().T("cli.bye.cancelled", "Player", entryLabel(e), "Round", n))
			return nil
		}
		if err := db.RequestBye(ctx, s.Tournament.ID, e.Player.ID, n, kind); err != nil {
			return hint(err, "%s", a.tr().T("err.hint.roundshowplain"))
		}
		a.note(a.tr().T("cli.bye.set", "Player", entryLabel(e), "Round", n, "Bye", byeWords(a.tr(), kind), "Points", s.Tournament.ByeValue(kind)))
		return nil
	})
}
