package desk

import (
	"context"
	"fmt"
	"slices"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/phrase"
	"github.com/labyrinth-chess/arbiter/store"
)

// Presence: players say from their phones that they are here, that they
// skip the next round or that they leave; the organizer says the first
// for them too (round checkin). A tournament that requires presence pairs
// only the players present: the others are absent at the check-in of
// the round (FIDE C.04.2 art. 3.3), in the pairing's transaction.

// Roll returns who is present, missing, skipping and gone for the next
// round of tournament tid.
func (d *Desk) Roll(ctx context.Context, tid int64) (arbiter.Roll, error) {
	p, err := d.db.Presence(ctx, tid)
	if err != nil {
		return arbiter.Roll{}, inputErr("tournament", err)
	}
	return rollOf(p), nil
}

// rollOf draws up the roll of the next round of p: the players withdrawn
// by then have left, those who join later are not on it, a bye asked for
// (or an absence given at check-in) is a skip, a player marked present
// from that round or before is present, and everyone else to play is
// missing (absent at the check-in when presence is required, C.04.2 art.
// 3.3).
func rollOf(p store.Presence) arbiter.Roll {
	s := p.Snapshot
	n := s.Next()
	r := arbiter.Roll{Required: p.Required, Marks: p.Marks, Paired: n - 1, LeftOut: p.LeftOut}
	if n > s.Tournament.Rounds {
		return r
	}
	r.Round = n
	here := map[int]bool{}
	for _, m := range r.Marks {
		if m.Kind == arbiter.Here && m.Round <= n {
			here[m.PN] = true
		}
	}
	for _, e := range s.Entries {
		switch {
		case e.Status == arbiter.Withdrawn && e.WithdrawnFrom <= n:
			r.Left = append(r.Left, e.PN)
		case !e.Plays(n):
			// joins later: not on this round's roll
		case s.Request(e.PN, n) != arbiter.NoBye:
			r.Skipping = append(r.Skipping, e.PN)
		case here[e.PN]:
			r.Present = append(r.Present, e.PN)
		default:
			r.Missing = append(r.Missing, e.PN)
		}
	}
	return r
}

// presenceRule is the desk's store.PresenceRule. A mark is for the next
// round to pair, so none is taken once every round is paired; a player
// who left comes back only by the organizer (ReturnPlayer). Here for a
// player present already changes nothing. Skip is a bye asked for, worth
// the tournament's requested-bye value, refused in the last round (the
// regulations decide which byes a player may ask for, FIDE C.04.2 leaving
// requested byes to them, and the last round, which decides the prizes,
// is played by everyone still in) and for a player who does not play the
// round already; who skips one round is at the club for the next. Leave
// withdraws the player from the next round, refused before round 1 is
// paired, when the organizer takes the entry back instead.
func presenceRule(kind string, f store.PresenceFacts) (store.PresencePlan, error) {
	t, e, n := f.Tournament, f.Entry, f.Round
	switch {
	case n > t.Rounds:
		return store.PresencePlan{}, refuse(ErrConflict, "round", "refuse.presence.all-paired", "Tournament", t.Name)
	case e.Status == arbiter.Withdrawn:
		return store.PresencePlan{}, refuse(ErrConflict, "player", "refuse.presence.left", "Name", e.Player.Name, "Round", e.WithdrawnFrom)
	}
	switch kind {
	case arbiter.Here:
		return store.PresencePlan{Nothing: f.HereFrom > 0}, nil
	case arbiter.Skip:
		if n == t.Rounds {
			return store.PresencePlan{}, refuse(ErrConflict, "round", "refuse.presence.last-round", "Round", n)
		}
		if f.Requested != arbiter.NoBye {
			return store.PresencePlan{}, refuse(ErrConflict, "player", "refuse.presence.not-playing", "Name", e.Player.Name, "Round", n, "Bye", f.Requested.String())
		}
		return store.PresencePlan{Bye: arbiter.HalfBye, HereNext: n < t.Rounds}, nil
	case arbiter.Leave:
		if f.Paired == 0 {
			return store.PresencePlan{}, refuse(ErrConflict, "round", "refuse.presence.leave-early", "Name", e.Player.Name)
		}
		return store.PresencePlan{}, nil
	}
	return store.PresencePlan{}, refuse(ErrInvalid, "presence", "refuse.presence.kind", "Kind", kind)
}

