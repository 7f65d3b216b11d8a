package main

import (
	"context"
	"fmt"
	"strconv"

	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/spf13/cobra"
)

type rosterRatingsOptions struct {
	json bool
}

func newRosterRatingsCmd(a *app) *cobra.Command {
	opts := &rosterRatingsOptions{}
	cmd := &cobra.Command{
		Use:   "ratings",
		Short: "List the club rating of the roster's players",
		Long: `List the club rating of every roster player who has played at the club, best
first: a Glicko-2 rating (Mark Glickman, "Example of the Glicko-2 system",
2013) computed from every evening in the database, each evening a rating
period, games not played over the board left out. A player starts from the
FIDE rating they entered their first evening with, else the Elo Italia, or at
1500 with a large deviation (RD 350) if they had neither: the amateurs the
federations do not rate are placed by their results at the club. RD says
how sure the rating is (it shrinks with games and grows with absence).

A tournament seeds its players by the club rating with tournament set
--rating-type OTHER.`,
		Example: `  $ arbiter roster ratings
  $ arbiter roster ratings --json`,
		Args:              cobra.NoArgs,
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runRosterRatings(cmd.Context(), a, opts)
		},
	}
	cmd.Flags().BoolVar(&opts.json, "json", false, "print the club ratings as JSON")
	return cmd
}

// clubRatingJSON is one player's club rating. Field names are stable.
type clubRatingJSON struct {
	ID       int64   `json:"id"`
	Name     string  `json:"name"`
	Rating   int     `json:"rating"`
	Exact    float64 `json:"rating_exact"`
	RD       float64 `json:"rd"`
	Games    int     `json:"games"`
	Evenings int     `json:"evenings"`
}

func runRosterRatings(ctx context.Context, a *app, opts *rosterRatingsOptions) error {
	return a.withDesk(ctx, desk.ReadOnly, func(db *desk.Desk) error {
		rs, err := db.ClubRatings(ctx)
		if err != nil {
			return err
		}
		if opts.json {
			out := make([]clubRatingJSON, 0, len(rs))
			for _, r := range rs {
				out = append(out, clubRatingJSON{ID: r.Player.ID, Name: r.Player.Name, Rating: r.Rating, Exact: r.Exact, RD: r.RD, Games: r.Games, Evenings: r.Evenings})
			}
			return writeJSON(a.stdout, out)
		}
		if len(rs) == 0 {
			a.note(a.tr().T("cli.roster_ratings.empty"))
			return nil
		}
		l := a.tr()
		fmt.Fprintln(a.stdout, l.T("cli.roster_ratings.title"))
		tb := newTable(true, false, true, true, true, true)
		tb.add(l.T("col.rank"), l.T("col.name"), l.T("col.rating"), l.T("col.rd"), l.T("col.games"), l.T("col.evenings"))
		for i, r := range rs {
			tb.add(strconv.Itoa(i+1), r.Player.Name, strconv.Itoa(r.Rating), strconv.Itoa(int(r.RD+0.5)), strconv.Itoa(r.Games), strconv.Itoa(r.Evenings))
		}
		return tb.write(a.stdout)
	})
}
