package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/base32"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/labyrinth-chess/arbiter"
)

// What the server of the evening (arbiter serve) keeps: which rounds are
// published, the code of each board of a published round, and the results
// reported from the boards. Every change is one transaction with its
// event; the author of each change is given per call, so one DB serves
// many phones.

// Sentinel kinds of the server's refusals. Each wraps ErrNotFound,
// ErrConflict or ErrInvalid.
var (
	// ErrBadToken: no board of a round in play has this code.
	ErrBadToken = fmt.Errorf("unknown board code: %w", ErrNotFound)
	// ErrTokenExpired: the code belongs to a round that is over.
	ErrTokenExpired = fmt.Errorf("board code of a past round: %w", ErrConflict)
	// ErrWrongPIN: the PIN is no player's of the board (or not the
	// player's own, signing in).
	ErrWrongPIN = fmt.Errorf("wrong PIN: %w", ErrInvalid)
	// ErrNotPublished: the round is a draft.
	ErrNotPublished = fmt.Errorf("round not published: %w", ErrConflict)
)

// WebSettings returns tournament tid's settings for the server.
func (db *DB) WebSettings(ctx context.Context, tid int64) (arbiter.WebSettings, error) {
	var ws arbiter.WebSettings
	err := db.read(ctx, func(tx *sql.Tx) error {
		var err error
		ws, err = loadWebSettings(ctx, tx, tid)
		return err
	})
	return ws, err
}

func loadWebSettings(ctx context.Context, q queryer, tid int64) (arbiter.WebSettings, error) {
	var ws arbiter.WebSettings
	var policy string
	var minutes int
	err := q.QueryRowContext(ctx, `SELECT auto_publish, public_url, unconfirmed, unconfirmed_minutes FROM web_settings WHERE tournament_id = ?`, tid).
		Scan(&ws.AutoPublish, &ws.PublicURL, &policy, &minutes)
	if errors.Is(err, sql.ErrNoRows) {
		return arbiter.WebSettings{UnconfirmedAfter: arbiter.DefaultUnconfirmedAfter}, nil
	}
	ws.AutoConfirm = policy == "confirm"
	ws.UnconfirmedAfter = time.Duration(minutes) * time.Minute
	if err != nil {
		return ws, fmt.Errorf("read web settings: %w", err)
	}
	return ws, nil
}

