package pairing

import (
	"fmt"
	"math/rand/v2"
	"sort"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/trf"
)

// genOptions describes a random tournament.
type genOptions struct {
	Players, Rounds int
	Absent          float64 // chance a player misses a round (0000 - Z)
	HalfBye         float64 // chance of a requested half-point bye (H)
	FullBye         float64 // chance of a requested full-point bye (F)
	Forfeit         float64 // chance a scheduled game is forfeited
	Late            float64 // share of players who enter after round 1
	Withdraw        float64 // share of players who withdraw before the end
	Draw            float64 // share of played games drawn
	Forbidden       int     // XXP lines with two random players
	Points          *trf.PointSystem
}

// pairFunc pairs the round after the last one played in f.
type pairFunc func(f *trf.File) (Result, error)

// genTournament plays a random tournament, pairing each round with pair.
// It stops early, without error, if a round cannot be paired.
func genTournament(rng *rand.Rand, o genOptions, pair pairFunc) (*trf.File, error) {
	f := &trf.File{Rounds: o.Rounds, Points: trf.DefaultPoints}
	if o.Points != nil {
		f.Points, f.PointLines = *o.Points, true
	}
	f.Header.Name = fmt.Sprintf("Random %d players", o.Players)
	f.InitialColour = arbiter.White
	if rng.IntN(2) == 0 {
		f.InitialColour = arbiter.Black
	}
	ratings := make([]int, o.Players)
	for i := range ratings {
		ratings[i] = 1200 + rng.IntN(1400)
	}
	sort.Sort(sort.Reverse(sort.IntSlice(ratings)))
	joins := make([]int, o.Players) // first round played
	leaves := make([]int, o.Players)
	for i := range f.Players {
		_ = i
	}
	for i := 0; i < o.Players; i++ {
		f.Players = append(f.Players, trf.Player{ID: i + 1, Name: fmt.Sprintf("Player %04d", i+1), Rating: ratings[i]})
		joins[i] = 1
		if o.Rounds > 2 && rng.Float64() < o.Late {
			joins[i] = 2 + rng.IntN(o.Rounds/2)
		}
		leaves[i] = o.Rounds + 1
		if o.Rounds > 2 && rng.Float64() < o.Withdraw {
			leaves[i] = 2 + rng.IntN(o.Rounds-1)
		}
	}
	for i := 0; i < o.Forbidden && o.Players > 1; i++ {
		a := 1 + rng.IntN(o.Players)
		b := 1 + rng.IntN(o.Players)
		if a != b {
			f.Forbidden = append(f.Forbidden, []int{a, b})
		}
	}
	for r := 1; r <= o.Rounds; r++ {
		// Byes and absences for the round, written in its column.
		for i := range f.Players {
			p := &f.Players[i]
			for len(p.Games) < r-1 {
				p.Games = append(p.Games, trf.Game{Result: trf.Blank})
			}
			var g *trf.Game
			switch x := rng.Float64(); {
			case r < joins[i] || r >= leaves[i]:
				g = &trf.Game{Result: trf.ZeroBye}
			case x < o.Absent:
				g = &trf.Game{Result: trf.ZeroBye}
			case x < o.Absent+o.HalfBye && r < o.Rounds:
				g = &trf.Game{Result: trf.HalfBye}
			case x < o.Absent+o.HalfBye+o.FullBye && r < o.Rounds:
				g = &trf.Game{Result: trf.FullBye}
			}
			if g != nil {
				p.Games = append(p.Games, *g)
			}
		}
		fillPoints(f)
		res, err := pair(f)
		if err != nil {
			// Drop the unpaired round and stop.
			for i := range f.Players {
				p := &f.Players[i]
				if len(p.Games) >= r {
					p.Games = p.Games[:r-1]
				}
			}
			fillPoints(f)
			f.Rounds = r - 1
			return f, nil
		}
		playBoards(rng, f, r, res, o.Forfeit, o.Draw)
		fillPoints(f)
	}
	return f, nil
}

// quickPair pairs the next round of f by a simple Swiss rule, far faster
// than the Dutch system for big fields: players by score and rank, each
// with the first later player he has not met and may meet under C3, the
// last one left over getting the bye. It makes plausible histories for
// benchmarks.
func quickPair(f *trf.File) (Result, error) {
	in, err := FromTRF(f, 0)
	if err != nil {
		return Result{}, err
	}
	in.Points = Points{Win: 10, Draw: 5, Loss: 0, Unit: 10}
	r := prepare(&in)
	ps := r.players
	n := len(ps)
	size := n
	if n%2 == 1 {
		size++ // a dummy vertex: its mate gets the bye
	}
	adj := func(i, j int) bool {
		if i == n || j == n {
			return (i == n || ps[i].eligible) && (j == n || ps[j].eligible)
		}
		return canMeet(ps[i], ps[j])
	}
	mate := make([]int, size)
	for i := range mate {
		mate[i] = -1
	}
	for i := 0; i < n; i++ {
		for j := i + 1; j < size && mate[i] < 0; j++ {
			if mate[j] < 0 && adj(i, j) {
				mate[i], mate[j] = j, i
			}
		}
	}
	mate = cardMatch(size, adj, mate)
	var res Result
	for i := 0; i < n; i++ {
		j := mate[i]
		switch {
		case j < 0:
			return res, fmt.Errorf("quickPair: player %d left over", ps[i].id)
		case j == n:
			res.Bye = ps[i].id
		case i < j:
			p, q := ps[i], ps[j]
			if r.colour(p, q) == arbiter.White {
				res.Boards = append(res.Boards, Board{White: p.id, Black: q.id})
			} else {
				res.Boards = append(res.Boards, Board{White: q.id, Black: p.id})
			}
		}
	}
	return res, nil
}

// benchTRF returns a random tournament of n players whose rounds before
// round were paired by quickPair, with 9 rounds planned.
func benchTRF(n, round int) (*trf.File, error) {
	rng := rand.New(rand.NewPCG(uint64(n), uint64(round)))
	o := genOptions{Players: n, Rounds: round - 1, Draw: 0.3, Absent: 0.02, HalfBye: 0.01, Forfeit: 0.01}
	f, err := genTournament(rng, o, quickPair)
	if err != nil {
		return nil, err
	}
	if f.PlayedRounds() != round-1 {
		return nil, fmt.Errorf("only %d rounds could be played", f.PlayedRounds())
	}
	f.Rounds = 9
	for i := range f.Players {
		p := &f.Players[i]
		if len(p.Games) >= round {
			p.Games = p.Games[:round-1]
		}
	}
	fillPoints(f)
	return f, nil
}

// benchInput returns the input for pairing round of benchTRF(n, round).
func benchInput(n, round int) (Input, error) {
	f, err := benchTRF(n, round)
	if err != nil {
		return Input{}, err
	}
	return FromTRF(f, round)
}
