package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"
)

// Event is one entry of the append-only log: a registration, a
// withdrawal, a pairing, a result, a correction (with the old and the new
// value), a change of settings.
type Event struct {
	ID           int64
	At           time.Time
	Who          string
	TournamentID int64  // 0 for changes to the roster alone
	Action       string // e.g. "player.add", "round.pair", "result.correct"
	Subject      string // what the change is about, in words
	Old, New     string // values before and after; empty when not relevant

	// Typed fields, read by the store from the subject it wrote, so
	// that no reader parses the wording.
	Round, Board int    // the round and board the event is about; 0 when none
	Method       string // round.pair, round.edit: how the round was paired ("manual", "dutch-2025", "berger", ...)
	Kept         bool   // round.pair: a basic rule the organizer kept the pairing despite (New holds it)
}

// keptSubject ends the subject of a round.pair event that records a
// basic rule the organizer kept the pairing despite.
const keptSubject = ": kept despite a warning"

// decode fills in e's typed fields from its subject.
func (e *Event) decode() {
	var r, b int
	if n, _ := fmt.Sscanf(e.Subject, "round %d board %d", &r, &b); n >= 1 {
		e.Round = r
		if n == 2 {
			e.Board = b
		}
	}
	if e.Action == ActRoundPair || e.Action == ActRoundEdit {
		subject, kept := strings.CutSuffix(e.Subject, keptSubject)
		if _, rest, ok := strings.Cut(subject, " ("); ok {
			e.Method, _ = strings.CutSuffix(rest, ")")
		}
		e.Kept = kept && e.Action == ActRoundPair
	}
}

// Event actions.
const (
	ActTournamentNew = "tournament.new"
	ActTournamentSet = "tournament.set"
	ActPlayerAdd     = "player.add"
	ActPlayerEdit    = "player.edit"
	ActPlayerImport  = "player.import"
	ActWithdraw      = "player.withdraw"
	ActRemove        = "player.remove"
	ActBye           = "player.bye"
	ActByeCancel     = "player.bye-cancel"
	ActRoundPair     = "round.pair"
	ActRoundUnpair   = "round.unpair"
	// ActRoundUnknown records the organizer's decision to pair a round
	// although games of the round before have no result yet (an
	// adjourned game, TRF-26 X): New names the boards.
	ActRoundUnknown = "round.unknown"
	ActResult       = "result.enter"
	ActCorrect      = "result.correct"
	ActGameAdd      = "game.add"
	ActGameRuling   = "game.ruling"
	ActRoundPublish = "round.publish"
	ActReport       = "result.report"
	ActConfirm      = "result.confirm"
	ActDispute      = "result.dispute"
	ActAccept       = "result.accept"
	ActReject       = "result.reject"
	ActWebSet       = "tournament.web"
)

// logEvent appends an event inside tx, made by db.Actor. tid 0 stores no
// tournament.
func (db *DB) logEvent(ctx context.Context, tx *sql.Tx, tid int64, action, subject, old, new string) error {
	return db.logEventAs(ctx, tx, db.actor(ctx), tid, action, subject, old, new)
}

// logEventAs is logEvent made by who: a front end serving many people
// names each change's author per call.
func (db *DB) logEventAs(ctx context.Context, tx *sql.Tx, who string, tid int64, action, subject, old, new string) error {
	if _, ok := replayRules[action]; !ok {
		// A kind of event arbiter check could not replay: a bug, caught
		// by the first test that makes it.
		return fmt.Errorf("log %s: no replay rule for this kind of event (store/verify.go)", action)
	}
	var t any
	if tid != 0 {
		t = tid
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO events (at, who, tournament_id, action, subject, old_value, new_value)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, db.stamp(), who, t, action, subject, old, new)
	if err != nil {
		return fmt.Errorf("log %s: %w", action, err)
	}
	return nil
}

// Events returns the log in the order it was written: the events of
// tournament tid and of the roster when tid is not 0, everything when tid
// is 0.
func (db *DB) Events(ctx context.Context, tid int64) ([]Event, error) {
	var evs []Event
	err := db.read(ctx, func(tx *sql.Tx) error {
		q := `SELECT id, at, who, coalesce(tournament_id, 0), action, subject, old_value, new_value FROM events`
		var args []any
		if tid != 0 {
			q += ` WHERE tournament_id = ? OR tournament_id IS NULL`
			args = append(args, tid)
		}
		rows, err := tx.QueryContext(ctx, q+` ORDER BY id`, args...)
		if err != nil {
			return fmt.Errorf("read log: %w", err)
		}
		evs, err = scanEvents(rows)
		return err
	})
	return evs, err
}

func scanEvents(rows *sql.Rows) ([]Event, error) {
	defer rows.Close()
	var evs []Event
	for rows.Next() {
		var e Event
		var at string
		if err := rows.Scan(&e.ID, &at, &e.Who, &e.TournamentID, &e.Action, &e.Subject, &e.Old, &e.New); err != nil {
			return nil, fmt.Errorf("read log: %w", err)
		}
		e.At, _ = time.Parse(time.RFC3339, at)
		e.decode()
		evs = append(evs, e)
	}
	return evs, rows.Err()
}