// SetWebSettings stores tournament tid's settings for the server, logging
// what changed.
func (db *DB) SetWebSettings(ctx context.Context, tid int64, ws arbiter.WebSettings) error {
	return db.write(ctx, func(tx *sql.Tx) error {
		t, err := loadTournament(ctx, tx, tid)
		if err != nil {
			return err
		}
		old, err := loadWebSettings(ctx, tx, tid)
		if err != nil {
			return err
		}
		ws.UnconfirmedAfter = ws.Wait()
		if old == ws {
			return nil
		}
		minutes := ws.UnconfirmedAfter / time.Minute
		if ws.UnconfirmedAfter%time.Minute != 0 || minutes < 1 || minutes > 1440 {
			return invalid("a report waits for the opponent a whole number of minutes from 1 to 1440, not %s", ws.UnconfirmedAfter)
		}
		policy := "queue"
		if ws.AutoConfirm {
			policy = "confirm"
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO web_settings (tournament_id, auto_publish, public_url, unconfirmed, unconfirmed_minutes) VALUES (?, ?, ?, ?, ?)
			ON CONFLICT (tournament_id) DO UPDATE SET auto_publish = excluded.auto_publish, public_url = excluded.public_url,
				unconfirmed = excluded.unconfirmed, unconfirmed_minutes = excluded.unconfirmed_minutes`,
			tid, ws.AutoPublish, ws.PublicURL, policy, int(minutes)); err != nil {
			return fmt.Errorf("save web settings: %w", err)
		}
		return db.logEvent(ctx, tx, tid, ActWebSet, t.Name, old.String(), ws.String())
	})
}

// Published returns the last published round of tournament tid (0: none)
// and the last paired round.
func (db *DB) Published(ctx context.Context, tid int64) (published, paired int, err error) {
	err = db.read(ctx, func(tx *sql.Tx) error {
		return tx.QueryRowContext(ctx, `SELECT coalesce(max(number) FILTER (WHERE published_at <> ''), 0), coalesce(max(number), 0)
			FROM rounds WHERE tournament_id = ?`, tid).Scan(&published, &paired)
	})
	if err != nil {
		return 0, 0, fmt.Errorf("read published rounds: %w", err)
	}
	return published, paired, nil
}

// LastEvent returns the id of the last event in the log (0 when empty):
// it changes with every change, whoever made it.
func (db *DB) LastEvent(ctx context.Context) (int64, error) {
	var id int64
	err := db.read(ctx, func(tx *sql.Tx) error {
		return tx.QueryRowContext(ctx, `SELECT coalesce(max(id), 0) FROM events`).Scan(&id)
	})
	return id, err
}

// tokenEncoding writes board codes: lowercase, no padding, easy to read
// out if a phone cannot scan.
var tokenEncoding = base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567").WithPadding(base32.NoPadding)

// newToken returns 130 random bits as 26 characters.
func newToken() (string, error) {
	b := make([]byte, 17)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("board code: %w", err)
	}
	return tokenEncoding.EncodeToString(b)[:26], nil
}

// Publish publishes round n of tournament tid (0: the last round paired):
// public pages show it, each of its boards gets a code, and each of its
// players without a PIN of their own gets one by rule (PlayerPIN).
// already reports that it was published before (nothing changes).
func (db *DB) Publish(ctx context.Context, tid int64, n int, rule PINRule) (round int, already bool, err error) {
	err = db.write(ctx, func(tx *sql.Tx) error {
		var err error
		round, already, err = db.publish(ctx, tx, tid, n, rule)
		return err
	})
	return round, already, err
}

// publish is Publish inside tx, by the context's actor.
func (db *DB) publish(ctx context.Context, tx *sql.Tx, tid int64, n int, rule PINRule) (round int, already bool, err error) {
	who := db.actor(ctx)
	err = func() error {
		paired, err := pairedRounds(ctx, tx, tid)
		if err != nil {
			return err
		}
		if paired == 0 {
			return &InputError{Kind: ErrNotPaired, Msg: "no round is paired yet"}
		}
		if n == 0 {
			n = paired
		}
		if n < 1 || n > paired {
			return notPaired(n, paired)
		}
		round = n
		var at string
		if err := tx.QueryRowContext(ctx, `SELECT published_at FROM rounds WHERE tournament_id = ? AND number = ?`, tid, n).Scan(&at); err != nil {
			return fmt.Errorf("read round %d: %w", n, err)
		}
		if at != "" {
			already = true
		} else if _, err := tx.ExecContext(ctx, `UPDATE rounds SET published_at = ? WHERE tournament_id = ? AND number = ?`, db.stamp(), tid, n); err != nil {
			return fmt.Errorf("publish round %d: %w", n, err)
		}
		made, err := db.makeCodes(ctx, tx, tid, n)
		if err != nil {
			return err
		}
		if err := db.roundPINs(ctx, tx, tid, n, rule); err != nil {
			return err
		}
		if already && made == 0 {
			return nil
		}
		return db.logEventAs(ctx, tx, who, tid, ActRoundPublish, fmt.Sprintf("round %d", n), "", plural(made, "board code", "board codes"))
	}()
	return round, already, err
}

// makeCodes gives every board of round n without a code one, and returns
// how many it made.
func (db *DB) makeCodes(ctx context.Context, tx *sql.Tx, tid int64, n int) (int, error) {
	rows, err := tx.QueryContext(ctx, `SELECT b.board FROM boards b
		WHERE b.tournament_id = ? AND b.round = ? AND NOT EXISTS (SELECT 1 FROM board_codes c
			WHERE c.tournament_id = b.tournament_id AND c.round = b.round AND c.board = b.board)`, tid, n)
	if err != nil {
		return 0, fmt.Errorf("read boards: %w", err)
	}
	var boards []int
	for rows.Next() {
		var b int
		if err := rows.Scan(&b); err != nil {
			rows.Close()
			return 0, err
		}
		boards = append(boards, b)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, err
	}
	for _, b := range boards {
		tok, err := newToken()
		if err != nil {
			return 0, err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO board_codes (tournament_id, round, board, token) VALUES (?, ?, ?, ?)`,
			tid, n, b, tok); err != nil {
			return 0, fmt.Errorf("save board code: %w", err)
		}
	}
	return len(boards), nil
}

// roundPINs gives every player of a board of round n without a PIN of
// their own one, by rule. A PIN, once made, is not taken back by undoing
// the command that made it: it may be on a card or a phone already.
func (db *DB) roundPINs(ctx context.Context, tx *sql.Tx, tid int64, n int, rule PINRule) error {
	rows, err := tx.QueryContext(ctx, `SELECT e.player_id FROM boards b JOIN entries e ON e.tournament_id = b.tournament_id AND e.pn IN (b.white, b.black)
		WHERE b.tournament_id = ? AND b.round = ? AND NOT EXISTS (SELECT 1 FROM player_pins p WHERE p.tournament_id = e.tournament_id AND p.player_id = e.player_id)
		ORDER BY e.pn`, tid, n)
	if err != nil {
		return fmt.Errorf("read players: %w", err)
	}
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return err
		}
		ids = append(ids, id)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	if len(ids) == 0 {
		return nil
	}
	taken, err := pinsTaken(ctx, tx, tid)
	if err != nil {
		return err
	}
	stamp := db.stamp()
	for _, id := range ids {
		if _, err := playerPIN(ctx, tx, stamp, tid, id, taken, rule); err != nil {
			return err
		}
	}
	if len(ids) > 0 {
		db.rec.forget("player_pins")
	}
	return nil
}

