package main

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/labyrinth-chess/arbiter/prizes"
	"github.com/spf13/cobra"
)

// newPrizesCmd returns the "prizes" noun: the prizes announced and who
// wins them.
func newPrizesCmd(a *app) *cobra.Command {
	cmd := &cobra.Command{
		Use:     "prizes <command>",
		Aliases: []string{"prize"},
		RunE:    nounRun,
		Short:   "Announce the prizes and see who wins them",
		Long: `The prizes of the current tournament: a prize for a place of the general
standings or of a category (category add), money ("100", "50 €") or a named
prize ("coppa", "libro").

Players level on points share as the tournament says (prizes sharing):

  none   the tie-breaks decide: each place's prize goes to its player
         (players level on every tie-break too share their places' money)
  equal  the money of the places the level players hold is added up and
         split equally among them
  hort   the Hort system: each level player keeps half the money of the
         place the tie-breaks give them; the other halves are added up
         and split equally among them

A named prize is never split: it goes to the player of its place.

A player wins one prize: the higher in value; at equal value the general
standings' (or the category's: prizes prefer category), then the category
defined first. The players below move up to the prizes left.

prizes list shows who wins what; before the last round it also shows what
each player can still win. print prizes prints the list for the wall.`,
	}
	cmd.AddCommand(newPrizesAddCmd(a), newPrizesListCmd(a), newPrizesRemoveCmd(a), newPrizesSharingCmd(a), newPrizesPreferCmd(a))
	return cmd
}

type prizesAddOptions struct {
	place    string
	value    string
	category string
	worth    string
}

func newPrizesAddCmd(a *app) *cobra.Command {
	opts := &prizesAddOptions{}
	cmd := &cobra.Command{
		Use:   "add <place> <value>",
		Short: "Announce the prize of a place",
		Long: `Announce the prize of a place of the general standings, or of a category with
--category NAME. The value is an amount of money ("100", "50 €", "€ 25,50")
or the name of a prize ("coppa", "libro"). --worth N says what a named
prize is worth when a player could win it and another prize: a player
keeps the one of higher value, and a named prize without --worth is worth
nothing against money.`,
		Example: `  $ arbiter prizes add 1 "100 €"
  $ arbiter prizes add 2 60
  $ arbiter prizes add 1 libro --category U1600
  $ arbiter prizes add 1 coppa --worth 30 --category Donne`,
		Args:              cobra.ExactArgs(2),
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.place, opts.value = args[0], args[1]
			return runPrizesAdd(cmd.Context(), a, opts)
		},
	}
	categoryFlag(a, cmd, &opts.category, "a prize of the category `NAME` (default: the general standings)")
	cmd.Flags().StringVar(&opts.worth, "worth", "", "what a named prize is worth, `N`, against other prizes")
	return cmd
}

// categoryFlag adds --category, completed with the categories.
func categoryFlag(a *app, cmd *cobra.Command, v *string, usage string) {
	cmd.Flags().StringVar(v, "category", "", usage)
	_ = cmd.RegisterFlagCompletionFunc("category", a.completion(func(a *app, cmd *cobra.Command, _ []string, prefix string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return a.categoryNames(cmd, prefix)
	}))
}

// parsePlace reads a place argument.
func parsePlace(l *locale.Localizer, s string) (int, error) {
	n, err := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(s), "°"))
	if err != nil || n < 1 {
		return 0, usageErrorf("%s", l.T("cli.prizes.place", "Value", strconv.Quote(s)))
	}
	return n, nil
}

