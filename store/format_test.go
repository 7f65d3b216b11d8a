package store

import (
	"context"
	"errors"
	"testing"

	"github.com/labyrinth-chess/arbiter"
)

// TestFormatRoundTrip stores the format of play and reads it back through
// every way a tournament is read, and logs each change.
func TestFormatRoundTrip(t *testing.T) {
	ctx := context.Background()
	db := mustOpenDB(t)
	tests := []struct {
		name string
		set  func(*arbiter.Tournament)
	}{
		{"swiss by default", func(*arbiter.Tournament) {}},
		{"labyrinth proposes the rounds", func(t *arbiter.Tournament) { t.Labyrinth() }},
		{"double round robin", func(t *arbiter.Tournament) { t.System, t.Cycles, t.Closed = arbiter.RoundRobin, 2, true }},
		{"half a point when absent", func(t *arbiter.Tournament) { t.AbsentValue = arbiter.Half }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want := arbiter.NewTournament(tt.name)
			tt.set(&want)
			got, err := db.CreateTournament(ctx, want)
			if err != nil {
				t.Fatal(err)
			}
			read, err := db.Tournament(ctx, got.ID)
			if err != nil {
				t.Fatal(err)
			}
			if read.System != want.System || cycles(read) != cycles(want) || read.FitRounds != want.FitRounds || read.Closed != want.Closed || read.AbsentValue != want.AbsentValue {
				t.Errorf("Tournament(%d) = %+v, want the format of %+v", got.ID, read, want)
			}
			list, err := db.Tournaments(ctx)
			if err != nil {
				t.Fatal(err)
			}
			for _, ti := range list {
				if ti.ID == got.ID && (ti.System != want.System || ti.FitRounds != want.FitRounds) {
					t.Errorf("Tournaments() has %+v, want the format of %+v", ti.Tournament, want)
				}
			}
		})
	}
	t1, err := db.CreateTournament(ctx, arbiter.NewTournament("Changed"))
	if err != nil {
		t.Fatal(err)
	}
	t1.System, t1.Cycles = arbiter.RoundRobin, 1
	if err := db.UpdateTournament(ctx, t1); err != nil {
		t.Fatal(err)
	}
	if read, _ := db.Tournament(ctx, t1.ID); read.System != arbiter.RoundRobin {
		t.Errorf("after UpdateTournament the system is %s, want round-robin", read.System)
	}
	t1.AbsentValue = arbiter.One
	// The limit is the desk's rule; beneath it the schema refuses.
	if err := db.UpdateTournament(ctx, t1); err == nil {
		t.Errorf("UpdateTournament(absent value 1) = nil, want the schema's refusal")
	}
	a, err := db.AddEntry(ctx, t1.ID, arbiter.Player{Name: "Absent, Anna"}, AddOptions{}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.CheckIn(ctx, t1.ID, 1, nil, []int64{a.Entry.Player.ID}, arbiter.FullBye, nil); !errors.Is(err, ErrInvalid) {
		t.Errorf("CheckIn(full bye) = %v, want ErrInvalid", err)
	}
}