// BoardCodes returns the codes of the boards of round n of tournament
// tid, by board number; empty when the round is not published.
func (db *DB) BoardCodes(ctx context.Context, tid int64, n int) (map[int]arbiter.BoardCode, error) {
	out := map[int]arbiter.BoardCode{}
	err := db.read(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT c.board, c.token, `+seatPINs+`, b.white, b.black, b.result, b.second, `+doubleSwiss+`
			FROM board_codes c JOIN boards b USING (tournament_id, round, board)
			WHERE c.tournament_id = ? AND c.round = ?`, tid, n)
		if err != nil {
			return fmt.Errorf("read board codes: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			c := arbiter.BoardCode{TournamentID: tid, Round: n}
			if err := rows.Scan(&c.Board, &c.Token, &c.WhitePIN, &c.BlackPIN, &c.White, &c.Black, &c.Result, &c.Second, &c.Double); err != nil {
				return err
			}
			out[c.Board] = c
		}
		return rows.Err()
	})
	return out, err
}

// BoardTokens returns the tokens of the board codes of round n of
// tournament tid, by board number: what a result slip's QR code leads to,
// read in one query (BoardCodes also looks up both players' PINs, a
// query each per board). It is empty when the round is not published.
func (db *DB) BoardTokens(ctx context.Context, tid int64, n int) (map[int]string, error) {
	out := map[int]string{}
	err := db.read(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT c.board, c.token
			FROM board_codes c JOIN boards b USING (tournament_id, round, board)
			WHERE c.tournament_id = ? AND c.round = ?`, tid, n)
		if err != nil {
			return fmt.Errorf("read board codes: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			var board int
			var token string
			if err := rows.Scan(&board, &token); err != nil {
				return err
			}
			out[board] = token
		}
		return rows.Err()
	})
	return out, err
}

// BoardByToken returns the board whose code is token. The code works only
// while its round is the last one paired: ErrTokenExpired after, and
// ErrBadToken for a code no board has.
func (db *DB) BoardByToken(ctx context.Context, token string) (arbiter.BoardCode, error) {
	var c arbiter.BoardCode
	err := db.read(ctx, func(tx *sql.Tx) error {
		var err error
		c, err = boardByToken(ctx, tx, token)
		return err
	})
	return c, err
}

