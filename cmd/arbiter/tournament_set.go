package main

import (
	"context"
	"errors"
	"strconv"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

type tournamentSetOptions struct {
	flags tournamentFlags
	set   *pflag.FlagSet
	// fromRound, with --system round-robin, continues a Swiss as an
	// all-play-all from that round (desk.ContinueAllPlayAll).
	fromRound int
}

func newTournamentSetCmd(a *app) *cobra.Command {
	opts := &tournamentSetOptions{}
	cmd := &cobra.Command{
		Use:   "set",
		Short: "Change the settings of the current tournament",
		Long: `Change settings of the current tournament. Each change is logged with the old
and the new value. The rounds planned cannot go below the rounds paired.
Standings always follow the settings in force, so a new bye value or
tie-break chain applies to the rounds already played too.

A new --rating-type (the rating the players are seeded by: FIDE, national,
the higher, ...) or --pace (the FIDE rating of the pace) seeds the entries
again while round 1 is not paired: each takes the rating the tournament now
chooses from the roster, and the pairing numbers follow the initial order.
Once round 1 is paired the pairing numbers are fixed (C.04.2 art. 2) and the
entries keep the ratings they were seeded with, for the pairings, the
tie-breaks and the FIDE rating change alike: stderr says so, and player
edit --rating corrects one entry.

When a round of a Swiss cannot be paired (FIDE C.04.3 1.9), --system
round-robin --from-round N continues the event from round N, the next round
to pair, as an all-play-all among the players still in: round pair then
pairs each round from the FIDE Berger tables (C.05 Annex 1), a new cycle in
which games of the Swiss rounds are played again, with the table's colours
and, for an odd field, its bye as the pairing-allocated bye. The players
take their Berger numbers in the order of the scores after round N-1, equal
scores by pairing number (C.04.3 art. 1.2). The rounds planned become the
rounds played plus the cycle (--rounds may lower them afterwards to end
earlier); the event stays a Swiss, with its tie-breaks. arbiter undo takes
the continuation back, once any round paired since is undone.`,
		Example: `  $ arbiter tournament set --rounds 6
  $ arbiter tournament set --tiebreaks BH-C1,BH,SB --bye-value 0.5
  $ arbiter tournament set --system round-robin --from-round 5`,
		Args:              cobra.NoArgs,
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, _ []string) error {
			opts.set = cmd.Flags()
			return runTournamentSet(cmd.Context(), a, opts)
		},
	}
	opts.flags.register(cmd.Flags())
	cmd.Flags().StringVar(&opts.flags.name, "name", "", "the tournament's new `NAME`")
	cmd.Flags().IntVar(&opts.fromRound, "from-round", 0, "with --system round-robin: continue the Swiss as an all-play-all from round `N`, the next to pair")
	return cmd
}

func runTournamentSet(ctx context.Context, a *app, opts *tournamentSetOptions) error {
	if opts.set.NFlag() == 0 || (opts.set.NFlag() == countChanged(opts.set, "db", "tournament")) {
		return usageErrorf("%s", a.tr().T("err.tset.nothing"))
	}
	return a.withDesk(ctx, desk.ReadWrite, func(db *desk.Desk) error {
		old, err := a.resolveTournament(ctx, db)
		if err != nil {
			return err
		}
		t := old
		if err := opts.flags.apply(a.tr(), opts.set, &t); err != nil {
			return err
		}
		if err := opts.flags.report.apply(opts.set, &t, a.tr()); err != nil {
			return err
		}
		if opts.set.Changed("from-round") {
			return continueAllPlayAll(ctx, a, db, t, opts)
		}
		rs, err := db.UpdateTournamentSeeds(ctx, t)
		if errors.Is(err, desk.ErrRoundRobinPaired) {
			s, err := a.snapshot(ctx, db)
			if err != nil {
				return err
			}
			return usageErrorf("%s", a.tr().T("err.tset.rrpaired", "Paired", s.Next()-1, "Round", s.Next()))
		} else if err != nil {
			return err
		}
		l := a.tr()
		a.note(l.T("cli.tset.updated", "ID", t.ID, "Name", strconv.Quote(t.Name), "Settings", describeTournament(l, t)))
		if rs.Tournament.ID != 0 {
			reseedNotes(a, []desk.Reseed{rs})
		}
		return nil
	})
}

// continueAllPlayAll continues the Swiss t as an all-play-all from round
// --from-round (C.04.3 1.9, C.05 Annex 1) with the other settings given,
// in one transaction, and says the field in Berger order.
func continueAllPlayAll(ctx context.Context, a *app, db *desk.Desk, t arbiter.Tournament, opts *tournamentSetOptions) error {
	l := a.tr()
	sys, err := arbiter.ParseSystem(opts.flags.format.system)
	switch {
	case !opts.set.Changed("system") || err != nil || sys != arbiter.RoundRobin:
		return usageErrorf("%s", l.T("err.tset.fromsystem"))
	case opts.set.Changed("rounds") || opts.set.Changed("double"):
		return usageErrorf("%s", l.T("err.tset.fromrounds"))
	}
	plan, err := db.ContinueAllPlayAll(ctx, t, opts.fromRound)
	if err != nil {
		return err
	}
	s, err := a.snapshot(ctx, db)
	if err != nil {
		return err
	}
	c := plan.Continuation
	a.note(l.T("cli.tset.allplayall", "Name", t.Name, "From", c.From, "Players", len(c.Players), "Cycle", plan.Cycle,
		"Last", c.From+plan.Cycle-1, "Rounds", plan.Rounds, "After", c.From-1))
	tab, err := s.Table(c.From - 1)
	if err != nil {
		return err
	}
	tb := newTable(true, true, false, true)
	tb.add(l.T("cli.tset.berger"), l.T("cli.col.no"), l.T("col.name"), l.T("col.points"))
	for i, pn := range c.Players {
		tb.add(strconv.Itoa(i+1), strconv.Itoa(pn), s.Entry(pn).Player.Name, tab.Card(pn).Score().Fraction())
	}
	return tb.write(a.stdout)
}

// countChanged counts which of the named flags were given.
func countChanged(fs *pflag.FlagSet, names ...string) int {
	n := 0
	for _, name := range names {
		if fs.Changed(name) {
			n++
		}
	}
	return n
}
