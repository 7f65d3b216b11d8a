package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/spf13/cobra"
)

// What game add and game import share: reading PGN, finding boards,
// checking a game for its board and deciding the result it brings.

// pgnGame is a game read from a file, with where it starts.
type pgnGame struct {
	game  *desk.ChessGame
	index int // 1 for the first game of the file
}

// readGames reads every game of the PGN file at path ("-" for stdin).
// A game that cannot be read stops the reading with an error naming the
// line; so does a file beyond the limits of one import (see eachGame).
func (a *app) readGames(path string) ([]pgnGame, string, error) {
	var gs []pgnGame
	name, err := a.eachGame(path, func(pg pgnGame) error {
		gs = append(gs, pg)
		return nil
	})
	if err != nil {
		return nil, name, err
	}
	return gs, name, nil
}

// The limits of one PGN import. A round of the largest tournament (9,999
// players) has 5,000 boards and a whole tournament of 13 rounds 65,000, in
// some 100 MB of PGN with long games; the limits leave room for a file of
// several events, and stop a file of no tournament (a download of a games
// database) before it fills the memory of the machine.
const (
	maxPGNBytes = 256 << 20 // bytes read from one file
	maxPGNGames = 500_000   // games in one file
)

// eachGame reads the PGN file at path ("-" for stdin) one game at a time
// and passes each to fn, so that a large file is never held whole. It
// returns the name of the input for messages. A file that holds no game,
// or more than maxPGNGames games, or more than maxPGNBytes, is refused.
func (a *app) eachGame(path string, fn func(pgnGame) error) (string, error) {
	l := a.tr()
	in, name := a.stdin, l.T("cli.game_submit.stdin")
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			return path, fmt.Errorf("%s: %w", l.T("err.read", "Path", path), plainPathError(err))
		}
		defer f.Close()
		in, name = f, path
	}
	return name, readEachGame(l, in, name, maxPGNBytes, maxPGNGames, fn)
}

// readEachGame reads the games of in, the input called name, one at a
// time and passes each to fn; it refuses an input of more than maxBytes or
// maxGames, or without a game. l words the refusals.
func readEachGame(l *locale.Localizer, in io.Reader, name string, maxBytes int64, maxGames int, fn func(pgnGame) error) error {
	lr := &io.LimitedReader{R: in, N: maxBytes + 1}
	r := desk.ReadGames(lr)
	n := 0
	for {
		g, err := r.Read()
		if lr.N <= 0 {
			limit := byteSizeIn(l, maxBytes)
			if maxBytes >= 1<<20 {
				limit = fmt.Sprintf("%d MB", maxBytes>>20)
			}
			return errors.New(l.T("cli.game_submit.toolarge", "File", name, "Limit", limit))
		}
		if errors.Is(err, io.EOF) {
			break
		}
		var syn *desk.GameSyntaxError
		if errors.As(err, &syn) {
			return errors.New(l.T("cli.game_submit.syntax", "File", name, "Line", syn.Line, "Col", syn.Col, "Msg", syn.Msg))
		}
		if err != nil {
			return fmt.Errorf("%s: %w", l.T("err.read", "Path", name), plainPathError(err))
		}
		if n++; n > maxGames {
			return errors.New(l.T("cli.game_submit.toomany", "File", name, "Max", thousandsIn(l, maxGames)))
		}
		if err := fn(pgnGame{game: g, index: n}); err != nil {
			return err
		}
	}
	if n == 0 {
		return errors.New(l.T("cli.game_submit.nogame", "File", name))
	}
	return nil
}

// thousandsIn writes n with the separator of l's language between groups
// of three digits: 500,000 in English, 500.000 in Italian.
func thousandsIn(l *locale.Localizer, n int) string {
	sep := ","
	if l.Lang() == locale.Italian {
		sep = "."
	}
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + sep + s[i:]
	}
	return s
}

