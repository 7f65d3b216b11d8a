package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// Options of the desk, by key, with the values each can take (the first
// is the default).
var Options = map[string][]string{
	"no-shows": {"flag", "withdraw"},
	"names":    {"any", "surname-first"},
	// rating-change show: the FIDE rating change is shown on the
	// standings, the workbook and the players' pages.
	"rating-change": {"hide", "show"},
}

// ActOption is the event of an option changed.
const ActOption = "option.set"

// Option returns the value of option key for tournament tid (0: the
// club), its default if it was never set.
func (db *DB) Option(ctx context.Context, tid int64, key string) (string, error) {
	vals, ok := Options[key]
	if !ok {
		return "", invalid("there is no option %q", key)
	}
	v := vals[0]
	err := db.read(ctx, func(tx *sql.Tx) error {
		err := tx.QueryRowContext(ctx, `SELECT value FROM options WHERE tournament_id = ? AND key = ?`, tid, key).Scan(&v)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		return err
	})
	return v, err
}

// SetOption sets option key of tournament tid (0: the club) to value,
// logging the change.
func (db *DB) SetOption(ctx context.Context, tid int64, key, value string) error {
	vals, ok := Options[key]
	if !ok {
		return invalid("there is no option %q", key)
	}
	valid := false
	for _, v := range vals {
		valid = valid || v == value
	}
	if !valid {
		return invalid("option %s is one of %v, not %q", key, vals, value)
	}
	return db.write(ctx, func(tx *sql.Tx) error {
		old := vals[0]
		err := tx.QueryRowContext(ctx, `SELECT value FROM options WHERE tournament_id = ? AND key = ?`, tid, key).Scan(&old)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("read option %s: %w", key, err)
		}
		if old == value {
			return nil
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO options (tournament_id, key, value) VALUES (?, ?, ?)
			ON CONFLICT (tournament_id, key) DO UPDATE SET value = excluded.value`, tid, key, value); err != nil {
			return fmt.Errorf("set option %s: %w", key, err)
		}
		return db.logEvent(ctx, tx, tid, ActOption, key, old, value)
	})
}
