package store

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/labyrinth-chess/arbiter"
)

// Who acts from a phone. A player proves to be themself with their own
// PIN (player_pins), or with a phone signed in with it (a session). Every
// PIN is checked inside the transaction of the write it allows, and a
// wrong one is counted in that same transaction (pin_failures): however
// many arrive at once, no more are checked than the limits let through,
// and a restart of the server forgets none of them.

// Kinds of refusal of a proof, each wrapping ErrInvalid or ErrConflict.
var (
	// ErrNoProof: a write for a seat came with neither a PIN nor a
	// phone signed in as a player of the board.
	ErrNoProof = fmt.Errorf("no PIN: %w", ErrInvalid)
	// ErrLocked: too many wrong PINs lately; *LockedError says until
	// when.
	ErrLocked = fmt.Errorf("too many wrong PINs: %w", ErrConflict)
	// ErrWrongSeat: the proof is good, but its player may not do this
	// (confirm their own report, act on another board).
	ErrWrongSeat = fmt.Errorf("not this player's to do: %w", ErrConflict)
)

// LockedError refuses a PIN while too many wrong ones were typed within
// the window of the limits: Until is when the next one may be tried,
// Wait how long that is from now (the store's clock).
type LockedError struct {
	Until time.Time
	Wait  time.Duration
}

func (e *LockedError) Error() string {
	return fmt.Sprintf("too many wrong PINs: wait %d minutes", e.Minutes())
}

func (e *LockedError) Unwrap() error { return ErrLocked }

// Minutes returns Wait in whole minutes, rounded up, at least 1.
func (e *LockedError) Minutes() int {
	m := int((e.Wait + time.Minute - 1) / time.Minute)
	return max(m, 1)
}

// scope is one count of wrong PINs and its limit.
type scope struct {
	key string
	max int
}

func boardScope(tid int64, round, board int) string {
	return fmt.Sprintf("board %d/%d/%d", tid, round, board)
}

func playerScope(tid, id int64) string { return fmt.Sprintf("player %d/%d", tid, id) }

// scopes returns the counts a PIN from ip falls under: the board (round
// 0: none), the address, and each player.
func scopes(l arbiter.PINLimits, tid int64, round, board int, ip string, players ...int64) []scope {
	var out []scope
	if round > 0 {
		out = append(out, scope{boardScope(tid, round, board), l.Board})
	}
	if ip != "" {
		out = append(out, scope{"address " + ip, l.Address})
	}
	for _, id := range players {
		out = append(out, scope{playerScope(tid, id), l.Player})
	}
	return out
}

// pinLocked returns a *LockedError when a scope of ss has its count of
// wrong PINs within the window.
func (db *DB) pinLocked(ctx context.Context, tx *sql.Tx, l arbiter.PINLimits, ss []scope) error {
	if l.Window <= 0 {
		return nil
	}
	now := db.now()
	since := now.Add(-l.Window).UTC().Format(time.RFC3339)
	var until time.Time
	for _, s := range ss {
		if s.max <= 0 {
			continue
		}
		// The max-th latest failure: the scope opens again when it
		// leaves the window.
		var at string
		err := tx.QueryRowContext(ctx, `SELECT at FROM pin_failures WHERE scope = ? AND at > ? ORDER BY at DESC, id DESC LIMIT 1 OFFSET ?`,
			s.key, since, s.max-1).Scan(&at)
		if errors.Is(err, sql.ErrNoRows) {
			continue
		}
		if err != nil {
			return fmt.Errorf("read wrong PINs: %w", err)
		}
		t, err := time.Parse(time.RFC3339, at)
		if err != nil {
			return fmt.Errorf("read wrong PINs: %w", err)
		}
		if t = t.Add(l.Window); t.After(until) {
			until = t
		}
	}
	if until.IsZero() {
		return nil
	}
	return &LockedError{Until: until, Wait: until.Sub(now)}
}

