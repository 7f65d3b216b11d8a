package desk

import (
	"slices"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/pairing"
)

// FitOf measures the field of s: entries who can play round 1 (late
// entries count, they will play). A Swiss fits when its rounds can
// always be paired without a rematch (C.04.1 art. 2, C.04.3 C1); a round
// robin when the Berger tables (C.05 Annex 1) have the field and its
// rounds.
func FitOf(s *Snapshot) arbiter.FieldFit {
	n := 0
	for _, e := range s.Entries {
		if e.Status != arbiter.Withdrawn {
			n++
		}
	}
	t := s.Tournament
	f := arbiter.FieldFit{Players: n, Planned: t.Rounds, Swiss: pairing.SwissRounds(n), RoundRobin: pairing.RoundRobinRounds(n, 1)}
	if DoubleFits(n) {
		f.Double = pairing.RoundRobinRounds(n, 2)
	}
	switch c := t.AllPlayAll; {
	case c.From != 0:
		// A Swiss continued as an all-play-all: its rounds fit up to
		// the end of the Berger table's cycle.
		f.Fits = t.Rounds <= c.From-1+pairing.BergerRounds(len(c.Players), 1)
	case t.System == arbiter.RoundRobin:
		f.Fits = n >= 2 && n <= pairing.MaxBerger && t.Rounds <= pairing.RoundRobinRounds(n, Cycles(t))
	default:
		f.Fits = t.Rounds <= f.Swiss
	}
	return f
}

// The fields a double round robin is offered for. The Berger tables play
// twice for any field (C.05 Annex 1, the last two rounds of the first
// cycle reversed); arbiter offers it where a single one is too short for
// an evening and twice is not too long: 4 or 5 players play 3 or 5 rounds
// once, 6 or 10 twice. 3 players would play 6 rounds, sitting out 2 of
// them, for 4 games each; 6 players would need 10 rounds.
const (
	DoubleMin = 4
	DoubleMax = 5
)

// DoubleFits reports whether a double round robin is played by n players
// (DoubleMin to DoubleMax).
func DoubleFits(n int) bool { return n >= DoubleMin && n <= DoubleMax }

// RoundRobinChain returns the tie-breaks a round robin ranks by when
// chain is the tournament's: the preset's chain becomes the round-robin
// one (arbiter.RoundRobinTiebreaks), since Buchholz means little when
// everyone meets everyone (C.07); a chain the organizer chose is kept.
func RoundRobinChain(chain []string) []string {
	if slices.Equal(chain, arbiter.DefaultTiebreaks) {
		return slices.Clone(arbiter.RoundRobinTiebreaks)
	}
	return chain
}

// Cycles is how many times a round robin of t is played: 1 or 2.
func Cycles(t arbiter.Tournament) int {
	if t.Cycles == 2 {
		return 2
	}
	return 1
}

// ChoiceKind is a kind of choice offered when a Swiss round cannot be
// paired.
type ChoiceKind string

// The choices offered when a round cannot be paired, in the order
// UnpairableChoices gives them.
const (
	// ChoiceLeastBroken: keep the pairing that breaks the least
	// (Pairing, with Rematches, PABs and Colours counted).
	ChoiceLeastBroken ChoiceKind = "least-broken"
	// ChoiceBreaksOnly: keep the pairing that breaks only Criterion
	// (Pairing), when the field is too large to search them all.
	ChoiceBreaksOnly ChoiceKind = "breaks-only"
	// ChoiceAllPlayAll: continue as an all-play-all among Players
	// players from round From, paired from the Berger tables (C.05 Annex
	// 1), the event then having Rounds rounds (PlanAllPlayAll,
	// ContinueAllPlayAll).
	ChoiceAllPlayAll ChoiceKind = "all-play-all"
	// ChoiceEnd: end the event after Rounds rounds, the rounds played.
	ChoiceEnd ChoiceKind = "end"
	// ChoiceByHand: pair round Rounds by hand, starting for example from
	// Pairing.
	ChoiceByHand ChoiceKind = "by-hand"
)

// Choice is one thing the chief arbiter may do when the Dutch system
// cannot pair a round.
type Choice struct {
	Kind      ChoiceKind `json:"kind"`
	Pairing   string     `json:"pairing,omitempty"`    // as typed by hand: "1-2, 3-4, 5 bye"
	Rounds    int        `json:"rounds,omitempty"`     // ChoiceEnd: rounds played; ChoiceByHand: the round; ChoiceAllPlayAll: rounds in all
	From      int        `json:"from_round,omitempty"` // ChoiceAllPlayAll: its first round
	Players   int        `json:"players,omitempty"`    // ChoiceAllPlayAll: its field
	Criterion string     `json:"criterion,omitempty"`
	Rematches int        `json:"rematches,omitempty"`
	PABs      int        `json:"second_byes,omitempty"`
	Colours   int        `json:"colour_clashes,omitempty"`
}

// The values of a round the Dutch system cannot pair, as package pairing
// gives them, for a front end to word the choices (UnpairableChoices).
type (
	// PairInput is what the Dutch system paired a round from
	// (PairOutcome.Input).
	PairInput = pairing.Input
	// NoPairingError says which absolute criterion (C.04.3 C1-C3, or
	// those of C.04.5) leaves a round without a pairing, and a pairing by
	// hand that breaks only that one, for the chief arbiter to accept or
	// amend (C.04.3 1.9). Pair's refusal for ErrNoPairing wraps it.
	NoPairingError = pairing.NoPairingError
)

// UnpairableChoices lists, for round n that the Dutch system cannot pair
// from in (C.04.3 1.9: the chief arbiter decides), the choices: the
// pairing that breaks the least (or, for a field too large to search,
// the one np names that breaks only one criterion), an all-play-all
// among the players still in from round n (when s, the tournament, is
// given and PlanAllPlayAll allows it), ending the event after the rounds
// played, or a pairing by hand. np and s may be nil.
func UnpairableChoices(in pairing.Input, n int, np *pairing.NoPairingError, s *Snapshot) []Choice {
	var cs []Choice
	example := "" // a pairing of the actual players, to start from by hand
	res, br, err := pairing.LeastBroken(in)
	switch {
	case err == nil:
		r := arbiter.Round{}
		for i, b := range res.Boards {
			r.Boards = append(r.Boards, arbiter.Board{Number: i + 1, White: b.White, Black: b.Black})
		}
		if res.Bye != 0 {
			r.Byes = append(r.Byes, arbiter.Bye{PN: res.Bye, Kind: arbiter.PAB})
		}
		example = FormatPairing(r)
		cs = append(cs, Choice{Kind: ChoiceLeastBroken, Pairing: example, Rematches: br.Rematches, PABs: br.PABs, Colours: br.Colours})
	case np != nil && np.Manual != "":
		example = np.Manual
		cs = append(cs, Choice{Kind: ChoiceBreaksOnly, Pairing: np.Manual, Criterion: np.Criterion})
	}
	if example == "" {
		example = "1-2, 3-4, 5 bye"
	}
	if s != nil && s.Next() == n {
		if plan, err := PlanAllPlayAll(s); err == nil {
			cs = append(cs, Choice{Kind: ChoiceAllPlayAll, From: n, Players: len(plan.Continuation.Players), Rounds: plan.Rounds})
		}
	}
	if n > 1 {
		cs = append(cs, Choice{Kind: ChoiceEnd, Rounds: n - 1})
	}
	return append(cs, Choice{Kind: ChoiceByHand, Rounds: n, Pairing: example})
}
