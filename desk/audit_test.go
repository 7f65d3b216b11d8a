package desk

import (
	"reflect"
	"testing"
)

// TestAudits: which events of the log are pairing-integrity events: a
// round paired by hand or despite a warning, with results not known, a
// pairing withdrawn, and a correction only once a later round is paired;
// nothing beyond the rounds asked for.
func TestAudits(t *testing.T) {
	pair := func(r int, method string) Event {
		return Event{Action: ActRoundPair, Round: r, Method: method}
	}
	correct := func(r int) Event { return Event{Action: ActCorrect, Round: r, Board: 1} }
	tests := []struct {
		name   string
		events []Event
		n      int
		want   []Audit
	}{
		{name: "a Dutch evening", events: []Event{pair(1, "dutch-2025"), pair(2, "dutch-2025")}, n: 2},
		{name: "by hand", events: []Event{pair(1, "manual")}, n: 1,
			want: []Audit{{Kind: AuditByHand, Round: 1, Event: pair(1, "manual")}}},
		{name: "kept despite a warning", events: []Event{{Action: ActRoundPair, Round: 1, Method: "manual", Kept: true}}, n: 1,
			want: []Audit{{Kind: AuditKept, Round: 1, Event: Event{Action: ActRoundPair, Round: 1, Method: "manual", Kept: true}}}},
		{name: "results not known", events: []Event{{Action: ActRoundUnknown, Round: 2}}, n: 2,
			want: []Audit{{Kind: AuditUnknown, Round: 2, Event: Event{Action: ActRoundUnknown, Round: 2}}}},
		{name: "corrected before the next round is paired", events: []Event{pair(1, "berger"), correct(1), pair(2, "berger")}, n: 2},
		{name: "corrected after", events: []Event{pair(1, "berger"), pair(2, "berger"), pair(3, "berger"), correct(1)}, n: 3,
			want: []Audit{{Kind: AuditCorrected, Round: 1, Later: 3, Event: correct(1)}}},
		{name: "corrected after a round since withdrawn", events: []Event{pair(1, "dutch-2025"), pair(2, "dutch-2025"),
			{Action: ActRoundUnpair, Round: 2}, correct(1)}, n: 2,
			want: []Audit{{Kind: AuditWithdrawn, Round: 2, Event: Event{Action: ActRoundUnpair, Round: 2}}}},
		{name: "beyond the rounds asked for", events: []Event{pair(1, "dutch-2025"), pair(2, "manual")}, n: 1},
		{name: "about no round", events: []Event{{Action: ActCorrect}}, n: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Audits(tt.events, tt.n); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Audits = %+v, want %+v", got, tt.want)
			}
		})
	}
}
