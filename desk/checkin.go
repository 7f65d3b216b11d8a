package desk

import (
	"context"

	"github.com/labyrinth-chess/arbiter"
)

// CheckinMode says what the players named at a check-in are.
type CheckinMode int8

// The modes of CheckInRound.
const (
	// CheckinPresent: the players named are present; everyone else who
	// plays the round and asked for no bye is absent.
	CheckinPresent CheckinMode = iota
	// CheckinAbsent: the players named are absent.
	CheckinAbsent
	// CheckinCancel: the absences of the players named are taken back.
	CheckinCancel
)

// CheckinRequest is a check-in of a round as the organizer makes it.
type CheckinRequest struct {
	Tournament string   // name or ID; "" for the current tournament
	Round      int      // 0: the next round to pair
	Players    []string // pairing numbers or names, as typed (Snapshot.Find)
	Mode       CheckinMode
}

// CheckinOutcome is what CheckInRound recorded.
type CheckinOutcome struct {
	Snapshot *Snapshot // the tournament as read for the check-in
	Round    int
	// Present and Absent are the entries marked present (or whose
	// absence was taken back) and absent; Kind is the bye an absence
	// gets (AbsentKind).
	Present, Absent []arbiter.Entry
	Kind            arbiter.ByeKind
	// Marks are, in a tournament that requires presence, the players
	// named marked present from the round on: nobody is marked absent
	// then, the pairing leaves out whoever is not present.
	Marks []arbiter.PresenceMark
}

// CheckInRound records a check-in, in one transaction: the players named
// present and everyone else who plays the round absent, or the players
// named absent, or their absences taken back. An absent player is not
// paired and scores the tournament's value (C.04.2 art. 3.3); a bye the
// player asked for stands as asked. In a tournament that requires
// presence, the players named present are marked here instead, as they
// would say it from their phones (MarkHere). A name that is nobody's is
// refused (ErrNotFound), as are ambiguous ones.
func (d *Desk) CheckInRound(ctx context.Context, r CheckinRequest) (CheckinOutcome, error) {
	var out CheckinOutcome
	s, err := d.Snapshot(ctx, r.Tournament)
	if err != nil {
		return out, err
	}
	out.Snapshot, out.Round = s, r.Round
	if out.Round == 0 {
		out.Round = s.Next()
	}
	n := out.Round
	named := map[int]bool{}
	var entries []arbiter.Entry
	for _, ref := range r.Players {
		e, err := s.Find(ref)
		if err != nil {
			return out, inputErr("player", err)
		}
		if !named[e.PN] {
			named[e.PN] = true
			entries = append(entries, e)
		}
	}
	required, err := d.db.PresenceRequired(ctx, s.Tournament.ID)
	if err != nil {
		return out, err
	}
	if required && r.Mode == CheckinPresent {
		var pns []int
		for _, e := range entries {
			pns = append(pns, e.PN)
		}
		out.Marks, err = d.MarkHere(ctx, s.Tournament.ID, pns)
		return out, err
	}
	switch r.Mode {
	case CheckinCancel:
		out.Present = entries
	case CheckinAbsent:
		out.Absent = entries
	default:
		out.Present = entries
		for _, e := range s.Entries {
			if named[e.PN] || !e.Plays(n) || s.Request(e.PN, n) != arbiter.NoBye {
				continue // the bye asked for stands
			}
			out.Absent = append(out.Absent, e)
		}
	}
	out.Kind = AbsentKind(s.Tournament)
	ids := func(es []arbiter.Entry) []int64 {
		var out []int64
		for _, e := range es {
			out = append(out, e.Player.ID)
		}
		return out
	}
	return out, d.CheckIn(ctx, s.Tournament.ID, n, ids(out.Present), ids(out.Absent), out.Kind)
}