// PresenceRequired reports whether tournament tid pairs only the players
// present.
func (d *Desk) PresenceRequired(ctx context.Context, tid int64) (bool, error) {
	return d.db.PresenceRequired(ctx, tid)
}

// SetPresenceRequired says whether tournament tid pairs only the players
// present, logged; changed is false when it said so already.
func (d *Desk) SetPresenceRequired(ctx context.Context, tid int64, on bool) (changed bool, err error) {
	changed, err = d.db.SetPresenceRequired(ctx, tid, on)
	return changed, inputErr("tournament", err)
}

// MarkPresence records that player pn of tournament tid is here (from
// the next round on), skips the next round (a bye asked for, as player
// bye records it) or leaves (withdrawn from the next round on, as player
// withdraw records it), in one transaction logged as the context's origin's; phone says the
// player said it from their own phone (store.DB.MarkPresence).
func (d *Desk) MarkPresence(ctx context.Context, tid int64, pn int, kind string, phone bool) (arbiter.PresenceMark, error) {
	m, err := d.db.MarkPresence(ctx, tid, pn, kind, phone, presenceRule)
	return m, inputErr("player", err)
}

// MarkHere records that the players of tournament tid with pairing
// numbers pns are here from the next round on, in one transaction logged
// as the context's actor: the organizer's check-in when presence is
// required.
func (d *Desk) MarkHere(ctx context.Context, tid int64, pns []int) ([]arbiter.PresenceMark, error) {
	ms, err := d.db.MarkHere(ctx, tid, pns, presenceRule)
	return ms, inputErr("player", err)
}

// attendance is what a pairing reads of who came besides the tournament:
// the check-in of the round and, when presence is required, the roll.
// Read before the pairing's transaction, it stays true inside it as long
// as the log has not moved (Pairing.Basis): every mark and check-in is
// logged.
type attendance struct {
	required bool
	roll     arbiter.Roll           // when required
	marks    []arbiter.PresenceMark // said from the phones or for the players
	absent   []int                  // marked absent at the check-in of the next round
}

// attendance reads who came to the next round of s.
func (d *Desk) attendance(ctx context.Context, s *Snapshot) (attendance, error) {
	var a attendance
	var err error
	tid := s.Tournament.ID
	if a.required, err = d.db.PresenceRequired(ctx, tid); err != nil {
		return a, err
	}
	if a.required {
		if a.roll, err = d.Roll(ctx, tid); err != nil {
			return a, err
		}
		a.marks = a.roll.Marks
	} else if a.marks, err = d.db.PresenceMarks(ctx, tid); err != nil {
		return a, err
	}
	a.absent, err = d.db.CheckedAbsent(ctx, tid, s.Next())
	return a, err
}

// presenceMissing returns, for a tournament that requires presence, the
// players of the next round of s who are neither present nor excused,
// and records them in s as absent (the bye of the check-in policy), so
// that the pairing made from s leaves them out.
func presenceMissing(s *Snapshot, a attendance) []int {
	if !a.required {
		return nil
	}
	n := s.Next()
	if a.roll.Round != n {
		return nil
	}
	kind := AbsentKind(s.Tournament)
	var out []int
	for _, pn := range a.roll.Missing {
		if e := s.Entry(pn); e == nil || !e.Plays(n) || s.Request(pn, n) != arbiter.NoBye {
			continue // the roll was read after s: the pairing will be made again (ErrStale)
		}
		out = append(out, pn)
		s.Requests = append(s.Requests, store.Request{PN: pn, Round: n, Kind: kind})
	}
	return out
}

