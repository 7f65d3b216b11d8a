package main

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/labyrinth-chess/arbiter/prizes"
	"github.com/spf13/cobra"
)

// newCategoryCmd returns the "category" noun: groups of players with
// prizes of their own.
func newCategoryCmd(a *app) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "category <command>",
		RunE:  nounRun,
		Short: "Define the categories of players that have prizes of their own",
		Long: `A category is a group of the tournament's players with prizes of its own
(prizes add --category NAME) and standings of its own (standings --category
NAME): a rating band, an age, the women, a club, the unrated. A player may
be in several categories. The criteria are read from what the roster knows
of each player: the rating the tournament seeds with, the year of birth,
the sex and the club.`,
	}
	cmd.AddCommand(newCategoryAddCmd(a), newCategoryListCmd(a), newCategoryRemoveCmd(a))
	return cmd
}

type categoryAddOptions struct {
	name                    string
	ratingBelow, ratingFrom int
	bornAfter, bornBefore   int
	age, sex, club          string
	unrated, rated          bool
	minPlayers              int
	set                     func(flag string) bool // the flag was given
}

func newCategoryAddCmd(a *app) *cobra.Command {
	opts := &categoryAddOptions{}
	cmd := &cobra.Command{
		Use:   "add <name>",
		Short: "Define a category of players",
		Long: `Define a category of the current tournament: the players who meet every
criterion given (none: everyone).

  --rating-below N   rated below N by the rating the tournament seeds with;
                     the unrated are below every band (add --rated to
                     leave them out)
  --rating-from N    rated N or more
  --born-after YEAR  born in a year after YEAR (U16 in 2026: --born-after 2009)
  --born-before YEAR born in a year before YEAR (over 50 in 2026: --born-before 1977)
  --age U16          the same by the tournament's year: U8 to U20 are the
                     players under that age on 1 January (born in the year
                     less the age, or later), O50 and O65 those who reach
                     that age in the year, as FIDE's youth and senior
                     championships count ages
  --sex F, --sex M   women, men
  --club CLUB        the players of a club (case and accents aside)
  --unrated, --rated the players without a rating, with one

A player whose year of birth or sex the roster does not know is in no
category by age or sex. --min-players N gives the category's prizes only
if it has at least N players.`,
		Example: `  $ arbiter category add U1600 --rating-below 1600
  $ arbiter category add U16 --age U16
  $ arbiter category add Donne --sex F --min-players 3
  $ arbiter category add "Over 50" --born-before 1977
  $ arbiter category add Navigli --club "Scacchi Navigli"`,
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.name = args[0]
			opts.set = cmd.Flags().Changed
			return runCategoryAdd(cmd.Context(), a, opts)
		},
	}
	f := cmd.Flags()
	f.IntVar(&opts.ratingBelow, "rating-below", 0, "players rated below `N` (and the unrated)")
	f.IntVar(&opts.ratingFrom, "rating-from", 0, "players rated `N` or more")
	f.IntVar(&opts.bornAfter, "born-after", 0, "players born after `YEAR`")
	f.IntVar(&opts.bornBefore, "born-before", 0, "players born before `YEAR`")
	f.StringVar(&opts.age, "age", "", "an age category by the tournament's year: `{U8..U20|O50|O65}`")
	f.StringVar(&opts.sex, "sex", "", "players of sex {F|M}")
	f.StringVar(&opts.club, "club", "", "players of the club `CLUB`")
	f.BoolVar(&opts.unrated, "unrated", false, "players without a rating")
	f.BoolVar(&opts.rated, "rated", false, "players with a rating")
	f.IntVar(&opts.minPlayers, "min-players", 0, "give the category's prizes only if it has at least `N` players")
	_ = cmd.RegisterFlagCompletionFunc("sex", cobra.FixedCompletions([]cobra.Completion{"F", "M"}, cobra.ShellCompDirectiveNoFileComp))
	_ = cmd.RegisterFlagCompletionFunc("age", cobra.FixedCompletions([]cobra.Completion{"U8", "U10", "U12", "U14", "U16", "U18", "U20", "O50", "O65"}, cobra.ShellCompDirectiveNoFileComp))
	return cmd
}

