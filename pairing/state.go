package pairing

import (
	"sort"

	"github.com/labyrinth-chess/arbiter"
)

// floatDir is a player's float in a past round (C.04.3 1.4).
type floatDir int8

const (
	floatNone floatDir = iota
	floatDown
	floatUp
)

// player is a player to pair this round, with everything the criteria
// read precomputed.
type player struct {
	id       int   // pairing number
	rank     int   // effective pairing number: position among the ranked players, from 0
	score    int   // points before this round
	played   int   // games played over the board
	opps     []int // pairing numbers this player may not meet (played opponents, forbidden pairs)
	eligible bool  // may receive the PAB (C2)

	pref       arbiter.Colour // colour preference (1.7), NoColour if none
	imbalance  int            // |whites - blacks| over played games
	repeated   arbiter.Colour // colour of the last two played games if equal, else NoColour
	strong     bool           // strong preference
	absolute   bool           // absolute preference
	topscorer  bool           // final round and more than half the maximum score (1.8)
	float1     floatDir       // float in the previous round
	float2     floatDir       // float two rounds before
	colours    []arbiter.Colour
	scoreAfter []int // score after each round r (scoreAfter[r-1])
	games      []Game
}

// absImbalance reports |CD| > 1.
func (p *player) absImbalance() bool { return p.imbalance > 1 }

// canMeet reports whether p and q may be paired under C1 and C3.
func canMeet(p, q *player) bool {
	return !met(p, q) && !colourBarred(p, q)
}

// met reports whether q is among p's past opponents or forbidden
// partners (C1).
func met(p, q *player) bool {
	for _, o := range p.opps {
		if o == q.id {
			return true
		}
	}
	return false
}

// colourBarred reports whether p and q may not meet under C3: two
// non-topscorers with the same absolute colour preference.
func colourBarred(p, q *player) bool {
	return p.absolute && q.absolute && p.pref == q.pref && !p.topscorer && !q.topscorer
}

// round is the pairing problem of one round.
type round struct {
	in      *Input
	edition int
	played  int       // rounds already played
	players []*player // players to pair, by score then rank (C.04.3 1.2)
	byID    map[int]*player
	index   map[int]int // pairing number to position in in.Players

	// Test switches.
	checkWeights bool // compare every table weight with the formula
	alwaysTypes  bool // start every bracket's matching from its types
	minWords     int  // weigh every edge in at least this many words
	noBonusCopy  bool // keep no copy of the tie-break terms by column
}

// prepare turns the input into players to pair.
func prepare(in *Input) *round {
	r := &round{in: in, edition: in.Edition, played: in.Round - 1, byID: map[int]*player{}, index: map[int]int{}}
	for i, p := range in.Players {
		r.index[p.ID] = i
	}
	if r.edition == 0 {
		r.edition = 2025
	}
	forbidden := map[int][]int{}
	for _, f := range in.Forbidden {
		forbidden[f[0]] = append(forbidden[f[0]], f[1])
		forbidden[f[1]] = append(forbidden[f[1]], f[0])
	}
	rank := 0
	maxWD := max(in.Points.Win, in.Points.Draw)
	threshold := r.played * maxWD / 2
	lastRound := in.Round >= in.Rounds
	for i := range in.Players {
		ip := &in.Players[i]
		paired := false
		for _, g := range ip.Games {
			paired = paired || g.Paired
		}
		// A player who never took part in a pairing and is absent now has
		// no effective pairing number (he is invisible to colour and
		// order tie-breaks).
		if ip.Absent && !paired {
			continue
		}
		p := &player{id: ip.ID, rank: rank, games: ip.Games}
		rank++
		if ip.Absent {
			continue
		}
		p.scoreAfter = make([]int, len(ip.Games))
		s := 0
		for k, g := range ip.Games {
			s += g.Points
			p.scoreAfter[k] = s
		}
		p.score = s + ip.accel(r.in.Round) // virtual points of an accelerated round (C.04.7)
		p.opps = append(p.opps, forbidden[ip.ID]...)
		p.eligible = true
		whites, blacks, run := 0, 0, 0
		var last arbiter.Colour
		for _, g := range ip.Games {
			if g.Played {
				p.opps = append(p.opps, g.Opponent)
				p.played++
				p.colours = append(p.colours, g.Colour)
				if g.Colour == arbiter.White {
					whites++
				} else {
					blacks++
				}
				if run == 0 || g.Colour != last {
					run = 1
				} else {
					run++
				}
				last = g.Colour
			} else if r.blocksBye(g) {
				p.eligible = false
			}
		}
		lower := arbiter.White
		if whites > blacks {
			lower = arbiter.Black
		}
		p.imbalance = whites - blacks
		if p.imbalance < 0 {
			p.imbalance = -p.imbalance
		}
		switch {
		case p.imbalance > 1:
			p.pref = lower
		case run > 1:
			p.pref = last.Opposite()
		case p.imbalance > 0:
			p.pref = lower
		case run > 0:
			p.pref = last.Opposite()
		}
		if run > 1 {
			p.repeated = last
		}
		p.absolute = p.imbalance > 1 || p.repeated != arbiter.NoColour
		p.strong = !p.absolute && p.imbalance != 0
		p.topscorer = lastRound && p.score > threshold
		r.players = append(r.players, p)
		r.byID[p.id] = p
	}
	// Floats need every player's score in past rounds.
	for _, p := range r.players {
		if r.played >= 1 {
			p.float1 = r.floatIn(p, r.played)
		}
		if r.played >= 2 {
			p.float2 = r.floatIn(p, r.played-1)
		}
	}
	sort.SliceStable(r.players, func(i, j int) bool {
		a, b := r.players[i], r.players[j]
		if a.score != b.score {
			return a.score > b.score
		}
		return a.rank < b.rank
	})
	return r
}

// blocksBye reports whether an unplayed round g makes its player
// ineligible for the PAB (C.04.1 art. 4; C2): any round scored at a win's
// value without playing (a forfeit win, a full-point bye), and any PAB
// whatever its value. The 2017 rules block only a PAB or a forfeit win.
func (r *round) blocksBye(g Game) bool {
	if r.edition == 2017 {
		return g.Paired && g.Result == Win
	}
	return g.Points >= r.in.Points.Win || g.PAB()
}

// floatIn returns p's float in round k (C.04.3 1.4): in a game, the higher
// score before the round floats down and the lower up; without a game,
// whoever scored more than a loss (PAB, forfeit win, half- or full-point
// bye) floats down, anyone else does not float. Under the 2017 rules any
// round without a game is a downfloat.
func (r *round) floatIn(p *player, k int) floatDir {
	g := p.games[k-1]
	if !g.Played {
		if r.edition == 2017 || g.Points > r.in.Points.Loss {
			return floatDown
		}
		return floatNone
	}
	self := &r.in.Players[r.index[p.id]]
	opp := &r.in.Players[r.index[g.Opponent]]
	// Scores before round k include that round's virtual points, as the
	// pairing of round k saw them (C.04.7).
	mine := scoreBefore(p.games, k) + self.accel(k)
	theirs := scoreBefore(opp.Games, k) + opp.accel(k)
	switch {
	case mine > theirs:
		return floatDown
	case mine < theirs:
		return floatUp
	}
	return floatNone
}

// scoreBefore returns the points scored in rounds before round k.
func scoreBefore(games []Game, k int) int {
	s := 0
	for i := 0; i < k-1; i++ {
		s += games[i].Points
	}
	return s
}
