package desk

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/labyrinth-chess/arbiter"
)

// TestCheckInRound: a check-in as the organizer makes it, in a field of
// five where player 3 asked for a half-point bye in round 1: who is
// marked present and absent, what the database then holds for the round,
// and names that are nobody's refused with nothing written.
func TestCheckInRound(t *testing.T) {
	tests := []struct {
		name        string
		before      *CheckinRequest // a check-in made first
		r           CheckinRequest
		present     []int // pairing numbers, as CheckInRound returns them
		absent      []int
		checked     []int // found absent at the round's check-in, after
		kind        arbiter.ByeKind
		absentValue arbiter.Score
		err         error
	}{
		{name: "the players named here, the others absent; the bye asked for stands",
			r:       CheckinRequest{Players: []string{"1", "Bianchi"}},
			present: []int{1, 2}, absent: []int{4, 5}, checked: []int{4, 5}, kind: arbiter.ZeroBye},
		{name: "absent worth half a point",
			r:       CheckinRequest{Players: []string{"1", "2", "4"}},
			present: []int{1, 2, 4}, absent: []int{5}, checked: []int{5}, kind: arbiter.HalfBye, absentValue: arbiter.Half},
		{name: "named twice counts once",
			r:       CheckinRequest{Players: []string{"1", "Rossi", "2", "4", "5"}},
			present: []int{1, 2, 4, 5}, kind: arbiter.ZeroBye},
		{name: "the players named absent, nobody else",
			r:      CheckinRequest{Players: []string{"Galli"}, Mode: CheckinAbsent},
			absent: []int{5}, checked: []int{5}, kind: arbiter.ZeroBye},
		{name: "an absence taken back",
			before:  &CheckinRequest{Players: []string{"4", "5"}, Mode: CheckinAbsent},
			r:       CheckinRequest{Players: []string{"5"}, Mode: CheckinCancel},
			present: []int{5}, checked: []int{4}, kind: arbiter.ZeroBye},
		{name: "a name that is nobody's",
			r:   CheckinRequest{Players: []string{"1", "Kasparov"}},
			err: ErrNotFound},
		{name: "a pairing number out of the field",
			before: &CheckinRequest{Players: []string{"4"}, Mode: CheckinAbsent},
			r:      CheckinRequest{Players: []string{"9"}, Mode: CheckinAbsent},
			err:    ErrNotFound, checked: []int{4}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := context.Background()
			d := mustOpen(t)
			tour := mustTournament(t, ctx, d, 5)
			tour.AbsentValue = tt.absentValue
			if err := d.UpdateTournament(ctx, tour); err != nil {
				t.Fatal(err)
			}
			s := mustSnapshot(t, d)
			if err := d.RequestBye(ctx, tour.ID, s.Entry(3).Player.ID, 1, arbiter.HalfBye); err != nil {
				t.Fatal(err)
			}
			if tt.before != nil {
				if _, err := d.CheckInRound(ctx, *tt.before); err != nil {
					t.Fatal(err)
				}
			}
			out, err := d.CheckInRound(ctx, tt.r)
			pns := func(es []arbiter.Entry) []int {
				var out []int
				for _, e := range es {
					out = append(out, e.PN)
				}
				return out
			}
			if tt.err != nil {
				if !errors.Is(err, tt.err) {
					t.Fatalf("CheckInRound = %v, want %v", err, tt.err)
				}
			} else {
				if err != nil {
					t.Fatalf("CheckInRound = %v", err)
				}
				if out.Round != 1 || !reflect.DeepEqual(pns(out.Present), tt.present) || !reflect.DeepEqual(pns(out.Absent), tt.absent) || out.Kind != tt.kind || out.Marks != nil {
					t.Errorf("CheckInRound = round %d, present %v, absent %v (%v), marks %v; want round 1, present %v, absent %v (%v)",
						out.Round, pns(out.Present), pns(out.Absent), out.Kind, out.Marks, tt.present, tt.absent, tt.kind)
				}
			}
			checked, err := d.CheckedAbsent(ctx, tour.ID, 1)
			if err != nil {
				t.Fatal(err)
			}
			if len(checked) == 0 {
				checked = nil
			}
			if !reflect.DeepEqual(checked, tt.checked) {
				t.Errorf("found absent at the check-in of round 1: %v, want %v", checked, tt.checked)
			}
		})
	}
}

// TestCheckInRoundPresenceRequired: where the pairing takes only the
// players present, the players named are marked here, from the next
// round on, and nobody is marked absent.
func TestCheckInRoundPresenceRequired(t *testing.T) {
	ctx := context.Background()
	d := mustOpen(t)
	tour := mustTournament(t, ctx, d, 4)
	if _, err := d.SetPresenceRequired(ctx, tour.ID, true); err != nil {
		t.Fatal(err)
	}
	out, err := d.CheckInRound(ctx, CheckinRequest{Players: []string{"2", "Neri"}})
	if err != nil {
		t.Fatal(err)
	}
	var got []int
	for _, m := range out.Marks {
		if m.Round != 1 {
			t.Errorf("%d marked here from round %d, want 1", m.PN, m.Round)
		}
		got = append(got, m.PN)
	}
	if !reflect.DeepEqual(got, []int{2, 4}) || out.Present != nil || out.Absent != nil {
		t.Errorf("CheckInRound = marks for %v, present %v, absent %v; want marks for [2 4] and nobody checked in", got, out.Present, out.Absent)
	}
	if checked, err := d.CheckedAbsent(ctx, tour.ID, 1); err != nil || len(checked) > 0 {
		t.Errorf("found absent at the check-in of round 1: %v, %v; want nobody", checked, err)
	}
}
