package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/labyrinth-chess/arbiter"
)

// Presence: a player says from the phone that they are here, that they
// skip the next round, or that they leave; the organizer can say the
// first for them. Presence is kept from round to round. A tournament
// that requires presence pairs only the players present: the others are
// absent at the check-in of the round, in the pairing's transaction
// (SavePairing, Pairing.Absent; FIDE C.04.2 art. 3.3).

// Actions of the event log of presence.
const (
	// ActHere: a player is present from a round on.
	ActHere = "player.here"
	// ActPresenceRule: the tournament pairs only the players present, or
	// everyone again.
	ActPresenceRule = "tournament.presence"
)

// PresenceRequired reports whether tournament tid pairs only the players
// present.
func (db *DB) PresenceRequired(ctx context.Context, tid int64) (bool, error) {
	var on bool
	err := db.read(ctx, func(tx *sql.Tx) error {
		var err error
		on, err = presenceRequired(ctx, tx, tid)
		return err
	})
	return on, err
}

func presenceRequired(ctx context.Context, q queryer, tid int64) (bool, error) {
	var on int
	err := q.QueryRowContext(ctx, `SELECT required FROM presence_rules WHERE tournament_id = ?`, tid).Scan(&on)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("read the presence rule: %w", err)
	}
	return on == 1, nil
}

