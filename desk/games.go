package desk

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/games"
	"github.com/labyrinth-chess/arbiter/phrase"
	"github.com/labyrinth-chess/arbiter/rules"
)

// BoardGame is the game of a board as stored, read back and replayed.
type BoardGame struct {
	Stored  Game
	Count   int // submissions for the board
	Game    *rules.Game
	Verdict *rules.Verdict
	Record  Record // as stored
}

// Replay reads a stored game and replays it in the letters it was
// written in; count is how many games the board has.
func Replay(sg Game, count int) (*BoardGame, error) {
	bg := &BoardGame{Stored: sg, Count: count}
	g, err := rules.NewReader(strings.NewReader(sg.PGN)).Read()
	if err != nil {
		return nil, fmt.Errorf("game %d of round %d board %d cannot be read back: %w", sg.ID, sg.Round, sg.Board, err)
	}
	lang, _ := rules.ParseLang(sg.Letters)
	bg.Game, bg.Verdict = g, rules.Check(g, rules.Options{Lang: lang})
	if sg.Verdict != "" {
		_ = json.Unmarshal([]byte(sg.Verdict), &bg.Record)
	}
	return bg, nil
}

// Record is the verdict stored with a game, as JSON. Field names are
// stable: add, never rename.
type Record struct {
	Legal            bool     `json:"legal"`
	Plies            int      `json:"plies"`
	Letters          string   `json:"letters"`
	Status           string   `json:"status"`
	EndPly           int      `json:"end_ply,omitempty"`
	EndMove          string   `json:"end_move,omitempty"`
	IllegalPly       int      `json:"illegal_ply,omitempty"`
	IllegalMove      string   `json:"illegal_move,omitempty"`
	IllegalReason    string   `json:"illegal_reason,omitempty"`
	Article          string   `json:"article,omitempty"`
	Result           string   `json:"result"`
	ResultConsistent bool     `json:"result_consistent"`
	ResultNote       string   `json:"result_note"`
	Notes            []string `json:"notes,omitempty"`
}

// RecordOf sums up a verdict for storage.
func RecordOf(v *rules.Verdict, notes []string) Record {
	r := Record{Legal: v.Legal(), Plies: len(v.Moves), Letters: v.Lang.String(), Status: v.Status.String(),
		Result: v.Result, ResultConsistent: v.ResultConsistent, ResultNote: v.ResultNote, Notes: notes}
	if v.Status != rules.Ongoing && v.Legal() {
		r.EndPly, r.EndMove, r.Article = v.EndPly, v.MoveName(v.EndPly, rules.English), v.Status.Article()
	}
	switch {
	case v.Err != nil:
		r.IllegalReason = v.Err.Error()
	case v.Illegal != nil:
		im := v.Illegal
		r.IllegalPly, r.IllegalMove, r.IllegalReason, r.Article = im.Ply, im.Move(), im.Reason, im.Article
	}
	return r
}

// Narrower kinds of the refusals of CheckGame.
var (
	// ErrTagsDisagree: the Result tag and the end of the moves disagree
	// (ErrInvalid).
	ErrTagsDisagree = errors.New("the Result tag and the moves disagree")
	// ErrUnreplayable: the moves cannot be read (ErrInvalid).
	ErrUnreplayable = errors.New("the game cannot be replayed")
	// ErrIllegalMove: the game has an illegal move and the arbiter has not
	// ruled on it (ErrRefused; Article: the Laws' article).
	ErrIllegalMove = errors.New("illegal move")
	// ErrResultContradicted: the end of the game gives another result
	// (ErrRefused).
	ErrResultContradicted = errors.New("the game gives another result")
	// ErrBoardHasOther: the board already has a result the game does not
	// give (ErrConflict; Stored and Given say which).
	ErrBoardHasOther = errors.New("the board has another result")
)

// GameInput is a game on its way to a board.
type GameInput struct {
	Game    *rules.Game
	Seat    games.Seat
	Entered arbiter.Result // the board's result now
	Lang    rules.Lang
	Result  arbiter.Result // the result the arbiter typed; NoResult: the game's Result tag
	Reason  string         // the reason typed; "": the Termination tag
	Ruling  string         // the arbiter's ruling on the game
}

// CheckedGame is a game judged for its board: what to store, and what to
// tell the user.
type CheckedGame struct {
	Sub     Submission
	Verdict *rules.Verdict // nil for a result without moves
	Record  Record
	Notes   []string // what the Laws changed
	// Texts are Notes as phrases of the catalogs, one for each note; a
	// zero Text where a note has none yet.
	Texts []phrase.Text
}

