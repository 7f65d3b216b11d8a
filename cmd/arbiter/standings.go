package main

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/labyrinth-chess/arbiter/prizes"
	"github.com/spf13/cobra"
)

type standingsOptions struct {
	round     int
	explain   string
	json      bool
	active    bool   // leave out the players who withdrew
	category  string // the standings of a category of players
	change    bool   // show each player's FIDE rating change
	setChange bool   // --rating-change given; else the tournament's option decides
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
rounds, the values cut, and for DE the group and its games.

--active leaves out the players who withdrew; the others keep their places.

--category NAME shows the players of a category (category add) placed
among themselves, in the order of the standings: its prizes go by these
places.

--rating-change adds each player's FIDE rating change over the rounds shown,
for the rating of the tournament's pace (standard, rapid or blitz), by the
FIDE Rating Regulations in force: the expected score of table 8.1.2 for each
game played against a rated opponent, the 400-point rule (8.3.1, for players
rated below 2650), K from FIDE's list in the roster or by article 8.3.3, and
K lowered so that K times the games does not exceed 700. Forfeits, byes and
games against unrated opponents do not count. With --json each player has a
rating_change. Without the flag the tournament's option decides (tournament
option rating-change show); --rating-change=false leaves it out.`,
		Example: `  $ arbiter standings
  $ arbiter standings --round 3 --json
  $ arbiter standings --explain "Rossi, Mario"
  $ arbiter standings --category U1600`,
		Args:              cobra.NoArgs,
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, _ []string) error {
			opts.setChange = cmd.Flags().Changed("rating-change")
			return runStandings(cmd.Context(), a, opts)
		},
	}
	a.roundFlag(cmd, &opts.round, "the standings after round `N` (default: the last round paired)")
	cmd.Flags().StringVar(&opts.explain, "explain", "", "explain the tie-breaks of `PLAYER`")
	cmd.Flags().BoolVar(&opts.json, "json", false, "print the standings as JSON")
	cmd.Flags().BoolVar(&opts.active, "active", false, "leave out the players who withdrew (their places are kept)")
	categoryFlag(a, cmd, &opts.category, "the standings of the category `NAME`, placed among themselves")
	cmd.Flags().BoolVar(&opts.change, "rating-change", false, "show each player's FIDE rating change (FIDE Rating Regulations 8.3)")
	cmd.RegisterFlagCompletionFunc("explain", a.completion(func(a *app, cmd *cobra.Command, _ []string, prefix string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return a.completePlayers(cmd, prefix)
	}))
	return cmd
}

type standingJSON = desk.StandingView

func runStandings(ctx context.Context, a *app, opts *standingsOptions) error {
	if opts.round < 0 {
		return errors.New(a.tr().T("err.round", "Round", opts.round, "Example", 3))
	}
	return a.withDesk(ctx, desk.ReadOnly, func(db *desk.Desk) error {
		s, err := a.snapshot(ctx, db)
		if err != nil {
			return err
		}
		n := len(s.Rounds)
		if opts.round > 0 {
			if err := checkPaired(a.tr(), s, opts.round); err != nil {
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
		// So is an unknown category.
		var r prizes.Rules
		if opts.category != "" {
			if r, err = db.PrizeRules(ctx, s.Tournament.ID); err != nil {
				return err
			}
			if r.Category(opts.category) == nil {
				return noCategoryError(a.tr(), r, opts.category)
			}
		}
		if open := desk.OpenBoards(s, n); open > 0 {
			a.note(a.tr().T("cli.standings.open", "Round", n, "Open", a.tr().N("cli.boards", open)))
		}
		if in, err := tiebreakInput(a.tr(), s, n); err == nil {
			for _, w := range desk.RankWarnings(in) {
				a.note(a.tr().T("cli.standings.unrated", "Warning", w))
			}
		}
		if opts.explain != "" {
			in, err := tiebreakInput(a.tr(), s, n)
			if err != nil {
				return err
			}
			return explainStandings(a, s, in, opts)
		}
		in, st, err := rankAfter(a.tr(), s, n)
		if err != nil {
			return err
		}
		title := a.tr().T("cli.standings.title", "Round", n, "Rounds", s.Tournament.Rounds, "Name", s.Tournament.Name)
		if n == s.Tournament.Rounds && desk.OpenBoards(s, n) == 0 {
			title = a.tr().T("cli.standings.final", "Name", s.Tournament.Name)
		}
		if opts.category != "" {
			c, cst, err := desk.CategoryStandings(s, r, st, opts.category)
			if err != nil {
				return err
			}
			st = cst
			title = a.tr().T("cli.standings.categorytitle", "Category", c.Name, "Round", n, "Rounds", s.Tournament.Rounds, "Name", s.Tournament.Name)
		}
		if opts.active {
			st = desk.ActiveOnly(s, st)
		}
		show := opts.change
		if !opts.setChange {
			if show, err = db.ShowRatingChange(ctx, s.Tournament.ID); err != nil {
				return err
			}
		}
		var changes map[int]desk.RatingChange
		if show {
			rc, err := desk.RatingChanges(s, n)
			if err != nil {
				return err
			}
			changes = map[int]desk.RatingChange{}
			for _, c := range rc {
				changes[c.PN] = c
			}
		}
		if opts.json {
			views := desk.StandingViews(s, in, st)
			if changes != nil {
				for i := range views {
					v := math.Round(changes[views[i].PairingNumber].Value*100) / 100
					views[i].RatingChange = &v
				}
			}
			return writeJSON(a.stdout, views)
		}
		return printStandings(a, s, in, st, title, changes)
	})
}

// tiebreakInput prepares the tie-break computation over rounds 1 to n.
func tiebreakInput(l *locale.Localizer, s *desk.Snapshot, n int) (desk.RankInput, error) {
	in, err := desk.TiebreakInput(s, n)
	return in, chainError(l, err)
}

// rankAfter ranks the players after round n (desk.Rank).
func rankAfter(l *locale.Localizer, s *desk.Snapshot, n int) (desk.RankInput, []desk.Standing, error) {
	in, st, err := desk.Rank(s, n)
	return in, st, chainError(l, err)
}

// chainError says, in l's words, how to set a tie-break chain that cannot
// be read.
func chainError(l *locale.Localizer, err error) error {
	var de *desk.Error
	if errors.As(err, &de) && de.Input == "tiebreaks" {
		return fmt.Errorf("%w; %s", de.Err, l.T("cli.standings.chain"))
	}
	return err
}

// checkPaired returns an error saying, in l's words, which rounds there
// are when round r is not paired.
func checkPaired(l *locale.Localizer, s *desk.Snapshot, r int) error {
	switch n := len(s.Rounds); {
	case r >= 1 && r <= n:
		return nil
	case n == 0:
		return errors.New(l.T("cli.standings.nonepaired", "Round", r, "Name", s.Tournament.Name))
	case n == 1:
		return errors.New(l.T("cli.standings.onlyone", "Round", r))
	default:
		return errors.New(l.T("cli.standings.notpaired", "Round", r, "Last", n))
	}
}

func printStandings(a *app, s *desk.Snapshot, in desk.RankInput, st []desk.Standing, title string, changes map[int]desk.RatingChange) error {
	t := s.Tournament
	if len(st) == 0 {
		a.note(a.tr().T("cli.noplayers", "Name", t.Name))
		return nil
	}
	l := a.tr()
	fmt.Fprintln(a.stdout, title)
	right := []bool{true, true, false, true, true}
	head := []string{l.T("col.rank"), l.T("cli.col.no"), l.T("col.name"), l.T("col.rating"), l.T("col.points")}
	for _, sp := range in.Chain {
		head = append(head, sp.String())
		right = append(right, true)
	}
	if changes != nil {
		head = append(head, l.T("col.change"))
		right = append(right, true)
	}
	tb := newTable(right...)
	tb.add(head...)
	halves := halfColumns(in.Chain, st)
	for _, x := range st {
		e := s.Entry(x.PN)
		rank := strconv.Itoa(x.Rank)
		if x.Shared() {
			rank += "-" + strconv.Itoa(x.RankTo)
		}
		cells := []string{rank, strconv.Itoa(x.PN), e.Player.Name, ratingText(e.Player.Rating), x.Points.Fraction()}
		for i, sp := range in.Chain {
			if !x.Defined(i) {
				cells = append(cells, l.T("tb.undefined"))
				continue
			}
			cells = append(cells, figure(l, sp, x.Values[i], halves[i]))
		}
		if changes != nil {
			cells = append(cells, ratingChangeText(l, changes[x.PN]))
		}
		tb.add(cells...)
	}
	return tb.write(a.stdout)
}

// ratingChangeText writes a rating change with a sign and one decimal in the
// language's decimal mark ("+5.6", "-12.0"), "-" for a player with no
// rated game or no FIDE rating.
func ratingChangeText(l *locale.Localizer, c desk.RatingChange) string {
	if c.Rating == 0 || c.Games == 0 {
		return "-"
	}
	return l.Signed(c.Value, 1)
}

// figure formats a tie-break value as every table does (locale.Figure),
// in a column of halves or not; DE's 0 (no decision) as "-".
func figure(l *locale.Localizer, sp desk.TiebreakSpec, v float64, halves bool) string {
	if desk.Blank(sp, v) {
		return "-"
	}
	return l.Figure(v, halves)
}

// halfColumns reports, for each tie-break of chain, whether its values in
// st are all whole or half numbers (locale.Halves).
func halfColumns(chain []desk.TiebreakSpec, st []desk.Standing) []bool {
	out := make([]bool, len(chain))
	col := make([]float64, len(st))
	for i := range chain {
		for k, x := range st {
			col[k] = x.Values[i]
		}
		out[i] = locale.Halves(col)
	}
	return out
}

func explainStandings(a *app, s *desk.Snapshot, in desk.RankInput, opts *standingsOptions) error {
	e, err := findEntry(s, opts.explain)
	if err != nil {
		return err
	}
	ex, err := desk.ExplainTiebreaks(in, e.PN)
	if err != nil {
		return err
	}
	if opts.json {
		return writeJSON(a.stdout, desk.ExplanationViews(ex))
	}
	card := in.Table.Card(e.PN)
	fmt.Fprintln(a.stdout, a.tr().T("cli.explain.title", "Player", entryLabel(e), "Points", pointsText(a.tr(), card.Score()), "Round", in.Table.Rounds))
	if s.Tournament.System == arbiter.DoubleSwiss {
		fmt.Fprintln(a.stdout, a.tr().T("cli.explain.doubleswiss"))
	}
	for _, x := range ex {
		fmt.Fprint(a.stdout, x.Format(a.tr().Word))
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
