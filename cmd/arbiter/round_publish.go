package main

import (
	"context"
	"errors"

	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/spf13/cobra"
)

type roundPublishOptions struct {
	round int
}

func newRoundPublishCmd(a *app) *cobra.Command {
	opts := &roundPublishOptions{}
	cmd := &cobra.Command{
		Use:   "publish",
		Short: "Publish a paired round to the players",
		Long: `Publish the last round paired (or --round N): the pages of arbiter serve show
only published rounds, and each board of a published round gets a code for
the QR code of its slip and a PIN for each player. Print the slips after
publishing (arbiter print slips). Publishing a round again changes nothing.

round pair --publish pairs and publishes in one step; tournament web
--auto-publish on publishes every round as soon as it is paired.`,
		Example: `  $ arbiter round publish
  $ arbiter round publish --round 3`,
		Args:              cobra.NoArgs,
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runRoundPublish(cmd.Context(), a, opts)
		},
	}
	a.roundFlag(cmd, &opts.round, "publish round `N` (default: the last round paired)")
	return cmd
}

func runRoundPublish(ctx context.Context, a *app, opts *roundPublishOptions) error {
	if opts.round < 0 {
		return errors.New(a.tr().T("err.round", "Round", opts.round, "Example", 2))
	}
	return a.withDesk(ctx, desk.ReadWrite, func(d *desk.Desk) error {
		t, err := a.resolveTournament(ctx, d)
		if err != nil {
			return err
		}
		return publishRound(ctx, a, d, t.ID, opts.round)
	})
}

// publishRound publishes round n (0: the last paired) and says so.
func publishRound(ctx context.Context, a *app, d *desk.Desk, tid int64, n int) error {
	n, already, err := d.Publish(ctx, tid, n)
	if err != nil {
		return hint(err, "%s", a.tr().T("cli.round_publish.pairfirst"))
	}
	if already {
		a.note(a.tr().T("cli.published.already", "Round", n))
		return nil
	}
	a.note(a.tr().T("cli.published", "Round", n))
	return nil
}
