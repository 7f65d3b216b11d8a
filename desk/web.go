package desk

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/prizes"
	"github.com/labyrinth-chess/arbiter/rating"
	"github.com/labyrinth-chess/arbiter/store"
)

// Errors of the board codes and PINs (kinds of *InputError).
var (
	ErrBadToken = store.ErrBadToken
	ErrWrongPIN = store.ErrWrongPIN
	// ErrNoProof: no PIN, and no phone signed in as a player of the
	// board (ErrInvalid).
	ErrNoProof = store.ErrNoProof
	// ErrLocked: too many wrong PINs lately, a *LockedError
	// (ErrConflict).
	ErrLocked = store.ErrLocked
	// ErrWrongSeat: the player proven may not do this: confirm their
	// own report, act on another board (ErrConflict).
	ErrWrongSeat = store.ErrWrongSeat
)

// Who may write from a phone. A result reported from a board is entered
// only when both its players said it, each proven: by their own PIN,
// which reaches that player alone (a card of their own, or their own
// phone once their late entry is accepted), or by a phone signed in with
// it. The seat a report speaks for is the one its proof proves; the
// confirmation must come from the other seat. What one player holds is
// never enough to act for the opponent.

// PhonePINLimits are the limits of wrong PINs typed on the phones: within
// ten minutes, five on one board, five against one player (a wrong PIN on
// a board counts against both its players, and so do wrong PINs signing
// in), ten from one address. A four-digit PIN guessed at five tries in
// ten minutes holds an evening: one chance in about 80 in four hours.
// The PIN is not compared at all while a limit is reached, and the count
// is kept in the database, in the transaction of the write the PIN would
// allow: a burst of PINs sent at once, or a restart, gains nothing.
func PhonePINLimits() arbiter.PINLimits {
	return arbiter.PINLimits{Window: 10 * time.Minute, Board: 5, Address: 10, Player: 5}
}

// SessionLength is how long a phone stays signed in as a player: an
// evening.
const SessionLength = 12 * time.Hour

// WebSettings returns the server settings of tournament tid.
func (d *Desk) WebSettings(ctx context.Context, tid int64) (arbiter.WebSettings, error) {
	return d.db.WebSettings(ctx, tid)
}

// SetWebSettings stores the server settings of tournament tid, logged.
func (d *Desk) SetWebSettings(ctx context.Context, tid int64, ws arbiter.WebSettings) error {
	return d.db.SetWebSettings(ctx, tid, ws)
}

// Publish publishes round n of tournament tid (0: the last paired) to
// the players: its board codes are made, and public pages and slips show
// it. already says it was published before.
func (d *Desk) Publish(ctx context.Context, tid int64, n int) (round int, already bool, err error) {
	return d.db.Publish(ctx, tid, n, pinRule)
}

// BoardCodes returns the codes of the boards of round n, by board.
func (d *Desk) BoardCodes(ctx context.Context, tid int64, n int) (map[int]arbiter.BoardCode, error) {
	return d.db.BoardCodes(ctx, tid, n)
}

// Queue returns the reports of tournament tid waiting for the organizer:
// disputed, or reported at least stale ago and not confirmed.
func (d *Desk) Queue(ctx context.Context, tid int64, stale time.Duration) ([]arbiter.WebReport, error) {
	return d.db.Queue(ctx, tid, stale)
}

// Checkpoint copies the write-ahead log into the database file, so that
// a copy of the file alone holds every change; a checkpoint that meets a
// reader is left for later.
func (d *Desk) Checkpoint(ctx context.Context) error { return d.db.Checkpoint(ctx) }

// Evening is one tournament as the LAN server sees it: the public pages'
// reads, results reported from the board and confirmed by the opponent,
// and the organizer's queue. Its methods are safe for concurrent use; who
// acts is given per call. Results are judged by the Laws (art. 5, 6.9)
// as EnterResult judges them, inside the transaction that enters them.
type Evening struct {
	d      *Desk
	tid    int64
	stale  time.Duration
	limits arbiter.PINLimits

	// pairing serialises PairNext: two organizers' clicks pair once.
	pairing sync.Mutex
}

// Evening returns tournament tid served on the LAN; a report nobody
// confirmed for stale goes to the organizer's queue.
func (d *Desk) Evening(tid int64, stale time.Duration) *Evening {
	return &Evening{d: d, tid: tid, stale: stale, limits: PhonePINLimits()}
}

