package main

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

type playerEditOptions struct {
	ref   string
	flags playerFlags
	set   *pflag.FlagSet
}

func newPlayerEditCmd(a *app) *cobra.Command {
	opts := &playerEditOptions{}
	cmd := &cobra.Command{
		Use:   "edit <player>",
		Short: "Correct a player's details",
		Long: `Correct a player's details in the club roster. A new rating is also the
rating the player has in the current tournament; before round 1 is paired
the pairing numbers follow it, afterwards they stay. Every change is logged
with the old and the new value.`,
		Example: `  $ arbiter player edit 7 --rating 1910
  $ arbiter player edit "Rosi, Mario" --name "Rossi, Mario"
  $ arbiter player edit id:12 --fide-id 12345678`,
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: a.completePlayerArg,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.ref = args[0]
			opts.set = cmd.Flags()
			return runPlayerEdit(cmd.Context(), a, opts)
		},
	}
	opts.flags.register(cmd.Flags())
	cmd.Flags().StringVar(&opts.flags.name, "name", "", "the player's corrected `NAME`")
	return cmd
}

func runPlayerEdit(ctx context.Context, a *app, opts *playerEditOptions) error {
	if opts.set.NFlag() == countChanged(opts.set, "db", "tournament") {
		return usageErrorf("%s", a.tr().T("err.pedit.nothing"))
	}
	if err := opts.flags.checkIn(a.tr(), opts.set); err != nil {
		return err
	}
	if opts.set.Changed("name") && strings.TrimSpace(opts.flags.name) == "" {
		return errors.New(a.tr().T("err.pedit.name"))
	}
	return a.withDesk(ctx, desk.ReadWrite, func(db *desk.Desk) error {
		var tid, id int64
		t, terr := a.resolveTournament(ctx, db)
		if idText, ok := strings.CutPrefix(strings.ToLower(strings.TrimSpace(opts.ref)), "id:"); ok {
			n, err := strconv.ParseInt(idText, 10, 64)
			if err != nil {
				return errors.New("bad roster ID " + strconv.Quote(opts.ref) + ": type id: and the number shown by arbiter player list --roster, e.g. id:12")
			}
			id = n
			if terr == nil {
				tid = t.ID
			}
		} else {
			if terr != nil {
				return terr
			}
			s, err := db.Snapshot(ctx, strconv.FormatInt(t.ID, 10))
			if err != nil {
				return err
			}
			e, err := findEntry(s, opts.ref)
			if err != nil {
				return err
			}
			tid, id = t.ID, e.Player.ID
		}
		p, err := db.EditPlayer(ctx, tid, id, opts.flags.change(opts.set))
		if err != nil {
			return err
		}
		a.note(a.tr().T("cli.pedit.updated", "ID", p.ID, "Name", p.Name))
		return nil
	})
}