// plainPathError drops the operation and path that os errors repeat.
func plainPathError(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

func seatOf(s *desk.Snapshot, n int, b arbiter.Board) desk.Seat { return desk.SeatOf(s, n, b) }

// findBoard returns board b of round n (desk.BoardAt); l words the
// refusals.
func findBoard(l *locale.Localizer, s *desk.Snapshot, n, b int) (arbiter.Board, error) {
	x, err := desk.BoardAt(s, n, b)
	switch {
	case errors.Is(err, desk.ErrNotPaired):
		return x, errors.New(l.T("cli.game_submit.notpaired", "Round", n))
	case errors.Is(err, desk.ErrOnlyByes):
		return x, errors.New(l.T("cli.game_submit.onlybyes", "Round", n))
	case errors.Is(err, desk.ErrNoBoard):
		return x, errors.New(l.T("cli.game_submit.noboard", "Round", n, "Board", b, "Boards", len(s.Round(n).Boards)))
	}
	return x, err
}

// roundOf returns the round a command works on: the --round asked for,
// which must be paired, or the last round paired (desk.RoundAt). l words
// the refusals.
func roundOf(l *locale.Localizer, s *desk.Snapshot, n int) (int, error) {
	r, err := desk.RoundAt(s, n)
	switch {
	case errors.Is(err, desk.ErrNoRounds):
		return r, errors.New(l.T("cli.game_submit.nopaired", "Name", s.Tournament.Name))
	case errors.Is(err, desk.ErrNotPaired):
		return r, errors.New(l.T("cli.game_submit.notyet", "Round", n, "Last", len(s.Rounds)))
	case errors.Is(err, desk.ErrInvalid):
		return r, errors.New(l.T("err.round", "Round", n, "Example", 3))
	}
	return r, err
}

// parseBoard reads a board number argument; l words the refusal.
func parseBoard(l *locale.Localizer, text string) (int, error) {
	b, err := strconv.Atoi(strings.TrimSpace(text))
	if err != nil || b < 1 {
		return 0, errors.New(l.T("err.result.board", "Board", strconv.Quote(text)))
	}
	return b, nil
}

// gameInput is a game on its way to a board.
type gameInput struct {
	game    *desk.ChessGame
	seat    desk.Seat
	entered arbiter.Result // the board's result now
	lang    desk.Lang
	result  arbiter.Result // the result the arbiter typed (game add --result); NoResult: the game's Result tag
	reason  string         // the reason typed (game add --reason); "": the Termination tag
	ruling  string         // the arbiter's ruling on the game
	// how tells the user how to record a ruling ("add --ruling ...").
	how string
	// l words the refusals; nil is English.
	l *locale.Localizer
}

// gameRecord is the verdict stored with a game.
type gameRecord = desk.Record

// summary says in a few words, in l's language (nil: English), what the
// verdict found: "legal, checkmate after 23.Qh7#", "ILLEGAL 4...Nd4 (art.
// 3.9)".
func summary(l *locale.Localizer, r gameRecord) string {
	switch {
	case r.IllegalMove != "":
		return l.T("cli.verdict.illegal", "Move", r.IllegalMove, "Article", desk.Cite(r.Article))
	case !r.Legal:
		return l.T("cli.verdict.unreadable", "Reason", r.IllegalReason)
	case r.EndMove != "":
		return l.T("cli.verdict.legalend", "End", endWords(l, r.Status, r.EndMove, r.Article))
	}
	return l.T("cli.verdict.legal")
}

// endWords says how a game ended by itself: "checkmate after 4.Qxf7# (art.
// 5.1.1)", the move in the letters of l's language.
func endWords(l *locale.Localizer, status, move, article string) string {
	return l.T("cli.verdict.end", "Status", statusWords(l, status), "Move", desk.InLetters(move, moveLetters(l)), "Article", desk.Cite(article))
}

// moveLetters are the piece letters of moves shown in l's language.
func moveLetters(l *locale.Localizer) desk.Lang {
	if l.Lang() == locale.Italian {
		return desk.ItalianLetters
	}
	return desk.EnglishLetters
}

// statusWords writes a status for people: "checkmate", "dead position",
// "75 moves".
func statusWords(l *locale.Localizer, s string) string {
	id := "cli.gamestatus." + s
	if w := l.T(id); w != id {
		return w
	}
	return s
}

// checkedGame is a game judged for its board: what to store, and what to
// tell the user.
type checkedGame struct {
	sub     desk.Submission
	verdict *desk.GameVerdict // nil for a result without moves
	record  gameRecord
	notes   []string // what the Laws changed, for stderr, in the words of gameInput.l
}

// checkGame judges a game for its board (desk.CheckGame) and words a
// refusal for the command line: a sentence without the board.
func checkGame(t arbiter.Tournament, in gameInput) (checkedGame, error) {
	cg, err := desk.CheckGame(t, desk.GameInput{Game: in.game, Seat: in.seat, Entered: in.entered, Lang: in.lang,
		Result: in.result, Reason: in.reason, Ruling: in.ruling})
	if err != nil {
		return checkedGame{}, gameError(err, in)
	}
	notes := slices.Clone(cg.Notes)
	for i, t := range cg.Texts {
		if i < len(notes) && !t.IsZero() {
			notes[i] = in.l.Word(t)
		}
	}
	return checkedGame{sub: cg.Sub, verdict: cg.Verdict, record: cg.Record, notes: notes}, nil
}

// gameError adds to a refused game how to put it right on the command
// line.
func gameError(err error, in gameInput) error {
	var de *desk.Error
	if !errors.As(err, &de) {
		return err
	}
	l := in.l
	// msg is the refusal in l's language where the desk gives its phrase
	// (an illegal move: what the Laws forbid, in the reader's words).
	msg := de.Msg
	if t := de.Phrase(); !t.IsZero() {
		msg = l.Word(t)
	}
	switch {
	case errors.Is(err, desk.ErrUnreplayable), errors.Is(err, desk.ErrIllegalMove):
		return fmt.Errorf("%s; %s", msg, in.how)
	case errors.Is(err, desk.ErrResultContradicted) && in.result != arbiter.NoResult:
		return errors.New(l.T("cli.game_submit.contradicted", "Msg", msg))
	case errors.Is(err, desk.ErrResultContradicted):
		return errors.New(l.T("cli.game_submit.resulttag", "Msg", msg, "How", in.how))
	case errors.Is(err, desk.ErrBoardHasOther):
		fix := l.T("cli.game_submit.fixfirst", "Stored", de.Stored, "Board", in.seat.Board, "Given", de.Given, "Round", in.seat.Round)
		if m, ok := strings.CutSuffix(de.Msg, " as the result"); ok {
			return errors.New(l.T("cli.game_submit.withresult", "Msg", m, "Fix", fix))
		}
		return fmt.Errorf("%s; %s", de.Msg, fix)
	}
	return err
}

// takeRuling removes from g the comment before the first move that holds
// the arbiter's ruling, as export pgn writes it in either language
// ({Ruling: TEXT}, {Decisione: TESTO}), and returns the ruling.
func takeRuling(g *desk.ChessGame) string {
	for i, c := range g.Comments {
		for _, prefix := range desk.RulingPrefixes {
			if text, ok := strings.CutPrefix(strings.TrimSpace(c), prefix); ok {
				g.Comments = append(g.Comments[:i:i], g.Comments[i+1:]...)
				return strings.TrimSpace(text)
			}
		}
	}
	return ""
}

// tagsOf returns what a game says about where it was played.
func tagsOf(g *desk.ChessGame) desk.GameTags { return desk.TagsOf(g) }

// completeBoards completes the boards of the round given with --round, or
// of the last round paired.
func (a *app) completeBoards(cmd *cobra.Command, args []string, _ string) ([]cobra.Completion, cobra.ShellCompDirective) {
	if len(args) > 0 {
		return nil, cobra.ShellCompDirectiveDefault
	}
	s := a.completeSnapshot(cmd)
	rd := completeRound(cmd, s)
	if rd == nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	var out []cobra.Completion
	for _, b := range rd.Boards {
		st := seatOf(s, rd.Number, b)
		out = append(out, cobra.CompletionWithDesc(strconv.Itoa(b.Number), st.White+" - "+st.Black))
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}