func runPrizesAdd(ctx context.Context, a *app, opts *prizesAddOptions) error {
	l := a.tr()
	place, err := parsePlace(l, opts.place)
	if err != nil {
		return err
	}
	if strings.TrimSpace(opts.worth) != "" {
		w, err := prizes.ParseValue(opts.worth)
		if err != nil || !w.Money() {
			return usageErrorf("%s", l.T("cli.prizes.worthvalue", "Value", strconv.Quote(opts.worth)))
		}
		if v, err := prizes.ParseValue(opts.value); err == nil && v.Money() {
			return usageErrorf("%s", l.T("cli.prizes.worthmoney", "Value", prizeText(l, v)))
		}
	}
	return a.withDesk(ctx, desk.ReadWrite, func(db *desk.Desk) error {
		t, err := a.resolveTournament(ctx, db)
		if err != nil {
			return err
		}
		r, err := db.PrizeRules(ctx, t.ID)
		if err != nil {
			return err
		}
		if opts.category != "" && r.Category(opts.category) == nil {
			return noCategoryError(l, r, opts.category)
		}
		for _, p := range r.Prizes {
			if p.Place == place && sameList(r, p.Category, opts.category) {
				return errors.New(l.T("cli.prizes.taken", "List", listName(l, r, p.Category), "Place", l.Ordinal(place), "Value", prizeText(l, p.Value)))
			}
		}
		p, err := db.AddPrize(ctx, t.ID, desk.PrizeInput{Category: opts.category, Place: place, Value: opts.value, Worth: opts.worth})
		if err != nil {
			return prizeError(l, err)
		}
		a.note(l.T("cli.prizes.added", "List", listName(l, r, p.Category), "Place", l.Ordinal(p.Place), "Value", prizeText(l, p.Value)))
		return nil
	})
}

// sameList reports whether categories a and b of r are the same list
// ("" the general standings).
func sameList(r prizes.Rules, a, b string) bool {
	if a == "" || b == "" {
		return a == b
	}
	ca, cb := r.Category(a), r.Category(b)
	return ca != nil && cb != nil && ca.Name == cb.Name
}

// mark is the decimal mark of l's language.
func mark(l *locale.Localizer) string { return l.Decimal(0.5, 1)[1:2] }

// prizeText writes a prize's value in l's words: "100 €", "coppa".
func prizeText(l *locale.Localizer, v prizes.Value) string { return v.Text(mark(l)) }

// listName names a list in l's words: "the general standings", or the
// category's name.
func listName(l *locale.Localizer, r prizes.Rules, category string) string {
	if category == "" {
		return l.T("cli.prizes.general")
	}
	if c := r.Category(category); c != nil {
		category = c.Name
	}
	return l.T("cli.prizes.category", "Name", category)
}

type prizesRemoveOptions struct {
	category string
	all      bool
}

func newPrizesRemoveCmd(a *app) *cobra.Command {
	opts := &prizesRemoveOptions{}
	cmd := &cobra.Command{
		Use:   "remove [place]",
		Short: "Remove announced prizes",
		Long: `Remove the prize of a place of the general standings, or of a category with
--category NAME; without a place, every prize of that category; with --all,
every prize of the tournament. The categories stay (category remove).`,
		Example: `  $ arbiter prizes remove 3
  $ arbiter prizes remove 1 --category U1600
  $ arbiter prizes remove --category U1600
  $ arbiter prizes remove --all`,
		Args:              cobra.MaximumNArgs(1),
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runPrizesRemove(cmd.Context(), a, opts, args)
		},
	}
	categoryFlag(a, cmd, &opts.category, "the prizes of the category `NAME`")
	cmd.Flags().BoolVar(&opts.all, "all", false, "every prize of the tournament")
	return cmd
}

func runPrizesRemove(ctx context.Context, a *app, opts *prizesRemoveOptions, args []string) error {
	l := a.tr()
	place := 0
	switch {
	case opts.all && (len(args) > 0 || opts.category != ""):
		return usageErrorf("%s", l.T("cli.prizes.removeall"))
	case !opts.all && len(args) == 0 && opts.category == "":
		return usageErrorf("%s", l.T("cli.prizes.removewhat"))
	case len(args) == 1:
		var err error
		if place, err = parsePlace(l, args[0]); err != nil {
			return err
		}
	}
	return a.withDesk(ctx, desk.ReadWrite, func(db *desk.Desk) error {
		t, err := a.resolveTournament(ctx, db)
		if err != nil {
			return err
		}
		r, err := db.PrizeRules(ctx, t.ID)
		if err != nil {
			return err
		}
		if opts.category != "" && r.Category(opts.category) == nil {
			return noCategoryError(l, r, opts.category)
		}
		found := false
		for _, p := range r.Prizes {
			found = found || opts.all || (sameList(r, p.Category, opts.category) && (place == 0 || p.Place == place))
		}
		if !found {
			if opts.all {
				return errors.New(l.T("cli.prizes.nothing", "Name", t.Name))
			}
			if place != 0 {
				return errors.New(l.T("cli.prizes.noprize", "List", listName(l, r, opts.category), "Place", l.Ordinal(place)))
			}
			return errors.New(l.T("cli.prizes.noprizes", "List", listName(l, r, opts.category)))
		}
		removed, err := db.RemovePrizes(ctx, t.ID, opts.category, place, opts.all)
		if err != nil {
			return prizeError(l, err)
		}
		for _, p := range removed {
			a.note(l.T("cli.prizes.removed", "List", listName(l, r, p.Category), "Place", l.Ordinal(p.Place), "Value", prizeText(l, p.Value)))
		}
		return nil
	})
}

