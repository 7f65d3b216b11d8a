package main

import (
	"context"

	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

type tournamentSetOptions struct {
	flags tournamentFlags
	set   *pflag.FlagSet
}

func newTournamentSetCmd(a *app) *cobra.Command {
	opts := &tournamentSetOptions{}
	cmd := &cobra.Command{
		Use:   "set",
		Short: "Change the settings of the current tournament",
		Long: `Change settings of the current tournament. Each change is logged with the old
and the new value. The rounds planned cannot go below the rounds paired.
Standings always follow the settings in force, so a new bye value or
tie-break chain applies to the rounds already played too.`,
		Example: `  $ arbiter tournament set --rounds 6
  $ arbiter tournament set --tiebreaks BH-C1,BH,SB --bye-value 0.5`,
		Args:              cobra.NoArgs,
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, _ []string) error {
			opts.set = cmd.Flags()
			return runTournamentSet(cmd.Context(), a, opts)
		},
	}
	opts.flags.register(cmd.Flags())
	cmd.Flags().StringVar(&opts.flags.name, "name", "", "the tournament's new `NAME`")
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
		if err := db.UpdateTournament(ctx, t); err != nil {
			return err
		}
		// In English as desk.Describe is (see tournament new).
		a.notef("Updated tournament %d %q: %s.", t.ID, t.Name, desk.Describe(t))
		return nil
	})
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
