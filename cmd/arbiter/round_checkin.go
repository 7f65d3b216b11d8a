package main

import (
	"context"
	"errors"
	"slices"
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/spf13/cobra"
)

type roundCheckinOptions struct {
	round   int
	players []string
	absent  bool // round absent: the players named are the absent ones
	cancel  bool // round absent --cancel: take the absences back
}

func newRoundCheckinCmd(a *app) *cobra.Command {
	opts := &roundCheckinOptions{}
	cmd := &cobra.Command{
		Use:   "checkin <player>...",
		Short: "Mark who is present for the next round",
		Long: `Mark who is present for the next round, by pairing number or name: everyone
else still in the tournament is marked absent. An absent player is not
paired and scores what the tournament's check-in policy says
(tournament set --absent-value, 0 by default, or 0.5: a zero- or half-point
bye, FIDE C.04.2 art. 3.3); a bye the player asked for stands as asked.
The pairing's explanation names who was left out and why. Checking a player
in again takes back an absence marked at check-in.

When the tournament requires presence (round presence --require on), the
players named are marked present from this round on, as they would say it
from their phones, and nobody is marked absent now: round pair leaves out
whoever is not present then.`,
		Example: `  $ arbiter round checkin 1 2 3 5 8 "Rossi, Mario"
  $ arbiter round checkin 4 --round 5`,
		Args: cobra.MinimumNArgs(1),
		ValidArgsFunction: func(cmd *cobra.Command, _ []string, prefix string) ([]cobra.Completion, cobra.ShellCompDirective) {
			return a.completePlayers(cmd, prefix)
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.players = args
			return runRoundCheckin(cmd.Context(), a, opts)
		},
	}
	a.roundFlag(cmd, &opts.round, "the round `N` to check in (default: the next round to pair)")
	return cmd
}

func newRoundAbsentCmd(a *app) *cobra.Command {
	opts := &roundCheckinOptions{absent: true}
	cmd := &cobra.Command{
		Use:   "absent <player>...",
		Short: "Mark players absent for the next round",
		Long: `Mark players absent for the next round, by pairing number or name. They are
not paired and score what the tournament's check-in policy says
(tournament set --absent-value, 0 by default, or 0.5); a bye a player asked
for stands as asked. --cancel takes absences marked at check-in back.`,
		Example: `  $ arbiter round absent 4 "Verdi, Ugo"
  $ arbiter round absent 4 --cancel`,
		Args: cobra.MinimumNArgs(1),
		ValidArgsFunction: func(cmd *cobra.Command, _ []string, prefix string) ([]cobra.Completion, cobra.ShellCompDirective) {
			return a.completePlayers(cmd, prefix)
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.players = args
			return runRoundCheckin(cmd.Context(), a, opts)
		},
	}
	a.roundFlag(cmd, &opts.round, "the round `N` (default: the next round to pair)")
	cmd.Flags().BoolVar(&opts.cancel, "cancel", false, "take the absences back: the players are present")
	return cmd
}

func runRoundCheckin(ctx context.Context, a *app, opts *roundCheckinOptions) error {
	return a.withDesk(ctx, desk.ReadWrite, func(db *desk.Desk) error {
		mode := desk.CheckinPresent
		switch {
		case opts.cancel:
			mode = desk.CheckinCancel
		case opts.absent:
			mode = desk.CheckinAbsent
		}
		out, err := db.CheckInRound(ctx, desk.CheckinRequest{Tournament: a.tournamentRef(), Round: opts.round, Players: opts.players, Mode: mode})
		s, n := out.Snapshot, out.Round
		switch {
		case s == nil:
			return a.tournamentError(err)
		case errors.Is(err, desk.ErrNotFound):
			return hintPhrase(err, findHint)
		case err != nil:
			return err
		case out.Marks != nil:
			markedNotes(a, s, out.Marks)
			return nil
		}
		absent := slices.Clone(out.Absent)
		slices.SortFunc(absent, func(x, y arbiter.Entry) int { return x.PN - y.PN })
		var absentNames []string
		for _, e := range absent {
			absentNames = append(absentNames, s.Label(e.PN))
		}
		if len(out.Present) > 0 {
			a.note(a.tr().N("cli.checkin.present", len(out.Present), "Round", n))
		}
		if len(absentNames) > 0 {
			a.note(a.tr().T("cli.checkin.absent", "Round", n, "Points", s.Tournament.ByeValue(out.Kind).String(), "Names", strings.Join(absentNames, "; ")))
		} else if !opts.absent && !opts.cancel {
			a.note(a.tr().T("cli.checkin.noneabsent", "Round", n))
		}
		return nil
	})
}

// markedNotes says who was marked present, round by round, in a
// tournament that requires presence.
func markedNotes(a *app, s *desk.Snapshot, ms []arbiter.PresenceMark) {
	byRound := map[int][]string{}
	var rounds []int
	for _, m := range ms {
		if byRound[m.Round] == nil {
			rounds = append(rounds, m.Round)
		}
		byRound[m.Round] = append(byRound[m.Round], s.Label(m.PN))
	}
	for _, n := range rounds {
		a.note(a.tr().T("cli.presence.marked", "Round", n, "Names", strings.Join(byRound[n], "; ")))
	}
}
