package desk

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/phrase"
	"github.com/labyrinth-chess/arbiter/store"
	"github.com/labyrinth-chess/arbiter/text"
)

// Late entries from the phone: before the cut-off the organizer set, a
// newcomer asks to enter from the tournament's page; the organizer
// accepts the request (the player is entered as AddEntry enters a late
// entry) or refuses it.

// Caps on the requests waiting for the organizer: per address, whatever
// browser it names, and in all, so that a phone, even one that keeps
// changing its browser's name, cannot bury the queue.
const (
	MaxLatePerAddress = 3
	MaxLatePending    = 100
)

// ErrLateClosed is the kind of error of a request made while the phone
// takes no entries (ErrConflict).
var ErrLateClosed = store.ErrLateClosed

// checkLateText refuses what a newcomer may not type: text.CheckName's
// characters in the name and the club, an empty name, a number for a
// name, a rating out of range.
func checkLateText(r arbiter.LateRequest) error {
	r.Name = strings.TrimSpace(r.Name)
	if err := text.CheckName("name", r.Name, text.MaxName); err != nil {
		return &Error{Kind: ErrInvalid, Input: "name", Msg: err.Error(), Err: err}
	}
	if err := text.CheckName("club", r.Club, text.MaxClub); err != nil {
		return &Error{Kind: ErrInvalid, Input: "club", Msg: err.Error(), Err: err}
	}
	switch {
	case r.Name == "":
		return refuse(ErrInvalid, "name", "refuse.late.no-name")
	case store.OnlyDigits(r.Name):
		return refuse(ErrInvalid, "name", "refuse.late.number", "Name", r.Name)
	case r.Rating < 0 || r.Rating > 3500:
		return refuse(ErrInvalid, "rating", "refuse.late.rating", "Rating", r.Rating)
	}
	return nil
}

// lateRule is the desk's store.LateRule: the caps on the requests
// waiting, a newcomer who says they are new may not take a club player's
// very name (the request would copy that player, arbiter.SameName), and
// a club player entered already needs no request.
func lateRule(r arbiter.LateRequest, f store.LateFacts) error {
	switch {
	case f.FromAddress >= MaxLatePerAddress:
		return refuse(ErrConflict, "request", "refuse.late.address", "N", f.FromAddress)
	case f.Waiting >= MaxLatePending:
		return refuse(ErrConflict, "request", "refuse.late.queue", "N", f.Waiting)
	}
	if r.New {
		for _, p := range f.Roster {
			if arbiter.SameName(p.Name, r.Name) {
				e := refuse(ErrLikelyDuplicate, "name", "refuse.late.club-name", "Name", p.Name)
				e.Players = []int64{p.ID}
				return e
			}
		}
	}
	if f.Player != nil && f.Entered > 0 {
		e := refuse(ErrAlreadyEntered, "player", "refuse.late.entered", "Name", f.Player.Name, "Tournament", f.Tournament, "PN", f.Entered)
		e.Players = []int64{f.Player.ID}
		return e
	}
	return nil
}

// lateAnswer is the desk's store.LateAnswer: a request is answered once.
func lateAnswer(r arbiter.LateRequest) error {
	if r.Status != arbiter.LatePending {
		return refuse(ErrConflict, "request", "refuse.late.answered", "Name", r.Name, "Status", phrase.New("refuse.late.status."+r.Status))
	}
	return nil
}

// The window a time of day given as a cut-off falls in (ParseLateUntil).
const (
	lateBehind = 6 * time.Hour
	lateAhead  = 18 * time.Hour
)

// ParseLateUntil reads the cut-off of entries from the phone as the
// organizer types it: a time of day ("21:15") in now's location (the
// machine's local time, when the setting is given, e.g. when arbiter
// serve starts), on the day that puts it between 6 hours before now and
// 18 hours after: 21:15 typed at 19:30 is this evening's, typed at 00:30
// (a server restarted after midnight) last evening's, already past, and
// 02:00 typed at 22:00 the coming night's. Or a date and time
// ("2026-11-25 21:15", also with a T, or RFC 3339 with its offset), in
// now's location unless it gives an offset. "off" (or "") is no cut-off:
// the phone takes no entries.
func ParseLateUntil(s string, now time.Time) (time.Time, error) {
	s = strings.TrimSpace(s)
	if s == "" || strings.EqualFold(s, "off") {
		return time.Time{}, nil
	}
	loc := now.Location()
	if c, err := time.ParseInLocation("15:04", s, loc); err == nil {
		y, m, d := now.Date()
		for _, day := range []int{-1, 0, 1} {
			t := time.Date(y, m, d+day, c.Hour(), c.Minute(), 0, 0, loc)
			if t.After(now.Add(-lateBehind)) && !t.After(now.Add(lateAhead)) {
				return t, nil
			}
		}
		return time.Date(y, m, d, c.Hour(), c.Minute(), 0, 0, loc), nil
	}
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t, nil
	}
	for _, layout := range []string{"2006-01-02 15:04", "2006-01-02T15:04", "2006-01-02 15:04:05", "2006-01-02T15:04:05"} {
		if t, err := time.ParseInLocation(layout, s, loc); err == nil {
			return t, nil
		}
	}
	return time.Time{}, &Error{Kind: ErrInvalid, Input: "cut-off",
		Msg: fmt.Sprintf("cut-off %q is not a time", s),
		Fix: "type a time of day such as 21:15, a date and time such as 2026-11-25 21:15, or off"}
}

