package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"

	"github.com/labyrinth-chess/arbiter"
)

// keyAllPlayAll is the row of the options table that holds a Swiss's
// all-play-all continuation (arbiter.Continuation, as its String writes
// it). It is part of the format of play, set with the tournament's
// settings (UpdateTournament), not an option of the desk: Options does
// not list it.
const keyAllPlayAll = "format.all-play-all"

// loadFormat reads the format of play of tournament t.ID into t; a
// tournament without one keeps the defaults (a Swiss).
func loadFormat(ctx context.Context, q queryer, t *arbiter.Tournament) error {
	var apa string
	err := q.QueryRowContext(ctx, `SELECT value FROM options WHERE tournament_id = ? AND key = ?`, t.ID, keyAllPlayAll).Scan(&apa)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("store: read the all-play-all of tournament %d: %w", t.ID, err)
	}
	if t.AllPlayAll, err = arbiter.ParseContinuation(apa); err != nil {
		return fmt.Errorf("store: tournament %d: %w", t.ID, err)
	}
	var system string
	var cycles, fit, closed, absent int
	err = q.QueryRowContext(ctx, `SELECT system, cycles, fit_rounds, closed, absent_value
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
	if t.AllPlayAll.From == 0 {
		_, err = tx.ExecContext(ctx, `DELETE FROM options WHERE tournament_id = ? AND key = ?`, t.ID, keyAllPlayAll)
	} else {
		_, err = tx.ExecContext(ctx, `INSERT INTO options (tournament_id, key, value) VALUES (?, ?, ?)
			ON CONFLICT (tournament_id, key) DO UPDATE SET value = excluded.value`, t.ID, keyAllPlayAll, t.AllPlayAll.String())
	}
	if err != nil {
		return fmt.Errorf("store: save the all-play-all of tournament %d: %w", t.ID, err)
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

// checkFormat refuses, as plain errors, a format of play the tables
// cannot hold: a system of no name, an all-play-all continuation that
// does not read back or continues no Swiss. The limits of the format
// are the desk's (SetupRule).
func checkFormat(t arbiter.Tournament) error {
	switch {
	case t.System != arbiter.Swiss && t.System != arbiter.RoundRobin && t.System != arbiter.DoubleSwiss:
		return fmt.Errorf("store tournament %q: pairing system %d: %w", t.Name, t.System, ErrInvalid)
	case t.AllPlayAll.From != 0 && t.System != arbiter.Swiss:
		return fmt.Errorf("store tournament %q: an all-play-all continues a %s: %w", t.Name, t.System, ErrInvalid)
	}
	if t.AllPlayAll.From != 0 {
		if _, err := arbiter.ParseContinuation(t.AllPlayAll.String()); err != nil {
			return fmt.Errorf("store tournament %q: %w: %w", t.Name, err, ErrInvalid)
		}
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
	add("all-play-all from round", a.AllPlayAll.String(), b.AllPlayAll.String())
	return cs
}

// ActCheckin is the log action of a check-in change.
const ActCheckin = "round.checkin"

// CheckIn records the check-in for round n of tournament tid in one
// transaction: the players with roster IDs in absent are marked absent (a
// requested bye of kind, arbiter.ZeroBye or HalfBye by the tournament's
// policy), unless they asked for a bye already (C.04.2 art. 3.3: their
// request stands); those in present lose an absence marked at an earlier
// check-in. Each mark is made if rule allows (Asking.Checkin); beneath
// it, a round paired already, or one the player does not play, is a plain
// error, and so is an absence scoring other than 0 or 0.5.
func (db *DB) CheckIn(ctx context.Context, tid int64, n int, present, absent []int64, kind arbiter.ByeKind, rule ByeRule) error {
	return db.write(ctx, func(tx *sql.Tx) error {
		for _, id := range present {
			e, _, err := db.byeChecks(ctx, tx, tid, id, n, Asking{Checkin: true}, rule)
			if err != nil {
				return err
			}
			res, err := tx.ExecContext(ctx, `DELETE FROM requested_byes WHERE tournament_id = ? AND player_id = ? AND round = ?
				AND EXISTS (SELECT 1 FROM checkins c WHERE c.tournament_id = ? AND c.player_id = ? AND c.round = ?)`, tid, id, n, tid, id, n)
			if err != nil {
				return fmt.Errorf("store: check in %s: %w", e.Player.Name, err)
			}
			if k, _ := res.RowsAffected(); k > 0 {
				if err := db.logEvent(ctx, tx, tid, ActCheckin, fmt.Sprintf("%d %s, round %d", e.PN, e.Player.Name, n), "absent", "present"); err != nil {
					return err
				}
			}
		}
		for _, id := range absent {
			if err := db.markAbsent(ctx, tx, tid, id, n, kind, rule); err != nil {
				return err
			}
		}
		return nil
	})
}

// markAbsent marks player id absent at the check-in of round n inside
// tx, unless they asked for a bye already; pairing a tournament that
// requires presence runs it too (presence.go), without a rule: the
// pairing decided.
func (db *DB) markAbsent(ctx context.Context, tx *sql.Tx, tid, id int64, n int, kind arbiter.ByeKind, rule ByeRule) error {
	e, old, err := db.byeChecks(ctx, tx, tid, id, n, Asking{Kind: kind, Checkin: true}, rule)
	if err != nil {
		return err
	}
	if kind != arbiter.ZeroBye && kind != arbiter.HalfBye {
		return fmt.Errorf("mark %s absent: an absence scores 0 or 0.5, not %q: %w", e.Player.Name, kind.String(), ErrInvalid)
	}
	if old != arbiter.NoBye {
		return nil // asked for a bye, or marked absent already
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO requested_byes (tournament_id, player_id, round, kind, created_at) VALUES (?, ?, ?, ?, ?)`,
		tid, id, n, kind, db.stamp()); err != nil {
		return fmt.Errorf("store: mark %s absent: %w", e.Player.Name, err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO checkins (tournament_id, player_id, round, created_at) VALUES (?, ?, ?, ?)`,
		tid, id, n, db.stamp()); err != nil {
		return fmt.Errorf("store: mark %s absent: %w", e.Player.Name, err)
	}
	return db.logEvent(ctx, tx, tid, ActCheckin, fmt.Sprintf("%d %s, round %d", e.PN, e.Player.Name, n), "present", "absent ("+kind.String()+")")
}

// CheckedAbsent returns the pairing numbers of the players marked absent
// at the check-in of round n of tournament tid, in order.
func (db *DB) CheckedAbsent(ctx context.Context, tid int64, n int) ([]int, error) {
	var pns []int
	err := db.read(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT e.pn FROM checkins c JOIN entries e ON e.tournament_id = c.tournament_id AND e.player_id = c.player_id
			WHERE c.tournament_id = ? AND c.round = ? ORDER BY e.pn`, tid, n)
		if err != nil {
			return fmt.Errorf("store: read the check-in of round %d: %w", n, err)
		}
		defer rows.Close()
		for rows.Next() {
			var pn int
			if err := rows.Scan(&pn); err != nil {
				return err
			}
			pns = append(pns, pn)
		}
		return rows.Err()
	})
	return pns, err
}
