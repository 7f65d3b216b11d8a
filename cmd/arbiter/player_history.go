package main

import (
	"context"
	"fmt"
	"strconv"

	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/spf13/cobra"
)

func newPlayerHistoryCmd(a *app) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "history <name|id:N>",
		Short: "Show a player's evenings",
		Long: `Show every tournament of the database a roster player took part in, oldest
first: the final place (after the last round paired), the points, the
rounds and the tournament performance rating (TPR, C.07 art. 10; "-"
without a rated opponent).`,
		Example: `  $ arbiter player history "Rossi, Mario"
  $ arbiter player history id:12 --json`,
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runPlayerHistory(cmd.Context(), a, args[0], asJSON)
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the history as JSON")
	return cmd
}

// historyJSON is one evening of a player's history in JSON. Field names
// are stable: add, never rename.
type historyJSON struct {
	Tournament  int64   `json:"tournament_id"`
	Name        string  `json:"name"`
	Date        string  `json:"date"`
	Rank        int     `json:"rank"`
	RankTo      int     `json:"rank_to"`
	Players     int     `json:"players"`
	Points      float64 `json:"points"`
	Rounds      int     `json:"rounds"`
	Performance int     `json:"performance"`
}

func runPlayerHistory(ctx context.Context, a *app, ref string, asJSON bool) error {
	return a.withDesk(ctx, desk.ReadOnly, func(d *desk.Desk) error {
		ps, err := d.Roster(ctx)
		if err != nil {
			return err
		}
		p, err := findRosterPlayer(a, ps, ref)
		if err != nil {
			return err
		}
		lines, err := d.History(ctx, p.ID)
		if err != nil {
			return err
		}
		out := []historyJSON{}
		for _, h := range lines {
			out = append(out, historyJSON{h.Tournament.ID, h.Tournament.Name, h.Tournament.Date, h.Rank, h.RankTo,
				h.Players, h.Points.Points(), h.Rounds, h.Performance})
		}
		if asJSON {
			return writeJSON(a.stdout, out)
		}
		l := a.tr()
		if len(out) == 0 {
			a.note(l.T("history.none", "Name", p.Name))
			return nil
		}
		fmt.Fprintln(a.stdout, l.T("history.title", "Name", p.Name, "ID", "id:"+strconv.FormatInt(p.ID, 10)))
		tb := newTable(false, false, true, true, true, true)
		tb.add(l.T("season.col.date"), l.T("season.col.evening"), l.T("col.rank"), l.T("col.points"), l.T("history.col.rounds"), l.T("col.perf"))
		for _, h := range out {
			perf := "-"
			if h.Performance > 0 {
				perf = strconv.Itoa(h.Performance)
			}
			place := "-"
			if h.Rounds > 0 {
				place = l.T("history.place", "Place", placeText(h.Rank, h.RankTo), "Players", h.Players)
			}
			tb.add(h.Date, h.Name, place,
				l.Decimal(h.Points, -1), strconv.Itoa(h.Rounds), perf)
		}
		return tb.write(a.stdout)
	})
}
