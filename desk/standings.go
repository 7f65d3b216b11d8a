package desk

import (
	"sync"

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
	ev, _, err := reportEvent(s, n)
	return ev, err
}

// reportEvent is ReportEvent, also returning the standings it ranked.
func reportEvent(s *Snapshot, n int) (*reports.Event, []tiebreak.Standing, error) {
	in, st, err := Rank(s, n)
	if err != nil {
		return nil, nil, err
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
		Table: in.Table, Standings: rows, TiebreakCodes: codes}, st, nil
}

// The values of standings a front end shows, as the tie-break rules
// compute them (package tiebreak): front ends name them here, and compute
// nothing.
type (
	// Standing is one player's line of the standings.
	Standing = tiebreak.Standing
	// TiebreakSpec is one tie-break of the chain (C.07), with its
	// modifiers.
	TiebreakSpec = tiebreak.Spec
	// Explanation says how one tie-break of a player adds up.
	Explanation = tiebreak.Explanation
	// RankInput is what a ranking is computed from (TiebreakInput, Rank):
	// the tournament, the crosstable of the rounds counted, the ratings
	// and the tie-break chain.
	RankInput = tiebreak.Input
)

// RankWarnings says what to know about in's chain before trusting the
// figures: rating-based tie-breaks dropped because unrated players take
// part and the regulations give them no rating (C.07).
func RankWarnings(in RankInput) []string { return tiebreak.Warnings(in) }

// ExplainTiebreaks says how each tie-break of player pn adds up in the
// ranking of in: the games counted, the cuts, and for DE the group and
// its games. It returns an error for a pairing number not in the
// crosstable. To explain many players, use a Standings.
func ExplainTiebreaks(in RankInput, pn int) ([]Explanation, error) { return tiebreak.Explain(in, pn) }

// Standings are the players ranked after a round (Rank), with the inputs
// of the tie-breaks, for a front end to show, and each player's
// tie-breaks explained, worked out once, when first asked for, and
// shared after. A Standings is safe for concurrent use.
type Standings struct {
	Input tiebreak.Input
	Rows  []Standing

	once      sync.Once
	explainer *tiebreak.Explainer
	err       error
}

// RankStandings is Rank as a Standings.
func RankStandings(s *Snapshot, n int) (*Standings, error) {
	in, rows, err := Rank(s, n)
	if err != nil {
		return nil, err
	}
	return &Standings{Input: in, Rows: rows}, nil
}

// Explain returns the tie-breaks of player pn explained (none when the
// chain is empty or no round is paired).
func (st *Standings) Explain(pn int) ([]Explanation, error) {
	if len(st.Input.Chain) == 0 || st.Input.Table == nil {
		return nil, nil
	}
	st.once.Do(func() { st.explainer, st.err = tiebreak.NewExplainer(st.Input) })
	if st.err != nil {
		return nil, st.err
	}
	return st.explainer.Explain(pn)
}

// Blank reports whether value v of tie-break sp says nothing, to be
// written "-": the direct encounter's 0 (C.07), no decision between the
// players level.
func Blank(sp TiebreakSpec, v float64) bool { return sp.Code == tiebreak.DE && v == 0 }
