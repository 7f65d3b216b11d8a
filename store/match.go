package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/phrase"
)

// ActMatch is the event of a Double-Swiss match's result entered or
// corrected (FIDE C.04.5): Old and New are the two games as
// arbiter.Match writes them, "1-0 1/2-1/2", "" for none.
const ActMatch = "result.match"

// MatchChange reports what SetMatch did.
type MatchChange struct {
	Round, Board         int
	White, Black         int // pairing numbers; White has White in game 1
	Old, New             arbiter.Match
	WhiteName, BlackName string
	Unchanged            bool // the same match result was already there
	// Paired is how many rounds were paired when the result was entered.
	Paired int
}

// matchValue writes a match as the log does: its two games, "" for none.
func matchValue(m arbiter.Match) string {
	if m == (arbiter.Match{}) {
		return ""
	}
	return m.String()
}

// SetMatch enters the result of a Double-Swiss match, both games (C.04.5:
// a match is two games with the colours reversed), on board b of round n
// of tournament tid; n 0 means the last round paired. The tournament must
// be a Double-Swiss one and the match complete, both games with a result,
// or empty to clear the board with correct. Replacing a different result
// needs correct. Entering the result already there changes nothing.
func (db *DB) SetMatch(ctx context.Context, tid int64, n, b int, m arbiter.Match, correct bool) (MatchChange, error) {
	var c MatchChange
	err := db.write(ctx, func(tx *sql.Tx) error {
		var err error
		c, err = db.setMatch(ctx, tx, db.actor(ctx), tid, n, b, m, correct)
		return err
	})
	return c, err
}

// MatchEntry is one board of SetMatches.
type MatchEntry struct {
	Round, Board int // Round 0: the last round paired
	Match        arbiter.Match
	Correct      bool
}

// SetMatches enters the results of several matches in one transaction,
// each as SetMatch would: if one is refused, none is entered, and the
// error names its board.
func (db *DB) SetMatches(ctx context.Context, tid int64, entries []MatchEntry) ([]MatchChange, error) {
	var out []MatchChange
	err := db.write(ctx, func(tx *sql.Tx) error {
		out = out[:0]
		who := db.actor(ctx)
		for _, e := range entries {
			c, err := db.setMatch(ctx, tx, who, tid, e.Round, e.Board, e.Match, e.Correct)
			out = append(out, c)
			var ie *InputError
			if errors.As(err, &ie) && !strings.Contains(ie.Msg, fmt.Sprintf("board %d ", e.Board)) {
				return &InputError{Kind: ie.Kind, Msg: fmt.Sprintf("board %d: %s", e.Board, ie.Msg), Players: ie.Players}
			}
			if err != nil {
				return err
			}
		}
		return nil
	})
	return out, err
}

func (db *DB) setMatch(ctx context.Context, tx *sql.Tx, who string, tid int64, n, b int, m arbiter.Match, correct bool) (MatchChange, error) {
	var c MatchChange
	t, err := loadTournament(ctx, tx, tid)
	if err != nil {
		return c, err
	}
	if t.System != arbiter.DoubleSwiss {
		return c, invalid("%s is not a Double-Swiss tournament: a board holds one game", t.Name)
	}
	if m != (arbiter.Match{}) && !m.Complete() {
		return c, invalid("a match needs the result of both games, not %s", m)
	}
	if m == (arbiter.Match{}) && !correct {
		return c, invalid("no result clears a board")
	}
	paired, err := pairedRounds(ctx, tx, tid)
	if err != nil {
		return c, err
	}
	c.Paired = paired
	if paired == 0 {
		return c, conflict("no round of %s is paired yet", t.Name)
	}
	if n == 0 {
		n = paired
	}
	if n < 1 || n > paired {
		return c, &InputError{Kind: ErrNotPaired, Msg: fmt.Sprintf("round %d is not paired yet (%s)", n, pairedSoFar(paired))}
	}
	c.Round, c.Board, c.New = n, b, m
	err = tx.QueryRowContext(ctx, `SELECT white, black, result, second FROM boards WHERE tournament_id = ? AND round = ? AND board = ?`,
		tid, n, b).Scan(&c.White, &c.Black, &c.Old.First, &c.Old.Second)
	if errors.Is(err, sql.ErrNoRows) {
		var boards int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM boards WHERE tournament_id = ? AND round = ?`, tid, n).Scan(&boards); err != nil {
			return c, err
		}
		if boards == 0 {
			return c, notFound("round %d has no boards, only byes", n)
		}
		return c, &InputError{Kind: ErrNoBoard, Msg: fmt.Sprintf("round %d has no board %d: its boards are 1 to %d", n, b, boards)}
	}
	if err != nil {
		return c, fmt.Errorf("read board: %w", err)
	}
	if c.WhiteName, c.BlackName, err = pairNames(ctx, tx, tid, c.White, c.Black); err != nil {
		return c, err
	}
	if c.Old == m {
		c.Unchanged = true
		return c, nil
	}
	names, err := boardNames(ctx, tx, tid, c.White, c.Black)
	if err != nil {
		return c, err
	}
	if c.Old != (arbiter.Match{}) && !correct {
		return c, &InputError{Kind: ErrResultEntered, Msg: fmt.Sprintf("board %d of round %d already has %s (%s)", b, n, c.Old, names),
			Text: phrase.New("refuse.result.entered", "Board", b, "Round", n, "Result", c.Old.String(), "Players", names)}
	}
	reason := ""
	if m.Forfeit() {
		reason = "forfeit"
	}
	if _, err := tx.ExecContext(ctx, `UPDATE boards SET result = ?, second = ?, reason = ? WHERE tournament_id = ? AND round = ? AND board = ?`,
		m.First, m.Second, reason, tid, n, b); err != nil {
		return c, fmt.Errorf("enter match: %w", err)
	}
	if err := closeReports(ctx, tx, tid, n, b, who, db.stamp()); err != nil {
		return c, err
	}
	subject := fmt.Sprintf("round %d board %d (%s)", n, b, names)
	return c, db.logEventAs(ctx, tx, who, tid, ActMatch, subject, matchValue(c.Old), matchValue(m))
}
