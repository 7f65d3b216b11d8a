package scoring

import (
	"fmt"

	"github.com/labyrinth-chess/arbiter"
)

// Kind says what a player's round was.
type Kind int8

// Kinds of round. Game is the only kind played over the board.
const (
	Game        Kind = iota // played over the board (or still being played)
	ForfeitWin              // opponent did not play: counts as a win, not played
	ForfeitLoss             // did not play a scheduled game (also double forfeits)
	PAB                     // pairing-allocated bye
	HalfBye                 // requested half-point bye
	FullBye                 // requested full-point bye
	ZeroBye                 // requested zero-point bye
	Absent                  // not paired: absent, withdrawn or not yet entered
)

var kindNames = [...]string{"game", "forfeit win", "forfeit loss", "PAB", "half-point bye", "full-point bye", "zero-point bye", "absent"}

// String names the kind in plain words.
func (k Kind) String() string {
	if k >= 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// Outcome is one player's round.
type Outcome struct {
	Kind     Kind
	Opponent int            // opponent's pairing number, 0 for byes and absences
	Colour   arbiter.Colour // colour played or scheduled (forfeits), NoColour otherwise
	Points   arbiter.Score  // points scored in the round
	Board    int            // board number, 0 for byes and absences
	Pending  bool           // a game with no result entered yet (Points is Zero)
}

// Played reports whether the round was a game played over the board.
func (o Outcome) Played() bool { return o.Kind == Game }

// Card is one player's score card.
type Card struct {
	PN     int
	Rounds []Outcome // Rounds[r-1] is round r
}

// Score returns the total points on the card.
func (c Card) Score() arbiter.Score {
	return c.ScoreAfter(len(c.Rounds))
}

// ScoreAfter returns the points scored in rounds 1 to r.
func (c Card) ScoreAfter(r int) arbiter.Score {
	var s arbiter.Score
	for i := 0; i < r && i < len(c.Rounds); i++ {
		s += c.Rounds[i].Points
	}
	return s
}

// Table holds every player's card over the same rounds.
type Table struct {
	Rounds int    // number of rounds on every card
	Cards  []Card // Cards[pn-1] is the card of pairing number pn
}

// Card returns the card of pairing number pn, or nil if there is none.
func (t *Table) Card(pn int) *Card {
	if pn < 1 || pn > len(t.Cards) {
		return nil
	}
	return &t.Cards[pn-1]
}

// Build makes the score cards of a tournament from its entries and rounds.
// Pairing numbers must run from 1 to len(entries). Rounds must be numbered
// 1, 2, ... in order. A player found on no board and in no bye of a round is
// Absent; a late entry's missed rounds score t.LateValue each, other
// absences nothing. It returns an error naming the round and player if a
// player appears twice in a round or a pairing number is unknown.
func Build(t arbiter.Tournament, entries []arbiter.Entry, rounds []arbiter.Round) (*Table, error) {
	n := len(entries)
	joined := make([]int, n+1)
	for _, e := range entries {
		if e.PN < 1 || e.PN > n {
			return nil, fmt.Errorf("pairing number %d out of range 1-%d", e.PN, n)
		}
		joined[e.PN] = e.JoinedRound
	}
	tab := &Table{Rounds: len(rounds), Cards: make([]Card, n)}
	for pn := 1; pn <= n; pn++ {
		tab.Cards[pn-1] = Card{PN: pn, Rounds: make([]Outcome, len(rounds))}
	}
	for i, rd := range rounds {
		if rd.Number != i+1 {
			return nil, fmt.Errorf("round %d found where round %d was expected", rd.Number, i+1)
		}
		seen := make([]bool, n+1)
		mark := func(pn int) error {
			if pn < 1 || pn > n {
				return fmt.Errorf("round %d: unknown pairing number %d", rd.Number, pn)
			}
			if seen[pn] {
				return fmt.Errorf("round %d: player %d appears twice", rd.Number, pn)
			}
			seen[pn] = true
			return nil
		}
		for _, b := range rd.Boards {
			if err := mark(b.White); err != nil {
				return nil, err
			}
			if err := mark(b.Black); err != nil {
				return nil, err
			}
			w, bl := boardOutcomes(b)
			tab.Cards[b.White-1].Rounds[i] = w
			tab.Cards[b.Black-1].Rounds[i] = bl
		}
		for _, by := range rd.Byes {
			if err := mark(by.PN); err != nil {
				return nil, err
			}
			tab.Cards[by.PN-1].Rounds[i] = byeOutcome(t, by.Kind)
		}
		for pn := 1; pn <= n; pn++ {
			if seen[pn] {
				continue
			}
			o := Outcome{Kind: Absent}
			if rd.Number < joined[pn] {
				o.Points = t.LateValue
			}
			tab.Cards[pn-1].Rounds[i] = o
		}
	}
	return tab, nil
}

// boardOutcomes returns White's and Black's outcome of a board.
func boardOutcomes(b arbiter.Board) (w, bl Outcome) {
	w = Outcome{Kind: Game, Opponent: b.Black, Colour: arbiter.White, Board: b.Number, Points: b.Result.Points(arbiter.White)}
	bl = Outcome{Kind: Game, Opponent: b.White, Colour: arbiter.Black, Board: b.Number, Points: b.Result.Points(arbiter.Black)}
	switch b.Result {
	case arbiter.NoResult:
		w.Pending, bl.Pending = true, true
	case arbiter.WhiteForfeit:
		w.Kind, bl.Kind = ForfeitWin, ForfeitLoss
	case arbiter.BlackForfeit:
		w.Kind, bl.Kind = ForfeitLoss, ForfeitWin
	case arbiter.DoubleForfeit:
		w.Kind, bl.Kind = ForfeitLoss, ForfeitLoss
	}
	return w, bl
}

// byeOutcome returns the outcome of a bye of kind k under t's bye values.
func byeOutcome(t arbiter.Tournament, k arbiter.ByeKind) Outcome {
	o := Outcome{Points: t.ByeValue(k)}
	switch k {
	case arbiter.PAB:
		o.Kind = PAB
	case arbiter.HalfBye:
		o.Kind = HalfBye
	case arbiter.FullBye:
		o.Kind = FullBye
	case arbiter.ZeroBye:
		o.Kind = ZeroBye
	default:
		o.Kind = Absent
	}
	return o
}

// BuildMatches makes the score cards of a Double-Swiss tournament (FIDE
// C.04.5), where each board of a round is a match of two games (Board.Result
// and Board.Second, see arbiter.Match) and a round scores the points of
// both games. It checks the rounds as Build does. A match counts as:
//
//   - ForfeitWin and ForfeitLoss when a player forfeited both games, the
//     only way a match ends by forfeit (Preface); the player who did not
//     forfeit both scores what the games gave (two forfeit wins, or one if
//     that player forfeited the other game too), and two players who both
//     forfeited both games lose;
//   - Game otherwise, a single forfeited game included ("treated as
//     played", Preface), with the colour of game 1 if a game was played
//     over the board and NoColour if none was (1.6); Pending until both
//     games have a result.
//
// Byes apply to matches, never to single games (Preface): a PAB scores
// t.PABValue (a match with a game won and one drawn, 1.4, when the
// tournament says 1½), a half-point bye t.HalfByeValue, a full-point bye
// two games won, a zero-point bye nothing; a late entry's missed rounds
// score t.LateValue each.
func BuildMatches(t arbiter.Tournament, entries []arbiter.Entry, rounds []arbiter.Round) (*Table, error) {
	tab, err := Build(t, entries, rounds)
	if err != nil {
		return nil, err
	}
	for i, rd := range rounds {
		for _, b := range rd.Boards {
			w, bl := matchOutcomes(b)
			tab.Cards[b.White-1].Rounds[i] = w
			tab.Cards[b.Black-1].Rounds[i] = bl
		}
		for _, by := range rd.Byes {
			if by.Kind == arbiter.FullBye {
				tab.Cards[by.PN-1].Rounds[i].Points = 2 * arbiter.One
			}
		}
	}
	return tab, nil
}

// matchOutcomes returns the outcomes of a Double-Swiss board for the
// player with White in game 1 and for the other.
func matchOutcomes(b arbiter.Board) (w, bl Outcome) {
	m := b.Match()
	w = Outcome{Kind: Game, Opponent: b.Black, Colour: arbiter.White, Board: b.Number, Points: m.Points(arbiter.White)}
	bl = Outcome{Kind: Game, Opponent: b.White, Colour: arbiter.Black, Board: b.Number, Points: m.Points(arbiter.Black)}
	switch {
	case !m.Complete() && !m.Forfeit():
		w.Pending, bl.Pending = true, true
	case m.Forfeit():
		w.Kind, bl.Kind = ForfeitLoss, ForfeitLoss
		if m.WonByForfeit(arbiter.White) {
			w.Kind = ForfeitWin
		}
		if m.WonByForfeit(arbiter.Black) {
			bl.Kind = ForfeitWin
		}
		return w, bl
	}
	if !m.GamePlayed() && m.Complete() {
		w.Colour, bl.Colour = arbiter.NoColour, arbiter.NoColour
	}
	return w, bl
}
