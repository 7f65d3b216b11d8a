package store

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter"
)

// presenceTournament is six players over three rounds, round 1 paired
// and played.
func presenceTournament(t *testing.T, db *DB) int64 {
	t.Helper()
	ctx := context.Background()
	tr, err := db.CreateTournament(ctx, func() arbiter.Tournament {
		x := arbiter.NewTournament("Presence")
		x.Rounds = 3
		return x
	}())
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"Ann", "Bob", "Cid", "Dan", "Eve", "Fay"} {
		if _, err := db.AddEntry(ctx, tr.ID, arbiter.Player{Name: name}, AddOptions{New: true}, nil, nil); err != nil {
			t.Fatal(err)
		}
	}
	pairRound(t, db, tr.ID, 1, [][2]int{{1, 4}, {5, 2}, {3, 6}}, 0)
	for b := 1; b <= 3; b++ {
		if _, err := db.SetResult(ctx, tr.ID, 1, b, arbiter.WhiteWins, "", false); err != nil {
			t.Fatal(err)
		}
	}
	return tr.ID
}

// asPlanned stands in for the desk's rule of presence marks (desk's
// presenceRule) where a test does not try its refusals: a player present
// already changes nothing, a skip is a half-point bye and present again
// from the round after.
func asPlanned(kind string, f PresenceFacts) (PresencePlan, error) {
	switch kind {
	case arbiter.Here:
		return PresencePlan{Nothing: f.HereFrom > 0}, nil
	case arbiter.Skip:
		return PresencePlan{Bye: arbiter.HalfBye, HereNext: f.Round < f.Tournament.Rounds}, nil
	}
	return PresencePlan{}, nil
}

// TestMarkPresence: each mark from the phone, what it writes as the rule
// plans it, with its event, and a refusal of the rule, which leaves the
// file as it was.
func TestMarkPresence(t *testing.T) {
	phone := arbiter.Origin{Who: "web: Ann", IP: "192.168.1.20", Device: "Phone"}
	refused := errors.New("refused")
	for _, tt := range []struct {
		name  string
		pn    int
		kind  string
		rule  PresenceRule
		err   error // the refusal, nil for none
		check func(t *testing.T, db *DB, tid int64, s *Snapshot, marks []arbiter.PresenceMark)
	}{
		{name: "here", pn: 1, kind: arbiter.Here, check: func(t *testing.T, db *DB, tid int64, s *Snapshot, marks []arbiter.PresenceMark) {
			if len(marks) != 1 || marks[0].PN != 1 || marks[0].Kind != arbiter.Here || marks[0].Round != 2 {
				t.Errorf("marks = %+v, want 1 present from round 2", marks)
			}
		}},
		{name: "skip", pn: 2, kind: arbiter.Skip, check: func(t *testing.T, db *DB, tid int64, s *Snapshot, marks []arbiter.PresenceMark) {
			if k := s.Request(2, 2); k != arbiter.HalfBye {
				t.Errorf("bye of 2 in round 2 = %v, want the half-point bye asked for", k)
			}
			// Present from the round after: the mark says so.
			if !slices.ContainsFunc(marks, func(m arbiter.PresenceMark) bool { return m.PN == 2 && m.Kind == arbiter.Here && m.Round == 3 }) {
				t.Errorf("marks %+v: want 2 present from round 3", marks)
			}
		}},
		{name: "leave", pn: 3, kind: arbiter.Leave, check: func(t *testing.T, db *DB, tid int64, s *Snapshot, marks []arbiter.PresenceMark) {
			if e := s.Entry(3); e.Status != arbiter.Withdrawn || e.WithdrawnFrom != 2 {
				t.Errorf("entry 3 = %+v, want withdrawn from round 2", e)
			}
		}},
		{name: "refused", pn: 1, kind: arbiter.Here, err: refused,
			rule: func(kind string, f PresenceFacts) (PresencePlan, error) {
				if f.Entry.PN != 1 || f.Round != 2 || f.Paired != 1 || f.HereFrom != 0 || f.Requested != arbiter.NoBye || f.Tournament.Rounds != 3 {
					t.Errorf("facts = %+v", f)
				}
				return PresencePlan{}, refused
			}},
		{name: "unknown player", pn: 9, kind: arbiter.Here, err: ErrNotFound},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ctx := context.Background()
			db := mustOpenDB(t)
			tid := presenceTournament(t, db)
			rule := tt.rule
			if rule == nil {
				rule = asPlanned
			}
			before, beforeContent := dump(t, db), content(t, db)
			m, err := db.MarkPresence(WithOrigin(ctx, phone), tid, tt.pn, tt.kind, true, rule)
			if tt.err != nil {
				if !errors.Is(err, tt.err) {
					t.Fatalf("MarkPresence = %v, want %v", err, tt.err)
				}
				if dump(t, db) != before {
					t.Error("a refused mark changed the file")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if m.Event == 0 || m.Round != 2 || m.IP != phone.IP || !m.Phone {
				t.Errorf("mark = %+v, want round 2, an event, the phone's address", m)
			}
			evs, _ := db.Events(ctx, tid)
			last := evs[len(evs)-1]
			if last.ID != m.Event || !strings.Contains(last.Who, "192.168.1.20") || !strings.Contains(last.Who, "Phone") {
				t.Errorf("last event %+v, want the mark's, with address and device", last)
			}
			p, err := db.Presence(ctx, tid)
			if err != nil || p.Snapshot.Next() != 2 {
				t.Fatalf("Presence = %+v, %v", p, err)
			}
			tt.check(t, db, tid, p.Snapshot, p.Marks)
			// Here again changes nothing.
			if tt.kind == arbiter.Here {
				again := dump(t, db)
				if m, err := db.MarkPresence(WithOrigin(ctx, phone), tid, tt.pn, tt.kind, true, rule); err != nil || m.Round != 2 || dump(t, db) != again {
					t.Errorf("here again = %+v, %v; want nothing written", m, err)
				}
			}
			// Undo puts the file back as it was.
			if _, err := db.Undo(ctx, tid, m.Event, true); err != nil {
				t.Fatal(err)
			}
			if got := content(t, db); got != beforeContent {
				t.Errorf("undo of %s left the file changed", tt.kind)
			}
		})
	}
}

