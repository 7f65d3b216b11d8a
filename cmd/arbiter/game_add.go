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

// gameAddOptions are the inputs of "game add".
type gameAddOptions struct {
	Board  string
	Path   string // file to read, "-" for standard input
	Round  int    // 0: the last round paired
	Lang   desk.Lang
	Ruling string
	Result string
	Reason string
	Force  bool // attach a game whose players play on another board
}

func newGameAddCmd(a *app, runF func(context.Context, *gameAddOptions) error) *cobra.Command {
	opts := &gameAddOptions{}
	var lang string
	cmd := &cobra.Command{
		Use:   "add <board> <file|->",
		Short: "Attach a game score to a board and check it against the Laws of Chess",
		Long: `Attach the score of a game (PGN, or moves as players write them, in English
or Italian letters) to a board of the last round paired (or of --round N).

The game is replayed move by move. An illegal move is reported with its
number and the article of the Laws it breaks, and the game is refused unless
the arbiter has ruled on it: --ruling "TEXT" stores the game with the
ruling, and --result R enters the result the arbiter gave. A comment
{Ruling: TEXT} before the first move, as export pgn writes it, is read as
the ruling when --ruling is not given.

The result follows the Laws: a game that ended by itself (checkmate,
stalemate, a dead position, fivefold repetition, 75 moves) has the result of
its end, entered if the board has none; a board with a different result, or
a Result tag that says otherwise, is refused with the result the position
gives. A loss on time (Termination "time forfeit", or --reason time) for a
side whose opponent cannot checkmate is a draw (art. 6.9), and so, under the
Laws of 2023, is such a resignation (--reason resign, art. 5.1.2).

White and Black tags that are the board's players with the colours turned
round are an error, and so is a game where neither tag names a player of
the board: it says on which board of the round they play, and --force
attaches the game here all the same. Other tags that contradict the pairing
(one name, a Round tag for another round or board) are reported as
warnings.`,
		Example: `  $ arbiter game add 3 board3.pgn
  $ arbiter game add 2 - --round 4 --lang it < partita.txt
  $ arbiter game add 5 game.pgn --ruling "4...Cd4 illegal, claimed by White: Black loses (A.4.2)" --result 1-0`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) != 2 {
				return usageErrorf("%s", a.tr().T("cli.game_add.args"))
			}
			return nil
		},
		ValidArgsFunction: a.completeBoards,
		RunE: func(cmd *cobra.Command, args []string) error {
			l, err := inputLang(lang)
			if err != nil {
				return err
			}
			opts.Board, opts.Path, opts.Lang = args[0], args[1], l
			if cmd.Flags().Changed("ruling") && strings.TrimSpace(opts.Ruling) == "" {
				return usageErrorf("%s", a.tr().T("cli.game_add.noruling"))
			}
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return runGameAdd(cmd.Context(), a, opts)
		},
	}
	a.roundFlag(cmd, &opts.Round, "add the game to a board of round `N` (default: the last round paired)")
	readLangFlag(cmd, &lang, "from the moves")
	cmd.Flags().BoolVar(&opts.Force, "force", false, "attach the game although neither of its players plays on the board")
	cmd.Flags().StringVar(&opts.Ruling, "ruling", "", "the arbiter's ruling `TEXT` on the game, kept with it and in the log")
	cmd.Flags().StringVar(&opts.Result, "result", "", "the `RESULT` to enter (1-0, 0-1, 1/2, +-, -+ or --), e.g. the one the arbiter gave with --ruling")
	reasonFlag(cmd, &opts.Reason)
	return cmd
}

