package desk

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/pairing"
)

// WhatIf is what a correction would change, computed without storing
// anything. Field names are stable: add, never rename.
type WhatIf struct {
	Round     int            `json:"round"`
	Board     int            `json:"board"`
	Old       string         `json:"old"`
	New       string         `json:"new"`
	After     int            `json:"standings_after_round"`
	Before    []StandingView `json:"before"`
	Corrected []StandingView `json:"after"`
	Changes   []WhatIfChange `json:"changes"`
	Later     []WhatIfRound  `json:"later_rounds"`
}

// WhatIfChange is one player whose place, points or tie-breaks change.
type WhatIfChange struct {
	PairingNumber int                   `json:"pairing_number"`
	Name          string                `json:"name"`
	Rank          [2]int                `json:"rank"`   // before, after
	Points        [2]float64            `json:"points"` // before, after
	Tiebreaks     map[string][2]float64 `json:"tiebreaks,omitempty"`
}

// WhatIfRound says whether a later round, already paired, would be
// paired differently from the corrected history. Stored and Engine are
// the pairings as "W-B, W-B, PN bye" in board order.
type WhatIfRound struct {
	Round   int    `json:"round"`
	Method  string `json:"method"`
	Differs bool   `json:"differs"`
	Stored  string `json:"stored"`
	Engine  string `json:"engine,omitempty"`
	Note    string `json:"note,omitempty"`
	// NotDutch says the round was not paired by the Dutch system (by
	// hand, by Berger tables, by Double-Swiss): nothing to compare. Err
	// is why the Dutch system could not pair it again. Front ends word
	// these; Note keeps the English for --json.
	NotDutch bool  `json:"-"`
	Err      error `json:"-"`
}

// WhatIf computes what correcting board req.Board of round req.Round
// (0: the last round paired) to req.Result would change: the standings
// after the last round paired before and after, and for each later round
// already paired whether the Dutch system would pair it differently from
// the corrected history. Only Tournament, Round, Board and Result of req
// are read. Nothing is stored: a published pairing stands (FIDE C.04.2:
// a pairing made public is not changed unless it breaks an absolute
// criterion; a corrected result affects only pairings yet to be made).
// A round not paired is ErrNotPaired, a board not in it ErrNoBoard
// (both *Error with Kind ErrNotFound).
func (d *Desk) WhatIf(ctx context.Context, req ResultRequest) (WhatIf, error) {
	t, err := d.resolve(ctx, req.Tournament)
	if err != nil {
		return WhatIf{}, err
	}
	s, methods, n, err := d.whatIfHistory(ctx, t.ID, req.Round)
	if err != nil {
		return WhatIf{}, err
	}
	return whatIf(s, methods, n, req.Board, gameResult(req.Result))
}

// whatIfHistory reads what a what-if starts from: tournament tid's
// snapshot, round (0: the last round paired) and the pairing method of
// each later round, indexed by round-1.
func (d *Desk) whatIfHistory(ctx context.Context, tid int64, round int) (*Snapshot, []string, int, error) {
	s, err := d.db.Snapshot(ctx, tid)
	if err != nil {
		return nil, nil, 0, err
	}
	n := round
	if n == 0 {
		n = len(s.Rounds)
	}
	methods := make([]string, len(s.Rounds))
	for r := n + 1; r <= len(s.Rounds); r++ {
		rd, err := d.db.RoundDetail(ctx, tid, r)
		if err != nil {
			return nil, nil, 0, err
		}
		methods[r-1] = rd.Method
	}
	return s, methods, n, nil
}

// WhatIfMatch is WhatIf for a match of a Double-Swiss tournament (FIDE
// C.04.5): what correcting board req.Board of round req.Round (0: the
// last round paired) to both games req.Match would change, the standings
// in game points after the last round paired before and after. Old and
// New are the matches as typed, game 1 then game 2 ("1-0 1/2-1/2").
// Later rounds are not paired again: the Dutch system does not pair them,
// and a published pairing stands (C.04.2). Only Tournament, Round, Board
// and Match of req are read; nothing is stored. A tournament of another
// system is refused (ErrInvalid wrapping ErrNotMatch), a match without
// both games ErrInvalid wrapping ErrMatchText.
func (d *Desk) WhatIfMatch(ctx context.Context, req MatchRequest) (WhatIf, error) {
	t, err := d.resolve(ctx, req.Tournament)
	if err != nil {
		return WhatIf{}, err
	}
	if t.System != arbiter.DoubleSwiss {
		return WhatIf{}, &Error{Kind: ErrInvalid, Input: "result", Msg: fmt.Sprintf("%s is not a Double-Swiss tournament: a board holds one game", t.Name),
			Fix: "give the result of the game", Err: ErrNotMatch}
	}
	if !req.Match.Complete() {
		return WhatIf{}, &Error{Kind: ErrInvalid, Input: "result", Msg: fmt.Sprintf("match %q: give the result of both games", req.Match.String()),
			Article: "C.04.5", Err: ErrMatchText}
	}
	s, methods, n, err := d.whatIfHistory(ctx, t.ID, req.Round)
	if err != nil {
		return WhatIf{}, err
	}
	return whatIf(s, methods, n, req.Board, matchResult(req.Match))
}

// A correction writes the new result into a board and returns the old
// one and the new one as typed.
type correction func(b *arbiter.Board) (old, new string)

// gameResult is the correction of a board to the game result res.
func gameResult(res arbiter.Result) correction {
	return func(b *arbiter.Board) (string, string) {
		old := b.Result
		b.Result = res
		return old.String(), res.String()
	}
}

