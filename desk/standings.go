package desk

import (
	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/reports"
	"github.com/labyrinth-chess/arbiter/tiebreak"
)

// TiebreakInput prepares the tie-break computation (C.07) over rounds 1
// to n of s. A chain that cannot be read is an *Error with Input
// "tiebreaks".
func TiebreakInput(s *Snapshot, n int) (tiebreak.Input, error) {
	chain, err := tiebreak.ParseChain(s.Tournament.Tiebreaks)
	if err != nil {
		return tiebreak.Input{}, &Error{Kind: ErrInvalid, Input: "tiebreaks", Msg: err.Error(), Article: "C.07",
			Fix: "set a valid tie-break chain, e.g. BH, DE, SB", Err: err}
	}
	tab, err := s.Table(n)
	if err != nil {
		return tiebreak.Input{}, err
	}
	// The rating the regulations give unrated players (tournament set
	// --unrated-rating, C.07) counts them in ARO, TPR and the others.
	return tiebreak.Input{Tournament: s.Tournament, Table: tab, Ratings: s.Ratings(), Chain: chain, UnratedRating: s.Tournament.UnratedRating}, nil
}

// Rank ranks the players after round n (0: before round 1) as the
// standings show them: by points, then by the tournament's tie-break
// chain (C.07), with a place shared only by players level on points and
// on the whole chain. Games without a result count as not played yet.
// The standings and every report rank through here.
func Rank(s *Snapshot, n int) (tiebreak.Input, []tiebreak.Standing, error) {
	in, err := TiebreakInput(s, n)
	if err != nil {
		return in, nil, err
	}
	st, err := tiebreak.Rank(in)
	return in, st, err
}

// OpenBoards counts the boards of round n still without a result (0 for
// a round not paired).
func OpenBoards(s *Snapshot, n int) int {
	rd := s.Round(n)
	if rd == nil {
		return 0
	}
	open := 0
	for _, b := range rd.Boards {
		if b.Result == arbiter.NoResult {
			open++
		}
	}
	return open
}

// CompleteRounds returns how many rounds, from round 1 on, have every
// result in.
func CompleteRounds(s *Snapshot) int {
	n := 0
	for n < len(s.Rounds) && s.Rounds[n].Complete() {
		n++
	}
	return n
}

// ReportEvent returns what the reports show after round n (0: before
// round 1): the tournament, its entries, rounds 1 to n and the standings
// ranked as Rank ranks them, with the tie-break columns headed by the
// chain's C.07 codes and each player's performance rating.
func ReportEvent(s *Snapshot, n int) (*reports.Event, error) {
	in, st, err := Rank(s, n)
	if err != nil {
		return nil, err
	}
	perf := reports.PerformancesOf(s.Tournament, in.Table, s.Entries)
	rows := make([]reports.StandingRow, len(st))
	for i, x := range st {
		rows[i] = reports.StandingRow{Rank: x.Rank, RankTo: x.RankTo, PN: x.PN, Points: x.Points,
			Tiebreaks: x.Values, Undefined: x.Undefined, Performance: perf[x.PN-1]}
	}
	codes := make([]string, len(in.Chain))
	for i, sp := range in.Chain {
		codes[i] = sp.String()
	}
	// Generated stays zero: the files carry the tournament's date, so the
	// same database always gives the same bytes.
	return &reports.Event{Tournament: s.Tournament, Entries: s.Entries, Rounds: s.Rounds[:n],
		Table: in.Table, Standings: rows, TiebreakCodes: codes}, nil
}
