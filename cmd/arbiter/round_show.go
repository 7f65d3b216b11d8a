package main

import (
	"context"
	"errors"

	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/spf13/cobra"
)

type roundShowOptions struct {
	round   string
	explain bool
	json    bool
}

func newRoundShowCmd(a *app) *cobra.Command {
	opts := &roundShowOptions{}
	cmd := &cobra.Command{
		Use:   "show [<round>]",
		Short: "Show the boards, byes and results of a round",
		Long: `Show a round (the last one paired unless a number is given): each board with
the players' scores before the round and the result, then the byes with the
points they are worth.`,
		Example: `  $ arbiter round show
  $ arbiter round show 3 --json`,
		Args:              cobra.MaximumNArgs(1),
		ValidArgsFunction: a.completeRounds,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				opts.round = args[0]
			}
			return runRoundShow(cmd.Context(), a, opts)
		},
	}
	cmd.Flags().BoolVar(&opts.explain, "explain", false, "show why each board was paired so")
	cmd.Flags().BoolVar(&opts.json, "json", false, "print the round as JSON")
	return cmd
}

func runRoundShow(ctx context.Context, a *app, opts *roundShowOptions) error {
	return a.withDesk(ctx, desk.ReadOnly, func(db *desk.Desk) error {
		s, err := a.snapshot(ctx, db)
		if err != nil {
			return err
		}
		n, err := pickRound(a.tr(), s, opts.round)
		if err != nil {
			return err
		}
		d, err := db.RoundDetail(ctx, s.Tournament.ID, n)
		if err != nil {
			return err
		}
		if opts.json {
			return writeJSON(a.stdout, toRoundJSON(d))
		}
		return printRound(a.stdout, a.tr(), s, d, opts.explain)
	})
}

// pickRound reads a round number given as text ("" for the last paired
// round) and checks that it is paired; l words the refusals.
func pickRound(l *locale.Localizer, s *desk.Snapshot, text string) (int, error) {
	if len(s.Rounds) == 0 {
		return 0, errors.New(l.T("cli.game_submit.nopaired", "Name", s.Tournament.Name))
	}
	if text == "" {
		return len(s.Rounds), nil
	}
	n, err := parseRound(l, text)
	if err != nil {
		return 0, err
	}
	if n > len(s.Rounds) {
		return 0, errors.New(l.T("cli.game_submit.notyet", "Round", n, "Last", len(s.Rounds)))
	}
	return n, nil
}