// seatPINs selects the own PINs of a board's players (b), "" for none.
const seatPINs = `coalesce((SELECT p.pin FROM player_pins p JOIN entries e ON e.tournament_id = p.tournament_id AND e.player_id = p.player_id
		WHERE e.tournament_id = b.tournament_id AND e.pn = b.white), ''),
	coalesce((SELECT p.pin FROM player_pins p JOIN entries e ON e.tournament_id = p.tournament_id AND e.player_id = p.player_id
		WHERE e.tournament_id = b.tournament_id AND e.pn = b.black), '')`

// doubleSwiss selects whether a board (b) is a Double-Swiss match: its
// tournament is paired by that system (C.04.5).
const doubleSwiss = `coalesce((SELECT f.system = 'double-swiss' FROM tournament_formats f WHERE f.tournament_id = b.tournament_id), 0)`

func boardByToken(ctx context.Context, tx *sql.Tx, token string) (arbiter.BoardCode, error) {
	c := arbiter.BoardCode{Token: token}
	err := tx.QueryRowContext(ctx, `SELECT c.tournament_id, c.round, c.board, `+seatPINs+`, b.white, b.black, b.result, b.second, `+doubleSwiss+`
		FROM board_codes c JOIN boards b USING (tournament_id, round, board) WHERE c.token = ?`, token).
		Scan(&c.TournamentID, &c.Round, &c.Board, &c.WhitePIN, &c.BlackPIN, &c.White, &c.Black, &c.Result, &c.Second, &c.Double)
	if errors.Is(err, sql.ErrNoRows) {
		return c, &InputError{Kind: ErrBadToken, Msg: "no board has this code: scan the code on your slip again"}
	}
	if err != nil {
		return c, fmt.Errorf("read board code: %w", err)
	}
	paired, err := pairedRounds(ctx, tx, c.TournamentID)
	if err != nil {
		return c, err
	}
	if c.Round != paired {
		return c, &InputError{Kind: ErrTokenExpired, Msg: fmt.Sprintf("this code is for round %d, and round %d is paired now", c.Round, paired)}
	}
	rs, err := loadReports(ctx, tx, `r.tournament_id = ? AND r.round = ? AND r.board = ? AND r.status IN ('reported', 'disputed')`, c.TournamentID, c.Round, c.Board)
	if err != nil {
		return c, err
	}
	if len(rs) > 0 {
		c.Report = &rs[0]
	}
	return c, nil
}

// ReportStep is the desk's state machine of a result reported from the
// board, which the store runs inside the transaction of the write, on the
// board c as stored then: with seat NoColour, before any PIN is
// compared, it refuses what no one may do on the board now; with the
// seat proven, it returns the report's next state: Reported (a first
// report, or the reporter's own replaced), Disputed (the opponent gave
// another result) or Confirmed (the opponent gave the same: judged and
// entered), or refuses. m is what the player gives: a single game's
// result as m.First, or a Double-Swiss match's two games (c.Double).
// confirm says the player answers as the opponent (Confirm). The store
// decides none of it.
type ReportStep func(c arbiter.BoardCode, seat arbiter.Colour, m arbiter.Match, confirm bool) (string, error)

// OpenStep is the desk's rule of which reports the organizer may decide
// (Accept, Reject, Rule), run inside the transaction of the decision on
// the report as stored then.
type OpenStep func(rep arbiter.WebReport) error

// Report records result r reported from the board whose code is token
// by the player whose seat prove finds p proves (their own PIN, or a
// phone signed in as them), the wrong PINs counted within the limits l:
// the seat is the one proven, never one a form names. What the report
// does is step's, the desk's state machine, run on the board as stored
// in the transaction: a new report, the reporter's own replaced, the
// opponent's answer (a dispute, or a confirmation whose result judge
// decides, applied to the games of the board). A refused proof, or a
// refusal of step once the seat is proven, changes nothing but the count
// of wrong PINs: prove's refusal, or ErrLocked (a *LockedError).
func (db *DB) Report(ctx context.Context, token string, p arbiter.Proof, prove Prove, step ReportStep, r arbiter.Result, judge Judge, l arbiter.PINLimits) (arbiter.WebReport, error) {
	return db.answer(ctx, token, p, prove, step, arbiter.Match{First: r}, judge, l, false)
}