// TestPresenceUndoOrder: marks of different players can be undone in any
// order; a mark is still refused after a pairing that read it.
func TestPresenceUndoOrder(t *testing.T) {
	ctx := context.Background()
	db := mustOpenDB(t)
	tid := presenceTournament(t, db)
	var evs []int64
	for _, m := range []struct {
		pn   int
		kind string
	}{{1, arbiter.Here}, {2, arbiter.Skip}, {3, arbiter.Leave}, {4, arbiter.Here}} {
		got, err := db.MarkPresence(WithOrigin(ctx, arbiter.Origin{Who: "web"}), tid, m.pn, m.kind, true, asPlanned)
		if err != nil {
			t.Fatal(err)
		}
		evs = append(evs, got.Event)
	}
	// The skip (second) first, then the first: later marks of others do
	// not hold them back.
	for _, ev := range []int64{evs[1], evs[0]} {
		if _, err := db.Undo(ctx, tid, ev, true); err != nil {
			t.Fatalf("undo event %d: %v", ev, err)
		}
	}
	p, _ := db.Presence(ctx, tid)
	var standing []string
	for _, m := range p.Marks {
		standing = append(standing, fmt.Sprintf("%d %s %d", m.PN, m.Kind, m.Round))
	}
	if got := strings.Join(standing, ", "); got != "4 here 2, 3 leave 2" || p.Snapshot.Request(2, 2) != arbiter.NoBye || p.Snapshot.Entry(3).Status != arbiter.Withdrawn {
		t.Errorf("after undo: marks %s, bye of 2 %v, entry 3 %+v; want 4 here and 3 gone", got, p.Snapshot.Request(2, 2), p.Snapshot.Entry(3))
	}
	pairRound(t, db, tid, 2, [][2]int{{1, 2}, {4, 5}}, 6)
	if _, err := db.Undo(ctx, tid, evs[3], true); !errors.Is(err, ErrDependent) {
		t.Errorf("undo of a mark before the pairing = %v, want ErrDependent", err)
	}
}

// TestPresenceRequiredPairing: a pairing with players absent marks them
// absent at check-in in its own transaction; undoing it takes both back.
func TestPresenceRequiredPairing(t *testing.T) {
	ctx := context.Background()
	db := mustOpenDB(t)
	tid := presenceTournament(t, db)
	if changed, err := db.SetPresenceRequired(ctx, tid, true); err != nil || !changed {
		t.Fatalf("SetPresenceRequired = %v, %v", changed, err)
	}
	if changed, _ := db.SetPresenceRequired(ctx, tid, true); changed {
		t.Error("setting it again changed it")
	}
	before := content(t, db)
	p := Pairing{Round: 2, Boards: []arbiter.Board{{Number: 1, White: 1, Black: 2}, {Number: 2, White: 3, Black: 4}},
		Absent: []int{5, 6}, AbsentKind: arbiter.ZeroBye}
	if _, err := db.SavePairing(ctx, tid, p); err != nil {
		t.Fatal(err)
	}
	abs, _ := db.CheckedAbsent(ctx, tid, 2)
	if !slices.Equal(abs, []int{5, 6}) {
		t.Errorf("checked absent = %v, want [5 6]", abs)
	}
	if _, err := db.Undo(ctx, tid, 0, true); err != nil {
		t.Fatal(err)
	}
	if content(t, db) != before {
		t.Error("undoing the pairing left the absences")
	}
	// A pairing made before a change is refused, absences and all.
	p.Basis = 1
	if _, err := db.SavePairing(ctx, tid, p); !errors.Is(err, ErrStale) {
		t.Errorf("stale pairing = %v, want ErrStale", err)
	}
}

// content is what two states of the file compare by (Content).
func content(t *testing.T, db *DB) string {
	t.Helper()
	c, err := db.Content(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return strings.Join(c, "\n")
}
