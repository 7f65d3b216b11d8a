package main

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/labyrinth-chess/arbiter/pairing"
)

// fieldFit says how the rounds planned fit the players of round 1.
type fieldFit = desk.FieldFit

func fitOf(s *desk.Snapshot) fieldFit { return desk.FitOf(s) }

func cyclesOf(t arbiter.Tournament) int { return desk.Cycles(t) }

// fitSays words the fit of a Swiss: "7 rounds planned for 6 players: a
// Swiss can always be paired for 3 rounds without a rematch".
func fitSays(l *locale.Localizer, f fieldFit) string {
	return l.T("cli.fit.says", "Planned", l.N("cli.fit.planned", f.Planned), "Players", l.N("cli.fit.for", f.Players), "Swiss", l.N("cli.rounds", f.Swiss))
}

// fitChoices lists what the organizer may type instead, one command each.
func fitChoices(l *locale.Localizer, f fieldFit) string {
	s := "arbiter tournament close-registration --rounds " + strconv.Itoa(f.Swiss)
	if f.OffersRoundRobin() {
		s += l.T("cli.fit.roundrobin", "Rounds", f.RoundRobin)
		if f.Double > 0 {
			s += l.T("cli.fit.double", "Rounds", f.Double)
		}
	}
	return s + l.T("cli.fit.keep", "Rounds", f.Planned)
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
		l := a.tr()
		return nil, nil, &exitError{code: exitFailure, msg: l.T("cli.fit.closes", "Fit", fitSays(l, f), "Choices", fitChoices(l, f))}
	}
	return s, []string{a.tr().T("cli.fit.note", "Fit", fitSays(a.tr(), f), "Rounds", f.Swiss)}, nil
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
	t := s.Tournament
	f := fitOf(s)
	l := a.tr()
	switch {
	case c.system == arbiter.RoundRobin:
		if f.Players < 2 || f.Players > pairing.MaxBerger {
			return nil, errors.New(l.T("cli.fit.rrsize", "Max", pairing.MaxBerger, "Players", f.Players, "Swiss", l.N("cli.rounds", f.Swiss)))
		}
		if c.cycles == 2 && !desk.DoubleFits(f.Players) {
			return nil, errors.New(a.tr().T("err.rr.double", "Min", desk.DoubleMin, "Max", desk.DoubleMax, "Players", f.Players, "Rounds", pairing.RoundRobinRounds(f.Players, 2)))
		}
		t.System, t.Cycles = arbiter.RoundRobin, max(c.cycles, 1)
		t.Rounds = pairing.RoundRobinRounds(f.Players, t.Cycles)
		if sameChain(t.Tiebreaks, arbiter.DefaultTiebreaks) {
			// Buchholz means little when everyone meets everyone: the
			// preset's chain becomes the round-robin one.
			t.Tiebreaks = append([]string(nil), arbiter.RoundRobinTiebreaks...)
		}
	case c.keep:
		t.System = arbiter.Swiss
	case c.rounds > 0:
		t.System, t.Rounds = arbiter.Swiss, c.rounds
	default:
		// The rounds planned, or fewer if they cannot always be paired.
		t.System, t.Rounds = arbiter.Swiss, max(min(t.Rounds, f.Swiss), 1)
	}
	t.Closed = true
	if err := db.UpdateTournament(ctx, t); err != nil {
		return nil, err
	}
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
	return db.Snapshot(ctx, strconv.FormatInt(t.ID, 10))
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
func choicesOf(l *locale.Localizer, in pairing.Input, n int, np *pairing.NoPairingError, s *desk.Snapshot) []choiceJSON {
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
