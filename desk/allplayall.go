package desk

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/pairing"
	"github.com/labyrinth-chess/arbiter/phrase"
)

// A Swiss whose next round cannot be paired (C.04.3 1.9: the chief
// arbiter decides) may continue as an all-play-all: from that round on,
// the players still in the event meet each other once, paired from the
// FIDE Berger tables (C.05 Annex 1). It is a new cycle: games of the
// Swiss rounds are played again, and the colours are the table's. The
// event stays a Swiss as a whole (its tie-breaks, its TRF system code);
// the rounds planned become the rounds played plus the cycle.

// AllPlayAllPlan is the all-play-all a Swiss would continue as from its
// next round.
type AllPlayAllPlan struct {
	Continuation arbiter.Continuation // the first round and the field in Berger order
	Cycle        int                  // rounds of the all-play-all (C.05 Annex 1)
	Rounds       int                  // rounds the event then has in all
}

// PlanAllPlayAll works out the all-play-all that would continue the Swiss
// of s from its next round n: the players still in the event (those
// who can play round n: not withdrawn, entered; a bye asked for round n
// does not take a player out of the event), from 3 to the 16 the Berger
// tables have. They get their Berger numbers in the order the Dutch
// system itself ranks players after round n-1 (C.04.3 art. 1.2: score
// descending, then pairing number ascending): the standings without
// tie-breaks, known to everyone, computed the same way after any
// correction, and no lot to draw. An error says why the Swiss cannot
// continue so.
func PlanAllPlayAll(s *Snapshot) (AllPlayAllPlan, error) {
	t := s.Tournament
	n := s.Next()
	switch {
	case t.System != arbiter.Swiss:
		return AllPlayAllPlan{}, &Error{Kind: ErrConflict, Input: "tournament", Msg: fmt.Sprintf("%s is a round robin already: only a Swiss continues as an all-play-all", t.Name)}
	case t.AllPlayAll.From != 0:
		return AllPlayAllPlan{}, &Error{Kind: ErrConflict, Input: "tournament", Msg: fmt.Sprintf("%s continues as an all-play-all from round %d already", t.Name, t.AllPlayAll.From)}
	case n == 1:
		return AllPlayAllPlan{}, &Error{Kind: ErrConflict, Input: "round", Msg: fmt.Sprintf("no round of %s is paired yet: to play an all-play-all from round 1, close the registration with --system round-robin", t.Name)}
	case n > t.Rounds:
		return AllPlayAllPlan{}, refuse(ErrConflict, "round", "refuse.allpaired", "Rounds", t.Rounds, "Tournament", t.Name)
	}
	for _, b := range s.Rounds[n-2].Boards {
		if b.Result == arbiter.NoResult {
			return AllPlayAllPlan{}, &Error{Kind: ErrConflict, Input: "round", Err: ErrRoundOpen,
				Msg: fmt.Sprintf("round %d still has no result on board %d: the Berger numbers follow the scores after round %d", n-1, b.Number, n-1)}
		}
	}
	tab, err := s.Table(n - 1)
	if err != nil {
		return AllPlayAllPlan{}, err
	}
	var field []int
	for _, e := range s.Entries {
		if e.Plays(n) {
			field = append(field, e.PN)
		}
	}
	if len(field) < pairing.MinBerger || len(field) > pairing.MaxBerger {
		return AllPlayAllPlan{}, &Error{Kind: ErrInvalid, Input: "tournament", Article: "C.05 Annex 1",
			Msg: fmt.Sprintf("an all-play-all from the Berger tables takes %d to %d players, and %d are still in %s", pairing.MinBerger, pairing.MaxBerger, len(field), t.Name)}
	}
	// C.04.3 art. 1.2: score descending, then pairing number ascending.
	sort.SliceStable(field, func(i, j int) bool {
		si, sj := tab.Card(field[i]).Score(), tab.Card(field[j]).Score()
		if si != sj {
			return si > sj
		}
		return field[i] < field[j]
	})
	cycle := pairing.BergerRounds(len(field), 1)
	return AllPlayAllPlan{Continuation: arbiter.Continuation{From: n, Players: field}, Cycle: cycle, Rounds: n - 1 + cycle}, nil
}

