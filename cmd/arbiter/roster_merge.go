package main

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/spf13/cobra"
)

func newRosterMergeCmd(a *app) *cobra.Command {
	return &cobra.Command{
		Use:   "merge <keep> <duplicate>",
		Short: "Merge a player entered twice into one",
		Long: `Merge two roster entries of one person: the evenings of the duplicate become
the evenings of the player kept, details the kept entry lacks (rating,
FIDE ID, club, ...) are taken from the duplicate, and the duplicate leaves
the roster. Seasons then count the person once. Name players by roster ID
(id:12, see arbiter roster list) or by name. Two players of one evening are
two people and are not merged. The merge is written in the log.`,
		Example: `  $ arbiter roster merge id:3 id:17
  $ arbiter roster merge "Bianchi, Luca" "Bianchi, L."`,
		Args:              cobra.ExactArgs(2),
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runRosterMerge(cmd.Context(), a, args[0], args[1])
		},
	}
}

func runRosterMerge(ctx context.Context, a *app, keep, drop string) error {
	return a.withDesk(ctx, desk.ReadWrite, func(db *desk.Desk) error {
		ps, err := db.Roster(ctx)
		if err != nil {
			return err
		}
		k, err := findRosterPlayer(a, ps, keep)
		if err != nil {
			return err
		}
		d, err := findRosterPlayer(a, ps, drop)
		if err != nil {
			return err
		}
		p, err := db.MergePlayers(ctx, k.ID, d.ID)
		if err != nil {
			return err
		}
		a.note(a.tr().T("roster.merged", "Drop", "id:"+strconv.FormatInt(d.ID, 10)+" "+d.Name, "Keep", "id:"+strconv.FormatInt(p.ID, 10)+" "+p.Name))
		return nil
	})
}

// findRosterPlayer returns the roster player ref names: "id:N", or a
// name (accents, case and order ignored) only one roster player has.
func findRosterPlayer(a *app, ps []arbiter.Player, ref string) (arbiter.Player, error) {
	l := a.tr()
	if n, ok := strings.CutPrefix(strings.ToLower(strings.TrimSpace(ref)), "id:"); ok {
		id, err := strconv.ParseInt(n, 10, 64)
		if err == nil {
			for _, p := range ps {
				if p.ID == id {
					return p, nil
				}
			}
		}
		return arbiter.Player{}, errors.New(l.T("roster.err.noid", "Ref", ref))
	}
	var hits []arbiter.Player
	for _, p := range ps {
		if arbiter.SameName(p.Name, ref) {
			hits = append(hits, p)
		}
	}
	switch len(hits) {
	case 1:
		return hits[0], nil
	case 0:
		return arbiter.Player{}, errors.New(l.T("roster.err.noname", "Ref", ref))
	}
	ids := make([]string, len(hits))
	for i, p := range hits {
		ids[i] = "id:" + strconv.FormatInt(p.ID, 10)
	}
	return arbiter.Player{}, errors.New(l.T("roster.err.ambiguous", "Ref", ref, "IDs", strings.Join(ids, ", ")))
}
