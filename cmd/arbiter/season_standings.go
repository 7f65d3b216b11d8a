package main

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/season"
	"github.com/spf13/cobra"
)

// seasonTable is a season computed: its evenings and the table.
type seasonTable = desk.SeasonTable

type seasonStandingsOptions struct {
	explain string
	json    bool
}

func newSeasonStandingsCmd(a *app, ref *string) *cobra.Command {
	opts := &seasonStandingsOptions{}
	cmd := &cobra.Command{
		Use:   "standings",
		Short: "Show the season table",
		Long: `Show the season table: for each player the season points of every evening,
in brackets when they do not count (only the best N do), "-" for an
evening not played, the total and the season's tie-breaks. Each evening is
ranked by its own standings after its last round paired.

--explain PLAYER shows where each of that player's figures comes from.`,
		Example: `  $ arbiter season standings
  $ arbiter season standings --json
  $ arbiter season standings --explain "Rossi, Mario"`,
		Args:              cobra.NoArgs,
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runSeasonStandings(cmd.Context(), a, *ref, opts)
		},
	}
	cmd.Flags().StringVar(&opts.explain, "explain", "", "explain the figures of `PLAYER`")
	cmd.Flags().BoolVar(&opts.json, "json", false, "print the table as JSON")
	return cmd
}

// seasonStandingJSON is one line of the season table in JSON. Field names
// are stable: add, never rename. "tiebreaks" is keyed by the season's
// tie-break codes.
type seasonStandingJSON struct {
	Rank      int                `json:"rank"`
	RankTo    int                `json:"rank_to"`
	PlayerID  int64              `json:"player_id"`
	Name      string             `json:"name"`
	Total     float64            `json:"total"`
	Evenings  []seasonCellJSON   `json:"evenings"`
	Tiebreaks map[string]float64 `json:"tiebreaks"`
}

type seasonCellJSON struct {
	Tournament    int64   `json:"tournament_id"`
	Played        bool    `json:"played"`
	Rank          int     `json:"rank"`
	RankTo        int     `json:"rank_to"`
	GamePoints    float64 `json:"game_points"`
	Points        float64 `json:"points"`
	Participation float64 `json:"participation"`
	Score         float64 `json:"score"`
	Counted       bool    `json:"counted"`
}

func runSeasonStandings(ctx context.Context, a *app, ref string, opts *seasonStandingsOptions) error {
	return a.withDesk(ctx, desk.ReadOnly, func(d *desk.Desk) error {
		st, err := d.SeasonTable(ctx, ref)
		if err != nil {
			return seasonError(a, err)
		}
		if opts.explain != "" {
			return explainSeason(a, st, opts.explain, opts.json)
		}
		if opts.json {
			out := make([]seasonStandingJSON, 0, len(st.Standings))
			for _, x := range st.Standings {
				out = append(out, standingJSONOf(st, x))
			}
			return writeJSON(a.stdout, out)
		}
		return printSeason(a, st)
	})
}

func standingJSONOf(st *seasonTable, x season.Standing) seasonStandingJSON {
	j := seasonStandingJSON{Rank: x.Rank, RankTo: x.RankTo, PlayerID: x.Player, Name: st.Names[x.Player], Total: x.Total,
		Evenings: []seasonCellJSON{}, Tiebreaks: map[string]float64{}}
	for i, c := range x.Cells {
		j.Evenings = append(j.Evenings, seasonCellJSON{Tournament: st.Evenings[i].Tournament.ID, Played: c.Played, Rank: c.Rank,
			RankTo: c.RankTo, GamePoints: c.GamePoints, Points: c.Base, Participation: c.Bonus, Score: c.Score, Counted: c.Counted})
	}
	for i, tb := range st.Season.Settings.Tiebreaks {
		j.Tiebreaks[tb.String()] = x.Values[i]
	}
	return j
}

// placeText writes a place, "3" or "3-4" when shared.
func placeText(rank, to int) string {
	if to > rank {
		return strconv.Itoa(rank) + "-" + strconv.Itoa(to)
	}
	return strconv.Itoa(rank)
}

// seasonCellText writes what an evening gives a player in the table: the
// score, in brackets when it does not count, "-" when not played.
func seasonCellText(a *app, c season.Cell) string {
	switch {
	case !c.Played:
		return "-"
	case !c.Counted:
		return "(" + a.tr().Decimal(c.Score, -1) + ")"
	}
	return a.tr().Decimal(c.Score, -1)
}

