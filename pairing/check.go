package pairing

import (
	"errors"
	"fmt"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/phrase"
	"github.com/labyrinth-chess/arbiter/trf"
)

// Difference is a round whose recorded pairing is not the one the engine
// makes.
type Difference struct {
	Round    int
	Recorded Result // the pairing in the file (boards in file order)
	Ours     Result // the engine's pairing; empty when Err is set
	Err      error  // the engine found no legal pairing (a *NoPairingError)
	// Why says, for a Double-Swiss file, what in the recorded pairing
	// breaks C.04.5 and which article decides otherwise (a rematch,
	// C1; a second PAB, C2; the bye, 3.4; the brackets and pairs, 3.5
	// and 3.6; the colours, Article 4). Zero for a Dutch file and when
	// Err is set.
	Why phrase.Text
}

// CheckTRF re-pairs every played round of f from the rounds before it, with
// the players who were not paired in that round left out, and returns the
// rounds where the recorded pairing (pairs, colours or the PAB) differs
// from the engine's. A recorded game without a colour matches either
// colour. edition selects the rules (0 for 2025). A Double-Swiss file (192
// FIDE_DOUBLESWISS) is checked by the Double-Swiss system (C.04.5) instead,
// match by match: Difference.Round is then the match, and the boards carry
// the colours of game 1; edition does not apply.
func CheckTRF(f *trf.File, edition int) ([]Difference, error) {
	if f.DoubleSwiss() {
		return checkDoubleSwiss(f)
	}
	return checkTRF(f, edition, Pair)
}

// checkTRF is CheckTRF with the pairing made by pair.
func checkTRF(f *trf.File, edition int, pair func(Input) (Result, error)) ([]Difference, error) {
	var diffs []Difference
	for r := 1; r <= f.PlayedRounds(); r++ {
		in, err := FromTRF(f, r)
		if err != nil {
			return diffs, err
		}
		in.Edition = edition
		rec := recorded(f, r)
		ours, err := pair(in)
		if err != nil {
			var np *NoPairingError
			if !errors.As(err, &np) {
				return diffs, fmt.Errorf("round %d: %w", r, err)
			}
			diffs = append(diffs, Difference{Round: r, Recorded: rec, Err: err})
			continue
		}
		if !samePairing(f, r, ours) || rec.Bye != ours.Bye || len(rec.Boards) != len(ours.Boards) {
			diffs = append(diffs, Difference{Round: r, Recorded: rec, Ours: ours})
		}
	}
	return diffs, nil
}

// recorded returns the pairing of round r as the file records it.
func recorded(f *trf.File, r int) Result {
	var res Result
	for _, p := range f.Players {
		if r > len(p.Games) {
			continue
		}
		g := p.Games[r-1]
		switch {
		case g.Opponent == 0 && (g.Result == trf.PAB || g.Result == trf.ForfeitWin):
			res.Bye = p.ID
		case g.Opponent != 0 && g.Colour != arbiter.Black && (g.Colour == arbiter.White || p.ID < g.Opponent):
			res.Boards = append(res.Boards, Board{White: p.ID, Black: g.Opponent})
		}
	}
	return res
}

// samePairing reports whether every board of ours is recorded in round r
// of f with the same colours (a block without colour accepts both).
func samePairing(f *trf.File, r int, ours Result) bool {
	for _, b := range ours.Boards {
		p := f.Player(b.White)
		if p == nil || r > len(p.Games) {
			return false
		}
		g := p.Games[r-1]
		if g.Opponent != b.Black || g.Colour == arbiter.Black {
			return false
		}
	}
	return true
}
