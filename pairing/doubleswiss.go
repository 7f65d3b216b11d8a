package pairing

// This file pairs a round of a Double-Swiss tournament by FIDE C.04.5
// (approved 28/10/2025, applied from 1 February 2026): every pairing is a
// match of two games with the colours reversed, points are counted per
// game. The round is paired top-down, one bracket at a time (3.3): the
// pairing-allocated bye first (3.4), then the top scoregroup of the players
// still unpaired with the upfloaters it needs (3.5), paired by the first
// pairing in the order of their identifiers (3.6); colours come last,
// match by match (Article 4). The searches are in doubleswiss_search.go.

import (
	"errors"
	"fmt"
	"sort"

	"github.com/labyrinth-chess/arbiter"
)

// DoubleSwissInput is everything PairDoubleSwiss needs to pair one round
// of a Double-Swiss tournament (C.04.5). Each round before Round is one
// match.
type DoubleSwissInput struct {
	// Round is the round to pair, from 1.
	Round int
	// Rounds is the number of rounds planned. In the last one the float
	// criteria C7 and C8 do not apply (C.04.5 2.3).
	Rounds int
	// InitialColour is the colour drawn by lot before round 1: the colour
	// in game 1 of the higher-ranked player of a match between two players
	// without colours, when that player's TPN is odd (C.04.5 4.3.1).
	InitialColour arbiter.Colour
	// Points gives the value of a game (Win, Draw, Loss) in the unit of
	// Match.Points; Unit prints scores in explanations. The zero value
	// means StandardPoints.
	Points Points
	// Players lists every player of the tournament, paired this round or
	// not, in the initial order (C.04.2 Art. 2): the first is ranked
	// highest and has TPN 1.
	Players []MatchPlayer
	// Forbidden lists pairs of pairing numbers that may not meet, besides
	// players who have met.
	Forbidden [][2]int
}

// MatchPlayer is one entry of a Double-Swiss tournament.
type MatchPlayer struct {
	// ID is the pairing number printed in the output.
	ID int
	// Absent is true for a player not to be paired this round: absent,
	// withdrawn, not yet entered or with a requested bye.
	Absent bool
	// Matches holds one entry per round before Round (Matches[r-1] is
	// round r), read as a match (see DoubleSwissMatch).
	Matches []Game
	// Accel holds virtual points of an accelerated system by round, as
	// Player.Accel (C.04.7); nil for none.
	Accel []int
}

// A Game in MatchPlayer.Matches is one round of a Double-Swiss tournament,
// a match of two games, a bye or an absence:
//
//   - Opponent is the opponent of the match, 0 for a bye or an absence.
//   - Colour is the player's colour in game 1 when at least one of the
//     two games was played over the board, NoColour otherwise: a player
//     "had" a colour in a round only then (C.04.5 1.6).
//   - Played is true for a match that counts as played: an opponent, and
//     neither player forfeited both games (Preface). Such a match is a
//     meeting (C1 bars a rematch), counts among the matches played (3.4.3)
//     and a single forfeited game in it changes none of that.
//   - Paired is true for a match (played or forfeited) and for the PAB.
//   - Result is Win for a round won without playing: the PAB, a match won
//     by forfeit or a full-point bye; those bar a later PAB (C2).
//   - Points are the game points of the round (both games).
//
// DoubleSwissMatch builds one from a match's two game results.

// DoubleSwissMatch returns the Game that records, for the player who had
// colour c in game 1, the match m against opponent (C.04.5 Preface, 1.6),
// with points in the unit of ps (game points: Win, Draw, Loss for a game;
// a forfeit win scores Win, a forfeit nothing; ½-0 a Draw to one player).
func DoubleSwissMatch(m arbiter.Match, c arbiter.Colour, opponent int, ps Points) Game {
	g := Game{Opponent: opponent, Paired: true, Played: m.Played()}
	if m.GamePlayed() {
		g.Colour = c
	}
	unit := func(r arbiter.Result, c arbiter.Colour) int {
		switch r.Points(c) {
		case arbiter.One:
			return ps.Win
		case arbiter.Half:
			return ps.Draw
		}
		if r.Played() && r != arbiter.HalfZero && r != arbiter.ZeroHalf && r != arbiter.ZeroZero {
			return ps.Loss
		}
		return 0
	}
	g.Points = unit(m.First, c) + unit(m.Second, c.Opposite())
	switch p := m.Points(c) - m.Points(c.Opposite()); {
	case m.WonByForfeit(c) || p > 0:
		g.Result = Win
	case p == 0:
		g.Result = Draw
	}
	return g
}

