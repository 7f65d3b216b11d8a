package main

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/labyrinth-chess/arbiter/prizes"
	"github.com/spf13/cobra"
)

type prizesListOptions struct {
	round int
	json  bool
}

// prizeListJSON is the JSON form of the prize list (desk.PrizeListView).
type prizeListJSON = desk.PrizeListView

func newPrizesListCmd(a *app) *cobra.Command {
	opts := &prizesListOptions{}
	cmd := &cobra.Command{
		Use:   "list",
		Short: "Show who wins which prize",
		Long: `Show the prizes of the current tournament and who wins them in the standings
after the last round paired (or after --round N), list by list: the
general standings, then each category. Each line is a place: the prize
announced, what its player wins (shared as prizes sharing says, with the
places and the players it is shared with), the player. A prize no one can
have says why: no player left for it, or a category with fewer players
than its minimum.

Before the last round, and while it is played, it also lists what each
player can still win: the places each can reach with the points left to
score, and their prizes. --json prints the whole list as JSON.`,
		Example: `  $ arbiter prizes list
  $ arbiter prizes list --json
  $ arbiter prizes list --round 6`,
		Args:              cobra.NoArgs,
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runPrizesList(cmd.Context(), a, opts)
		},
	}
	a.roundFlag(cmd, &opts.round, "the prizes of the standings after round `N` (default: the last round paired)")
	cmd.Flags().BoolVar(&opts.json, "json", false, "print the prize list as JSON")
	return cmd
}

func runPrizesList(ctx context.Context, a *app, opts *prizesListOptions) error {
	l := a.tr()
	if opts.round < 0 {
		return usageErrorf("%s", l.T("err.round", "Round", opts.round, "Example", 3))
	}
	return a.withDesk(ctx, desk.ReadOnly, func(db *desk.Desk) error {
		s, err := a.snapshot(ctx, db)
		if err != nil {
			return err
		}
		n := len(s.Rounds)
		if opts.round > 0 {
			if err := checkPaired(l, s, opts.round); err != nil {
				return err
			}
			n = opts.round
		}
		list, err := db.Prizes(ctx, s, n)
		if err != nil {
			return chainError(l, err)
		}
		if opts.json {
			return writeJSON(a.stdout, desk.PrizeListViewOf(s, list))
		}
		if list.Empty() {
			a.note(l.T("cli.prizes.nothing", "Name", s.Tournament.Name))
			return nil
		}
		if open := desk.OpenBoards(s, n); open > 0 {
			a.note(l.T("cli.prizes.open", "Round", n, "Open", l.N("cli.boards", open)))
		}
		return writePrizeList(a.stdout, l, s, list)
	})
}

// writePrizeList writes the prize list as prizes list prints it.
func writePrizeList(w io.Writer, l *locale.Localizer, s *desk.Snapshot, list *prizes.List) error {
	t := s.Tournament
	title := l.T("cli.prizes.title", "Name", t.Name)
	if list.Round > 0 {
		title = l.T("cli.prizes.titleafter", "Round", list.Round, "Rounds", t.Rounds, "Name", t.Name)
	}
	fmt.Fprintln(w, title)
	fmt.Fprintln(w, rulesText(l, list.Rules, "sharing")+" "+rulesText(l, list.Rules, "prefer"))
	for _, sec := range list.Sections() {
		fmt.Fprintln(w)
		fmt.Fprintln(w, listTitle(l, list, sec.Category))
		tb := newTable(true, true, true, true, false, false)
		head := []string{l.T("col.place"), l.T("col.prize"), l.T("col.won"), l.T("cli.col.no"), l.T("col.name"), l.T("col.shared")}
		shared := false
		for _, row := range sec.Rows {
			shared = shared || (row.Award != nil && len(row.Award.Group) > 0)
		}
		if !shared {
			head = head[:5]
		}
		tb.add(head...)
		for _, row := range sec.Rows {
			cells := []string{strconv.Itoa(row.Place), "", "", "", "", ""}
			if row.Prize != nil {
				cells[1] = prizeText(l, *row.Prize)
			}
			switch {
			case row.Award != nil:
				a := row.Award
				cells[2] = a.Text(mark(l))
				cells[3] = strconv.Itoa(a.PN)
				cells[4] = s.Entry(a.PN).Player.Name
				cells[5] = sharedText(l, *a)
			case row.Unawarded != nil:
				cells[2] = "-"
				cells[4] = unawardedText(l, *row.Unawarded)
			case list.Round == 0:
			default:
				cells[2] = "-"
			}
			tb.add(cells[:len(head)]...)
		}
		if err := tb.write(w); err != nil {
			return err
		}
	}
	if list.Stake == nil {
		return nil
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, l.T("cli.prizes.stake", "Round", list.Rounds))
	tb := newTable(true, false, false)
	tb.add(l.T("cli.col.no"), l.T("col.name"), l.T("cli.col.reach"))
	for _, e := range s.Entries {
		if rs, ok := list.Stake[e.PN]; ok {
			tb.add(strconv.Itoa(e.PN), e.Player.Name, reachText(l, list.Rules, rs))
		}
	}
	return tb.write(w)
}

// listTitle heads a list: "General standings", "Category U1600: rated
// below 1600 or unrated (11 players)".
func listTitle(l *locale.Localizer, list *prizes.List, category string) string {
	if category == "" {
		return l.T("prizes.generaltitle")
	}
	c := list.Rules.Category(category)
	n := list.Outcome.Players[category]
	return l.N("prizes.categorytitle", n, "Name", c.Name, "What", l.Word(c.Phrase()), "Count", n)
}

// sharedText says whom an award is shared with: "1-3 with 4, 7".
func sharedText(l *locale.Localizer, a prizes.Award) string {
	if len(a.Group) == 0 {
		return ""
	}
	var with []string
	for _, pn := range a.SharedWith() {
		with = append(with, strconv.Itoa(pn))
	}
	return l.T("prizes.shared", "Places", desk.PlaceText(a.From, a.To), "With", strings.Join(with, ", "))
}

// unawardedText says why a prize goes to no one.
func unawardedText(l *locale.Localizer, u prizes.Unawarded) string {
	if u.Reason == prizes.TooFew {
		return l.N("prizes.toofew", u.Players, "Count", u.Players)
	}
	return l.T("prizes.noone")
}

// reachText writes what a player can still win: "general 1st-3rd (100,
// 60, 40); U1600 1st (libro)".
func reachText(l *locale.Localizer, r prizes.Rules, rs []prizes.Reach) string {
	var parts []string
	for _, rc := range rs {
		places := l.Ordinal(rc.From)
		if rc.To > rc.From {
			places += "-" + l.Ordinal(rc.To)
		}
		var vs []string
		for _, p := range rc.Prizes {
			vs = append(vs, prizeText(l, p.Value))
		}
		name := l.T("prizes.generalshort")
		if rc.Category != "" {
			name = rc.Category
		}
		parts = append(parts, fmt.Sprintf("%s %s (%s)", name, places, strings.Join(vs, ", ")))
	}
	return strings.Join(parts, "; ")
}
