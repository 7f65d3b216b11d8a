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

// PlayerPIN returns the PIN of the player of tournament tid with pairing
// number pn, making it the first time it is asked for.
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

// PlayerPINs returns the PIN of every player of tournament tid, by
// pairing number, making those not made yet, in one transaction.
func (db *DB) PlayerPINs(ctx context.Context, tid int64) (map[int]string, error) {
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
		stamp := db.stamp()
		for pn, id := range ids {
			if out[pn], err = playerPIN(ctx, tx, stamp, tid, id); err != nil {
				return err
			}
		}
		return nil
	})
	return out, err
}

// playerPIN returns the PIN of player id of tournament tid inside tx,
// making it when the player has none: four random digits no other player
// of the tournament has.
func playerPIN(ctx context.Context, tx *sql.Tx, stamp string, tid, id int64) (string, error) {
	var pin string
	err := tx.QueryRowContext(ctx, `SELECT pin FROM player_pins WHERE tournament_id = ? AND player_id = ?`, tid, id).Scan(&pin)
	if err == nil {
		return pin, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return "", fmt.Errorf("read the PIN: %w", err)
	}
	for {
		if pin, err = newPIN(); err != nil {
			return "", err
		}
		var taken bool
		if err := tx.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM player_pins WHERE tournament_id = ? AND pin = ?)`, tid, pin).Scan(&taken); err != nil {
			return "", fmt.Errorf("read the PINs: %w", err)
		}
		if !taken {
			break
		}
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM player_pins WHERE tournament_id = ?`, tid).Scan(&n); err != nil {
			return "", fmt.Errorf("read the PINs: %w", err)
		}
		if n >= 10000 {
			return "", conflict("every four-digit PIN is taken: a tournament has at most 10000 players with a PIN")
		}
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
