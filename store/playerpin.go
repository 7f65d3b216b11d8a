package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// A player's own PIN, for the tournament: with it, and with nothing
// else, the player acts from a phone on their own presence and their own
// board (Proof, SignIn). It reaches that player alone: printed on a card
// of their own (arbiter print pins) or shown on their own phone when
// their late entry is accepted. No two players of a tournament share one,
// so a PIN tells whose it is.

// PINRule is the desk's rule for a new PIN of a player of a tournament
// whose players hold the PINs taken: what it returns is stored as the
// player's PIN, and an error it returns refuses the write. The store
// keeps the PINs of a tournament apart (a PIN tells whose it is) and four
// digits long: a PIN that breaks either is a plain error, not stored.
type PINRule func(taken map[string]bool) (string, error)

// PlayerPIN returns the PIN of the player of tournament tid with pairing
// number pn, making it by rule the first time it is asked for.
func (db *DB) PlayerPIN(ctx context.Context, tid int64, pn int, rule PINRule) (string, error) {
	var pin string
	err := db.write(ctx, func(tx *sql.Tx) error {
		id, err := entryID(ctx, tx, tid, pn)
		if err != nil {
			return err
		}
		pin, err = playerPIN(ctx, tx, db.stamp(), tid, id, nil, rule)
		return err
	})
	return pin, err
}

// PlayerPINs returns the PIN of every player of tournament tid, by
// pairing number, making by rule those not made yet, in one transaction.
func (db *DB) PlayerPINs(ctx context.Context, tid int64, rule PINRule) (map[int]string, error) {
	out := map[int]string{}
	err := db.write(ctx, func(tx *sql.Tx) error {
		if _, err := loadTournament(ctx, tx, tid); err != nil {
			return err
		}
		rows, err := tx.QueryContext(ctx, `SELECT pn, player_id FROM entries WHERE tournament_id = ? ORDER BY pn`, tid)
		if err != nil {
			return fmt.Errorf("read players: %w", err)
		}
		ids := map[int]int64{}
		for rows.Next() {
			var pn int
			var id int64
			if err := rows.Scan(&pn, &id); err != nil {
				rows.Close()
				return fmt.Errorf("read players: %w", err)
			}
			ids[pn] = id
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		taken, err := pinsTaken(ctx, tx, tid)
		if err != nil {
			return err
		}
		stamp := db.stamp()
		for pn, id := range ids {
			if out[pn], err = playerPIN(ctx, tx, stamp, tid, id, taken, rule); err != nil {
				return err
			}
		}
		return nil
	})
	return out, err
}

// playerPIN returns the PIN of player id of tournament tid inside tx,
// making it by rule when the player has none. taken holds the PINs of
// the tournament's players, read here when nil, and gets the new one.
func playerPIN(ctx context.Context, tx *sql.Tx, stamp string, tid, id int64, taken map[string]bool, rule PINRule) (string, error) {
	var pin string
	err := tx.QueryRowContext(ctx, `SELECT pin FROM player_pins WHERE tournament_id = ? AND player_id = ?`, tid, id).Scan(&pin)
	if err == nil {
		return pin, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return "", fmt.Errorf("read the PIN: %w", err)
	}
	if taken == nil {
		if taken, err = pinsTaken(ctx, tx, tid); err != nil {
			return "", err
		}
	}
	if pin, err = rule(taken); err != nil {
		return "", err
	}
	if !fourDigits(pin) || taken[pin] {
		return "", fmt.Errorf("store the PIN of player id:%d: %q is not four digits of its own", id, pin)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO player_pins (tournament_id, player_id, pin, created_at) VALUES (?, ?, ?, ?)`,
		tid, id, pin, stamp); err != nil {
		return "", fmt.Errorf("store the PIN: %w", err)
	}
	taken[pin] = true
	return pin, nil
}

// pinsTaken returns the PINs the players of tournament tid hold.
func pinsTaken(ctx context.Context, tx *sql.Tx, tid int64) (map[string]bool, error) {
	rows, err := tx.QueryContext(ctx, `SELECT pin FROM player_pins WHERE tournament_id = ?`, tid)
	if err != nil {
		return nil, fmt.Errorf("read the PINs: %w", err)
	}
	defer rows.Close()
	taken := map[string]bool{}
	for rows.Next() {
		var pin string
		if err := rows.Scan(&pin); err != nil {
			return nil, fmt.Errorf("read the PINs: %w", err)
		}
		taken[pin] = true
	}
	return taken, rows.Err()
}

// fourDigits reports whether pin is four digits.
func fourDigits(pin string) bool {
	if len(pin) != 4 {
		return false
	}
	for _, c := range pin {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
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