// LateUntil returns the cut-off of entries from the phone of tournament
// tid; the zero time when the phone takes none.
func (d *Desk) LateUntil(ctx context.Context, tid int64) (time.Time, error) {
	return d.db.LateUntil(ctx, tid)
}

// SetLateUntil stores the cut-off of entries from the phone of
// tournament tid (the zero time: none), logged.
func (d *Desk) SetLateUntil(ctx context.Context, tid int64, until time.Time) error {
	return inputErr("tournament", d.db.SetLateUntil(ctx, tid, until))
}

// LateWindow says whether a newcomer may ask to enter at now: a cut-off
// is set and not reached, registration is not closed, and a round is
// left to pair (the newcomer joins it; the rounds missed score as the
// tournament says, as for arbiter player add).
func (e *Evening) LateWindow(ctx context.Context, now time.Time) (arbiter.LateWindow, error) {
	var w arbiter.LateWindow
	var err error
	if w.Until, err = e.d.db.LateUntil(ctx, e.tid); err != nil {
		return w, err
	}
	t, err := e.d.db.Tournament(ctx, e.tid)
	if err != nil {
		return w, err
	}
	_, paired, err := e.d.db.Published(ctx, e.tid)
	if err != nil {
		return w, err
	}
	w.Next = paired + 1
	switch {
	case w.Until.IsZero():
		w.Why = arbiter.LateOff
	case t.Closed:
		w.Why = arbiter.LateClosed
	case paired >= t.Rounds:
		w.Why = arbiter.LateFull
	case !now.Before(w.Until):
		w.Why = arbiter.LatePast
	default:
		w.Open = true
	}
	return w, nil
}

// LateMatches returns the club players a name typed on the phone may be
// ("Did you mean ...?"), found as arbiter player add finds them.
func (e *Evening) LateMatches(ctx context.Context, name string) ([]arbiter.Player, error) {
	return e.d.db.RosterMatches(ctx, name)
}

// RequestLate queues newcomer r's request at now; refused (ErrLateClosed)
// when the phone takes no entries then, and, for a club that asks for
// "Surname, Name", a new name typed otherwise.
func (e *Evening) RequestLate(ctx context.Context, r arbiter.LateRequest, now time.Time) (arbiter.LateRequest, error) {
	w, err := e.LateWindow(ctx, now)
	if err != nil {
		return r, err
	}
	if !w.Open {
		return r, refuse(ErrLateClosed, "request", "refuse.late.closed")
	}
	if r.PlayerID == 0 {
		sf, err := e.d.surnameFirst(ctx, e.tid)
		if err != nil {
			return r, err
		}
		if sf {
			// Someone new joins the roster as the club writes names.
			if err := NameOrder(strings.TrimSpace(r.Name)); err != nil {
				return r, inputErr("name", err)
			}
		}
	}
	r.Name, r.Club = strings.TrimSpace(r.Name), strings.TrimSpace(r.Club)
	if err := checkLateText(r); err != nil {
		return r, err
	}
	out, err := e.d.db.RequestLate(ctx, e.tid, r, lateRule)
	if err == nil {
		e.d.db.Checkpoint(ctx)
	}
	return out, inputErr("request", err)
}

// LateRequest returns the request at token, with the pairing number and
// PIN once accepted.
func (e *Evening) LateRequest(ctx context.Context, token string) (arbiter.LateRequest, error) {
	r, err := e.d.db.LateRequest(ctx, e.tid, token)
	return r, inputErr("request", err)
}

// LateQueue returns the requests waiting for the organizer.
func (e *Evening) LateQueue(ctx context.Context) ([]arbiter.LateRequest, error) {
	return e.d.db.LateQueue(ctx, e.tid)
}

// AcceptLate enters the newcomer of request id as arbiter player add
// enters a late entry, with their PIN, as the decision of the context's origin.
func (e *Evening) AcceptLate(ctx context.Context, id int64) (arbiter.LateRequest, error) {
	sf, err := e.d.surnameFirst(ctx, e.tid)
	if err != nil {
		return arbiter.LateRequest{}, err
	}
	r, _, err := e.d.db.AcceptLate(ctx, e.tid, id, AddOptions{SurnameFirst: sf}, lateAnswer, entryRule(sf), nameRule, pinRule)
	if err == nil {
		e.d.db.Checkpoint(ctx)
	}
	return r, inputErr("request", err)
}

// RefuseLate refuses request id, as the decision of the context's origin.
func (e *Evening) RefuseLate(ctx context.Context, id int64) (arbiter.LateRequest, error) {
	r, err := e.d.db.RefuseLate(ctx, e.tid, id, lateAnswer)
	if err == nil {
		e.d.db.Checkpoint(ctx)
	}
	return r, inputErr("request", err)
}
