package web

import (
	"context"
	"time"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/prizes"
	"github.com/labyrinth-chess/arbiter/rating"
)

// Evening is what the server needs of the application layer, for one
// tournament. Its methods are called from many goroutines at once. Who
// acts travels with each call's context (desk.WithOrigin: the organizer's
// address, or a phone's), never kept between calls.
type Evening interface {
	// Snapshot returns the tournament as stored now.
	Snapshot(ctx context.Context) (*desk.Snapshot, error)
	// Published returns the last published round (0: none) and the last
	// paired round.
	Published(ctx context.Context) (published, paired int, err error)
	// Standings ranks the players after round n as the standings command
	// does, with the inputs of the tie-breaks (for their explanations).
	Standings(s *desk.Snapshot, n int) (*desk.Standings, error)
	// Prizes returns the prize list of s in the standings st after
	// round n (as Standings ranks them), with what each player can still
	// win while the last round is left to play.
	Prizes(ctx context.Context, s *desk.Snapshot, st []desk.Standing, n int) (*prizes.List, error)
	// RatingChanges returns each player's FIDE rating change over rounds
	// 1 to n of s, by pairing number, when the tournament shows it (the
	// option rating-change); nil when it does not.
	RatingChanges(ctx context.Context, s *desk.Snapshot, n int) (map[int]rating.Change, error)
	// LastEvent returns the id of the last change in the event log.
	LastEvent(ctx context.Context) (int64, error)
	// Seasons returns the tables of the seasons the tournament is an
	// evening of; none when it is in no season.
	Seasons(ctx context.Context) ([]*desk.SeasonTable, error)

	// Board returns the board whose code is token.
	Board(ctx context.Context, token string) (arbiter.BoardCode, error)
	// Report records a result reported from the board by the player p
	// proves (their own PIN, or their phone signed in): the seat is the
	// one proven. Refused proofs are *desk.Error of kind desk.ErrNoProof,
	// ErrWrongPIN, ErrLocked (with Retry), ErrWrongSeat.
	Report(ctx context.Context, token string, p arbiter.Proof, r arbiter.Result) (arbiter.WebReport, error)
	// Confirm is the opponent's answer, proven by p; a confirmed
	// result is judged by the Laws and entered as the command line
	// enters it. The reporter's own proof is refused (ErrWrongSeat).
	Confirm(ctx context.Context, token string, p arbiter.Proof, r arbiter.Result) (arbiter.WebReport, error)
	// ReportMatch and ConfirmMatch are Report and Confirm for a board of
	// a Double-Swiss tournament (C.04.5, BoardCode.Double): the match,
	// both games, is reported and confirmed whole.
	ReportMatch(ctx context.Context, token string, p arbiter.Proof, m arbiter.Match) (arbiter.WebReport, error)
	ConfirmMatch(ctx context.Context, token string, p arbiter.Proof, m arbiter.Match) (arbiter.WebReport, error)

	// Reports returns every report of round n, oldest first.
	Reports(ctx context.Context, n int) ([]arbiter.WebReport, error)
	// Queue returns the reports waiting for the organizer.
	Queue(ctx context.Context) ([]arbiter.WebReport, error)
	// Accept enters report id's result (r, or the reported one when r
	// is NoResult) as the organizer's decision.
	Accept(ctx context.Context, id int64, r arbiter.Result) (arbiter.WebReport, error)
	// AcceptMatch enters the match of report id (m, or the one reported
	// when m is the zero Match) as the organizer's decision.
	AcceptMatch(ctx context.Context, id int64, m arbiter.Match) (arbiter.WebReport, error)
	// Reject throws report id away: the board is open again.
	Reject(ctx context.Context, id int64) (arbiter.WebReport, error)
	// Publish publishes the last paired round.
	Publish(ctx context.Context) (int, error)
	// PairNext pairs the next round as the command line's round pair
	// does, by the same call in one transaction (and publishes it if the tournament says so).
	// With force, the results reported from the boards and not confirmed
	// are first entered as reported, each logged as the decision of the
	// context's origin. close is the organizer's answer to the question
	// registration asks at round 1 when the rounds planned do not fit
	// the field, nil before it is asked: the refusal then wraps an
	// *arbiter.FitError with the choices to offer.
	PairNext(ctx context.Context, force bool, close *arbiter.Closing) (arbiter.Round, error)

	// Presence from the phone (presence.go).
	// Roll returns who is present for the next round.
	Roll(ctx context.Context) (arbiter.Roll, error)
	// SignIn signs a phone in as player pn, who typed pin, their own
	// PIN, and returns the session's secret for the phone's cookie; a
	// wrong PIN is counted (desk.ErrWrongPIN, then desk.ErrLocked).
	SignIn(ctx context.Context, pn int, pin string) (string, error)
	// SessionPlayer returns the player a phone's session secret acts
	// for, 0 for none.
	SessionPlayer(ctx context.Context, secret string) (int, error)
	// SignOut ends a phone's session.
	SignOut(ctx context.Context, secret string) error
	// MarkPresence records that player pn is here, skips the next round
	// or leaves (arbiter.Here, Skip, Leave), said from their own phone
	// (phone) or by the organizer for them.
	MarkPresence(ctx context.Context, pn int, kind string, phone bool) (arbiter.PresenceMark, error)
	// UndoPresence reverts the presence mark logged as event ev.
	UndoPresence(ctx context.Context, ev int64) (desk.UndoPlan, error)

	// Disputes settled with evidence (dispute.go).
	// AddClaim records a player's claim on the disputed report of the
	// board of token, the player the one in.Proof proves.
	AddClaim(ctx context.Context, token string, in arbiter.ClaimInput) (arbiter.Claim, error)
	// Dispute returns report id with its claims judged by the Laws.
	Dispute(ctx context.Context, id int64) (desk.Dispute, error)
	// Rulings returns the organizer's rulings on disputed boards whose
	// result stands as ruled.
	Rulings(ctx context.Context) ([]arbiter.Ruling, error)

	// Late entries from the phone (late.go).
	// LateWindow says whether a newcomer may ask to enter at now.
	LateWindow(ctx context.Context, now time.Time) (arbiter.LateWindow, error)
	// LateMatches returns the club players a name typed may be, found
	// as the command line's player add finds them.
	LateMatches(ctx context.Context, name string) ([]arbiter.Player, error)
	// RequestLate queues a newcomer's request made at now.
	RequestLate(ctx context.Context, r arbiter.LateRequest, now time.Time) (arbiter.LateRequest, error)
	// LateRequest returns the request at token.
	LateRequest(ctx context.Context, token string) (arbiter.LateRequest, error)
	// LateQueue returns the requests waiting for the organizer.
	LateQueue(ctx context.Context) ([]arbiter.LateRequest, error)
	// AcceptLate enters request id's newcomer as player add enters a
	// late entry, with their PIN, as the decision of the context's origin.
	AcceptLate(ctx context.Context, id int64) (arbiter.LateRequest, error)
	// RefuseLate refuses request id, as the decision of the context's
	// origin.
	RefuseLate(ctx context.Context, id int64) (arbiter.LateRequest, error)
}
