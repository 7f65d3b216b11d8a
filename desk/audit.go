package desk

// AuditKind is a kind of pairing-integrity event: what FIDE's checklist
// for endorsed pairing programs asks a tournament report (TRF-26 "###"
// lines) to show, besides the pairings and results.
type AuditKind int8

// The kinds of pairing-integrity events, in no order.
const (
	// AuditByHand: a round paired by hand.
	AuditByHand AuditKind = iota + 1
	// AuditKept: a round paired despite a warning of C.04.1 (Event.New
	// holds it, as a phrase: phrase.Parse, locale.Localizer.Stored).
	AuditKept
	// AuditUnknown: a round paired with results of the previous one not
	// known (Event.New holds the boards).
	AuditUnknown
	// AuditWithdrawn: a pairing withdrawn after it was made (Event.Old
	// holds it): the round was paired again.
	AuditWithdrawn
	// AuditCorrected: a result corrected after a later round (Later) was
	// paired, which that round's pairing did not see.
	AuditCorrected
)

// Audit is one pairing-integrity event of the log.
type Audit struct {
	Kind  AuditKind
	Round int   // the round it is about
	Later int   // AuditCorrected: the last round paired after it
	Event Event // the event of the log
}

// Audits returns the pairing-integrity events of a tournament's log
// (Events), oldest first, about rounds 1 to n: the rounds a report file
// holds.
func Audits(events []Event, n int) []Audit {
	var out []Audit
	paired := map[int]bool{} // rounds paired so far, in log order
	for _, e := range events {
		r := e.Round
		if r < 1 || r > n {
			continue
		}
		switch e.Action {
		case ActRoundPair:
			if e.Kept {
				out = append(out, Audit{Kind: AuditKept, Round: r, Event: e})
				continue
			}
			paired[r] = true
			if e.Method == "manual" {
				out = append(out, Audit{Kind: AuditByHand, Round: r, Event: e})
			}
		case ActRoundUnknown:
			out = append(out, Audit{Kind: AuditUnknown, Round: r, Event: e})
		case ActRoundUnpair:
			out = append(out, Audit{Kind: AuditWithdrawn, Round: r, Event: e})
			paired[r] = false
		case ActCorrect, ActMatch:
			if e.Action == ActMatch && e.Old == "" {
				continue // a match's result entered, not corrected
			}
			later := 0
			for k, on := range paired {
				if on && k > r && k > later {
					later = k
				}
			}
			if later > 0 {
				out = append(out, Audit{Kind: AuditCorrected, Round: r, Later: later, Event: e})
			}
		}
	}
	return out
}
