package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter"
)

func TestRosterMatches(t *testing.T) {
	ctx := context.Background()
	db := mustOpenDB(t)
	tr, err := db.CreateTournament(ctx, arbiter.NewTournament("Club"))
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"Rossi, Niccolò", "Rossi, Mario", "Bianchi, Anna", "Ferri, Luca"} {
		if _, err := db.AddEntry(ctx, tr.ID, arbiter.Player{Name: n}, AddOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		typed string
		want  []string
	}{
		{"niccolo rossi", []string{"Rossi, Niccolò"}},         // accents, case, order
		{"ROSSI, NICCOLÒ", []string{"Rossi, Niccolò"}},        // the same name
		{"Nicolò Rossi", []string{"Rossi, Niccolò"}},          // one letter off
		{"N. Rossi", []string{"Rossi, Niccolò"}},              // an initial
		{"Ferri", []string{"Ferri, Luca"}},                    // the surname of one club player
		{"Rossi", []string{"Rossi, Mario", "Rossi, Niccolò"}}, // of two: both offered
		{"Petrova, Olga", nil},                                // someone new
		{"  ", nil},
	}
	for _, tc := range tests {
		t.Run(tc.typed, func(t *testing.T) {
			ms, err := db.RosterMatches(ctx, tc.typed)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, m := range ms {
				got = append(got, m.Name)
			}
			if strings.Join(got, "|") != strings.Join(tc.want, "|") {
				t.Errorf("RosterMatches(%q) = %q, want %q", tc.typed, got, tc.want)
			}
		})
	}
}

func TestRequestLateCaps(t *testing.T) {
	ctx := context.Background()
	db := mustOpenDB(t)
	tr, err := db.CreateTournament(ctx, arbiter.NewTournament("Club"))
	if err != nil {
		t.Fatal(err)
	}
	// One address, whatever browser it names, has MaxLatePerAddress
	// requests waiting.
	for i := range MaxLatePerAddress + 1 {
		_, err := db.RequestLate(ctx, tr.ID, arbiter.LateRequest{Token: fmt.Sprintf("a%023d", i), Name: fmt.Sprintf("Guest %d, New", i),
			IP: "10.0.9.9", Device: fmt.Sprintf("browser %d", i)})
		switch {
		case i < MaxLatePerAddress && err != nil:
			t.Fatalf("request %d from one address: %v", i+1, err)
		case i == MaxLatePerAddress && (!errors.Is(err, ErrConflict) || !strings.Contains(err.Error(), "3 requests from this address")):
			t.Fatalf("request %d from one address: %v, want its cap", i+1, err)
		}
	}
	// One address per request: only the cap of the whole queue applies.
	for i := MaxLatePerAddress; i < MaxLatePending+1; i++ {
		_, err := db.RequestLate(ctx, tr.ID, arbiter.LateRequest{Token: fmt.Sprintf("%024d", i), Name: fmt.Sprintf("Player %d, New", i),
			IP: fmt.Sprintf("10.0.%d.%d", i/200, i%200+1), Device: "browser"})
		switch {
		case i < MaxLatePending && err != nil:
			t.Fatalf("request %d: %v", i+1, err)
		case i == MaxLatePending && (!errors.Is(err, ErrConflict) || !strings.Contains(err.Error(), "100 requests are already waiting")):
			t.Fatalf("request %d: %v, want the queue full", i+1, err)
		}
	}
	// A request answered leaves room.
	q, err := db.LateQueue(ctx, tr.ID)
	if err != nil || len(q) != MaxLatePending {
		t.Fatalf("queue: %d, %v", len(q), err)
	}
	if _, err := db.RefuseLate(WithActor(ctx, "organizer"), tr.ID, q[0].ID); err != nil {
		t.Fatal(err)
	}
	if _, err := db.RequestLate(ctx, tr.ID, arbiter.LateRequest{Token: strings.Repeat("x", 24), Name: "Last, One", IP: "10.0.0.2"}); err != nil {
		t.Errorf("after a refusal: %v", err)
	}
	// The token is the page's secret: a short one is a bug, not input.
	if _, err := db.RequestLate(ctx, tr.ID, arbiter.LateRequest{Token: "short", Name: "Short, Token"}); err == nil || errors.Is(err, ErrInvalid) {
		t.Errorf("a short token: %v", err)
	}
}
