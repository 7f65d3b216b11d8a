package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"unicode/utf8"

	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/spf13/cobra"
)

// gameCheckOptions are the inputs of "game check".
type gameCheckOptions struct {
	Path        string // file to read, "-" for standard input
	JSON        bool
	Lang        desk.Lang
	TimeForfeit bool
	// L words the verdicts; nil is English.
	L *locale.Localizer

	Stdin          io.Reader
	Stdout, Stderr io.Writer
}

func newGameCheckCmd(a *app, runF func(context.Context, *gameCheckOptions) error) *cobra.Command {
	opts := &gameCheckOptions{}
	var lang string
	cmd := &cobra.Command{
		Use:   "check <file|->",
		Short: "Check every game of a PGN file against the Laws of Chess",
		Long: `Check replays every game of a PGN file (or moves without tags, one game per
"1." start) and says, game by game: whether every move is legal, and if not
the first illegal move with its number and the article of the Laws it breaks;
how the game ended by itself (checkmate, stalemate, dead position, fivefold
repetition, 75 moves); which draws the player to move could claim; whether
each side could still checkmate (and how that was decided); and whether the
result fits the final position.

Moves may be written in English or Italian letters; the letter set is found
game by game unless --lang gives it. A game that mixes both is an error.

The exit status is 0 when every game is legal and its result consistent,
1 otherwise.`,
		Example: `  $ arbiter game check round3.pgn
  $ arbiter game check --lang it --json serata.pgn
  $ cat partite.pgn | arbiter game check -`,
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: fileArg("pgn", "txt"),
		RunE: func(cmd *cobra.Command, args []string) error {
			l, err := inputLang(lang)
			if err != nil {
				return err
			}
			opts.Path, opts.Lang = args[0], l
			opts.Stdin, opts.Stdout, opts.Stderr = a.stdin, a.stdout, a.stderr
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			opts.L = a.tr()
			return runGameCheck(cmd.Context(), opts)
		},
	}
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print one JSON object per game")
	readLangFlag(cmd, &lang, "game by game")
	cmd.Flags().BoolVar(&opts.TimeForfeit, "time-forfeit", false, "treat every decisive result as a win on time (art. 6.9)")
	return cmd
}

// gameVerdict is the JSON form of a game's verdict. Field names are
// stable: add, never rename.
type gameVerdict struct {
	Index            int             `json:"index"`
	White            string          `json:"white"`
	Black            string          `json:"black"`
	Result           string          `json:"result"`
	Plies            int             `json:"plies"`
	Legal            bool            `json:"legal"`
	IllegalPly       int             `json:"illegal_ply"`
	IllegalMove      string          `json:"illegal_move"`
	Reason           string          `json:"reason"`
	Article          string          `json:"article"`
	FinalFEN         string          `json:"final_fen"`
	Status           string          `json:"status"`
	Claimable        []string        `json:"claimable"`
	ResultConsistent bool            `json:"result_consistent"`
	ResultNote       string          `json:"result_note"`
	Line             int             `json:"line"`
	Letters          string          `json:"letters"`
	LettersNote      string          `json:"letters_note,omitempty"`
	EndPly           int             `json:"end_ply,omitempty"`
	IllegalLine      int             `json:"illegal_line,omitempty"`
	IllegalColumn    int             `json:"illegal_column,omitempty"`
	CanMate          map[string]mate `json:"can_mate"`
}

type mate struct {
	Can    bool   `json:"can"`
	How    string `json:"how"`
	Detail string `json:"detail"`
}

