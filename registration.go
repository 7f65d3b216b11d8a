package arbiter

import (
	"fmt"
	"strconv"
	"strings"
)

// FieldFit says how the rounds planned fit the players of round 1. Field
// names are stable: add, never rename.
type FieldFit struct {
	Players    int  `json:"players"`                             // players who can play round 1
	Planned    int  `json:"rounds_planned"`                      // rounds planned
	Swiss      int  `json:"swiss_rounds"`                        // rounds a Swiss always pairs without a rematch
	RoundRobin int  `json:"round_robin_rounds"`                  // rounds of a single all-play-all
	Double     int  `json:"double_round_robin_rounds,omitempty"` // of a double one, where one is offered
	Fits       bool `json:"fits"`                                // the rounds planned can always be paired
}

// ClosingKind is how registration closes.
type ClosingKind int8

// The ways registration closes. Stored nowhere: a front end sends them
// back as Closing.String writes them.
const (
	// CloseAsPlanned: the tournament's own system; a Swiss keeps the
	// rounds planned, or fewer if they cannot always be paired, a round
	// robin takes the rounds of its Berger table.
	CloseAsPlanned ClosingKind = iota
	// CloseSwiss: a Swiss of Closing.Rounds rounds (0: the rounds
	// planned, or fewer if they cannot always be paired).
	CloseSwiss
	// CloseKeep: a Swiss of the rounds planned, even if they may not all
	// be paired.
	CloseKeep
	// CloseRoundRobin: an all-play-all from the Berger tables (C.05
	// Annex 1), played Closing.Cycles times (0 or 1: once; 2: twice).
	CloseRoundRobin
)

// Closing is the organizer's answer to the question registration asks
// when it closes: how many rounds, of which system, for the players
// entered. The zero value closes as planned.
type Closing struct {
	Kind   ClosingKind
	Rounds int // CloseSwiss: the rounds to play, 0 for the rounds that fit
	Cycles int // CloseRoundRobin: 2 to play it twice
}

// String writes c for a form or a log: "as-planned", "swiss", "swiss:4",
// "keep", "round-robin", "round-robin:2". ParseClosing reads it back.
func (c Closing) String() string {
	switch c.Kind {
	case CloseSwiss:
		if c.Rounds > 0 {
			return "swiss:" + strconv.Itoa(c.Rounds)
		}
		return "swiss"
	case CloseKeep:
		return "keep"
	case CloseRoundRobin:
		if c.Cycles == 2 {
			return "round-robin:2"
		}
		return "round-robin"
	}
	return "as-planned"
}

// ParseClosing reads a closing as String writes it.
func ParseClosing(text string) (Closing, error) {
	kind, arg, hasArg := strings.Cut(strings.TrimSpace(text), ":")
	n := 0
	if hasArg {
		var err error
		if n, err = strconv.Atoi(arg); err != nil || n < 1 {
			return Closing{}, fmt.Errorf("closing %q: %q is not a number", text, arg)
		}
	}
	switch {
	case kind == "as-planned" && !hasArg:
		return Closing{}, nil
	case kind == "swiss":
		return Closing{Kind: CloseSwiss, Rounds: n}, nil
	case kind == "keep" && !hasArg:
		return Closing{Kind: CloseKeep}, nil
	case kind == "round-robin" && (!hasArg || n <= 2):
		return Closing{Kind: CloseRoundRobin, Cycles: n}, nil
	}
	return Closing{}, fmt.Errorf("unknown closing %q: want as-planned, swiss[:N], keep or round-robin[:2]", text)
}

// FitError refuses to pair round 1 of a tournament that proposes its
// rounds (the labyrinth preset) when the rounds planned do not fit the
// field: the organizer chooses one of Choices, in the order the desk
// proposes them, and pairs again with it.
type FitError struct {
	Fit     FieldFit
	Choices []Closing
}

func (e *FitError) Error() string {
	return fmt.Sprintf("registration closes with round 1: %d rounds planned for %d players, a Swiss can always be paired for %d rounds without a rematch (FIDE C.04.1 art. 2, C.04.3 C1): choose the rounds",
		e.Fit.Planned, e.Fit.Players, e.Fit.Swiss)
}
