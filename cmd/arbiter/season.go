package main

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/labyrinth-chess/arbiter/season"
	"github.com/spf13/cobra"
)

// newSeasonCmd returns the "season" noun: a championship over the
// evenings of the database.
func newSeasonCmd(a *app) *cobra.Command {
	var ref string
	cmd := &cobra.Command{
		Use:   "season <command>",
		RunE:  nounRun,
		Short: "Score a championship over the club's evenings",
		Long: `A season is a championship over several evenings (tournaments) of the same
database: each evening's final standings give season points, by place
(places:10,8,6,5,4,3,2,1), by game points (points) or by percentage of the
rounds (percent), plus points for taking part; the best N evenings count.
Players are the same person in every evening through the club roster: fix
a player entered twice under two names with arbiter roster merge.

Players still sharing a place after the evening's own tie-breaks share the
points of the places (--ties share, their average) or take them in the
order the evening lists them (--ties break). Players level on the season
total are separated by the season's tie-breaks: EV (evenings played), WIN
(evenings won), BEST (best single evening) and H2H (game points against
the others still tied, over every evening).

The season new made last is the current one; --season names another.`,
	}
	cmd.PersistentFlags().StringVar(&ref, "season", "", "work on season `NAME` (default: the current season)")
	cmd.AddCommand(
		newSeasonNewCmd(a),
		newSeasonAddCmd(a, &ref),
		newSeasonShowCmd(a, &ref),
		newSeasonStandingsCmd(a, &ref),
		newSeasonExportCmd(a, &ref),
		newSeasonPrintCmd(a, &ref),
	)
	return cmd
}

type seasonNewOptions struct {
	name          string
	scoring       string
	best          int
	participation float64
	ties          string
	tiebreaks     string
}

func newSeasonNewCmd(a *app) *cobra.Command {
	opts := &seasonNewOptions{}
	cmd := &cobra.Command{
		Use:   "new <name>",
		Short: "Start a season",
		Long: `Start a season and make it the current one. Add its evenings with
arbiter season add.`,
		Example: `  $ arbiter season new "Winter 2026" --scoring places:10,8,6,5,4,3,2,1 --best 7
  $ arbiter season new "Rapid cup" --scoring points --participation 1`,
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.name = args[0]
			return runSeasonNew(cmd.Context(), a, opts)
		},
	}
	cmd.Flags().StringVar(&opts.scoring, "scoring", "places:10,8,6,5,4,3,2,1", "season points of an evening: `{places:P1,P2,...|points|percent}`")
	cmd.Flags().IntVar(&opts.best, "best", 0, "count only the best `N` evenings of each player (default: all)")
	cmd.Flags().Float64Var(&opts.participation, "participation", 0, "`P` points for every evening played")
	cmd.Flags().StringVar(&opts.ties, "ties", "share", "players sharing an evening's place: `{share|break}`")
	cmd.Flags().StringVar(&opts.tiebreaks, "tiebreaks", "EV,WIN,BEST,H2H", "season tie-breaks, in order: `CODES` from EV, WIN, BEST, H2H")
	return cmd
}

func runSeasonNew(ctx context.Context, a *app, opts *seasonNewOptions) error {
	l := a.tr()
	sc, err := season.ParseScoring(opts.scoring)
	if err != nil {
		return &flagError{errors.New(l.T("season.err.scoring", "Value", opts.scoring))}
	}
	if opts.best < 0 {
		return &flagError{errors.New(l.T("season.err.best", "Value", opts.best))}
	}
	if err := season.CheckParticipation(opts.participation); err != nil {
		// NaN and infinity are said as typed.
		value := l.Decimal(opts.participation, -1)
		if math.IsNaN(opts.participation) || math.IsInf(opts.participation, 0) {
			value = strconv.FormatFloat(opts.participation, 'g', -1, 64)
		}
		return &flagError{errors.New(l.T("season.err.participation", "Value", value, "Max", season.MaxParticipation))}
	}
	ties, err := season.ParseTies(opts.ties)
	if err != nil {
		return &flagError{errors.New(l.T("season.err.ties", "Value", opts.ties))}
	}
	tbs, err := season.ParseTiebreaks(opts.tiebreaks)
	if err != nil {
		return &flagError{errors.New(l.T("season.err.tiebreaks", "Value", opts.tiebreaks))}
	}
	set := season.Settings{Scoring: sc, Best: opts.best, Participation: opts.participation, Ties: ties, Tiebreaks: tbs}
	return a.withDesk(ctx, desk.Create, func(d *desk.Desk) error {
		s, err := d.CreateSeason(ctx, desk.Season{Name: opts.name, Settings: set})
		if err != nil {
			return err
		}
		a.note(l.T("season.created", "Name", s.Name, "Rules", seasonRules(a.tr(), s.Settings)))
		return nil
	})
}