// dsPlayer is a player to pair this round, with what the criteria read.
type dsPlayer struct {
	id      int
	tpn     int // effective TPN, from 1
	score   int // pairing score: points before the round plus virtual points
	matches int // matches played (3.4.3)
	barred  bool
	floated bool // a floater in the previous round (1.5)
	colours []arbiter.Colour
	whites  int
}

// dsRound is the pairing problem of one round.
type dsRound struct {
	in      *DoubleSwissInput
	last    bool // the last round: no C7, C8
	players []*dsPlayer
	compat  []bool // compat[i*n+j]: players i and j may meet (C1, forbidden pairs)
	hint    []int  // a perfect or near-perfect matching of the players, -1 for none; kept to seed later searches
	tr      *dsTrace
}

func (r *dsRound) n() int { return len(r.players) }

func (r *dsRound) can(i, j int) bool { return r.compat[i*len(r.players)+j] }

// PairDoubleSwiss pairs round in.Round of a Double-Swiss tournament by
// FIDE C.04.5: the boards in board order (C.04.2 3.6), each a match whose
// White has White in game 1 and Black in game 2 (4.4), and the player who
// gets the pairing-allocated bye. When no pairing satisfies the absolute
// criteria the error is a *NoPairingError naming C1 (rematches) or C2
// (the bye), wrapping ErrNoPairing.
func PairDoubleSwiss(in DoubleSwissInput) (Result, error) {
	return pairDoubleSwiss(&in, false)
}

// PairDoubleSwissExplained is PairDoubleSwiss with an explanation for every
// board and for the bye, citing the articles of C.04.5.
func PairDoubleSwissExplained(in DoubleSwissInput) (Result, error) {
	return pairDoubleSwiss(&in, true)
}

func pairDoubleSwiss(in *DoubleSwissInput, explain bool) (Result, error) {
	if in.Points == (Points{}) {
		in.Points = StandardPoints
	}
	if err := in.validate(); err != nil {
		return Result{}, err
	}
	r := prepareDoubleSwiss(in)
	if explain {
		r.tr = &dsTrace{unit: in.Points.Unit, notes: map[[2]int]dsNote{}}
	}
	pairs, bye, err := r.pairRound()
	if err != nil {
		return Result{}, err
	}
	res := r.boards(pairs)
	if bye >= 0 {
		res.Bye = r.players[bye].id
	}
	if r.tr != nil {
		res.Explanations = r.tr.explanations(r, res, bye)
	}
	return res, nil
}

// pairRound pairs the players of r (3.3): the PAB first, then bracket by
// bracket from the top. It returns the pairs and the PAB (indices of
// r.players, -1 for no PAB).
func (r *dsRound) pairRound() ([][2]int, int, error) {
	order := make([]int, r.n())
	for i := range order {
		order[i] = i
	}
	bye := -1
	if r.n()%2 == 1 {
		b, err := r.assignBye(order)
		if err != nil {
			return nil, -1, err
		}
		bye = b
		order = without(order, b)
	} else if _, ok := r.matchable(order, nil); !ok {
		return nil, -1, &NoPairingError{Round: r.in.Round, Criterion: "C1", Reason: "the players left cannot all be paired without a rematch", System: "C.04.5"}
	}
	var pairs [][2]int
	for len(order) > 0 {
		top := r.players[order[0]].score
		var residents, lower []int
		for _, v := range order {
			if r.players[v].score == top {
				residents = append(residents, v)
			} else {
				lower = append(lower, v)
			}
		}
		ups, err := r.selectUpfloaters(residents, lower)
		if err != nil {
			return nil, -1, err
		}
		bracket := append(append([]int(nil), residents...), ups...)
		ps, err := r.pairBracket(residents, ups)
		if err != nil {
			return nil, -1, err
		}
		pairs = append(pairs, ps...)
		order = minus(order, bracket)
	}
	return pairs, bye, nil
}