func runGameCheck(ctx context.Context, opts *gameCheckOptions) error {
	in := opts.Stdin
	name := opts.L.T("cli.input.stdin")
	if opts.Path != "-" {
		f, err := os.Open(opts.Path)
		if err != nil {
			return &wordedError{opts.L.T("cli.game_check.open", "Err", errWords(opts.L, err)), err}
		}
		defer f.Close()
		in, name = f, opts.Path
	}
	out := bufio.NewWriter(opts.Stdout)
	defer out.Flush()
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)

	r := desk.ReadGames(in)
	n, bad := 0, 0
	g := new(desk.ChessGame) // one game at a time: its storage serves the next
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		readErr := r.ReadInto(g)
		if errors.Is(readErr, io.EOF) {
			break
		}
		var synErr *desk.GameSyntaxError
		if readErr != nil && !errors.As(readErr, &synErr) {
			return &wordedError{opts.L.T("cli.game_check.read", "File", name, "Err", errWords(opts.L, readErr)), readErr}
		}
		n++
		v := desk.CheckChessGame(g, opts.Lang, opts.TimeForfeit)
		gv := verdictOf(n, g, v, synErr)
		if !gv.Legal || !gv.ResultConsistent {
			bad++
		}
		if opts.JSON {
			if err := enc.Encode(gv); err != nil {
				return err
			}
		} else {
			writeVerdict(opts.L, out, &gv, v)
		}
	}
	if n == 0 {
		// An empty file is more likely the wrong file than a round
		// without games.
		return errors.New(opts.L.T("cli.game_check.nogame", "File", name))
	}
	if !opts.JSON {
		fmt.Fprintln(out, opts.L.N("cli.game_check.total", n, "Good", n-bad, "Bad", bad))
	}
	if err := out.Flush(); err != nil {
		return err
	}
	if bad > 0 {
		return &exitError{code: exitFailure}
	}
	return nil
}

// verdictOf gathers what is printed about a game.
func verdictOf(index int, g *desk.ChessGame, v *desk.GameVerdict, synErr *desk.GameSyntaxError) gameVerdict {
	gv := gameVerdict{
		Index:            index,
		White:            g.Tag("White"),
		Black:            g.Tag("Black"),
		Result:           v.Result,
		Plies:            len(v.Moves),
		Legal:            v.Legal(),
		FinalFEN:         v.Final.FEN(),
		Status:           v.Status.String(),
		Claimable:        []string{},
		ResultConsistent: v.ResultConsistent,
		ResultNote:       v.ResultNote,
		Line:             g.Line,
		Letters:          v.Lang.String(),
		LettersNote:      v.LangNote,
		CanMate:          map[string]mate{},
	}
	if v.Status != desk.GameOngoing {
		gv.EndPly = v.EndPly
	}
	for _, c := range v.Claims {
		gv.Claimable = append(gv.Claimable, c.String())
	}
	for _, c := range []desk.Colour{desk.White, desk.Black} {
		m := v.Mate[c]
		gv.CanMate[c.String()] = mate{m.Can, m.How, m.Detail}
	}
	switch {
	case synErr != nil:
		gv.Legal, gv.ResultConsistent = false, false
		gv.Reason = fmt.Sprintf("cannot read the game: line %d, column %d: %s", synErr.Line, synErr.Col, synErr.Msg)
		gv.IllegalLine, gv.IllegalColumn = synErr.Line, synErr.Col
		gv.ResultNote = "not checked: the game cannot be read"
	case v.Err != nil:
		gv.Reason = v.Err.Error()
	case v.Illegal != nil:
		im := v.Illegal
		gv.IllegalPly, gv.IllegalMove, gv.Reason, gv.Article = im.Ply, im.Move(), im.Reason, im.Article
		gv.IllegalLine, gv.IllegalColumn = im.Line, im.Col
	}
	return gv
}

// illegalWhy words why the first illegal move of v cannot be played in
// l's language, from the phrase of the Laws' explanation; reason, the
// English stored or shown in JSON, when v has no such phrase or says
// something else.
func illegalWhy(l *locale.Localizer, reason string, v *desk.GameVerdict) string {
	if v == nil || v.Illegal == nil || v.Illegal.Reason != reason || v.Illegal.Why.IsZero() {
		return reason
	}
	return l.Word(v.Illegal.Why)
}

