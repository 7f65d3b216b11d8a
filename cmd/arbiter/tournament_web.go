package main

import (
	"context"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/spf13/cobra"
)

type tournamentWebOptions struct {
	publicURL   string
	autoPublish string
	unconfirmed string
	after       time.Duration
	// lateUntil is the cut-off of entries from the phone (late.go).
	lateUntil string
	lateSet   bool
}

func newTournamentWebCmd(a *app) *cobra.Command {
	opts := &tournamentWebOptions{}
	cmd := &cobra.Command{
		Use:   "web",
		Short: "Show or change the settings of arbiter serve",
		Long: `Show or change the current tournament's settings for arbiter serve:
--public-url is the address players reach the server at, printed in the QR
codes of the slips (without it, this machine's address on the network and
port 8080); --auto-publish on publishes each round as soon as it is paired.
A result reported from a board waits --unconfirmed-after (10m unless set)
for the opponent's confirmation; then --unconfirmed queue sends it to the
organizer (arbiter result queue), --unconfirmed confirm enters it as
reported, logged as confirmed by nobody. Until then round pair waits.
--late-until opens entries from the phone until a time (as arbiter serve
--late-until does; off closes them).`,
		Example: `  $ arbiter tournament web
  $ arbiter tournament web --public-url http://192.168.43.10:8080 --auto-publish on
  $ arbiter tournament web --unconfirmed confirm --unconfirmed-after 15m`,
		Args:              cobra.NoArgs,
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, _ []string) error {
			opts.lateSet = cmd.Flags().Changed("late-until")
			return runTournamentWeb(cmd.Context(), a, opts, cmd.Flags().Changed("public-url"), cmd.Flags().Changed("unconfirmed-after"))
		},
	}
	cmd.Flags().StringVar(&opts.publicURL, "public-url", "", "players reach the server at `URL` (empty: the address detected)")
	cmd.Flags().StringVar(&opts.autoPublish, "auto-publish", "", "publish every round when paired: {on|off}")
	cmd.Flags().StringVar(&opts.unconfirmed, "unconfirmed", "", "a report not confirmed in time goes to the organizer or is entered: {queue|confirm}")
	cmd.Flags().StringVar(&opts.lateUntil, "late-until", "", "newcomers may ask to enter from the phone until `TIME` (21:15, 2026-11-25 21:15, or off)")
	cmd.Flags().DurationVar(&opts.after, "unconfirmed-after", 0, "how long a report waits for the opponent, whole minutes (e.g. `15m`)")
	return cmd
}

func runTournamentWeb(ctx context.Context, a *app, opts *tournamentWebOptions, setURL, setAfter bool) error {
	if _, err := desk.ParseLateUntil(opts.lateUntil, a.now()); opts.lateSet && err != nil {
		return a.lateBad(opts.lateUntil)
	}
	if setAfter && (opts.after < time.Minute || opts.after > 24*time.Hour || opts.after%time.Minute != 0) {
		return usageErrorf("%s", a.tr().T("cli.web.bad-after", "Value", opts.after.String()))
	}
	if setURL && opts.publicURL != "" {
		u, err := url.Parse(opts.publicURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return usageErrorf("%s", a.tr().T("cli.tournament_web.url", "Value", strconv.Quote(opts.publicURL)))
		}
	}
	return a.withDesk(ctx, desk.ReadWrite, func(d *desk.Desk) error {
		t, err := a.resolveTournament(ctx, d)
		if err != nil {
			return err
		}
		ws, err := d.WebSettings(ctx, t.ID)
		if err != nil {
			return err
		}
		if setURL {
			ws.PublicURL = strings.TrimRight(opts.publicURL, "/")
		}
		switch opts.autoPublish {
		case "":
		case "on":
			ws.AutoPublish = true
		case "off":
			ws.AutoPublish = false
		default:
			return usageErrorf("%s", a.tr().T("cli.tournament_web.auto", "Value", strconv.Quote(opts.autoPublish)))
		}
		switch opts.unconfirmed {
		case "":
		case "queue":
			ws.AutoConfirm = false
		case "confirm":
			ws.AutoConfirm = true
		default:
			return usageErrorf("%s", a.tr().T("cli.web.bad-unconfirmed", "Value", opts.unconfirmed))
		}
		if setAfter {
			ws.UnconfirmedAfter = opts.after
		}
		if err := d.SetWebSettings(ctx, t.ID, ws); err != nil {
			return err
		}
		auto := a.tr().T("cli.web.off")
		if ws.AutoPublish {
			auto = a.tr().T("cli.web.on")
		}
		policy := a.tr().T("cli.web.queue")
		if ws.AutoConfirm {
			policy = a.tr().T("cli.web.confirm")
		}
		_, err = fmt.Fprintln(a.stdout, a.tr().T("cli.web.settings", "URL", slipBase(ws), "Auto", auto, "Policy", policy, "Wait", minutes(ws.Wait())))
		if err != nil || !opts.lateSet {
			return err
		}
		// Entries from the phone (late.go).
		until, err := a.setLateUntil(ctx, d, t.ID, opts.lateUntil)
		if err != nil {
			return err
		}
		_, err = fmt.Fprintln(a.stdout, a.lateNote(until, strings.TrimSuffix(slipBase(ws), "/")+"/join"))
		return err
	})
}
