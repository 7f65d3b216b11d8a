package pairing

import (
	"fmt"
	"math/bits"

	"github.com/labyrinth-chess/arbiter"
)

// MaxLeastBroken is the largest number of players LeastBroken searches.
const MaxLeastBroken = 20

// Broken counts what a pairing from LeastBroken breaks.
type Broken struct {
	Rematches int // pairs who met before (C.04.3 C1, C.04.1 art. 2)
	PABs      int // a second pairing-allocated bye (C2, C.04.1 art. 3)
	Colours   int // pairs with the same absolute colour preference (C3)
}

// LeastBroken pairs a round that Pair refuses (C.04.3 1.9 leaves the
// decision to the chief arbiter): it returns the pairing that breaks the
// absolute criteria least, counting first rematches and repeated PABs,
// then colour-criterion breaks, then the score differences of the pairs,
// with colours by C.04.3 5.2. Only fields of up to MaxLeastBroken players
// to pair are searched (every subset of players is tried once); larger
// ones return an error.
func LeastBroken(in Input) (Result, Broken, error) {
	if in.Points == (Points{}) {
		in.Points = StandardPoints
	}
	if err := in.validate(); err != nil {
		return Result{}, Broken{}, err
	}
	r := prepare(&in)
	ps := r.players
	n := len(ps)
	if n > MaxLeastBroken {
		return Result{}, Broken{}, fmt.Errorf("pairing: %d players to pair: the search for the pairing that breaks least stops at %d", n, MaxLeastBroken)
	}
	if n == 0 {
		return Result{}, Broken{}, nil
	}
	const (
		heavy  = 1 << 40 // a rematch or a second PAB
		colour = 1 << 20 // a C3 break
	)
	cost := func(i, j int) int64 {
		a, b := ps[i], ps[j]
		var c int64
		if met(a, b) {
			c += heavy
		}
		if colourBarred(a, b) {
			c += colour
		}
		d := a.score - b.score
		if d < 0 {
			d = -d
		}
		return c + int64(d)
	}
	byeCost := func(i int) int64 {
		var c int64
		if !ps[i].eligible {
			c += heavy
		}
		// The lowest score, then the lowest rank, gets the bye (C.04.3
		// 1.2 orders players by score then rank; ps is in that order).
		return c + int64(n-i)
	}
	full := 1<<n - 1
	best := make([]int64, full+1)
	choice := make([][2]int8, full+1)
	for m := 1; m <= full; m++ {
		best[m] = -1
	}
	// best[m] pairs the players in m; with an odd m, one of them gets the
	// bye. The lowest player of m is paired first, so each pairing is
	// built once.
	var solve func(m int) int64
	solve = func(m int) int64 {
		if m == 0 || best[m] >= 0 {
			return best[m]
		}
		i := bits.TrailingZeros(uint(m))
		rest := m &^ (1 << i)
		v := int64(-1)
		if bits.OnesCount(uint(m))%2 == 1 {
			if c := byeCost(i) + solve(rest); v < 0 || c < v {
				v, choice[m] = c, [2]int8{int8(i), -1}
			}
		}
		for j := i + 1; j < n; j++ {
			if rest&(1<<j) == 0 {
				continue
			}
			sub := rest &^ (1 << j)
			if c := cost(i, j) + solve(sub); v < 0 || c < v {
				v, choice[m] = c, [2]int8{int8(i), int8(j)}
			}
		}
		best[m] = v
		return v
	}
	solve(full)
	var res Result
	var br Broken
	for m := full; m != 0; {
		ch := choice[m]
		i := int(ch[0])
		if ch[1] < 0 {
			res.Bye = ps[i].id
			if !ps[i].eligible {
				br.PABs++
			}
			m &^= 1 << i
			continue
		}
		j := int(ch[1])
		a, b := ps[i], ps[j]
		if met(a, b) {
			br.Rematches++
		}
		if colourBarred(a, b) {
			br.Colours++
		}
		w, bl := a, b
		if r.colour(a, b) == arbiter.Black {
			w, bl = b, a
		}
		// Boards in the order of their higher player (C.04.2 3.6): ps is
		// by score, then rank, and i is the pair's higher player.
		res.Boards = append(res.Boards, Board{White: w.id, Black: bl.id})
		m &^= 1<<i | 1<<j
	}
	return res, br, nil
}