// ReportMatch is Report for a board of a Double-Swiss tournament (FIDE
// C.04.5): m holds both games of the match, and the opponent's same
// match, confirmed, is entered as SetMatch enters it.
func (db *DB) ReportMatch(ctx context.Context, token string, p arbiter.Proof, prove Prove, step ReportStep, m arbiter.Match, l arbiter.PINLimits) (arbiter.WebReport, error) {
	return db.answer(ctx, token, p, prove, step, m, nil, l, false)
}

// ConfirmMatch is Confirm for a Double-Swiss match: the same match
// confirms the report and is entered; another disputes it.
func (db *DB) ConfirmMatch(ctx context.Context, token string, p arbiter.Proof, prove Prove, step ReportStep, m arbiter.Match, l arbiter.PINLimits) (arbiter.WebReport, error) {
	return db.answer(ctx, token, p, prove, step, m, nil, l, true)
}

// Confirm is Report for the opponent's answer to the open report of the
// board whose code is token (step is told it confirms): the same result
// confirms it, and the result judged by judge (nil: r as it is) inside
// the same transaction is entered; another disputes it, for the
// organizer.
func (db *DB) Confirm(ctx context.Context, token string, p arbiter.Proof, prove Prove, step ReportStep, r arbiter.Result, judge Judge, l arbiter.PINLimits) (arbiter.WebReport, error) {
	return db.answer(ctx, token, p, prove, step, arbiter.Match{First: r}, judge, l, true)
}

// answer is Report (confirm false) and Confirm, and their match forms: m
// is a single game's result as m.First, or a match's two games.
func (db *DB) answer(ctx context.Context, token string, p arbiter.Proof, prove Prove, step ReportStep, m arbiter.Match, judge Judge, l arbiter.PINLimits, confirm bool) (arbiter.WebReport, error) {
	o := OriginOf(ctx)
	var out arbiter.WebReport
	var refused error
	err := db.write(ctx, func(tx *sql.Tx) error {
		c, err := boardByToken(ctx, tx, token)
		if err != nil {
			return err
		}
		rep := c.Report
		if _, err := step(c, arbiter.NoColour, m, confirm); err != nil {
			return err
		}
		seat, no, err := db.proveSeat(ctx, tx, c, p, prove, l, o.IP)
		if err != nil {
			return err
		}
		if no != nil {
			refused = no
			return nil
		}
		next, no := step(c, seat, m, confirm)
		if no != nil {
			refused = no
			return nil
		}
		who, err := seatWho(ctx, tx, c, seat, o)
		if err != nil {
			return err
		}
		subject, err := reportSubject(ctx, tx, c)
		if err != nil {
			return err
		}
		now := db.stamp()
		text := m.First.String()
		if c.Double {
			text = m.String()
		}
		switch {
		case next == arbiter.Reported && rep == nil:
			res, err := tx.ExecContext(ctx, `INSERT INTO result_reports (tournament_id, round, board, seat, result, second, status, reported_at, reported_ip, reported_dev)
				VALUES (?, ?, ?, ?, ?, ?, 'reported', ?, ?, ?)`, c.TournamentID, c.Round, c.Board, seat, m.First, m.Second, now, o.IP, o.Device)
			if err != nil {
				return fmt.Errorf("save report: %w", err)
			}
			id, _ := res.LastInsertId()
			if err := db.logEventAs(ctx, tx, who, c.TournamentID, ActReport, subject, "", text+" "+o.From()); err != nil {
				return err
			}
			return loadReport(ctx, tx, id, &out)
		case next == arbiter.Reported:
			if _, err := tx.ExecContext(ctx, `UPDATE result_reports SET result = ?, second = ?, reported_at = ?, reported_ip = ?, reported_dev = ? WHERE id = ?`,
				m.First, m.Second, now, o.IP, o.Device, rep.ID); err != nil {
				return fmt.Errorf("save report: %w", err)
			}
			if err := db.logEventAs(ctx, tx, who, c.TournamentID, ActReport, subject, rep.Text(), text+" "+o.From()); err != nil {
				return err
			}
			return loadReport(ctx, tx, rep.ID, &out)
		case next == arbiter.Disputed:
			if _, err := tx.ExecContext(ctx, `UPDATE result_reports SET status = 'disputed', other_result = ?, other_second = ?, closed_at = ?, closed_by = ?, closed_ip = ?, closed_dev = ?
				WHERE id = ?`, m.First, m.Second, now, who, o.IP, o.Device, rep.ID); err != nil {
				return fmt.Errorf("save report: %w", err)
			}
			if err := db.logEventAs(ctx, tx, who, c.TournamentID, ActDispute, subject, rep.Text(), text+" "+o.From()); err != nil {
				return err
			}
			return loadReport(ctx, tx, rep.ID, &out)
		case next != arbiter.Confirmed || rep == nil:
			return fmt.Errorf("store: board %d: a report cannot become %q", c.Board, next)
		}
		var judgedGame Judged
		if !c.Double {
			if judgedGame, err = judged(ctx, tx, c.TournamentID, c.Round, c.Board, m.First, judge); err != nil {
				return err
			}
		}
		if _, err := tx.ExecContext(ctx, `UPDATE result_reports SET status = 'confirmed', closed_at = ?, closed_by = ?, closed_ip = ?, closed_dev = ?
			WHERE id = ?`, now, who, o.IP, o.Device, rep.ID); err != nil {
			return fmt.Errorf("save report: %w", err)
		}
		if err := db.logEventAs(ctx, tx, who, c.TournamentID, ActConfirm, subject, "", text+" "+o.From()); err != nil {
			return err
		}
		if c.Double {
			if _, err := db.setMatch(ctx, tx, who, c.TournamentID, c.Round, c.Board, m, false); err != nil {
				return err
			}
		} else if _, err := db.setResult(ctx, tx, who, c.TournamentID, c.Round, c.Board, judgedGame.Result, judgedGame.Reason, false); err != nil {
			return err
		}
		return loadReport(ctx, tx, rep.ID, &out)
	})
	if err == nil && refused != nil {
		return arbiter.WebReport{}, refused
	}
	return out, err
}

