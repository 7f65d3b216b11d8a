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
	// DoubleSwiss is the Double-Swiss system (C.04.5, applied from 1
	// February 2026): every board of a round is a match of two games
	// with the colours reversed (Board.Result and Board.Second), scored
	// per game.
	DoubleSwiss
)

// String returns "swiss", "round-robin" or "double-swiss".
func (s System) String() string {
	switch s {
	case RoundRobin:
		return "round-robin"
	case DoubleSwiss:
		return "double-swiss"
	}
	return "swiss"
}

// ParseSystem reads "swiss" (also "dutch"), "round-robin" (also "rr",
// "all-play-all", "berger") or "double-swiss" (also "doubleswiss").
func ParseSystem(text string) (System, error) {
	switch strings.ToLower(strings.TrimSpace(text)) {
	case "swiss", "dutch":
		return Swiss, nil
	case "round-robin", "roundrobin", "rr", "all-play-all", "berger":
		return RoundRobin, nil
	case "double-swiss", "doubleswiss", "double swiss", "ds":
		return DoubleSwiss, nil
	}
	return Swiss, fmt.Errorf("unknown system %q: type swiss, round-robin or double-swiss", text)
}

// DoubleSwissValues sets the byes of a Double-Swiss tournament in game
// points, a round being a match of two games (C.04.5 Preface: byes apply
// to matches): the pairing-allocated bye is a game won and a game drawn
// (1½, C.04.5 1.4, as the pairing package reads it), a requested
// half-point bye half of a match (1), a full-point bye a match won (2,
// scoring.BuildMatches). Rounds missed by a late entry score nothing.
func (t *Tournament) DoubleSwissValues() {
	t.System = DoubleSwiss
	t.PABValue = One + Half
	t.HalfByeValue = One
	t.LateValue = Zero
}

// DoubleBlitz applies the preset of a club's double-blitz evening in the
// Double-Swiss system (C.04.5): 5 rounds, each a match of two games of 3
// minutes plus 2 seconds a move (blitz under the Laws' definitions), byes
// in game points (DoubleSwissValues), the default tie-break chain.
func (t *Tournament) DoubleBlitz() {
	t.DoubleSwissValues()
	t.Rounds = 5
	t.TimeControl = "3'+2\""
	t.TimeCode = "180+2"
	t.Pace = Blitz
	t.Tiebreaks = append([]string(nil), DefaultTiebreaks...)
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
