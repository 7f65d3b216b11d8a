package games

import (
	"fmt"
	"slices"
	"strings"

	"github.com/labyrinth-chess/arbiter"
)

// Seat is a board of a paired round: where it is and who plays it.
type Seat struct {
	Round, Board int
	White, Black string // the players' names as the tournament has them
}

// String writes "round 3 board 2 (Rossi, Mario - Neri, Paolo)".
func (s Seat) String() string {
	return fmt.Sprintf("round %d board %d (%s - %s)", s.Round, s.Board, s.White, s.Black)
}

// Tags are what a game says about where it was played: the values of its
// Round, White and Black tags.
type Tags struct {
	Round, White, Black string
}

// known reports whether a name tag names someone: not empty, "?" or "-".
func known(name string) bool {
	switch strings.TrimSpace(name) {
	case "", "?", "-":
		return false
	}
	return true
}

// fits reports whether a name tag fits a player: an unknown name fits
// anyone.
func fits(tag, name string) bool { return !known(tag) || arbiter.SameName(tag, name) }

// Swapped reports whether the tags name the board's players with the
// colours turned round: White is the board's Black and Black its White.
func (t Tags) Swapped(s Seat) bool {
	return known(t.White) && known(t.Black) &&
		arbiter.SameName(t.White, s.Black) && arbiter.SameName(t.Black, s.White) &&
		!(arbiter.SameName(t.White, s.White) && arbiter.SameName(t.Black, s.Black))
}

// SwapError is the error for a game whose colours are the board's turned
// round.
type SwapError struct {
	Seat Seat
	Tags Tags
}

func (e *SwapError) Error() string {
	return fmt.Sprintf("the colours are swapped: the game has White %q and Black %q, but on %s %s has White and %s Black",
		e.Tags.White, e.Tags.Black, e.Seat.place(), e.Seat.White, e.Seat.Black)
}

func (s Seat) place() string { return fmt.Sprintf("board %d of round %d", s.Board, s.Round) }

// Compare checks the tags of a game against the board it is entered for.
// Colours turned round are an error (*SwapError); other contradictions (a
// name that is not the player's, a Round tag naming another round or
// board, a Round tag that cannot be read) come back as notes, one
// sentence each.
func Compare(s Seat, t Tags) (notes []string, err error) {
	if t.Swapped(s) {
		return nil, &SwapError{s, t}
	}
	if !fits(t.White, s.White) {
		notes = append(notes, fmt.Sprintf("the White tag says %q but White on %s is %s", t.White, s.place(), s.White))
	}
	if !fits(t.Black, s.Black) {
		notes = append(notes, fmt.Sprintf("the Black tag says %q but Black on %s is %s", t.Black, s.place(), s.Black))
	}
	r, b, rerr := ParseRound(t.Round)
	switch {
	case rerr != nil:
		notes = append(notes, strings.TrimPrefix(rerr.Error(), "games: "))
	case r != 0 && r != s.Round:
		notes = append(notes, fmt.Sprintf("the Round tag says %q but the game is entered for round %d", t.Round, s.Round))
	case b != 0 && b != s.Board:
		notes = append(notes, fmt.Sprintf("the Round tag says %q but the game is entered for board %d", t.Round, s.Board))
	}
	return notes, nil
}

// Index finds the boards of a tournament by their players' names.
type Index struct {
	paired  int // rounds 1 to paired are paired
	seats   []Seat
	byBoard map[[2]int]int   // round, board: index in seats
	byName  map[string][]int // nameKey of a player: seats where the player plays
}

// NewIndex returns an index of the boards of rounds 1 to paired.
func NewIndex(paired int, seats []Seat) *Index {
	ix := &Index{paired: paired, seats: seats, byBoard: make(map[[2]int]int, len(seats)), byName: make(map[string][]int, 2*len(seats))}
	for i, s := range seats {
		ix.byBoard[[2]int{s.Round, s.Board}] = i
		for _, n := range []string{s.White, s.Black} {
			k := nameKey(n)
			ix.byName[k] = append(ix.byName[k], i)
		}
	}
	return ix
}

// nameKey is the same for two names that arbiter.SameName finds equal
// (and for a few others): the folded words in sorted order. It narrows
// the search; SameName decides.
func nameKey(name string) string {
	w := strings.Fields(arbiter.FoldName(name))
	slices.Sort(w)
	return strings.Join(w, " ")
}

// Match is the board a game was found to belong to, or why none was.
type Match struct {
	Seat    Seat
	OK      bool
	Problem string // why the game matches no board, when OK is false
	Swapped bool   // the colours are the board's turned round (Problem says so)
}

