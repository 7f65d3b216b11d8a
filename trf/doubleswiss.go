package trf

import (
	"errors"
	"strings"
)

// ErrDoubleSwiss is wrapped by File.Domain's error for an accelerated
// Double-Swiss file (192 FIDE_DOUBLESWISS_BAKU): arbiter does not apply
// an acceleration to the Double-Swiss system.
var ErrDoubleSwiss = errors.New("an accelerated Double-Swiss tournament (FIDE C.04.5 with C.04.7) cannot be imported: arbiter does not accelerate the Double-Swiss system")

// DoubleSwissSystem is the TRF-26 code of record 192 for the Double-Swiss
// system (FIDE C.04.5); FIDE_DOUBLESWISS_BAKU adds the Baku acceleration.
const DoubleSwissSystem = "FIDE_DOUBLESWISS"

// DoubleSwiss reports whether the file is a Double-Swiss tournament: its
// 192 line names FIDE_DOUBLESWISS (or FIDE_DOUBLESWISS_BAKU). In such a
// file each round of the tournament, a match of two games, takes two round
// columns, one per game (see the package comment).
func (f *File) DoubleSwiss() bool {
	return strings.HasPrefix(strings.ToUpper(strings.TrimSpace(f.Header.System)), DoubleSwissSystem)
}

// PlayedMatches returns the number of matches (rounds of a Double-Swiss
// tournament) that have a pairing in the file: the last match whose two
// columns hold an opponent or a pairing-allocated bye for some player.
// Columns after it that hold only byes (H, F, Z) are the match being
// paired.
func (f *File) PlayedMatches() int {
	n := 0
	for _, p := range f.Players {
		for r, g := range p.Games {
			if g.Opponent != 0 || g.Result == PAB || g.Result == ForfeitWin {
				n = max(n, r/2+1)
			}
		}
	}
	return n
}

// defaultPoints is the point system a file without point lines reads
// with: DefaultPoints, the PAB of a Double-Swiss file worth a game won and
// a game drawn (C.04.5 1.4).
func (f *File) defaultPoints() PointSystem {
	ps := DefaultPoints
	if f.DoubleSwiss() {
		ps.PAB = ps.Win() + ps.Draw()
	}
	return ps
}
