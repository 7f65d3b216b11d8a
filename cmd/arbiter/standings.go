package main

import (
	"context"
	"fmt"
	"strconv"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/labyrinth-chess/arbiter/store"
	"github.com/labyrinth-chess/arbiter/tiebreak"
	"github.com/spf13/cobra"
)

type standingsOptions struct {
	round   int
	explain string
	json    bool
}

func newStandingsCmd(a *app) *cobra.Command {
	opts := &standingsOptions{}
	cmd := &cobra.Command{
		Use:   "standings",
		Short: "Show the standings with the tie-breaks",
		Long: `Show the standings after the last round paired (or after --round N): rank,
pairing number, name, rating, points, and one column per tie-break of the
tournament's chain (tournament show lists it). Players level on points and
on the whole chain share their place, shown as "3-4". Games without a
result count as not played yet.

DE, the direct encounter, shows the player's place among those still tied
when it was applied (1 is first), or 0 ("-" in the table) when it decided
nothing for that player.

--explain PLAYER shows where each of that player's figures comes from:
each opponent's contribution, byes and the dummy opponents of unplayed
rounds, the values cut, and for DE the group and its games.`,
		Example: `  $ arbiter standings
  $ arbiter standings --round 3 --json
  $ arbiter standings --explain "Rossi, Mario"`,
		Args:              cobra.NoArgs,
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runStandings(cmd.Context(), a, opts)
		},
	}
	a.roundFlag(cmd, &opts.round, "the standings after round `N` (default: the last round paired)")
	cmd.Flags().StringVar(&opts.explain, "explain", "", "explain the tie-breaks of `PLAYER`")
	cmd.Flags().BoolVar(&opts.json, "json", false, "print the standings as JSON")
	cmd.RegisterFlagCompletionFunc("explain", func(cmd *cobra.Command, _ []string, prefix string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return a.completePlayers(cmd, prefix)
	})
	return cmd
}

// standingJSON is one line of the standings in JSON. Field names are
// stable: add, never rename. "tiebreaks" is keyed by the C.07 codes of
// the tournament's chain.
type standingJSON struct {
	Rank          int                `json:"rank"`
	RankTo        int                `json:"rank_to"`
	PairingNumber int                `json:"pairing_number"`
	Name          string             `json:"name"`
	Rating        int                `json:"rating"`
	Points        float64            `json:"points"`
	Tiebreaks     map[string]float64 `json:"tiebreaks"`
}

// explanationJSON is one tie-break explained, in JSON.
type explanationJSON struct {
	Tiebreak string     `json:"tiebreak"`
	Value    float64    `json:"value"`
	Summary  string     `json:"summary"`
	Lines    []lineJSON `json:"lines"`
}

type lineJSON struct {
	Round    int     `json:"round"`
	Opponent int     `json:"opponent"`
	Value    float64 `json:"value"`
	Counted  bool    `json:"counted"`
	Note     string  `json:"note"`
}

func runStandings(ctx context.Context, a *app, opts *standingsOptions) error {
	if opts.round < 0 {
		return fmt.Errorf("--round %d: type a round number such as 3", opts.round)
	}
	return a.withStore(ctx, store.ReadOnly, func(db *store.DB) error {
		s, err := a.snapshot(ctx, db)
		if err != nil {
			return err
		}
		n := len(s.Rounds)
		if opts.round > 0 {
			if err := checkPaired(s, opts.round); err != nil {
				return err
			}
			n = opts.round
		}
		// An unknown player is refused before any notice is printed.
		if opts.explain != "" {
			if _, err := findEntry(s, opts.explain); err != nil {
				return err
			}
		}
		if open := openBoards(s, n); open > 0 {
			a.note(a.tr().T("cli.standings.open", "Round", n, "Open", a.tr().N("cli.boards", open)))
		}
		if in, err := tiebreakInput(s, n); err == nil {
			for _, w := range tiebreak.Warnings(in) {
				a.note(a.tr().T("cli.standings.unrated", "Warning", w))
			}
		}
		if opts.explain != "" {
			in, err := tiebreakInput(s, n)
			if err != nil {
				return err
			}
			return explainStandings(a, s, in, opts)
		}
		in, st, err := rankAfter(s, n)
		if err != nil {
			return err
		}
		if opts.json {
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
			return writeJSON(a.stdout, out)
		}
		return printStandings(a, s, in, st, n)
	})
}

// tiebreakInput prepares the tie-break computation over rounds 1 to n.
func tiebreakInput(s *store.Snapshot, n int) (tiebreak.Input, error) {
	chain, err := tiebreak.ParseChain(s.Tournament.Tiebreaks)
	if err != nil {
		return tiebreak.Input{}, fmt.Errorf("%w; set a valid chain with arbiter tournament set --tiebreaks BH,DE,SB", err)
	}
	tab, err := s.Table(n)
	if err != nil {
		return tiebreak.Input{}, err
	}
	// The rating the regulations give unrated players (tournament set
	// --unrated-rating, C.07) counts them in ARO, TPR and the others.
	return tiebreak.Input{Tournament: s.Tournament, Table: tab, Ratings: s.Ratings(), Chain: chain, UnratedRating: s.Tournament.UnratedRating}, nil
}

