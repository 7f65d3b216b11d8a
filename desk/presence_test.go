package desk

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/locale"
)

// TestPairPresence: with presence required, the pairing takes exactly
// the players present; the others get the check-in's bye of the policy,
// a bye asked for from the phone stands, and each is explained. Without
// the rule the marks change nothing.
func TestPairPresence(t *testing.T) {
	phone := arbiter.Origin{Who: "web: player", IP: "10.0.0.9", Device: "Phone"}
	tests := []struct {
		name     string
		required bool
		absent   arbiter.Score // the check-in policy
		here     []int
		skip     []int
		dryRun   bool
		paired   []int                   // on the boards or with the PAB
		byes     map[int]arbiter.ByeKind // the others
		notes    map[int]string
	}{
		{name: "not required", here: []int{1, 2}, paired: []int{1, 2, 3, 4, 5, 6, 7, 8}, byes: map[int]arbiter.ByeKind{}},
		{name: "six here", required: true, here: []int{1, 2, 3, 5, 6, 8}, paired: []int{1, 2, 3, 5, 6, 8},
			byes:  map[int]arbiter.ByeKind{4: arbiter.ZeroBye, 7: arbiter.ZeroBye},
			notes: map[int]string{4: "not checked in for round 1", 7: "scores 0 by the tournament's policy"}},
		{name: "half a point for the absent", required: true, absent: arbiter.Half, here: []int{1, 2, 3, 4, 5, 6},
			paired: []int{1, 2, 3, 4, 5, 6}, byes: map[int]arbiter.ByeKind{7: arbiter.HalfBye, 8: arbiter.HalfBye},
			notes: map[int]string{8: "scores 0.5 by the tournament's policy"}},
		{name: "a skip from the phone", required: true, here: []int{1, 2, 3, 4, 5}, skip: []int{6},
			paired: []int{1, 2, 3, 4, 5}, byes: map[int]arbiter.ByeKind{6: arbiter.HalfBye, 7: arbiter.ZeroBye, 8: arbiter.ZeroBye},
			notes: map[int]string{6: "asked to skip round 1 from their phone at ", 7: "not checked in"}},
		{name: "dry run stores nothing", required: true, dryRun: true, here: []int{1, 2, 3, 4},
			paired: []int{1, 2, 3, 4}, byes: map[int]arbiter.ByeKind{5: arbiter.ZeroBye, 6: arbiter.ZeroBye, 7: arbiter.ZeroBye, 8: arbiter.ZeroBye}},
	}
	en := locale.New(locale.English)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := WithActor(context.Background(), "tester")
			d := mustOpen(t)
			tr := mustTournament(t, ctx, d, 8)
			if tt.absent != arbiter.Zero {
				tr.AbsentValue = tt.absent
				if err := d.UpdateTournament(ctx, tr); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := d.SetPresenceRequired(ctx, tr.ID, tt.required); err != nil {
				t.Fatal(err)
			}
			for _, pn := range tt.here {
				if _, err := d.MarkPresence(WithOrigin(ctx, phone), tr.ID, pn, arbiter.Here, true); err != nil {
					t.Fatal(err)
				}
			}
			for _, pn := range tt.skip {
				if _, err := d.MarkPresence(WithOrigin(ctx, phone), tr.ID, pn, arbiter.Skip, true); err != nil {
					t.Fatal(err)
				}
			}
			out, err := d.Pair(ctx, PairRequest{DryRun: tt.dryRun})
			if err != nil {
				t.Fatal(err)
			}
			rd := out.Detail
			var paired []int
			byes := map[int]arbiter.ByeKind{}
			for _, b := range rd.Boards {
				paired = append(paired, b.White, b.Black)
			}
			for _, b := range rd.Byes {
				if b.Kind == arbiter.PAB {
					paired = append(paired, b.PN)
				} else {
					byes[b.PN] = b.Kind
				}
			}
			slices.Sort(paired)
			if !slices.Equal(paired, tt.paired) {
				t.Errorf("paired %v, want %v", paired, tt.paired)
			}
			if len(byes) != len(tt.byes) {
				t.Errorf("byes %v, want %v", byes, tt.byes)
			}
			for pn, k := range tt.byes {
				if byes[pn] != k {
					t.Errorf("player %d: bye %v, want %v", pn, byes[pn], k)
				}
			}
			for pn, want := range tt.notes {
				if got := en.Stored(rd.ByeNotes[pn]); !strings.Contains(got, want) {
					t.Errorf("player %d: explanation %q, want %q", pn, got, want)
				}
			}
			abs, err := d.CheckedAbsent(ctx, tr.ID, 1)
			if err != nil {
				t.Fatal(err)
			}
			wantAbs := 0
			if tt.required && !tt.dryRun {
				wantAbs = len(tt.byes) - len(tt.skip)
			}
			if len(abs) != wantAbs {
				t.Errorf("absent at check-in %v, want %d players", abs, wantAbs)
			}
		})
	}
}
