package main

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/spf13/cobra"
)

// noShowNotes says which players were paired although they lost the
// round before by forfeit, and which the tournament's option withdrew.
func noShowNotes(a *app, out desk.PairOutcome, dryRun bool) {
	for _, x := range out.Withdrawn {
		a.note(a.tr().T("cli.noshow.withdrawn", "Player", entryLabel(x.Entry), "Round", x.Round, "Next", x.Round+1))
	}
	for _, x := range out.NoShows {
		if dryRun {
			a.note(a.tr().T("cli.noshow.dryrun", "Player", entryLabel(x.Entry), "Round", x.Round, "PN", x.Entry.PN))
			continue
		}
		a.note(a.tr().T("cli.noshow.paired", "Player", entryLabel(x.Entry), "Round", x.Round, "PN", x.Entry.PN))
	}
}

type tournamentOptionOptions struct {
	club bool
}

func newTournamentOptionCmd(a *app) *cobra.Command {
	opts := &tournamentOptionOptions{}
	keys := make([]string, 0, len(desk.Options()))
	var help strings.Builder
	for k := range desk.Options() {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(&help, "  %-14s %s\n", k, strings.Join(desk.Options()[k], " | "))
	}
	cmd := &cobra.Command{
		Use:   "option <key> [value]",
		Short: "Show or set an option of the tournament or the club",
		Long: `Show or set an option of the current tournament (or, with --club, of the
club: every tournament of the database). The first value is the default.

` + help.String() + `
no-shows says what a forfeit loss does at the next round pair: flag says the
player is still active and pairs them; withdraw withdraws them from the next
round on first. names surname-first refuses a new name typed without a
comma ("Olga Petrova"), saying how to type it ("Petrova, Olga"), so that
lists sort by surname. rating-change show shows each player's FIDE rating
change: a column of arbiter standings and of the workbook's standings, the
workbook's rating report, and on each player's page of arbiter serve and of
the published site, the change so far game by game.`,
		Example: `  $ arbiter tournament option no-shows withdraw
  $ arbiter tournament option names surname-first --club
  $ arbiter tournament option rating-change show`,
		Args:              cobra.RangeArgs(1, 2),
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runTournamentOption(cmd.Context(), a, opts, args)
		},
	}
	cmd.Flags().BoolVar(&opts.club, "club", false, "the club's option, for every tournament")
	return cmd
}

func runTournamentOption(ctx context.Context, a *app, opts *tournamentOptionOptions, args []string) error {
	key := strings.ToLower(strings.TrimSpace(args[0]))
	vals, ok := desk.Options()[key]
	if !ok {
		return usageErrorf("%s", a.tr().T("cli.tournament_option.unknown", "Option", strconv.Quote(args[0])))
	}
	if len(args) == 2 && !slices.Contains(vals, strings.ToLower(strings.TrimSpace(args[1]))) {
		return usageErrorf("%s", a.tr().T("cli.tournament_option.value", "Option", key, "Value", strconv.Quote(args[1]), "Values", strings.Join(vals, ", ")))
	}
	mode := desk.ReadOnly
	if len(args) == 2 {
		mode = desk.ReadWrite
	}
	return a.withDesk(ctx, mode, func(d *desk.Desk) error {
		var tid int64
		where := "the club"
		if !opts.club {
			t, err := a.resolveTournament(ctx, d)
			if err != nil {
				return err
			}
			tid, where = t.ID, t.Name
		}
		if len(args) == 2 {
			v := strings.ToLower(strings.TrimSpace(args[1]))
			if err := d.SetOption(ctx, tid, key, v); err != nil {
				return err
			}
			a.note(a.tr().T("cli.option.set", "Key", key, "Where", where, "Value", v))
			return nil
		}
		v, err := d.Option(ctx, tid, key)
		if err != nil {
			return err
		}
		fmt.Fprintln(a.stdout, v)
		return nil
	})
}
