package main

import (
	"fmt"
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/pairing"
)

// fitOf says how the rounds planned fit the players of round 1.
func fitOf(s *desk.Snapshot) arbiter.FieldFit { return desk.FitOf(s) }

func cyclesOf(t arbiter.Tournament) int { return desk.Cycles(t) }

// says words the fit of a Swiss: "7 rounds planned for 6 players: a Swiss
// can always be paired for 3 rounds without a rematch".
func fitSays(f arbiter.FieldFit) string {
	return fmt.Sprintf("%s planned for %s: a Swiss can always be paired for %s without a rematch (FIDE C.04.1 art. 2, C.04.3 C1)",
		plural(f.Planned, "round", "rounds"), plural(f.Players, "player", "players"), plural(f.Swiss, "round", "rounds"))
}

// fitChoices words the answers the desk offers (desk.ClosingChoices) when
// the rounds planned do not fit f, one command each.
func fitChoices(f arbiter.FieldFit, cs []arbiter.Closing) string {
	s := ""
	for _, c := range cs {
		switch {
		case c.Kind == arbiter.CloseSwiss:
			s += fmt.Sprintf("arbiter tournament close-registration --rounds %d", c.Rounds)
		case c.Kind == arbiter.CloseRoundRobin && c.Cycles == 2:
			s += fmt.Sprintf(", or --system round-robin --double (%d rounds)", f.Double)
		case c.Kind == arbiter.CloseRoundRobin:
			s += fmt.Sprintf(" (Swiss), or arbiter tournament close-registration --system round-robin (all-play-all, %d rounds)", f.RoundRobin)
		case c.Kind == arbiter.CloseKeep:
			s += fmt.Sprintf(", or arbiter tournament close-registration --keep to try all %d rounds", f.Planned)
		}
	}
	return s
}

// fitNote says that the rounds planned do not fit f, for a tournament
// that does not propose its rounds.
func fitNote(f arbiter.FieldFit) string {
	return fmt.Sprintf("note: %s; to change before round 2 is paired, type arbiter tournament set --rounds %d", fitSays(f), f.Swiss)
}

// closedNotes says how registration closed: f is the field, t the
// tournament as it closed.
func closedNotes(a *app, f arbiter.FieldFit, t arbiter.Tournament) {
	if t.System == arbiter.RoundRobin {
		a.notef("Registration closed: %s play all-play-all%s, %s from the Berger tables (FIDE C.05 Annex 1); tie-breaks %s.",
			plural(f.Players, "player", "players"), map[int]string{1: "", 2: " twice"}[t.Cycles], plural(t.Rounds, "round", "rounds"), joinCodes(t.Tiebreaks))
		return
	}
	a.notef("Registration closed: %s, %s of Swiss.", plural(f.Players, "player", "players"), plural(t.Rounds, "round", "rounds"))
	if t.Rounds > f.Swiss {
		a.notef("note: %s; a round that cannot be paired will say what to do", fitSays(f))
	}
}

func sameChain(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
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
