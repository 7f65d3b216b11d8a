package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/rules"
	"github.com/labyrinth-chess/arbiter/store"
	"github.com/spf13/cobra"
)

// gameShowOptions are the inputs of "game show".
type gameShowOptions struct {
	Board string
	Round int // 0: the last round paired
	Lang  rules.Lang
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
		Args:              oneArg("give a board, e.g. arbiter game show 3"),
		ValidArgsFunction: a.completeBoards,
		RunE: func(cmd *cobra.Command, args []string) error {
			l, err := outputLang(lang)
			if err != nil {
				return err
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

// gameShowJSON is a game with its verdict in JSON. Field names are
// stable: add, never rename.
type gameShowJSON struct {
	Round            int      `json:"round"`
	Board            int      `json:"board"`
	White            string   `json:"white"`
	Black            string   `json:"black"`
	Result           string   `json:"result"`
	Reason           string   `json:"reason"`
	Letters          string   `json:"letters"`
	Moves            []string `json:"moves"`
	Unplayable       []string `json:"unplayable"`
	Legal            bool     `json:"legal"`
	Plies            int      `json:"plies"`
	Status           string   `json:"status"`
	EndPly           int      `json:"end_ply"`
	EndMove          string   `json:"end_move"`
	IllegalPly       int      `json:"illegal_ply"`
	IllegalMove      string   `json:"illegal_move"`
	IllegalReason    string   `json:"illegal_reason"`
	Article          string   `json:"article"`
	ResultConsistent bool     `json:"result_consistent"`
	ResultNote       string   `json:"result_note"`
	Notes            []string `json:"notes"`
	Ruling           string   `json:"ruling"`
	SubmittedAt      string   `json:"submitted_at"`
	Submissions      int      `json:"submissions"`
	FinalFEN         string   `json:"final_fen"`
}

// boardGame is the game of a board as stored, read back and replayed.
type boardGame struct {
	stored  store.Game
	count   int // submissions for the board
	game    *rules.Game
	verdict *rules.Verdict
	record  gameRecord // as stored
}

// loadGame reads the latest game of a board and replays it.
func loadGame(ctx context.Context, db *store.DB, tid int64, n, b int) (*boardGame, error) {
	gs, err := db.Games(ctx, tid, n, b)
	if err != nil || len(gs) == 0 {
		return nil, err
	}
	return replayStored(gs[len(gs)-1], len(gs))
}

// replayStored reads a stored game and replays it in the letters it was
// written in.
func replayStored(sg store.Game, count int) (*boardGame, error) {
	bg := &boardGame{stored: sg, count: count}
	g, err := rules.NewReader(strings.NewReader(sg.PGN)).Read()
	if err != nil {
		return nil, fmt.Errorf("game %d of round %d board %d cannot be read back: %w", sg.ID, sg.Round, sg.Board, err)
	}
	lang, _ := rules.ParseLang(sg.Letters)
	bg.game, bg.verdict = g, rules.Check(g, rules.Options{Lang: lang})
	if sg.Verdict != "" {
		_ = json.Unmarshal([]byte(sg.Verdict), &bg.record)
	}
	return bg, nil
}

// unplayable returns the moves of g from the first illegal one on, as
// written, numbered: ["4...Nd4", "5.Nxd4", "exd4"].
func unplayable(g *rules.Game, im *rules.IllegalMove) []string {
	if im == nil {
		return nil
	}
	var out []string
	number, black := im.Number, im.Side == rules.Black
	for i, nd := range g.Moves[im.Ply-1:] {
		switch {
		case !black:
			out = append(out, strconv.Itoa(number)+"."+nd.Text)
		case i == 0:
			out = append(out, strconv.Itoa(number)+"..."+nd.Text)
		default:
			out = append(out, nd.Text)
		}
		if black {
			number++
		}
		black = !black
	}
	return out
}

// sanMoves writes the legal moves of a verdict in SAN with the letters of
// lang.
func sanMoves(v *rules.Verdict, lang rules.Lang) []string {
	out := make([]string, 0, len(v.Moves))
	p := v.Start
	for _, m := range v.Moves {
		out = append(out, p.FormatMove(m, lang))
		p.Play(m)
	}
	return out
}

// wrapMoves lays out numbered moves in lines of at most 79 characters,
// ending with the result.
func wrapMoves(w io.Writer, start rules.Position, moves []string, result string) {
	number, black := start.FullmoveNumber(), start.Turn() == rules.Black
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
	board, err := parseBoard(opts.Board)
	if err != nil {
		return err
	}
	return a.withStore(ctx, store.ReadOnly, func(db *store.DB) error {
		s, err := a.snapshot(ctx, db)
		if err != nil {
			return err
		}
		n, err := roundOf(s, opts.Round)
		if err != nil {
			return err
		}
		b, err := findBoard(s, n, board)
		if err != nil {
			return err
		}
		bg, err := loadGame(ctx, db, s.Tournament.ID, n, board)
		if err != nil {
			return err
		}
		if bg == nil {
			return fmt.Errorf("round %d board %d has no game: attach one with arbiter game add %d FILE --round %d", n, board, board, n)
		}
		d, err := db.RoundDetail(ctx, s.Tournament.ID, n)
		if err != nil {
			return err
		}
		seat := seatOf(s, n, b)
		v := bg.verdict
		out := gameShowJSON{Round: n, Board: board, White: seat.White, Black: seat.Black, Result: b.Result.String(),
			Reason: d.Reasons[board], Letters: v.Lang.String(), Moves: sanMoves(v, opts.Lang), Unplayable: unplayable(bg.game, v.Illegal),
			Legal: v.Legal(), Plies: len(v.Moves), Status: v.Status.String(), ResultConsistent: v.ResultConsistent,
			ResultNote: v.ResultNote, Notes: bg.record.Notes, Ruling: bg.stored.Ruling,
			SubmittedAt: bg.stored.Created.UTC().Format(time.RFC3339), Submissions: bg.count, FinalFEN: v.Final.FEN()}
		if b.Result != arbiter.NoResult && !b.Result.Forfeit() && v.Legal() {
			// Judge the result entered, which the Laws may have changed.
			lang, _ := rules.ParseLang(bg.stored.Letters)
			v2 := rules.Check(bg.game, rules.Options{Lang: lang, Result: checkedResult(b.Result), TimeForfeit: d.Reasons[board] == "time"})
			out.ResultConsistent, out.ResultNote = v2.ResultConsistent, v2.ResultNote
		}
		if out.Unplayable == nil {
			out.Unplayable = []string{}
		}
		if out.Notes == nil {
			out.Notes = []string{}
		}
		if v.Status != rules.Ongoing && v.Legal() {
			out.EndPly, out.EndMove, out.Article = v.EndPly, v.MoveName(v.EndPly, opts.Lang), v.Status.Article()
		}
		switch {
		case v.Err != nil:
			out.IllegalReason = v.Err.Error()
		case v.Illegal != nil:
			out.IllegalPly, out.IllegalMove, out.IllegalReason, out.Article = v.Illegal.Ply, v.Illegal.Move(), v.Illegal.Reason, v.Illegal.Article
		}
		if opts.JSON {
			return writeJSON(a.stdout, out)
		}
		return printGame(a.stdout, out, v)
	})
}

// printGame writes a game and its verdict for people.
func printGame(w io.Writer, g gameShowJSON, v *rules.Verdict) error {
	res := g.Result
	if res == "" {
		res = "no result"
	}
	if g.Reason != "" && g.Result != "" {
		res += " (" + g.Reason + ")"
	}
	fmt.Fprintf(w, "Round %d, board %d: %s - %s, %s\n\n", g.Round, g.Board, g.White, g.Black, res)
	marker := g.Result
	if marker == "" || len(g.Unplayable) > 0 {
		marker = "*"
	}
	wrapMoves(w, v.Start, g.Moves, marker)
	if len(g.Unplayable) > 0 {
		fmt.Fprintf(w, "then, as written: %s\n", strings.Join(g.Unplayable, " "))
	}
	fmt.Fprintln(w)
	moves := (g.Plies + 1) / 2
	letters := map[string]string{"en": "English", "it": "Italian"}[g.Letters]
	tb := newTable()
	switch {
	case g.Legal:
		tb.add("moves:", fmt.Sprintf("legal, %d %s (%d plies), written in %s letters", moves, nounFor(moves, "move", "moves"), g.Plies, letters))
	case g.IllegalMove != "":
		tb.add("moves:", fmt.Sprintf("ILLEGAL %s: %s (%s)", g.IllegalMove, g.IllegalReason, rules.Cite(g.Article)))
	default:
		tb.add("moves:", "UNREADABLE: "+g.IllegalReason)
	}
	if g.EndMove != "" {
		tb.add("end:", fmt.Sprintf("%s after %s (%s)", statusWords(g.Status), g.EndMove, rules.Cite(g.Article)))
	}
	switch {
	case !g.Legal:
		tb.add("result:", "not checked: the arbiter's ruling decides")
	case g.ResultConsistent:
		tb.add("result:", "consistent: "+g.ResultNote)
	default:
		tb.add("result:", "INCONSISTENT: "+g.ResultNote)
	}
	for _, n := range g.Notes {
		tb.add("note:", n)
	}
	if g.Ruling != "" {
		tb.add("ruling:", g.Ruling)
	}
	sub := g.SubmittedAt
	if g.Submissions > 1 {
		sub += fmt.Sprintf(" (%d earlier %s kept)", g.Submissions-1, nounFor(g.Submissions-1, "submission", "submissions"))
	}
	tb.add("added:", sub)
	return tb.write(w)
}
