package main

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/pairing"
)

// fieldFit says how the rounds planned fit the players of round 1.
type fieldFit struct {
	Players    int  `json:"players"`                             // players who can play round 1
	Planned    int  `json:"rounds_planned"`                      // rounds planned
	Swiss      int  `json:"swiss_rounds"`                        // rounds a Swiss always pairs (pairing.SwissRounds)
	RoundRobin int  `json:"round_robin_rounds"`                  // rounds of a single all-play-all
	Double     int  `json:"double_round_robin_rounds,omitempty"` // of a double one, for 4 or 5 players
	Fits       bool `json:"fits"`                                // the rounds planned can always be paired
}

// fitOf measures the field of s: entries who can play round 1 (late
// entries count, they will play).
func fitOf(s *desk.Snapshot) fieldFit {
	n := 0
	for _, e := range s.Entries {
		if e.Status != arbiter.Withdrawn {
			n++
		}
	}
	t := s.Tournament
	f := fieldFit{Players: n, Planned: t.Rounds, Swiss: pairing.SwissRounds(n), RoundRobin: pairing.RoundRobinRounds(n, 1)}
	if n == 4 || n == 5 {
		f.Double = pairing.RoundRobinRounds(n, 2)
	}
	if t.System == arbiter.RoundRobin {
		f.Fits = n >= 2 && n <= pairing.MaxBerger && t.Rounds <= pairing.RoundRobinRounds(n, cyclesOf(t))
	} else {
		f.Fits = t.Rounds <= f.Swiss
	}
	return f
}

func cyclesOf(t arbiter.Tournament) int {
	if t.Cycles == 2 {
		return 2
	}
	return 1
}

// says words the fit of a Swiss: "7 rounds planned for 6 players: a Swiss
// can always be paired for 3 rounds without a rematch".
func (f fieldFit) says() string {
	return fmt.Sprintf("%s planned for %s: a Swiss can always be paired for %s without a rematch (FIDE C.04.1 art. 2, C.04.3 C1)",
		plural(f.Planned, "round", "rounds"), plural(f.Players, "player", "players"), plural(f.Swiss, "round", "rounds"))
}

// choices lists what the organizer may type instead, one command each.
func (f fieldFit) choices() string {
	s := fmt.Sprintf("arbiter tournament close-registration --rounds %d", f.Swiss)
	if f.Players >= 3 && f.Players <= pairing.MaxBerger {
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
		return nil, nil, &exitError{code: exitFailure, msg: fmt.Sprintf("registration closes with round 1: %s; nothing was paired: confirm with %s", f.says(), f.choices())}
	}
	return s, []string{fmt.Sprintf("note: %s; to change before round 2 is paired, type arbiter tournament set --rounds %d", f.says(), f.Swiss)}, nil
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
	switch {
	case c.system == arbiter.RoundRobin:
		if f.Players < 2 || f.Players > pairing.MaxBerger {
			return nil, fmt.Errorf("an all-play-all from the Berger tables (FIDE C.05 Annex 1) takes 2 to %d players, not %d: play a Swiss of %s", pairing.MaxBerger, f.Players, plural(f.Swiss, "round", "rounds"))
		}
		if c.cycles == 2 && f.Players > 5 {
			return nil, fmt.Errorf("a double round robin is for 4 or 5 players, not %d (it would take %d rounds): play it once", f.Players, pairing.RoundRobinRounds(f.Players, 2))
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
	if t.System == arbiter.RoundRobin {
		a.notef("Registration closed: %s play all-play-all%s, %s from the Berger tables (FIDE C.05 Annex 1); tie-breaks %s.",
			plural(f.Players, "player", "players"), map[int]string{1: "", 2: " twice"}[t.Cycles], plural(t.Rounds, "round", "rounds"), joinCodes(t.Tiebreaks))
	} else {
		a.notef("Registration closed: %s, %s of Swiss.", plural(f.Players, "player", "players"), plural(t.Rounds, "round", "rounds"))
		if t.Rounds > f.Swiss {
			a.notef("note: %s; a round that cannot be paired will say what to do", f.says())
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

// unpairableChoices lists, for round n that the Dutch system cannot pair
// (C.04.3 1.9: the chief arbiter decides), one command per choice: the
// pairing that breaks the least, ending the event after the rounds
// played, or a pairing by hand.
func unpairableChoices(s *desk.Snapshot, in pairing.Input, n int, np *pairing.NoPairingError) string {
	var cs []string
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
		what := []string{}
		if br.Rematches > 0 {
			what = append(what, plural(br.Rematches, "rematch", "rematches"))
		}
		if br.PABs > 0 {
			what = append(what, plural(br.PABs, "second bye", "second byes"))
		}
		if br.Colours > 0 {
			what = append(what, plural(br.Colours, "colour clash", "colour clashes"))
		}
		example = desk.FormatPairing(r)
		cs = append(cs, fmt.Sprintf("the pairing that breaks the least (%s): arbiter round pair --manual %q --force", joinCodes(what), example))
	case np != nil && np.Manual != "":
		// Too many players for the exhaustive search: the pairing of
		// the actual players that breaks only the criterion named.
		example = np.Manual
		cs = append(cs, fmt.Sprintf("the pairing that breaks only %s: arbiter round pair --manual %q --force", np.Criterion, np.Manual))
	}
	if example == "" {
		example = "1-2, 3-4, 5 bye"
	}
	if n > 1 {
		cs = append(cs, fmt.Sprintf("end the event after round %d: arbiter tournament set --rounds %d", n-1, n-1))
	}
	cs = append(cs, fmt.Sprintf("pair round %d by hand, for example: arbiter round pair --manual %q (--force keeps a pairing that breaks a basic rule)", n, example))
	return "choose " + strings.Join(cs, "; or ")
}