// seatWho names, for the event log, the player proven on seat of board c
// and the front end of o: "web: Rossi, Anna (black)".
func seatWho(ctx context.Context, tx *sql.Tx, c arbiter.BoardCode, seat arbiter.Colour, o arbiter.Origin) (string, error) {
	wn, bn, err := pairNames(ctx, tx, c.TournamentID, c.White, c.Black)
	if err != nil {
		return "", err
	}
	name := wn
	if seat == arbiter.Black {
		name = bn
	}
	return fmt.Sprintf("%s: %s (%s)", o.Name(), name, strings.ToLower(colourWord(seat))), nil
}

func colourWord(c arbiter.Colour) string {
	if c == arbiter.White {
		return "White"
	}
	return "Black"
}

func reportSubject(ctx context.Context, tx *sql.Tx, c arbiter.BoardCode) (string, error) {
	names, err := boardNames(ctx, tx, c.TournamentID, c.White, c.Black)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("round %d board %d (%s)", c.Round, c.Board, names), nil
}

// Queue returns the reports of tournament tid that wait for the
// organizer: the disputed ones, and those reported at least stale ago
// that nobody confirmed; oldest first.
func (db *DB) Queue(ctx context.Context, tid int64, stale time.Duration) ([]arbiter.WebReport, error) {
	var out []arbiter.WebReport
	before := db.now().Add(-stale).UTC().Format(time.RFC3339)
	err := db.read(ctx, func(tx *sql.Tx) error {
		var err error
		out, err = loadReports(ctx, tx, `r.tournament_id = ? AND (r.status = 'disputed' OR (r.status = 'reported' AND r.reported_at <= ?))`, tid, before)
		return err
	})
	return out, err
}

// Reports returns every report of round n of tournament tid, oldest
// first.
func (db *DB) Reports(ctx context.Context, tid int64, n int) ([]arbiter.WebReport, error) {
	var out []arbiter.WebReport
	err := db.read(ctx, func(tx *sql.Tx) error {
		var err error
		out, err = loadReports(ctx, tx, `r.tournament_id = ? AND r.round = ?`, tid, n)
		return err
	})
	return out, err
}

