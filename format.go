package arbiter

import (
	"fmt"
	"strconv"
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

// Continuation is a Swiss continued as an all-play-all when a round
// cannot be paired (C.04.3 1.9: the chief arbiter decides): from round
// From on, the rounds are paired from the FIDE Berger tables (C.05 Annex
// 1) among Players, a new cycle in which games of the Swiss rounds are
// played again. The zero value is none.
type Continuation struct {
	From int // the first round paired from the Berger table; 0 for none
	// Players are the pairing numbers of the field in the order of
	// their Berger numbers: Players[0] has Berger number 1.
	Players []int
}

// On reports whether round n is paired from the Berger table.
func (c Continuation) On(n int) bool { return c.From > 0 && n >= c.From }

// String writes c as stored and logged: "5: 3, 1, 6, 2, 4, 5" (the first
// round, then the pairing numbers in Berger order), "" for none.
func (c Continuation) String() string {
	if c.From == 0 {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d:", c.From)
	for i, pn := range c.Players {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, " %d", pn)
	}
	return b.String()
}

// ParseContinuation reads a continuation as String writes it; "" is none.
func ParseContinuation(text string) (Continuation, error) {
	var c Continuation
	text = strings.TrimSpace(text)
	if text == "" {
		return c, nil
	}
	from, list, ok := strings.Cut(text, ":")
	if !ok {
		return c, fmt.Errorf("all-play-all continuation %q: want the first round, a colon and the pairing numbers", text)
	}
	var err error
	if c.From, err = strconv.Atoi(strings.TrimSpace(from)); err != nil || c.From < 2 {
		return Continuation{}, fmt.Errorf("all-play-all continuation %q: the first round must be a number from 2 on", text)
	}
	seen := map[int]bool{}
	for _, f := range strings.Split(list, ",") {
		pn, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || pn < 1 || seen[pn] {
			return Continuation{}, fmt.Errorf("all-play-all continuation %q: %q is not a new pairing number", text, strings.TrimSpace(f))
		}
		seen[pn] = true
		c.Players = append(c.Players, pn)
	}
	if len(c.Players) < 2 {
		return Continuation{}, fmt.Errorf("all-play-all continuation %q: an all-play-all needs 2 players or more", text)
	}
	return c, nil
}