// Snapshot returns the tournament as stored now.
func (e *Evening) Snapshot(ctx context.Context) (*Snapshot, error) {
	return e.d.db.Snapshot(ctx, e.tid)
}

// Published returns the last published round and the last paired one.
func (e *Evening) Published(ctx context.Context) (int, int, error) {
	return e.d.db.Published(ctx, e.tid)
}

// Standings ranks the players after round n as the standings do.
func (e *Evening) Standings(s *Snapshot, n int) (*Standings, error) {
	return RankStandings(s, n)
}

// Prizes returns the prize list of s in the standings st after round n
// (ranked by Standings), and what each player can still win before the
// last round (RankedPrizeList).
func (e *Evening) Prizes(ctx context.Context, s *Snapshot, st []Standing, n int) (*prizes.List, error) {
	r, err := e.d.db.PrizeRules(ctx, s.Tournament.ID)
	if err != nil {
		return nil, err
	}
	return RankedPrizeList(s, r, st, n)
}

// RatingChanges returns each player's FIDE rating change over rounds 1
// to n of s by pairing number (RatingChangeMap) when the tournament shows
// it (ShowRatingChange); nil when it does not.
func (e *Evening) RatingChanges(ctx context.Context, s *Snapshot, n int) (map[int]rating.Change, error) {
	show, err := e.d.ShowRatingChange(ctx, e.tid)
	if err != nil || !show {
		return nil, err
	}
	return RatingChangeMap(s, n)
}

// LastEvent returns the id of the last change in the event log.
func (e *Evening) LastEvent(ctx context.Context) (int64, error) { return e.d.db.LastEvent(ctx) }

// Board returns the board of token, if it is one of this tournament's.
func (e *Evening) Board(ctx context.Context, token string) (arbiter.BoardCode, error) {
	c, err := e.d.db.BoardByToken(ctx, token)
	if err == nil && c.TournamentID != e.tid {
		return arbiter.BoardCode{}, refuse(ErrBadToken, "board", "refuse.board.other-tournament")
	}
	return deskErr(c, "board", err)
}

// Report records result r reported from the board of token by the
// player p proves (the seat is the one proven: proveSeat), judged by the
// Laws as EnterResult judges it when it answers the opponent's open
// report with the same result. Refused proofs: ErrNoProof, ErrWrongPIN,
// ErrLocked, ErrWrongSeat.
func (e *Evening) Report(ctx context.Context, token string, p arbiter.Proof, r arbiter.Result) (arbiter.WebReport, error) {
	c, err := e.Board(ctx, token)
	if err != nil {
		return arbiter.WebReport{}, err
	}
	judge, err := e.judge(ctx, c.Board, r)
	if err != nil {
		return arbiter.WebReport{}, err
	}
	return e.checkpoint(ctx)(e.d.db.Report(ctx, token, p, prover(actReport), reportStep, r, judge, e.limits))
}

// Confirm is the opponent's answer, proven by p (proveSeat: the
// reporter's own proof is refused, ErrWrongSeat): the same result is
// judged and entered; another disputes the report.
func (e *Evening) Confirm(ctx context.Context, token string, p arbiter.Proof, r arbiter.Result) (arbiter.WebReport, error) {
	c, err := e.Board(ctx, token)
	if err != nil {
		return arbiter.WebReport{}, err
	}
	judge, err := e.judge(ctx, c.Board, r)
	if err != nil {
		return arbiter.WebReport{}, err
	}
	return e.checkpoint(ctx)(e.d.db.Confirm(ctx, token, p, prover(actConfirm), reportStep, r, judge, e.limits))
}

// ReportMatch is Report for a board of a Double-Swiss tournament (FIDE
// C.04.5): the player reports the match, both games (m, as
// ParseMatchResult reads what they typed or picked), each 1-0, ½-½ or
// 0-1 in its own game's colours. The proofs and the steps are Report's
// (proveSeat, reportStep); a board of one game refuses a match, and a
// match board a single result.
func (e *Evening) ReportMatch(ctx context.Context, token string, p arbiter.Proof, m arbiter.Match) (arbiter.WebReport, error) {
	if _, err := e.Board(ctx, token); err != nil {
		return arbiter.WebReport{}, err
	}
	return e.checkpoint(ctx)(e.d.db.ReportMatch(ctx, token, p, prover(actReport), reportStep, m, e.limits))
}