func runGameAdd(ctx context.Context, a *app, opts *gameAddOptions) error {
	l := a.tr()
	board, err := parseBoard(l, opts.Board)
	if err != nil {
		return err
	}
	res, err := arbiter.ParseResult(opts.Result)
	if err != nil {
		return fmt.Errorf("--result: %w", err)
	}
	reason := strings.ToLower(strings.TrimSpace(opts.Reason))
	if err := desk.CheckReason(reason); err != nil {
		return fmt.Errorf("--reason: %w", err)
	}
	ruling := strings.TrimSpace(opts.Ruling)
	gs, name, err := a.readGames(opts.Path)
	if err != nil {
		return err
	}
	if len(gs) > 1 {
		return errors.New(l.N("cli.game_add.many", len(gs), "File", name, "Path", opts.Path))
	}
	g := gs[0].game
	if fromFile := takeRuling(g); ruling == "" {
		ruling = fromFile
	}
	if len(g.Moves) == 0 {
		return errors.New(l.T("cli.game_add.nomoves", "File", name, "Board", board))
	}
	return a.withDesk(ctx, desk.ReadWrite, func(d *desk.Desk) error {
		s, err := d.Snapshot(ctx, a.tournamentRef())
		if err != nil {
			return a.tournamentError(err)
		}
		n, err := roundOf(l, s, opts.Round)
		if err != nil {
			return err
		}
		b, err := findBoard(l, s, n, board)
		if err != nil {
			return err
		}
		seat := seatOf(s, n, b)
		if err := desk.CheckSeat(s, seat, tagsOf(g)); err != nil && !opts.Force {
			return hint(err, "%s", l.T("cli.game_add.elsewhere", "Path", opts.Path, "Board", board))
		}
		warnings, err := desk.CompareSeat(seat, tagsOf(g))
		if err != nil {
			return errors.New(l.T("cli.game_add.tags", "File", name, "Err", err))
		}
		cg, err := checkGame(s.Tournament, gameInput{game: g, seat: seat, entered: b.Result, lang: opts.Lang,
			result: res, reason: reason, ruling: ruling, how: l.T("cli.game_add.how"), l: l})
		if err != nil {
			return fmt.Errorf("%s: %w", l.T("cli.game_add.where", "File", name, "Round", n, "Board", board), err)
		}
		done, err := d.SubmitGames(ctx, strconv.FormatInt(s.Tournament.ID, 10), []desk.Submission{cg.sub})
		if errors.Is(err, desk.ErrResultEntered) {
			return hint(err, "%s", l.T("cli.game_add.correctfirst", "Board", board, "Result", cg.sub.Result, "Round", n))
		}
		if err != nil {
			return err
		}
		for _, w := range warnings {
			a.note(l.T("cli.game_add.warning", "Warning", w))
		}
		for _, note := range cg.notes {
			a.notef("%s.", capitalize(note))
		}
		a.notef("%s", addedLine(l, seat, cg, done[0]))
		return nil
	})
}

// addedLine tells, in l's language, what game add or import did with one
// game.
func addedLine(l *locale.Localizer, seat desk.Seat, cg checkedGame, done desk.Submitted) string {
	where := l.T("cli.added.where", "Round", seat.Round, "Board", seat.Board, "White", seat.White, "Black", seat.Black)
	var what string
	switch {
	case done.Same:
		what = l.T("cli.added.same", "Where", where)
	case done.Previous > 0:
		what = l.N("cli.added.replaces", done.Previous, "Where", where)
	default:
		what = l.T("cli.added.added", "Where", where)
	}
	if cg.verdict != nil {
		moves := (len(cg.verdict.Moves) + 1) / 2
		what += l.N("cli.added.moves", moves, "Summary", summary(l, cg.record))
	}
	if cg.sub.Ruling != "" {
		what += l.T("cli.added.ruling")
	}
	c := done.Result
	switch {
	case cg.sub.Result == arbiter.NoResult && c.Old == arbiter.NoResult:
		what += l.T("cli.added.noresult")
	case c.Unchanged:
		what += l.T("cli.added.stands", "Result", withReasonText(l, c.Old, c.OldReason))
	default:
		what += l.T("cli.added.entered", "Result", withReasonText(l, c.New, c.NewReason))
	}
	return what
}

// capitalize returns s with its first letter in upper case.
func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
