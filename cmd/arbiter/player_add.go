package main

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/phrase"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

type playerAddOptions struct {
	name  string
	flags playerFlags
	set   *pflag.FlagSet
	new   bool
	json  bool
}

func newPlayerAddCmd(a *app) *cobra.Command {
	opts := &playerAddOptions{}
	cmd := &cobra.Command{
		Use:   "add <name|id:N>",
		Short: "Enter a player in the current tournament",
		Long: `Enter a player in the current tournament. A player already in the club
roster (same FIDE ID, or same name however written: "Rossi, Mario" is
"Mario Rossi") is entered again and the details given update the roster. A
name that only looks like a roster player's ("Mario Rosi", "M. Rossi") is
refused: enter that player with id:N, or add --new if it is someone else.`,
		Example: `  $ arbiter player add "Rossi, Mario" --rating 1850 --club Labyrinth
  $ arbiter player add id:12
  $ arbiter player add "Rossi, Mario" --new --birth-year 2012 --json`,
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.name = args[0]
			opts.set = cmd.Flags()
			return runPlayerAdd(cmd.Context(), a, opts)
		},
	}
	opts.flags.register(cmd.Flags())
	cmd.Flags().BoolVar(&opts.new, "new", false, "add a new club player even if the name looks like one in the roster")
	cmd.Flags().BoolVar(&opts.json, "json", false, "print the entry as JSON")
	return cmd
}

func runPlayerAdd(ctx context.Context, a *app, opts *playerAddOptions) error {
	if err := opts.flags.check(opts.set); err != nil {
		return err
	}
	name := strings.TrimSpace(opts.name)
	var addOpts desk.AddOptions
	addOpts.New = opts.new
	if id, ok := strings.CutPrefix(strings.ToLower(name), "id:"); ok {
		n, err := strconv.ParseInt(id, 10, 64)
		if err != nil || n < 1 {
			return errors.New("bad roster ID " + strconv.Quote(opts.name) + ": type id: and the number shown by arbiter player list --roster, e.g. id:12")
		}
		addOpts.PlayerID, name = n, ""
	} else if name == "" {
		return errors.New(a.tr().T("err.padd.name"))
	}
	return a.withDesk(ctx, desk.ReadWrite, func(db *desk.Desk) error {
		t, err := a.resolveTournament(ctx, db)
		if err != nil {
			return err
		}
		added, err := db.AddEntry(ctx, t.ID, opts.flags.player(name), addOpts)
		switch {
		case errors.Is(err, desk.ErrNumberAsName):
			return addNumberError(err)
		case errors.Is(err, desk.ErrAmbiguous):
			return hintPhrase(err, phrase.New("cli.player_add.ambiguous"))
		case errors.Is(err, desk.ErrAlreadyEntered) && withdrawnEntry(ctx, db, t.ID, err) != nil:
			return hint(err, "%s", a.tr().T("cli.player.returnhint", "PN", withdrawnEntry(ctx, db, t.ID, err).PN))
		case errors.Is(err, desk.ErrLikelyDuplicate):
			id := "N"
			var ie *desk.Error
			if errors.As(err, &ie) && len(ie.Players) == 1 {
				id = strconv.FormatInt(ie.Players[0], 10)
			}
			return hint(err, "%s", a.tr().T("err.hint.paddsame", "ID", id))
		case errors.Is(err, desk.ErrAlreadyEntered):
			return hint(err, "%s", a.tr().T("err.hint.paddnew"))
		case err != nil:
			return err
		}
		e := added.Entry
		if opts.json {
			return writeJSON(a.stdout, toPlayerJSON(e, nil))
		}
		l := a.tr()
		from := ""
		if e.JoinedRound > 1 {
			from = l.T("cli.entered.late", "Round", e.JoinedRound)
		}
		who := l.T("cli.entered.new")
		if !added.NewPlayer {
			who = l.T("cli.entered.club", "ID", strconv.FormatInt(e.Player.ID, 10))
		}
		a.note(l.T("cli.entered.player", "Player", entryLabel(e), "Name", t.Name, "Who", who, "From", from))
		return nil
	})
}

// addNumberError words the refusal of a number given as a name.
func addNumberError(err error) error {
	if errors.Is(err, desk.ErrAlreadyEntered) {
		return hintPhrase(err, phrase.New("err.hint.numberentered"))
	}
	return hintPhrase(err, phrase.New("err.hint.numbername"))
}

// withdrawnEntry returns the entry a refusal of an entry already made
// is about, when that player has withdrawn; nil otherwise.
func withdrawnEntry(ctx context.Context, d *desk.Desk, tid int64, err error) *arbiter.Entry {
	var ie *desk.Error
	if !errors.As(err, &ie) || len(ie.Players) != 1 {
		return nil
	}
	s, serr := d.Snapshot(ctx, strconv.FormatInt(tid, 10))
	if serr != nil {
		return nil
	}
	for i, e := range s.Entries {
		if e.Player.ID == ie.Players[0] && e.Status == arbiter.Withdrawn {
			return &s.Entries[i]
		}
	}
	return nil
}
