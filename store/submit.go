package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/phrase"
)

// Submission is what is submitted for a board: a game record, a result,
// or both.
type Submission struct {
	Round, Board int
	// PGN is the game as submitted; "" submits a result alone.
	PGN     string
	Letters string // piece letters the moves are written in: "en" or "it"
	Verdict string // the checker's verdict, JSON
	Ruling  string // the arbiter's ruling on the game, if any
	// Result is entered on the board unless it is NoResult, with Reason
	// (see Reasons). A board that has a different result refuses it: a
	// correction goes through SetResult.
	Result arbiter.Result
	Reason string
}

// Submitted reports what SubmitGames did with one submission.
type Submitted struct {
	// Game is the game stored, with its ID; the zero Game when none was
	// (a result alone, or Same).
	Game Game
	// Same says the board's latest game was already this one, with the
	// same ruling: nothing was stored.
	Same bool
	// Previous counts the games submitted for the board before.
	Previous int
	Result   ResultChange
}

// SubmitGames stores the submissions for tournament tid in one
// transaction: each game, its ruling and its result, and their entries
// in the event log. If one submission is refused (a board that does not
// exist, a result different from the one entered, an unknown reason),
// nothing is stored and the error says which.
func (db *DB) SubmitGames(ctx context.Context, tid int64, subs []Submission) ([]Submitted, error) {
	for _, s := range subs {
		if err := CheckReason(s.Reason); err != nil {
			return nil, err
		}
	}
	out := make([]Submitted, len(subs))
	err := db.write(ctx, func(tx *sql.Tx) error {
		t, err := loadTournament(ctx, tx, tid)
		if err != nil {
			return err
		}
		paired, err := pairedRounds(ctx, tx, tid)
		if err != nil {
			return err
		}
		names, err := entryNames(ctx, tx, tid)
		if err != nil {
			return err
		}
		sel, err := tx.PrepareContext(ctx, `SELECT white, black, result, reason,
			(SELECT count(*) FROM games g WHERE g.tournament_id = b.tournament_id AND g.round = b.round AND g.board = b.board),
			coalesce((SELECT pgn FROM games g WHERE g.tournament_id = b.tournament_id AND g.round = b.round AND g.board = b.board ORDER BY id DESC LIMIT 1), ''),
			coalesce((SELECT ruling FROM games g WHERE g.tournament_id = b.tournament_id AND g.round = b.round AND g.board = b.board ORDER BY id DESC LIMIT 1), '')
			FROM boards b WHERE tournament_id = ? AND round = ? AND board = ?`)
		if err != nil {
			return err
		}
		defer sel.Close()
		ins, err := tx.PrepareContext(ctx, `INSERT INTO games (tournament_id, round, board, pgn, letters, verdict, ruling, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?)`)
		if err != nil {
			return err
		}
		defer ins.Close()
		upd, err := tx.PrepareContext(ctx, `UPDATE boards SET result = ?, reason = ? WHERE tournament_id = ? AND round = ? AND board = ?`)
		if err != nil {
			return err
		}
		defer upd.Close()
		created := db.now().UTC().Truncate(time.Second)
		for i, s := range subs {
			if paired == 0 {
				return conflict("no round of %s is paired yet", t.Name)
			}
			if s.Round < 1 || s.Round > paired {
				return notPaired(s.Round, paired)
			}
			c := ResultChange{Round: s.Round, Board: s.Board, New: s.Result, NewReason: s.Reason}
			var count int
			var latestPGN, latestRuling string
			err := sel.QueryRowContext(ctx, tid, s.Round, s.Board).Scan(&c.White, &c.Black, &c.Old, &c.OldReason, &count, &latestPGN, &latestRuling)
			if errors.Is(err, sql.ErrNoRows) {
				return noBoard(ctx, tx, tid, s.Round, s.Board)
			}
			if err != nil {
				return fmt.Errorf("read board: %w", err)
			}
			subject := fmt.Sprintf("round %d board %d (%d %s - %d %s)", s.Round, s.Board, c.White, names[c.White], c.Black, names[c.Black])
			o := &out[i]
			o.Previous = count
			if s.PGN != "" {
				if count > 0 && latestPGN == s.PGN && latestRuling == s.Ruling {
					o.Same = true
				} else {
					g := Game{TournamentID: tid, Round: s.Round, Board: s.Board, PGN: s.PGN, Letters: s.Letters,
						Verdict: s.Verdict, Ruling: s.Ruling, Created: created}
					res, err := ins.ExecContext(ctx, tid, s.Round, s.Board, s.PGN, s.Letters, s.Verdict, s.Ruling, created.Format(time.RFC3339))
					if err != nil {
						return fmt.Errorf("save game: %w", err)
					}
					if g.ID, err = res.LastInsertId(); err != nil {
						return err
					}
					o.Game = g
					if err := db.logEvent(ctx, tx, tid, ActGameAdd, subject, "", fmt.Sprintf("game %d", g.ID)); err != nil {
						return err
					}
					if s.Ruling != "" {
						if err := db.logEvent(ctx, tx, tid, ActGameRuling, fmt.Sprintf("game %d, %s", g.ID, subject), "", s.Ruling); err != nil {
							return err
						}
					}
				}
			}
			if s.Result == arbiter.NoResult {
				c.New, c.NewReason, c.Unchanged = c.Old, c.OldReason, true
				o.Result = c
				continue
			}
			if s.Reason == "" && s.Result == c.Old {
				c.NewReason = c.OldReason
			}
			o.Result = c
			if c.Old == c.New && c.OldReason == c.NewReason {
				o.Result.Unchanged = true
				continue
			}
			if c.Old != arbiter.NoResult && c.Old != c.New {
				players := fmt.Sprintf("%d %s - %d %s", c.White, names[c.White], c.Black, names[c.Black])
				return &InputError{Kind: ErrResultEntered, Msg: fmt.Sprintf("board %d of round %d already has %s (%s)", s.Board, s.Round, c.Old, players),
					Text: phrase.New("refuse.result.entered", "Board", s.Board, "Round", s.Round, "Result", c.Old.String(), "Players", players)}
			}
			if _, err := upd.ExecContext(ctx, c.New, c.NewReason, tid, s.Round, s.Board); err != nil {
				return fmt.Errorf("enter result: %w", err)
			}
			if err := db.logEvent(ctx, tx, tid, ActResult, subject, withReason(c.Old, c.OldReason), withReason(c.New, c.NewReason)); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// noBoard returns the error for a board that round n lacks.
func noBoard(ctx context.Context, q queryer, tid int64, n, b int) error {
	var boards int
	if err := q.QueryRowContext(ctx, `SELECT count(*) FROM boards WHERE tournament_id = ? AND round = ?`, tid, n).Scan(&boards); err != nil {
		return err
	}
	if boards == 0 {
		return &InputError{Kind: ErrNoBoard, Msg: fmt.Sprintf("round %d has no boards, only byes", n)}
	}
	return boardMissing(n, b, boards)
}

// entryNames returns the names of tournament tid's entries by pairing
// number.
func entryNames(ctx context.Context, q queryer, tid int64) (map[int]string, error) {
	rows, err := q.QueryContext(ctx, `SELECT e.pn, p.name FROM entries e JOIN players p ON p.id = e.player_id WHERE e.tournament_id = ?`, tid)
	if err != nil {
		return nil, fmt.Errorf("read names: %w", err)
	}
	defer rows.Close()
	names := map[int]string{}
	for rows.Next() {
		var pn int
		var name string
		if err := rows.Scan(&pn, &name); err != nil {
			return nil, fmt.Errorf("read names: %w", err)
		}
		names[pn] = name
	}
	return names, rows.Err()
}
