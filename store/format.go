package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"

	"github.com/labyrinth-chess/arbiter"
)

// loadFormat reads the format of play of tournament t.ID into t; a
// tournament without one keeps the defaults (a Swiss).
func loadFormat(ctx context.Context, q queryer, t *arbiter.Tournament) error {
	var system string
	var cycles, fit, closed, absent int
	err := q.QueryRowContext(ctx, `SELECT system, cycles, fit_rounds, closed, absent_value
		FROM tournament_formats WHERE tournament_id = ?`, t.ID).Scan(&system, &cycles, &fit, &closed, &absent)
	if errors.Is(err, sql.ErrNoRows) {
		t.Cycles = 1
		return nil
	}
	if err != nil {
		return fmt.Errorf("store: read the format of tournament %d: %w", t.ID, err)
	}
	if t.System, err = arbiter.ParseSystem(system); err != nil {
		return fmt.Errorf("store: tournament %d: %w", t.ID, err)
	}
	t.Cycles, t.FitRounds, t.Closed, t.AbsentValue = cycles, fit == 1, closed == 1, arbiter.Score(absent)
	return nil
}

// saveFormat writes the format of play of tournament t.ID.
func saveFormat(ctx context.Context, tx *sql.Tx, t arbiter.Tournament) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO tournament_formats (tournament_id, system, cycles, fit_rounds, closed, absent_value)
		VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (tournament_id) DO UPDATE SET system = excluded.system,
		cycles = excluded.cycles, fit_rounds = excluded.fit_rounds, closed = excluded.closed, absent_value = excluded.absent_value`,
		t.ID, t.System.String(), cycles(t), b2i(t.FitRounds), b2i(t.Closed), int(t.AbsentValue))
	if err != nil {
		return fmt.Errorf("store: save the format of tournament %d: %w", t.ID, err)
	}
	return nil
}

func cycles(t arbiter.Tournament) int {
	if t.Cycles == 2 {
		return 2
	}
	return 1
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// checkFormat refuses a format of play that cannot work.
func checkFormat(t arbiter.Tournament) error {
	switch {
	case t.System != arbiter.Swiss && t.System != arbiter.RoundRobin:
		return invalid("unknown pairing system %d", t.System)
	case t.Cycles < 0 || t.Cycles > 2:
		return invalid("a round robin is played once or twice, not %d times", t.Cycles)
	case t.AbsentValue != arbiter.Zero && t.AbsentValue != arbiter.Half:
		return invalid("a player absent at check-in scores 0 or 0.5 points, not %s", t.AbsentValue)
	}
	return nil
}

// diffFormat lists the format settings that differ between a and b.
func diffFormat(a, b arbiter.Tournament) []change {
	var cs []change
	add := func(field, x, y string) {
		if x != y {
			cs = append(cs, change{field, x, y})
		}
	}
	add("system", a.System.String(), b.System.String())
	add("cycles", strconv.Itoa(cycles(a)), strconv.Itoa(cycles(b)))
	add("rounds fit the field", strconv.FormatBool(a.FitRounds), strconv.FormatBool(b.FitRounds))
	add("registration closed", strconv.FormatBool(a.Closed), strconv.FormatBool(b.Closed))
	add("absent value", a.AbsentValue.String(), b.AbsentValue.String())
	return cs
}