// Find returns the board a game with tags t was played on. round, if not
// 0, is the round the games are known to belong to (a Round tag naming
// another round is then a contradiction). The board is found from the
// Round tag "R.B", whose players the names must fit, or else from the
// names: the one board of the round (of any round when none is known)
// where White and Black play with those colours.
func (ix *Index) Find(round int, t Tags) Match {
	tr, tb, err := ParseRound(t.Round)
	if err != nil {
		return Match{Problem: strings.TrimPrefix(err.Error(), "games: ")}
	}
	if round != 0 && tr != 0 && tr != round {
		return Match{Problem: fmt.Sprintf("the Round tag says %q, not round %d", t.Round, round)}
	}
	if round == 0 {
		round = tr
	}
	if tb != 0 {
		i, ok := ix.byBoard[[2]int{round, tb}]
		if !ok {
			return Match{Problem: ix.noBoard(round, tb)}
		}
		s := ix.seats[i]
		if t.Swapped(s) {
			return Match{Seat: s, Swapped: true, Problem: (&SwapError{s, t}).Error()}
		}
		if fits(t.White, s.White) && fits(t.Black, s.Black) {
			return Match{Seat: s, OK: true}
		}
		why := fmt.Sprintf("the Round tag says %q but the players of %s are %s - %s", t.Round, s.place(), s.White, s.Black)
		if m := ix.byNames(round, t); m.OK {
			why += fmt.Sprintf("; %s - %s play on board %d", t.White, t.Black, m.Seat.Board)
		}
		return Match{Problem: why}
	}
	if !known(t.White) && !known(t.Black) {
		return Match{Problem: "no player names and no board number: add White and Black tags, or a Round tag such as \"3.2\""}
	}
	return ix.byNames(round, t)
}

// noBoard says why round r has no board b.
func (ix *Index) noBoard(r, b int) string {
	switch {
	case r == 0:
		return fmt.Sprintf("board %d of an unknown round", b)
	case r > ix.paired && ix.paired == 0:
		return fmt.Sprintf("round %d is not paired yet: no round is", r)
	case r > ix.paired:
		return fmt.Sprintf("round %d is not paired yet: %s", r, pairedSoFar(ix.paired))
	}
	n := 0
	for _, s := range ix.seats {
		if s.Round == r {
			n++
		}
	}
	if n == 0 {
		return fmt.Sprintf("round %d has no boards, only byes", r)
	}
	return fmt.Sprintf("round %d has no board %d: its boards are 1 to %d", r, b, n)
}

// pairedSoFar says which rounds are paired: "only round 1 is", "rounds
// 1 to 3 are".
func pairedSoFar(n int) string {
	if n == 1 {
		return "only round 1 is"
	}
	return fmt.Sprintf("rounds 1 to %d are", n)
}

// byNames finds the board of round r (any round for 0) where the tags'
// White and Black play with those colours.
func (ix *Index) byNames(r int, t Tags) Match {
	if r != 0 {
		if _, ok := ix.byBoard[[2]int{r, 1}]; !ok {
			return Match{Problem: ix.noBoard(r, 1)}
		}
	}
	name := t.White
	if !known(name) {
		name = t.Black
	}
	var found, swapped []Seat
	for _, i := range ix.byName[nameKey(name)] {
		s := ix.seats[i]
		if r != 0 && s.Round != r {
			continue
		}
		switch {
		case fits(t.White, s.White) && fits(t.Black, s.Black):
			found = append(found, s)
		case t.Swapped(s):
			swapped = append(swapped, s)
		}
	}
	where := "any round"
	if r != 0 {
		where = fmt.Sprintf("round %d", r)
	}
	switch {
	case len(found) == 1:
		return Match{Seat: found[0], OK: true}
	case len(found) > 1:
		var rounds []string
		for _, s := range found {
			rounds = append(rounds, fmt.Sprintf("round %d board %d", s.Round, s.Board))
		}
		return Match{Problem: fmt.Sprintf("%s - %s fits %s: add a Round tag such as \"%s\", or give the round", name3(t.White), name3(t.Black), strings.Join(rounds, " and "), FormatRound(found[0].Round, found[0].Board))}
	case len(swapped) == 1:
		return Match{Seat: swapped[0], Swapped: true, Problem: (&SwapError{swapped[0], t}).Error()}
	}
	return Match{Problem: fmt.Sprintf("no board of %s has White %s and Black %s", where, name3(t.White), name3(t.Black))}
}

// name3 quotes a name tag, or writes "?" for an unknown one.
func name3(s string) string {
	if !known(s) {
		return "?"
	}
	return fmt.Sprintf("%q", s)
}
