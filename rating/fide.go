package rating

import (
	"fmt"
	"math"
	"strings"
)

// Kind is the rating a game counts for: FIDE keeps a standard, a rapid
// and a blitz rating (FIDE Rating Regulations, 1.1).
type Kind int8

// Kinds of rating.
const (
	Standard Kind = iota
	Rapid
	Blitz
)

// String returns "standard", "rapid" or "blitz".
func (k Kind) String() string {
	switch k {
	case Rapid:
		return "rapid"
	case Blitz:
		return "blitz"
	}
	return "standard"
}

// pdUpper lists, for PD = .50, .51, ..., .99 of the higher rated player,
// the largest rating difference D that gives it: the table of article
// 8.1.2 of the FIDE Rating Regulations. A difference above 735 gives 1.00.
var pdUpper = [50]int{
	3, 10, 17, 25, 32, 39, 46, 53, 61, 68, // .50-.59
	76, 83, 91, 98, 106, 113, 121, 129, 137, 145, // .60-.69
	153, 162, 170, 179, 188, 197, 206, 215, 225, 235, // .70-.79
	245, 256, 267, 278, 290, 302, 315, 328, 344, 357, // .80-.89
	374, 391, 411, 432, 456, 484, 517, 559, 619, 735, // .90-.99
}

// Cap is the largest rating difference counted for a player rated below
// CapBelow (FIDE Rating Regulations 8.3.1, the 400-point rule).
const (
	Cap      = 400
	CapBelow = 2650
)

// ExpectedHundredths returns PD, in hundredths, of a player whose rating
// is d points above the opponent's (d < 0: below), read from the table of
// article 8.1.2 without any cap.
func ExpectedHundredths(d int) int {
	a := d
	if a < 0 {
		a = -a
	}
	h := 100
	for i, up := range pdUpper {
		if a <= up {
			h = 50 + i
			break
		}
	}
	if d < 0 {
		return 100 - h
	}
	return h
}

// Difference returns the rating difference D that counts for a player
// rated r against an opponent rated o: r-o, limited to ±400 for a player
// rated below 2650 (8.3.1 as amended from 1 October 2025).
func Difference(r, o int) int {
	d := r - o
	if r < CapBelow {
		d = max(-Cap, min(Cap, d))
	}
	return d
}

// Expected returns the expected score PD of a player rated r against an
// opponent rated o (8.3.1, 8.3.2 a).
func Expected(r, o int) float64 { return float64(ExpectedHundredths(Difference(r, o))) / 100 }

// Game is one game of a player, as the rating change sees it.
type Game struct {
	Round    int     // the round, for the report; 0 if unknown
	Opponent int     // the opponent's rating, 0 if unrated
	Score    float64 // 1, 0.5 or 0
	Played   bool    // played over the board; false for a forfeit or a bye
}

// Line is one game in the account of a change.
type Line struct {
	Round    int
	Opponent int     // the opponent's rating
	D        int     // the difference counted (8.3.1)
	PD       float64 // the expected score (8.1.2)
	Score    float64
	Change   float64 // K × (score − PD)
}

// Change is a player's FIDE rating change over an event.
type Change struct {
	Rating   int     // the player's rating before the event
	K        int     // the development coefficient used (8.3.3)
	Games    int     // games rated: played against rated opponents
	Score    float64 // points in those games
	Expected float64 // sum of PD over those games
	Value    float64 // K × (Score − Expected), unrounded (8.3.2 d)
	Lines    []Line
}

// Rounded returns the change rounded to the nearest whole number, 0.5
// away from zero (8.3.4).
func (c Change) Rounded() int { return int(math.Round(c.Value)) }

// Average returns Rc, the average rating of the rated opponents the
// change counts, rounded to the nearest whole number (0.5 up); 0 when
// there are none.
func (c Change) Average() int {
	if len(c.Lines) == 0 {
		return 0
	}
	sum := 0
	for _, l := range c.Lines {
		sum += l.Opponent
	}
	n := len(c.Lines)
	return (2*sum + n) / (2 * n)
}

// String writes the change with one decimal and a sign, "+5.6", "-12.0",
// "0.0".
func (c Change) String() string {
	s := fmt.Sprintf("%+.1f", c.Value)
	if strings.TrimLeft(s, "+-") == "0.0" {
		return "0.0"
	}
	return s
}

// FIDE returns the rating change of a player rated r with development
// coefficient k over games (8.3). A player rated 0 is unrated: the
// change is zero, as the regulations rate a newcomer by another method
// (8.2), and Games counts the games that would count for it. Games not
// played and games against unrated opponents are left out. K is lowered
// to the largest whole number for which K × games does not exceed 700
// (8.3.3).
func FIDE(r, k int, games []Game) Change {
	c := Change{Rating: r, K: k}
	var sum int // hundredths of score − PD
	for _, g := range games {
		if !g.Played || g.Opponent <= 0 {
			continue
		}
		c.Games++
		c.Score += g.Score
		d := Difference(r, g.Opponent)
		pd := ExpectedHundredths(d)
		c.Expected += float64(pd) / 100
		delta := int(math.Round(g.Score*100)) - pd
		sum += delta
		c.Lines = append(c.Lines, Line{Round: g.Round, Opponent: g.Opponent, D: d, PD: float64(pd) / 100, Score: g.Score})
	}
	if c.Games > 0 && c.K*c.Games > 700 {
		c.K = 700 / c.Games
	}
	if r <= 0 {
		c.K = 0
		return c
	}
	for i := range c.Lines {
		l := &c.Lines[i]
		l.Change = float64(c.K*(int(math.Round(l.Score*100))-int(math.Round(l.PD*100)))) / 100
	}
	c.Value = float64(c.K*sum) / 100
	c.Expected = float64(int(math.Round(c.Expected*100))) / 100
	return c
}

// Player is what KFactor needs to know of a player.
type Player struct {
	Rating    int // the rating of the kind, before the event
	BirthYear int // 0 if unknown
	// Games is the number of games rated so far; -1 if unknown, which
	// counts as an established player (30 games or more).
	Games int
	// Reached2400 says the player's published standard rating has ever
	// reached 2400; when not known, a rating of 2400 or more says so.
	Reached2400 bool
}

// KFactor returns the development coefficient of article 8.3.3 for a
// player of p in an event of kind held in year (0 if unknown): 20 for
// every rapid and blitz rating; for the standard rating, 40 for a player
// new to the list until 30 games and for a player until the end of the
// year of their 18th birthday while rated under 2300, 10 once the
// published rating has reached 2400, else 20.
func KFactor(p Player, kind Kind, year int) int {
	if kind != Standard {
		return 20
	}
	if p.Games >= 0 && p.Games < 30 {
		return 40
	}
	if p.BirthYear > 0 && year > 0 && year-p.BirthYear <= 18 && p.Rating < 2300 {
		return 40
	}
	if p.Reached2400 || p.Rating >= 2400 {
		return 10
	}
	return 20
}
