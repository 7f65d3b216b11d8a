package main

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/games"
	"github.com/labyrinth-chess/arbiter/rules"
	"github.com/spf13/cobra"
)

// gameImportOptions are the inputs of "game import".
type gameImportOptions struct {
	Path string // file to read, "-" for standard input
	// Round, if not 0, is the round every game belongs to.
	Round         int
	SkipUnmatched bool
	Lang          rules.Lang
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
		Args:              oneArg("give one PGN file, e.g. arbiter game import round3.pgn (- reads standard input)"),
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
	seat  games.Seat
	board arbiter.Board
}

func runGameImport(ctx context.Context, a *app, opts *gameImportOptions) error {
	if opts.Round < 0 {
		return fmt.Errorf("--round %d: type a round number such as 3", opts.Round)
	}
	return a.withDesk(ctx, desk.ReadWrite, func(db *desk.Desk) error {
		s, err := a.snapshot(ctx, db)
		if err != nil {
			return err
		}
		if opts.Round != 0 {
			if _, err := roundOf(a.tr(), s, opts.Round); err != nil {
				return fmt.Errorf("--round: %w", err)
			}
		} else if len(s.Rounds) == 0 {
			name := opts.Path
			if name == "-" {
				name = "standard input"
			}
			return fmt.Errorf("no round of %s is paired yet: nothing to attach %s to", s.Tournament.Name, name)
		}
		// The file is read one game at a time and only the games that
		// match a board are kept, so memory follows the tournament, not
		// the file; of the problems, the first few are kept and the rest
		// counted.
		ix := desk.BoardIndex(s)
		var matched []importedGame
		var unmatched, refused problems
		taken := map[[2]int]int{} // round, board: index of the game that took it
		total := 0
		name, err := a.eachGame(opts.Path, func(pg pgnGame) error {
			total++
			m := ix.Find(opts.Round, tagsOf(pg.game))
			switch {
			case m.Swapped:
				refused.add(func() string { return fmt.Sprintf("%s: %s; fix the White and Black tags", gameLabel(pg), m.Problem) })
				return nil
			case !m.OK:
				unmatched.add(func() string { return fmt.Sprintf("%s: %s", gameLabel(pg), m.Problem) })
				return nil
			}
			key := [2]int{m.Seat.Round, m.Seat.Board}
			if first, ok := taken[key]; ok {
				refused.add(func() string {
					return fmt.Sprintf("%s: round %d board %d already has game %d of the file; keep one of them", gameLabel(pg), key[0], key[1], first)
				})
				return nil
			}
			taken[key] = pg.index
			b, err := findBoard(a.tr(), s, m.Seat.Round, m.Seat.Board)
			if err != nil {
				return err
			}
			matched = append(matched, importedGame{pgnGame: pg, seat: m.Seat, board: b})
			return nil
		})
		if err != nil {
			return err
		}
		if unmatched.n > 0 && !opts.SkipUnmatched {
			return unmatched.refuse(a, "unmatched", fmt.Sprintf("%s of %d in %s %s no board%s: nothing imported; fix the tags, or add --skip-unmatched to import the %d that match",
				plural(unmatched.n, "game", "games"), total, name, nounFor(unmatched.n, "matches", "match"), unmatched.more(), total-unmatched.n))
		}
		how := "if the arbiter has ruled on it, write the ruling in a comment {Ruling: TEXT} before the first move"
		var subs []desk.Submission
		var checked []checkedGame
		for _, ig := range matched {
			ruling := takeRuling(ig.game)
			cg, err := checkGame(s.Tournament, gameInput{game: ig.game, seat: ig.seat, entered: ig.board.Result, lang: opts.Lang, ruling: ruling, how: how})
			if err != nil {
				refused.add(func() string {
					return fmt.Sprintf("%s, round %d board %d: %v", gameLabel(ig.pgnGame), ig.seat.Round, ig.seat.Board, err)
				})
				continue
			}
			subs = append(subs, cg.sub)
			checked = append(checked, cg)
		}
		if refused.n > 0 {
			return refused.refuse(a, "refused", fmt.Sprintf("%s of %s refused%s: nothing imported", plural(refused.n, "game", "games"), name, refused.more()))
		}
		done, err := db.SubmitGames(ctx, strconv.FormatInt(s.Tournament.ID, 10), subs)
		if errors.Is(err, desk.ErrResultEntered) {
			return hint(err, "nothing imported; correct it with arbiter round result --correct, or fix the file")
		}
		if err != nil {
			return err
		}
		for _, u := range unmatched.first {
			a.notef("skipped: %s", u)
		}
		if more := unmatched.n - len(unmatched.first); more > 0 {
			a.notef("skipped: %s more that match no board", thousands(more))
		}
		stored, same, entered, results := 0, 0, 0, 0
		for i, d := range done {
			cg := checked[i]
			for _, note := range cg.notes {
				a.notef("round %d board %d: %s.", cg.sub.Round, cg.sub.Board, note)
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
			a.notef("Nothing new in %s: its %s already there.", name, plural(len(subs), "game is", "games are"))
			return nil
		}
		msg := fmt.Sprintf("Imported %s from %s: %s stored", plural(len(subs), "game", "games"), name, plural(stored, "game", "games"))
		if results > 0 {
			msg += fmt.Sprintf(", %s without moves", plural(results, "result", "results"))
		}
		if same > 0 {
			msg += fmt.Sprintf(", %d already there", same)
		}
		msg += fmt.Sprintf("; %s entered", plural(entered, "result", "results"))
		if unmatched.n > 0 {
			msg += fmt.Sprintf("; %s skipped", thousands(unmatched.n))
		}
		a.notef("%s.", msg)
		return nil
	})
}

// gameLabel names a game of a file: "game 3 (line 25, Rossi, Mario -
// Neri, Paolo)".
func gameLabel(pg pgnGame) string {
	name := func(s string) string {
		if strings.TrimSpace(s) == "" {
			return "?"
		}
		return s
	}
	return fmt.Sprintf("game %d (line %d, %s - %s)", pg.index, pg.game.Line, name(pg.game.Tag("White")), name(pg.game.Tag("Black")))
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
func (p *problems) more() string {
	if p.n <= len(p.first) {
		return ""
	}
	return fmt.Sprintf(" (the first %d are listed above)", len(p.first))
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
