package web

import (
	"context"
	"time"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/prizes"
	"github.com/labyrinth-chess/arbiter/store"
	"github.com/labyrinth-chess/arbiter/tiebreak"
)

// Evening is what the server needs of the application layer, for one
// tournament. Its methods are called from many goroutines at once. Who
// acts is given per call (an Origin, or the organizer's address), never
// kept between calls.
type Evening interface {
	// Snapshot returns the tournament as stored now.
	Snapshot(ctx context.Context) (*store.Snapshot, error)
	// Published returns the last published round (0: none) and the last
	// paired round.
	Published(ctx context.Context) (published, paired int, err error)
	// Standings ranks the players after round n as the standings command
	// does, with the inputs of the tie-breaks (for their explanations).
	Standings(s *store.Snapshot, n int) (tiebreak.Input, []tiebreak.Standing, error)
	// Prizes returns the prize list of s in the standings st after
	// round n (as Standings ranks them), with what each player can still
	// win while the last round is left to play.
	Prizes(ctx context.Context, s *store.Snapshot, st []tiebreak.Standing, n int) (*prizes.List, error)
	// LastEvent returns the id of the last change in the event log.
	LastEvent(ctx context.Context) (int64, error)
	// Seasons returns the tables of the seasons the tournament is an
	// evening of; none when it is in no season.
	Seasons(ctx context.Context) ([]*store.SeasonTable, error)

	// Board returns the board whose code is token.
	Board(ctx context.Context, token string) (store.BoardCode, error)
	// Report records a result reported from the board by the player p
	// proves (their own PIN, or their phone signed in): the seat is the
	// one proven. Refused proofs are errors of kind store.ErrNoProof,
	// ErrWrongPIN, ErrLocked (a *store.LockedError), ErrWrongSeat.
	Report(ctx context.Context, token string, p store.Proof, r arbiter.Result, o store.Origin) (store.WebReport, error)
	// Confirm is the opponent's answer, proven by p; a confirmed
	// result is judged by the Laws and entered as the command line
	// enters it. The reporter's own proof is refused (ErrWrongSeat).
	Confirm(ctx context.Context, token string, p store.Proof, r arbiter.Result, o store.Origin) (store.WebReport, error)

	// Queue returns the reports waiting for the organizer.
	Queue(ctx context.Context) ([]store.WebReport, error)
	// Accept enters report id's result (r, or the reported one when r
	// is NoResult) as the organizer's decision.
	Accept(ctx context.Context, id int64, r arbiter.Result, who string) (store.WebReport, error)
	// Reject throws report id away: the board is open again.
	Reject(ctx context.Context, id int64, who string) (store.WebReport, error)
	// Publish publishes the last paired round.
	Publish(ctx context.Context, who string) (int, error)
	// PairNext pairs the next round by the same call as the command
	// line's round pair, in one transaction (and publishes it if the
	// tournament says so). With force, the results reported from the
	// boards and not confirmed are first entered as reported, each
	// logged as who's decision. close is the organizer's answer to the
	// question registration asks at round 1 when the rounds planned do
	// not fit the field, nil before it is asked: the refusal then wraps
	// an *arbiter.FitError with the choices to offer.
	PairNext(ctx context.Context, who string, force bool, close *arbiter.Closing) (arbiter.Round, error)

	// Presence from the phone (presence.go).
	// Roll returns who is present for the next round.
	Roll(ctx context.Context) (store.Roll, error)
	// SignIn signs a phone in as player pn, who typed pin, their own
	// PIN, and returns the session's secret for the phone's cookie; a
	// wrong PIN is counted (store.ErrWrongPIN, then store.ErrLocked).
	SignIn(ctx context.Context, pn int, pin string, o store.Origin) (string, error)
	// SessionPlayer returns the player a phone's session secret acts
	// for, 0 for none.
	SessionPlayer(ctx context.Context, secret string) (int, error)
	// SignOut ends a phone's session.
	SignOut(ctx context.Context, secret string) error
	// MarkPresence records that player pn is here, skips the next round
	// or leaves (store.Here, Skip, Leave), said from their own phone
	// (phone) or by the organizer for them.
	MarkPresence(ctx context.Context, pn int, kind string, o store.Origin, phone bool) (store.PresenceMark, error)
	// UndoPresence reverts the presence mark logged as event ev.
	UndoPresence(ctx context.Context, ev int64, who string) (store.UndoPlan, error)

	// Disputes settled with evidence (dispute.go).
	// AddClaim records a player's claim on the disputed report of the
	// board of token, the player the one in.Proof proves.
	AddClaim(ctx context.Context, token string, in store.ClaimInput, o store.Origin) (store.Claim, error)
	// Dispute returns report id with its claims judged by the Laws.
	Dispute(ctx context.Context, id int64) (store.Dispute, error)
	// Rulings returns the organizer's rulings on disputed boards whose
	// result stands as ruled.
	Rulings(ctx context.Context) ([]store.Ruling, error)

	// Late entries from the phone (late.go).
	// LateWindow says whether a newcomer may ask to enter at now.
	LateWindow(ctx context.Context, now time.Time) (store.LateWindow, error)
	// LateMatches returns the club players a name typed may be, found
	// as the command line's player add finds them.
	LateMatches(ctx context.Context, name string) ([]arbiter.Player, error)
	// RequestLate queues a newcomer's request made at now.
	RequestLate(ctx context.Context, r store.LateRequest, now time.Time) (store.LateRequest, error)
	// LateRequest returns the request at token.
	LateRequest(ctx context.Context, token string) (store.LateRequest, error)
	// LateQueue returns the requests waiting for the organizer.
	LateQueue(ctx context.Context) ([]store.LateRequest, error)
	// AcceptLate enters request id's newcomer as player add enters a
	// late entry, with their PIN, as who's decision.
	AcceptLate(ctx context.Context, id int64, who string) (store.LateRequest, error)
	// RefuseLate refuses request id, as who's decision.
	RefuseLate(ctx context.Context, id int64, who string) (store.LateRequest, error)
}