// rankAfter ranks the players after round n (0: before round 1) as the
// standings show them: by points, then by the tournament's tie-break
// chain, with a place shared only by players level on points and on the
// whole chain. Games without a result count as not played yet. The
// standings command and the reports both rank through here.
func rankAfter(s *store.Snapshot, n int) (tiebreak.Input, []tiebreak.Standing, error) {
	in, err := tiebreakInput(s, n)
	if err != nil {
		return in, nil, err
	}
	st, err := tiebreak.Rank(in)
	return in, st, err
}

// checkPaired returns an error saying which rounds there are when round r
// is not paired.
func checkPaired(s *store.Snapshot, r int) error {
	switch n := len(s.Rounds); {
	case r >= 1 && r <= n:
		return nil
	case n == 0:
		return fmt.Errorf("round %d is not paired yet: no round of %s is paired; pair round 1 with arbiter round pair", r, s.Tournament.Name)
	case n == 1:
		return fmt.Errorf("round %d is not paired yet: only round 1 is; type --round 1", r)
	default:
		return fmt.Errorf("round %d is not paired yet: type --round with a round from 1 to %d", r, n)
	}
}

// openBoards counts the boards of round n still without a result (0 for
// a round not paired).
func openBoards(s *store.Snapshot, n int) int {
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

func printStandings(a *app, s *store.Snapshot, in tiebreak.Input, st []tiebreak.Standing, n int) error {
	t := s.Tournament
	if len(st) == 0 {
		a.note(a.tr().T("cli.noplayers", "Name", t.Name))
		return nil
	}
	l := a.tr()
	fmt.Fprintln(a.stdout, l.T("cli.standings.title", "Round", n, "Rounds", t.Rounds, "Name", t.Name))
	right := []bool{true, true, false, true, true}
	head := []string{l.T("col.rank"), l.T("cli.col.no"), l.T("col.name"), l.T("col.rating"), l.T("col.points")}
	for _, sp := range in.Chain {
		head = append(head, sp.String())
		right = append(right, true)
	}
	tb := newTable(right...)
	tb.add(head...)
	for _, x := range st {
		e := s.Entry(x.PN)
		rank := strconv.Itoa(x.Rank)
		if x.Shared() {
			rank += "-" + strconv.Itoa(x.RankTo)
		}
		cells := []string{rank, strconv.Itoa(x.PN), e.Player.Name, ratingText(e.Player.Rating), x.Points.Fraction()}
		for i, sp := range in.Chain {
			cells = append(cells, figure(l, sp, x.Values[i]))
		}
		tb.add(cells...)
	}
	return tb.write(a.stdout)
}

// figure formats a tie-break value: whole numbers without decimals, others
// with as few as needed and the language's decimal mark; DE's 0 (no
// decision) as "-".
func figure(l *locale.Localizer, sp tiebreak.Spec, v float64) string {
	if sp.Code == tiebreak.DE && v == 0 {
		return "-"
	}
	return l.Decimal(v, -1)
}

func explainStandings(a *app, s *store.Snapshot, in tiebreak.Input, opts *standingsOptions) error {
	e, err := findEntry(s, opts.explain)
	if err != nil {
		return err
	}
	ex, err := tiebreak.Explain(in, e.PN)
	if err != nil {
		return err
	}
	if opts.json {
		out := make([]explanationJSON, 0, len(ex))
		for _, x := range ex {
			j := explanationJSON{Tiebreak: x.Spec.String(), Value: x.Value, Summary: x.Summary, Lines: []lineJSON{}}
			for _, l := range x.Lines {
				j.Lines = append(j.Lines, lineJSON{l.Round, l.Opponent, l.Value, l.Counted, l.Note})
			}
			out = append(out, j)
		}
		return writeJSON(a.stdout, out)
	}
	card := in.Table.Card(e.PN)
	fmt.Fprintln(a.stdout, a.tr().T("cli.explain.title", "Player", entryLabel(e), "Points", pointsText(a.tr(), card.Score()), "Round", in.Table.Rounds))
	for _, x := range ex {
		fmt.Fprint(a.stdout, x.String())
	}
	return nil
}

// pointsText writes "1 point", "½ point", "3½ points" ("3½ punti").
func pointsText(l *locale.Localizer, p arbiter.Score) string {
	n := 2
	if p <= arbiter.One {
		n = 1
	}
	return l.N("cli.points", n, "Points", p.Fraction())
}