// Report returns report id of tournament tid.
func (db *DB) WebReport(ctx context.Context, tid, id int64) (arbiter.WebReport, error) {
	var out arbiter.WebReport
	err := db.read(ctx, func(tx *sql.Tx) error {
		if err := loadReport(ctx, tx, id, &out); err != nil {
			return err
		}
		if out.TournamentID != tid {
			return notFound("no report %d in this tournament", id)
		}
		return nil
	})
	return out, err
}

// Accept enters r (NoResult: the result reported) on the board of open
// report id of tournament tid, as the organizer's decision judged by
// judge inside the transaction (nil: r as it is), and closes the report;
// open, the desk's rule, may refuse the report as it stands.
func (db *DB) Accept(ctx context.Context, tid, id int64, r arbiter.Result, judge Judge, open OpenStep) (arbiter.WebReport, error) {
	var out arbiter.WebReport
	who := db.actor(ctx)
	err := db.write(ctx, func(tx *sql.Tx) error {
		var err error
		out, err = db.acceptIn(ctx, tx, tid, id, arbiter.Match{First: r}, judge, open, who)
		return err
	})
	return out, err
}

// AcceptMatch is Accept for the report of a Double-Swiss match: it enters
// m (the zero Match: the match reported), both games, as SetMatch enters
// it, and closes the report.
func (db *DB) AcceptMatch(ctx context.Context, tid, id int64, m arbiter.Match, open OpenStep) (arbiter.WebReport, error) {
	var out arbiter.WebReport
	who := db.actor(ctx)
	err := db.write(ctx, func(tx *sql.Tx) error {
		var err error
		out, err = db.acceptIn(ctx, tx, tid, id, m, nil, open, who)
		return err
	})
	return out, err
}

// acceptIn is Accept and AcceptMatch inside tx (who given): m is the
// result of a single game as m.First, or a match; the zero Match enters
// what was reported. A match report enters a match, judge unused.
func (db *DB) acceptIn(ctx context.Context, tx *sql.Tx, tid, id int64, m arbiter.Match, judge Judge, open OpenStep, who string) (arbiter.WebReport, error) {
	var out arbiter.WebReport
	rep, err := openReport(ctx, tx, tid, id, open)
	if err != nil {
		return out, err
	}
	if m == (arbiter.Match{}) {
		m = rep.Match()
	}
	if rep.IsMatch() {
		if _, err := tx.ExecContext(ctx, `UPDATE result_reports SET status = 'accepted', closed_at = ?, closed_by = ?, closed_ip = '', closed_dev = '' WHERE id = ?`,
			db.stamp(), who, id); err != nil {
			return out, fmt.Errorf("save report: %w", err)
		}
		subject := fmt.Sprintf("round %d board %d, report %d", rep.Round, rep.Board, id)
		if err := db.logEventAs(ctx, tx, who, tid, ActAccept, subject, reportText(rep), m.String()); err != nil {
			return out, err
		}
		if _, err := db.setMatch(ctx, tx, who, tid, rep.Round, rep.Board, m, false); err != nil {
			return out, err
		}
		err = loadReport(ctx, tx, id, &out)
		return out, err
	}
	r := m.First
	judged, err := judged(ctx, tx, tid, rep.Round, rep.Board, r, judge)
	if err != nil {
		return out, err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE result_reports SET status = 'accepted', closed_at = ?, closed_by = ?, closed_ip = '', closed_dev = '' WHERE id = ?`,
		db.stamp(), who, id); err != nil {
		return out, fmt.Errorf("save report: %w", err)
	}
	subject := fmt.Sprintf("round %d board %d, report %d", rep.Round, rep.Board, id)
	if err := db.logEventAs(ctx, tx, who, tid, ActAccept, subject, reportText(rep), judged.Result.String()); err != nil {
		return out, err
	}
	if _, err := db.setResult(ctx, tx, who, tid, rep.Round, rep.Board, judged.Result, judged.Reason, false); err != nil {
		return out, err
	}
	err = loadReport(ctx, tx, id, &out)
	return out, err
}

// Reject closes open report id of tournament tid without a result: the
// board can be reported again; open, the desk's rule, may refuse the
// report as it stands.
func (db *DB) Reject(ctx context.Context, tid, id int64, open OpenStep) (arbiter.WebReport, error) {
	var out arbiter.WebReport
	who := db.actor(ctx)
	err := db.write(ctx, func(tx *sql.Tx) error {
		rep, err := openReport(ctx, tx, tid, id, open)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE result_reports SET status = 'rejected', closed_at = ?, closed_by = ?, closed_ip = '', closed_dev = '' WHERE id = ?`,
			db.stamp(), who, id); err != nil {
			return fmt.Errorf("save report: %w", err)
		}
		subject := fmt.Sprintf("round %d board %d, report %d", rep.Round, rep.Board, id)
		if err := db.logEventAs(ctx, tx, who, tid, ActReject, subject, reportText(rep), ""); err != nil {
			return err
		}
		return loadReport(ctx, tx, id, &out)
	})
	return out, err
}

