package store

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/labyrinth-chess/arbiter"
)

// TestSettingsRoundTrip stores the report settings (schema version 6)
// and reads them back through every way a tournament is read; a change
// is logged field by field.
func TestSettingsRoundTrip(t *testing.T) {
	ctx := context.Background()
	db := mustOpenDB(t)
	tests := []struct {
		name string
		set  func(*arbiter.Tournament)
	}{
		{"none", func(*arbiter.Tournament) {}},
		{"baku", func(t *arbiter.Tournament) { t.Accelerated = "baku" }},
		{"unrated count 1400", func(t *arbiter.Tournament) { t.UnratedRating = 1400 }},
		{"the FIDE report", func(t *arbiter.Tournament) {
			t.Date, t.Rounds = "2026-05-12", 5
			t.Federation, t.City, t.ChiefArbiter = "ITA", "Milano", "Rossi, Mario"
			t.Deputies = []string{"Verdi, Anna", "Neri, Luca"}
			t.EndDate, t.RoundDates = "2026-05-14", []string{"2026-05-12", "", "2026-05-13"}
			t.TimeCode, t.RatingType = "5400+30", "FIDON"
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want := arbiter.NewTournament(tt.name)
			tt.set(&want)
			got, err := db.CreateTournament(ctx, want)
			if err != nil {
				t.Fatal(err)
			}
			want.ID = got.ID
			read, err := db.Tournament(ctx, got.ID)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(report(read), report(want)) {
				t.Errorf("Tournament(%d) = %+v, want %+v", got.ID, report(read), report(want))
			}
			list, err := db.Tournaments(ctx)
			if err != nil {
				t.Fatal(err)
			}
			for _, ti := range list {
				if ti.ID == got.ID && !reflect.DeepEqual(report(ti.Tournament), report(want)) {
					t.Errorf("Tournaments: %+v, want %+v", report(ti.Tournament), report(want))
				}
			}
		})
	}
	t.Run("set logs each change", func(t *testing.T) {
		tr, err := db.CreateTournament(ctx, arbiter.NewTournament("logged"))
		if err != nil {
			t.Fatal(err)
		}
		tr.Accelerated, tr.Federation = "baku", "ITA"
		if err := db.UpdateTournament(ctx, tr); err != nil {
			t.Fatal(err)
		}
		events, err := db.Events(ctx, tr.ID)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]string{}
		for _, e := range events {
			if e.Action == ActTournamentSet {
				seen[e.Subject] = e.New
			}
		}
		if seen["acceleration"] != "baku" || seen["federation"] != "ITA" {
			t.Errorf("logged %v, want acceleration baku and federation ITA", seen)
		}
		tr.Accelerated, tr.Federation = "", ""
		if err := db.UpdateTournament(ctx, tr); err != nil {
			t.Fatal(err)
		}
		read, err := db.Tournament(ctx, tr.ID)
		if err != nil {
			t.Fatal(err)
		}
		if read.Accelerated != "" || read.Federation != "" {
			t.Errorf("cleared settings read back as %+v", report(read))
		}
	})
}

// TestSettingsRefused refuses report settings the tables cannot hold,
// and stores nothing; which settings the report can carry is the desk's
// rule (desk.TestSetupRule).
func TestSettingsRefused(t *testing.T) {
	ctx := context.Background()
	db := mustOpenDB(t)
	tests := []struct {
		name string
		set  func(*arbiter.Tournament)
	}{
		{"empty deputy", func(t *arbiter.Tournament) { t.Deputies = []string{" "} }},
		{"control character", func(t *arbiter.Tournament) { t.ChiefArbiter = "Rossi\x1b[2J" }},
		{"comma in a round date", func(t *arbiter.Tournament) { t.RoundDates = []string{"2026-05-12,2026-05-13"} }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tr := arbiter.NewTournament(tt.name)
			tt.set(&tr)
			if _, err := db.CreateTournament(ctx, tr); !errors.Is(err, ErrInvalid) {
				t.Errorf("CreateTournament = %v, want ErrInvalid", err)
			}
		})
	}
	list, err := db.Tournaments(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 0 {
		t.Errorf("%d tournaments stored, want none", len(list))
	}
}

type reportSettings struct {
	Accelerated                                 string
	Unrated                                     int
	Federation, City, Chief, End, Code, RatType string
	Deputies, Dates                             []string
}

func report(t arbiter.Tournament) reportSettings {
	return reportSettings{t.Accelerated, t.UnratedRating, t.Federation, t.City, t.ChiefArbiter, t.EndDate, t.TimeCode, t.RatingType, t.Deputies, t.RoundDates}
}
