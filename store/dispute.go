package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/labyrinth-chess/arbiter"
)

// Disputes settled with evidence: on a disputed report each player may
// say what happened (a Claim), and the organizer's ruling is kept with
// the words the players are shown (a Ruling). The judging itself is the
// rules core's, in desk; here are the rows.

// Event actions of disputes.
const (
	ActClaim  = "result.claim"  // a player's claim on a disputed report
	ActRuling = "result.ruling" // the organizer's ruling on a disputed report
)

// BoardRule is the desk's rule of what may be done on board c as stored
// when a write reaches it, run inside the transaction of the write: an
// error refuses the write before any PIN is compared.
type BoardRule func(c arbiter.BoardCode) error

// AddClaim records claim c on the disputed report of the board whose
// code is token, made by the player whose seat prove finds p proves
// (their own PIN, or a phone signed in as them; the wrong PINs counted
// within the limits l): the claim's seat is the one proven, whatever
// c.Seat says. It replaces that player's earlier claim (which is kept,
// marked replaced), with its event. The caller has checked the claim
// and its evidence; rule, the desk's, says whether the board takes a
// claim (a disputed one); a refused proof changes nothing but the count
// of wrong PINs (prove's refusal, or ErrLocked).
func (db *DB) AddClaim(ctx context.Context, token string, p arbiter.Proof, prove Prove, c arbiter.Claim, l arbiter.PINLimits, rule BoardRule) (arbiter.Claim, error) {
	o := OriginOf(ctx)
	var refused error
	err := db.write(ctx, func(tx *sql.Tx) error {
		bc, err := boardByToken(ctx, tx, token)
		if err != nil {
			return err
		}
		if err := rule(bc); err != nil {
			return err
		}
		seat, no, err := db.proveSeat(ctx, tx, bc, p, prove, l, o.IP)
		if err != nil {
			return err
		}
		if no != nil {
			refused = no
			return nil
		}
		c.Seat = seat
		who, err := seatWho(ctx, tx, bc, c.Seat, o)
		if err != nil {
			return err
		}
		subject, err := reportSubject(ctx, tx, bc)
		if err != nil {
			return err
		}
		now := db.stamp()
		old := ""
		var prev string
		err = tx.QueryRowContext(ctx, `SELECT kind FROM dispute_claims WHERE report_id = ? AND seat = ? AND replaced_at = ''`, bc.Report.ID, c.Seat).Scan(&prev)
		switch {
		case err == nil:
			old = prev + " by " + colourWord(c.Seat)
			if _, err := tx.ExecContext(ctx, `UPDATE dispute_claims SET replaced_at = ? WHERE report_id = ? AND seat = ? AND replaced_at = ''`,
				now, bc.Report.ID, c.Seat); err != nil {
				return fmt.Errorf("replace claim: %w", err)
			}
		case !errors.Is(err, sql.ErrNoRows):
			return fmt.Errorf("read claims: %w", err)
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO dispute_claims (tournament_id, report_id, seat, kind, flag, moves, fen, made_at, made_ip, made_dev)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, bc.TournamentID, bc.Report.ID, c.Seat, c.Kind, c.Flag, c.Moves, c.FEN, now, o.IP, o.Device)
		if err != nil {
			return fmt.Errorf("save claim: %w", err)
		}
		c.ID, _ = res.LastInsertId()
		c.ReportID = bc.Report.ID
		c.At, _ = time.Parse(time.RFC3339, now)
		c.IP, c.Dev = o.IP, o.Device
		return db.logEventAs(ctx, tx, who, bc.TournamentID, ActClaim, fmt.Sprintf("%s, report %d", subject, bc.Report.ID), old,
			claimText(c)+" "+o.From())
	})
	if err == nil && refused != nil {
		return arbiter.Claim{}, refused
	}
	return c, err
}

// claimText writes a claim for the log: "flag (White's) by Black, 41
// moves given".
func claimText(c arbiter.Claim) string {
	s := c.Kind
	switch c.Flag {
	case arbiter.White, arbiter.Black:
		s += " (" + colourWord(c.Flag) + "'s)"
	case arbiter.BothFlags:
		s += " (both)"
	}
	s += " by " + colourWord(c.Seat)
	if c.Moves != "" {
		s += ", moves given"
	}
	if c.FEN != "" {
		s += ", position " + c.FEN
	}
	return s
}

