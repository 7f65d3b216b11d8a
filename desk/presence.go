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

// The values of presence.
type (
	PresenceMark = store.PresenceMark
	Roll         = store.Roll
)

// The kinds of a presence mark.
const (
	Here  = store.Here
	Skip  = store.Skip
	Leave = store.Leave
)

// Roll returns who is present, missing, skipping and gone for the next
// round of tournament tid.
func (d *Desk) Roll(ctx context.Context, tid int64) (Roll, error) { return d.db.Roll(ctx, tid) }

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
// withdraw records it), in one transaction logged as o's; phone says the
// player said it from their own phone (store.DB.MarkPresence).
func (d *Desk) MarkPresence(ctx context.Context, tid int64, pn int, kind string, o Origin, phone bool) (PresenceMark, error) {
	m, err := d.db.MarkPresence(ctx, tid, pn, kind, o, phone)
	return m, inputErr("player", err)
}

// MarkHere records that the players of tournament tid with pairing
// numbers pns are here from the next round on, in one transaction logged
// as the context's actor: the organizer's check-in when presence is
// required.
func (d *Desk) MarkHere(ctx context.Context, tid int64, pns []int) ([]PresenceMark, error) {
	ms, err := d.db.MarkHere(ctx, tid, pns, Origin{})
	return ms, inputErr("player", err)
}

// attendance is what a pairing reads of who came besides the tournament:
// the check-in of the round and, when presence is required, the roll.
// Read before the pairing's transaction, it stays true inside it as long
// as the log has not moved (Pairing.Basis): every mark and check-in is
// logged.
type attendance struct {
	required bool
	roll     Roll           // when required
	marks    []PresenceMark // said from the phones or for the players
	absent   []int          // marked absent at the check-in of the next round
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
		if a.roll, err = d.db.Roll(ctx, tid); err != nil {
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
		case m.Kind == Skip && m.Round == n && s.Request(m.PN, n) != arbiter.NoBye && !slices.Contains(missing, m.PN):
			note(m.PN, phrase.New("pair.presence.skip", "Round", n, "Time", at,
				"Points", phrase.Num(s.Tournament.ByeValue(s.Request(m.PN, n)).Points())))
		case m.Kind == Leave && m.Round <= n:
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
func (e *Evening) Roll(ctx context.Context) (Roll, error) { return e.d.db.Roll(ctx, e.tid) }

// MarkPresence records what player pn says from the phone (phone), or
// what the organizer says for them, about the next round: Here, Skip or
// Leave (Desk.MarkPresence).
func (e *Evening) MarkPresence(ctx context.Context, pn int, kind string, o Origin, phone bool) (PresenceMark, error) {
	m, err := e.d.MarkPresence(ctx, e.tid, pn, kind, o, phone)
	if err == nil {
		e.d.db.Checkpoint(ctx)
	}
	return m, err
}

// UndoPresence reverts the presence mark logged as event ev, as undo
// does, logged as who's. Only a presence mark standing can be undone
// from here.
func (e *Evening) UndoPresence(ctx context.Context, ev int64, who string) (UndoPlan, error) {
	roll, err := e.Roll(ctx)
	if err != nil {
		return UndoPlan{}, err
	}
	if !slices.ContainsFunc(roll.Marks, func(m PresenceMark) bool { return m.Event == ev }) {
		return UndoPlan{}, &Error{Kind: ErrNotFound, Input: "undo", Msg: fmt.Sprintf("event %d is not a presence mark standing", ev)}
	}
	if who != "" {
		ctx = WithActor(ctx, who)
	}
	plan, err := e.d.Undo(ctx, fmt.Sprint(e.tid), ev, true)
	if err == nil {
		e.d.db.Checkpoint(ctx)
	}
	return plan, err
}
