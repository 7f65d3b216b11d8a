package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Game is a score submitted for a board: the movetext or PGN as typed,
// the piece letters it was written with, the checker's verdict (JSON
// text) and the arbiter's ruling.
type Game struct {
	ID           int64
	TournamentID int64
	Round, Board int
	PGN          string
	Letters      string
	Verdict      string // JSON, as the checker wrote it
	Ruling       string
	Created      time.Time
}

// AddGame stores a submitted game for an existing board and returns it
// with its ID. A board may have several submissions; all are kept.
func (db *DB) AddGame(ctx context.Context, g Game) (Game, error) {
	err := db.write(ctx, func(tx *sql.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM boards WHERE tournament_id = ? AND round = ? AND board = ?`,
			g.TournamentID, g.Round, g.Board).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			return &InputError{Kind: ErrNoBoard, Msg: fmt.Sprintf("round %d has no board %d", g.Round, g.Board)}
		}
		g.Created = db.now().UTC().Truncate(time.Second)
		res, err := tx.ExecContext(ctx, `INSERT INTO games (tournament_id, round, board, pgn, letters, verdict, ruling, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, g.TournamentID, g.Round, g.Board, g.PGN, g.Letters, g.Verdict, g.Ruling,
			g.Created.Format(time.RFC3339))
		if err != nil {
			return fmt.Errorf("save game: %w", err)
		}
		if g.ID, err = res.LastInsertId(); err != nil {
			return err
		}
		return db.logEvent(ctx, tx, g.TournamentID, ActGameAdd, fmt.Sprintf("round %d board %d", g.Round, g.Board), "", fmt.Sprintf("game %d", g.ID))
	})
	return g, err
}

// Games returns the games submitted in tournament tid, oldest first:
// for round n only if n is not 0, and for board b only if b is not 0.
func (db *DB) Games(ctx context.Context, tid int64, n, b int) ([]Game, error) {
	var gs []Game
	err := db.read(ctx, func(tx *sql.Tx) error {
		var err error
		gs, err = loadGames(ctx, tx, tid, n, b)
		return err
	})
	return gs, err
}

// loadGames is Games inside a transaction.
func loadGames(ctx context.Context, q queryer, tid int64, n, b int) ([]Game, error) {
	rows, err := q.QueryContext(ctx, `SELECT id, tournament_id, round, board, pgn, letters, verdict, ruling, created_at
		FROM games WHERE tournament_id = ?1 AND (?2 = 0 OR round = ?2) AND (?3 = 0 OR board = ?3) ORDER BY id`, tid, n, b)
	if err != nil {
		return nil, fmt.Errorf("read games: %w", err)
	}
	defer rows.Close()
	var gs []Game
	for rows.Next() {
		var g Game
		var at string
		if err := rows.Scan(&g.ID, &g.TournamentID, &g.Round, &g.Board, &g.PGN, &g.Letters, &g.Verdict, &g.Ruling, &at); err != nil {
			return nil, fmt.Errorf("read games: %w", err)
		}
		g.Created, _ = time.Parse(time.RFC3339, at)
		gs = append(gs, g)
	}
	return gs, rows.Err()
}

// SetRuling records the arbiter's ruling on game id, logging the old and
// the new text.
func (db *DB) SetRuling(ctx context.Context, id int64, ruling string) error {
	return db.write(ctx, func(tx *sql.Tx) error {
		var g Game
		err := tx.QueryRowContext(ctx, `SELECT tournament_id, round, board, ruling FROM games WHERE id = ?`, id).
			Scan(&g.TournamentID, &g.Round, &g.Board, &g.Ruling)
		if errors.Is(err, sql.ErrNoRows) {
			return notFound("there is no game %d", id)
		}
		if err != nil {
			return err
		}
		if g.Ruling == ruling {
			return nil
		}
		if _, err := tx.ExecContext(ctx, `UPDATE games SET ruling = ? WHERE id = ?`, ruling, id); err != nil {
			return fmt.Errorf("save ruling: %w", err)
		}
		return db.logEvent(ctx, tx, g.TournamentID, ActGameRuling, fmt.Sprintf("game %d, round %d board %d", id, g.Round, g.Board), g.Ruling, ruling)
	})
}
