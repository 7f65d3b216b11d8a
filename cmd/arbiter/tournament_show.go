package main

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/store"
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
	return a.withStore(ctx, store.ReadOnly, func(db *store.DB) error {
		s, err := a.snapshot(ctx, db)
		if err != nil {
			return err
		}
		cur, err := db.Current(ctx)
		if err != nil {
			return err
		}
		t := s.Tournament
		ti := store.TournamentInfo{Tournament: t, Players: len(s.Entries), Paired: len(s.Rounds), Current: cur == t.ID}
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
		title := fmt.Sprintf("Tournament %d: %s", t.ID, t.Name)
		if ti.Current {
			title += " (current)"
		}
		fmt.Fprintln(a.stdout, title)
		tw := tabwriter.NewWriter(a.stdout, 0, 0, 2, ' ', 0)
		row := func(k, v string) {
			if v != "" {
				fmt.Fprintf(tw, "%s:\t%s\n", k, v)
			}
		}
		row("Date", t.Date)
		row("Venue", t.Venue)
		row("Rounds", fmt.Sprintf("%d (%d paired)", t.Rounds, len(s.Rounds)))
		players := strconv.Itoa(len(s.Entries))
		if withdrawn > 0 {
			players += fmt.Sprintf(" (%d withdrawn)", withdrawn)
		}
		row("Players", players)
		formatRows(row, s)
		tc := t.Pace.String()
		if t.TimeControl != "" {
			tc = t.TimeControl + " (" + tc + ")"
		}
		row("Time control", tc)
		row("Tie-breaks", fmt.Sprintf("%s (C.07 %d)", strings.Join(t.Tiebreaks, ", "), t.TiebreakEdition))
		row("Byes", fmt.Sprintf("pairing-allocated %s, requested %s, late entry %s per round missed", t.PABValue, t.HalfByeValue, t.LateValue))
		row("Deadline", t.Deadline)
		fc := "by lot"
		if t.FirstColour != arbiter.NoColour {
			fc = t.FirstColour.String() + " for player 1"
		}
		row("First colour", fc)
		row("Rules", fmt.Sprintf("FIDE Laws %d, Dutch system %d", t.LawsEdition, t.PairingEdition))
		return tw.Flush()
	})
}
