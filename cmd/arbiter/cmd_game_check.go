package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/labyrinth-chess/arbiter/phrase"
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
	out := bufio.NewWriterSize(opts.Stdout, 64<<10)
	defer out.Flush()
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)

	var words *verdictWords
	if !opts.JSON {
		words = newVerdictWords(opts.L)
	}
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
			gv.CanMate = map[string]mate{}
			for _, c := range []desk.Colour{desk.White, desk.Black} {
				m := v.Mate[c]
				gv.CanMate[c.String()] = mate{m.Can, m.How, m.Detail}
			}
			if err := enc.Encode(gv); err != nil {
				return err
			}
		} else {
			words.write(out, &gv, v)
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

// verdictOf gathers what is printed about a game, but for CanMate, which
// only the JSON shows (the text reads v.Mate).
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
	}
	if v.Status != desk.GameOngoing {
		gv.EndPly = v.EndPly
	}
	for _, c := range v.Claims {
		gv.Claimable = append(gv.Claimable, c.String())
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

// verdictWords words the verdicts of a file for people, in one
// language: what is the same for every game (the labels, can and
// cannot) is worded once, a message with placeholders is worded once
// around markers and filled for each game (frame), and a phrase of the
// Laws is worded once however many games end with it.
type verdictWords struct {
	l      *locale.Localizer
	labels [6]string // moves, end, white, black, result, final: padded to one width
	// can[0] is "cannot checkmate", can[1] "can checkmate".
	can        [2]string
	how        map[string]string // cli.game_check.how.*, by how
	lettersOf  map[desk.Lang]string
	game, end  frame
	noend      frame
	claimable  frame
	consistent [2]frame // inconsistent, consistent
	legal      map[int]frame
	words      *locale.Memo // phrases worded, each once
}

const (
	labelMoves = iota
	labelEnd
	labelWhite
	labelBlack
	labelResult
	labelFinal
)

// wordsCap bounds the phrases verdictWords keeps: those of the end of
// a game repeat, those that name a move hardly ever do.
const wordsCap = 4096

func newVerdictWords(l *locale.Localizer) *verdictWords {
	vw := &verdictWords{l: l, how: map[string]string{}, lettersOf: map[desk.Lang]string{}, legal: map[int]frame{}, words: locale.NewMemo(l, wordsCap)}
	// The labels are padded to one width, plus a space: "  moves:  ",
	// "  result: ".
	width := 0
	for i, id := range []string{"moves", "end", "white", "black", "result", "final"} {
		vw.labels[i] = l.T("cli.game_check.label." + id)
		width = max(width, utf8.RuneCountInString(vw.labels[i]))
	}
	for i, lb := range vw.labels {
		vw.labels[i] = "  " + lb + strings.Repeat(" ", width-utf8.RuneCountInString(lb)) + " "
	}
	vw.can = [2]string{l.T("cli.game_check.cannot"), l.T("cli.game_check.can")}
	vw.game = newFrame(func(args ...any) string { return l.T("cli.game_check.game", args...) }, "Index", "Line", "White", "Black", "Result")
	vw.end = newFrame(func(args ...any) string { return l.T("cli.game_check.end", args...) }, "Status", "Move", "Ply", "Article")
	vw.noend = newFrame(func(args ...any) string { return l.T("cli.game_check.noend", args...) }, "Status")
	vw.claimable = newFrame(func(args ...any) string { return l.T("cli.game_check.claimable", args...) }, "Claims")
	vw.consistent[0] = newFrame(func(args ...any) string { return l.T("cli.verdict.inconsistent", args...) }, "Note")
	vw.consistent[1] = newFrame(func(args ...any) string { return l.T("cli.verdict.consistent", args...) }, "Note")
	return vw
}

// word returns l.Word(t), worded once for each phrase.
func (vw *verdictWords) word(t phrase.Text) string { return vw.words.Word(t) }

// frame is a message of the catalog worded once with a marker for each
// placeholder and cut at the markers, so that filling it in for a game
// joins strings. The catalogs' messages hold placeholders and no logic
// (locale's fillParser), and a value is printed as it is given, so the
// result is what the Localizer words with the same values.
type frame struct {
	lits  []string // lits[0], value of slots[0], lits[1], ..., lits[len(slots)]
	slots []int    // the value each gap takes, by its place among the names
}

// frameMark is the marker of the i-th placeholder: no catalog text holds
// a NUL.
func frameMark(i int) string { return "\x00" + string(rune('A'+i)) + "\x00" }

// newFrame words a message through word with markers for the
// placeholders names, and cuts it at them.
func newFrame(word func(args ...any) string, names ...string) frame {
	args := make([]any, 0, 2*len(names))
	for i, n := range names {
		args = append(args, n, frameMark(i))
	}
	s := word(args...)
	var f frame
	for {
		i := strings.IndexByte(s, 0)
		if i < 0 || i+2 >= len(s) || s[i+2] != 0 || int(s[i+1]-'A') >= len(names) {
			f.lits = append(f.lits, s)
			return f
		}
		f.lits = append(f.lits, s[:i])
		f.slots = append(f.slots, int(s[i+1]-'A'))
		s = s[i+3:]
	}
}

// write writes the message filled with vals, in the order of the names
// the frame was made with.
func (f *frame) write(w *bufio.Writer, vals ...string) {
	for i, slot := range f.slots {
		w.WriteString(f.lits[i])
		w.WriteString(vals[slot])
	}
	w.WriteString(f.lits[len(f.lits)-1])
}

// text returns the message filled with vals.
func (f *frame) text(vals ...string) string {
	if len(f.slots) == 0 {
		return f.lits[0]
	}
	var b strings.Builder
	for i, slot := range f.slots {
		b.WriteString(f.lits[i])
		b.WriteString(vals[slot])
	}
	b.WriteString(f.lits[len(f.lits)-1])
	return b.String()
}

// line writes one labelled line of a verdict.
func (vw *verdictWords) line(w *bufio.Writer, label int, text string) {
	w.WriteString(vw.labels[label])
	w.WriteString(text)
	w.WriteByte('\n')
}

// write prints a game's verdict for people, in vw's language.
func (vw *verdictWords) write(w *bufio.Writer, gv *gameVerdict, v *desk.GameVerdict) {
	l := vw.l
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
	vw.game.write(w, strconv.Itoa(gv.Index), strconv.Itoa(gv.Line), name(gv.White), name(gv.Black), result)
	w.WriteByte('\n')
	moves := (gv.Plies + 1) / 2
	switch {
	case gv.Legal:
		f, ok := vw.legal[moves]
		if !ok {
			f = newFrame(func(args ...any) string { return l.N("cli.game_check.legal", moves, args...) }, "Plies", "Letters")
			vw.legal[moves] = f
		}
		letters, ok := vw.lettersOf[v.Lang]
		if !ok {
			letters = l.T("cli.letters." + gv.Letters)
			vw.lettersOf[v.Lang] = letters
		}
		w.WriteString(vw.labels[labelMoves])
		f.write(w, strconv.Itoa(gv.Plies), letters)
		w.WriteByte('\n')
	case gv.IllegalMove != "":
		where := ""
		if gv.IllegalLine > 0 {
			where = l.T("cli.game_check.where", "Line", gv.IllegalLine, "Column", gv.IllegalColumn)
		}
		art := ""
		if gv.Article != "" {
			art = " (" + desk.Cite(gv.Article) + ")"
		}
		vw.line(w, labelMoves, l.T("cli.game_check.illegal", "Move", gv.IllegalMove, "Ply", gv.IllegalPly, "Where", where, "Reason", illegalWhy(l, gv.Reason, v), "Article", art))
	default:
		vw.line(w, labelMoves, l.T("cli.verdict.unreadable", "Reason", gv.Reason))
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
	w.WriteString(vw.labels[labelEnd])
	if v.Status != desk.GameOngoing {
		vw.end.write(w, status, v.MoveName(v.EndPly, letters), strconv.Itoa(gv.EndPly), desk.Cite(v.Status.Article()))
	} else {
		vw.noend.write(w, status)
	}
	if len(gv.Claimable) > 0 {
		vw.claimable.write(w, strings.Join(gv.Claimable, ", "))
	}
	w.WriteByte('\n')
	for i, c := range []desk.Colour{desk.White, desk.Black} {
		m := v.Mate[c]
		can := vw.can[0]
		if m.Can {
			can = vw.can[1]
		}
		how, ok := vw.how[m.How]
		if !ok {
			how = l.T("cli.game_check.how." + m.How)
			vw.how[m.How] = how
		}
		detail := m.Detail
		if !m.Text.IsZero() {
			detail = vw.word(m.Text)
		}
		w.WriteString(vw.labels[labelWhite+i])
		w.WriteString(can)
		w.WriteString(" (")
		w.WriteString(how)
		w.WriteString(": ")
		w.WriteString(detail)
		w.WriteString(")\n")
	}
	note := gv.ResultNote
	if gv.ResultNote == v.ResultNote && !v.ResultText.IsZero() {
		note = vw.word(v.ResultText)
	}
	w.WriteString(vw.labels[labelResult])
	switch {
	case !gv.Legal:
		w.WriteString(note)
	case gv.ResultConsistent:
		vw.consistent[1].write(w, note)
	default:
		vw.consistent[0].write(w, note)
	}
	w.WriteByte('\n')
	vw.line(w, labelFinal, gv.FinalFEN)
}
