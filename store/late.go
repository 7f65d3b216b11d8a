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

// Late entries from the phone (schema version 14): a newcomer asks to
// enter from the tournament's page, the request waits for the organizer,
// and accepting it enters the player as AddEntry does, in the same
// transaction.

// The events of late entries from the phone.
const (
	ActLateSet     = "tournament.late"
	ActLateRequest = "player.late-request"
	ActLateAccept  = "player.late-accept"
	ActLateRefuse  = "player.late-refuse"
)

// ErrLateClosed is the kind of error of a request made while the phone
// takes no entries.
var ErrLateClosed = fmt.Errorf("registration closed: %w", ErrConflict)

// LateUntil returns the cut-off of entries from the phone of tournament
// tid; the zero time when it takes none.
func (db *DB) LateUntil(ctx context.Context, tid int64) (time.Time, error) {
	var until time.Time
	err := db.read(ctx, func(tx *sql.Tx) error {
		var err error
		until, err = loadLateUntil(ctx, tx, tid)
		return err
	})
	return until, err
}

func loadLateUntil(ctx context.Context, q queryer, tid int64) (time.Time, error) {
	var s string
	err := q.QueryRowContext(ctx, `SELECT until FROM late_settings WHERE tournament_id = ?`, tid).Scan(&s)
	if errors.Is(err, sql.ErrNoRows) {
		return time.Time{}, nil
	}
	if err != nil {
		return time.Time{}, fmt.Errorf("read the cut-off of late entries: %w", err)
	}
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		return time.Time{}, fmt.Errorf("the cut-off of late entries %q is not a date and time: %w", s, err)
	}
	return t, nil
}

// SetLateUntil stores the cut-off of entries from the phone of tournament
// tid (the zero time: none, the phone takes no entries), logged.
func (db *DB) SetLateUntil(ctx context.Context, tid int64, until time.Time) error {
	return db.write(ctx, func(tx *sql.Tx) error {
		t, err := loadTournament(ctx, tx, tid)
		if err != nil {
			return err
		}
		old, err := loadLateUntil(ctx, tx, tid)
		if err != nil {
			return err
		}
		if old.Equal(until) {
			return nil
		}
		if until.IsZero() {
			_, err = tx.ExecContext(ctx, `DELETE FROM late_settings WHERE tournament_id = ?`, tid)
		} else {
			_, err = tx.ExecContext(ctx, `INSERT INTO late_settings (tournament_id, until) VALUES (?, ?)
				ON CONFLICT (tournament_id) DO UPDATE SET until = excluded.until`, tid, until.Format(time.RFC3339))
		}
		if err != nil {
			return fmt.Errorf("save the cut-off of late entries: %w", err)
		}
		return db.logEvent(ctx, tx, tid, ActLateSet, t.Name, lateWords(old), lateWords(until))
	})
}

func lateWords(t time.Time) string {
	if t.IsZero() {
		return "no entries from the phone"
	}
	return "entries from the phone until " + t.Format(time.RFC3339)
}

// RosterMatches returns the club players a name typed by a newcomer may
// be, as AddEntry finds them: the same name however written (case,
// accents, "Surname, Name" order), the words of one name only, or a name
// that looks like it (a letter off, an initial). None: someone new.
func (db *DB) RosterMatches(ctx context.Context, name string) ([]arbiter.Player, error) {
	var out []arbiter.Player
	err := db.read(ctx, func(tx *sql.Tx) error {
		roster, err := loadRoster(ctx, tx)
		if err != nil {
			return err
		}
		e := &enroller{roster: roster, keys: make([]nameKeys, len(roster))}
		for i, r := range roster {
			e.keys[i] = keysOf(r.Name)
		}
		n := e.naming(arbiter.Player{Name: strings.TrimSpace(name)}, AddOptions{})
		switch {
		case len(n.Same) > 0:
			out = n.Same
		case len(n.Within) > 0:
			out = n.Within
		default:
			out = n.Similar
		}
		return nil
	})
	return out, err
}

// LateFacts are what the store reads, inside the transaction of a
// late-entry request, for the desk's rule (LateRule) to decide on it.
type LateFacts struct {
	Tournament  string // the tournament's name
	FromAddress int    // the requests waiting from the request's address
	Waiting     int    // the requests waiting in all
	// Roster is the club roster, read for a newcomer who says they are
	// none of its players (New); nil otherwise.
	Roster []arbiter.Player
	// Player is the club player the newcomer says they are, and Entered
	// their pairing number if they are entered already (0: not).
	Player  *arbiter.Player
	Entered int
}

// LateRule is the desk's rule of a late-entry request r, run inside the
// transaction that queues it, on the facts as stored then: an error
// refuses the request.
type LateRule func(r arbiter.LateRequest, f LateFacts) error

// LateAnswer is the desk's rule of the organizer's answer to request r
// as it stands, run inside the transaction of the answer: an error
// refuses the answer (a request answered already).
type LateAnswer func(r arbiter.LateRequest) error

