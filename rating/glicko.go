package rating

import (
	"math"
	"sort"
)

// Glicko-2 constants (Glickman 2013): the scale factor between the
// Glicko and Glicko-2 scales, the starting rating, deviation and
// volatility of a newcomer, the system constant τ that limits how fast
// the volatility changes, and the tolerance of the volatility iteration.
const (
	glickoScale   = 173.7178
	NewRating     = 1500
	NewDeviation  = 350
	NewVolatility = 0.06
	Tau           = 0.5
	epsilon       = 0.000001
)

// Glicko is a player's club rating: the rating, its deviation and the
// volatility (Glickman 2013).
type Glicko struct {
	Rating     float64
	Deviation  float64
	Volatility float64
}

// New returns the club rating of a newcomer: 1500, deviation 350,
// volatility 0.06 (Glickman 2013, step 1).
func New() Glicko { return Glicko{NewRating, NewDeviation, NewVolatility} }

// Result is one game of a rating period against an opponent whose rating
// is taken as it was before the period.
type Result struct {
	Opponent Glicko
	Score    float64 // 1, 0.5 or 0
}

func g(phi float64) float64 { return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi)) }

func expect(mu, muj, phij float64) float64 { return 1 / (1 + math.Exp(-g(phij)*(mu-muj))) }

// Update returns the player's rating after a rating period with the given
// results (steps 2 to 8 of Glickman 2013). With no results only the
// deviation grows (step 6).
func (p Glicko) Update(results []Result) Glicko {
	mu := (p.Rating - NewRating) / glickoScale
	phi := p.Deviation / glickoScale
	sigma := p.Volatility
	if len(results) == 0 {
		phiStar := math.Sqrt(phi*phi + sigma*sigma)
		return Glicko{p.Rating, math.Min(phiStar*glickoScale, NewDeviation), sigma}
	}
	var vInv, sum float64
	for _, r := range results {
		muj := (r.Opponent.Rating - NewRating) / glickoScale
		phij := r.Opponent.Deviation / glickoScale
		e := expect(mu, muj, phij)
		gj := g(phij)
		vInv += gj * gj * e * (1 - e)
		sum += gj * (r.Score - e)
	}
	v := 1 / vInv
	delta := v * sum
	// Step 5: the new volatility, by the Illinois algorithm.
	a := math.Log(sigma * sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		return ex*(delta*delta-phi*phi-v-ex)/(2*math.Pow(phi*phi+v+ex, 2)) - (x-a)/(Tau*Tau)
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*Tau) < 0 {
			k++
		}
		B = a - k*Tau
	}
	fA, fB := f(A), f(B)
	for i := 0; math.Abs(B-A) > epsilon && i < 100; i++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	sigma2 := math.Exp(A / 2)
	phiStar := math.Sqrt(phi*phi + sigma2*sigma2)
	phi2 := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	mu2 := mu + phi2*phi2*sum
	return Glicko{mu2*glickoScale + NewRating, phi2 * glickoScale, sigma2}
}

// Evening is one rating period of the club: the games its players played
// over the board. Players are known by their roster IDs.
type Evening struct {
	Games []ClubGame
}

// ClubGame is one game of an evening between two roster players.
type ClubGame struct {
	White, Black int64
	Score        float64 // White's score: 1, 0.5 or 0
}

// ClubPlayer is a player's club rating after the evenings, with how many
// games and evenings it rests on.
type ClubPlayer struct {
	ID       int64
	Glicko   Glicko
	Games    int
	Evenings int
}

// Club runs the evenings in order, each a rating period, and returns the
// club rating of every player who played at least one game, by rating
// (highest first), then ID. start gives the rating a player starts from
// at their first evening; nil, or a result of ok false, starts them as
// newcomers (New).
func Club(evenings []Evening, start func(id int64) (Glicko, bool)) []ClubPlayer {
	state := map[int64]*ClubPlayer{}
	for _, ev := range evenings {
		results := map[int64][]Result{}
		for _, gm := range ev.Games {
			for _, id := range []int64{gm.White, gm.Black} {
				if _, ok := state[id]; !ok {
					p := &ClubPlayer{ID: id, Glicko: New()}
					if start != nil {
						if s, ok := start(id); ok {
							p.Glicko = s
						}
					}
					state[id] = p
				}
			}
		}
		for _, gm := range ev.Games {
			w, b := state[gm.White], state[gm.Black]
			results[gm.White] = append(results[gm.White], Result{Opponent: b.Glicko, Score: gm.Score})
			results[gm.Black] = append(results[gm.Black], Result{Opponent: w.Glicko, Score: 1 - gm.Score})
		}
		next := map[int64]Glicko{}
		for id, p := range state {
			next[id] = p.Glicko.Update(results[id])
		}
		for id, p := range state {
			p.Glicko = next[id]
			if n := len(results[id]); n > 0 {
				p.Games += n
				p.Evenings++
			}
		}
	}
	out := make([]ClubPlayer, 0, len(state))
	for _, p := range state {
		out = append(out, *p)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Glicko.Rating != out[j].Glicko.Rating {
			return out[i].Glicko.Rating > out[j].Glicko.Rating
		}
		return out[i].ID < out[j].ID
	})
	return out
}

// Rounded returns the rating rounded to a whole number, as the club
// seeds by it.
func (p Glicko) Rounded() int { return int(math.Round(p.Rating)) }
