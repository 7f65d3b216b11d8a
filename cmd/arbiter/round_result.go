package main

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/store"
	"github.com/spf13/cobra"
)

type roundResultOptions struct {
	board   string
	result  string
	round   int
	correct bool
	reason  string

	blackForfeit bool // "-+" typed as is: the shell and the flag parser see a flag
}

func newRoundResultCmd(a *app) *cobra.Command {
	opts := &roundResultOptions{}
	cmd := &cobra.Command{
		Use:   "result <board> <result> [--round N] [--correct] [--reason R]",
		Short: "Enter the result of a board",
		Long: `Enter the result of a board of the last round paired (or of --round N).
Results: 1-0, 0-1, 1/2 (also ½-½, =, 0.5-0.5), +- and -+ for a win by
forfeit (FIDE Laws art. 10, points; the game counts as not played), -- when neither
player came. "-+" and "--" can be typed as they are.

A board that already has a different result is changed only with --correct;
the correction is logged with the old and the new result and the standings
follow it. --reason records how the game ended: time, resign, agreement,
mate, stalemate, claim, forfeit or arbiter.`,
		Example: `  $ arbiter round result 1 1-0
  $ arbiter round result 3 1/2 --reason agreement
  $ arbiter round result 2 0-1 --round 4 --correct`,
		Args:              resultArgs(opts),
		ValidArgsFunction: a.completeResultArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.board = args[0]
			switch {
			case len(args) == 2:
				opts.result = args[1]
			case opts.blackForfeit:
				opts.result = "-+"
			default:
				opts.result = "--"
			}
			return runRoundResult(cmd.Context(), a, opts)
		},
	}
	// "-+" reaches the flag parser as the shorthand flag "+", and "--"
	// as the end of the flags: both are results here.
	cmd.Flags().BoolVarP(&opts.blackForfeit, "black-forfeit", "+", false, "Black wins by forfeit (what -+ means)")
	cmd.Flags().MarkHidden("black-forfeit")
	cmd.Flags().IntVar(&opts.round, "round", 0, "the round (default: the last round paired)")
	cmd.Flags().BoolVar(&opts.correct, "correct", false, "replace a result already entered")
	cmd.Flags().StringVar(&opts.reason, "reason", "", "how the game ended: {time|resign|agreement|mate|stalemate|claim|forfeit|arbiter}")
	cmd.RegisterFlagCompletionFunc("round", a.completeRounds)
	cmd.RegisterFlagCompletionFunc("reason", func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return store.Reasons, cobra.ShellCompDirectiveNoFileComp
	})
	return cmd
}

func runRoundResult(ctx context.Context, a *app, opts *roundResultOptions) error {
	board, err := strconv.Atoi(strings.TrimSpace(opts.board))
	if err != nil || board < 1 {
		return fmt.Errorf("board %q: type the board number shown by arbiter round show, e.g. 3", opts.board)
	}
	if opts.round < 0 {
		return fmt.Errorf("--round %d: type a round number such as 2", opts.round)
	}
	res, err := arbiter.ParseResult(opts.result)
	if err != nil {
		return err
	}
	if res == arbiter.NoResult && !opts.correct {
		return fmt.Errorf("result %q clears a board: add --correct to remove a result entered by mistake, or type one of %s", opts.result, arbiter.ResultCodes)
	}
	reason := strings.ToLower(strings.TrimSpace(opts.reason))
	if reason == "" && res.Forfeit() {
		reason = "forfeit"
	}
	if err := store.CheckReason(reason); err != nil {
		return err
	}
	return a.withStore(ctx, false, func(db *store.DB) error {
		t, err := a.resolveTournament(ctx, db)
		if err != nil {
			return err
		}
		c, err := db.SetResult(ctx, t.ID, opts.round, board, res, reason, opts.correct)
		switch {
		case errors.Is(err, store.ErrResultEntered):
			return hint(err, "to change it to %s, add --correct", res)
		case errors.Is(err, store.ErrNotPaired):
			return hint(err, "give --round with a paired round, or pair the round first")
		case errors.Is(err, store.ErrNoBoard):
			return hint(err, "see arbiter round show %d", c.Round)
		case err != nil:
			return err
		}
		line := fmt.Sprintf("round %d board %d, %d-%d", c.Round, c.Board, c.White, c.Black)
		switch {
		case c.Unchanged:
			a.notef("Nothing to change: %s already has %s.", line, withReasonText(c.Old, c.OldReason))
		case c.Old != arbiter.NoResult && c.Old != c.New:
			a.notef("Corrected %s: %s, was %s. The change is logged; standings follow it.", line, withReasonText(c.New, c.NewReason), withReasonText(c.Old, c.OldReason))
			if later, err := db.Snapshot(ctx, t.ID); err == nil && len(later.Rounds) > c.Round {
				if n := len(later.Rounds); n == c.Round+1 {
					a.notef("Round %d was paired with the old result and stays as it is.", n)
				} else {
					a.notef("Rounds %d to %d were paired with the old result and stay as they are.", c.Round+1, n)
				}
			}
		default:
			a.notef("Entered %s: %s.", line, withReasonText(c.New, c.NewReason))
		}
		return nil
	})
}

// resultArgs accepts a board and a result, where the result may have been
// taken by the flag parser: "-+" as a flag, "--" as the end of the flags
// right after the board.
func resultArgs(opts *roundResultOptions) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		switch {
		case len(args) == 2 && !opts.blackForfeit:
			return nil
		case len(args) == 1 && opts.blackForfeit:
			return nil
		case len(args) == 1 && cmd.ArgsLenAtDash() == 1:
			return nil
		}
		return fmt.Errorf("give a board and a result, e.g. arbiter round result 3 1-0")
	}
}

func withReasonText(r arbiter.Result, reason string) string {
	s := r.String()
	if s == "" {
		s = "no result"
	}
	if reason != "" {
		s += " (" + reason + ")"
	}
	return s
}

// completeResultArgs completes the board (boards still without a result
// first) and then the result code.
func (a *app) completeResultArgs(cmd *cobra.Command, args []string, _ string) ([]cobra.Completion, cobra.ShellCompDirective) {
	if len(args) == 1 {
		return []cobra.Completion{
			cobra.CompletionWithDesc("1-0", "White won"), cobra.CompletionWithDesc("0-1", "Black won"),
			cobra.CompletionWithDesc("1/2", "draw"), cobra.CompletionWithDesc("+-", "White wins by forfeit"),
			cobra.CompletionWithDesc("-+", "Black wins by forfeit"), cobra.CompletionWithDesc("--", "neither player came"),
		}, cobra.ShellCompDirectiveNoFileComp
	}
	if len(args) > 1 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	db := a.completeStore(cmd)
	if db == nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	defer db.Close()
	s, err := a.snapshot(cmd.Context(), db)
	if err != nil || len(s.Rounds) == 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	n := len(s.Rounds)
	if r, err := cmd.Flags().GetInt("round"); err == nil && r >= 1 && r <= n {
		n = r
	}
	var open, done []cobra.Completion
	for _, b := range s.Rounds[n-1].Boards {
		desc := fmt.Sprintf("%s - %s", s.Entry(b.White).Player.Name, s.Entry(b.Black).Player.Name)
		if b.Result == arbiter.NoResult {
			open = append(open, cobra.CompletionWithDesc(strconv.Itoa(b.Number), desc))
		} else {
			done = append(done, cobra.CompletionWithDesc(strconv.Itoa(b.Number), desc+" "+b.Result.String()))
		}
	}
	return append(open, done...), cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveKeepOrder
}
