package pairing

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"sort"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/trf"
)

// GenerateOptions describes a random tournament for Generate.
type GenerateOptions struct {
	Players int
	Rounds  int
	Seed    uint64
	// Draws is the share of games played over the board that are drawn;
	// the others are won by White or Black as the Elo expectation of the
	// ratings says.
	Draws float64
	// Forfeits is the chance a scheduled game is forfeited: by White, by
	// Black or by both, each a third of the time.
	Forfeits float64
	// Byes is the chance a player asks for a bye in a round before the
	// last: a half-point bye two times in three, else a zero-point bye.
	Byes float64
	// Edition is the Dutch text the rounds are paired by (2025 or 2017).
	Edition int
	// Baku applies the Baku acceleration (C.04.7): the file carries the
	// virtual points (Accelerations) and the pairing uses them.
	Baku bool
}

// ErrGenerate is wrapped by Generate's errors about the options.
var ErrGenerate = errors.New("cannot generate")

// Generate plays a random tournament: ratings from 2700 down, drawn from
// the seed, each round paired by this package's Dutch system (C.04.3) from
// the rounds before it, with rating-driven random results. The same
// options give the same file. If a round cannot be paired (too few players
// for the rounds asked), the tournament stops before it and the file says
// so in its round count. Points are filled in; ranks are left to the
// caller (they depend on the tie-break rules).
func Generate(o GenerateOptions) (*trf.File, error) {
	if err := o.check(99, ""); err != nil {
		return nil, err
	}
	rng, f := randomField(o, o.Rounds)
	if o.Baku {
		f.Accelerations = map[int][]trf.Points{}
		for i, a := range Baku(o.Players, o.Rounds, int(f.Points.Win())) {
			for _, v := range a {
				f.Accelerations[i+1] = append(f.Accelerations[i+1], trf.Points(v))
			}
		}
	}
	for r := 1; r <= o.Rounds; r++ {
		for i := range f.Players {
			p := &f.Players[i]
			if r < o.Rounds && rng.Float64() < o.Byes {
				k := trf.HalfBye
				if rng.IntN(3) == 0 {
					k = trf.ZeroBye
				}
				p.Games = append(p.Games, trf.Game{Result: k})
			}
		}
		fillPoints(f)
		in, err := FromTRF(f, r)
		if err != nil {
			return nil, err
		}
		if o.Edition != 0 {
			in.Edition = o.Edition
		}
		res, err := Pair(in)
		if err != nil {
			for i := range f.Players {
				p := &f.Players[i]
				if len(p.Games) >= r {
					p.Games = p.Games[:r-1]
				}
			}
			f.Rounds = r - 1
			fillPoints(f)
			return f, nil
		}
		playBoards(rng, f, r, res, o.Forfeits, o.Draws)
		fillPoints(f)
	}
	return f, nil
}

// playBoards writes the results of round r of f, paired as res: each
// board forfeited with chance forfeits (by White, by Black or by both, a
// third of the time each), else played, drawn with chance draws and
// otherwise won as the Elo expectation of the two ratings says; the
// pairing-allocated bye scores as a PAB. A player without a game in an
// earlier round gets a blank there.
func playBoards(rng *rand.Rand, f *trf.File, r int, res Result, forfeits, draws float64) {
	set := func(id int, g trf.Game) {
		p := f.Player(id)
		for len(p.Games) < r-1 {
			p.Games = append(p.Games, trf.Game{Result: trf.Blank})
		}
		p.Games = append(p.Games[:r-1], g)
	}
	for _, b := range res.Boards {
		w, bl := f.Player(b.White), f.Player(b.Black)
		gw := trf.Game{Opponent: b.Black, Colour: arbiter.White}
		gb := trf.Game{Opponent: b.White, Colour: arbiter.Black}
		if rng.Float64() < forfeits {
			switch rng.IntN(3) {
			case 0:
				gw.Result, gb.Result = trf.ForfeitWin, trf.ForfeitLoss
			case 1:
				gw.Result, gb.Result = trf.ForfeitLoss, trf.ForfeitWin
			default:
				gw.Result, gb.Result = trf.ForfeitLoss, trf.ForfeitLoss
			}
		} else {
			exp := 1 / (1 + math.Pow(10, float64(bl.Rating-w.Rating)/400))
			switch x := rng.Float64(); {
			case x < draws:
				gw.Result, gb.Result = trf.Draw, trf.Draw
			case x < draws+(1-draws)*exp:
				gw.Result, gb.Result = trf.Win, trf.Loss
			default:
				gw.Result, gb.Result = trf.Loss, trf.Win
			}
		}
		set(b.White, gw)
		set(b.Black, gb)
	}
	if res.Bye != 0 {
		set(res.Bye, trf.Game{Result: trf.PAB})
	}
}

// fillPoints sets every player's points to the sum of his results.
func fillPoints(f *trf.File) {
	for i := range f.Players {
		p := &f.Players[i]
		var s trf.Points
		for _, g := range p.Games {
			s += f.Points.Of(g)
		}
		p.Points = s
	}
}

// check refuses options Generate cannot play: players from 2 to 9999,
// rounds from 1 to maxRounds (why says why the limit, "" for none), shares
// between 0 and 1.
func (o GenerateOptions) check(maxRounds int, why string) error {
	switch {
	case o.Players < 2 || o.Players > 9999:
		return fmt.Errorf("%w: %d players: give 2 to 9999", ErrGenerate, o.Players)
	case o.Rounds < 1 || o.Rounds > maxRounds:
		return fmt.Errorf("%w: %d rounds: %sgive 1 to %d", ErrGenerate, o.Rounds, why, maxRounds)
	case o.Draws < 0 || o.Draws > 1 || o.Forfeits < 0 || o.Forfeits > 1 || o.Byes < 0 || o.Byes > 1:
		return fmt.Errorf("%w: the shares of draws, forfeits and byes are between 0 and 1", ErrGenerate)
	}
	return nil
}

// randomField draws the initial colour and the players' ratings (from
// 2700 down) of a random tournament of columns round columns.
func randomField(o GenerateOptions, columns int) (*rand.Rand, *trf.File) {
	rng := rand.New(rand.NewPCG(o.Seed, o.Seed^0x9e3779b97f4a7c15))
	f := &trf.File{Rounds: columns, Points: trf.DefaultPoints}
	f.InitialColour = arbiter.White
	if rng.IntN(2) == 0 {
		f.InitialColour = arbiter.Black
	}
	ratings := make([]int, o.Players)
	for i := range ratings {
		ratings[i] = 1400 + rng.IntN(1300)
	}
	sort.Sort(sort.Reverse(sort.IntSlice(ratings)))
	for i := range o.Players {
		f.Players = append(f.Players, trf.Player{ID: i + 1, Sex: "m", Name: fmt.Sprintf("Player, %04d", i+1), Rating: ratings[i]})
	}
	return rng, f
}
