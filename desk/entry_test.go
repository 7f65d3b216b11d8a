package desk

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/store"
)

// TestEntryRule: the desk's rule of a registration, on the facts the
// store reads, with the refusal's kind, English words and player.
func TestEntryRule(t *testing.T) {
	club := arbiter.Tournament{Name: "Club", Rounds: 7}
	rossi := arbiter.Player{ID: 12, Name: "Rossi, Mario"}
	olga := arbiter.Player{Name: "Olga Petrova"}
	tests := []struct {
		name    string
		surname bool // the club types "Surname, Name"
		f       store.Entering
		kind    error
		msg     string
		player  int64 // the roster ID the refusal names, 0 for none
	}{
		{name: "a round left to pair", f: store.Entering{Tournament: club, Paired: 6}},
		{name: "every round paired", f: store.Entering{Tournament: club, Paired: 7}, kind: ErrRegistrationOver,
			msg: "all 7 rounds of Club are paired: no one can enter now"},
		{name: "a club player", f: store.Entering{Tournament: club, Player: &rossi, Players: 10, NextPN: 11}},
		{name: "entered already", f: store.Entering{Tournament: club, Player: &rossi, Entry: &arbiter.Entry{PN: 4, Player: rossi}},
			kind: ErrAlreadyEntered, msg: "Rossi, Mario is already entered in Club as player 4", player: 12},
		{name: "entered and withdrawn", f: store.Entering{Tournament: club, Player: &rossi,
			Entry: &arbiter.Entry{PN: 4, Player: rossi, Status: arbiter.Withdrawn, WithdrawnFrom: 3}},
			kind: ErrAlreadyEntered, msg: "Rossi, Mario is already entered in Club as player 4, withdrawn from round 3", player: 12},
		{name: "the last number", f: store.Entering{Tournament: club, Player: &rossi, Players: arbiter.MaxPlayers - 1, NextPN: arbiter.MaxPlayers}},
		{name: "as many as a tournament holds", f: store.Entering{Tournament: club, Player: &rossi, Players: arbiter.MaxPlayers, NextPN: arbiter.MaxPlayers + 1},
			kind: ErrFieldFull, msg: fmt.Sprintf("Club already has %d players, the most a tournament can hold: the FIDE tournament report (TRF) numbers players with four digits", arbiter.MaxPlayers)},
		{name: "numbers used up by players removed", f: store.Entering{Tournament: club, Player: &rossi, Players: 10, NextPN: arbiter.MaxPlayers + 1},
			kind: ErrFieldFull, msg: fmt.Sprintf("Club already has %d players, the most a tournament can hold: the FIDE tournament report (TRF) numbers players with four digits", arbiter.MaxPlayers)},
		{name: "name order not asked", f: store.Entering{Tournament: club, Player: &olga, New: true}},
		{name: "name order asked, new player", surname: true, f: store.Entering{Tournament: club, Player: &olga, New: true}, kind: ErrNameOrder,
			msg: `"Olga Petrova" is not typed as Surname, Name: type "Petrova, Olga", or the surname first as the player writes it`},
		{name: "name order asked, club player", surname: true, f: store.Entering{Tournament: club, Player: &olga}},
		{name: "name order asked, one word", surname: true, f: store.Entering{Tournament: club, Player: &arbiter.Player{Name: "Olga"}, New: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := entryRule(tt.surname)(tt.f)
			if tt.kind == nil {
				if err != nil {
					t.Fatalf("entryRule = %v, want nil", err)
				}
				return
			}
			var de *Error
			if !errors.Is(err, tt.kind) || !errors.As(err, &de) || de.Msg != tt.msg || de.Text.IsZero() {
				t.Fatalf("entryRule = %#v, want %v %q with its catalog text", err, tt.kind, tt.msg)
			}
			if tt.player != 0 && (len(de.Players) != 1 || de.Players[0] != tt.player) {
				t.Errorf("entryRule names players %v, want %d", de.Players, tt.player)
			}
		})
	}
}

