package main

import (
	"context"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/pairing"
)

// whatIfJSON is what a correction would change, computed without storing
// anything. Field names are stable: add, never rename.
type whatIfJSON struct {
	Round     int               `json:"round"`
	Board     int               `json:"board"`
	Old       string            `json:"old"`
	New       string            `json:"new"`
	After     int               `json:"standings_after_round"`
	Before    []standingJSON    `json:"before"`
	Corrected []standingJSON    `json:"after"`
	Changes   []whatIfChange    `json:"changes"`
	Later     []whatIfRoundJSON `json:"later_rounds"`
}

// whatIfChange is one player whose place, points or tie-breaks change.
type whatIfChange struct {
	PairingNumber int                   `json:"pairing_number"`
	Name          string                `json:"name"`
	Rank          [2]int                `json:"rank"`   // before, after
	Points        [2]float64            `json:"points"` // before, after
	Tiebreaks     map[string][2]float64 `json:"tiebreaks,omitempty"`
}

// whatIfRoundJSON says whether a later round, already paired, would be
// paired differently from the corrected history.
type whatIfRoundJSON struct {
	Round   int    `json:"round"`
	Method  string `json:"method"`
	Differs bool   `json:"differs"`
	Stored  string `json:"stored"`
	Engine  string `json:"engine,omitempty"`
	Note    string `json:"note,omitempty"`
}

// standingsJSON ranks s after round n as standings --json shows it.
func standingsJSON(s *desk.Snapshot, n int) ([]standingJSON, error) {
	in, st, err := rankAfter(s, n)
	if err != nil {
		return nil, err
	}
	out := make([]standingJSON, 0, len(st))
	for _, x := range st {
		e := s.Entry(x.PN)
		j := standingJSON{Rank: x.Rank, RankTo: x.RankTo, PairingNumber: x.PN, Name: e.Player.Name,
			Rating: e.Player.Rating, Points: x.Points.Points(), Tiebreaks: map[string]float64{}}
		for i, sp := range in.Chain {
			j.Tiebreaks[sp.String()] = x.Values[i]
		}
		out = append(out, j)
	}
	return out, nil
}

// corrected returns a copy of s with the result of board b of round n
// replaced; the rounds are copied, nothing else is shared that changes.
func corrected(s *desk.Snapshot, n, b int, res arbiter.Result) (*desk.Snapshot, arbiter.Result, error) {
	if n < 1 || n > len(s.Rounds) {
		return nil, 0, fmt.Errorf("round %d is not paired: the rounds paired are 1 to %d", n, len(s.Rounds))
	}
	c := *s
	c.Rounds = append([]arbiter.Round(nil), s.Rounds...)
	r := c.Rounds[n-1]
	r.Boards = append([]arbiter.Board(nil), r.Boards...)
	for i := range r.Boards {
		if r.Boards[i].Number == b {
			old := r.Boards[i].Result
			r.Boards[i].Result = res
			c.Rounds[n-1] = r
			return &c, old, nil
		}
	}
	return nil, 0, fmt.Errorf("round %d has no board %d: boards are 1 to %d", n, b, len(r.Boards))
}

// whatIf computes what correcting board b of round n to res would change:
// the standings after the last round paired before and after, and for each
// later round already paired whether the Dutch system would pair it
// differently from the corrected history. methods[r-1] is how round r was
// paired. Nothing is stored: a published pairing stands (FIDE C.04.2: a
// pairing made public is not changed unless it breaks an absolute
// criterion; a corrected result affects only pairings yet to be made).
func whatIf(s *desk.Snapshot, methods []string, n, b int, res arbiter.Result) (whatIfJSON, error) {
	c, old, err := corrected(s, n, b, res)
	if err != nil {
		return whatIfJSON{}, err
	}
	last := len(s.Rounds)
	out := whatIfJSON{Round: n, Board: b, Old: old.String(), New: res.String(), After: last}
	if out.Before, err = standingsJSON(s, last); err != nil {
		return out, err
	}
	if out.Corrected, err = standingsJSON(c, last); err != nil {
		return out, err
	}
	after := map[int]standingJSON{}
	for _, x := range out.Corrected {
		after[x.PairingNumber] = x
	}
	for _, x := range out.Before {
		y := after[x.PairingNumber]
		ch := whatIfChange{PairingNumber: x.PairingNumber, Name: x.Name, Rank: [2]int{x.Rank, y.Rank}, Points: [2]float64{x.Points, y.Points}}
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
		wr := whatIfRoundJSON{Round: r, Method: methods[r-1], Stored: pairingText(s.Rounds[r-1])}
		if !strings.HasPrefix(wr.Method, "dutch") || c.Tournament.System != arbiter.Swiss {
			wr.Note = "not paired by the Dutch system: nothing to compare"
			out.Later = append(out.Later, wr)
			continue
		}
		eng, err := repair(c, r)
		if err != nil {
			wr.Differs, wr.Note = true, err.Error()
		} else {
			wr.Engine = pairingText(eng)
			wr.Differs = wr.Engine != wr.Stored
		}
		out.Later = append(out.Later, wr)
	}
	return out, nil
}

