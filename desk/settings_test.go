package desk

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/labyrinth-chess/arbiter"
)

func ptr[T any](v T) *T { return &v }

// TestSettingsApply: each setting within its limits is applied, the
// first one out of them refused naming it and what it may be.
func TestSettingsApply(t *testing.T) {
	base := arbiter.NewTournament("Club")
	base.Labyrinth()
	tests := []struct {
		name    string
		s       Settings
		want    func(*arbiter.Tournament) // the change expected
		refused Setting
		allowed []string
	}{
		{name: "nothing", s: Settings{}, want: func(*arbiter.Tournament) {}},
		{name: "rounds chosen: no longer proposed", s: Settings{Rounds: ptr(5)},
			want: func(t *arbiter.Tournament) { t.Rounds, t.FitRounds = 5, false }},
		{name: "rounds, and proposed all the same", s: Settings{Rounds: ptr(5), FitRounds: ptr(true)},
			want: func(t *arbiter.Tournament) { t.Rounds = 5 }},
		{name: "no round", s: Settings{Rounds: ptr(0)}, refused: SettingRounds, allowed: []string{"1", "…", "99"}},
		{name: "100 rounds", s: Settings{Rounds: ptr(100)}, refused: SettingRounds, allowed: []string{"1", "…", "99"}},
		{name: "empty name", s: Settings{Name: ptr("  ")}, refused: SettingName},
		{name: "name trimmed", s: Settings{Name: ptr(" Blitz ")}, want: func(t *arbiter.Tournament) { t.Name = "Blitz" }},
		{name: "bad date", s: Settings{Date: ptr("12/05/2026")}, refused: SettingDate},
		{name: "no date", s: Settings{Date: ptr("")}, want: func(t *arbiter.Tournament) { t.Date = "" }},
		{name: "bye worth half", s: Settings{PABValue: ptr(arbiter.Half)}, want: func(t *arbiter.Tournament) { t.PABValue = arbiter.Half }},
		{name: "requested bye worth a win", s: Settings{HalfByeValue: ptr(arbiter.One)}, refused: SettingHalfByeValue, allowed: []string{"0.5", "0"}},
		{name: "late entry worth a win", s: Settings{LateValue: ptr(arbiter.One)}, refused: SettingLateValue, allowed: []string{"0", "0.5"}},
		{name: "absent worth a win", s: Settings{AbsentValue: ptr(arbiter.One)}, refused: SettingAbsentValue, allowed: []string{"0", "0.5"}},
		{name: "deadline", s: Settings{Deadline: ptr("21:30")}, want: func(t *arbiter.Tournament) { t.Deadline = "21:30" }},
		{name: "bad deadline", s: Settings{Deadline: ptr("25:00")}, refused: SettingDeadline},
		{name: "Italian", s: Settings{Language: ptr("it")}, want: func(t *arbiter.Tournament) { t.Language = "it" }},
		{name: "French", s: Settings{Language: ptr("fr")}, refused: SettingLanguage, allowed: []string{"en", "it"}},
		{name: "Laws 2018", s: Settings{LawsEdition: ptr(2018)}, want: func(t *arbiter.Tournament) { t.LawsEdition = 2018 }},
		{name: "Laws 2020", s: Settings{LawsEdition: ptr(2020)}, refused: SettingLawsEdition,
			allowed: []string{"2001", "2005", "2009", "2014", "2017", "2018", "2023"}},
		{name: "tie-breaks 2009", s: Settings{TiebreakEdition: ptr(2009)}, want: func(t *arbiter.Tournament) { t.TiebreakEdition = 2009 }},
		{name: "tie-breaks 2019", s: Settings{TiebreakEdition: ptr(2019)}, refused: SettingTiebreakEd, allowed: []string{"2023", "2026", "2009"}},
		{name: "Dutch 2017", s: Settings{PairingEdition: ptr(2017)}, want: func(t *arbiter.Tournament) { t.PairingEdition = 2017 }},
		{name: "Dutch 2013", s: Settings{PairingEdition: ptr(2013)}, refused: SettingPairingEdition, allowed: []string{"2025", "2017"}},
		{name: "round robin twice", s: Settings{System: ptr(arbiter.RoundRobin), Cycles: ptr(2)},
			want: func(t *arbiter.Tournament) { t.System, t.Cycles = arbiter.RoundRobin, 2 }},
		{name: "three times", s: Settings{Cycles: ptr(3)}, refused: SettingCycles, allowed: []string{"1", "2"}},
		{name: "first refusal wins", s: Settings{Rounds: ptr(0), LawsEdition: ptr(1999)}, refused: SettingRounds, allowed: []string{"1", "…", "99"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := base
			got.Tiebreaks = append([]string(nil), base.Tiebreaks...)
			err := tt.s.Apply(&got)
			if tt.refused != "" {
				var se *SettingError
				if !errors.As(err, &se) || se.Setting != tt.refused || !reflect.DeepEqual(se.Allowed, tt.allowed) {
					t.Fatalf("Apply(%s) = %v, want %s refused, allowing %v", tt.name, err, tt.refused, tt.allowed)
				}
				return
			}
			if err != nil {
				t.Fatalf("Apply(%s) = %v", tt.name, err)
			}
			want := base
			tt.want(&want)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("Apply(%s) = %+v, want %+v", tt.name, got, want)
			}
		})
	}
}

// TestParseChain: chains as typed, and an unknown code refused.
func TestParseChain(t *testing.T) {
	tests := []struct {
		in   string
		want []string
		err  bool
	}{
		{in: "BH,DE,SB", want: []string{"BH", "DE", "SB"}},
		{in: "bh-c1 sb; de", want: []string{"BH-C1", "SB", "DE"}},
		{in: "", want: []string{}},
		{in: "BH,XYZ", err: true},
	}
	for _, tt := range tests {
		got, err := ParseChain(tt.in)
		if (err != nil) != tt.err || !tt.err && !reflect.DeepEqual(got, tt.want) {
			t.Errorf("ParseChain(%q) = %v, %v; want %v (error %v)", tt.in, got, err, tt.want, tt.err)
		}
	}
}

// TestRoundRobinOncePaired: a Swiss with rounds paired does not become a
// round robin from round 1 of the Berger table.
func TestRoundRobinOncePaired(t *testing.T) {
	ctx := context.Background()
	d := mustOpen(t)
	tour := mustTournament(t, ctx, d, 6)
	rr := tour
	rr.System = arbiter.RoundRobin
	if err := d.UpdateTournament(ctx, rr); err != nil {
		t.Fatalf("round robin before round 1: %v", err)
	}
	if err := d.UpdateTournament(ctx, tour); err != nil {
		t.Fatal(err)
	}
	mustPair(t, ctx, d)
	if err := d.UpdateTournament(ctx, rr); !errors.Is(err, ErrRoundRobinPaired) || !errors.Is(err, ErrConflict) {
		t.Errorf("round robin after round 1 = %v, want ErrRoundRobinPaired", err)
	}
}