// TestAddEntryRefused: the registrations the desk refuses, through
// AddEntry and Import on a database, and nothing written by them.
func TestAddEntryRefused(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name  string
		setup func(t *testing.T, d *Desk, tour arbiter.Tournament)
		add   func(d *Desk, tour arbiter.Tournament) error
		kind  error
	}{
		{name: "entered already", add: func(d *Desk, tour arbiter.Tournament) error {
			_, err := d.AddEntry(ctx, tour.ID, arbiter.Player{Name: "Mario Rossi"}, AddOptions{})
			return err
		}, kind: ErrAlreadyEntered},
		{name: "entered already, in a file", add: func(d *Desk, tour arbiter.Tournament) error {
			_, err := d.Import(ctx, tour.ID, "x.csv", []ImportRow{{Line: 2, Player: arbiter.Player{Name: "Nuovo, Uno"}}, {Line: 3, Player: arbiter.Player{Name: "Verdi, Anna"}}}, AddOptions{})
			if err != nil && err.Error() != "line 3: Verdi, Anna is already entered in Club as player 3" {
				return fmt.Errorf("words %q: %w", err, err)
			}
			return err
		}, kind: ErrAlreadyEntered},
		{name: "entered and withdrawn", setup: func(t *testing.T, d *Desk, tour arbiter.Tournament) {
			mustPair(t, ctx, d)
			s, err := d.Snapshot(ctx, "")
			if err != nil {
				t.Fatal(err)
			}
			if _, _, err := d.Withdraw(ctx, tour.ID, s.Entries[0].Player.ID, 0); err != nil {
				t.Fatal(err)
			}
		}, add: func(d *Desk, tour arbiter.Tournament) error {
			_, err := d.AddEntry(ctx, tour.ID, arbiter.Player{Name: "Rossi, Mario"}, AddOptions{})
			var de *Error
			if errors.As(err, &de) && de.Text.ID != "refuse.entered.withdrawn" {
				return fmt.Errorf("refusal %s, want refuse.entered.withdrawn: %w", de.Text.ID, err)
			}
			return err
		}, kind: ErrAlreadyEntered},
		{name: "every round paired", setup: func(t *testing.T, d *Desk, tour arbiter.Tournament) {
			tour.Rounds = 1
			if err := d.UpdateTournament(ctx, tour); err != nil {
				t.Fatal(err)
			}
			mustPair(t, ctx, d)
		}, add: func(d *Desk, tour arbiter.Tournament) error {
			_, err := d.AddEntry(ctx, tour.ID, arbiter.Player{Name: "Nuovo, Uno"}, AddOptions{})
			return err
		}, kind: ErrRegistrationOver},
		{name: "name order", setup: func(t *testing.T, d *Desk, tour arbiter.Tournament) {
			if err := d.SetOption(ctx, tour.ID, OptNames, NamesSurnameFirst); err != nil {
				t.Fatal(err)
			}
		}, add: func(d *Desk, tour arbiter.Tournament) error {
			_, err := d.AddEntry(ctx, tour.ID, arbiter.Player{Name: "Olga Petrova"}, AddOptions{New: true})
			return err
		}, kind: ErrNameOrder},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := mustOpen(t)
			tour := mustTournament(t, ctx, d, 4)
			if tt.setup != nil {
				tt.setup(t, d, tour)
			}
			before, err := d.Snapshot(ctx, "")
			if err != nil {
				t.Fatal(err)
			}
			roster, err := d.Roster(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if err := tt.add(d, tour); !errors.Is(err, tt.kind) {
				t.Fatalf("refused with %v, want %v", err, tt.kind)
			}
			after, err := d.Snapshot(ctx, "")
			if err != nil {
				t.Fatal(err)
			}
			if len(after.Entries) != len(before.Entries) || after.LastEvent != before.LastEvent {
				t.Errorf("a refused registration wrote: %d entries, was %d", len(after.Entries), len(before.Entries))
			}
			if again, err := d.Roster(ctx); err != nil || len(again) != len(roster) {
				t.Errorf("a refused registration changed the roster: %d players, was %d (%v)", len(again), len(roster), err)
			}
		})
	}
}
