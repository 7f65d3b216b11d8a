package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/pairing"
)

// fieldFit says how the rounds planned fit the players of round 1.
type fieldFit = desk.FieldFit

func fitOf(s *desk.Snapshot) fieldFit { return desk.FitOf(s) }

func cyclesOf(t arbiter.Tournament) int { return desk.Cycles(t) }

// says words the fit of a Swiss: "7 rounds planned for 6 players: a Swiss
// can always be paired for 3 rounds without a rematch".
func fitSays(f fieldFit) string {
	return fmt.Sprintf("%s planned for %s: a Swiss can always be paired for %s without a rematch (FIDE C.04.1 art. 2, C.04.3 C1)",
		plural(f.Planned, "round", "rounds"), plural(f.Players, "player", "players"), plural(f.Swiss, "round", "rounds"))
}

// choices lists what the organizer may type instead, one command each.
func fitChoices(f fieldFit) string {
	s := fmt.Sprintf("arbiter tournament close-registration --rounds %d", f.Swiss)
	if f.OffersRoundRobin() {
		s += fmt.Sprintf(" (Swiss), or arbiter tournament close-registration --system round-robin (all-play-all, %d rounds)", f.RoundRobin)
		if f.Double > 0 {
			s += fmt.Sprintf(", or --system round-robin --double (%d rounds)", f.Double)
		}
	}
	return s + fmt.Sprintf(", or arbiter tournament close-registration --keep to try all %d rounds", f.Planned)
}

// closeOnFirstPairing checks the rounds planned against the field when
// round 1 is paired and registration was not closed: a round robin gets
// its rounds from the Berger table; a Swiss whose rounds cannot always be
// paired is refused if the tournament proposes the rounds (the labyrinth
// preset), and noted otherwise. It returns the tournament as it now is;
// with save false (a dry run) a round robin's rounds are set in s only.
// notes are for the user once the pairing is kept.
func (a *app) closeOnFirstPairing(ctx context.Context, db *desk.Desk, s *desk.Snapshot, save bool) (_ *desk.Snapshot, notes []string, _ error) {
	t := s.Tournament
	if s.Next() != 1 || t.Closed {
		return s, nil, nil
	}
	f := fitOf(s)
	if t.System == arbiter.RoundRobin {
		if !save {
			s.Tournament.Rounds = pairing.RoundRobinRounds(f.Players, cyclesOf(t))
			return s, nil, nil
		}
		s, err := a.closeRegistration(ctx, db, s, closeChoice{system: arbiter.RoundRobin, cycles: cyclesOf(t)})
		return s, nil, err
	}
	if f.Fits || f.Players < 2 {
		return s, nil, nil
	}
	if t.FitRounds {
		return nil, nil, &exitError{code: exitFailure, msg: fmt.Sprintf("registration closes with round 1: %s; nothing was paired: confirm with %s", fitSays(f), fitChoices(f))}
	}
	return s, []string{fmt.Sprintf("note: %s; to change before round 2 is paired, type arbiter tournament set --rounds %d", fitSays(f), f.Swiss)}, nil
}

// closeChoice is what the organizer chose when registration closed.
type closeChoice struct {
	rounds int            // Swiss rounds, 0 for the rounds that fit
	keep   bool           // keep the rounds planned
	system arbiter.System // Swiss or RoundRobin
	cycles int            // round robin: 1 or 2
}