// RequestLate queues newcomer r's request to enter tournament tid: its
// Name, Rating, Club, PlayerID (the club player they said they are, or
// 0), New, Token, IP and Device, as rule, the desk's, lets it on the
// facts read in the same transaction (LateFacts).
func (db *DB) RequestLate(ctx context.Context, tid int64, r arbiter.LateRequest, rule LateRule) (arbiter.LateRequest, error) {
	r.Name, r.Club = strings.TrimSpace(r.Name), strings.TrimSpace(r.Club)
	if len(r.Token) < 20 {
		return r, fmt.Errorf("store: a late-entry request needs a token of 20 characters or more")
	}
	err := db.write(ctx, func(tx *sql.Tx) error {
		t, err := loadTournament(ctx, tx, tid)
		if err != nil {
			return err
		}
		f := LateFacts{Tournament: t.Name}
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FILTER (WHERE ip = ?), count(*)
			FROM late_requests WHERE tournament_id = ? AND status = 'pending'`, r.IP, tid).Scan(&f.FromAddress, &f.Waiting); err != nil {
			return fmt.Errorf("count late-entry requests: %w", err)
		}
		if r.New {
			if f.Roster, err = loadRoster(ctx, tx); err != nil {
				return err
			}
		}
		var player any
		subject := r.Name
		if r.PlayerID != 0 {
			p, err := loadPlayer(ctx, tx, r.PlayerID)
			if err != nil {
				return err
			}
			f.Player = &p
			if e, err := entryByPlayer(ctx, tx, tid, p.ID); err == nil {
				f.Entered = e.PN
			}
			player, subject = p.ID, fmt.Sprintf("%s (club player id:%d %s)", r.Name, p.ID, p.Name)
		}
		if err := rule(r, f); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO late_requests (tournament_id, token, name, rating, club, player_id, new, status, requested_at, ip, device)
			VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?)`, tid, r.Token, r.Name, r.Rating, r.Club, player, r.New, db.stamp(), r.IP, r.Device)
		if err != nil {
			return fmt.Errorf("save the late-entry request: %w", err)
		}
		r.ID, _ = res.LastInsertId()
		o := arbiter.Origin{Who: "web: newcomer " + r.Name, IP: r.IP, Device: r.Device}
		if err := db.logEventAs(ctx, tx, o.Name(), tid, ActLateRequest, subject, "", "waiting "+o.From()); err != nil {
			return err
		}
		return loadLate(ctx, tx, tid, "id", r.ID, &r)
	})
	return r, err
}

const lateColumns = `l.id, l.token, l.name, l.rating, l.club, coalesce(l.player_id, 0), coalesce(p.name, ''), l.new, l.status,
	l.requested_at, l.ip, l.device, l.closed_at, l.closed_by, coalesce(e.pn, 0), coalesce(pin.pin, ''), coalesce(e.joined_round, 0)`

const lateFrom = ` FROM late_requests l LEFT JOIN players p ON p.id = l.player_id
	LEFT JOIN entries e ON l.status = 'accepted' AND e.tournament_id = l.tournament_id AND e.player_id = l.player_id
	LEFT JOIN player_pins pin ON l.status = 'accepted' AND pin.tournament_id = l.tournament_id AND pin.player_id = l.player_id`

func scanLate(row interface{ Scan(...any) error }, r *arbiter.LateRequest) error {
	var at, closed string
	if err := row.Scan(&r.ID, &r.Token, &r.Name, &r.Rating, &r.Club, &r.PlayerID, &r.Roster, &r.New, &r.Status,
		&at, &r.IP, &r.Device, &closed, &r.ClosedBy, &r.PN, &r.PIN, &r.Joined); err != nil {
		return err
	}
	r.At, _ = time.Parse(time.RFC3339, at)
	r.ClosedAt, _ = time.Parse(time.RFC3339, closed)
	return nil
}

// loadLate reads the request of tournament tid whose column by ("id" or
// "token") is v.
func loadLate(ctx context.Context, q queryer, tid int64, by string, v any, r *arbiter.LateRequest) error {
	col := "l.id"
	if by == "token" {
		col = "l.token"
	}
	err := scanLate(q.QueryRowContext(ctx, `SELECT `+lateColumns+lateFrom+` WHERE l.tournament_id = ? AND `+col+` = ?`, tid, v), r)
	if errors.Is(err, sql.ErrNoRows) {
		if by == "token" {
			return &InputError{Kind: ErrBadToken, Msg: "there is no request at this address: ask to enter again"}
		}
		return notFound("there is no late-entry request %v", v)
	}
	if err != nil {
		return fmt.Errorf("read the late-entry request: %w", err)
	}
	return nil
}

// LateRequest returns the request of tournament tid at token.
func (db *DB) LateRequest(ctx context.Context, tid int64, token string) (arbiter.LateRequest, error) {
	var r arbiter.LateRequest
	err := db.read(ctx, func(tx *sql.Tx) error { return loadLate(ctx, tx, tid, "token", token, &r) })
	return r, err
}

