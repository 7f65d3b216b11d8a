package main

import (
	"fmt"
	"strings"

	"github.com/labyrinth-chess/arbiter/desk"
)

// integrityComments returns the pairing-integrity events of a tournament's
// log as TRF-26 "###" comment lines (without the ###), oldest first, for
// the rounds 1 to n the file holds: rounds paired by hand, pairings
// withdrawn after publication (and so changed), and results corrected
// after a later round was paired. FIDE's checklist for endorsed programs
// asks for these audit lines in the report file.
func integrityComments(events []desk.Event, n int) []string {
	var out []string
	paired := map[int]bool{} // rounds paired so far, in log order
	stamp := func(e desk.Event) string {
		who := ""
		if e.Who != "" {
			who = " by " + e.Who
		}
		return e.At.UTC().Format("2006-01-02 15:04") + who
	}
	for _, e := range events {
		r := subjectRound(e.Subject)
		if r < 1 || r > n {
			continue
		}
		switch e.Action {
		case desk.ActRoundPair:
			if strings.Contains(e.Subject, ": kept despite a warning") {
				out = append(out, fmt.Sprintf(" round %d paired despite a warning: %s (%s)", r, e.New, stamp(e)))
				continue
			}
			paired[r] = true
			if strings.Contains(e.Subject, "(manual)") {
				out = append(out, fmt.Sprintf(" round %d paired by hand (%s)", r, stamp(e)))
			}
		case desk.ActRoundUnknown:
			out = append(out, fmt.Sprintf(" round %d paired with results not known: %s (%s)", r, e.New, stamp(e)))
		case desk.ActRoundUnpair:
			out = append(out, fmt.Sprintf(" round %d pairing withdrawn after publication: %s (%s)", r, e.Old, stamp(e)))
			paired[r] = false
		case desk.ActCorrect, desk.ActMatch:
			if e.Action == desk.ActMatch && e.Old == "" {
				continue // a match's result entered, not corrected
			}
			later := 0
			for k := range paired {
				if k > r && paired[k] && k > later {
					later = k
				}
			}
			if later > 0 {
				out = append(out, fmt.Sprintf(" result corrected after round %d was paired: %s: %s -> %s (%s)", later, e.Subject, e.Old, e.New, stamp(e)))
			}
		}
	}
	return out
}

// subjectRound reads the round number a log subject starts with ("round 3 ..."),
// 0 if none.
func subjectRound(subject string) int {
	var r int
	if _, err := fmt.Sscanf(subject, "round %d", &r); err != nil {
		return 0
	}
	return r
}