// criteria returns the criteria the flags give, in the order of
// prizes.Kinds; a sex is read as F or M (W for F).
func (o *categoryAddOptions) criteria(l *locale.Localizer) ([]prizes.Criterion, error) {
	var cs []prizes.Criterion
	num := func(flag string, k prizes.Kind, n int) {
		if o.set(flag) {
			cs = append(cs, prizes.Criterion{Kind: k, Value: strconv.Itoa(n)})
		}
	}
	num("rating-from", prizes.RatingFrom, o.ratingFrom)
	num("rating-below", prizes.RatingBelow, o.ratingBelow)
	if o.rated {
		cs = append(cs, prizes.Criterion{Kind: prizes.Rated})
	}
	if o.unrated {
		cs = append(cs, prizes.Criterion{Kind: prizes.Unrated})
	}
	num("born-after", prizes.BornAfter, o.bornAfter)
	num("born-before", prizes.BornBefore, o.bornBefore)
	if o.set("sex") {
		sex := strings.ToUpper(strings.TrimSpace(o.sex))
		if sex == "W" {
			sex = "F"
		}
		if sex != "F" && sex != "M" {
			return nil, usageErrorf("%s", l.T("cli.category.sex", "Value", strconv.Quote(o.sex)))
		}
		cs = append(cs, prizes.Criterion{Kind: prizes.Sex, Value: sex})
	}
	if o.set("club") {
		cs = append(cs, prizes.Criterion{Kind: prizes.Club, Value: strings.TrimSpace(o.club)})
	}
	return cs, nil
}

func runCategoryAdd(ctx context.Context, a *app, opts *categoryAddOptions) error {
	l := a.tr()
	if opts.minPlayers < 0 {
		return usageErrorf("%s", l.T("cli.category.min", "Value", opts.minPlayers))
	}
	cs, err := opts.criteria(l)
	if err != nil {
		return err
	}
	return a.withDesk(ctx, desk.ReadWrite, func(db *desk.Desk) error {
		s, err := a.snapshot(ctx, db)
		if err != nil {
			return err
		}
		r, err := db.PrizeRules(ctx, s.Tournament.ID)
		if err != nil {
			return err
		}
		if c := r.Category(opts.name); c != nil {
			return errors.New(l.T("cli.category.taken", "Name", c.Name))
		}
		c, err := db.AddCategory(ctx, s.Tournament.ID, desk.CategoryInput{Name: opts.name, Criteria: cs, Age: opts.age, MinPlayers: opts.minPlayers})
		if err != nil {
			return prizeError(l, err)
		}
		n := 0
		for _, e := range s.Entries {
			if c.Admits(prizes.MemberOf(e.Player)) {
				n++
			}
		}
		if len(s.Entries) == 0 {
			a.note(l.T("cli.category.defined", "Name", c.Name, "What", l.Word(c.Phrase())))
			return nil
		}
		a.note(l.N("cli.category.added", n, "Name", c.Name, "What", l.Word(c.Phrase()), "Count", n))
		if c.MinPlayers > n {
			a.note(l.T("cli.category.fewer", "Name", c.Name, "Min", c.MinPlayers))
		}
		return nil
	})
}

// prizeError words a refusal of the desk about a category or a prize in
// l's words when the prizes package said why, as it is otherwise.
func prizeError(l *locale.Localizer, err error) error {
	var pe *prizes.Error
	if errors.As(err, &pe) {
		return errors.New(l.Word(pe.Phrase()))
	}
	var de *desk.Error
	if errors.As(err, &de) && de.Fix != "" {
		return hint(err, "%s", de.Fix)
	}
	return err
}

type categoryListOptions struct{ json bool }

func newCategoryListCmd(a *app) *cobra.Command {
	opts := &categoryListOptions{}
	cmd := &cobra.Command{
		Use:   "list",
		Short: "List the categories with their criteria and players",
		Long: `List the categories of the current tournament: the name, the criteria, the
fewest players it needs for its prizes, and how many players of the
tournament it has.`,
		Example: `  $ arbiter category list
  $ arbiter category list --json`,
		Args:              cobra.NoArgs,
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runCategoryList(cmd.Context(), a, opts)
		},
	}
	cmd.Flags().BoolVar(&opts.json, "json", false, "print the categories as JSON")
	return cmd
}

