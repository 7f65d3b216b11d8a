package tiebreak

import (
	"fmt"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/scoring"
)

// Editions of the rules for unplayed rounds (Tournament.TiebreakEdition).
const (
	// Edition2009 is the "virtual opponent" rule of the 2009 FIDE Congress,
	// in the handbook until the 2023 regulations.
	Edition2009 = 2009
	// Edition2023 is C.07 article 16 of the 2023 and 2024 texts: the
	// "dummy opponent" and the adjusted score. It is the default.
	Edition2023 = 2023
	// Edition2026 is the text in force from 1 March 2026: Edition2023 with
	// the dummy opponent's score capped (16.4.1, 16.4.2).
	Edition2026 = 2026
)

// Dates from which each edition applies: the 2026 text from 1 March 2026
// (TieBreakRegulations032026), the first 2023 text from 1 July 2023 (the
// revised 2023 and the 2024 texts keep its rules for unplayed rounds).
const (
	From2026 = "2026-03-01"
	From2023 = "2023-07-01"
)

// EditionFor returns the edition of the rules for unplayed rounds in force
// on date, a tournament's start date as YYYY-MM-DD: Edition2026 from 1
// March 2026, Edition2023 from 1 July 2023, Edition2009 before. A
// tournament keeps the rules in force when it starts; FIDE's reference
// checker chooses the same way. Without a date (""), the rules in force
// now: Edition2026.
func EditionFor(date string) int {
	switch {
	case date == "" || date >= From2026:
		return Edition2026
	case date >= From2023:
		return Edition2023
	}
	return Edition2009
}

// Input is what Rank and Explain work on.
type Input struct {
	Tournament arbiter.Tournament // TiebreakEdition picks the unplayed-rounds rule; Rounds is the last round, for FB
	Table      *scoring.Table     // cards over the rounds played so far
	Ratings    []int              // Ratings[pn-1]; 0 = unrated; nil = nobody rated
	Chain      []Spec
	// UnratedRating is the rating the tournament regulations give unrated
	// players for the rating-based tie-breaks (ARO, TPR, PTP, APRO, APPO,
	// RTNG). 0 means the regulations say nothing: C.07 then drops those
	// tie-breaks when an unrated player takes part (every figure undefined, see
	// Warnings).
	UnratedRating int
}

// calc holds what every tie-break of a chain needs, computed once.
type calc struct {
	edition int
	rounds  int // rounds on the cards
	final   int // the tournament's last round
	n       int
	cards   []scoring.Card
	ratings []int
	// unit is the most a round scores: a game won, or in a Double-Swiss
	// tournament (C.04.5) a match won, both games (2 points). The
	// figures C.07 sets at a draw, half of it, scale with it.
	unit arbiter.Score

	score []arbiter.Score // final score by pn (index 0 unused); pending games count nothing
	adj   []float64       // score as someone's opponent (16.3, or 2009 draws) by pn
	// lastIn is, by pn, the last round that is not a voluntarily unplayed
	// round (0 if none): requested byes after it count as draws (16.3).
	lastIn []int

	bh []float64 // plain BH by pn, computed on demand for AOB

	// dropRatings is true when an unrated player takes part and the
	// regulations give no rating to unrated players: the rating-based
	// tie-breaks are dropped (C.07 2024 10, 2026 article 5 note).
	dropRatings bool
}

// newCalc checks the input and computes scores and adjusted scores.
func newCalc(in Input) (*calc, error) {
	t := in.Table
	if t == nil {
		return nil, fmt.Errorf("tiebreak: no score table")
	}
	n := len(t.Cards)
	if in.Ratings != nil && len(in.Ratings) != n {
		return nil, fmt.Errorf("tiebreak: %d ratings for %d players", len(in.Ratings), n)
	}
	for _, s := range in.Chain {
		if err := s.Validate(); err != nil {
			return nil, err
		}
	}
	for i, card := range t.Cards {
		if card.PN != i+1 {
			return nil, fmt.Errorf("tiebreak: card %d holds pairing number %d", i+1, card.PN)
		}
		if len(card.Rounds) != t.Rounds {
			return nil, fmt.Errorf("tiebreak: player %d has %d rounds on the card, want %d", card.PN, len(card.Rounds), t.Rounds)
		}
		for r, o := range card.Rounds {
			if hasOpponent(o) && (o.Opponent < 1 || o.Opponent > n || o.Opponent == card.PN) {
				return nil, fmt.Errorf("tiebreak: player %d round %d: opponent %d out of range 1-%d", card.PN, r+1, o.Opponent, n)
			}
		}
	}
	c := &calc{
		edition: in.Tournament.TiebreakEdition,
		rounds:  t.Rounds,
		final:   in.Tournament.Rounds,
		n:       n,
		cards:   t.Cards,
		ratings: withUnrated(in.Ratings, n, in.UnratedRating),
		score:   make([]arbiter.Score, n+1),
		adj:     make([]float64, n+1),
		lastIn:  make([]int, n+1),
		unit:    arbiter.One,
	}
	if in.Tournament.System == arbiter.DoubleSwiss {
		c.unit = 2 * arbiter.One
	}
	switch {
	case c.edition == Edition2009:
	case c.edition >= Edition2026:
		c.edition = Edition2026
	default:
		c.edition = Edition2023
	}
	c.dropRatings = in.UnratedRating <= 0 && hasUnrated(in.Ratings, n)
	if c.final <= 0 || c.final < c.rounds {
		c.final = c.rounds
	}
	c.prepare()
	return c, nil
}