func newPrizesSharingCmd(a *app) *cobra.Command {
	var names []string
	for _, s := range prizes.Sharings {
		names = append(names, s.String())
	}
	cmd := &cobra.Command{
		Use:   "sharing [{" + strings.Join(names, "|") + "}]",
		Short: "Show or set how players level on points share prizes",
		Long: `Show or set how players level on points share the prizes: none (the
tie-breaks decide, the default), equal (the money of their places split
equally) or hort (the Hort system: half of each place's money by place,
the other half split equally). See arbiter help prizes.`,
		Example: `  $ arbiter prizes sharing
  $ arbiter prizes sharing hort`,
		Args:              cobra.MaximumNArgs(1),
		ValidArgsFunction: cobra.FixedCompletions(names, cobra.ShellCompDirectiveNoFileComp),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runPrizesSetting(cmd.Context(), a, "sharing", args)
		},
	}
	return cmd
}

func newPrizesPreferCmd(a *app) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "prefer [{general|category}]",
		Short: "Show or set which of two prizes of equal value a player keeps",
		Long: `A player wins one prize: the one of higher value. Show or set which one a
player keeps of two of equal value: the general standings' (general, the
default) or the category's (category), as the tournament's regulations say.`,
		Example: `  $ arbiter prizes prefer
  $ arbiter prizes prefer category`,
		Args:              cobra.MaximumNArgs(1),
		ValidArgsFunction: cobra.FixedCompletions([]cobra.Completion{"general", "category"}, cobra.ShellCompDirectiveNoFileComp),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runPrizesSetting(cmd.Context(), a, "prefer", args)
		},
	}
	return cmd
}

// runPrizesSetting shows setting key ("sharing" or "prefer") of the
// current tournament, or sets it to args[0].
func runPrizesSetting(ctx context.Context, a *app, key string, args []string) error {
	l := a.tr()
	var sharing prizes.Sharing
	categoryFirst := false
	if len(args) == 1 {
		v := strings.ToLower(strings.TrimSpace(args[0]))
		switch key {
		case "sharing":
			s, err := prizes.ParseSharing(v)
			if err != nil {
				return usageErrorf("%s", l.T("cli.prizes.sharingvalue", "Value", strconv.Quote(args[0])))
			}
			sharing = s
		default:
			if v != "general" && v != "category" {
				return usageErrorf("%s", l.T("cli.prizes.prefervalue", "Value", strconv.Quote(args[0])))
			}
			categoryFirst = v == "category"
		}
	}
	mode := desk.ReadOnly
	if len(args) == 1 {
		mode = desk.ReadWrite
	}
	return a.withDesk(ctx, mode, func(db *desk.Desk) error {
		t, err := a.resolveTournament(ctx, db)
		if err != nil {
			return err
		}
		if len(args) == 1 {
			if key == "sharing" {
				err = db.SetPrizeSharing(ctx, t.ID, sharing)
			} else {
				err = db.SetPrizePreference(ctx, t.ID, categoryFirst)
			}
			if err != nil {
				return err
			}
		}
		r, err := db.PrizeRules(ctx, t.ID)
		if err != nil {
			return err
		}
		text := rulesText(l, r, key)
		if len(args) == 1 {
			a.note(text)
			return nil
		}
		_, err = fmt.Fprintln(a.stdout, text)
		return err
	})
}

// rulesText says in l's words how r shares prizes ("sharing") or which
// of two a player keeps ("prefer").
func rulesText(l *locale.Localizer, r prizes.Rules, key string) string {
	if key == "sharing" {
		return l.T("prizes.sharing." + r.Sharing.String())
	}
	if r.CategoryFirst {
		return l.T("prizes.prefer.category")
	}
	return l.T("prizes.prefer.general")
}