// SetPresenceRequired says whether tournament tid pairs only the players
// present, logged; changed is false when it said so already.
func (db *DB) SetPresenceRequired(ctx context.Context, tid int64, on bool) (changed bool, err error) {
	err = db.write(ctx, func(tx *sql.Tx) error {
		if _, err := loadTournament(ctx, tx, tid); err != nil {
			return err
		}
		old, err := presenceRequired(ctx, tx, tid)
		if err != nil || old == on {
			return err
		}
		v := 0
		if on {
			v = 1
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO presence_rules (tournament_id, required) VALUES (?, ?)
			ON CONFLICT (tournament_id) DO UPDATE SET required = excluded.required`, tid, v); err != nil {
			return fmt.Errorf("store the presence rule: %w", err)
		}
		changed = true
		return db.logEvent(ctx, tx, tid, ActPresenceRule, "presence required", yesNo(old), yesNo(on))
	})
	return changed, err
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// Presence is the presence of a tournament as stored at one moment, read
// in one transaction, for the desk to draw up the roll of the next round
// (who is present, missing, skipping, gone).
type Presence struct {
	Snapshot *Snapshot
	Required bool                   // the tournament pairs only the players present
	Marks    []arbiter.PresenceMark // the marks standing, the latest first
	LeftOut  []arbiter.LeftOut      // the byes of the last round paired but the pairing-allocated one
}

// Presence returns the presence of tournament tid.
func (db *DB) Presence(ctx context.Context, tid int64) (Presence, error) {
	var p Presence
	err := db.read(ctx, func(tx *sql.Tx) error {
		var err error
		if p.Snapshot, err = loadSnapshot(ctx, tx, tid); err != nil {
			return err
		}
		if p.Required, err = presenceRequired(ctx, tx, tid); err != nil {
			return err
		}
		if p.Marks, err = presenceMarks(ctx, tx, tid); err != nil {
			return err
		}
		p.LeftOut, err = leftOut(ctx, tx, tid, len(p.Snapshot.Rounds))
		return err
	})
	return p, err
}

// PresenceMarks returns the presence marks standing of tournament tid,
// the latest first.
func (db *DB) PresenceMarks(ctx context.Context, tid int64) ([]arbiter.PresenceMark, error) {
	var ms []arbiter.PresenceMark
	err := db.read(ctx, func(tx *sql.Tx) error {
		var err error
		ms, err = presenceMarks(ctx, tx, tid)
		return err
	})
	return ms, err
}

// leftOut returns the byes of round n but the pairing-allocated one,
// with their explanations.
func leftOut(ctx context.Context, q queryer, tid int64, n int) ([]arbiter.LeftOut, error) {
	rows, err := q.QueryContext(ctx, `SELECT pn, kind, explanation FROM byes WHERE tournament_id = ? AND round = ? AND kind != ? ORDER BY pn`,
		tid, n, arbiter.PAB)
	if err != nil {
		return nil, fmt.Errorf("read the byes of round %d: %w", n, err)
	}
	defer rows.Close()
	var out []arbiter.LeftOut
	for rows.Next() {
		var l arbiter.LeftOut
		if err := rows.Scan(&l.PN, &l.Kind, &l.Note); err != nil {
			return nil, fmt.Errorf("read the byes of round %d: %w", n, err)
		}
		out = append(out, l)
	}
	return out, rows.Err()
}

// presenceMarks returns the marks of tournament tid, the latest first.
func presenceMarks(ctx context.Context, q queryer, tid int64) ([]arbiter.PresenceMark, error) {
	rows, err := q.QueryContext(ctx, `SELECT e.pn, p.name, m.kind, m.round, m.at, m.who, m.ip, m.device, m.phone, m.event
		FROM presence m JOIN entries e ON e.tournament_id = m.tournament_id AND e.player_id = m.player_id
		JOIN players p ON p.id = m.player_id
		WHERE m.tournament_id = ? ORDER BY m.event DESC, m.kind = 'here', m.kind`, tid)
	if err != nil {
		return nil, fmt.Errorf("read presence: %w", err)
	}
	defer rows.Close()
	var out []arbiter.PresenceMark
	for rows.Next() {
		var m arbiter.PresenceMark
		var at string
		if err := rows.Scan(&m.PN, &m.Name, &m.Kind, &m.Round, &at, &m.Who, &m.IP, &m.Device, &m.Phone, &m.Event); err != nil {
			return nil, fmt.Errorf("read presence: %w", err)
		}
		m.At, _ = time.Parse(time.RFC3339, at)
		out = append(out, m)
	}
	return out, rows.Err()
}

// PresenceFacts are what the store reads, inside the transaction of a
// presence mark, for the desk's rule (PresenceRule) to decide on it.
type PresenceFacts struct {
	Tournament arbiter.Tournament
	Entry      arbiter.Entry
	Paired     int             // the last round paired
	Round      int             // the next round to pair, Paired+1
	HereFrom   int             // the round the player is present from, 0 if not marked present
	Requested  arbiter.ByeKind // the bye the player asked for (or was given at check-in) in Round
}

// PresencePlan is what the desk's rule makes of a presence mark, for the
// store to write: Nothing (a mark already standing: nothing is written
// or logged), the bye of a Skip, and HereNext, present again from the
// round after Round.
type PresencePlan struct {
	Nothing  bool
	Bye      arbiter.ByeKind
	HereNext bool
}

// PresenceRule is the desk's rule of a presence mark of kind (Here, Skip
// or Leave), run inside the transaction of the mark on the facts read
// there: a plan, or a refusal that leaves the file as it was.
type PresenceRule func(kind string, f PresenceFacts) (PresencePlan, error)

// MarkPresence records a presence mark of kind (Here, Skip, Leave) for
// the player of tournament tid with pairing number pn, for the next round
// to pair, as rule, the desk's, plans it, in one transaction logged as
// the context's origin's (WithOrigin; phone: said from the player's own
// phone). Here marks the player present from the round on; Skip asks
// for the plan's bye as player bye does; Leave withdraws the player from
// the next round on as player withdraw does.
func (db *DB) MarkPresence(ctx context.Context, tid int64, pn int, kind string, phone bool, rule PresenceRule) (arbiter.PresenceMark, error) {
	var m arbiter.PresenceMark
	err := db.write(ctx, func(tx *sql.Tx) (err error) {
		m, err = db.markPresence(ctx, tx, tid, pn, kind, phone, rule)
		return err
	})
	return m, err
}

// MarkHere records that the players of tournament tid with pairing
// numbers pns are here from the next round on, all in one transaction
// (the organizer's check-in of a tournament that requires presence).
func (db *DB) MarkHere(ctx context.Context, tid int64, pns []int, rule PresenceRule) ([]arbiter.PresenceMark, error) {
	var ms []arbiter.PresenceMark
	err := db.write(ctx, func(tx *sql.Tx) error {
		ms = ms[:0]
		for _, pn := range pns {
			m, err := db.markPresence(ctx, tx, tid, pn, arbiter.Here, false, rule)
			if err != nil {
				return err
			}
			ms = append(ms, m)
		}
		return nil
	})
	return ms, err
}

// markPresence is MarkPresence inside tx. An origin without Who is the
// context's actor (WithActor).
func (db *DB) markPresence(ctx context.Context, tx *sql.Tx, tid int64, pn int, kind string, phone bool, rule PresenceRule) (arbiter.PresenceMark, error) {
	o := OriginOf(ctx)
	if o.Who != "" {
		ctx = WithOrigin(ctx, arbiter.Origin{Who: strings.TrimSpace(o.Who + " " + o.From()), IP: o.IP, Device: o.Device})
	}
	m := arbiter.PresenceMark{PN: pn, Kind: kind, Who: db.actor(ctx), IP: o.IP, Device: o.Device, Phone: phone}
	err := func() error {
		var f PresenceFacts
		var err error
		if f.Tournament, err = loadTournament(ctx, tx, tid); err != nil {
			return err
		}
		id, err := entryID(ctx, tx, tid, pn)
		if err != nil {
			return err
		}
		if f.Entry, err = entryByPlayer(ctx, tx, tid, id); err != nil {
			return err
		}
		m.Name = f.Entry.Player.Name
		if f.Paired, err = pairedRounds(ctx, tx, tid); err != nil {
			return err
		}
		n := f.Paired + 1
		f.Round, m.Round = n, n
		err = tx.QueryRowContext(ctx, `SELECT round FROM presence WHERE tournament_id = ? AND player_id = ? AND kind = 'here'`, tid, id).Scan(&f.HereFrom)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("read presence: %w", err)
		}
		f.Requested = requested(ctx, tx, tid, id, n)
		plan, err := rule(kind, f)
		if err != nil {
			return err
		}
		if plan.Nothing {
			if kind == arbiter.Here && f.HereFrom > 0 {
				m.Round = f.HereFrom
			}
			return nil
		}
		stamp := db.stamp()
		m.At, _ = time.Parse(time.RFC3339, stamp)
		e := f.Entry
		switch kind {
		case arbiter.Here:
			if err := db.logEvent(ctx, tx, tid, ActHere, fmt.Sprintf("%d %s", e.PN, e.Player.Name), "", fmt.Sprintf("present from round %d", n)); err != nil {
				return err
			}
		case arbiter.Skip:
			if err := db.requestBye(ctx, tx, tid, id, n, plan.Bye, nil); err != nil { // the presence rule decided
				return err
			}
		case arbiter.Leave:
			if _, _, err := db.withdraw(ctx, tx, tid, id, n, nil); err != nil { // the presence rule decided
				return err
			}
		default:
			return fmt.Errorf("store: no presence mark %q", kind)
		}
		if err := tx.QueryRowContext(ctx, `SELECT max(id) FROM events`).Scan(&m.Event); err != nil {
			return err
		}
		if err := insertMark(ctx, tx, tid, id, kind, n, stamp, m); err != nil {
			return err
		}
		if plan.HereNext && f.HereFrom == 0 {
			return insertMark(ctx, tx, tid, id, arbiter.Here, n+1, stamp, m)
		}
		return nil
	}()
	return m, err
}

func insertMark(ctx context.Context, tx *sql.Tx, tid, id int64, kind string, n int, stamp string, m arbiter.PresenceMark) error {
	phone := 0
	if m.Phone {
		phone = 1
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO presence (tournament_id, player_id, kind, round, at, who, ip, device, phone, event)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (tournament_id, player_id, kind, round) DO UPDATE SET at = excluded.at, who = excluded.who, ip = excluded.ip,
			device = excluded.device, phone = excluded.phone, event = excluded.event`,
		tid, id, kind, n, stamp, m.Who, m.IP, m.Device, phone, m.Event); err != nil {
		return fmt.Errorf("store presence: %w", err)
	}
	return nil
}

// requested returns the bye player id asked for (or was given at
// check-in) in round n, or NoBye.
func requested(ctx context.Context, tx *sql.Tx, tid, id int64, n int) arbiter.ByeKind {
	var k arbiter.ByeKind
	if err := tx.QueryRowContext(ctx, `SELECT kind FROM requested_byes WHERE tournament_id = ? AND player_id = ? AND round = ?`, tid, id, n).Scan(&k); err != nil {
		return arbiter.NoBye
	}
	return k
}

// checkInMissing marks the players p.Absent absent at the check-in of
// round p.Round with the bye p.AbsentKind, inside SavePairing's
// transaction, after checking that s is the state the pairing was made
// from; it returns the tournament as it is then.
func (db *DB) checkInMissing(ctx context.Context, tx *sql.Tx, s *Snapshot, p Pairing) (*Snapshot, error) {
	tid := s.Tournament.ID
	if p.Basis != 0 && p.Basis != s.LastEvent {
		return nil, &InputError{Kind: ErrStale, Msg: fmt.Sprintf("round %d was not paired: the tournament changed while the pairing was made (a result, a player, a bye or a presence); pair it again", p.Round)}
	}
	for _, pn := range p.Absent {
		id, err := entryID(ctx, tx, tid, pn)
		if err != nil {
			return nil, err
		}
		if err := db.markAbsent(ctx, tx, tid, id, p.Round, p.AbsentKind, nil); err != nil {
			return nil, err
		}
	}
	return loadSnapshot(ctx, tx, tid)
}

// availabilityList are the actions of the changes that say whether one
// player plays a round not paired yet, as SQL: changes of different
// players made only of these can be undone in any order (Undo).
const availabilityList = `'` + ActHere + `', '` + ActBye + `', '` + ActByeCancel + `', '` + ActWithdraw + `', '` + ActCheckin + `'`

// availability reports whether evs are all changes of whether a player
// plays a round not paired yet.
func availability(evs []Event) bool {
	for _, e := range evs {
		switch e.Action {
		case ActHere, ActBye, ActByeCancel, ActWithdraw, ActCheckin:
		default:
			return false
		}
	}
	return len(evs) > 0
}
