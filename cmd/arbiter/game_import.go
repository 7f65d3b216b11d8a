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

// gameImportOptions are the inputs of "game import".
type gameImportOptions struct {
	Path string // file to read, "-" for standard input
	// Round, if not 0, is the round every game belongs to.
	Round         int
	SkipUnmatched bool
	Lang          desk.Lang
}

func newGameImportCmd(a *app, runF func(context.Context, *gameImportOptions) error) *cobra.Command {
	opts := &gameImportOptions{}
	var lang string
	cmd := &cobra.Command{
		Use:   "import <file.pgn|->",
		Short: "Attach a whole round's games from a PGN file to their boards",
		Long: `Read every game of a PGN file and attach each to its board. A game is
matched by its Round tag ("3" for round 3, "3.2" for board 2 of round 3, as
export pgn writes it) and by the players' names in its White and Black tags,
compared without accents and case ("Rossi, Mario" is "Mario Rossi"); --round N
says which round the games belong to when the tags do not.

Games that match no board are listed, and nothing is imported until every
game matches, or --skip-unmatched is given to import the others. Each game
is checked as game add checks it (legal moves, the result its end gives,
White and Black the right way round); one game refused refuses the import.
A comment {Ruling: TEXT} before the first move, as export pgn writes it,
carries the arbiter's ruling on the game. A game without moves enters its
result alone. The import is one transaction: all of it, or nothing.`,
		Example: `  $ arbiter game import round3.pgn
  $ arbiter game import serata.pgn --round 2 --skip-unmatched`,
		Args:              oneArg(a, "cli.args.gameimport"),
		ValidArgsFunction: fileArg("pgn"),
		RunE: func(cmd *cobra.Command, args []string) error {
			l, err := inputLang(lang)
			if err != nil {
				return err
			}
			opts.Path, opts.Lang = args[0], l
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return runGameImport(cmd.Context(), a, opts)
		},
	}
	a.roundFlag(cmd, &opts.Round, "the games belong to round `N` (default: their Round tags)")
	cmd.Flags().BoolVar(&opts.SkipUnmatched, "skip-unmatched", false, "import the games that match a board, leaving out the others")
	readLangFlag(cmd, &lang, "game by game")
	return cmd
}

// importedGame is a game of the file with its board.
type importedGame struct {
	pgnGame
	seat  desk.Seat
	board arbiter.Board
}