// ConfirmMatch is Confirm for a Double-Swiss match: the opponent, proven
// by p, gives the same two games and the match is entered as EnterMatch
// enters it; another match disputes the report.
func (e *Evening) ConfirmMatch(ctx context.Context, token string, p arbiter.Proof, m arbiter.Match) (arbiter.WebReport, error) {
	if _, err := e.Board(ctx, token); err != nil {
		return arbiter.WebReport{}, err
	}
	return e.checkpoint(ctx)(e.d.db.ConfirmMatch(ctx, token, p, prover(actConfirm), reportStep, m, e.limits))
}

// AcceptMatch enters the match of report id, m or the one reported (the
// zero Match), as the decision of the context's origin; a disputed report
// needs m. A report of a single game is refused (ErrInvalid wrapping
// ErrNotMatch).
func (e *Evening) AcceptMatch(ctx context.Context, id int64, m arbiter.Match) (arbiter.WebReport, error) {
	rep, err := e.d.db.WebReport(ctx, e.tid, id)
	if err != nil {
		return rep, inputErr("report", err)
	}
	if !rep.IsMatch() {
		return rep, &Error{Kind: ErrInvalid, Input: "result", Msg: fmt.Sprintf("report %d is of one game, not a match", id),
			Fix: "give the result of the game", Err: ErrNotMatch}
	}
	if m == (arbiter.Match{}) && rep.Status == arbiter.Disputed {
		return rep, refuse(ErrInvalid, "result", "refuse.report.which", "Board", rep.Board, "Result", rep.Text(), "Other", rep.OtherText())
	}
	return e.checkpoint(ctx)(e.d.db.AcceptMatch(ctx, e.tid, id, m, openStep(false)))
}

// Queue returns the reports waiting for the organizer.
func (e *Evening) Queue(ctx context.Context) ([]arbiter.WebReport, error) {
	if _, err := e.Settle(ctx); err != nil {
		return nil, err
	}
	return e.d.db.Queue(ctx, e.tid, e.stale)
}

// Accept enters report id's result, r or the reported one (NoResult), as
// the decision of the context's origin (WithActor); a disputed report
// needs r. The report of a match is accepted as reported (AcceptMatch);
// a single result for it is refused.
func (e *Evening) Accept(ctx context.Context, id int64, r arbiter.Result) (arbiter.WebReport, error) {
	rep, err := e.d.db.WebReport(ctx, e.tid, id)
	if err != nil {
		return rep, inputErr("report", err)
	}
	if rep.IsMatch() {
		if r != arbiter.NoResult {
			return rep, refuse(ErrInvalid, "result", "refuse.report.match-both", "Board", rep.Board)
		}
		return e.AcceptMatch(ctx, id, arbiter.Match{})
	}
	if r == arbiter.NoResult {
		if rep.Status == arbiter.Disputed {
			return rep, refuse(ErrInvalid, "result", "refuse.report.which", "Board", rep.Board, "Result", rep.Result.String(), "Other", rep.Other.String())
		}
		r = rep.Result
	}
	judge, err := e.judge(ctx, rep.Board, r)
	if err != nil {
		return rep, err
	}
	if rep.Status == arbiter.Disputed {
		// A dispute's ruling is kept for the players' pages (dispute.go).
		return e.checkpoint(ctx)(e.rule(ctx, rep, r, judge))
	}
	return e.checkpoint(ctx)(e.d.db.Accept(ctx, e.tid, id, r, judge, openStep(false)))
}

// Reject throws report id away: the board is open again.
func (e *Evening) Reject(ctx context.Context, id int64) (arbiter.WebReport, error) {
	return e.checkpoint(ctx)(e.d.db.Reject(ctx, e.tid, id, openStep(false)))
}

// Publish publishes the last paired round.
func (e *Evening) Publish(ctx context.Context) (int, error) {
	n, _, err := e.d.db.Publish(ctx, e.tid, 0, pinRule)
	if err == nil {
		e.d.db.Checkpoint(ctx)
	}
	return n, inputErr("round", err)
}

