package store

import (
	"context"
	"errors"
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
		if _, err := db.AddEntry(ctx, tr.ID, arbiter.Player{Name: name}, AddOptions{New: true}); err != nil {
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

// TestMarkPresence: each mark from the phone, what it changes, and its
// refusals, which leave the file as it was.
func TestMarkPresence(t *testing.T) {
	phone := arbiter.Origin{Who: "web: Ann", IP: "192.168.1.20", Device: "Phone"}
	for _, tt := range []struct {
		name   string
		before func(t *testing.T, db *DB, tid int64)
		pn     int
		kind   string
		err    error  // the refusal, nil for none
		msg    string // in the refusal
		check  func(t *testing.T, db *DB, tid int64, r arbiter.Roll)
	}{
		{name: "here", pn: 1, kind: arbiter.Here, check: func(t *testing.T, db *DB, tid int64, r arbiter.Roll) {
			if !slices.Equal(r.Present, []int{1}) || len(r.Missing) != 5 {
				t.Errorf("roll = present %v missing %v, want 1 present, 5 missing", r.Present, r.Missing)
			}
		}},
		{name: "skip", pn: 2, kind: arbiter.Skip, check: func(t *testing.T, db *DB, tid int64, r arbiter.Roll) {
			if !slices.Equal(r.Skipping, []int{2}) || slices.Contains(r.Missing, 2) {
				t.Errorf("roll = skipping %v missing %v, want 2 skipping round 2", r.Skipping, r.Missing)
			}
			// Present from the round after: the mark says so.
			if !slices.ContainsFunc(r.Marks, func(m arbiter.PresenceMark) bool { return m.PN == 2 && m.Kind == arbiter.Here && m.Round == 3 }) {
				t.Errorf("marks %+v: want 2 present from round 3", r.Marks)
			}
		}},
		{name: "leave", pn: 3, kind: arbiter.Leave, check: func(t *testing.T, db *DB, tid int64, r arbiter.Roll) {
			if !slices.Equal(r.Left, []int{3}) {
				t.Errorf("roll left = %v, want [3]", r.Left)
			}
		}},
		{name: "skip the last round", pn: 2, kind: arbiter.Skip, err: ErrConflict, msg: "last round",
			before: func(t *testing.T, db *DB, tid int64) {
				pairRound(t, db, tid, 2, [][2]int{{1, 2}, {3, 4}, {5, 6}}, 0)
				for b := 1; b <= 3; b++ {
					if _, err := db.SetResult(context.Background(), tid, 2, b, arbiter.Draw, "", false); err != nil {
						t.Fatal(err)
					}
				}
			}},
		{name: "skip twice", pn: 2, kind: arbiter.Skip, err: ErrConflict, msg: "does not play round 2",
			before: func(t *testing.T, db *DB, tid int64) {
				if err := db.RequestBye(context.Background(), tid, 2, 2, arbiter.ZeroBye); err != nil {
					t.Fatal(err)
				}
			}},
		{name: "here after leaving", pn: 3, kind: arbiter.Here, err: ErrConflict, msg: "left the tournament",
			before: func(t *testing.T, db *DB, tid int64) {
				if _, _, err := db.Withdraw(context.Background(), tid, 3, 0); err != nil {
					t.Fatal(err)
				}
			}},
		{name: "every round paired", pn: 1, kind: arbiter.Here, err: ErrConflict, msg: "every round",
			before: func(t *testing.T, db *DB, tid int64) {
				pairRound(t, db, tid, 2, [][2]int{{1, 2}, {3, 4}, {5, 6}}, 0)
				for b := 1; b <= 3; b++ {
					db.SetResult(context.Background(), tid, 2, b, arbiter.Draw, "", false)
				}
				pairRound(t, db, tid, 3, [][2]int{{2, 1}, {4, 3}, {6, 5}}, 0)
			}},
		{name: "unknown player", pn: 9, kind: arbiter.Here, err: ErrNotFound},
		{name: "unknown kind", pn: 1, kind: "maybe", err: ErrInvalid},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ctx := context.Background()
			db := mustOpenDB(t)
			tid := presenceTournament(t, db)
			if tt.before != nil {
				tt.before(t, db, tid)
			}
			before, beforeContent := dump(t, db), content(t, db)
			m, err := db.MarkPresence(WithOrigin(ctx, phone), tid, tt.pn, tt.kind, true)
			if tt.err != nil {
				if !errors.Is(err, tt.err) || !strings.Contains(err.Error(), tt.msg) {
					t.Fatalf("MarkPresence = %v, want %v with %q", err, tt.err, tt.msg)
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
			r, err := db.Roll(ctx, tid)
			if err != nil || r.Round != 2 {
				t.Fatalf("Roll = %+v, %v", r, err)
			}
			tt.check(t, db, tid, r)
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
		got, err := db.MarkPresence(WithOrigin(ctx, arbiter.Origin{Who: "web"}), tid, m.pn, m.kind, true)
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
	r, _ := db.Roll(ctx, tid)
	if !slices.Equal(r.Present, []int{4}) || !slices.Equal(r.Left, []int{3}) || len(r.Skipping) != 0 {
		t.Errorf("roll after undo = %+v", r)
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
