package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/phrase"
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

// Claim kinds, as stored.
const (
	ClaimCheckmate = "checkmate" // art. 5.1.1
	ClaimStalemate = "stalemate" // art. 5.2.1
	ClaimFlag      = "flag"      // art. 6.9: whose flag fell is Claim.Flag
	ClaimIllegal   = "illegal"   // art. 7.5
	ClaimThreefold = "threefold" // art. 9.2
	ClaimFifty     = "fifty"     // art. 9.3
	ClaimAgreement = "agreement" // art. 5.2.3 (9.1)
)

// ClaimKinds lists the claim kinds in the order a form offers them.
func ClaimKinds() []string {
	return []string{ClaimCheckmate, ClaimStalemate, ClaimFlag, ClaimIllegal, ClaimThreefold, ClaimFifty, ClaimAgreement}
}

// BothFlags is the Flag of a claim that both flags fell.
const BothFlags arbiter.Colour = 3

// Claim is what one player of a disputed board says happened.
type Claim struct {
	ID       int64
	ReportID int64
	Seat     arbiter.Colour // who claims
	Kind     string         // one of ClaimKinds
	// Flag says whose flag fell (ClaimFlag): White, Black or BothFlags.
	Flag  arbiter.Colour
	Moves string // the moves as typed, "" if none
	FEN   string // the final position as a FEN, "" if none
	At    time.Time
	IP    string
	Dev   string
	// Replaced is when a later claim of the same player replaced this
	// one; zero for the claim that counts.
	Replaced time.Time
}

// Ruling is the organizer's decision on a disputed board.
type Ruling struct {
	ReportID     int64
	Round, Board int
	Result       arbiter.Result
	Text         string // what the players are told: a phrase (phrase.Text.Stored)
	At           time.Time
	By           string
}

func validClaim(c Claim) error {
	known := false
	for _, k := range ClaimKinds() {
		known = known || k == c.Kind
	}
	switch {
	case !known:
		return invalid("unknown claim %q: pick one of checkmate, stalemate, flag, illegal, threefold, fifty, agreement", c.Kind)
	case c.Seat != arbiter.White && c.Seat != arbiter.Black:
		return invalid("say whether you played White or Black")
	case c.Kind == ClaimFlag && c.Flag != arbiter.White && c.Flag != arbiter.Black && c.Flag != BothFlags:
		return invalid("say whose flag fell: White's, Black's or both")
	case c.Kind != ClaimFlag && c.Flag != arbiter.NoColour:
		return invalid("whose flag fell goes only with a flag-fall claim")
	case len(c.Moves) > 20000:
		return invalid("the moves are too long: %d characters, at most 20000", len(c.Moves))
	case len(c.FEN) > 100:
		return invalid("the position is too long: %d characters, at most 100 for a FEN", len(c.FEN))
	}
	return nil
}

// AddClaim records claim c on the disputed report of the board whose
// code is token, made by the player whose seat prove finds p proves
// (their own PIN, or a phone signed in as them; the wrong PINs counted
// within the limits l): the claim's seat is the one proven, whatever
// c.Seat says. It replaces that player's earlier claim (which is kept,
// marked replaced), with its event. The caller has checked the evidence.
// A board whose report is not disputed refuses (ErrConflict); a refused
// proof changes nothing but the count of wrong PINs (prove's refusal, or
// ErrLocked).
func (db *DB) AddClaim(ctx context.Context, token string, p Proof, prove Prove, c Claim, l PINLimits, o Origin) (Claim, error) {
	c.Seat = arbiter.White // proven below
	if err := validClaim(c); err != nil {
		return c, err
	}
	var refused error
	err := db.write(ctx, func(tx *sql.Tx) error {
		bc, err := boardByToken(ctx, tx, token)
		if err != nil {
			return err
		}
		if bc.Report == nil || bc.Report.Status != Disputed {
			return conflict("board %d has no disputed result: a claim goes with a dispute", bc.Board)
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
			claimText(c)+" "+o.from())
	})
	if err == nil && refused != nil {
		return Claim{}, refused
	}
	return c, err
}

// claimText writes a claim for the log: "flag (White's) by Black, 41
// moves given".
func claimText(c Claim) string {
	s := c.Kind
	switch c.Flag {
	case arbiter.White, arbiter.Black:
		s += " (" + colourWord(c.Flag) + "'s)"
	case BothFlags:
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
func (db *DB) Claims(ctx context.Context, tid, id int64) ([]Claim, error) {
	var out []Claim
	err := db.read(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT id, report_id, seat, kind, flag, moves, fen, made_at, made_ip, made_dev, replaced_at
			FROM dispute_claims WHERE tournament_id = ? AND report_id = ? ORDER BY id`, tid, id)
		if err != nil {
			return fmt.Errorf("read claims: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			var c Claim
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
// transaction), and keeps the ruling's words, text (a phrase), for the
// players' pages, logged with the ruling.
func (db *DB) Rule(ctx context.Context, tid, id int64, r arbiter.Result, judge Judge, who, text, logText string) (WebReport, error) {
	var out WebReport
	if who == "" {
		who = db.actor(ctx)
	}
	err := db.write(ctx, func(tx *sql.Tx) error {
		rep, err := openReport(ctx, tx, tid, id)
		if err != nil {
			return err
		}
		if rep.Status != Disputed {
			return conflict("report %d is not disputed: accept it instead", id)
		}
		out, err = db.acceptIn(ctx, tx, tid, id, r, judge, who)
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
func (db *DB) Rulings(ctx context.Context, tid int64) ([]Ruling, error) {
	var out []Ruling
	err := db.read(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT d.report_id, d.round, d.board, d.result, d.ruling, d.ruled_at, d.ruled_by
			FROM dispute_rulings d JOIN boards b USING (tournament_id, round, board)
			WHERE d.tournament_id = ? AND b.result = d.result ORDER BY d.round, d.board, d.report_id`, tid)
		if err != nil {
			return fmt.Errorf("read rulings: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			var r Ruling
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

// Verdict is the Laws' answer to a claim.
type Verdict struct {
	// Result is the result the Laws give on the evidence; NoResult when
	// they give none (a claim not borne out, or one the arbiter settles
	// otherwise, such as a first illegal move).
	Result arbiter.Result
	// Article is the article applied, "art. 5.1.1".
	Article string
	// Text says the verdict in words, with the article.
	Text phrase.Text
	// Short names the ground of the result for a ruling: "checkmate,
	// art. 5.1.1".
	Short phrase.Text
	// Flagged says the evidence does not bear the claim out: a claimed
	// mate that is not mate, a repetition that did not occur.
	Flagged bool
	// Unchecked says no moves or position were given: Result is the
	// claim's, if it is true.
	Unchecked bool
}

// ClaimVerdict is a claim with its verdict.
type ClaimVerdict struct {
	Claim   Claim
	Verdict Verdict
	Err     error // the evidence stored cannot be read any more
}

// Dispute is a disputed report with the players' claims judged.
type Dispute struct {
	Report WebReport
	// White and Black are each player's claim that counts; nil if none.
	White, Black *ClaimVerdict
	// Replaced are the claims later ones replaced, oldest first.
	Replaced []Claim
	// Suggested is the result the verdicts give, to preselect:
	// NoResult when they give none or disagree.
	Suggested arbiter.Result
}

// ClaimInput is a claim typed on a player's phone. The claim is the
// player's that Proof proves: no seat is taken from what was typed.
type ClaimInput struct {
	Proof Proof
	Kind  string
	Flag  arbiter.Colour // whose flag fell (ClaimFlag): White, Black or BothFlags
	Moves string
	FEN   string
}