func runCategoryList(ctx context.Context, a *app, opts *categoryListOptions) error {
	return a.withDesk(ctx, desk.ReadOnly, func(db *desk.Desk) error {
		s, err := a.snapshot(ctx, db)
		if err != nil {
			return err
		}
		r, err := db.PrizeRules(ctx, s.Tournament.ID)
		if err != nil {
			return err
		}
		views := desk.CategoryViews(s, r)
		if opts.json {
			return writeJSON(a.stdout, views)
		}
		l := a.tr()
		if len(views) == 0 {
			a.note(l.T("cli.category.none", "Name", s.Tournament.Name))
			return nil
		}
		tb := newTable(false, false, true, true)
		tb.add(l.T("cli.col.category"), l.T("cli.col.criteria"), l.T("cli.col.minplayers"), l.T("cli.col.players"))
		for i, v := range views {
			min := ""
			if v.MinPlayers > 1 {
				min = strconv.Itoa(v.MinPlayers)
			}
			tb.add(v.Name, l.Word(r.Categories[i].Phrase()), min, strconv.Itoa(v.Players))
		}
		return tb.write(a.stdout)
	})
}

func newCategoryRemoveCmd(a *app) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "remove <name>",
		Short: "Remove a category and its prizes",
		Long: `Remove a category of the current tournament and the prizes it has, in one
change (undo puts both back).`,
		Example:           `  $ arbiter category remove U1600`,
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: a.completion((*app).completeCategories),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runCategoryRemove(cmd.Context(), a, args[0])
		},
	}
	return cmd
}

func runCategoryRemove(ctx context.Context, a *app, name string) error {
	l := a.tr()
	return a.withDesk(ctx, desk.ReadWrite, func(db *desk.Desk) error {
		t, err := a.resolveTournament(ctx, db)
		if err != nil {
			return err
		}
		r, err := db.PrizeRules(ctx, t.ID)
		if err != nil {
			return err
		}
		c := r.Category(name)
		if c == nil {
			return noCategoryError(l, r, name)
		}
		removed, err := db.RemoveCategory(ctx, t.ID, c.Name)
		if err != nil {
			return prizeError(l, err)
		}
		a.note(l.N("cli.category.removed", len(removed), "Name", c.Name, "Count", len(removed)))
		return nil
	})
}

// noCategoryError says, in l's words, that r has no category name, and
// which it has.
func noCategoryError(l *locale.Localizer, r prizes.Rules, name string) error {
	if len(r.Categories) == 0 {
		return errors.New(l.T("cli.category.nosuch.none", "Name", strconv.Quote(name)))
	}
	var names []string
	for _, c := range r.Categories {
		names = append(names, c.Name)
	}
	return errors.New(l.T("cli.category.nosuch", "Name", strconv.Quote(name), "Names", strings.Join(names, ", ")))
}

// completeCategories completes the names of the current tournament's
// categories.
func (a *app) completeCategories(cmd *cobra.Command, args []string, prefix string) ([]cobra.Completion, cobra.ShellCompDirective) {
	if len(args) > 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	return a.categoryNames(cmd, prefix)
}

// categoryNames completes category names starting with prefix.
func (a *app) categoryNames(cmd *cobra.Command, prefix string) ([]cobra.Completion, cobra.ShellCompDirective) {
	db := a.completeStore(cmd)
	if db == nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	defer db.Close()
	t, err := db.Tournament(cmd.Context(), a.tournamentRef())
	if err != nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	r, err := db.PrizeRules(cmd.Context(), t.ID)
	if err != nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	var out []cobra.Completion
	for _, c := range r.Categories {
		if strings.HasPrefix(strings.ToLower(c.Name), strings.ToLower(prefix)) {
			out = append(out, c.Name)
		}
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

// categoryJSON is the JSON form of a category (desk.CategoryView).
type categoryJSON = desk.CategoryView
