package desk

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/store"
)

// MatchChange reports what EnterMatch did.
type MatchChange = store.MatchChange

// ActMatch is the event of a Double-Swiss match's result (both games).
const ActMatch = store.ActMatch

// Narrower kinds of the refusals of ParseMatchResult and EnterMatch.
var (
	// ErrMatchText: the text is neither two games, a match score nor a
	// forfeit of the match (ErrInvalid).
	ErrMatchText = errors.New("not the result of a match")
	// ErrMatchLevel: a level match score, 1-1, does not say whether both
	// games were drawn or each player won one (ErrInvalid).
	ErrMatchLevel = errors.New("a level match score does not say how the games went")
	// ErrNotMatch: the tournament is not a Double-Swiss one, its boards
	// hold one game (ErrInvalid).
	ErrNotMatch = errors.New("the board is one game, not a match")
)

// ParseMatchResult reads the result of a Double-Swiss match (FIDE C.04.5)
// as an organizer types it:
//
//   - both games, game 1 then game 2, each in its own game's colours
//     (arbiter.ParseMatch): "1-0 1/2-1/2", "= 0-1", "0.5 1-0", "+- 1-0"
//     (a game forfeited, the other played: the match counts as played,
//     Preface);
//   - the match score from the board's White, game 1's White: "2-0",
//     "1.5-0.5", "1½-½", "0.5-1.5", "0-2". The games are then written
//     with the decisive game first (1½-½ is 1-0 then ½-½; 2-0 is 1-0
//     then 0-1, the board's White winning game 2 with Black): the points,
//     the games won and the colours of the match are those of the score,
//     only which of the two games was won is not said. A level score,
//     1-1, is refused (ErrMatchLevel): two draws and a win each count
//     differently for the games won;
//   - a forfeit of the whole match: "+-" (the board's Black forfeits
//     both games), "-+" (the board's White does), "--" (neither came).
//
// Errors are *Error of kind ErrInvalid wrapping ErrMatchText or
// ErrMatchLevel.
func ParseMatchResult(text string) (arbiter.Match, error) {
	t := strings.TrimSpace(text)
	bad := func(err error, msg string) (arbiter.Match, error) {
		return arbiter.Match{}, &Error{Kind: ErrInvalid, Input: "result", Msg: msg,
			Fix:     `type both games, game 1 then game 2, each in its own colours ("1-0 1/2-1/2"), or the match score ("1.5-0.5")`,
			Article: "C.04.5", Err: err}
	}
	if len(strings.Fields(strings.NewReplacer(",", " ", ";", " ").Replace(t))) >= 2 || strings.Count(t, "/") == 1 && !strings.Contains(t, "1/2") {
		m, err := arbiter.ParseMatch(t)
		if err != nil {
			return bad(ErrMatchText, err.Error())
		}
		if !m.Complete() {
			return bad(ErrMatchText, fmt.Sprintf("match %q: give the result of both games", text))
		}
		return m, nil
	}
	if r, err := arbiter.ParseResult(t); err == nil && r.Forfeit() {
		// The whole match forfeited: game 2 has the colours reversed.
		return arbiter.Match{First: r, Second: r.Reverse()}, nil
	}
	w, b, ok := strings.Cut(strings.ReplaceAll(t, "–", "-"), "-")
	if !ok {
		return bad(ErrMatchText, fmt.Sprintf("match %q: give both games or the match score", text))
	}
	sw, errW := arbiter.ParseScore(w)
	sb, errB := arbiter.ParseScore(b)
	if errW != nil || errB != nil || sw+sb != 2*arbiter.One {
		return bad(ErrMatchText, fmt.Sprintf("match %q: a match score adds up to 2 (two games), e.g. 2-0, 1.5-0.5, 0.5-1.5; or give both games", text))
	}
	switch sw {
	case 2 * arbiter.One:
		return arbiter.Match{First: arbiter.WhiteWins, Second: arbiter.BlackWins}, nil
	case arbiter.One + arbiter.Half:
		return arbiter.Match{First: arbiter.WhiteWins, Second: arbiter.Draw}, nil
	case arbiter.Half:
		return arbiter.Match{First: arbiter.BlackWins, Second: arbiter.Draw}, nil
	case arbiter.Zero:
		return arbiter.Match{First: arbiter.BlackWins, Second: arbiter.WhiteWins}, nil
	}
	return bad(ErrMatchLevel, fmt.Sprintf("match %q: a level match is two draws or a game won by each player; give both games, e.g. \"1/2 1/2\" or \"1-0 1-0\"", text))
}

// MatchRequest is the result of a Double-Swiss match typed for a board.
type MatchRequest struct {
	Tournament string // name or ID; "" for the current tournament
	Round      int    // 0: the last round paired
	Board      int
	// Match holds both games (ParseMatchResult); the zero Match clears
	// the board, with Correct.
	Match arbiter.Match
	// Correct allows replacing a different result already entered.
	Correct bool
}

// EnterMatch enters or corrects the result of a match of a Double-Swiss
// tournament (C.04.5), both games in one write. A tournament of another
// system is refused (ErrInvalid wrapping ErrNotMatch); a different result
// already there without Correct is refused (ErrResultEntered).
func (d *Desk) EnterMatch(ctx context.Context, r MatchRequest) (MatchChange, error) {
	t, err := d.resolve(ctx, r.Tournament)
	if err != nil {
		return MatchChange{}, err
	}
	if t.System != arbiter.DoubleSwiss {
		return MatchChange{}, &Error{Kind: ErrInvalid, Input: "result", Msg: fmt.Sprintf("%s is not a Double-Swiss tournament: a board holds one game", t.Name),
			Fix: "give the result of the game", Err: ErrNotMatch}
	}
	c, err := d.db.SetMatch(ctx, t.ID, r.Round, r.Board, r.Match, r.Correct)
	return c, inputErr("board", err)
}

// EnterMatches enters the results of several matches of a Double-Swiss
// tournament in one transaction, each as EnterMatch would; if one is
// refused, none is entered. The requests name the same tournament, the
// first's.
func (d *Desk) EnterMatches(ctx context.Context, rs []MatchRequest) ([]MatchChange, error) {
	if len(rs) == 0 {
		return nil, nil
	}
	t, err := d.resolve(ctx, rs[0].Tournament)
	if err != nil {
		return nil, err
	}
	if t.System != arbiter.DoubleSwiss {
		return nil, &Error{Kind: ErrInvalid, Input: "result", Msg: fmt.Sprintf("%s is not a Double-Swiss tournament: a board holds one game", t.Name),
			Fix: "give the result of the game", Err: ErrNotMatch}
	}
	es := make([]store.MatchEntry, len(rs))
	for i, r := range rs {
		es[i] = store.MatchEntry{Round: r.Round, Board: r.Board, Match: r.Match, Correct: r.Correct}
	}
	cs, err := d.db.SetMatches(ctx, t.ID, es)
	return cs, inputErr("board", err)
}

// IsDoubleSwiss reports whether the tournament named (name or ID, ""
// for the current one) is paired by the Double-Swiss system, its boards
// matches of two games.
func (d *Desk) IsDoubleSwiss(ctx context.Context, tournament string) (bool, error) {
	t, err := d.resolve(ctx, tournament)
	if err != nil {
		return false, err
	}
	return t.System == arbiter.DoubleSwiss, nil
}
