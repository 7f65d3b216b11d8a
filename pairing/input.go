package pairing

import (
	"errors"
	"fmt"

	"github.com/labyrinth-chess/arbiter"
)

// Input is everything the engine needs to pair one round.
type Input struct {
	// Round is the round to pair, from 1.
	Round int
	// Rounds is the number of rounds planned (C.04.1 art. 1). Pairing the
	// last one relaxes the colour rules for topscorers (C.04.3 1.8, C3).
	Rounds int
	// Edition is the Dutch text: 2025 (the rules in force, applied from
	// 2026 with the same criteria; the default when 0) or 2017 (in force
	// until 31 January 2026).
	Edition int
	// InitialColour is the colour drawn by lot before round 1 (C.04.3
	// 5.1): the colour of the higher-ranked player of a pair whose
	// preferences are equal when his rank is odd (5.2.5). White or Black.
	InitialColour arbiter.Colour
	// Points gives the value of results in the unit of Game.Points.
	Points Points
	// Players lists every player of the tournament, paired this round or
	// not, in the initial order (C.04.2 2.2): the first is ranked highest.
	Players []Player
	// Forbidden lists pairs of pairing numbers that may not meet, besides
	// rematches (for example players of the same family or club).
	Forbidden [][2]int
}

// Points gives the value of results, in any unit (half-points, tenths):
// only sums and comparisons matter. Unit is the number of units in one
// point, for printing scores in explanations (2 for half-points, 10 for
// tenths; 0 means 2).
type Points struct {
	Win, Draw, Loss int
	Unit            int
}

// StandardPoints scores 1, ½ and 0 in half-points.
var StandardPoints = Points{Win: 2, Draw: 1, Loss: 0, Unit: 2}

// Player is one entry of the tournament.
type Player struct {
	// ID is the pairing number (TPN) printed in the output.
	ID int
	// Absent is true for a player not to be paired this round: absent,
	// withdrawn, not yet entered or with a requested bye (C.04.2 3.2-3.3).
	Absent bool
	// Games holds one entry per round before Round (Games[r-1] is round r).
	Games []Game
	// Accel holds the virtual points of an accelerated system (C.04.7,
	// e.g. the Baku acceleration; C.04.5 before 2026) by round, in the unit of
	// Game.Points: Accel[r-1] is added to the player's score for pairing
	// round r, and to his score before round r when floats of round r are
	// read. Nil or short means none.
	Accel []int
}

// accel returns p's virtual points for round r (1-based), 0 if none.
func (p *Player) accel(r int) int {
	if r < 1 || r > len(p.Accel) {
		return 0
	}
	return p.Accel[r-1]
}

// Game is what a player did in one round.
type Game struct {
	// Opponent is the opponent's pairing number, 0 for a bye or absence.
	Opponent int
	// Colour is the colour played or scheduled (for a forfeit); NoColour
	// when there was no opponent.
	Colour arbiter.Colour
	// Played is true for a game played over the board. Only played games
	// count for colours and rematches (C.04.2 3.4-3.5).
	Played bool
	// Paired is true when the player took part in the pairing of the
	// round: he had an opponent (played or forfeited) or got the PAB.
	Paired bool
	// Result is the outcome as win, draw or loss (a PAB or full-point bye
	// is a win, a half-point bye a draw, an absence a loss).
	Result Outcome
	// Points is what the round was worth, in the unit of Input.Points.
	Points int
}

// PAB reports whether the game is a pairing-allocated bye.
func (g Game) PAB() bool { return g.Paired && g.Opponent == 0 }

// Outcome is a win, a draw or a loss.
type Outcome int8

// Outcomes.
const (
	Loss Outcome = iota
	Draw
	Win
)

// Result is a round pairing.
type Result struct {
	// Boards are the games in board order (C.04.2 3.6).
	Boards []Board
	// Bye is the pairing number of the player who gets the
	// pairing-allocated bye, or 0.
	Bye int
	// Explanations has one entry per board, and a last one for the bye.
	Explanations []Explanation
}

// Board is one game: pairing numbers of the players with White and Black.
type Board struct {
	White, Black int
}

// ErrNoPairing is wrapped by the error Pair returns when no pairing
// satisfies the absolute criteria.
var ErrNoPairing = errors.New("no legal pairing")

// NoPairingError says which absolute criterion makes a round unpairable.
type NoPairingError struct {
	Round     int
	Criterion string // "C1", "C2" or "C3" (2025 numbering)
	Reason    string
	// Manual is a pairing of every player that breaks only Criterion,
	// as round pair --manual reads it ("3-1, 2-5, 4 bye"), for the chief
	// arbiter to accept or amend (C.04.3 1.9); "" if none was found.
	Manual string
	// System is the pairing text Criterion belongs to: "" for the Dutch
	// system (C.04.3), "C.04.5" for the Double-Swiss system.
	System string
}

func (e *NoPairingError) Error() string {
	if e.System != "" {
		return fmt.Sprintf("pairing: round %d: %s: %s (FIDE %s %s); the chief arbiter must decide", e.Round, ErrNoPairing, e.Reason, e.System, e.Criterion)
	}
	return fmt.Sprintf("pairing: round %d: %s: %s (FIDE C.04.3 %s); the chief arbiter must decide (C.04.3 1.9)", e.Round, ErrNoPairing, e.Reason, e.Criterion)
}

func (e *NoPairingError) Unwrap() error { return ErrNoPairing }

// validate checks the input's shape.
func (in *Input) validate() error {
	if in.Round < 1 {
		return fmt.Errorf("pairing: round %d: rounds count from 1", in.Round)
	}
	if in.InitialColour != arbiter.White && in.InitialColour != arbiter.Black {
		return fmt.Errorf("pairing: the initial colour (C.04.3 5.1) is not set: draw it by lot or give it")
	}
	switch in.Edition {
	case 0, 2017, 2025, 2026:
	default:
		return fmt.Errorf("pairing: edition %d: want 2025 (the rules in force) or 2017", in.Edition)
	}
	if in.Points.Win <= 0 {
		return fmt.Errorf("pairing: a win must be worth more than nothing")
	}
	return validateHistories(in.Round, in.Players)
}

// validateHistories checks the players' pairing numbers and that each has
// a round of history before round and meets known opponents.
func validateHistories(round int, players []Player) error {
	seen := make(map[int]bool, len(players))
	for _, p := range players {
		if p.ID < 1 {
			return fmt.Errorf("pairing: pairing number %d: want 1 or more", p.ID)
		}
		if seen[p.ID] {
			return fmt.Errorf("pairing: pairing number %d appears twice", p.ID)
		}
		seen[p.ID] = true
		if len(p.Games) != round-1 {
			return fmt.Errorf("pairing: player %d has %d rounds of history, want %d", p.ID, len(p.Games), round-1)
		}
	}
	for _, p := range players {
		for r, g := range p.Games {
			if g.Opponent != 0 && !seen[g.Opponent] {
				return fmt.Errorf("pairing: player %d round %d: unknown opponent %d", p.ID, r+1, g.Opponent)
			}
			if g.Opponent == p.ID {
				return fmt.Errorf("pairing: player %d round %d: paired against the same player number", p.ID, r+1)
			}
		}
	}
	return nil
}