// PairNext pairs the next round as Pair does, the page's pair button:
// with force, the results reported from the boards and not confirmed are
// first entered as reported, each logged as the context's origin's
// decision; close is the
// organizer's answer to the question registration asks at round 1 (nil
// for none yet: a refusal wrapping an *arbiter.FitError asks it). The
// round is published if the tournament says so.
func (e *Evening) PairNext(ctx context.Context, force bool, close *arbiter.Closing) (arbiter.Round, error) {
	e.pairing.Lock()
	defer e.pairing.Unlock()
	forcedBy := OriginOf(ctx).Who
	if forcedBy == "" {
		forcedBy = "the organizer"
	}
	out, err := e.d.Pair(ctx, PairRequest{Tournament: fmt.Sprint(e.tid), Close: close,
		ForceReported: force, ForcedBy: forcedBy + " (pairing forced)"})
	if err != nil {
		return out.Round, err
	}
	e.d.db.Checkpoint(ctx)
	return out.Detail.Round, nil
}

// judge returns the Laws' judge of result r for the games of board b, run
// by the store inside the transaction that enters the result (judgeOf).
func (e *Evening) judge(ctx context.Context, b int, r arbiter.Result) (store.Judge, error) {
	t, err := e.d.db.Tournament(ctx, e.tid)
	if err != nil {
		return nil, err
	}
	return judgeOf(t, b, r), nil
}

// judgeOf returns the Laws' judge of result r for the games of board b of
// tournament t, as EnterResult judges a result. A result that the game
// recorded for the board contradicts is left to the organizer.
func judgeOf(t arbiter.Tournament, b int, r arbiter.Result) store.Judge {
	return func(n int, gs []Game) (arbiter.Result, string, error) {
		dec, err := judge(t, ResultRequest{Result: r}, gs)
		var de *Error
		if errors.As(err, &de) && de.Kind == ErrRefused {
			return r, "", refuse(ErrConflict, "result", "refuse.report.game", "Result", r.String(), "Board", b)
		}
		if err != nil {
			return r, "", err
		}
		return dec.Result, dec.Reason, nil
	}
}

// checkpoint passes a write's answer on, first copying the write into
// the database file itself when it succeeded: the server keeps the file
// open all evening, and a copy of the file alone, made by hand, must hold
// every result.
func (e *Evening) checkpoint(ctx context.Context) func(arbiter.WebReport, error) (arbiter.WebReport, error) {
	return func(v arbiter.WebReport, err error) (arbiter.WebReport, error) {
		if err == nil {
			e.d.db.Checkpoint(ctx)
		}
		return v, inputErr("report", err)
	}
}

// PlayerPIN returns the PIN of the player of this tournament with
// pairing number pn, made the first time it is asked for.
func (e *Evening) PlayerPIN(ctx context.Context, pn int) (string, error) {
	pin, err := e.d.db.PlayerPIN(ctx, e.tid, pn, pinRule)
	return pin, inputErr("player", err)
}

// PlayerPINs returns the PIN of every player of tournament tid, by
// pairing number, making those not made yet: what the players' cards
// print.
func (d *Desk) PlayerPINs(ctx context.Context, tid int64) (map[int]string, error) {
	pins, err := d.db.PlayerPINs(ctx, tid, pinRule)
	return pins, inputErr("tournament", err)
}

// SignIn signs a phone in as the player with pairing number pn, who typed
// pin, their own PIN, within the limits of wrong PINs; it returns the
// session's secret for the phone to keep, good for SessionLength. A
// wrong PIN returns ErrWrongPIN and counts (signInRule); ErrLocked while
// too many did.
func (e *Evening) SignIn(ctx context.Context, pn int, pin string) (string, error) {
	secret, err := e.d.db.SignIn(ctx, e.tid, pn, pin, SessionLength, e.limits, signInRule)
	return secret, inputErr("pin", err)
}

// SessionPlayer returns the pairing number of the player a phone's
// session secret acts for, 0 for none (unknown, lapsed, signed out).
func (e *Evening) SessionPlayer(ctx context.Context, secret string) (int, error) {
	return e.d.db.SessionPlayer(ctx, e.tid, secret)
}

// SignOut ends the session whose secret is secret.
func (e *Evening) SignOut(ctx context.Context, secret string) error {
	return e.d.db.SignOut(ctx, secret)
}