// repair pairs round r of c again by the Dutch system from c's rounds 1
// to r-1, leaving out those the stored round r left out.
func repair(c *desk.Snapshot, r int) (arbiter.Round, error) {
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

// pairingText writes a round's boards in board order and its PAB, the
// way round pair --manual reads them.
func pairingText(r arbiter.Round) string {
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

// runWhatIf shows what a correction would change and stores nothing.
func runWhatIf(ctx context.Context, a *app, db *desk.Desk, t arbiter.Tournament, n, b int, res arbiter.Result, asJSON bool) error {
	s, err := db.Snapshot(ctx, strconv.FormatInt(t.ID, 10))
	if err != nil {
		return err
	}
	if n == 0 {
		n = len(s.Rounds)
	}
	methods := make([]string, len(s.Rounds))
	for r := n + 1; r <= len(s.Rounds); r++ {
		d, err := db.RoundDetail(ctx, t.ID, r)
		if err != nil {
			return err
		}
		methods[r-1] = d.Method
	}
	w, err := whatIf(s, methods, n, b, res)
	if err != nil {
		return err
	}
	a.notef("What if: nothing was stored.")
	if asJSON {
		return writeJSON(a.stdout, w)
	}
	printWhatIf(a.stdout, w)
	return nil
}

func printWhatIf(w io.Writer, x whatIfJSON) {
	old := x.Old
	if old == "" {
		old = "no result"
	}
	fmt.Fprintf(w, "What if round %d board %d were %s instead of %s (standings after round %d):\n", x.Round, x.Board, x.New, old, x.After)
	if len(x.Changes) == 0 {
		fmt.Fprintln(w, "  The standings do not change.")
	}
	for _, c := range x.Changes {
		line := fmt.Sprintf("  %d %s: rank %d -> %d, points %s -> %s", c.PairingNumber, c.Name, c.Rank[0], c.Rank[1], fmtPoints(c.Points[0]), fmtPoints(c.Points[1]))
		codes := make([]string, 0, len(c.Tiebreaks))
		for code := range c.Tiebreaks {
			codes = append(codes, code)
		}
		sort.Strings(codes)
		for _, code := range codes {
			v := c.Tiebreaks[code]
			line += fmt.Sprintf(", %s %s -> %s", code, fmtPoints(v[0]), fmtPoints(v[1]))
		}
		fmt.Fprintln(w, line)
	}
	for _, r := range x.Later {
		switch {
		case r.Note != "" && r.Engine == "":
			fmt.Fprintf(w, "Round %d (%s): %s.\n", r.Round, r.Stored, r.Note)
		case r.Differs:
			fmt.Fprintf(w, "Round %d would be paired differently: %s (paired: %s); the published pairing stands.\n", r.Round, r.Engine, r.Stored)
		default:
			fmt.Fprintf(w, "Round %d would be paired the same: %s.\n", r.Round, r.Stored)
		}
	}
	fmt.Fprintf(w, "To keep it: arbiter round result %d %s --round %d --correct\n", x.Board, x.New, x.Round)
}

func fmtPoints(v float64) string {
	return strings.TrimSuffix(strings.TrimSuffix(fmt.Sprintf("%.2f", v), "0"), ".0")
}
