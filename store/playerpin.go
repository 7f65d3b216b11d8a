package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
)

// PlayerPIN returns the PIN of the player of tournament tid with pairing
// number pn, making it the first time it is asked for. The PIN is the
// player's own for the tournament: with it (or with the PIN next to
// their name on a slip) the player acts on their own presence and board
// from a phone (see CheckPlayerPIN).
func (db *DB) PlayerPIN(ctx context.Context, tid int64, pn int) (string, error) {
	var pin string
	err := db.write(ctx, func(tx *sql.Tx) error {
		id, err := entryID(ctx, tx, tid, pn)
		if err != nil {
			return err
		}
		pin, err = playerPIN(ctx, tx, db.stamp(), tid, id)
		return err
	})
	return pin, err
}

// playerPIN returns the PIN of player id of tournament tid inside tx,
// making it when the player has none.
func playerPIN(ctx context.Context, tx *sql.Tx, stamp string, tid, id int64) (string, error) {
	var pin string
	err := tx.QueryRowContext(ctx, `SELECT pin FROM player_pins WHERE tournament_id = ? AND player_id = ?`, tid, id).Scan(&pin)
	if err == nil {
		return pin, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return "", fmt.Errorf("read the PIN: %w", err)
	}
	if pin, err = newPIN(); err != nil {
		return "", err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO player_pins (tournament_id, player_id, pin, created_at) VALUES (?, ?, ?, ?)`,
		tid, id, pin, stamp); err != nil {
		return "", fmt.Errorf("store the PIN: %w", err)
	}
	return pin, nil
}

// entryID returns the player id of pairing number pn of tournament tid.
func entryID(ctx context.Context, tx *sql.Tx, tid int64, pn int) (int64, error) {
	var id int64
	err := tx.QueryRowContext(ctx, `SELECT player_id FROM entries WHERE tournament_id = ? AND pn = ?`, tid, pn).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, notFound("player %d is not in the tournament", pn)
	}
	if err != nil {
		return 0, fmt.Errorf("read player %d: %w", pn, err)
	}
	return id, nil
}

// CheckPlayerPIN reports whether pin proves to be the player of
// tournament tid with pairing number pn: it is the player's own PIN, or
// the PIN next to their name on the slip of a published round. Any other
// PIN returns an *InputError of kind ErrWrongPIN.
func (db *DB) CheckPlayerPIN(ctx context.Context, tid int64, pn int, pin string) error {
	pin = strings.TrimSpace(pin)
	wrong := &InputError{Kind: ErrWrongPIN, Msg: fmt.Sprintf("wrong PIN for player %d: type the PIN next to your name on your slip, or the one you were given when you entered", pn)}
	if len(pin) != 4 {
		return wrong
	}
	var n int
	err := db.read(ctx, func(tx *sql.Tx) error {
		return tx.QueryRowContext(ctx, `SELECT
			(SELECT count(*) FROM player_pins p JOIN entries e ON e.tournament_id = p.tournament_id AND e.player_id = p.player_id
				WHERE p.tournament_id = ?1 AND e.pn = ?2 AND p.pin = ?3)
			+ (SELECT count(*) FROM board_codes c JOIN boards b ON b.tournament_id = c.tournament_id AND b.round = c.round AND b.board = c.board
				WHERE c.tournament_id = ?1 AND ((b.white = ?2 AND c.white_pin = ?3) OR (b.black = ?2 AND c.black_pin = ?3)))`,
			tid, pn, pin).Scan(&n)
	})
	if err != nil {
		return db.fault(err)
	}
	if n == 0 {
		return wrong
	}
	return nil
}