// seasonRules words a season's rules in one line, in l's language.
func seasonRules(l *locale.Localizer, set season.Settings) string {
	var scoring string
	switch set.Scoring.Kind {
	case season.Places:
		scoring = l.T("season.rules.places", "Places", placesText(l, set.Scoring.Places))
	case season.Points:
		scoring = l.T("season.rules.points")
	default:
		scoring = l.T("season.rules.percent")
	}
	best := l.T("season.rules.all")
	if set.Best > 0 {
		best = l.N("season.rules.best", set.Best, "N", set.Best)
	}
	text := l.T("season.rules", "Scoring", scoring, "Best", best)
	if set.Participation != 0 {
		text += l.T("season.rules.participation", "Points", l.Decimal(set.Participation, -1))
	}
	if set.Scoring.Kind == season.Places {
		if set.Ties == season.Break {
			text += l.T("season.rules.break")
		} else {
			text += l.T("season.rules.share")
		}
	}
	if len(set.Tiebreaks) > 0 {
		text += l.T("season.rules.tiebreaks", "Codes", season.FormatTiebreaks(set.Tiebreaks))
	}
	return text
}

// placesText writes the points of the places, "10, 8, 6".
func placesText(l *locale.Localizer, ps []float64) string {
	out := ""
	for i, p := range ps {
		if i > 0 {
			out += ", "
		}
		out += l.Decimal(p, -1)
	}
	return out
}

func newSeasonAddCmd(a *app, ref *string) *cobra.Command {
	return &cobra.Command{
		Use:   "add <tournament>...",
		Short: "Add evenings to the season",
		Long: `Add tournaments, by name or number, to the season's evenings, in the order
given. An evening may belong to several seasons. All are added, or none.`,
		Example: `  $ arbiter season add "Labyrinth 12 May" "Labyrinth 19 May"
  $ arbiter season add 4 5 --season "Rapid cup"`,
		Args:              cobra.MinimumNArgs(1),
		ValidArgsFunction: a.completeTournaments,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runSeasonAdd(cmd.Context(), a, *ref, args)
		},
	}
}

func runSeasonAdd(ctx context.Context, a *app, ref string, names []string) error {
	return a.withDesk(ctx, desk.ReadWrite, func(d *desk.Desk) error {
		s, ts, err := d.AddEvenings(ctx, ref, names)
		var de *desk.Error
		if errors.Is(err, desk.ErrNotFound) && errors.As(err, &de) && de.Input == "tournament" {
			return hint(err, "%s", a.tr().T("season.hint.tournaments"))
		}
		if err != nil {
			return seasonError(a, err)
		}
		a.note(a.tr().N("season.added", len(ts), "N", len(ts), "Name", s.Name, "Evenings", len(s.Evenings)))
		return nil
	})
}

// seasonShowJSON is a season in JSON. Field names are stable: add, never
// rename.
type seasonShowJSON struct {
	ID            int64         `json:"id"`
	Name          string        `json:"name"`
	Scoring       string        `json:"scoring"`
	Best          int           `json:"best"`
	Participation float64       `json:"participation"`
	Ties          string        `json:"ties"`
	Tiebreaks     []string      `json:"tiebreaks"`
	Evenings      []eveningJSON `json:"evenings"`
}

type eveningJSON struct {
	Number     int    `json:"number"`
	Tournament int64  `json:"tournament_id"`
	Name       string `json:"name"`
	Date       string `json:"date"`
}

func newSeasonShowCmd(a *app, ref *string) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "show",
		Short: "Show the season's rules and evenings",
		Example: `  $ arbiter season show
  $ arbiter season show --season "Rapid cup" --json`,
		Args:              cobra.NoArgs,
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runSeasonShow(cmd.Context(), a, *ref, asJSON)
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the season as JSON")
	return cmd
}

func runSeasonShow(ctx context.Context, a *app, ref string, asJSON bool) error {
	return a.withDesk(ctx, desk.ReadOnly, func(d *desk.Desk) error {
		s, err := d.FindSeason(ctx, ref)
		if err != nil {
			return seasonError(a, err)
		}
		var ts []arbiter.Tournament
		for _, id := range s.Evenings {
			t, err := d.Tournament(ctx, strconv.FormatInt(id, 10))
			if err != nil {
				return err
			}
			ts = append(ts, t)
		}
		if asJSON {
			j := seasonShowJSON{ID: s.ID, Name: s.Name, Scoring: s.Settings.Scoring.String(), Best: s.Settings.Best,
				Participation: s.Settings.Participation, Ties: s.Settings.Ties.String(), Tiebreaks: []string{}, Evenings: []eveningJSON{}}
			for _, tb := range s.Settings.Tiebreaks {
				j.Tiebreaks = append(j.Tiebreaks, tb.String())
			}
			for i, t := range ts {
				j.Evenings = append(j.Evenings, eveningJSON{i + 1, t.ID, t.Name, t.Date})
			}
			return writeJSON(a.stdout, j)
		}
		l := a.tr()
		fmt.Fprintln(a.stdout, l.T("season.title", "Name", s.Name))
		fmt.Fprintln(a.stdout, seasonRules(a.tr(), s.Settings))
		if len(ts) == 0 {
			a.note(l.T("season.noevenings", "Name", s.Name))
			return nil
		}
		tb := newTable(true, true, false, false)
		tb.add(l.T("col.line"), l.T("cli.col.id"), l.T("season.col.evening"), l.T("season.col.date"))
		for i, t := range ts {
			tb.add(strconv.Itoa(i+1), strconv.FormatInt(t.ID, 10), t.Name, t.Date)
		}
		return tb.write(a.stdout)
	})
}

// seasonError adds what to type to the refusal of a database without a
// season.
func seasonError(a *app, err error) error {
	if errors.Is(err, desk.ErrNoSeason) {
		return hint(err, "%s", a.tr().T("season.hint.new"))
	}
	return err
}