// AbsentKind is the bye an absence at check-in gets by the policy of t
// (tournament set --absent-value): 0 or ½ point (C.04.2 art. 3.3).
func AbsentKind(t arbiter.Tournament) arbiter.ByeKind {
	if t.AbsentValue == arbiter.Half {
		return arbiter.HalfBye
	}
	return arbiter.ZeroBye
}

// presenceNotes gives the pairing p the players missing (to be marked
// absent when it is saved) and explains who is left out and why: not
// checked in, asked to skip the round from the phone, left.
func presenceNotes(s *Snapshot, p *Pairing, missing []int, a attendance) {
	marks, required := a.marks, a.required
	n := p.Round
	note := func(pn int, text phrase.Text) {
		if p.ByeNotes == nil {
			p.ByeNotes = map[int]string{}
		}
		p.ByeNotes[pn] = text.Stored()
	}
	if len(missing) > 0 {
		p.Absent, p.AbsentKind = missing, AbsentKind(s.Tournament)
		pts := phrase.Num(s.Tournament.ByeValue(p.AbsentKind).Points())
		for _, pn := range missing {
			note(pn, phrase.New("pair.presence.missing", "Round", n, "Points", pts))
		}
	}
	phoned := map[int]bool{}
	for _, m := range marks {
		if !m.Phone {
			continue
		}
		at := m.At.Local().Format("15:04")
		switch {
		case m.Kind == arbiter.Skip && m.Round == n && s.Request(m.PN, n) != arbiter.NoBye && !slices.Contains(missing, m.PN):
			note(m.PN, phrase.New("pair.presence.skip", "Round", n, "Time", at,
				"Points", phrase.Num(s.Tournament.ByeValue(s.Request(m.PN, n)).Points())))
		case m.Kind == arbiter.Leave && m.Round <= n:
			phoned[m.PN] = true
			note(m.PN, phrase.New("pair.presence.left-phone", "Round", m.Round-1, "Time", at))
		}
	}
	if !required {
		return
	}
	for _, e := range s.Entries {
		if e.Status == arbiter.Withdrawn && e.WithdrawnFrom <= n && !phoned[e.PN] {
			note(e.PN, phrase.New("pair.presence.left", "Round", e.WithdrawnFrom-1))
		}
	}
}

// Roll returns who is present for the next round, for the organizer's
// page and the projector.
func (e *Evening) Roll(ctx context.Context) (arbiter.Roll, error) { return e.d.Roll(ctx, e.tid) }

// MarkPresence records what player pn says from the phone (phone), or
// what the organizer says for them, about the next round: Here, Skip or
// Leave (Desk.MarkPresence).
func (e *Evening) MarkPresence(ctx context.Context, pn int, kind string, phone bool) (arbiter.PresenceMark, error) {
	m, err := e.d.MarkPresence(ctx, e.tid, pn, kind, phone)
	if err == nil {
		e.d.db.Checkpoint(ctx)
	}
	return m, err
}

// UndoPresence reverts the presence mark logged as event ev, as undo
// does, logged as the context's origin's. Only a presence mark standing can be undone
// from here.
func (e *Evening) UndoPresence(ctx context.Context, ev int64) (UndoPlan, error) {
	roll, err := e.Roll(ctx)
	if err != nil {
		return UndoPlan{}, err
	}
	if !slices.ContainsFunc(roll.Marks, func(m arbiter.PresenceMark) bool { return m.Event == ev }) {
		return UndoPlan{}, &Error{Kind: ErrNotFound, Input: "undo", Msg: fmt.Sprintf("event %d is not a presence mark standing", ev)}
	}
	plan, err := e.d.Undo(ctx, fmt.Sprint(e.tid), ev, true)
	if err == nil {
		e.d.db.Checkpoint(ctx)
	}
	return plan, err
}
