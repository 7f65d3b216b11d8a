package main

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

type tournamentNewOptions struct {
	name   string
	preset string
	flags  tournamentFlags
	set    *pflag.FlagSet
	json   bool
}

func newTournamentNewCmd(a *app) *cobra.Command {
	opts := &tournamentNewOptions{}
	cmd := &cobra.Command{
		Use:   "new <name>",
		Short: "Create a tournament and make it the current one",
		Long: `Create a tournament. Without flags it has 7 rounds, FIDE Laws 2023, C.07 2023
tie-breaks BH, DE, SB, a pairing-allocated bye worth 1 point, requested byes
worth 0.5 and nothing for rounds missed by a late entry.

--preset labyrinth sets the Labyrinth club evening: 7 rounds of 10 minutes
per player (blitz rules), tie-breaks BH, DE, SB, registration closing at
21:15. --preset double-blitz sets a club's double-blitz evening in the
Double-Swiss system (FIDE C.04.5): 5 rounds, each a match of two games of
3 minutes plus 2 seconds a move with the colours reversed, points counted
per game, the pairing-allocated bye worth 1.5 (a game won and a game drawn)
and a requested bye 1. Flags given with the preset override it.

--system double-swiss pairs by the Double-Swiss system with those byes.

The first colour is drawn by lot unless --first-colour says otherwise; the
seed of the lot is stored so the draw can be repeated.

The sheets and the workbook print in English or Italian (--lang en|it);
without --lang, in the language of the terminal: ARBITER_LANG=it, or an
Italian locale such as LANG=it_IT.UTF-8.`,
		Example: `  $ arbiter tournament new "Labyrinth 12 May" --preset labyrinth --date 2026-05-12
  $ arbiter tournament new "Club championship" --rounds 9 --tiebreaks BH-C1,BH,SB --pace standard
  $ arbiter tournament new "Serata Labyrinth" --preset labyrinth --lang it
  $ arbiter tournament new "Double blitz" --preset double-blitz --date 2026-05-19`,
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.name = args[0]
			opts.set = cmd.Flags()
			return runTournamentNew(cmd.Context(), a, opts)
		},
	}
	opts.flags.register(cmd.Flags())
	cmd.Flags().StringVar(&opts.preset, "preset", "", "start from a preset: {labyrinth|double-blitz}")
	cmd.Flags().BoolVar(&opts.json, "json", false, "print the tournament as JSON")
	return cmd
}

func runTournamentNew(ctx context.Context, a *app, opts *tournamentNewOptions) error {
	t := arbiter.NewTournament(strings.TrimSpace(opts.name))
	if t.Name == "" {
		return errors.New(a.tr().T("err.tnew.name"))
	}
	switch strings.ToLower(opts.preset) {
	case "":
	case "labyrinth":
		t.Labyrinth()
	case "double-blitz":
		t.DoubleBlitz()
	default:
		return errors.New(a.tr().T("err.tnew.preset", "Preset", strconv.Quote(opts.preset)))
	}
	// The sheets print in the organizer's language unless --lang says
	// otherwise.
	t.Language = a.termLang().String()
	if err := opts.flags.apply(a.tr(), opts.set, &t); err != nil {
		return err
	}
	if err := opts.flags.report.apply(opts.set, &t, a.tr()); err != nil {
		return err
	}
	if t.FirstColour == arbiter.NoColour && !opts.set.Changed("seed") {
		t.Seed = a.now().UnixNano()
	}
	return a.withDesk(ctx, desk.Create, func(db *desk.Desk) error {
		t, err := db.CreateTournament(ctx, t)
		if errors.Is(err, desk.ErrConflict) {
			return hint(err, "%s", a.tr().T("err.hint.tnewname"))
		}
		if err != nil {
			return err
		}
		if opts.json {
			return writeJSON(a.stdout, toTournamentJSON(desk.TournamentInfo{Tournament: t, Current: true}))
		}
		l := a.tr()
		a.note(l.T("cli.tnew.created", "ID", t.ID, "Name", strconv.Quote(t.Name), "Settings", describeTournament(l, t)))
		return nil
	})
}