func runGameImport(ctx context.Context, a *app, opts *gameImportOptions) error {
	l := a.tr()
	if opts.Round < 0 {
		return errors.New(l.T("err.round", "Round", opts.Round, "Example", 3))
	}
	return a.withDesk(ctx, desk.ReadWrite, func(db *desk.Desk) error {
		s, err := a.snapshot(ctx, db)
		if err != nil {
			return err
		}
		matcher, err := desk.NewGameMatcher(s, opts.Round)
		switch {
		case err != nil && opts.Round != 0:
			_, err = roundOf(l, s, opts.Round)
			return fmt.Errorf("--round: %w", err)
		case errors.Is(err, desk.ErrNoRounds):
			name := opts.Path
			if name == "-" {
				name = l.T("cli.game_submit.stdin")
			}
			return errors.New(l.T("cli.game_import.nopaired", "Name", s.Tournament.Name, "File", name))
		case err != nil:
			return err
		}
		// The file is read one game at a time and only the games that
		// match a board are kept, so memory follows the tournament, not
		// the file; of the problems, the first few are kept and the rest
		// counted.
		var matched []importedGame
		var unmatched, refused problems
		total := 0
		name, err := a.eachGame(opts.Path, func(pg pgnGame) error {
			total++
			m, err := matcher.Match(pg.index, tagsOf(pg.game))
			switch {
			case err != nil:
				return err
			case m.Swapped:
				refused.add(func() string { return l.T("cli.game_import.swapped", "Game", gameLabel(l, pg), "Problem", m.Problem) })
			case !m.OK:
				unmatched.add(func() string { return fmt.Sprintf("%s: %s", gameLabel(l, pg), m.Problem) })
			case m.Taken != 0:
				refused.add(func() string {
					return l.T("cli.game_import.taken", "Game", gameLabel(l, pg), "Round", m.Seat.Round, "Board", m.Seat.Board, "First", m.Taken)
				})
			default:
				matched = append(matched, importedGame{pgnGame: pg, seat: m.Seat, board: m.Board})
			}
			return nil
		})
		if err != nil {
			return err
		}
		if unmatched.n > 0 && !opts.SkipUnmatched {
			return unmatched.refuse(a, l.T("cli.game_import.unmatchedlabel"), l.N("cli.game_import.unmatched", unmatched.n,
				"Total", total, "File", name, "More", unmatched.more(l), "Rest", total-unmatched.n))
		}
		how := l.T("cli.game_import.how")
		var subs []desk.Submission
		var checked []checkedGame
		for _, ig := range matched {
			ruling := takeRuling(ig.game)
			cg, err := checkGame(s.Tournament, gameInput{game: ig.game, seat: ig.seat, entered: ig.board.Result, lang: opts.Lang, ruling: ruling, how: how, l: l})
			if err != nil {
				refused.add(func() string {
					return l.T("cli.game_import.refusedgame", "Game", gameLabel(l, ig.pgnGame), "Round", ig.seat.Round, "Board", ig.seat.Board, "Err", err)
				})
				continue
			}
			subs = append(subs, cg.sub)
			checked = append(checked, cg)
		}
		if refused.n > 0 {
			return refused.refuse(a, l.T("cli.game_import.refusedlabel"), l.N("cli.game_import.refused", refused.n, "File", name, "More", refused.more(l)))
		}
		done, err := db.SubmitGames(ctx, strconv.FormatInt(s.Tournament.ID, 10), subs)
		if errors.Is(err, desk.ErrResultEntered) {
			return hint(err, "%s", l.T("cli.game_import.entered"))
		}
		if err != nil {
			return err
		}
		for _, u := range unmatched.first {
			a.note(l.T("cli.game_import.skipped", "Game", u))
		}
		if more := unmatched.n - len(unmatched.first); more > 0 {
			a.note(l.N("cli.game_import.skippedmore", more, "Num", thousandsIn(l, more)))
		}
		stored, same, entered, results := 0, 0, 0, 0
		for i, d := range done {
			cg := checked[i]
			for _, note := range cg.notes {
				a.note(l.T("cli.game_import.note", "Round", cg.sub.Round, "Board", cg.sub.Board, "Note", note))
			}
			switch {
			case d.Same:
				same++
			case d.Game.ID != 0:
				stored++
			}
			if cg.sub.PGN == "" {
				results++
			}
			if !d.Result.Unchanged {
				entered++
			}
		}
		if stored == 0 && entered == 0 && unmatched.n == 0 {
			a.note(l.N("cli.game_import.nothingnew", len(subs), "File", name))
			return nil
		}
		msg := l.N("cli.game_import.done", len(subs), "File", name, "Stored", l.N("cli.game_import.stored", stored))
		if results > 0 {
			msg += l.N("cli.game_import.results", results)
		}
		if same > 0 {
			msg += l.N("cli.game_import.same", same)
		}
		msg += l.N("cli.game_import.resultsentered", entered)
		if unmatched.n > 0 {
			msg += l.N("cli.game_import.skippedcount", unmatched.n, "Num", thousandsIn(l, unmatched.n))
		}
		a.notef("%s.", msg)
		return nil
	})
}

// gameLabel names a game of a file: "game 3 (line 25, Rossi, Mario -
// Neri, Paolo)", in l's words.
func gameLabel(l *locale.Localizer, pg pgnGame) string {
	name := func(s string) string {
		if strings.TrimSpace(s) == "" {
			return "?"
		}
		return s
	}
	return l.T("cli.game_import.label", "Index", pg.index, "Line", pg.game.Line, "White", name(pg.game.Tag("White")), "Black", name(pg.game.Tag("Black")))
}

// maxListed is how many problems of one kind an import lists; the
// others are counted.
const maxListed = 10

// problems are the games of a file refused for one reason: the first
// maxListed described, all of them counted.
type problems struct {
	first []string
	n     int
}

// add counts one more problem and describes it if it is among the first.
func (p *problems) add(describe func() string) {
	p.n++
	if len(p.first) < maxListed {
		p.first = append(p.first, describe())
	}
}

// more says, for the summary, that only the first problems are listed:
// " (the first 10 are listed above)", or nothing when all are.
func (p *problems) more(l *locale.Localizer) string {
	if p.n <= len(p.first) {
		return ""
	}
	return l.T("cli.game_import.more", "First", len(p.first))
}

// refuse returns the error for a refused import: with one problem, that
// problem in one line; with more, each listed on stderr (what:
// "unmatched") and then the summary.
func (p *problems) refuse(a *app, what, summary string) error {
	if p.n == 1 {
		return fmt.Errorf("%s; %s", p.first[0], summary)
	}
	for _, s := range p.first {
		a.notef("%s: %s", what, s)
	}
	return errors.New(summary)
}
