package main

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/spf13/cobra"
)

type tournamentShowOptions struct {
	json bool
}

func newTournamentShowCmd(a *app) *cobra.Command {
	opts := &tournamentShowOptions{}
	cmd := &cobra.Command{
		Use:   "show",
		Short: "Show the settings of the current tournament",
		Example: `  $ arbiter tournament show
  $ arbiter tournament show --tournament "Labyrinth 12 May" --json`,
		Args:              cobra.NoArgs,
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runTournamentShow(cmd.Context(), a, opts)
		},
	}
	cmd.Flags().BoolVar(&opts.json, "json", false, "print the settings as JSON")
	return cmd
}

func runTournamentShow(ctx context.Context, a *app, opts *tournamentShowOptions) error {
	return a.withDesk(ctx, desk.ReadOnly, func(db *desk.Desk) error {
		s, err := a.snapshot(ctx, db)
		if err != nil {
			return err
		}
		cur, err := db.Current(ctx)
		if err != nil {
			return err
		}
		t := s.Tournament
		ti := desk.TournamentInfo{Tournament: t, Players: len(s.Entries), Paired: len(s.Rounds), Current: cur == t.ID}
		if opts.json {
			j := toTournamentJSON(ti)
			f := fitOf(s)
			j.Fit = &f
			return writeJSON(a.stdout, j)
		}
		withdrawn := 0
		for _, e := range s.Entries {
			if e.Status == arbiter.Withdrawn {
				withdrawn++
			}
		}
		title := "cli.show.title"
		if ti.Current {
			title = "cli.show.titlecurrent"
		}
		fmt.Fprintln(a.stdout, a.tr().T(title, "ID", t.ID, "Name", t.Name))
		tw := tabwriter.NewWriter(a.stdout, 0, 0, 2, ' ', 0)
		row := func(k, v string) {
			if v != "" {
				fmt.Fprintf(tw, "%s:\t%s\n", k, v)
			}
		}
		l := a.tr()
		row(l.T("cli.show.date"), t.Date)
		row(l.T("cli.show.venue"), t.Venue)
		rounds, chain := l.T("cli.show.roundsvalue", "Rounds", t.Rounds, "Paired", len(s.Rounds)), t.Tiebreaks
		if t.System == arbiter.RoundRobin && !t.Closed {
			// The rounds of a round robin are decided when registration
			// closes, from the field (C.05 Annex 1): those of the players
			// entered so far, and the chain it will rank by.
			rounds = l.T("cli.show.rrrounds")
			if n := len(s.Entries) - withdrawn; n >= 2 {
				rounds = l.N("cli.show.rrroundsnow", desk.RoundRobinRounds(n, desk.Cycles(t)), "Players", n)
			}
			chain = desk.RoundRobinChain(chain)
		}
		row(l.T("cli.show.rounds"), rounds)
		players := strconv.Itoa(len(s.Entries))
		if withdrawn > 0 {
			players = l.T("cli.show.withdrawn", "Players", players, "Withdrawn", withdrawn)
		}
		row(l.T("cli.show.players"), players)
		formatRows(row, s, l)
		tc := t.Pace.String()
		if t.TimeControl != "" {
			tc = t.TimeControl + " (" + tc + ")"
		}
		row(l.T("cli.show.timecontrol"), tc)
		row(l.T("cli.show.tiebreaks"), fmt.Sprintf("%s (C.07 %d)", strings.Join(chain, ", "), t.TiebreakEdition))
		row(l.T("cli.show.byes"), l.T("cli.show.byesvalue", "PAB", t.PABValue, "Half", t.HalfByeValue, "Late", t.LateValue))
		row(l.T("cli.show.deadline"), t.Deadline)
		fc := l.T("cli.show.bylot")
		switch t.FirstColour {
		case arbiter.White:
			fc = l.T("cli.show.forplayer1", "Colour", l.T("cli.colour.white"))
		case arbiter.Black:
			fc = l.T("cli.show.forplayer1", "Colour", l.T("cli.colour.black"))
		}
		row(l.T("cli.show.firstcolour"), fc)
		row(l.T("cli.show.rules"), l.T("cli.show.rulesvalue", "Laws", t.LawsEdition, "Pairing", t.PairingEdition))
		row(l.T("cli.show.language"), langName(l, t.Language))
		reportRows(row, t, l)
		return tw.Flush()
	})
}

// reportRows adds the report settings that are set: acceleration, the
// rating of unrated players, and what the FIDE report carries.
func reportRows(row func(k, v string), t arbiter.Tournament, l *locale.Localizer) {
	if t.Accelerated != "" {
		row(l.T("cli.show.accelerated"), l.T("cli.show.baku"))
	}
	if t.UnratedRating > 0 {
		row(l.T("cli.show.unrated"), strconv.Itoa(t.UnratedRating))
	}
	row(l.T("cli.show.federation"), t.Federation)
	row(l.T("cli.show.city"), t.City)
	row(l.T("cli.show.chief"), t.ChiefArbiter)
	row(l.T("cli.show.deputies"), strings.Join(t.Deputies, "; "))
	row(l.T("cli.show.enddate"), t.EndDate)
	var dates []string
	for i, d := range t.RoundDates {
		if d != "" {
			dates = append(dates, l.T("cli.show.rounddate", "Round", i+1, "Date", d))
		}
	}
	row(l.T("cli.show.rounddates"), strings.Join(dates, ", "))
	row(l.T("cli.show.timecode"), t.TimeCode)
	row(l.T("cli.show.ratingtype"), t.RatingType)
}
