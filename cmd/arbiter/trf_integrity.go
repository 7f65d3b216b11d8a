package main

import (
	"fmt"

	"github.com/labyrinth-chess/arbiter/desk"
)

// integrityComments words the pairing-integrity events of a tournament's
// log (desk.Audits) as TRF-26 "###" comment lines (without the ###),
// oldest first, for the rounds 1 to n the file holds. FIDE's checklist
// for endorsed programs asks for these audit lines in the report file.
func integrityComments(events []desk.Event, n int) []string {
	var out []string
	for _, a := range desk.Audits(events, n) {
		e := a.Event
		who := ""
		if e.Who != "" {
			who = " by " + e.Who
		}
		stamp := e.At.UTC().Format("2006-01-02 15:04") + who
		switch a.Kind {
		case desk.AuditKept:
			// The warning is stored as a phrase (or, before, in English):
			// the report file says it in English, as its other lines.
			out = append(out, fmt.Sprintf(" round %d paired despite a warning: %s (%s)", a.Round, inEnglish().Stored(e.New), stamp))
		case desk.AuditByHand:
			out = append(out, fmt.Sprintf(" round %d paired by hand (%s)", a.Round, stamp))
		case desk.AuditUnknown:
			out = append(out, fmt.Sprintf(" round %d paired with results not known: %s (%s)", a.Round, e.New, stamp))
		case desk.AuditWithdrawn:
			out = append(out, fmt.Sprintf(" round %d pairing withdrawn after publication: %s (%s)", a.Round, e.Old, stamp))
		case desk.AuditCorrected:
			out = append(out, fmt.Sprintf(" result corrected after round %d was paired: %s: %s -> %s (%s)", a.Later, e.Subject, e.Old, e.New, stamp))
		}
	}
	return out
}