// matchResult is the correction of a Double-Swiss board to the match m,
// both games; a board without a result is "".
func matchResult(m arbiter.Match) correction {
	return func(b *arbiter.Board) (string, string) {
		old := arbiter.Match{First: b.Result, Second: b.Second}
		b.Result, b.Second = m.First, m.Second
		if old == (arbiter.Match{}) {
			return "", m.String()
		}
		return old.String(), m.String()
	}
}

// corrected returns a copy of s with the result of board b of round n
// replaced by set; the rounds are copied, nothing else is shared that
// changes.
func corrected(s *Snapshot, n, b int, set correction) (*Snapshot, string, string, error) {
	if n < 1 || n > len(s.Rounds) {
		return nil, "", "", &Error{Kind: ErrNotFound, Input: "round", Err: ErrNotPaired,
			Msg: fmt.Sprintf("round %d is not paired: the rounds paired are 1 to %d", n, len(s.Rounds))}
	}
	c := *s
	c.Rounds = append([]arbiter.Round(nil), s.Rounds...)
	r := c.Rounds[n-1]
	r.Boards = append([]arbiter.Board(nil), r.Boards...)
	for i := range r.Boards {
		if r.Boards[i].Number == b {
			old, new := set(&r.Boards[i])
			c.Rounds[n-1] = r
			return &c, old, new, nil
		}
	}
	return nil, "", "", &Error{Kind: ErrNotFound, Input: "board", Err: ErrNoBoard,
		Msg: fmt.Sprintf("round %d has no board %d: boards are 1 to %d", n, b, len(r.Boards))}
}

// standingViews ranks s after round n.
func standingViews(s *Snapshot, n int) ([]StandingView, error) {
	in, st, err := Rank(s, n)
	if err != nil {
		return nil, err
	}
	return StandingViews(s, in, st), nil
}

// whatIf is WhatIf on a snapshot; methods[r-1] is how round r was paired.
func whatIf(s *Snapshot, methods []string, n, b int, set correction) (WhatIf, error) {
	c, old, new, err := corrected(s, n, b, set)
	if err != nil {
		return WhatIf{}, err
	}
	last := len(s.Rounds)
	out := WhatIf{Round: n, Board: b, Old: old, New: new, After: last}
	if out.Before, err = standingViews(s, last); err != nil {
		return out, err
	}
	if out.Corrected, err = standingViews(c, last); err != nil {
		return out, err
	}
	after := map[int]StandingView{}
	for _, x := range out.Corrected {
		after[x.PairingNumber] = x
	}
	for _, x := range out.Before {
		y := after[x.PairingNumber]
		ch := WhatIfChange{PairingNumber: x.PairingNumber, Name: x.Name, Rank: [2]int{x.Rank, y.Rank}, Points: [2]float64{x.Points, y.Points}}
		for code, v := range x.Tiebreaks {
			if w := y.Tiebreaks[code]; w != v {
				if ch.Tiebreaks == nil {
					ch.Tiebreaks = map[string][2]float64{}
				}
				ch.Tiebreaks[code] = [2]float64{v, w}
			}
		}
		if ch.Rank[0] != ch.Rank[1] || ch.Points[0] != ch.Points[1] || ch.Tiebreaks != nil {
			out.Changes = append(out.Changes, ch)
		}
	}
	sort.Slice(out.Changes, func(i, j int) bool { return out.Changes[i].PairingNumber < out.Changes[j].PairingNumber })
	for r := n + 1; r <= last; r++ {
		wr := WhatIfRound{Round: r, Method: methods[r-1], Stored: PairingText(s.Rounds[r-1])}
		if !strings.HasPrefix(wr.Method, "dutch") || c.Tournament.System != arbiter.Swiss {
			wr.Note, wr.NotDutch = "not paired by the Dutch system: nothing to compare", true
			out.Later = append(out.Later, wr)
			continue
		}
		eng, err := repair(c, r)
		if err != nil {
			wr.Differs, wr.Note, wr.Err = true, err.Error(), err
		} else {
			wr.Engine = PairingText(eng)
			wr.Differs = wr.Engine != wr.Stored
		}
		out.Later = append(out.Later, wr)
	}
	return out, nil
}

// repair pairs round r of c again by the Dutch system (C.04.3) from c's
// rounds 1 to r-1, leaving out those the stored round r left out.
func repair(c *Snapshot, r int) (arbiter.Round, error) {
	stored := c.Rounds[r-1]
	absent := map[int]bool{}
	for _, b := range stored.Byes {
		if b.Kind != arbiter.PAB {
			absent[b.PN] = true
		}
	}
	tab, err := c.Table(r - 1)
	if err != nil {
		return arbiter.Round{}, err
	}
	in, err := pairing.FromTable(c.Tournament, c.Entries, tab, r, absent)
	if err != nil {
		return arbiter.Round{}, err
	}
	res, err := pairing.Pair(in)
	if err != nil {
		return arbiter.Round{}, err
	}
	out := arbiter.Round{Number: r}
	for i, b := range res.Boards {
		out.Boards = append(out.Boards, arbiter.Board{Number: i + 1, White: b.White, Black: b.Black})
	}
	if res.Bye != 0 {
		out.Byes = append(out.Byes, arbiter.Bye{PN: res.Bye, Kind: arbiter.PAB})
	}
	return out, nil
}

// PairingText writes a round's boards in board order and its PAB as
// "W-B, W-B, PN bye", the way a manual pairing is read.
func PairingText(r arbiter.Round) string {
	var items []string
	for _, b := range r.Boards {
		items = append(items, fmt.Sprintf("%d-%d", b.White, b.Black))
	}
	for _, b := range r.Byes {
		if b.Kind == arbiter.PAB {
			items = append(items, fmt.Sprintf("%d bye", b.PN))
		}
	}
	return strings.Join(items, ", ")
}