// Claims returns every claim on report id of tournament tid, oldest
// first, replaced ones included.
func (db *DB) Claims(ctx context.Context, tid, id int64) ([]arbiter.Claim, error) {
	var out []arbiter.Claim
	err := db.read(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT id, report_id, seat, kind, flag, moves, fen, made_at, made_ip, made_dev, replaced_at
			FROM dispute_claims WHERE tournament_id = ? AND report_id = ? ORDER BY id`, tid, id)
		if err != nil {
			return fmt.Errorf("read claims: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			var c arbiter.Claim
			var at, replaced string
			if err := rows.Scan(&c.ID, &c.ReportID, &c.Seat, &c.Kind, &c.Flag, &c.Moves, &c.FEN, &at, &c.IP, &c.Dev, &replaced); err != nil {
				return fmt.Errorf("read claims: %w", err)
			}
			c.At, _ = time.Parse(time.RFC3339, at)
			c.Replaced, _ = time.Parse(time.RFC3339, replaced)
			out = append(out, c)
		}
		return rows.Err()
	})
	return out, err
}

// Rule enters r on the board of disputed report id of tournament tid as
// the organizer's ruling, as Accept does (judged by judge in the same
// transaction, the report refused by open, the desk's rule), and keeps the ruling's words, text (a phrase), for the
// players' pages, logged with the ruling.
func (db *DB) Rule(ctx context.Context, tid, id int64, r arbiter.Result, judge Judge, open OpenStep, text, logText string) (arbiter.WebReport, error) {
	var out arbiter.WebReport
	who := db.actor(ctx)
	err := db.write(ctx, func(tx *sql.Tx) error {
		rep, err := openReport(ctx, tx, tid, id, open)
		if err != nil {
			return err
		}
		out, err = db.acceptIn(ctx, tx, tid, id, arbiter.Match{First: r}, judge, open, who)
		if err != nil {
			return err
		}
		res, err := resultOf(ctx, tx, tid, out.Round, out.Board)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO dispute_rulings (report_id, tournament_id, round, board, result, ruling, ruled_at, ruled_by)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, id, tid, out.Round, out.Board, res, text, db.stamp(), who); err != nil {
			return fmt.Errorf("save ruling: %w", err)
		}
		subject := fmt.Sprintf("round %d board %d, report %d", out.Round, out.Board, id)
		return db.logEventAs(ctx, tx, who, tid, ActRuling, subject, reportText(rep), res.String()+": "+logText)
	})
	return out, err
}

func resultOf(ctx context.Context, tx *sql.Tx, tid int64, n, b int) (arbiter.Result, error) {
	var r arbiter.Result
	err := tx.QueryRowContext(ctx, `SELECT result FROM boards WHERE tournament_id = ? AND round = ? AND board = ?`, tid, n, b).Scan(&r)
	if err != nil {
		return r, fmt.Errorf("read board %d of round %d: %w", b, n, err)
	}
	return r, nil
}

// Rulings returns the organizer's rulings on disputed boards of
// tournament tid whose result still stands as ruled, by round and board.
func (db *DB) Rulings(ctx context.Context, tid int64) ([]arbiter.Ruling, error) {
	var out []arbiter.Ruling
	err := db.read(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT d.report_id, d.round, d.board, d.result, d.ruling, d.ruled_at, d.ruled_by
			FROM dispute_rulings d JOIN boards b USING (tournament_id, round, board)
			WHERE d.tournament_id = ? AND b.result = d.result ORDER BY d.round, d.board, d.report_id`, tid)
		if err != nil {
			return fmt.Errorf("read rulings: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			var r arbiter.Ruling
			var at string
			if err := rows.Scan(&r.ReportID, &r.Round, &r.Board, &r.Result, &r.Text, &at, &r.By); err != nil {
				return fmt.Errorf("read rulings: %w", err)
			}
			r.At, _ = time.Parse(time.RFC3339, at)
			out = append(out, r)
		}
		return rows.Err()
	})
	return out, err
}
