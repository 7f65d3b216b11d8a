package main

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/spf13/cobra"
)

type playerListOptions struct {
	roster bool
	json   bool
}

func newPlayerListCmd(a *app) *cobra.Command {
	opts := &playerListOptions{}
	cmd := &cobra.Command{
		Use:   "list",
		Short: "List the players of the current tournament",
		Long: `List the players of the current tournament in pairing-number order, with
their status and the byes they asked for. --roster lists the club roster
instead, with the roster IDs that player add id:N takes.`,
		Example: `  $ arbiter player list
  $ arbiter player list --json
  $ arbiter player list --roster`,
		Args:              cobra.NoArgs,
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runPlayerList(cmd.Context(), a, opts)
		},
	}
	cmd.Flags().BoolVar(&opts.roster, "roster", false, "list the club roster instead")
	cmd.Flags().BoolVar(&opts.json, "json", false, "print the list as JSON")
	return cmd
}

// rosterJSON is the JSON form of a roster player (desk.RosterView).
type rosterJSON = desk.RosterView

func runPlayerList(ctx context.Context, a *app, opts *playerListOptions) error {
	return a.withDesk(ctx, desk.ReadOnly, func(db *desk.Desk) error {
		if opts.roster {
			return listRoster(ctx, a, db, opts.json)
		}
		s, err := a.snapshot(ctx, db)
		if err != nil {
			return err
		}
		if opts.json {
			out := make([]playerJSON, 0, len(s.Entries))
			for _, e := range s.Entries {
				out = append(out, toPlayerJSON(e, s.Requests))
			}
			return writeJSON(a.stdout, out)
		}
		if len(s.Entries) == 0 {
			a.note(a.tr().T("cli.noplayers", "Name", s.Tournament.Name))
			return nil
		}
		l := a.tr()
		tb := newTable(true, false, true)
		tb.add(l.T("cli.col.no"), l.T("col.name"), l.T("col.rating"), l.T("col.title"), l.T("col.club"), l.T("col.status"))
		for _, e := range s.Entries {
			p := e.Player
			tb.add(strconv.Itoa(e.PN), p.Name, ratingText(p.Rating), string(p.Title), p.Club, statusText(l, s, e))
		}
		return tb.write(a.stdout)
	})
}

// ratingText writes a rating, "-" for unrated.
func ratingText(r int) string {
	if r == 0 {
		return "-"
	}
	return fmt.Sprint(r)
}

// statusText describes an entry's state in words.
func statusText(l *locale.Localizer, s *desk.Snapshot, e arbiter.Entry) string {
	var parts []string
	switch {
	case e.Status == arbiter.Withdrawn:
		parts = append(parts, l.T("cli.status.withdrawnfrom", "Round", e.WithdrawnFrom))
	case e.JoinedRound > 1:
		parts = append(parts, l.T("cli.status.activefrom", "Round", e.JoinedRound))
	default:
		parts = append(parts, l.T("cli.status.active"))
	}
	for _, r := range s.Requests {
		if r.PN == e.PN {
			parts = append(parts, l.T("cli.status.request", "Bye", byeWords(l, r.Kind), "Round", r.Round))
		}
	}
	return strings.Join(parts, ", ")
}

// byeWords names a kind of bye.
func byeWords(l *locale.Localizer, k arbiter.ByeKind) string {
	switch k {
	case arbiter.PAB:
		return l.T("cli.bye.pab")
	case arbiter.HalfBye:
		return l.T("cli.bye.halfbye")
	case arbiter.ZeroBye:
		return l.T("cli.bye.zerobye")
	case arbiter.FullBye:
		return l.T("cli.bye.fullbye")
	case arbiter.Unpaired:
		return l.T("cli.bye.unpaired")
	}
	return ""
}

func listRoster(ctx context.Context, a *app, db *desk.Desk, asJSON bool) error {
	ps, err := db.Roster(ctx)
	if err != nil {
		return err
	}
	if asJSON {
		out := make([]rosterJSON, 0, len(ps))
		for _, p := range ps {
			out = append(out, desk.RosterViewOf(p))
		}
		return writeJSON(a.stdout, out)
	}
	l := a.tr()
	tb := newTable(false, false, true)
	tb.add(l.T("cli.col.id"), l.T("col.name"), l.T("col.rating"), l.T("col.title"), l.T("col.club"), l.T("col.fideid"))
	for _, p := range ps {
		tb.add(fmt.Sprintf("id:%d", p.ID), p.Name, ratingText(p.Rating), string(p.Title), p.Club, p.FIDEID)
	}
	return tb.write(a.stdout)
}
