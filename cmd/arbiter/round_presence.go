package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/spf13/cobra"
)

type roundPresenceOptions struct {
	require string // "on", "off", or "" to leave the rule as it is
}

func newRoundPresenceCmd(a *app) *cobra.Command {
	opts := &roundPresenceOptions{}
	cmd := &cobra.Command{
		Use:   "presence",
		Short: "Show who is present for the next round, or require presence to pair",
		Long: `Show who is present for the next round to pair, who is not present yet, who
does not play it (a bye asked for, absent at check-in) and who left.
Players say it from their phones (arbiter serve: their own page, with their
PIN); the organizer marks players present with round checkin. Presence is
kept from round to round.

--require on makes round pair (and the Pair button of arbiter serve) pair
only the players present: everyone else still in is absent at the round's
check-in and scores what the tournament's check-in policy says (tournament
set --absent-value; FIDE C.04.2 art. 3.3), all in the pairing's one
transaction, and the pairing's explanation says who was left out and why.
--require off pairs everyone still in again.`,
		Example: `  $ arbiter round presence
  $ arbiter round presence --require on`,
		Args:              cobra.NoArgs,
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runRoundPresence(cmd.Context(), a, opts)
		},
	}
	cmd.Flags().StringVar(&opts.require, "require", "", "`on|off`: on pairs only the players present, off everyone still in")
	cmd.RegisterFlagCompletionFunc("require", cobra.FixedCompletions([]string{"on", "off"}, cobra.ShellCompDirectiveNoFileComp))
	return cmd
}

func runRoundPresence(ctx context.Context, a *app, opts *roundPresenceOptions) error {
	var on bool
	switch strings.ToLower(strings.TrimSpace(opts.require)) {
	case "":
	case "on", "yes", "true":
		on = true
	case "off", "no", "false":
	default:
		return usageErrorf("%s", a.tr().T("cli.presence.badrequire", "Value", opts.require))
	}
	mode := desk.ReadOnly
	if opts.require != "" {
		mode = desk.ReadWrite
	}
	return a.withDesk(ctx, mode, func(db *desk.Desk) error {
		s, err := a.snapshot(ctx, db)
		if err != nil {
			return err
		}
		tr := a.tr()
		if opts.require != "" {
			changed, err := db.SetPresenceRequired(ctx, s.Tournament.ID, on)
			if err != nil {
				return err
			}
			switch {
			case !changed && on:
				a.note(tr.T("cli.presence.same", "Rule", tr.T("cli.presence.required")))
			case !changed:
				a.note(tr.T("cli.presence.same", "Rule", tr.T("cli.presence.notrequired")))
			case on:
				a.note(tr.T("cli.presence.on"))
			default:
				a.note(tr.T("cli.presence.off"))
			}
			return nil
		}
		roll, err := db.Roll(ctx, s.Tournament.ID)
		if err != nil {
			return err
		}
		if roll.Round == 0 {
			fmt.Fprintln(a.stdout, tr.T("cli.presence.over", "Name", s.Tournament.Name))
			return nil
		}
		rule := tr.T("cli.presence.notrequired")
		if roll.Required {
			rule = tr.T("cli.presence.required")
		}
		fmt.Fprintln(a.stdout, tr.T("cli.presence.title", "Round", roll.Round, "Name", s.Tournament.Name, "Rule", rule))
		names := func(pns []int) string {
			if len(pns) == 0 {
				return tr.T("cli.presence.nobody")
			}
			var out []string
			for _, pn := range pns {
				out = append(out, s.Label(pn))
			}
			return strings.Join(out, "; ")
		}
		for _, l := range []struct {
			key string
			pns []int
		}{{"cli.presence.present", roll.Present}, {"cli.presence.missing", roll.Missing},
			{"cli.presence.skipping", roll.Skipping}, {"cli.presence.left", roll.Left}} {
			fmt.Fprintln(a.stdout, "  "+tr.T(l.key, "Count", len(l.pns), "Names", names(l.pns)))
		}
		return nil
	})
}

// absentNotes says who a pairing of a tournament that requires presence
// marks absent at check-in.
func absentNotes(a *app, out desk.PairOutcome) {
	p := out.Pairing
	if len(p.Absent) == 0 || out.Snapshot == nil {
		return
	}
	var names []string
	for _, pn := range p.Absent {
		names = append(names, out.Snapshot.Label(pn))
	}
	a.note(a.tr().T("cli.presence.absent", "Round", p.Round, "Points", out.Snapshot.Tournament.ByeValue(p.AbsentKind).String(),
		"Names", strings.Join(names, "; ")))
}