// validate checks the input's shape.
func (in *DoubleSwissInput) validate() error {
	if in.Round < 1 {
		return fmt.Errorf("pairing: round %d: rounds count from 1", in.Round)
	}
	if in.InitialColour != arbiter.White && in.InitialColour != arbiter.Black {
		return errors.New("pairing: the initial colour (C.04.5 4.3.1) is not set: draw it by lot or give it")
	}
	if in.Points.Win <= 0 {
		return errors.New("pairing: a win must be worth more than nothing")
	}
	ps := make([]Player, len(in.Players))
	for i, p := range in.Players {
		ps[i] = Player{ID: p.ID, Games: p.Matches}
	}
	return validateHistories(in.Round, ps)
}

// prepareDoubleSwiss ranks the players to pair by score, then TPN (1.2),
// and reads what the criteria need from their matches.
func prepareDoubleSwiss(in *DoubleSwissInput) *dsRound {
	r := &dsRound{in: in, last: in.Rounds > 0 && in.Round >= in.Rounds}
	index := make(map[int]int, len(in.Players))
	for i, p := range in.Players {
		index[p.ID] = i
	}
	scoreBefore := func(p *MatchPlayer, k int) int { // points before round k, with its virtual points
		s := 0
		for i := 0; i < k-1 && i < len(p.Matches); i++ {
			s += p.Matches[i].Points
		}
		if k >= 1 && k <= len(p.Accel) {
			s += p.Accel[k-1]
		}
		return s
	}
	forbidden := map[int][]int{}
	for _, f := range in.Forbidden {
		forbidden[f[0]] = append(forbidden[f[0]], f[1])
		forbidden[f[1]] = append(forbidden[f[1]], f[0])
	}
	met := map[int][]int{}
	tpn := 0
	for i := range in.Players {
		ip := &in.Players[i]
		paired := false
		for _, g := range ip.Matches {
			paired = paired || g.Paired
		}
		// As in the Dutch system, a player absent so far has no effective
		// TPN (C.04.2 Art. 2).
		if ip.Absent && !paired {
			continue
		}
		tpn++
		if ip.Absent {
			continue
		}
		p := &dsPlayer{id: ip.ID, tpn: tpn, score: scoreBefore(ip, in.Round)}
		for _, g := range ip.Matches {
			if g.Played {
				p.matches++
				met[ip.ID] = append(met[ip.ID], g.Opponent)
				if g.Colour != arbiter.NoColour {
					p.colours = append(p.colours, g.Colour)
					if g.Colour == arbiter.White {
						p.whites++
					}
				}
			} else if g.Result == Win {
				// C2: a PAB, a match won by forfeit, a full-point bye.
				p.barred = true
			}
		}
		// 1.5: a floater was paired with an opponent of another score.
		if k := in.Round - 1; k >= 1 {
			if g := ip.Matches[k-1]; g.Opponent != 0 {
				p.floated = scoreBefore(ip, k) != scoreBefore(&in.Players[index[g.Opponent]], k)
			}
		}
		r.players = append(r.players, p)
	}
	sort.SliceStable(r.players, func(i, j int) bool {
		a, b := r.players[i], r.players[j]
		if a.score != b.score {
			return a.score > b.score
		}
		return a.tpn < b.tpn
	})
	n := len(r.players)
	pos := make(map[int]int, n)
	for i, p := range r.players {
		pos[p.id] = i
	}
	r.compat = make([]bool, n*n)
	for i := range r.compat {
		r.compat[i] = i/n != i%n
	}
	for i, p := range r.players {
		for _, o := range append(met[p.id], forbidden[p.id]...) {
			if j, ok := pos[o]; ok {
				r.compat[i*n+j], r.compat[j*n+i] = false, false
			}
		}
	}
	r.hint = make([]int, n)
	for i := range r.hint {
		r.hint[i] = -1
	}
	return r
}

// assignBye gives the pairing-allocated bye (3.4): among the players who
// may have it (C2) and whose bye leaves the others a legal pairing
// (3.4.1), the one with the lowest score (3.4.2), then the most matches
// played (3.4.3), then the largest TPN (3.4.4).
func (r *dsRound) assignBye(order []int) (int, error) {
	cands := make([]int, 0, len(order))
	for _, v := range order {
		if !r.players[v].barred {
			cands = append(cands, v)
		}
	}
	if len(cands) == 0 {
		return -1, &NoPairingError{Round: r.in.Round, Criterion: "C2", Reason: "every player has had the pairing-allocated bye, a match won by forfeit or a full-point bye", System: "C.04.5"}
	}
	sort.SliceStable(cands, func(i, j int) bool {
		a, b := r.players[cands[i]], r.players[cands[j]]
		if a.score != b.score {
			return a.score < b.score
		}
		if a.matches != b.matches {
			return a.matches > b.matches
		}
		return a.tpn > b.tpn
	})
	// One search marks every player whose bye leaves the others a perfect
	// matching (Gallai-Edmonds: those some maximum matching leaves out).
	free := r.missable(order)
	for _, v := range cands {
		if free[v] {
			return v, nil
		}
	}
	return -1, &NoPairingError{Round: r.in.Round, Criterion: "C2", Reason: "no player who may have the pairing-allocated bye leaves the others a pairing without a rematch", System: "C.04.5"}
}

