package desk

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
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

// TestNameRule: the desk's reading of a typed name, on the club players
// the store finds, with the player meant or the refusal's kind, English
// words and players.
func TestNameRule(t *testing.T) {
	rossi := arbiter.Player{ID: 12, Name: "Rossi, Mario", Rating: 1850}
	rossi2 := arbiter.Player{ID: 40, Name: "Rossi, Mario"}
	ferri := arbiter.Player{ID: 7, Name: "Ferri, Luca"}
	ferri2 := arbiter.Player{ID: 8, Name: "Ferri, Anna", Rating: 1600}
	tests := []struct {
		name    string
		n       store.Naming
		want    int64 // the roster ID meant, 0 for a new player
		kind    error
		msg     string
		players []int64
		text    string // the catalog id of the refusal, "" for none
	}{
		{name: "the same name reuses the club player", n: store.Naming{Name: "mario rossi", Same: []arbiter.Player{rossi}}, want: 12},
		{name: "the FIDE ID names the club player", n: store.Naming{Name: "M. Rossi", ByID: &rossi, Similar: []arbiter.Player{rossi}}, want: 12},
		{name: "a surname alone", n: store.Naming{Name: "Ferri", Within: []arbiter.Player{ferri}}, want: 7},
		{name: "two club players of that name", n: store.Naming{Name: "Mario Rossi", Same: []arbiter.Player{rossi, rossi2}, Entered: map[int64]int{40: 3}},
			kind: ErrAmbiguous, msg: "2 club players are called Mario Rossi (id:12 Rossi, Mario (1850); id:40 Rossi, Mario, player 3)", players: []int64{12, 40}},
		{name: "a surname two club players have", n: store.Naming{Name: "Ferri", Within: []arbiter.Player{ferri, ferri2}},
			kind: ErrAmbiguous, msg: `"Ferri" could be id:7 Ferri, Luca; id:8 Ferri, Anna (1600)`, players: []int64{7, 8}},
		{name: "a similar name", n: store.Naming{Name: "Mario Rosi", Similar: []arbiter.Player{rossi}},
			kind: ErrLikelyDuplicate, msg: `"Mario Rosi" looks like club player id:12 Rossi, Mario (1850)`, players: []int64{12}, text: "refuse.likeclub"},
		{name: "a similar name entered already", n: store.Naming{Name: "Mario Rosi", Similar: []arbiter.Player{rossi}, Entered: map[int64]int{12: 5}},
			kind: ErrLikelyDuplicate, msg: `"Mario Rosi" looks like club player id:12 Rossi, Mario (1850): did you mean 5 Rossi, Mario, entered already?`,
			players: []int64{12}, text: "refuse.likeclub.entered"},
		{name: "a similar name said to be new", n: store.Naming{Name: "Mario Rosi", New: true, Similar: []arbiter.Player{rossi}}},
		{name: "the same name said to be new", n: store.Naming{Name: "Rossi, Mario", New: true, Same: []arbiter.Player{rossi}}},
		{name: "a name the club does not know", n: store.Naming{Name: "Petrova, Olga"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			id, err := nameRule(tt.n)
			if tt.kind == nil {
				if err != nil || id != tt.want {
					t.Fatalf("nameRule = %d, %v, want %d", id, err, tt.want)
				}
				return
			}
			var de *Error
			if !errors.Is(err, tt.kind) || !errors.As(err, &de) || de.Msg != tt.msg || id != 0 {
				t.Fatalf("nameRule = %d, %#v, want %v %q", id, err, tt.kind, tt.msg)
			}
			if de.Text.ID != tt.text {
				t.Errorf("nameRule words it by %q, want %q", de.Text.ID, tt.text)
			}
			if !slices.Equal(de.Players, tt.players) {
				t.Errorf("nameRule names players %v, want %v", de.Players, tt.players)
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
			// The refusal a front end renders says the line.
			var de *Error
			if errors.As(err, &de) && de.Msg != "line 3: Verdi, Anna is already entered in Club as player 3" {
				return fmt.Errorf("words %q, not the line", de.Msg)
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
				return fmt.Errorf("refusal %s (%v), want refuse.entered.withdrawn", de.Text.ID, err)
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
		{name: "a name like a club player's", add: func(d *Desk, tour arbiter.Tournament) error {
			_, err := d.AddEntry(ctx, tour.ID, arbiter.Player{Name: "Mario Rosi"}, AddOptions{})
			var de *Error
			if errors.As(err, &de) && de.Text.ID != "refuse.likeclub.entered" {
				return fmt.Errorf("refusal %s (%v), want refuse.likeclub.entered", de.Text.ID, err)
			}
			return err
		}, kind: ErrLikelyDuplicate},
		{name: "a name two club players have", setup: func(t *testing.T, d *Desk, tour arbiter.Tournament) {
			if _, err := d.ImportRoster(ctx, "club.csv", []ImportRow{{Line: 2, Player: arbiter.Player{Name: "Rossi, Mario", Rating: 1500}}}, AddOptions{New: true}); err != nil {
				t.Fatal(err)
			}
		}, add: func(d *Desk, tour arbiter.Tournament) error {
			_, err := d.AddEntry(ctx, tour.ID, arbiter.Player{Name: "Mario Rossi"}, AddOptions{})
			return err
		}, kind: ErrAmbiguous},
		{name: "a roster row like a club player", add: func(d *Desk, tour arbiter.Tournament) error {
			_, err := d.ImportRoster(ctx, "club.csv", []ImportRow{{Line: 7, Player: arbiter.Player{Name: "Mario Rosi"}}}, AddOptions{})
			var de *Error
			if errors.As(err, &de) && !strings.HasPrefix(de.Msg, `line 7: "Mario Rosi" looks like club player id:`) {
				return fmt.Errorf("words %q, not the line and the club player", de.Msg)
			}
			return err
		}, kind: ErrLikelyDuplicate},
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

// TestWithdrawRule: the desk's rule of a withdrawal, on the facts the
// store reads, with the refusal's kind and English words.
func TestWithdrawRule(t *testing.T) {
	club := arbiter.Tournament{Name: "Club", Rounds: 7}
	gallo := arbiter.Entry{PN: 6, Player: arbiter.Player{ID: 16, Name: "Gallo, Piero"}}
	gone := gallo
	gone.Status, gone.WithdrawnFrom = arbiter.Withdrawn, 3
	tests := []struct {
		name string
		f    store.Leaving
		kind error
		msg  string
	}{
		{name: "before round 1", f: store.Leaving{Tournament: club, Entry: gallo, From: 1}},
		{name: "from the next round", f: store.Leaving{Tournament: club, Entry: gallo, Paired: 2, From: 3}},
		{name: "from the last round", f: store.Leaving{Tournament: club, Entry: gallo, Paired: 2, From: 7}},
		{name: "from a paired round", f: store.Leaving{Tournament: club, Entry: gallo, Paired: 2, From: 2}, kind: ErrLeavesPaired,
			msg: "round 2 is already paired: withdraw from round 3 (a game of round 2 that Gallo, Piero does not play is lost by forfeit)"},
		{name: "after the last round", f: store.Leaving{Tournament: club, Entry: gallo, Paired: 2, From: 8}, kind: ErrInvalid,
			msg: "the tournament has 7 rounds: Gallo, Piero cannot withdraw from round 8"},
		{name: "twice", f: store.Leaving{Tournament: club, Entry: gone, Paired: 4, From: 5}, kind: ErrConflict,
			msg: "Gallo, Piero withdrew already, from round 3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := withdrawRule(tt.f)
			if tt.kind == nil {
				if err != nil {
					t.Fatalf("withdrawRule = %v, want nil", err)
				}
				return
			}
			var de *Error
			if !errors.Is(err, tt.kind) || !errors.As(err, &de) || de.Msg != tt.msg || de.Text.IsZero() {
				t.Errorf("withdrawRule = %#v, want %v %q with its catalog text", err, tt.kind, tt.msg)
			}
		})
	}
}

// TestWithdrawRefused: the withdrawals the desk refuses, on a database,
// and nothing written by them.
func TestWithdrawRefused(t *testing.T) {
	ctx := context.Background()
	d := mustOpen(t)
	tour := mustTournament(t, ctx, d, 4)
	mustPair(t, ctx, d)
	s, err := d.Snapshot(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	id := s.Entries[2].Player.ID
	if _, _, err := d.Withdraw(ctx, tour.ID, s.Entries[3].Player.ID, 0); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		id   int64
		from int
		kind error
	}{
		{"from a paired round", id, 1, ErrLeavesPaired},
		{"after the last round", id, 8, ErrInvalid},
		{"twice", s.Entries[3].Player.ID, 0, ErrConflict},
	} {
		before, err := d.Snapshot(ctx, "")
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := d.Withdraw(ctx, tour.ID, tt.id, tt.from); !errors.Is(err, tt.kind) {
			t.Errorf("%s: Withdraw = %v, want %v", tt.name, err, tt.kind)
		}
		if after, err := d.Snapshot(ctx, ""); err != nil || after.LastEvent != before.LastEvent {
			t.Errorf("%s: a refused withdrawal wrote (%v)", tt.name, err)
		}
	}
}
