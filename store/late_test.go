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
		if _, err := db.AddEntry(ctx, tr.ID, arbiter.Player{Name: n}, AddOptions{}, nil, nil); err != nil {
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

// TestRequestLateFacts: the desk's rule of a request sees, in the
// request's transaction, how many requests wait from its address and in
// all (an answered one leaves room), the roster for someone new, and the
// club player named with their number when entered; what it refuses is
// not queued.
func TestRequestLateFacts(t *testing.T) {
	ctx := context.Background()
	db := mustOpenDB(t)
	tr, err := db.CreateTournament(ctx, arbiter.NewTournament("Club"))
	if err != nil {
		t.Fatal(err)
	}
	rossi, err := db.AddEntry(ctx, tr.ID, arbiter.Player{Name: "Rossi, Mario"}, AddOptions{}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	var seen []LateFacts
	watch := func(r arbiter.LateRequest, f LateFacts) error {
		seen = append(seen, f)
		return nil
	}
	request := func(i int, ip string, r arbiter.LateRequest, rule LateRule) error {
		t.Helper()
		r.Token, r.IP = fmt.Sprintf("a%023d", i), ip
		if r.Name == "" {
			r.Name = fmt.Sprintf("Guest %d, New", i)
		}
		_, err := db.RequestLate(ctx, tr.ID, r, rule)
		return err
	}
	for i, ip := range []string{"10.0.9.9", "10.0.9.9", "10.0.9.8", "10.0.9.9"} {
		if err := request(i, ip, arbiter.LateRequest{}, watch); err != nil {
			t.Fatal(err)
		}
	}
	var counts [][2]int
	for _, f := range seen {
		counts = append(counts, [2]int{f.FromAddress, f.Waiting})
		if f.Tournament != "Club" || f.Roster != nil || f.Player != nil {
			t.Errorf("facts of a request = %+v, want the tournament alone", f)
		}
	}
	if want := [][2]int{{0, 0}, {1, 1}, {0, 2}, {2, 3}}; fmt.Sprint(counts) != fmt.Sprint(want) {
		t.Errorf("requests waiting (from the address, in all) = %v, want %v", counts, want)
	}
	refused := errors.New("refused")
	if err := request(4, "10.0.9.9", arbiter.LateRequest{}, func(arbiter.LateRequest, LateFacts) error { return refused }); err != refused {
		t.Errorf("a refused request = %v, want the rule's refusal", err)
	}
	q, err := db.LateQueue(ctx, tr.ID)
	if err != nil || len(q) != 4 {
		t.Fatalf("queue: %d, %v; want the 4 let through", len(q), err)
	}
	if _, err := db.RefuseLate(WithActor(ctx, "organizer"), tr.ID, q[0].ID, func(arbiter.LateRequest) error { return nil }); err != nil {
		t.Fatal(err)
	}
	seen = nil
	if err := request(5, "10.0.9.9", arbiter.LateRequest{Name: "Rossi, Mario", New: true}, watch); err != nil {
		t.Fatal(err)
	}
	if err := request(6, "10.0.9.7", arbiter.LateRequest{Name: "Mario Rossi", PlayerID: rossi.Entry.Player.ID}, watch); err != nil {
		t.Fatal(err)
	}
	if f := seen[0]; f.FromAddress != 2 || f.Waiting != 3 || len(f.Roster) != 1 || f.Roster[0].Name != "Rossi, Mario" {
		t.Errorf("facts of someone new after an answer = %+v, want 2 and 3 waiting and the roster", f)
	}
	if f := seen[1]; f.Player == nil || f.Player.ID != rossi.Entry.Player.ID || f.Entered != rossi.Entry.PN {
		t.Errorf("facts of a club player entered = %+v, want the player and number %d", f, rossi.Entry.PN)
	}
	// The token is the page's secret: a short one is a bug, not input.
	if _, err := db.RequestLate(ctx, tr.ID, arbiter.LateRequest{Token: "short", Name: "Short, Token"}, watch); err == nil || errors.Is(err, ErrInvalid) {
		t.Errorf("a short token: %v", err)
	}
}
