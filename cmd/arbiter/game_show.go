package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/spf13/cobra"
)

// gameShowOptions are the inputs of "game show".
type gameShowOptions struct {
	Board string
	Round int // 0: the last round paired
	Lang  desk.Lang
	JSON  bool
}

func newGameShowCmd(a *app, runF func(context.Context, *gameShowOptions) error) *cobra.Command {
	opts := &gameShowOptions{}
	var lang string
	cmd := &cobra.Command{
		Use:   "show <board>",
		Short: "Show the game of a board in SAN with its verdict",
		Long: `Show the game attached to a board of the last round paired (or of --round N):
the moves in Standard Algebraic Notation, in English letters or in Italian
with --lang it, then the verdict: whether every move is legal (else the
first illegal move, why, and the article of the Laws), how the game ended by
itself if it did, whether the result fits, what the Laws changed, and the
arbiter's ruling.`,
		Example: `  $ arbiter game show 3
  $ arbiter game show 2 --round 4 --lang it
  $ arbiter game show 1 --json`,
		Args:              oneArg(a, "cli.args.gameshow"),
		ValidArgsFunction: a.completeBoards,
		RunE: func(cmd *cobra.Command, args []string) error {
			l, err := outputLang(lang)
			if err != nil {
				return err
			}
			if !cmd.Flags().Changed("lang") && !opts.JSON && a.tr().Lang() == locale.Italian {
				// An Italian reader reads the moves in Italian letters.
				l = desk.ItalianLetters
			}
			opts.Board, opts.Lang = args[0], l
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return runGameShow(cmd.Context(), a, opts)
		},
	}
	a.roundFlag(cmd, &opts.Round, "show a board of round `N` (default: the last round paired)")
	writeLangFlag(cmd, &lang, "piece letters to show the moves in: {en|it}")
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print the game and its verdict as JSON")
	return cmd
}

// gameShowJSON is a game with its verdict in JSON (desk.GameView).
type gameShowJSON = desk.GameView

// wrapMoves lays out numbered moves in lines of at most 79 characters,
// ending with the result.
func wrapMoves(w io.Writer, start desk.Position, moves []string, result string) {
	number, black := start.FullmoveNumber(), start.Turn() == desk.Black
	var line strings.Builder
	add := func(tok string) {
		if line.Len() > 0 && utf8.RuneCountInString(line.String())+1+utf8.RuneCountInString(tok) > 79 {
			fmt.Fprintln(w, line.String())
			line.Reset()
		}
		if line.Len() > 0 {
			line.WriteByte(' ')
		}
		line.WriteString(tok)
	}
	for i, m := range moves {
		switch {
		case !black:
			add(strconv.Itoa(number) + ". " + m)
		case i == 0:
			add(strconv.Itoa(number) + "... " + m)
		default:
			add(m)
		}
		if black {
			number++
		}
		black = !black
	}
	add(result)
	fmt.Fprintln(w, line.String())
}

func runGameShow(ctx context.Context, a *app, opts *gameShowOptions) error {
	board, err := parseBoard(a.tr(), opts.Board)
	if err != nil {
		return err
	}
	return a.withDesk(ctx, desk.ReadOnly, func(db *desk.Desk) error {
		s, err := db.Snapshot(ctx, a.tournamentRef())
		if err != nil {
			return a.tournamentError(err)
		}
		n, err := roundOf(a.tr(), s, opts.Round)
		if err != nil {
			return err
		}
		b, err := findBoard(a.tr(), s, n, board)
		if err != nil {
			return err
		}
		bg, err := db.BoardGame(ctx, s.Tournament.ID, n, board)
		if err != nil {
			return err
		}
		if bg == nil {
			return errors.New(a.tr().T("cli.game_show.nogame", "Round", n, "Board", board))
		}
		d, err := db.RoundDetail(ctx, s.Tournament.ID, n)
		if err != nil {
			return err
		}
		out, v := desk.GameViewOf(s, n, b, d.Reasons[board], bg, opts.Lang)
		if opts.JSON {
			return writeJSON(a.stdout, out)
		}
		return printGame(a.tr(), a.stdout, out, v)
	})
}

// printGame writes a game and its verdict for people, in l's language.
func printGame(l *locale.Localizer, w io.Writer, g gameShowJSON, v *desk.GameVerdict) error {
	reason := ""
	if g.Result != "" {
		reason = g.Reason
	}
	res := withReasonText(l, resultOf(g.Result), reason)
	fmt.Fprintf(w, "%s\n\n", l.T("cli.game_show.title", "Round", g.Round, "Board", g.Board, "White", g.White, "Black", g.Black, "Result", res))
	marker := g.Result
	if marker == "" || len(g.Unplayable) > 0 {
		marker = "*"
	}
	wrapMoves(w, v.Start, g.Moves, marker)
	if len(g.Unplayable) > 0 {
		fmt.Fprintln(w, l.T("cli.game_show.then", "Moves", strings.Join(g.Unplayable, " ")))
	}
	fmt.Fprintln(w)
	moves := (g.Plies + 1) / 2
	tb := newTable()
	label := func(id string) string { return l.T("cli.game_show." + id) }
	switch {
	case g.Legal:
		tb.add(label("moves"), l.N("cli.game_show.legal", moves, "Plies", g.Plies, "Letters", l.T("cli.letters."+g.Letters)))
	case g.IllegalMove != "":
		tb.add(label("moves"), l.T("cli.game_show.illegal", "Move", g.IllegalMove, "Reason", illegalWhy(l, g.IllegalReason, v), "Article", desk.Cite(g.Article)))
	default:
		tb.add(label("moves"), l.T("cli.verdict.unreadable", "Reason", g.IllegalReason))
	}
	if g.EndMove != "" {
		tb.add(label("end"), endWords(l, g.Status, g.EndMove, g.Article))
	}
	note := g.ResultNote
	if v != nil && g.ResultNote == v.ResultNote && !v.ResultText.IsZero() {
		note = l.Word(v.ResultText)
	}
	switch {
	case !g.Legal:
		tb.add(label("result"), l.T("cli.game_show.unchecked"))
	case g.ResultConsistent:
		tb.add(label("result"), l.T("cli.verdict.consistent", "Note", note))
	default:
		tb.add(label("result"), l.T("cli.verdict.inconsistent", "Note", note))
	}
	for _, n := range g.Notes {
		tb.add(label("note"), n)
	}
	if g.Ruling != "" {
		tb.add(label("ruling"), g.Ruling)
	}
	sub := g.SubmittedAt
	if g.Submissions > 1 {
		sub += l.N("cli.game_show.earlier", g.Submissions-1)
	}
	tb.add(label("added"), sub)
	return tb.write(w)
}