// CheckGame replays a game for its board and decides the result it
// brings (FIDE Laws art. 3-5, 6.9, 9.6; see the package documentation).
// A game with an illegal move is refused unless the arbiter has ruled on
// it; a result that the end of the game contradicts, or that differs from
// the result entered on the board, is refused with the result the game
// gives. Errors are *Error values wrapping ErrTagsDisagree,
// ErrUnreplayable, ErrIllegalMove, ErrResultContradicted or
// ErrBoardHasOther, saying nothing of the board itself.
func CheckGame(t arbiter.Tournament, in GameInput) (CheckedGame, error) {
	g := in.Game
	var out CheckedGame
	tagResult, marker := resultTag(g.Tag("Result")), g.Result
	if tagResult != "" && marker != "" && tagResult != marker {
		return out, &Error{Kind: ErrInvalid, Input: "game", Err: ErrTagsDisagree,
			Msg: fmt.Sprintf("the Result tag says %s but the moves end with %s: make them agree", g.Tag("Result"), marker)}
	}
	pgnResult := tagResult
	if pgnResult == "" {
		pgnResult = marker
	}
	played := len(g.Moves) > 0
	submitted, reason := games.ParseTermination(pgnResult, g.Tag("Termination"), played)
	typed := in.Result != arbiter.NoResult
	if typed {
		submitted = in.Result
	}
	if in.Reason != "" {
		reason = in.Reason
	}
	override := in.Ruling != "" || reason == games.ReasonArbiter
	out.Sub = Submission{Round: in.Seat.Round, Board: in.Seat.Board, Ruling: in.Ruling}
	const ruled = "if the arbiter has ruled on it, record the ruling with the result the arbiter gave"

	var end *games.End
	if played {
		opts := rules.Options{Lang: in.Lang, Result: checkedResult(submitted), TimeForfeit: reason == games.ReasonTime}
		v := rules.Check(g, opts)
		switch {
		case v.Err != nil && in.Ruling == "":
			return out, &Error{Kind: ErrInvalid, Input: "game", Err: ErrUnreplayable, Fix: ruled,
				Msg: fmt.Sprintf("the game cannot be replayed: %v", v.Err)}
		case v.Illegal != nil && in.Ruling == "":
			im := v.Illegal
			where, wherePhrase := "", phrase.Text{}
			if im.Line > 0 {
				where, wherePhrase = fmt.Sprintf(", line %d", im.Line), phrase.New("refuse.game.line", "Line", im.Line)
			}
			cite := ""
			if im.Article != "" {
				cite = " (" + rules.Cite(im.Article) + ")"
			}
			var text phrase.Text
			if !im.Why.IsZero() {
				text = phrase.New("refuse.game.illegal."+im.Side.String(), "Move", im.Move(), "Where", wherePhrase, "Why", im.Why, "Article", cite)
			}
			return out, &Error{Kind: ErrRefused, Input: "game", Err: ErrIllegalMove, Article: im.Article, Fix: ruled, Text: text,
				Msg: fmt.Sprintf("illegal move %s (%s%s): %s%s; the game is not stored", im.Move(), im.Side, where, im.Reason, cite)}
		}
		out.Verdict = v
		end = games.EndOf(v)
	}
	d, err := games.Decide(games.Facts{Laws: t.LawsEdition, Pace: t.Pace, Result: submitted, Reason: reason, End: end, Override: override})
	var ref *games.Refusal
	if errors.As(err, &ref) {
		e := &Error{Kind: ErrRefused, Input: "result", Err: errors.Join(ErrResultContradicted, ref), Article: articleIn(ref.Why),
			Stored: ref.Result, Given: ref.Gives, Msg: fmt.Sprintf("%s: the result is %s, not %s", ref.Why, ref.Gives, ref.Result),
			Fix: "give the result the game gives, or record the arbiter's decision as a ruling"}
		if !typed {
			e.Input, e.Msg, e.Fix = "game", e.Msg+" as the Result tag says", "fix the Result tag, or "+ruled
		}
		return out, e
	}
	if err != nil {
		return out, err
	}
	if in.Entered != arbiter.NoResult && d.Result != arbiter.NoResult && d.Result != in.Entered {
		e := &Error{Kind: ErrConflict, Input: "result", Err: ErrBoardHasOther, Stored: in.Entered, Given: d.Result,
			Fix: fmt.Sprintf("if %s is wrong, correct the board's result first", in.Entered)}
		switch {
		case d.Why != "":
			e.Msg = fmt.Sprintf("the board already has %s but the game gives %s: %s", in.Entered, d.Result, d.Why)
		case typed:
			e.Msg = fmt.Sprintf("the board already has %s, but %s was given as the result", in.Entered, d.Result)
		default:
			e.Msg = fmt.Sprintf("the board already has %s, but the Result tag says %s", in.Entered, d.Result)
		}
		return out, e
	}
	out.Sub.Result, out.Sub.Reason, out.Notes, out.Texts = d.Result, d.Reason, d.Notes, d.Texts
	if !played {
		return out, nil
	}
	v := out.Verdict
	if d.Result != arbiter.NoResult && checkedResult(d.Result) != v.Result && v.Legal() {
		// The Laws changed the result: judge the result entered.
		v2 := rules.Check(g, rules.Options{Lang: v.Lang, Result: checkedResult(d.Result), TimeForfeit: d.Reason == games.ReasonTime})
		v.Result, v.ResultConsistent, v.ResultNote = v2.Result, v2.ResultConsistent, v2.ResultNote
	}
	out.Record = RecordOf(v, d.Notes)
	data, err := json.Marshal(out.Record)
	if err != nil {
		return out, err
	}
	out.Sub.PGN = string(rules.AppendPGN(nil, g))
	out.Sub.Letters = v.Lang.String()
	out.Sub.Verdict = string(data)
	return out, nil
}

