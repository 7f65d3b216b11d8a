package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/locale"
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
	fs.IntVar(&f.laws, "laws-edition", 0, "FIDE Laws of Chess edition: {"+joinInts(desk.LawsEditions, "|")+"}")
	fs.IntVar(&f.tbEdition, "tiebreak-edition", 0, "C.07 rules for unplayed rounds: {2023|2026|2009} (2009: virtual opponent)")
	fs.IntVar(&f.pairingEd, "pairing-edition", 0, "Dutch system rules: {2025|2017}")
	f.format.register(fs)
	f.report.register(fs)
}

// apply writes the flags given on the command line into t: it reads what
// was typed, and the desk (desk.Settings) applies it within the limits of
// each setting; l words the refusals.
func (f *tournamentFlags) apply(l *locale.Localizer, fs *pflag.FlagSet, t *arbiter.Tournament) error {
	set := fs.Changed
	var s desk.Settings
	if set("name") {
		s.Name = &f.name
	}
	if set("rounds") {
		s.Rounds = &f.rounds
	}
	if set("date") {
		s.Date = &f.date
	}
	if set("venue") {
		s.Venue = &f.venue
	}
	if set("time-control") {
		s.TimeControl = &f.timeControl
	}
	if set("pace") {
		p, err := arbiter.ParsePace(f.pace)
		if err != nil {
			return fmt.Errorf("--pace: %w", err)
		}
		s.Pace = &p
	}
	if set("tiebreaks") {
		chain, err := desk.ParseChain(f.tiebreaks)
		if err != nil {
			return fmt.Errorf("--tiebreaks: %w", err)
		}
		s.Tiebreaks = chain
	}
	score := func(flag, v string, allowed []arbiter.Score) (*arbiter.Score, error) {
		sc, err := arbiter.ParseScore(v)
		if err != nil {
			return nil, scoreError(l, flag, v, allowed)
		}
		return &sc, nil
	}
	var err error
	if set("bye-value") {
		if s.PABValue, err = score("bye-value", f.byeValue, desk.PABValues); err != nil {
			return err
		}
	}
	if set("half-bye-value") {
		if s.HalfByeValue, err = score("half-bye-value", f.halfByeValue, desk.HalfByeValues); err != nil {
			return err
		}
	}
	if set("late-value") {
		if s.LateValue, err = score("late-value", f.lateValue, desk.LateValues); err != nil {
			return err
		}
	}
	if set("deadline") {
		s.Deadline = &f.deadline
	}
	if set("first-colour") {
		var c arbiter.Colour
		switch strings.ToLower(f.firstColour) {
		case "white", "w":
			c = arbiter.White
		case "black", "b":
			c = arbiter.Black
		case "lot", "random", "":
			c = arbiter.NoColour
		default:
			return errors.New(l.T("err.t.firstcolour", "Value", strconv.Quote(f.firstColour)))
		}
		s.FirstColour = &c
	}
	if set("seed") {
		s.Seed = &f.seed
	}
	if set("lang") {
		s.Language = &f.lang
	}
	if set("laws-edition") {
		s.LawsEdition = &f.laws
	}
	if set("tiebreak-edition") {
		s.TiebreakEdition = &f.tbEdition
	}
	if set("pairing-edition") {
		s.PairingEdition = &f.pairingEd
	}
	if err := f.format.read(fs, &s); err != nil {
		return err
	}
	return settingError(l, s.Apply(t))
}

// scoreError refuses the value v of a score flag, naming the values
// allowed.
func scoreError(l *locale.Localizer, flag, v string, allowed []arbiter.Score) error {
	var opts []string
	for _, a := range allowed {
		opts = append(opts, a.String())
	}
	return errors.New(l.T("err.t.score", "Flag", flag, "Value", v, "List", strings.Join(opts, " "+l.T("word.or")+" ")))
}

// settingError words a setting the desk refused as the flag that gave it.
func settingError(l *locale.Localizer, err error) error {
	var se *desk.SettingError
	if !errors.As(err, &se) {
		return err
	}
	switch se.Setting {
	case desk.SettingName:
		return errors.New(l.T("err.t.name"))
	case desk.SettingRounds:
		return errors.New(l.T("err.t.rounds", "Rounds", se.Value))
	case desk.SettingDate:
		return errors.New(l.T("err.t.date", "Date", strconv.Quote(se.Value)))
	case desk.SettingPABValue:
		return scoreError(l, "bye-value", se.Value, desk.PABValues)
	case desk.SettingHalfByeValue:
		return scoreError(l, "half-bye-value", se.Value, desk.HalfByeValues)
	case desk.SettingLateValue:
		return scoreError(l, "late-value", se.Value, desk.LateValues)
	case desk.SettingAbsentValue:
		return absentValueError(se.Value)
	case desk.SettingDeadline:
		return errors.New(l.T("err.t.deadline", "Deadline", strconv.Quote(se.Value)))
	case desk.SettingLanguage:
		return errors.New(l.T("err.t.lang", "Value", strconv.Quote(se.Value)))
	case desk.SettingLawsEdition:
		return errors.New(l.T("err.t.laws", "Value", se.Value, "List", strings.Join(se.Allowed, ", ")))
	case desk.SettingTiebreakEd:
		return errors.New(l.T("err.t.tbedition", "Value", se.Value))
	case desk.SettingPairingEdition:
		return errors.New(l.T("err.t.pairingedition", "Value", se.Value))
	}
	return err
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
