package main

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/spf13/cobra"
)

type roundResultsOptions struct {
	list    string
	from    string
	round   int
	correct bool
}

func newRoundResultsCmd(a *app) *cobra.Command {
	opts := &roundResultsOptions{}
	cmd := &cobra.Command{
		Use:   `results "BOARD RESULT, ..." | --from FILE`,
		Short: "Enter the results of several boards at once",
		Long: `Enter the results of several boards of the last round paired (or of --round
N) in one step, as read from the score slips: "1 1-0, 2 1/2, 3 0-1", or one
board and result per line of a file with --from (- for standard input;
blank lines and lines starting with # are skipped). Results are those of
arbiter round result, each checked the same way against the game attached
to its board (FIDE Laws art. 6.9, 5.1.2). If any board is refused, none is
entered. Each result entered is confirmed with the players' names.

In a Double-Swiss tournament (FIDE C.04.5) each board's result is a match,
as arbiter round result takes it: "1 1.5-0.5, 2 1-0 1/2-1/2, 3 --", the two
games separated by a space.`,
		Example: `  $ arbiter round results "1 1-0, 2 1/2, 3 0-1"
  $ arbiter round results --from slips.txt
  $ arbiter round results "4 0-1" --round 2 --correct`,
		Args:              cobra.MaximumNArgs(1),
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				opts.list = args[0]
			}
			return runRoundResults(cmd.Context(), a, opts)
		},
	}
	a.roundFlag(cmd, &opts.round, "enter the results in round `N` (default: the last round paired)")
	cmd.Flags().StringVar(&opts.from, "from", "", "read the boards and results from `FILE`, one per line (- for standard input)")
	cmd.Flags().BoolVar(&opts.correct, "correct", false, "replace results already entered")
	return cmd
}

// slipResult is one board and result read from a list.
type slipResult struct {
	where  string // "item 2" or "slips.txt line 4"
	board  int
	result arbiter.Result
}

// parseSlips reads "1 1-0, 2 1/2" (sep ',') or one pair per line (sep
// '\n'); where names each item in errors, which l words.
func parseSlips(l *locale.Localizer, text string, sep rune, where func(i int) string) ([]slipResult, error) {
	var out []slipResult
	for i, item := range strings.Split(text, string(sep)) {
		item = strings.TrimSpace(item)
		if item == "" && sep == '\n' || strings.HasPrefix(item, "#") {
			continue
		}
		f := strings.Fields(item)
		if len(f) != 2 {
			return nil, errors.New(l.T("cli.round_results.pair", "Where", where(i+1), "Item", excerpt(item)))
		}
		b, err := strconv.Atoi(f[0])
		if err != nil || b < 1 {
			return nil, errors.New(l.T("cli.round_results.board", "Where", where(i+1), "Item", excerpt(item), "Board", excerpt(f[0])))
		}
		r, err := arbiter.ParseResult(f[1])
		if err != nil {
			return nil, errors.New(l.T("cli.round_results.result", "Where", where(i+1), "Item", excerpt(item), "Result", excerpt(f[1]), "Codes", arbiter.ResultCodes))
		}
		if r == arbiter.NoResult {
			return nil, errors.New(l.T("cli.round_results.noresult", "Where", where(i+1), "Item", excerpt(item), "Codes", arbiter.ResultCodes))
		}
		out = append(out, slipResult{where(i + 1), b, r})
	}
	return out, nil
}

func runRoundResults(ctx context.Context, a *app, opts *roundResultsOptions) error {
	l := a.tr()
	if (opts.list == "") == (opts.from == "") {
		return usageErrorf("%s", l.T("cli.round_results.either"))
	}
	return a.withDesk(ctx, desk.ReadWrite, func(d *desk.Desk) error { return enterResults(ctx, a, d, opts) })
}

// enterResults is round results on the open database d.
func enterResults(ctx context.Context, a *app, d *desk.Desk, opts *roundResultsOptions) error {
	l := a.tr()
	// The boards of a Double-Swiss tournament are matches of two games.
	ds, err := d.IsDoubleSwiss(ctx, a.tournamentRef())
	if err != nil {
		return a.tournamentError(err)
	}
	if ds {
		return enterMatches(ctx, a, d, opts)
	}
	var slips []slipResult
	if opts.from != "" {
		data, rerr := a.readInput(opts.from, listLimit)
		if rerr != nil {
			return rerr
		}
		slips, err = parseSlips(l, string(data), '\n', func(i int) string { return l.T("cli.round_results.line", "File", opts.from, "Line", i) })
	} else {
		slips, err = parseSlips(l, opts.list, ',', func(i int) string { return l.T("cli.round_results.item", "Item", i) })
	}
	if err != nil {
		return err
	}
	if len(slips) == 0 {
		return errors.New(l.T("cli.round_results.none"))
	}
	reqs := make([]desk.ResultRequest, len(slips))
	for i, s := range slips {
		reqs[i] = desk.ResultRequest{Tournament: a.tournamentRef(), Round: opts.round, Board: s.board, Result: s.result, Correct: opts.correct}
	}
	outs, err := d.EnterResults(ctx, reqs)
	if err != nil {
		switch {
		case errors.Is(err, desk.ErrResultEntered):
			return hint(err, "%s", l.T("cli.results.correct"))
		case errors.Is(err, desk.ErrRefused):
			return hint(err, "%s", l.T("cli.round_results.refused"))
		case errors.Is(err, desk.ErrNotFound), errors.Is(err, desk.ErrInvalid), errors.Is(err, desk.ErrConflict):
			return hint(a.tournamentError(err), "%s", l.T("cli.results.nothing"))
		}
		return err
	}
	for _, o := range outs {
		for _, n := range o.Notes {
			a.note(l.T("cli.round_results.note", "Board", o.Board, "Note", n))
		}
		a.note(confirmation(l, o.ResultChange))
	}
	return nil
}

// confirmation words a result entered with the players' names, from the
// catalog: "Entered round 3 board 8: Galli, Renée – De Luca, Paolo 0-1."
func confirmation(l *locale.Localizer, c desk.ResultChange) string {
	line := l.T("cli.result.line", "Round", c.Round, "Board", c.Board, "White", c.WhiteName, "Black", c.BlackName)
	switch {
	case c.Unchanged:
		return l.T("cli.result.same", "Line", line, "Result", withReasonText(l, c.Old, c.OldReason))
	case c.Old != arbiter.NoResult && c.Old != c.New:
		return l.T("cli.result.corrected", "Line", line, "Result", withReasonText(l, c.New, c.NewReason), "Old", withReasonText(l, c.Old, c.OldReason))
	}
	return l.T("cli.result.entered", "Line", line, "Result", withReasonText(l, c.New, c.NewReason))
}
