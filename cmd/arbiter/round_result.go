package main

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/spf13/cobra"
)

type roundResultOptions struct {
	board   string
	result  string
	second  string // game 2 of a Double-Swiss match typed as a third argument
	round   int
	correct bool
	whatIf  bool // with correct: show what the correction changes, store nothing
	json    bool // with whatIf: print it as JSON
	reason  string
	// fen is the final position, when no game is attached to the board.
	fen string
	// bothFlags says both flags fell and it cannot be told which first.
	bothFlags bool

	blackForfeit bool // "-+" typed as is: the shell and the flag parser see a flag
}

func newRoundResultCmd(a *app) *cobra.Command {
	opts := &roundResultOptions{}
	cmd := &cobra.Command{
		Use:   "result <board> <result> [game-2]",
		Short: "Enter the result of a board",
		Long: `Enter the result of a board of the last round paired (or of --round N).
Results: 1-0, 0-1, 1/2 (also ½-½, =, 0.5-0.5), +- and -+ for a win by
forfeit (FIDE Laws art. 10, points; the game counts as not played), -- when neither
player came. "-+" and "--" can be typed as they are.

A board that already has a different result is changed only with --correct;
the correction is logged with the old and the new result and the standings
follow it. --reason records how the game ended: time, resign, agreement,
mate, stalemate, claim, forfeit, arbiter, or dead, fivefold, seventy-five
for a dead position, fivefold repetition and 75 moves.

In a Double-Swiss tournament (FIDE C.04.5) a board is a match of two games
with the colours reversed: give both games, game 1 then game 2, each in its
own game's colours ("1-0 1/2-1/2", or as two arguments 1-0 =), or the match
score from game 1's White (1.5-0.5, 2-0, 0.5-1.5). A match score is written
with the decisive game first; a level 1-1 needs both games. A game forfeited
is +- or -+ in that game's colours: the match counts as played unless a
player forfeited both games. +-, -+ or -- alone forfeit the whole match.
A match whose first game is -+ is typed 0-1f, or after --: -- "-+ 1-0".

When the final position is known (a game attached with arbiter game add, or
--fen with the position), the result is checked against it. A game that
ended by itself (checkmate, stalemate, dead position, fivefold repetition,
75 moves) has the result of its end; another is refused unless --reason
arbiter records it as the arbiter's decision. A win on time (--reason time)
for a side that cannot checkmate by any series of legal moves is entered as
a draw (FIDE Laws art. 6.9); so is such a win by resignation (--reason
resign) under the Laws of 2023 (art. 5.1.2), not under earlier editions.

--both-flags says both flags fell and it cannot be told which fell first:
the game is drawn, by the rule of the tournament's edition of the Laws:
2001 art. 6.11 b (standard) and appendix B.8 (rapid, blitz); 2005 art.
6.12 b and appendix B.9; 2009 art. 6.11 b; 2014 on, Guidelines III.3.1 for
standard and rapid games without increment. From 2014 the Laws give no rule
for blitz (the Guidelines exclude it): arbiter draws the game as the
rapidplay rule did and as the Labyrinth regulation prescribes. When the
clocks show which flag fell first, enter a win on time instead.`,
		Example: `  $ arbiter round result 1 1-0
  $ arbiter round result 3 1/2 --reason agreement
  $ arbiter round result 2 0-1 --round 4 --correct
  $ arbiter round result 4 0-1 --reason time --fen "8/8/4k3/8/8/8/3QK3/8 b - - 0 61"
  $ arbiter round result 5 1/2 --reason time --both-flags
  $ arbiter round result 3 1.5-0.5
  $ arbiter round result 2 "1-0 1/2-1/2"`,
		Args:              resultArgs(a, opts),
		ValidArgsFunction: a.completeResultArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.board = args[0]
			switch {
			case len(args) == 3:
				opts.result, opts.second = args[1], args[2]
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
	a.roundFlag(cmd, &opts.round, "enter the result in round `N` (default: the last round paired)")
	cmd.Flags().BoolVar(&opts.correct, "correct", false, "replace a result already entered")
	cmd.Flags().BoolVar(&opts.whatIf, "what-if", false, "with --correct: show the standings and later pairings the correction would change, store nothing")
	cmd.Flags().BoolVar(&opts.json, "json", false, "with --what-if: print it as JSON")
	reasonFlag(cmd, &opts.reason)
	cmd.Flags().StringVar(&opts.fen, "fen", "", "the final position as a `FEN`, to check the result against (default: the game attached)")
	cmd.Flags().BoolVar(&opts.bothFlags, "both-flags", false, "both flags fell and it cannot be told which first (with --reason time)")
	return cmd
}

func runRoundResult(ctx context.Context, a *app, opts *roundResultOptions) error {
	board, err := strconv.Atoi(strings.TrimSpace(opts.board))
	if err != nil || board < 1 {
		return errors.New(a.tr().T("err.result.board", "Board", strconv.Quote(opts.board)))
	}
	if opts.round < 0 {
		return errors.New(a.tr().T("err.round", "Round", opts.round, "Example", 2))
	}
	// A what-if stores nothing: the database is opened read-only.
	mode := desk.ReadWrite
	if opts.whatIf {
		mode = desk.ReadOnly
	}
	return a.withDesk(ctx, mode, func(d *desk.Desk) error { return enterResult(ctx, a, d, opts, board) })
}

// enterResult is round result on the open database d.
func enterResult(ctx context.Context, a *app, d *desk.Desk, opts *roundResultOptions, board int) error {
	// A board of a Double-Swiss tournament is a match of two games; only
	// such a match takes a third argument, its game 2.
	ds, err := d.IsDoubleSwiss(ctx, a.tournamentRef())
	switch {
	case opts.second != "" && !ds:
		return usageErrorf("%s", a.tr().T("err.result.args"))
	case err != nil:
		return a.tournamentError(err)
	case ds:
		return enterMatch(ctx, a, d, opts, board)
	}
	res, err := arbiter.ParseResult(opts.result)
	if err != nil {
		return err
	}
	req := desk.ResultRequest{Tournament: a.tournamentRef(), Round: opts.round, Board: board, Result: res,
		Reason: opts.reason, Correct: opts.correct, BothFlags: opts.bothFlags}
	if err := req.Normalize(); err != nil {
		return a.resultError(err, opts, desk.ResultOutcome{})
	}
	if opts.fen != "" {
		p, err := desk.ParseFEN(opts.fen)
		if err != nil {
			return fmt.Errorf("--fen %q: %w; %s", opts.fen, err, a.tr().T("cli.round_result.fen"))
		}
		req.Final = desk.FinalAt(p)
	}
	if (opts.whatIf || opts.json) && !opts.correct || opts.json && !opts.whatIf {
		return usageErrorf("%s", a.tr().T("err.result.whatif"))
	}
	if opts.whatIf {
		t, err := a.resolveTournament(ctx, d)
		if err != nil {
			return err
		}
		return runWhatIf(ctx, a, d, t, opts.round, board, res, opts.json)
	}
	c, err := d.EnterResult(ctx, req)
	for i, n := range c.Notes {
		if i < len(c.Texts) && !c.Texts[i].IsZero() {
			n = a.tr().Word(c.Texts[i])
		}
		a.notef("%s.", capitalize(n))
	}
	if err != nil {
		return a.resultError(err, opts, c)
	}
	l := a.tr()
	a.note(confirmation(l, c.ResultChange))
	if c.Old != arbiter.NoResult && c.Old != c.New {
		switch from, to := c.LaterRounds(); {
		case from == 0:
		case from == to:
			a.note(l.T("cli.result.laterone", "Round", to))
		default:
			a.note(l.T("cli.result.later", "From", from, "To", to))
		}
	}
	return nil
}

// resultError words a refused result as the command line says it: with
// the flags and commands that help.
func (a *app) resultError(err error, opts *roundResultOptions, c desk.ResultOutcome) error {
	l := a.tr()
	var de *desk.Error
	switch {
	case errors.Is(err, desk.ErrClearsBoard):
		return errors.New(l.T("err.result.clears", "Result", strconv.Quote(opts.result), "Codes", arbiter.ResultCodes))
	case errors.Is(err, desk.ErrBothFlagsReason):
		return usageErrorf("%s", l.T("err.result.bothflagsreason", "Reason", strings.ToLower(strings.TrimSpace(opts.reason))))
	case errors.Is(err, desk.ErrBothFlagsForfeit):
		return usageErrorf("%s", l.T("err.result.bothflagsforfeit"))
	case errors.Is(err, desk.ErrRefused) && errors.As(err, &de):
		id := "err.result.refused.fen"
		if de.Input == "game" {
			id = "err.result.refused.game"
		}
		return errors.New(l.T(id, "Msg", errWords(l, de)))
	case errors.Is(err, desk.ErrResultEntered):
		return hint(err, "%s", l.T("err.hint.correct", "Result", c.New.String()))
	case errors.Is(err, desk.ErrNotPaired):
		return hint(err, "%s", l.T("err.hint.notpaired"))
	case errors.Is(err, desk.ErrNoBoard):
		return hint(err, "%s", l.T("err.hint.roundshow", "Round", c.Round))
	}
	return a.tournamentError(err)
}

// resultArgs accepts a board and a result, where the result may have been
// taken by the flag parser: "-+" as a flag, "--" as the end of the flags
// right after the board.
func resultArgs(a *app, opts *roundResultOptions) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		switch {
		case len(args) == 2 && !opts.blackForfeit:
			return nil
		case len(args) == 3 && !opts.blackForfeit:
			return nil // the two games of a Double-Swiss match
		case len(args) == 1 && opts.blackForfeit:
			return nil
		case len(args) == 1 && cmd.ArgsLenAtDash() == 1:
			return nil
		}
		return errors.New(a.tr().T("cli.args.roundresult"))
	}
}

// withReasonText writes a result with the way the game ended: "1-0
// (time)", or "no result" in the words of l (nil: English).
func withReasonText(l *locale.Localizer, r arbiter.Result, reason string) string {
	s := desk.ResultWords(l, r.String())
	if s == "" {
		s = l.T("cli.result.none")
	}
	if reason != "" {
		s += " (" + desk.ReasonWords(l, reason) + ")"
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
	s := a.completeSnapshot(cmd)
	rd := completeRound(cmd, s)
	if rd == nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	var open, done []cobra.Completion
	for _, b := range rd.Boards {
		desc := fmt.Sprintf("%s - %s", s.Entry(b.White).Player.Name, s.Entry(b.Black).Player.Name)
		if b.Result == arbiter.NoResult {
			open = append(open, cobra.CompletionWithDesc(strconv.Itoa(b.Number), desc))
		} else {
			done = append(done, cobra.CompletionWithDesc(strconv.Itoa(b.Number), desc+" "+b.Result.String()))
		}
	}
	return append(open, done...), cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveKeepOrder
}
