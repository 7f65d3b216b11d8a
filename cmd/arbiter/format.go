package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/locale"
)

// fitOf says how the rounds planned fit the players of round 1.
func fitOf(s *desk.Snapshot) arbiter.FieldFit { return desk.FitOf(s) }

func cyclesOf(t arbiter.Tournament) int { return desk.Cycles(t) }

// fitSays words the fit of a Swiss: "7 rounds planned for 6 players: a
// Swiss can always be paired for 3 rounds without a rematch".
func fitSays(l *locale.Localizer, f arbiter.FieldFit) string {
	return l.T("cli.fit.says", "Planned", l.N("cli.fit.planned", f.Planned), "Players", l.N("cli.fit.for", f.Players), "Swiss", l.N("cli.rounds", f.Swiss))
}

// fitChoices words the answers the desk offers (desk.ClosingChoices) when
// the rounds planned do not fit f, one command each.
func fitChoices(l *locale.Localizer, f arbiter.FieldFit, cs []arbiter.Closing) string {
	s := ""
	for _, c := range cs {
		switch {
		case c.Kind == arbiter.CloseSwiss:
			s += "arbiter tournament close-registration --rounds " + strconv.Itoa(c.Rounds)
		case c.Kind == arbiter.CloseRoundRobin && c.Cycles == 2:
			s += l.T("cli.fit.double", "Rounds", f.Double)
		case c.Kind == arbiter.CloseRoundRobin:
			s += l.T("cli.fit.roundrobin", "Rounds", f.RoundRobin)
		case c.Kind == arbiter.CloseKeep:
			s += l.T("cli.fit.keep", "Rounds", f.Planned)
		}
	}
	return s
}

// fitNote says that the rounds planned do not fit f, for a tournament
// that does not propose its rounds.
func fitNote(l *locale.Localizer, f arbiter.FieldFit) string {
	return l.T("cli.fit.note", "Fit", fitSays(l, f), "Rounds", f.Swiss)
}

// closedNotes says how registration closed: f is the field, t the
// tournament as it closed.
func closedNotes(a *app, f arbiter.FieldFit, t arbiter.Tournament) {
	l := a.tr()
	switch {
	case t.System == arbiter.RoundRobin && t.Cycles == 2:
		a.note(l.T("cli.close.double", "Players", l.N("cli.players", f.Players), "Rounds", l.N("cli.rounds", t.Rounds), "Tiebreaks", joinCodes(t.Tiebreaks)))
	case t.System == arbiter.RoundRobin:
		a.note(l.T("cli.close.roundrobin", "Players", l.N("cli.players", f.Players), "Rounds", l.N("cli.rounds", t.Rounds), "Tiebreaks", joinCodes(t.Tiebreaks)))
	default:
		a.note(l.T("cli.close.swiss", "Players", l.N("cli.players", f.Players), "Rounds", l.N("cli.rounds", t.Rounds)))
		if t.Rounds > f.Swiss {
			a.note(l.T("cli.close.note", "Fit", fitSays(l, f)))
		}
	}
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
func unpairableChoices(l *locale.Localizer, cs []choiceJSON) string {
	var words []string
	for _, c := range cs {
		words = append(words, c.Words)
	}
	return l.T("cli.choices", "Choices", strings.Join(words, l.T("cli.choices.or")))
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
// its command and its words in l's language (English in --json).
func choicesOf(l *locale.Localizer, in desk.PairInput, n int, np *desk.NoPairingError, s *desk.Snapshot) []choiceJSON {
	var cs []choiceJSON
	for _, c := range desk.UnpairableChoices(in, n, np, s) {
		var what, cmd, tail string
		switch c.Kind {
		case desk.ChoiceLeastBroken:
			var broken []string
			if c.Rematches > 0 {
				broken = append(broken, l.N("cli.choice.rematches", c.Rematches))
			}
			if c.PABs > 0 {
				broken = append(broken, l.N("cli.choice.byes", c.PABs))
			}
			if c.Colours > 0 {
				broken = append(broken, l.N("cli.choice.colours", c.Colours))
			}
			what = l.T("cli.choice.least", "Broken", joinCodes(broken))
			cmd = fmt.Sprintf("arbiter round pair --manual %q --force", c.Pairing)
		case desk.ChoiceBreaksOnly:
			what = l.T("cli.choice.only", "Criterion", c.Criterion)
			cmd = fmt.Sprintf("arbiter round pair --manual %q --force", c.Pairing)
		case desk.ChoiceAllPlayAll:
			what = l.T("cli.choice.allplayall", "Players", c.Players, "From", c.From, "Rounds", c.Rounds)
			cmd = fmt.Sprintf("arbiter tournament set --system round-robin --from-round %d", c.From)
		case desk.ChoiceEnd:
			what = l.T("cli.choice.end", "Round", c.Rounds)
			cmd = fmt.Sprintf("arbiter tournament set --rounds %d", c.Rounds)
		case desk.ChoiceByHand:
			what = l.T("cli.choice.byhand", "Round", c.Rounds)
			cmd = fmt.Sprintf("arbiter round pair --manual %q", c.Pairing)
			tail = l.T("cli.choice.byhandtail")
		default:
			continue
		}
		cs = append(cs, choiceJSON{Choice: c, Command: cmd, Words: what + ": " + cmd + tail})
	}
	return cs
}
