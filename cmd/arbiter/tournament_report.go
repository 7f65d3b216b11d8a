package main

import (
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/spf13/pflag"
)

// reportFlags are the settings of tournament new and set that the
// tournament report submitted to FIDE carries (TRF-26 022, 032, 052, 102,
// 112, 132, 172, 222), and the two the regulations must state: the
// acceleration (C.04.7) and the rating of unrated players (C.07).
type reportFlags struct {
	accelerated, federation, city, chief string
	endDate, roundDates, timeCode        string
	ratingType                           string
	deputies                             []string
	unrated                              int
}

func (f *reportFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&f.accelerated, "accelerated", "", "accelerated pairings: {baku|none} (C.04.7)")
	fs.IntVar(&f.unrated, "unrated-rating", 0, "the rating `N` unrated players count with in ARO, TPR and the other rating tie-breaks, as the regulations say (0: none, C.07)")
	fs.StringVar(&f.federation, "federation", "", "the organising federation, FIDE `CODE` such as ITA (TRF 032)")
	fs.StringVar(&f.city, "city", "", "the city, for the FIDE report (TRF 022; default: the venue)")
	fs.StringVar(&f.chief, "chief-arbiter", "", "the chief arbiter's `NAME` (TRF 102)")
	fs.StringArrayVar(&f.deputies, "deputy", nil, "a deputy chief arbiter's `NAME`, repeat for each; --deputy \"\" clears them (TRF 112)")
	fs.StringVar(&f.endDate, "end-date", "", "the end date `YYYY-MM-DD` (TRF 052)")
	fs.StringVar(&f.roundDates, "round-dates", "", "the date of each round, `DATES` YYYY-MM-DD separated by commas (TRF 132)")
	fs.StringVar(&f.timeCode, "time-code", "", "the time control encoded for FIDE, e.g. 5400+30 (TRF 222)")
	fs.StringVar(&f.ratingType, "rating-type", "", "the rating players are ranked by: {"+strings.Join(arbiter.RatingTypes, "|")+"} (TRF 172)")
}

// apply sets the report settings given on the command line in t.
func (f *reportFlags) apply(fs *pflag.FlagSet, t *arbiter.Tournament, l *locale.Localizer) error {
	set := fs.Changed
	date := func(flag, v string) error {
		if v == "" {
			return nil
		}
		if _, err := time.Parse("2006-01-02", v); err != nil {
			return errors.New(l.T("cli.set.date", "Flag", flag, "Value", v))
		}
		return nil
	}
	if set("accelerated") {
		switch strings.ToLower(strings.TrimSpace(f.accelerated)) {
		case "baku":
			t.Accelerated = "baku"
		case "none", "no", "":
			t.Accelerated = ""
		default:
			return errors.New(l.T("cli.set.accelerated", "Value", f.accelerated))
		}
	}
	if set("unrated-rating") {
		if f.unrated < 0 || f.unrated > 3500 {
			return errors.New(l.T("cli.set.unrated", "Value", f.unrated))
		}
		t.UnratedRating = f.unrated
	}
	if set("federation") {
		t.Federation = strings.ToUpper(strings.TrimSpace(f.federation))
	}
	if set("city") {
		t.City = strings.TrimSpace(f.city)
	}
	if set("chief-arbiter") {
		t.ChiefArbiter = strings.TrimSpace(f.chief)
	}
	if set("deputy") {
		t.Deputies = nil
		for _, d := range f.deputies {
			if d = strings.TrimSpace(d); d != "" {
				t.Deputies = append(t.Deputies, d)
			}
		}
	}
	if set("end-date") {
		if err := date("end-date", f.endDate); err != nil {
			return err
		}
		t.EndDate = f.endDate
	}
	if set("round-dates") {
		t.RoundDates = nil
		if strings.TrimSpace(f.roundDates) != "" {
			for _, d := range strings.Split(f.roundDates, ",") {
				d = strings.TrimSpace(d)
				if err := date("round-dates", d); err != nil {
					return err
				}
				t.RoundDates = append(t.RoundDates, d)
			}
		}
		for len(t.RoundDates) > 0 && t.RoundDates[len(t.RoundDates)-1] == "" {
			t.RoundDates = t.RoundDates[:len(t.RoundDates)-1]
		}
	}
	if set("time-code") {
		t.TimeCode = strings.TrimSpace(f.timeCode)
	}
	if set("rating-type") {
		v := strings.ToUpper(strings.TrimSpace(f.ratingType))
		if v != "" && !slices.Contains(arbiter.RatingTypes, v) {
			return errors.New(l.T("cli.set.ratingtype", "Value", f.ratingType, "Types", strings.Join(arbiter.RatingTypes, ", ")))
		}
		t.RatingType = v
	}
	return nil
}