// pinFailed counts a wrong PIN under every scope of ss, and forgets the
// wrong PINs older than the window.
func (db *DB) pinFailed(ctx context.Context, tx *sql.Tx, l arbiter.PINLimits, ss []scope) error {
	if l.Window <= 0 {
		return nil
	}
	now := db.now()
	for _, s := range ss {
		if _, err := tx.ExecContext(ctx, `INSERT INTO pin_failures (scope, at) VALUES (?, ?)`, s.key, now.UTC().Format(time.RFC3339)); err != nil {
			return fmt.Errorf("count a wrong PIN: %w", err)
		}
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM pin_failures WHERE at <= ?`, now.Add(-l.Window).UTC().Format(time.RFC3339)); err != nil {
		return fmt.Errorf("forget old wrong PINs: %w", err)
	}
	return nil
}

// samePIN compares a PIN typed with a stored one in constant time; a
// player without a PIN matches nothing.
func samePIN(typed, stored string) bool {
	return stored != "" && subtle.ConstantTimeCompare([]byte(typed), []byte(stored)) == 1
}

// Prove decides, inside the transaction of a write from a phone, which
// seat of board c the phone proves, for the write at hand: pin is the PIN
// typed, spaces trimmed ("" for none); session is the pairing number of
// the player the phone is signed in as (0 for none; looked up only when
// no PIN was typed). c carries the players' own PINs and the open report.
// The rules are the desk's; a refusal of kind ErrWrongPIN for a PIN typed
// is counted against the limits, in the same transaction.
type Prove func(c arbiter.BoardCode, pin string, session int) (arbiter.Colour, error)

// proveSeat returns the seat of board c that p proves by prove, inside
// tx, checking a PIN typed against the limits l first. A refusal (a PIN
// locked out, or prove's) is returned as refused: the transaction must
// commit, for a wrong PIN is counted in it. err is a fault, to roll back.
func (db *DB) proveSeat(ctx context.Context, tx *sql.Tx, c arbiter.BoardCode, p arbiter.Proof, prove Prove, l arbiter.PINLimits, ip string) (seat arbiter.Colour, refused, err error) {
	pin := strings.TrimSpace(p.PIN)
	session := 0
	var ss []scope
	if pin == "" {
		if session, err = sessionPlayer(ctx, tx, c.TournamentID, p.Session, db.now()); err != nil {
			return 0, nil, err
		}
	} else {
		white, err := entryID(ctx, tx, c.TournamentID, c.White)
		if err != nil {
			return 0, nil, err
		}
		black, err := entryID(ctx, tx, c.TournamentID, c.Black)
		if err != nil {
			return 0, nil, err
		}
		ss = scopes(l, c.TournamentID, c.Round, c.Board, ip, white, black)
		if err := db.pinLocked(ctx, tx, l, ss); err != nil {
			var le *LockedError
			if errors.As(err, &le) {
				return 0, err, nil
			}
			return 0, nil, err
		}
	}
	seat, no := prove(c, pin, session)
	if no != nil {
		if pin != "" && errors.Is(no, ErrWrongPIN) {
			if err := db.pinFailed(ctx, tx, l, ss); err != nil {
				return 0, nil, err
			}
		}
		return 0, no, nil
	}
	if seat != arbiter.White && seat != arbiter.Black {
		return 0, nil, fmt.Errorf("store: board %d: a proof that proves no seat was let through", c.Board)
	}
	return seat, nil, nil
}

// Player sessions: a phone that proved once, with the player's PIN, to be
// the player acts for that player alone until the session lapses or the
// phone signs out.

// sessionHash is how a session's secret is kept: its SHA-256, so that a
// copy of the file opens no phone's session.
func sessionHash(secret string) string {
	h := sha256.Sum256([]byte(secret))
	return hex.EncodeToString(h[:])
}

// newSecret returns 192 random bits in hex.
func newSecret() (string, error) {
	b := make([]byte, 24)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("session: %w", err)
	}
	return hex.EncodeToString(b), nil
}

// sessionPlayer returns the pairing number of the player of tournament
// tid whose session secret is, 0 when there is none or it lapsed.
func sessionPlayer(ctx context.Context, q queryer, tid int64, secret string, now time.Time) (int, error) {
	if secret == "" {
		return 0, nil
	}
	var pn int
	err := q.QueryRowContext(ctx, `SELECT e.pn FROM player_sessions s
		JOIN entries e ON e.tournament_id = s.tournament_id AND e.player_id = s.player_id
		WHERE s.secret = ? AND s.tournament_id = ? AND s.expires_at > ?`,
		sessionHash(secret), tid, now.UTC().Format(time.RFC3339)).Scan(&pn)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("read the phone's session: %w", err)
	}
	return pn, nil
}

// MaxSessions is how many phones may be signed in as one player at once:
// a new session ends the oldest beyond it.
const MaxSessions = 4

// SignInRule is the desk's rule of a sign-in, run inside its
// transaction: whether pin, typed (spaces trimmed) for the player with
// pairing number pn, proves that player, whose own PIN is own ("" for a
// player without one). A refusal of kind ErrWrongPIN is counted against
// the limits, in the same transaction.
type SignInRule func(pn int, pin, own string) error

// SignIn starts a session of the player of tournament tid with pairing
// number pn on a phone that typed pin, which rule, the desk's, checks
// against the player's own PIN within the limits l, as a board's PINs are
// (per address and player). It returns the session's secret, for the
// phone to keep; the session lapses after ttl. The rule's refusal is
// returned, and counted when it is ErrWrongPIN; ErrLocked (a
// *LockedError) while too many were.
func (db *DB) SignIn(ctx context.Context, tid int64, pn int, pin string, ttl time.Duration, l arbiter.PINLimits, rule SignInRule) (string, error) {
	o := OriginOf(ctx)
	var secret string
	var refused error
	err := db.write(ctx, func(tx *sql.Tx) error {
		id, err := entryID(ctx, tx, tid, pn)
		if err != nil {
			return err
		}
		ss := scopes(l, tid, 0, 0, o.IP, id)
		if err := db.pinLocked(ctx, tx, l, ss); err != nil {
			var le *LockedError
			if errors.As(err, &le) {
				refused = err
				return nil
			}
			return err
		}
		var stored string
		err = tx.QueryRowContext(ctx, `SELECT pin FROM player_pins WHERE tournament_id = ? AND player_id = ?`, tid, id).Scan(&stored)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("read the PIN: %w", err)
		}
		if no := rule(pn, strings.TrimSpace(pin), stored); no != nil {
			refused = no
			if errors.Is(no, ErrWrongPIN) {
				return db.pinFailed(ctx, tx, l, ss)
			}
			return nil
		}
		if !samePIN(strings.TrimSpace(pin), stored) {
			return fmt.Errorf("store: a PIN that is not player %d's was let through", pn)
		}
		if secret, err = newSecret(); err != nil {
			return err
		}
		now := db.now()
		// Lapsed sessions go as new ones come.
		if _, err := tx.ExecContext(ctx, `DELETE FROM player_sessions WHERE expires_at <= ?`, now.UTC().Format(time.RFC3339)); err != nil {
			return fmt.Errorf("forget lapsed sessions: %w", err)
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO player_sessions (secret, tournament_id, player_id, started_at, expires_at, ip, device) VALUES (?, ?, ?, ?, ?, ?, ?)`,
			sessionHash(secret), tid, id, now.UTC().Format(time.RFC3339), now.Add(ttl).UTC().Format(time.RFC3339), o.IP, o.Device)
		if err != nil {
			return fmt.Errorf("save the session: %w", err)
		}
		// A player has a few phones: their oldest sessions go.
		if _, err := tx.ExecContext(ctx, `DELETE FROM player_sessions WHERE tournament_id = ?1 AND player_id = ?2 AND rowid NOT IN
			(SELECT rowid FROM player_sessions WHERE tournament_id = ?1 AND player_id = ?2 ORDER BY rowid DESC LIMIT ?3)`, tid, id, MaxSessions); err != nil {
			return fmt.Errorf("forget old sessions: %w", err)
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	return secret, refused
}

// SessionPlayer returns the pairing number of the player of tournament
// tid whose session secret is, 0 when there is none or it lapsed.
func (db *DB) SessionPlayer(ctx context.Context, tid int64, secret string) (int, error) {
	var pn int
	err := db.read(ctx, func(tx *sql.Tx) error {
		var err error
		pn, err = sessionPlayer(ctx, tx, tid, secret, db.now())
		return err
	})
	return pn, err
}

// SignOut ends the session whose secret is secret; an unknown one is no
// error.
func (db *DB) SignOut(ctx context.Context, secret string) error {
	if secret == "" {
		return nil
	}
	return db.write(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM player_sessions WHERE secret = ?`, sessionHash(secret)); err != nil {
			return fmt.Errorf("end the session: %w", err)
		}
		return nil
	})
}
