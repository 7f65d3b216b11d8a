package desk

import (
	"context"
	"errors"
	"testing"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/store"
)

// TestSetupRule: the desk's rule of a tournament's settings, on the facts
// the store reads, with the refusal's kind and English words.
func TestSetupRule(t *testing.T) {
	club := arbiter.NewTournament("Club")
	with := func(set func(*arbiter.Tournament)) arbiter.Tournament {
		t := club
		set(&t)
		return t
	}
	ds := with(func(t *arbiter.Tournament) { t.DoubleSwissValues() })
	dsWith := func(set func(*arbiter.Tournament)) arbiter.Tournament {
		t := ds
		set(&t)
		return t
	}
	new := func(t arbiter.Tournament) store.Setup { return store.Setup{Tournament: t} }
	change := func(old, t arbiter.Tournament, paired int) store.Setup {
		return store.Setup{Tournament: t, Old: &old, Paired: paired}
	}
	tests := []struct {
		name string
		f    store.Setup
		kind error
		msg  string
	}{
		{name: "the defaults", f: new(club)},
		{name: "the Labyrinth preset", f: new(with(func(t *arbiter.Tournament) { t.Labyrinth() }))},
		{name: "a Double-Swiss PAB of 1.5", f: new(ds)},
		{name: "a double round robin", f: new(with(func(t *arbiter.Tournament) { t.System, t.Cycles = arbiter.RoundRobin, 2 }))},
		{name: "the FIDE report", f: new(with(func(t *arbiter.Tournament) {
			t.Federation, t.RatingType, t.Date, t.EndDate = "ITA", "NRO", "2026-05-12", "2026-05-14"
			t.Rounds, t.RoundDates, t.Deputies, t.Accelerated, t.UnratedRating = 3, []string{"2026-05-12", "", "2026-05-14"}, []string{"Verdi, Anna"}, "baku", 1400
		}))},
		{name: "more rounds with rounds paired", f: change(club, with(func(t *arbiter.Tournament) { t.Rounds = 9 }), 3)},
		{name: "as many rounds as paired", f: change(club, with(func(t *arbiter.Tournament) { t.Rounds = 3 }), 3)},
		{name: "a continuation from the next round", f: change(club, with(func(t *arbiter.Tournament) {
			t.AllPlayAll = arbiter.Continuation{From: 4, Players: []int{1, 2, 3, 4}}
		}), 3)},
		{name: "a Swiss PAB of 1.5", f: new(with(func(t *arbiter.Tournament) { t.PABValue = arbiter.One + arbiter.Half })), kind: ErrInvalid,
			msg: "the pairing-allocated bye is worth 1, 0.5 or 0 points, not 1.5"},
		{name: "a Double-Swiss PAB of 2.5", f: new(dsWith(func(t *arbiter.Tournament) { t.PABValue = 5 })), kind: ErrInvalid,
			msg: "the pairing-allocated bye of a Double-Swiss match is worth 0 to 2 points, not 2.5"},
		{name: "a Double-Swiss requested bye of 1.5", f: new(dsWith(func(t *arbiter.Tournament) { t.HalfByeValue = 3 })), kind: ErrInvalid,
			msg: "a requested bye of a Double-Swiss match is worth 1, 0.5 or 0 points, not 1.5"},
		{name: "a Double-Swiss late value of 2", f: new(dsWith(func(t *arbiter.Tournament) { t.LateValue = 2 * arbiter.One })), kind: ErrInvalid,
			msg: "a match missed by a late entry is worth 0 to 1 point, not 2"},
		{name: "no name", f: new(with(func(t *arbiter.Tournament) { t.Name = " " })), kind: ErrInvalid,
			msg: "the tournament needs a name"},
		{name: "no round", f: new(with(func(t *arbiter.Tournament) { t.Rounds = 0 })), kind: ErrInvalid,
			msg: "a tournament needs at least 1 round, not 0"},
		{name: "a requested bye of 1", f: new(with(func(t *arbiter.Tournament) { t.HalfByeValue = arbiter.One })), kind: ErrInvalid,
			msg: "a requested bye is worth 0.5 or 0 points, not 1"},
		{name: "a late value of 1", f: new(with(func(t *arbiter.Tournament) { t.LateValue = arbiter.One })), kind: ErrInvalid,
			msg: "a round missed by a late entry is worth 0 or 0.5 points, not 1"},
		{name: "a language", f: new(with(func(t *arbiter.Tournament) { t.Language = "fr" })), kind: ErrInvalid,
			msg: `unknown language "fr": a tournament prints in en or it`},
		{name: "a first colour", f: new(with(func(t *arbiter.Tournament) { t.FirstColour = 7 })), kind: ErrInvalid,
			msg: "unknown first colour 7"},
		{name: "a pace", f: new(with(func(t *arbiter.Tournament) { t.Pace = 9 })), kind: ErrInvalid,
			msg: "unknown pace 9"},
		{name: "a tie-break code", f: new(with(func(t *arbiter.Tournament) { t.Tiebreaks = []string{"BH", ""} })), kind: ErrInvalid,
			msg: `bad tie-break code ""`},
		{name: "a system", f: new(with(func(t *arbiter.Tournament) { t.System = 9 })), kind: ErrInvalid,
			msg: "unknown pairing system 9"},
		{name: "three cycles", f: new(with(func(t *arbiter.Tournament) { t.System, t.Cycles = arbiter.RoundRobin, 3 })), kind: ErrInvalid,
			msg: "a round robin is played once or twice, not 3 times"},
		{name: "absent for a point", f: new(with(func(t *arbiter.Tournament) { t.AbsentValue = arbiter.One })), kind: ErrInvalid,
			msg: "a player absent at check-in scores 0 or 0.5 points, not 1"},
		{name: "a round robin continued", f: new(with(func(t *arbiter.Tournament) {
			t.System, t.AllPlayAll = arbiter.RoundRobin, arbiter.Continuation{From: 2, Players: []int{1, 2}}
		})), kind: ErrInvalid, msg: "only a Swiss continues as an all-play-all; a round robin is one from round 1"},
		{name: "a deputy of no name", f: new(with(func(t *arbiter.Tournament) { t.Deputies = []string{" "} })), kind: ErrInvalid,
			msg: "a deputy arbiter needs a name"},
		{name: "an acceleration", f: new(with(func(t *arbiter.Tournament) { t.Accelerated = "varma" })), kind: ErrInvalid,
			msg: `unknown acceleration "varma": arbiter applies baku (C.04.7)`},
		{name: "an unrated rating", f: new(with(func(t *arbiter.Tournament) { t.UnratedRating = -1 })), kind: ErrInvalid,
			msg: "the rating of unrated players is from 0 (none) to 3500, not -1"},
		{name: "a rating type", f: new(with(func(t *arbiter.Tournament) { t.Federation, t.RatingType = "ITA", "ELO" })), kind: ErrInvalid,
			msg: `unknown rating type "ELO": want FIDE, NRO, FIDON, NIDOF, HBFN, LBFN, OTHER`},
		{name: "a rating type without federation", f: new(with(func(t *arbiter.Tournament) { t.RatingType = "FIDE" })), kind: ErrInvalid,
			msg: "the rating type (TRF 172) names the federation of the national ratings: set the federation too"},
		{name: "a federation of two letters", f: new(with(func(t *arbiter.Tournament) { t.Federation = "IT" })), kind: ErrInvalid,
			msg: `federation "IT": want the three-letter FIDE code, e.g. ITA`},
		{name: "an end date", f: new(with(func(t *arbiter.Tournament) { t.EndDate = "14/05/2026" })), kind: ErrInvalid,
			msg: `end date "14/05/2026": want YYYY-MM-DD`},
		{name: "ends before it starts", f: new(with(func(t *arbiter.Tournament) { t.Date, t.EndDate = "2026-05-12", "2026-05-11" })), kind: ErrInvalid,
			msg: "the tournament ends (2026-05-11) before it starts (2026-05-12)"},
		{name: "more round dates than rounds", f: new(with(func(t *arbiter.Tournament) { t.Rounds, t.RoundDates = 1, []string{"2026-05-12", "2026-05-13"} })), kind: ErrInvalid,
			msg: "2 round dates for 1 rounds"},
		{name: "a round date", f: new(with(func(t *arbiter.Tournament) { t.RoundDates = []string{"2026-05-12", "2026-13-01"} })), kind: ErrInvalid,
			msg: `date of round 2 "2026-13-01": want YYYY-MM-DD`},
		{name: "Double-Swiss with rounds paired", f: change(club, ds, 2), kind: ErrConflict,
			msg: "2 rounds are already paired as swiss: the system cannot become double-swiss"},
		{name: "no longer Double-Swiss with rounds paired", f: change(ds, with(func(t *arbiter.Tournament) { t.PABValue = arbiter.One }), 1), kind: ErrConflict,
			msg: "1 rounds are already paired as double-swiss: the system cannot become swiss"},
		{name: "fewer rounds than paired", f: change(club, with(func(t *arbiter.Tournament) { t.Rounds = 2 }), 3), kind: ErrConflict,
			msg: "3 rounds are already paired: the tournament cannot have 2"},
		{name: "a continuation from a round paired", f: change(club, with(func(t *arbiter.Tournament) {
			t.AllPlayAll = arbiter.Continuation{From: 3, Players: []int{1, 2, 3, 4}}
		}), 3), kind: ErrConflict, msg: "the all-play-all continues the tournament from the next round to pair, 4, not 3"},
		{name: "a name taken", f: store.Setup{Tournament: club, Taken: 4}, kind: ErrConflict,
			msg: `tournament "Club" already exists (number 4)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := setupRule(tt.f)
			if tt.kind == nil {
				if err != nil {
					t.Fatalf("setupRule = %v, want nil", err)
				}
				return
			}
			var de *Error
			if !errors.Is(err, tt.kind) || !errors.As(err, &de) || de.Msg != tt.msg || de.Text.IsZero() {
				t.Errorf("setupRule = %v (%#v), want %v %q with its catalog text", err, err, tt.kind, tt.msg)
			}
		})
	}
}

// TestSetupRefused: settings the desk refuses when a tournament is
// created, changed or imported, on a database, each with the desk's
// refusal and nothing written.
func TestSetupRefused(t *testing.T) {
	ctx := context.Background()
	d := mustOpen(t)
	tour := mustTournament(t, ctx, d, 4)
	mustPair(t, ctx, d)
	tests := []struct {
		name string
		do   func() error
		kind error
		msg  string
	}{
		{"a new one named as another", func() error {
			_, err := d.CreateTournament(ctx, arbiter.NewTournament(" club "))
			return err
		}, ErrConflict, `tournament "club" already exists (number 1)`},
		{"a new one with a Swiss PAB of 1.5", func() error {
			nt := arbiter.NewTournament("Spring")
			nt.PABValue = arbiter.One + arbiter.Half
			_, err := d.CreateTournament(ctx, nt)
			return err
		}, ErrInvalid, "the pairing-allocated bye is worth 1, 0.5 or 0 points, not 1.5"},
		{"no round", func() error {
			t2 := tour
			t2.Rounds = 0
			return d.UpdateTournament(ctx, t2)
		}, ErrInvalid, "a tournament needs at least 1 round, not 0"},
		{"Double-Swiss with a round paired", func() error {
			t2 := tour
			t2.DoubleSwissValues()
			return d.UpdateTournament(ctx, t2)
		}, ErrConflict, "1 rounds are already paired as swiss: the system cannot become double-swiss"},
		{"an import with a rating type and no federation", func() error {
			nt := arbiter.NewTournament("Imported")
			nt.RatingType = "FIDE"
			_, err := d.ImportTournament(ctx, TournamentImport{Tournament: nt})
			return err
		}, ErrInvalid, "the rating type (TRF 172) names the federation of the national ratings: set the federation too"},
		{"an import named as another", func() error {
			_, err := d.ImportTournament(ctx, TournamentImport{Tournament: arbiter.NewTournament("CLUB")})
			return err
		}, ErrConflict, `tournament "CLUB" already exists (number 1)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before, err := d.Events(ctx, 0)
			if err != nil {
				t.Fatal(err)
			}
			err = tt.do()
			var de *Error
			if !errors.Is(err, tt.kind) || !errors.As(err, &de) || de.Msg != tt.msg || de.Text.IsZero() {
				t.Errorf("= %v (%#v), want %v %q with its catalog text", err, err, tt.kind, tt.msg)
			}
			if after, err := d.Events(ctx, 0); err != nil || len(after) != len(before) {
				t.Errorf("a refused setting wrote (%v)", err)
			}
		})
	}
	if err := CheckImport(TournamentImport{Tournament: arbiter.NewTournament("Fine")}); err != nil {
		t.Errorf("CheckImport(the defaults) = %v, want nil", err)
	}
	bad := arbiter.NewTournament("Bad")
	bad.Federation = "it"
	if err := CheckImport(TournamentImport{Tournament: bad}); !errors.Is(err, ErrInvalid) {
		t.Errorf("CheckImport(federation it) = %v, want ErrInvalid", err)
	}
}