// ContinueAllPlayAll stores t (the tournament's settings, with any other
// change the organizer made) continued as an all-play-all from round
// from, which must be its next round to pair (PlanAllPlayAll): the field
// in Berger order and the rounds planned, in one transaction, each
// change logged (undo removes them). It returns the plan stored.
func (d *Desk) ContinueAllPlayAll(ctx context.Context, t arbiter.Tournament, from int) (AllPlayAllPlan, error) {
	s, err := d.db.Snapshot(ctx, t.ID)
	if err != nil {
		return AllPlayAllPlan{}, inputErr("tournament", err)
	}
	if from != s.Next() {
		msg := fmt.Sprintf("round %d is paired already", from)
		if from > s.Next() {
			msg = fmt.Sprintf("round %d is not the next round to pair", from)
		}
		return AllPlayAllPlan{}, &Error{Kind: ErrConflict, Input: "round", Msg: fmt.Sprintf("%s: the all-play-all continues %s from round %d, the next round to pair", msg, s.Tournament.Name, s.Next())}
	}
	// The plan is made from the tournament as stored: the field and the
	// scores do not depend on the other settings changed with it.
	plan, err := PlanAllPlayAll(s)
	if err != nil {
		return plan, err
	}
	t.System = arbiter.Swiss
	t.AllPlayAll = plan.Continuation
	t.Rounds = plan.Rounds
	return plan, d.UpdateTournament(ctx, t)
}

// continuationPair pairs round n of a Swiss that continues as an
// all-play-all (t.AllPlayAll) from the Berger table (FIDE C.05 Annex 1):
// Berger number i is t.AllPlayAll.Players[i-1]. The player the table
// leaves without an opponent (odd fields) gets the pairing-allocated bye,
// worth what the tournament gives one (C.04.1 art. 3): every player of
// the field sits out once in the cycle. A player who does not play the
// round (a bye asked for, absent at check-in, withdrawn) keeps the bye or
// absence recorded, and the table's opponent wins by forfeit, as in a
// round robin.
func continuationPair(s *Snapshot) (Pairing, error) {
	t := s.Tournament
	c := t.AllPlayAll
	n := s.Next()
	k := len(c.Players)
	r := n - c.From + 1
	p := Pairing{Round: n, Method: "berger", BoardNotes: map[int]string{}, ByeNotes: map[int]string{}}
	if r > pairing.BergerRounds(k, 1) {
		return p, &Error{Kind: ErrConflict, Input: "round", Article: "C.05 Annex 1",
			Msg: fmt.Sprintf("the all-play-all of %d players from round %d ended with round %d: %s has no round %d to pair", k, c.From, c.From+pairing.BergerRounds(k, 1)-1, t.Name, n),
			Fix: fmt.Sprintf("set the rounds to %d", c.From+pairing.BergerRounds(k, 1)-1)}
	}
	boards, bye, err := pairing.BergerRound(k, 1, r)
	if err != nil {
		return p, err
	}
	out := map[int]bool{}
	for _, b := range s.Absent(n) {
		out[b.PN] = true
	}
	in := map[int]bool{}
	for _, pn := range c.Players {
		in[pn] = true
	}
	for _, e := range s.Entries {
		if !in[e.PN] && !out[e.PN] {
			// A late entry, or a player back from a withdrawal: the
			// table has no number for him.
			return p, &Error{Kind: ErrConflict, Input: "pairing", Article: "C.05 Annex 1", Err: ErrLeftOut,
				Msg: fmt.Sprintf("%s is not in the all-play-all that continues %s from round %d, drawn among %d players", s.Label(e.PN), t.Name, c.From, k),
				Fix: fmt.Sprintf("give %s a bye for round %d, or pair the round by hand", s.Label(e.PN), n)}
		}
	}
	pn := func(berger int) int { return c.Players[berger-1] }
	for _, b := range boards {
		w, bl := pn(b.White), pn(b.Black)
		switch {
		case out[w] && out[bl]:
		case out[w] || out[bl]:
			present, absent := w, bl
			if out[w] {
				present, absent = bl, w
			}
			p.Byes = append(p.Byes, arbiter.Bye{PN: present, Kind: arbiter.FullBye})
			p.ByeNotes[present] = phrase.New("pair.berger.forfeit", "Opponent", s.Label(absent), "Round", n).Stored()
		default:
			num := len(p.Boards) + 1
			p.Boards = append(p.Boards, arbiter.Board{Number: num, White: w, Black: bl})
			p.BoardNotes[num] = phrase.New("pair.apa", "Players", k+k%2, "Round", r, "From", c.From,
				"White", b.White, "Black", b.Black).Stored()
		}
	}
	if bye != 0 && !out[pn(bye)] {
		p.Byes = append(p.Byes, arbiter.Bye{PN: pn(bye), Kind: arbiter.PAB})
		p.ByeNotes[pn(bye)] = phrase.New("pair.apa.bye", "Round", r, "From", c.From, "Number", k+1,
			"Points", phrase.Num(t.PABValue.Points())).Stored()
	}
	return p, nil
}

// inherent says whether w, a basic rule of the Swiss system that a
// pairing breaks, is one an all-play-all continuation breaks by nature:
// a rematch of a Swiss game (C.04.1 art. 2) or a second bye (art. 4), as
// the new cycle meets everyone and gives every player of an odd field a
// bye.
func inherent(w Warning) bool {
	return strings.HasSuffix(w.Article, "art. 2") || strings.HasSuffix(w.Article, "art. 4")
}