func printSeason(a *app, st *seasonTable) error {
	l := a.tr()
	fmt.Fprintln(a.stdout, l.T("season.title", "Name", st.Season.Name))
	fmt.Fprintln(a.stdout, seasonRules(a.tr(), st.Season.Settings))
	for i, s := range st.Evenings {
		fmt.Fprintln(a.stdout, l.T("season.evening", "N", i+1, "Name", s.Tournament.Name))
	}
	if len(st.Standings) == 0 {
		a.note(l.T("season.empty", "Name", st.Season.Name))
		return nil
	}
	right := []bool{true, false}
	head := []string{l.T("col.rank"), l.T("col.name")}
	for i := range st.Evenings {
		head = append(head, strconv.Itoa(i+1))
		right = append(right, true)
	}
	head = append(head, l.T("season.col.total"))
	right = append(right, true)
	for _, tb := range st.Season.Settings.Tiebreaks {
		head = append(head, tb.String())
		right = append(right, true)
	}
	tb := newTable(right...)
	tb.add(head...)
	for _, x := range st.Standings {
		cells := []string{placeText(x.Rank, x.RankTo), st.Names[x.Player]}
		for _, c := range x.Cells {
			cells = append(cells, seasonCellText(a, c))
		}
		cells = append(cells, l.Decimal(x.Total, -1))
		for _, v := range x.Values {
			cells = append(cells, l.Decimal(v, -1))
		}
		tb.add(cells...)
	}
	return tb.write(a.stdout)
}

// findSeasonPlayer returns the line of the season table of the player ref
// names: "id:N", or a name matching one player of the season (case and
// accents ignored, either order).
func findSeasonPlayer(a *app, st *seasonTable, ref string) (season.Standing, error) {
	var hits []season.Standing
	for _, x := range st.Standings {
		if ref == "id:"+strconv.FormatInt(x.Player, 10) || arbiter.SameName(st.Names[x.Player], ref) {
			hits = append(hits, x)
		}
	}
	if len(hits) == 1 {
		return hits[0], nil
	}
	if len(hits) > 1 {
		return season.Standing{}, errors.New(a.tr().T("season.err.ambiguous", "Ref", ref))
	}
	return season.Standing{}, errors.New(a.tr().T("season.err.noplayer", "Ref", ref, "Name", st.Season.Name))
}

// seasonExplainJSON is one player's season explained, in JSON.
type seasonExplainJSON struct {
	seasonStandingJSON
	Best int `json:"best"`
}

func explainSeason(a *app, st *seasonTable, ref string, asJSON bool) error {
	x, err := findSeasonPlayer(a, st, ref)
	if err != nil {
		return err
	}
	set := st.Season.Settings
	if asJSON {
		return writeJSON(a.stdout, seasonExplainJSON{standingJSONOf(st, x), set.Best})
	}
	l := a.tr()
	fmt.Fprintln(a.stdout, l.T("season.explain.title", "Player", st.Names[x.Player], "Place", placeText(x.Rank, x.RankTo),
		"Total", l.Decimal(x.Total, -1), "Name", st.Season.Name))
	played := 0
	for i, c := range x.Cells {
		ev := st.Evenings[i]
		if !c.Played {
			fmt.Fprintln(a.stdout, "  "+l.T("season.explain.absent", "N", i+1, "Evening", ev.Tournament.Name))
			continue
		}
		played++
		var how string
		switch set.Scoring.Kind {
		case season.Places:
			how = l.T("season.explain.places", "Points", l.Decimal(c.Base, -1))
			if c.RankTo > c.Rank {
				if set.Ties == season.Break {
					how = l.T("season.explain.broken", "Points", l.Decimal(c.Base, -1))
				} else {
					how = l.T("season.explain.shared", "Points", l.Decimal(c.Base, -1), "Places", placeText(c.Rank, c.RankTo))
				}
			}
		case season.Points:
			how = l.T("season.explain.points", "Points", l.Decimal(c.Base, -1))
		default:
			how = l.T("season.explain.percent", "Points", l.Decimal(c.Base, -1), "Rounds", len(ev.Rounds))
		}
		if c.Bonus != 0 {
			how += l.T("season.explain.bonus", "Points", l.Decimal(c.Bonus, -1), "Score", l.Decimal(c.Score, -1))
		}
		counts := l.T("season.explain.counts")
		if !c.Counted {
			counts = l.N("season.explain.dropped", set.Best, "N", set.Best)
		}
		fmt.Fprintln(a.stdout, "  "+l.T("season.explain.evening", "N", i+1, "Evening", ev.Tournament.Name,
			"Place", placeText(c.Rank, c.RankTo), "Players", len(ev.Entries), "Games", l.N("cli.points", pointsCount(c.GamePoints), "Points", arbiter.Score(c.GamePoints*2).Fraction()),
			"How", how, "Counts", counts))
	}
	for i, tb := range set.Tiebreaks {
		fmt.Fprintln(a.stdout, "  "+l.T("season.explain.tb."+tb.String(), "Value", l.Decimal(x.Values[i], -1)))
	}
	return nil
}

// pointsCount is the plural count of a number of game points: one for
// ½ and 1 ("1 point"), other for the rest ("0 points", "2½ points").
func pointsCount(p float64) int {
	if p == 0.5 || p == 1 {
		return 1
	}
	return 2
}
