package desk

import (
	"context"
	"errors"
	"testing"

	"github.com/labyrinth-chess/arbiter"
)

// TestCloseRegistration: closing registration with each answer, and the
// refusals.
func TestCloseRegistration(t *testing.T) {
	tests := []struct {
		name    string
		players int
		system  arbiter.System
		c       arbiter.Closing
		rounds  int
		want    arbiter.System
		cycles  int
		err     error
	}{
		{name: "as planned, Swiss", players: 6, c: arbiter.Closing{}, rounds: 3, want: arbiter.Swiss},
		{name: "as planned, round robin", players: 6, system: arbiter.RoundRobin, c: arbiter.Closing{}, rounds: 5, want: arbiter.RoundRobin, cycles: 1},
		{name: "4 rounds", players: 6, c: arbiter.Closing{Kind: arbiter.CloseSwiss, Rounds: 4}, rounds: 4, want: arbiter.Swiss},
		{name: "keep", players: 6, c: arbiter.Closing{Kind: arbiter.CloseKeep}, rounds: 7, want: arbiter.Swiss},
		{name: "round robin, 5 players", players: 5, c: arbiter.Closing{Kind: arbiter.CloseRoundRobin}, rounds: 5, want: arbiter.RoundRobin, cycles: 1},
		{name: "double, 4 players", players: 4, c: arbiter.Closing{Kind: arbiter.CloseRoundRobin, Cycles: 2}, rounds: 6, want: arbiter.RoundRobin, cycles: 2},
		{name: "double, 6 players", players: 6, c: arbiter.Closing{Kind: arbiter.CloseRoundRobin, Cycles: 2}, err: ErrDoubleRoundRobin},
		{name: "one player", players: 1, c: arbiter.Closing{}, err: ErrFewPlayers},
		{name: "100 rounds", players: 6, c: arbiter.Closing{Kind: arbiter.CloseSwiss, Rounds: 100}, err: ErrInvalid},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := context.Background()
			d := mustOpen(t)
			tour := mustTournament(t, ctx, d, tt.players)
			tour.System = tt.system
			if err := d.UpdateTournament(ctx, tour); err != nil {
				t.Fatal(err)
			}
			out, err := d.CloseRegistration(ctx, "", tt.c)
			if tt.err != nil {
				if !errors.Is(err, tt.err) {
					t.Fatalf("CloseRegistration(%s) = %v, want %v", tt.c, err, tt.err)
				}
				s, err := d.Snapshot(ctx, "")
				if err != nil {
					t.Fatal(err)
				}
				if s.Tournament.Closed {
					t.Errorf("a refused closing closed registration")
				}
				return
			}
			if err != nil {
				t.Fatalf("CloseRegistration(%s) = %v", tt.c, err)
			}
			got := out.Snapshot.Tournament
			if !got.Closed || got.Rounds != tt.rounds || got.System != tt.want || tt.want == arbiter.RoundRobin && got.Cycles != tt.cycles {
				t.Errorf("CloseRegistration(%s) = closed %v, %d rounds of %v (cycles %d); want %d of %v (cycles %d)",
					tt.c, got.Closed, got.Rounds, got.System, got.Cycles, tt.rounds, tt.want, tt.cycles)
			}
			if out.Fit.Players != tt.players || out.Fit.Planned != 7 {
				t.Errorf("fit %+v, want %d players, 7 rounds planned", out.Fit, tt.players)
			}
			mustPair(t, ctx, d)
			if _, err := d.CloseRegistration(ctx, "", tt.c); !errors.Is(err, ErrClosedAlready) {
				t.Errorf("closing after round 1 = %v, want ErrClosedAlready", err)
			}
		})
	}
}

// TestClosingString: a closing written for a form reads back the same.
func TestClosingString(t *testing.T) {
	for _, c := range []arbiter.Closing{{}, {Kind: arbiter.CloseSwiss}, {Kind: arbiter.CloseSwiss, Rounds: 4}, {Kind: arbiter.CloseKeep},
		{Kind: arbiter.CloseRoundRobin}, {Kind: arbiter.CloseRoundRobin, Cycles: 2}} {
		got, err := arbiter.ParseClosing(c.String())
		if err != nil || got != c {
			t.Errorf("ParseClosing(%q) = %+v, %v; want %+v", c.String(), got, err, c)
		}
	}
	for _, bad := range []string{"", "swiss:0", "swiss:x", "keep:3", "round-robin:3", "knockout"} {
		if _, err := arbiter.ParseClosing(bad); err == nil {
			t.Errorf("ParseClosing(%q) accepted", bad)
		}
	}
}
