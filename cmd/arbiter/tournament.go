package main

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/labyrinth-chess/arbiter/tiebreak"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// newTournamentCmd returns the "tournament" noun.
func newTournamentCmd(a *app) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "tournament <command>",
		RunE:  nounRun,
		Short: "Create, choose and configure tournaments",
		Long: `A database holds any number of tournaments. The current one (the newest, or
the one chosen with "tournament use") is the one other commands work on;
--tournament ID|NAME picks another for one command.`,
	}
	cmd.AddCommand(
		newTournamentNewCmd(a),
		newTournamentListCmd(a),
		newTournamentUseCmd(a),
		newTournamentShowCmd(a),
		newTournamentSetCmd(a),
		newTournamentOptionCmd(a),
		newTournamentCloseCmd(a),
		newTournamentWebCmd(a),
	)
	return cmd
}

// tournamentFlags are the settings shared by tournament new and set.
type tournamentFlags struct {
	name, date, venue, timeControl, pace string
	tiebreaks                            string
	byeValue, halfByeValue, lateValue    string
	deadline, firstColour                string
	lang                                 string
	rounds, laws, tbEdition, pairingEd   int
	seed                                 int64
	format                               formatFlags
	report                               reportFlags
}

func (f *tournamentFlags) register(fs *pflag.FlagSet) {
	fs.IntVar(&f.rounds, "rounds", 0, "the number `N` of rounds planned")
	fs.StringVar(&f.date, "date", "", "the start date `YYYY-MM-DD`")
	fs.StringVar(&f.venue, "venue", "", "where it is played")
	fs.StringVar(&f.timeControl, "time-control", "", "time control as printed, e.g. 10' or 90'+30\"")
	fs.StringVar(&f.pace, "pace", "", "which Laws apply to claims: {standard|rapid|blitz}")
	fs.StringVar(&f.tiebreaks, "tiebreaks", "", "tie-break chain, C.07 `CODES` separated by commas, e.g. BH,DE,SB")
	fs.StringVar(&f.byeValue, "bye-value", "", "points for the pairing-allocated bye: {1|0.5|0}")
	fs.StringVar(&f.halfByeValue, "half-bye-value", "", "points for a requested bye: {0.5|0}")
	fs.StringVar(&f.lateValue, "late-value", "", "points per round missed by a late entry: {0|0.5}")
	fs.StringVar(&f.deadline, "deadline", "", "the registration deadline `HH:MM`")
	fs.StringVar(&f.firstColour, "first-colour", "", "colour of player 1 in round 1: {white|black|lot}")
	fs.Int64Var(&f.seed, "seed", 0, "the seed `N` of the lot for the first colour")
	fs.StringVar(&f.lang, "lang", "", "language of the printed sheets and the workbook: {en|it}")
	fs.IntVar(&f.laws, "laws-edition", 0, "FIDE Laws of Chess edition: {"+joinInts(lawsEditions, "|")+"}")
	fs.IntVar(&f.tbEdition, "tiebreak-edition", 0, "C.07 rules for unplayed rounds: {2023|2026|2009} (2009: virtual opponent)")
	fs.IntVar(&f.pairingEd, "pairing-edition", 0, "Dutch system rules: {2025|2017}")
	f.format.register(fs)
	f.report.register(fs)
}

// lawsEditions are the FIDE Laws of Chess editions arbiter knows.
var lawsEditions = []int{2001, 2005, 2009, 2014, 2017, 2018, 2023}

// apply writes the flags given on the command line into t.
func (f *tournamentFlags) apply(l *locale.Localizer, fs *pflag.FlagSet, t *arbiter.Tournament) error {
	set := fs.Changed
	var err error
	if set("name") {
		if t.Name = strings.TrimSpace(f.name); t.Name == "" {
			return errors.New(l.T("err.t.name"))
		}
	}
	if set("rounds") {
		if f.rounds < 1 || f.rounds > 99 {
			return errors.New(l.T("err.t.rounds", "Rounds", f.rounds))
		}
		t.Rounds = f.rounds
	}
	if set("date") {
		if f.date != "" {
			if _, err := time.Parse("2006-01-02", f.date); err != nil {
				return errors.New(l.T("err.t.date", "Date", strconv.Quote(f.date)))
			}
		}
		t.Date = f.date
	}
	if set("venue") {
		t.Venue = strings.TrimSpace(f.venue)
	}
	if set("time-control") {
		t.TimeControl = strings.TrimSpace(f.timeControl)
	}
	if set("pace") {
		if t.Pace, err = arbiter.ParsePace(f.pace); err != nil {
			return fmt.Errorf("--pace: %w", err)
		}
	}
	if set("tiebreaks") {
		if t.Tiebreaks, err = parseChain(f.tiebreaks); err != nil {
			return fmt.Errorf("--tiebreaks: %w", err)
		}
	}
	score := func(flag, v string, allowed ...arbiter.Score) (arbiter.Score, error) {
		s, err := arbiter.ParseScore(v)
		if err != nil || !slices.Contains(allowed, s) {
			var opts []string
			for _, a := range allowed {
				opts = append(opts, a.String())
			}
			return 0, errors.New(l.T("err.t.score", "Flag", flag, "Value", v, "List", strings.Join(opts, " "+l.T("word.or")+" ")))
		}
		return s, nil
	}
	if set("bye-value") {
		if t.PABValue, err = score("bye-value", f.byeValue, arbiter.One, arbiter.Half, arbiter.Zero); err != nil {
			return err
		}
	}
	if set("half-bye-value") {
		if t.HalfByeValue, err = score("half-bye-value", f.halfByeValue, arbiter.Half, arbiter.Zero); err != nil {
			return err
		}
	}
	if set("late-value") {
		if t.LateValue, err = score("late-value", f.lateValue, arbiter.Zero, arbiter.Half); err != nil {
			return err
		}
	}
	if set("deadline") {
		if f.deadline != "" {
			if _, err := time.Parse("15:04", f.deadline); err != nil {
				return errors.New(l.T("err.t.deadline", "Deadline", strconv.Quote(f.deadline)))
			}
		}
		t.Deadline = f.deadline
	}
	if set("first-colour") {
		switch strings.ToLower(f.firstColour) {
		case "white", "w":
			t.FirstColour = arbiter.White
		case "black", "b":
			t.FirstColour = arbiter.Black
		case "lot", "random", "":
			t.FirstColour = arbiter.NoColour
		default:
			return errors.New(l.T("err.t.firstcolour", "Value", strconv.Quote(f.firstColour)))
		}
	}
	if set("seed") {
		t.Seed = f.seed
	}
	if set("lang") {
		lang, err := locale.ParseLang(f.lang)
		if err != nil || strings.TrimSpace(f.lang) == "" {
			return errors.New(l.T("err.t.lang", "Value", strconv.Quote(f.lang)))
		}
		t.Language = lang.String()
	}
	if set("laws-edition") {
		if !slices.Contains(lawsEditions, f.laws) {
			return errors.New(l.T("err.t.laws", "Value", f.laws, "List", joinInts(lawsEditions, ", ")))
		}
		t.LawsEdition = f.laws
	}
	if set("tiebreak-edition") {
		if f.tbEdition != tiebreak.Edition2023 && f.tbEdition != tiebreak.Edition2026 && f.tbEdition != tiebreak.Edition2009 {
			return errors.New(l.T("err.t.tbedition", "Value", f.tbEdition))
		}
		t.TiebreakEdition = f.tbEdition
	}
	if set("pairing-edition") {
		if f.pairingEd != 2025 && f.pairingEd != 2017 {
			return errors.New(l.T("err.t.pairingedition", "Value", f.pairingEd))
		}
		t.PairingEdition = f.pairingEd
	}
	return f.format.apply(fs, t)
}

