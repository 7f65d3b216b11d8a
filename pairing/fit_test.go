package pairing

import (
	"flag"
	"math/rand/v2"
	"testing"

	"github.com/labyrinth-chess/arbiter"
)

// worst plays every sequence of results (win, draw, loss on each board)
// for a Swiss of n players and rounds rounds, pairing each round with the
// Dutch system, and returns the first round that some sequence leaves
// unpairable (0 if every sequence pairs every round) and how many pairings
// it computed. limit bounds the pairings computed (0: no bound); when it
// is reached the search stops and reports what it found so far.
func worst(t testing.TB, n, rounds int, outcomes []Outcome, limit int) (fail, calls int) {
	t.Helper()
	players := make([]Player, n)
	for i := range players {
		players[i].ID = i + 1
	}
	var rec func(r int) bool
	rec = func(r int) bool {
		if limit > 0 && calls >= limit {
			return true
		}
		in := Input{Round: r, Rounds: rounds, InitialColour: arbiter.White, Players: players}
		calls++
		res, err := Pair(in)
		if err != nil {
			if fail == 0 || r < fail {
				fail = r
			}
			return true
		}
		if r == rounds {
			return false
		}
		saved := make([][]Game, n)
		for i := range players {
			saved[i] = players[i].Games
		}
		var try func(b int) bool
		try = func(b int) bool {
			if b == len(res.Boards) {
				return rec(r + 1)
			}
			bd := res.Boards[b]
			for _, o := range outcomes {
				w, bl := &players[bd.White-1], &players[bd.Black-1]
				ow, ob := o, Win-o
				w.Games = append(w.Games[:r-1:r-1], Game{Opponent: bd.Black, Colour: arbiter.White, Played: true, Paired: true, Result: ow, Points: int(ow)})
				bl.Games = append(bl.Games[:r-1:r-1], Game{Opponent: bd.White, Colour: arbiter.Black, Played: true, Paired: true, Result: ob, Points: int(ob)})
				if try(b + 1) {
					return true
				}
			}
			return false
		}
		if res.Bye != 0 {
			p := &players[res.Bye-1]
			p.Games = append(p.Games[:r-1:r-1], Game{Paired: true, Result: Win, Points: 2})
		}
		stop := try(0)
		for i := range players {
			players[i].Games = saved[i]
		}
		return stop
	}
	rec(1)
	return fail, calls
}

var fitExhaustive = flag.Bool("fit.exhaustive", false, "TestSwissRoundsExhaustive tries every result sequence for 7 and 8 players too (minutes)")

// TestSwissRoundsExhaustive plays every sequence of results (win, draw or
// loss on every board) through the Dutch engine: SwissRounds(n) rounds
// always pair, and for 2 to 8 players one round more does not always.
func TestSwissRoundsExhaustive(t *testing.T) {
	all := []Outcome{Win, Draw, Loss}
	for n := 2; n <= 8; n++ {
		fit := SwissRounds(n)
		if n <= 6 || *fitExhaustive {
			if fail, calls := worst(t, n, fit, all, 0); fail != 0 {
				t.Errorf("%d players, %d rounds: round %d cannot be paired for some results (%d pairings tried)", n, fit, fail, calls)
			}
		}
		if fail, _ := worst(t, n, fit+1, all, 0); fail == 0 {
			t.Errorf("%d players: %d rounds always pair, SwissRounds says %d", n, fit+1, fit)
		}
	}
}

// playRandom plays one Swiss of n players for rounds rounds with random
// results and returns the first round that cannot be paired, or 0.
func playRandom(rng *rand.Rand, n, rounds int) int {
	players := make([]Player, n)
	for i := range players {
		players[i].ID = i + 1
	}
	for r := 1; r <= rounds; r++ {
		res, err := Pair(Input{Round: r, Rounds: rounds, InitialColour: arbiter.White, Players: players})
		if err != nil {
			return r
		}
		for _, bd := range res.Boards {
			o := Outcome(rng.IntN(3))
			w, b := &players[bd.White-1], &players[bd.Black-1]
			w.Games = append(w.Games, Game{Opponent: bd.Black, Colour: arbiter.White, Played: true, Paired: true, Result: o, Points: int(o)})
			b.Games = append(b.Games, Game{Opponent: bd.White, Colour: arbiter.Black, Played: true, Paired: true, Result: Win - o, Points: int(Win - o)})
		}
		if res.Bye != 0 {
			p := &players[res.Bye-1]
			p.Games = append(p.Games, Game{Paired: true, Result: Win, Points: 2})
		}
	}
	return 0
}

// TestSwissRoundsAdversarial samples result sequences for fields too big
// to try them all: no sample may leave a round up to SwissRounds unpaired.
func TestSwissRoundsAdversarial(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 2026))
	for n := 7; n <= 12; n++ {
		for range 150 {
			if fail := playRandom(rng, n, SwissRounds(n)); fail != 0 {
				t.Fatalf("%d players, %d rounds: round %d could not be paired", n, SwissRounds(n), fail)
			}
		}
	}
}

func TestRoundRobinRounds(t *testing.T) {
	tests := []struct{ players, cycles, want int }{
		{1, 1, 0}, {3, 1, 3}, {4, 1, 3}, {4, 2, 6}, {5, 2, 10}, {6, 1, 5}, {16, 1, 15},
	}
	for _, tt := range tests {
		if got := RoundRobinRounds(tt.players, tt.cycles); got != tt.want {
			t.Errorf("RoundRobinRounds(%d, %d) = %d, want %d", tt.players, tt.cycles, got, tt.want)
		}
	}
}
