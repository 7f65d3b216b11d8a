package store

import "testing"

// TestEventDecode: the typed fields of an event, read from the subjects
// the store writes.
func TestEventDecode(t *testing.T) {
	tests := []struct {
		action, subject string
		round, board    int
		method          string
		kept            bool
	}{
		{action: ActRoundPair, subject: "round 3 (dutch-2025)", round: 3, method: "dutch-2025"},
		{action: ActRoundPair, subject: "round 2 (manual)", round: 2, method: "manual"},
		{action: ActRoundPair, subject: "round 2 (manual)" + keptSubject, round: 2, method: "manual", kept: true},
		{action: ActRoundEdit, subject: "round 4 (manual)", round: 4, method: "manual"},
		{action: ActRoundUnpair, subject: "round 2", round: 2},
		{action: ActRoundUnknown, subject: "round 5 paired with results not known", round: 5},
		{action: ActCorrect, subject: "round 1 board 12 (2 Bianchi, Anna - 4 Verdi, Ugo)", round: 1, board: 12},
		{action: ActAccept, subject: "round 1 board 2, report 7", round: 1, board: 2},
		{action: ActPlayerAdd, subject: "3 Rossi, Mario"},
		{action: ActTournamentSet, subject: "rounds"},
	}
	for _, tt := range tests {
		e := Event{Action: tt.action, Subject: tt.subject}
		e.decode()
		if e.Round != tt.round || e.Board != tt.board || e.Method != tt.method || e.Kept != tt.kept {
			t.Errorf("%s %q = round %d board %d method %q kept %v; want %d, %d, %q, %v",
				tt.action, tt.subject, e.Round, e.Board, e.Method, e.Kept, tt.round, tt.board, tt.method, tt.kept)
		}
	}
}