func joinInts(ns []int, sep string) string {
	var s []string
	for _, n := range ns {
		s = append(s, strconv.Itoa(n))
	}
	return strings.Join(s, sep)
}

// tournamentJSON is the JSON form of a tournament. Field names are
// stable: add, never rename.
type tournamentJSON struct {
	ID              int64    `json:"id"`
	Name            string   `json:"name"`
	Date            string   `json:"date"`
	Venue           string   `json:"venue"`
	Rounds          int      `json:"rounds"`
	RoundsPaired    int      `json:"rounds_paired"`
	Players         int      `json:"players"`
	TimeControl     string   `json:"time_control"`
	Pace            string   `json:"pace"`
	LawsEdition     int      `json:"laws_edition"`
	TiebreakEdition int      `json:"tiebreak_edition"`
	PairingEdition  int      `json:"pairing_edition"`
	ByeValue        float64  `json:"bye_value"`
	HalfByeValue    float64  `json:"half_bye_value"`
	LateValue       float64  `json:"late_value"`
	Tiebreaks       []string `json:"tiebreaks"`
	Deadline        string   `json:"deadline"`
	FirstColour     string   `json:"first_colour"`
	Seed            int64    `json:"seed"`
	Language        string   `json:"language"`
	Current         bool     `json:"current"`
	formatJSON
	settingsJSON
}

// settingsJSON are the report settings (tournament set --federation and
// the others), left out when not set.
type settingsJSON struct {
	Accelerated   string   `json:"accelerated,omitempty"`
	UnratedRating int      `json:"unrated_rating,omitempty"`
	Federation    string   `json:"federation,omitempty"`
	City          string   `json:"city,omitempty"`
	ChiefArbiter  string   `json:"chief_arbiter,omitempty"`
	Deputies      []string `json:"deputy_arbiters,omitempty"`
	EndDate       string   `json:"end_date,omitempty"`
	RoundDates    []string `json:"round_dates,omitempty"`
	TimeCode      string   `json:"time_code,omitempty"`
	RatingType    string   `json:"rating_type,omitempty"`
}

func toTournamentJSON(ti desk.TournamentInfo) tournamentJSON {
	t := ti.Tournament
	return tournamentJSON{
		ID: t.ID, Name: t.Name, Date: t.Date, Venue: t.Venue, Rounds: t.Rounds, RoundsPaired: ti.Paired,
		Players: ti.Players, TimeControl: t.TimeControl, Pace: t.Pace.String(), LawsEdition: t.LawsEdition,
		TiebreakEdition: t.TiebreakEdition, PairingEdition: t.PairingEdition, ByeValue: t.PABValue.Points(),
		HalfByeValue: t.HalfByeValue.Points(), LateValue: t.LateValue.Points(), Tiebreaks: t.Tiebreaks,
		Deadline: t.Deadline, FirstColour: firstColourName(t.FirstColour), Seed: t.Seed,
		Language: locale.Lang(t.Language).String(), Current: ti.Current,
		formatJSON: toFormatJSON(t),
		settingsJSON: settingsJSON{Accelerated: t.Accelerated, UnratedRating: t.UnratedRating, Federation: t.Federation,
			City: t.City, ChiefArbiter: t.ChiefArbiter, Deputies: t.Deputies, EndDate: t.EndDate, RoundDates: t.RoundDates,
			TimeCode: t.TimeCode, RatingType: t.RatingType},
	}
}

func firstColourName(c arbiter.Colour) string {
	if c == arbiter.NoColour {
		return "lot"
	}
	return c.String()
}
