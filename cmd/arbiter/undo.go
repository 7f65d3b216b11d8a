package main

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/spf13/cobra"
)

type undoOptions struct {
	event int64
	yes   bool
}

func newUndoCmd(a *app) *cobra.Command {
	opts := &undoOptions{}
	cmd := &cobra.Command{
		Use:   "undo [EVENT]",
		Short: "Undo the last change to the tournament",
		Long: `Undo the last change made to the current tournament (or to the club roster):
a registration, a withdrawal, a pairing, a result, a game, a setting. Without
--yes it only shows the change, as the log has it; with --yes it puts back
everything the change made, in one step, and the log gains an "undo" line
(it keeps the change itself).

EVENT undoes an earlier change: its id in arbiter log --json. A change that a
later one depends on is refused, naming the later one (the pairing of a
round reads every result before it): undo that first, the latest first.
Creating a tournament cannot be undone.`,
		Example: `  $ arbiter undo
  $ arbiter undo --yes
  $ arbiter undo 42 --yes`,
		Args:              cobra.MaximumNArgs(1),
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				n, err := strconv.ParseInt(strings.TrimSpace(args[0]), 10, 64)
				if err != nil || n < 1 {
					return usageErrorf("%s", a.tr().T("cli.undo.badevent", "Event", strconv.Quote(args[0])))
				}
				opts.event = n
			}
			return runUndo(cmd.Context(), a, opts)
		},
	}
	cmd.Flags().BoolVar(&opts.yes, "yes", false, "undo the change shown, without asking again")
	return cmd
}

func runUndo(ctx context.Context, a *app, opts *undoOptions) error {
	mode := desk.ReadOnly
	if opts.yes {
		mode = desk.ReadWrite
	}
	return a.withDesk(ctx, mode, func(d *desk.Desk) error {
		plan, err := d.Undo(ctx, a.tournamentRef(), opts.event, opts.yes)
		switch {
		case errors.Is(err, desk.ErrDependent):
			return err
		case err != nil:
			return a.tournamentError(err)
		}
		verb := a.tr().T("cli.undo.would")
		if opts.yes {
			verb = a.tr().T("cli.undo.done")
		}
		w := a.stdout
		fmt.Fprintf(w, "%s:\n", verb)
		for _, e := range plan.Events {
			action, subject, change := desk.EventWords(a.tr(), e)
			fmt.Fprintf(w, "  %d  %s  %s  %s\n", e.ID, action, subject, change)
		}
		if !opts.yes {
			again := "arbiter undo --yes"
			if opts.event != 0 {
				again = fmt.Sprintf("arbiter undo %d --yes", opts.event)
			}
			a.note(a.tr().T("cli.undo.confirm", "Command", again))
		}
		return nil
	})
}