// prepare computes every player's score, last round in and adjusted score
// from the cards.
func (c *calc) prepare() {
	for pn := 1; pn <= c.n; pn++ {
		card := &c.cards[pn-1]
		c.score[pn] = card.Score()
		c.lastIn[pn] = 0
		for r, o := range card.Rounds {
			if !voluntary(o) {
				c.lastIn[pn] = r + 1
			}
		}
		c.adj[pn] = c.adjusted(pn)
	}
}

// hasOpponent reports whether the outcome names an opponent: a game
// (played or pending) or a forfeit.
func hasOpponent(o scoring.Outcome) bool {
	return o.Kind == scoring.Game || o.Kind == scoring.ForfeitWin || o.Kind == scoring.ForfeitLoss
}

// played reports whether the round was a game played over the board with a
// result. A pending game is not played yet.
func played(o scoring.Outcome) bool { return o.Kind == scoring.Game && !o.Pending }

// unplayed reports whether the round is an unplayed round in the sense of
// C.07 16.1: a bye of any kind, an absence or a forfeit. A pending game is
// neither played nor unplayed.
func unplayed(o scoring.Outcome) bool { return o.Kind != scoring.Game }

// requestedBye reports whether the round is a requested bye in the sense of
// C.07 16.1: a half-point or zero-point bye, where not being paired counts
// as a zero-point bye.
func requestedBye(o scoring.Outcome) bool {
	return o.Kind == scoring.HalfBye || o.Kind == scoring.ZeroBye || o.Kind == scoring.Absent
}

// voluntary reports whether the round is a voluntarily unplayed round (VUR,
// C.07 16.1): a requested bye or a forfeit loss. PAB, full-point byes and
// forfeit wins are not.
func voluntary(o scoring.Outcome) bool {
	return requestedBye(o) || o.Kind == scoring.ForfeitLoss
}

// drawnEnd reports whether round r (1-based) of pn counts as a draw in pn's
// adjusted score: a requested bye followed only by voluntarily unplayed
// rounds to the last round played (C.07 16.3). A forfeit loss in that
// final run keeps its 0, as in the FIDE reference implementation.
func (c *calc) drawnEnd(pn, r int) bool {
	return r > c.lastIn[pn] && requestedBye(c.cards[pn-1].Rounds[r-1])
}

// adjusted returns pn's score as seen by his opponents' BH and SB.
//
// 2023 (C.07 16.3): the score obtained, except that requested byes followed
// only by voluntarily unplayed rounds up to the end count as draws.
//
// 2009 (virtual opponent rule): every unplayed round of the opponent counts
// as a draw.
func (c *calc) adjusted(pn int) float64 {
	var s float64
	for r, o := range c.cards[pn-1].Rounds {
		switch {
		case c.edition == Edition2009 && unplayed(o):
			s += c.draw()
		case c.edition != Edition2009 && c.drawnEnd(pn, r+1):
			s += c.draw()
		default:
			s += o.Points.Points()
		}
	}
	return s
}

// dummy returns the score of the dummy opponent of pn's unplayed round o
// (C.07 16.4): pn's own final score; from 2026 capped, for a forfeit, by
// the scheduled opponent's adjusted score (16.4.1), otherwise by a draw in
// every round played (16.4.2).
func (c *calc) dummy(pn int, o scoring.Outcome) float64 {
	own := c.score[pn].Points()
	if c.edition != Edition2026 {
		return own
	}
	if hasOpponent(o) {
		return min(own, c.adj[o.Opponent])
	}
	return min(own, c.draw()*float64(c.rounds))
}

// draw returns the points of a drawn round: ½, or 1 for a level
// Double-Swiss match.
func (c *calc) draw() float64 { return c.unit.Points() / 2 }

// won reports whether round o scored as a win: a game won (or a bye or
// forfeit worth one), or in a Double-Swiss tournament a match won, more
// than half its two games' points.
func (c *calc) won(o scoring.Outcome) bool {
	if c.unit == arbiter.One {
		return o.Points == arbiter.One
	}
	return o.Points > c.unit/2
}

// virtual returns the score of the 2009 virtual opponent of pn in round r:
// Svon = S(before r) + (1 − points in r) + 0.5 × (n − r), where n is the
// number of rounds played.
func (c *calc) virtual(pn, r int) float64 {
	card := &c.cards[pn-1]
	before := card.ScoreAfter(r - 1).Points()
	return before + (c.unit.Points() - card.Rounds[r-1].Points.Points()) + c.draw()*float64(c.rounds-r)
}

// rating returns pn's rating, 0 if unrated.
func (c *calc) rating(pn int) int {
	if c.ratings == nil {
		return 0
	}
	return c.ratings[pn-1]
}
