package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/spf13/cobra"
)

type roundEditOptions struct {
	force bool
	json  bool
}

func newRoundSwapCmd(a *app) *cobra.Command {
	opts := &roundEditOptions{}
	cmd := &cobra.Command{
		Use:   "swap <player> <player>",
		Short: "Exchange two players of the last round paired",
		Long: `Exchange the places of two players in the last round paired, before any
result or game is in: each takes the other's board and colour (or bye). A
player who has no place in the round (one who asked for a bye) takes the
other's place. The round is checked as a pairing typed with round pair
--manual: a basic rule of the Swiss system broken (C.04.1) is refused with
its warnings, --force keeps it. The board list is shown again.`,
		Example: `  $ arbiter round swap 7 12
  $ arbiter round swap Rossi Verdi --force`,
		Args:              cobra.ExactArgs(2),
		ValidArgsFunction: a.completePlayerArg,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runRoundEdit(cmd.Context(), a, opts, func(s *desk.Snapshot, r *desk.EditRequest) error {
				for i, ref := range args {
					e, err := findEntry(s, ref)
					if err != nil {
						return err
					}
					r.Swap[i] = e.PN
				}
				return nil
			})
		},
	}
	cmd.Flags().BoolVar(&opts.force, "force", false, "keep the round although it breaks a basic rule (C.04.1)")
	cmd.Flags().BoolVar(&opts.json, "json", false, "print the round as JSON")
	return cmd
}

func newRoundEditCmd(a *app) *cobra.Command {
	opts := &roundEditOptions{}
	cmd := &cobra.Command{
		Use:   "edit <board> <white> <black>",
		Short: "Change one board of the last round paired",
		Long: `Put two players on a board of the last round paired, White first, before
any result or game is in: the players who sat there take the places the
two leave. The round is checked as a pairing typed with round pair
--manual: a basic rule of the Swiss system broken (C.04.1) is refused with
its warnings, --force keeps it. The board list is shown again.`,
		Example:           `  $ arbiter round edit 3 12 7`,
		Args:              cobra.ExactArgs(3),
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, args []string) error {
			b, err := parseBoard(a.tr(), args[0])
			if err != nil {
				return err
			}
			return runRoundEdit(cmd.Context(), a, opts, func(s *desk.Snapshot, r *desk.EditRequest) error {
				r.Board = b
				w, err := findEntry(s, args[1])
				if err != nil {
					return err
				}
				bl, err := findEntry(s, args[2])
				if err != nil {
					return err
				}
				r.White, r.Black = w.PN, bl.PN
				return nil
			})
		},
	}
	cmd.Flags().BoolVar(&opts.force, "force", false, "keep the round although it breaks a basic rule (C.04.1)")
	cmd.Flags().BoolVar(&opts.json, "json", false, "print the round as JSON")
	return cmd
}

func runRoundEdit(ctx context.Context, a *app, opts *roundEditOptions, fill func(*desk.Snapshot, *desk.EditRequest) error) error {
	return a.withDesk(ctx, desk.ReadWrite, func(d *desk.Desk) error {
		s, err := a.snapshot(ctx, d)
		if err != nil {
			return err
		}
		req := desk.EditRequest{Tournament: a.tournamentRef(), Force: opts.force}
		if err := fill(s, &req); err != nil {
			return err
		}
		out, err := d.EditRound(ctx, req)
		if !opts.force {
			for _, w := range out.Warnings {
				fmt.Fprintln(a.stderr, a.tr().T("cli.round_edit.warning", "Warning", a.tr().Word(w.Phrase())))
			}
		}
		var de *desk.Error
		switch {
		case errors.Is(err, desk.ErrWarnings) && errors.As(err, &de):
			return errors.New(a.tr().N("cli.round_edit.refused.warnings", len(out.Warnings), "Round", out.Round.Number))
		case errors.Is(err, desk.ErrHasResults):
			return hint(err, "%s", a.tr().T("cli.round_edit.hasresults"))
		case err != nil:
			return a.pairingError(err, s, out.Warnings)
		}
		keptNotes(a, out.Pairing.Forced, out.Warnings)
		a.note(a.tr().T("cli.round.changed", "Round", out.Round.Number, "Name", out.Snapshot.Tournament.Name, "Summary", roundSummary(a.tr(), out.Round)))
		if opts.json {
			return writeJSON(a.stdout, toRoundJSON(out.Detail))
		}
		return printRound(a.stdout, a.tr(), out.Snapshot, out.Detail, false)
	})
}