// writeVerdict prints a game's verdict for people, in l's language.
func writeVerdict(l *locale.Localizer, w io.Writer, gv *gameVerdict, v *desk.GameVerdict) {
	name := func(s string) string {
		if s == "" {
			return "?"
		}
		return s
	}
	result := gv.Result
	if result == "" {
		result = l.T("cli.result.none")
	}
	fmt.Fprintln(w, l.T("cli.game_check.game", "Index", gv.Index, "Line", gv.Line, "White", name(gv.White), "Black", name(gv.Black), "Result", result))
	moves := (gv.Plies + 1) / 2
	// The labels are padded to one width, plus a space: "  moves:  ",
	// "  result: ".
	labels := map[string]string{}
	width := 0
	for _, id := range []string{"moves", "end", "white", "black", "result", "final"} {
		labels[id] = l.T("cli.game_check.label." + id)
		width = max(width, utf8.RuneCountInString(labels[id]))
	}
	label := func(id string) string {
		return labels[id] + strings.Repeat(" ", width-utf8.RuneCountInString(labels[id]))
	}
	switch {
	case gv.Legal:
		fmt.Fprintf(w, "  %s %s\n", label("moves"), l.N("cli.game_check.legal", moves, "Plies", gv.Plies, "Letters", l.T("cli.letters."+gv.Letters)))
	case gv.IllegalMove != "":
		where := ""
		if gv.IllegalLine > 0 {
			where = l.T("cli.game_check.where", "Line", gv.IllegalLine, "Column", gv.IllegalColumn)
		}
		art := ""
		if gv.Article != "" {
			art = " (" + desk.Cite(gv.Article) + ")"
		}
		fmt.Fprintf(w, "  %s %s\n", label("moves"), l.T("cli.game_check.illegal", "Move", gv.IllegalMove, "Ply", gv.IllegalPly, "Where", where, "Reason", illegalWhy(l, gv.Reason, v), "Article", art))
	default:
		fmt.Fprintf(w, "  %s %s\n", label("moves"), l.T("cli.verdict.unreadable", "Reason", gv.Reason))
	}
	if gv.LettersNote != "" {
		fmt.Fprintf(w, "  %s %s\n", l.T("cli.game_check.label.letters"), gv.LettersNote)
	}
	// The moves of the game are in its own letters, or in Italian ones
	// for an Italian reader.
	letters := v.Lang
	if l.Lang() == locale.Italian {
		letters = desk.ItalianLetters
	}
	status := gv.Status // as the JSON has it, in English
	if l.Lang() != locale.English {
		status = statusWords(l, status)
	}
	end := l.T("cli.game_check.noend", "Status", status)
	if v.Status != desk.GameOngoing {
		end = l.T("cli.game_check.end", "Status", status, "Move", v.MoveName(v.EndPly, letters), "Ply", gv.EndPly, "Article", desk.Cite(v.Status.Article()))
	}
	if len(gv.Claimable) > 0 {
		end += l.T("cli.game_check.claimable", "Claims", strings.Join(gv.Claimable, ", "))
	}
	fmt.Fprintf(w, "  %s %s\n", label("end"), end)
	for i, c := range []string{"white", "black"} {
		m := gv.CanMate[c]
		can := l.T("cli.game_check.cannot")
		if m.Can {
			can = l.T("cli.game_check.can")
		}
		detail := m.Detail
		if t := v.Mate[[]desk.Colour{desk.White, desk.Black}[i]].Text; !t.IsZero() {
			detail = l.Word(t)
		}
		fmt.Fprintf(w, "  %s %s (%s: %s)\n", label(c), can, l.T("cli.game_check.how."+m.How), detail)
	}
	note := gv.ResultNote
	if gv.ResultNote == v.ResultNote && !v.ResultText.IsZero() {
		note = l.Word(v.ResultText)
	}
	switch {
	case !gv.Legal:
		fmt.Fprintf(w, "  %s %s\n", label("result"), note)
	case gv.ResultConsistent:
		fmt.Fprintf(w, "  %s %s\n", label("result"), l.T("cli.verdict.consistent", "Note", note))
	default:
		fmt.Fprintf(w, "  %s %s\n", label("result"), l.T("cli.verdict.inconsistent", "Note", note))
	}
	fmt.Fprintf(w, "  %s %s\n", label("final"), gv.FinalFEN)
}