// boards gives each pair its colours (Article 4) and sorts the boards
// (C.04.2 3.6): by the higher player's score, the lower player's score,
// then the higher player's rank.
func (r *dsRound) boards(pairs [][2]int) Result {
	type board struct {
		white, black *dsPlayer
		hi, lo       *dsPlayer
	}
	var bs []board
	for _, pr := range pairs {
		a, b := r.players[pr[0]], r.players[pr[1]]
		hi, lo := a, b
		if dsHigher(b, a) {
			hi, lo = b, a
		}
		c, rule := r.colour(hi, lo)
		bd := board{white: hi, black: lo, hi: hi, lo: lo}
		if c == arbiter.Black {
			bd.white, bd.black = lo, hi
		}
		if r.tr != nil {
			r.tr.colour(hi, lo, c, rule)
		}
		bs = append(bs, bd)
	}
	sort.SliceStable(bs, func(i, j int) bool {
		x, y := bs[i], bs[j]
		if x.hi.score != y.hi.score {
			return x.hi.score > y.hi.score
		}
		if x.lo.score != y.lo.score {
			return x.lo.score > y.lo.score
		}
		return x.hi.tpn < y.hi.tpn
	})
	var res Result
	for _, b := range bs {
		res.Boards = append(res.Boards, Board{White: b.white.id, Black: b.black.id})
	}
	return res
}

// dsHigher reports whether a ranks above b (4.2: the higher score, then
// the smaller TPN).
func dsHigher(a, b *dsPlayer) bool {
	if a.score != b.score {
		return a.score > b.score
	}
	return a.tpn < b.tpn
}

// colour returns the colour the higher-ranked player hi has in game 1
// against lo, and the rule of 4.3 that decided it.
func (r *dsRound) colour(hi, lo *dsPlayer) (arbiter.Colour, string) {
	// 4.3.1: neither has had a colour: the initial colour to an odd TPN.
	if len(hi.colours) == 0 && len(lo.colours) == 0 {
		if hi.tpn%2 == 1 {
			return r.in.InitialColour, "4.3.1"
		}
		return r.in.InitialColour.Opposite(), "4.3.1"
	}
	// 4.3.2: White to the player who has had it fewer times.
	if hi.whites != lo.whites {
		if hi.whites < lo.whites {
			return arbiter.White, "4.3.2"
		}
		return arbiter.Black, "4.3.2"
	}
	// 4.3.3: alternate from the most recent round in which their colours
	// differed (histories over the rounds each had a colour, C.04.2 3.4).
	i, j := len(hi.colours)-1, len(lo.colours)-1
	for i >= 0 && j >= 0 && hi.colours[i] == lo.colours[j] {
		i--
		j--
	}
	if i >= 0 && j >= 0 {
		return hi.colours[i].Opposite(), "4.3.3"
	}
	// 4.3.4: alternate the higher-ranked player's last colour.
	if k := len(hi.colours); k > 0 {
		return hi.colours[k-1].Opposite(), "4.3.4"
	}
	// 4.3.5: alternate the opponent's last colour.
	return lo.colours[len(lo.colours)-1], "4.3.5"
}

// without returns s without v.
func without(s []int, v int) []int {
	out := make([]int, 0, len(s))
	for _, x := range s {
		if x != v {
			out = append(out, x)
		}
	}
	return out
}

// minus returns s without the elements of t.
func minus(s, t []int) []int {
	drop := make(map[int]bool, len(t))
	for _, x := range t {
		drop[x] = true
	}
	out := make([]int, 0, len(s))
	for _, x := range s {
		if !drop[x] {
			out = append(out, x)
		}
	}
	return out
}
