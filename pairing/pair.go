package pairing

import (
	"fmt"
	"sort"

	"github.com/labyrinth-chess/arbiter"
)

// Pair pairs round in.Round under the FIDE Dutch system (C.04.3) and the
// general handling rules (C.04.2): it returns the boards in board order with
// colours, and the player who gets the pairing-allocated bye. The result
// depends only on the input. When no pairing satisfies the absolute
// criteria, the error is a *NoPairingError naming the criterion.
func Pair(in Input) (Result, error) {
	return pair(&in, false)
}

// PairExplained is Pair with an explanation for every board.
func PairExplained(in Input) (Result, error) {
	return pair(&in, true)
}

func pair(in *Input, explain bool) (Result, error) {
	return pairWith(in, explain, nil)
}

// pairWith is pair with a hook that may set the round's test switches.
func pairWith(in *Input, explain bool, tweak func(*round)) (Result, error) {
	if in.Points == (Points{}) {
		in.Points = StandardPoints
	}
	if err := in.validate(); err != nil {
		return Result{}, err
	}
	r := prepare(in)
	if tweak != nil {
		tweak(r)
	}
	var tr *trace
	if explain {
		tr = &trace{unit: in.Points.Unit}
	}
	var pairs [][2]int
	var bye int
	var err error
	if r.edition == 2017 {
		pairs, bye, err = pairRound2017(r, tr)
	} else {
		pairs, bye, err = pairRound(r, tr)
	}
	if err != nil {
		return Result{}, err
	}
	// The absolute criteria are checked once more on the result, so that a
	// fault anywhere above can never publish an illegal pairing (an
	// endorsed engine was once seen giving a second PAB).
	for _, pr := range pairs {
		if a, b := r.players[pr[0]], r.players[pr[1]]; !canMeet(a, b) {
			return Result{}, fmt.Errorf("pairing: internal error: %d-%d breaks C1 or C3", a.id, b.id)
		}
	}
	if bye >= 0 && !r.players[bye].eligible {
		return Result{}, fmt.Errorf("pairing: internal error: the PAB to %d breaks C2", r.players[bye].id)
	}
	res := Result{}
	type board struct {
		white, black *player
		hi, lo       *player
	}
	boards := make([]board, 0, len(pairs))
	for _, pr := range pairs {
		a, b := r.players[pr[0]], r.players[pr[1]]
		if b.id < a.id {
			a, b = b, a
		}
		c := r.colour(a, b)
		bd := board{white: a, black: b}
		if c == arbiter.Black {
			bd.white, bd.black = b, a
		}
		bd.hi, bd.lo = bd.white, bd.black
		if higher(bd.black, bd.white) {
			bd.hi, bd.lo = bd.black, bd.white
		}
		boards = append(boards, bd)
	}
	// Board order (C.04.2 3.6): the higher player's score, then the lower
	// player's score, then the higher player's rank.
	sort.SliceStable(boards, func(i, j int) bool {
		x, y := boards[i], boards[j]
		if x.hi.score != y.hi.score {
			return x.hi.score > y.hi.score
		}
		if x.lo.score != y.lo.score {
			return x.lo.score > y.lo.score
		}
		return x.hi.rank < y.hi.rank
	})
	for _, bd := range boards {
		res.Boards = append(res.Boards, Board{White: bd.white.id, Black: bd.black.id})
	}
	if bye >= 0 {
		res.Bye = r.players[bye].id
	}
	if tr != nil {
		res.Explanations = tr.explanations(r, res)
	}
	return res, nil
}

// higher reports whether a comes before b in the pairing order (1.2).
func higher(a, b *player) bool {
	if a.score != b.score {
		return a.score > b.score
	}
	return a.rank < b.rank
}

// colour returns the colour of p against q (C.04.3 5.2).
func (r *round) colour(p, q *player) arbiter.Colour {
	if c := neutralColour(p, q); c != arbiter.NoColour {
		return c
	}
	pLower := higher(q, p)
	init := r.in.InitialColour
	if p.pref == arbiter.NoColour {
		// 5.2.5: the higher-ranked player gets the initial colour if his
		// rank is odd (effective pairing numbers count from 1).
		if pLower {
			if q.rank%2 == 1 {
				return init
			}
			return init.Opposite()
		}
		if p.rank%2 == 1 {
			return init.Opposite()
		}
		return init
	}
	// 5.2.4: the higher-ranked player's preference.
	if pLower {
		return q.pref.Opposite()
	}
	return p.pref
}

// neutralColour applies 5.2.1-5.2.3 and returns p's colour, or NoColour
// when they do not decide.
func neutralColour(p, q *player) arbiter.Colour {
	if p.pref != q.pref || p.pref == arbiter.NoColour || q.pref == arbiter.NoColour {
		// 5.2.1: both preferences can be granted.
		if p.pref != arbiter.NoColour {
			return p.pref
		}
		if q.pref != arbiter.NoColour {
			return q.pref.Opposite()
		}
		return arbiter.NoColour
	}
	// 5.2.2: the stronger preference.
	switch {
	case p.absolute && (p.imbalance > q.imbalance || !q.absolute):
		return p.pref
	case q.absolute && (q.imbalance > p.imbalance || !p.absolute):
		return q.pref.Opposite()
	case p.strong && !q.strong:
		return p.pref
	case q.strong && !p.strong:
		return q.pref.Opposite()
	}
	// 5.2.3: alternate from the latest played game in which they differed.
	i, j := len(p.colours)-1, len(q.colours)-1
	for i >= 0 && j >= 0 && p.colours[i] == q.colours[j] {
		i--
		j--
	}
	if i >= 0 && j >= 0 {
		return q.colours[j]
	}
	return arbiter.NoColour
}