// LateQueue returns the requests of tournament tid waiting for the
// organizer, oldest first.
func (db *DB) LateQueue(ctx context.Context, tid int64) ([]arbiter.LateRequest, error) {
	var out []arbiter.LateRequest
	err := db.read(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT `+lateColumns+lateFrom+` WHERE l.tournament_id = ? AND l.status = 'pending' ORDER BY l.id`, tid)
		if err != nil {
			return fmt.Errorf("read late-entry requests: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			var r arbiter.LateRequest
			if err := scanLate(rows, &r); err != nil {
				return fmt.Errorf("read late-entry requests: %w", err)
			}
			out = append(out, r)
		}
		return rows.Err()
	})
	return out, err
}

// pendingLate reads request id of tournament tid for an answer, which
// answer, the desk's rule, may refuse.
func pendingLate(ctx context.Context, tx *sql.Tx, tid, id int64, answer LateAnswer) (arbiter.LateRequest, error) {
	var r arbiter.LateRequest
	if err := loadLate(ctx, tx, tid, "id", id, &r); err != nil {
		return r, err
	}
	return r, answer(r)
}

// AcceptLate enters the newcomer of request id in tournament tid as
// AddEntry enters a player (a late entry joins with the next round to
// pair, C.04.2 art. 2.4-2.5 for the rounds missed), gives them their
// PIN, and marks the request accepted by the context's origin, all in
// one transaction (answer, the desk's rule, may refuse the request as it
// stands; enter and pin, the desk's rules too, admit the entry and make
// the PIN): undo takes it all back. The club player the newcomer said they are is
// entered, never a copy; one who said they are none of those offered is
// added to the roster even if the name looks like another's (opt.New).
func (db *DB) AcceptLate(ctx context.Context, tid, id int64, opt AddOptions, answer LateAnswer, enter EntryRule, match NameRule, pin PINRule) (arbiter.LateRequest, Added, error) {
	var r arbiter.LateRequest
	who := db.actor(ctx)
	var a Added
	err := db.write(ctx, func(tx *sql.Tx) error {
		var err error
		if r, err = pendingLate(ctx, tx, tid, id, answer); err != nil {
			return err
		}
		t, err := loadTournament(ctx, tx, tid)
		if err != nil {
			return err
		}
		roster, err := loadRoster(ctx, tx)
		if err != nil {
			return err
		}
		e := &enroller{db: db, tx: tx, t: t, roster: roster, rule: enter, match: match}
		if err := e.init(ctx); err != nil {
			return err
		}
		opt.PlayerID, opt.New = r.PlayerID, r.New && r.PlayerID == 0
		p := arbiter.Player{Name: r.Name, Rating: r.Rating, Club: r.Club}
		if r.PlayerID != 0 {
			// The club player as the roster has them; the rating and
			// club typed on the phone do not overwrite the roster's.
			p = arbiter.Player{}
		}
		if a, err = e.add(ctx, p, opt); err != nil {
			return err
		}
		if err := e.finish(ctx); err != nil {
			return err
		}
		if a.Entry, err = entryByPlayer(ctx, tx, tid, a.Entry.Player.ID); err != nil {
			return err
		}
		now := db.stamp()
		if _, err := playerPIN(ctx, tx, now, tid, a.Entry.Player.ID, nil, pin); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE late_requests SET status = 'accepted', player_id = ?, closed_at = ?, closed_by = ? WHERE id = ?`,
			a.Entry.Player.ID, now, who, r.ID); err != nil {
			return fmt.Errorf("save the late-entry request: %w", err)
		}
		if err := db.logEventAs(ctx, tx, who, tid, ActLateAccept, r.Name,
			arbiter.LatePending, fmt.Sprintf("accepted as player %d %s", a.Entry.PN, a.Entry.Player.Name)); err != nil {
			return err
		}
		return loadLate(ctx, tx, tid, "id", r.ID, &r)
	})
	return r, a, err
}

// RefuseLate refuses request id of tournament tid, as the context's
// origin, unless answer, the desk's rule, refuses the answer.
func (db *DB) RefuseLate(ctx context.Context, tid, id int64, answer LateAnswer) (arbiter.LateRequest, error) {
	var r arbiter.LateRequest
	who := db.actor(ctx)
	err := db.write(ctx, func(tx *sql.Tx) error {
		var err error
		if r, err = pendingLate(ctx, tx, tid, id, answer); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE late_requests SET status = 'refused', closed_at = ?, closed_by = ? WHERE id = ?`,
			db.stamp(), who, r.ID); err != nil {
			return fmt.Errorf("save the late-entry request: %w", err)
		}
		if err := db.logEventAs(ctx, tx, who, tid, ActLateRefuse, r.Name, arbiter.LatePending, arbiter.LateRefused); err != nil {
			return err
		}
		return loadLate(ctx, tx, tid, "id", r.ID, &r)
	})
	return r, err
}