// closeRegistration closes the registration of s's tournament with the
// organizer's choice and returns the snapshot read again.
func (a *app) closeRegistration(ctx context.Context, db *desk.Desk, s *desk.Snapshot, c closeChoice) (*desk.Snapshot, error) {
	f := fitOf(s)
	s, err := db.CloseRegistration(ctx, s.Tournament.ID, desk.CloseChoice{Rounds: c.rounds, Keep: c.keep, System: c.system, Cycles: c.cycles})
	if errors.Is(err, desk.ErrDoubleField) {
		return nil, errors.New(a.tr().T("err.rr.double", "Min", desk.DoubleMin, "Max", desk.DoubleMax, "Players", f.Players, "Rounds", pairing.RoundRobinRounds(f.Players, 2)))
	}
	if err != nil {
		return nil, err
	}
	t := s.Tournament
	if t.System == arbiter.RoundRobin {
		a.notef("Registration closed: %s play all-play-all%s, %s from the Berger tables (FIDE C.05 Annex 1); tie-breaks %s.",
			plural(f.Players, "player", "players"), map[int]string{1: "", 2: " twice"}[t.Cycles], plural(t.Rounds, "round", "rounds"), joinCodes(t.Tiebreaks))
	} else {
		a.notef("Registration closed: %s, %s of Swiss.", plural(f.Players, "player", "players"), plural(t.Rounds, "round", "rounds"))
		if t.Rounds > f.Swiss {
			a.notef("note: %s; a round that cannot be paired will say what to do", fitSays(f))
		}
	}
	return s, nil
}

func joinCodes(cs []string) string {
	s := ""
	for i, c := range cs {
		if i > 0 {
			s += ", "
		}
		s += c
	}
	return s
}

// unpairableChoices words, one command each, the choices (choicesOf) the
// desk offers for a round that the Dutch system cannot pair (C.04.3 1.9).
func unpairableChoices(cs []choiceJSON) string {
	var words []string
	for _, c := range cs {
		words = append(words, c.Words)
	}
	return "choose " + strings.Join(words, "; or ")
}

// choiceJSON is a choice offered for a round that cannot be paired, in
// round pair --json: the desk's choice, the command that makes it and the
// whole sentence. Field names are stable: add, never rename.
type choiceJSON struct {
	desk.Choice
	Command string `json:"command"`
	Words   string `json:"text"`
}

// unpairableJSON is what round pair --json prints when the round cannot
// be paired, besides the refusal on standard error.
type unpairableJSON struct {
	Round   int          `json:"round"`
	Error   string       `json:"error"`
	Choices []choiceJSON `json:"choices"`
}

// choicesOf returns the choices the desk offers for round n, each with
// its command and its words.
func choicesOf(in pairing.Input, n int, np *pairing.NoPairingError, s *desk.Snapshot) []choiceJSON {
	var cs []choiceJSON
	for _, c := range desk.UnpairableChoices(in, n, np, s) {
		var what, cmd, tail string
		switch c.Kind {
		case desk.ChoiceLeastBroken:
			var broken []string
			if c.Rematches > 0 {
				broken = append(broken, plural(c.Rematches, "rematch", "rematches"))
			}
			if c.PABs > 0 {
				broken = append(broken, plural(c.PABs, "second bye", "second byes"))
			}
			if c.Colours > 0 {
				broken = append(broken, plural(c.Colours, "colour clash", "colour clashes"))
			}
			what = fmt.Sprintf("the pairing that breaks the least (%s)", joinCodes(broken))
			cmd = fmt.Sprintf("arbiter round pair --manual %q --force", c.Pairing)
		case desk.ChoiceBreaksOnly:
			what = fmt.Sprintf("the pairing that breaks only %s", c.Criterion)
			cmd = fmt.Sprintf("arbiter round pair --manual %q --force", c.Pairing)
		case desk.ChoiceAllPlayAll:
			what = fmt.Sprintf("continue as an all-play-all among the %d players still in, rounds %d to %d from the Berger tables (%d rounds in all)",
				c.Players, c.From, c.Rounds, c.Rounds)
			cmd = fmt.Sprintf("arbiter tournament set --system round-robin --from-round %d", c.From)
		case desk.ChoiceEnd:
			what = fmt.Sprintf("end the event after round %d", c.Rounds)
			cmd = fmt.Sprintf("arbiter tournament set --rounds %d", c.Rounds)
		case desk.ChoiceByHand:
			what = fmt.Sprintf("pair round %d by hand, for example", c.Rounds)
			cmd = fmt.Sprintf("arbiter round pair --manual %q", c.Pairing)
			tail = " (--force keeps a pairing that breaks a basic rule)"
		default:
			continue
		}
		cs = append(cs, choiceJSON{Choice: c, Command: cmd, Words: what + ": " + cmd + tail})
	}
	return cs
}