// reportText writes a report for the log: "1-0 by White", "1-0 by White,
// 0-1 by Black".
func reportText(r arbiter.WebReport) string {
	s := fmt.Sprintf("%s by %s", r.Text(), colourWord(r.Seat))
	if r.Status == arbiter.Disputed {
		s += fmt.Sprintf(", %s by %s", r.OtherText(), colourWord(r.Seat.Opposite()))
	}
	return s
}

// openReport reads report id of tournament tid for a decision of the
// organizer, which open, the desk's rule, may refuse.
func openReport(ctx context.Context, tx *sql.Tx, tid, id int64, open OpenStep) (arbiter.WebReport, error) {
	var rep arbiter.WebReport
	if err := loadReport(ctx, tx, id, &rep); err != nil {
		return rep, err
	}
	if rep.TournamentID != tid {
		return rep, notFound("no report %d in this tournament", id)
	}
	return rep, open(rep)
}

// closeReports marks the open report of a board superseded: its result
// was entered another way.
func closeReports(ctx context.Context, tx *sql.Tx, tid int64, n, b int, who, at string) error {
	_, err := tx.ExecContext(ctx, `UPDATE result_reports SET status = 'superseded', closed_at = ?, closed_by = ?
		WHERE tournament_id = ? AND round = ? AND board = ? AND status IN ('reported', 'disputed')`, at, who, tid, n, b)
	if err != nil {
		return fmt.Errorf("close reports: %w", err)
	}
	return nil
}

func loadReport(ctx context.Context, tx *sql.Tx, id int64, out *arbiter.WebReport) error {
	rs, err := loadReports(ctx, tx, `r.id = ?`, id)
	if err != nil {
		return err
	}
	if len(rs) == 0 {
		return notFound("no report %d", id)
	}
	*out = rs[0]
	return nil
}

func loadReports(ctx context.Context, tx *sql.Tx, where string, args ...any) ([]arbiter.WebReport, error) {
	rows, err := tx.QueryContext(ctx, `SELECT r.id, r.tournament_id, r.round, r.board, b.white, b.black, r.seat, r.result, r.status, r.other_result, r.second, r.other_second,
		r.reported_at, r.reported_ip, r.reported_dev, r.closed_at, r.closed_by
		FROM result_reports r JOIN boards b USING (tournament_id, round, board) WHERE `+where+` ORDER BY r.id`, args...)
	if err != nil {
		return nil, fmt.Errorf("read reports: %w", err)
	}
	defer rows.Close()
	var out []arbiter.WebReport
	for rows.Next() {
		var r arbiter.WebReport
		var at, closed string
		if err := rows.Scan(&r.ID, &r.TournamentID, &r.Round, &r.Board, &r.White, &r.Black, &r.Seat, &r.Result, &r.Status, &r.Other, &r.Second, &r.OtherSecond,
			&at, &r.ReportedIP, &r.ReportedDev, &closed, &r.ClosedBy); err != nil {
			return nil, fmt.Errorf("read reports: %w", err)
		}
		r.ReportedAt, _ = time.Parse(time.RFC3339, at)
		r.ClosedAt, _ = time.Parse(time.RFC3339, closed)
		out = append(out, r)
	}
	return out, rows.Err()
}