// CheckedResult is the PGN form of a result for rules.Check: "" for no
// result and for forfeits, which a game record cannot show.
func CheckedResult(r arbiter.Result) string { return checkedResult(r) }

func checkedResult(r arbiter.Result) string {
	if r == arbiter.NoResult || r.Forfeit() {
		return ""
	}
	return games.PGNResult(r)
}

// resultTag reads a Result tag value: "1-0", "0-1", "1/2-1/2", "*", or
// "" when it is none of them.
func resultTag(s string) string {
	switch s = strings.TrimSpace(s); s {
	case "1-0", "0-1", "1/2-1/2", "*":
		return s
	}
	return ""
}

// SubmitGames stores games checked by CheckGame for their boards, and the
// results they bring, in one transaction: all or none. A board that has
// another result meanwhile refuses the lot (ErrResultEntered).
func (d *Desk) SubmitGames(ctx context.Context, tournament string, subs []Submission) ([]Submitted, error) {
	t, err := d.resolve(ctx, tournament)
	if err != nil {
		return nil, err
	}
	done, err := d.db.SubmitGames(ctx, t.ID, subs)
	return done, inputErr("game", err)
}

// BoardGame returns the latest game of board b of round n, replayed, or
// nil if the board has none.
func (d *Desk) BoardGame(ctx context.Context, tid int64, n, b int) (*BoardGame, error) {
	gs, err := d.db.Games(ctx, tid, n, b)
	if err != nil || len(gs) == 0 {
		return nil, err
	}
	return Replay(gs[len(gs)-1], len(gs))
}

// Games returns the games submitted in tournament tid, oldest first: for
// round n only if n is not 0, and for board b only if b is not 0.
func (d *Desk) Games(ctx context.Context, tid int64, n, b int) ([]Game, error) {
	return d.db.Games(ctx, tid, n, b)
}

// RoundDetail returns round n of tournament tid with its notes and
// reasons.
func (d *Desk) RoundDetail(ctx context.Context, tid int64, n int) (RoundDetail, error) {
	return d.db.RoundDetail(ctx, tid, n)
}

// GameMatch is the board a game of a file belongs to, or why none is
// taken: it matches no board (not OK), its colours are the board's turned
// round (Swapped), or an earlier game of the file took the board (Taken).
type GameMatch struct {
	games.Match
	Board arbiter.Board // the board, when OK and not Taken
	Taken int           // the index in the file of the game that took the board first; 0 when none
}

// GameMatcher matches the games of one file to the boards of the paired
// rounds of a tournament, one game at a time as the file is read, so that
// what it keeps follows the tournament, not the file. A board is the
// first game's that matches it: a game of the same board later in the
// file is not taken, as two games cannot have been played on one board.
type GameMatcher struct {
	s     *Snapshot
	ix    *games.Index
	round int
	taken map[[2]int]int // round, board: index of the game that took it
}

// NewGameMatcher returns a matcher for the games of a file played in
// round n of s, or in the rounds their Round tags name when n is 0. A
// round not paired is refused as RoundAt refuses it; so is a tournament
// with no round paired, where no game can belong to a board.
func NewGameMatcher(s *Snapshot, n int) (*GameMatcher, error) {
	if _, err := RoundAt(s, n); err != nil {
		return nil, err
	}
	var seats []games.Seat
	for _, r := range s.Rounds {
		for _, b := range r.Boards {
			seats = append(seats, SeatOf(s, r.Number, b))
		}
	}
	return &GameMatcher{s: s, ix: games.NewIndex(len(s.Rounds), seats), round: n, taken: map[[2]int]int{}}, nil
}

// Match finds the board of the game at index (1 for the first of the
// file) whose tags are t (games.Index.Find), and takes it for the game
// unless it is taken already.
func (m *GameMatcher) Match(index int, t games.Tags) (GameMatch, error) {
	gm := GameMatch{Match: m.ix.Find(m.round, t)}
	if !gm.OK || gm.Swapped {
		return gm, nil
	}
	key := [2]int{gm.Seat.Round, gm.Seat.Board}
	if first, ok := m.taken[key]; ok {
		gm.Taken = first
		return gm, nil
	}
	b, err := BoardAt(m.s, gm.Seat.Round, gm.Seat.Board)
	if err != nil {
		return gm, err
	}
	m.taken[key] = index
	gm.Board = b
	return gm, nil
}
