package arbiter

import (
	"fmt"
	"strings"
)

// System is how a tournament is paired. Stored in the database by name.
type System int8

// Systems.
const (
	Swiss      System = iota // FIDE Dutch system (C.04.3), round by round
	RoundRobin               // all-play-all from the Berger tables (C.05 Annex 1)
)

// String returns "swiss" or "round-robin".
func (s System) String() string {
	if s == RoundRobin {
		return "round-robin"
	}
	return "swiss"
}

// ParseSystem reads "swiss" or "round-robin" (also "rr", "all-play-all",
// "berger").
func ParseSystem(text string) (System, error) {
	switch strings.ToLower(strings.TrimSpace(text)) {
	case "swiss", "dutch":
		return Swiss, nil
	case "round-robin", "roundrobin", "rr", "all-play-all", "berger":
		return RoundRobin, nil
	}
	return Swiss, fmt.Errorf("unknown system %q: type swiss or round-robin", text)
}

// RoundRobinTiebreaks is the chain arbiter proposes for an all-play-all:
// Sonneborn-Berger, direct encounter, number of wins, Koya (C.07 lists
// them for round-robin tournaments; Buchholz means nothing when everyone
// meets everyone).
var RoundRobinTiebreaks = []string{"SB", "DE", "WIN", "KS"}
