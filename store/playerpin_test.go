package store

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/labyrinth-chess/arbiter"
)

func TestPlayerPIN(t *testing.T) {
	ctx := context.Background()
	db := mustOpenDB(t)
	tid, codes := publishedRound(t, db)
	pin, err := db.PlayerPIN(ctx, tid, 2, firstFree)
	if err != nil || len(pin) != 4 {
		t.Fatalf("PlayerPIN(2) = %q, %v; want 4 digits", pin, err)
	}
	if again, err := db.PlayerPIN(ctx, tid, 2, firstFree); err != nil || again != pin {
		t.Errorf("PlayerPIN(2) again = %q, %v; want the same %q", again, err, pin)
	}
	// Board 2 of round 1 is 4-2: player 2 has Black.
	if codes[2].BlackPIN != pin {
		t.Errorf("board 2 gives Black the PIN %q, player 2's own is %q", codes[2].BlackPIN, pin)
	}
	if _, err := db.PlayerPIN(ctx, tid, 9, firstFree); !errors.Is(err, ErrNotFound) {
		t.Errorf("PlayerPIN(9) = %v, want ErrNotFound", err)
	}
}

// firstFree is the PIN rule of the store's tests: the first four digits,
// from 0000 up, that no player of the tournament holds. The desk's rule
// draws them at random (desk.drawPIN).
func firstFree(taken map[string]bool) (string, error) {
	for n := range 10000 {
		if pin := fmt.Sprintf("%04d", n); !taken[pin] {
			return pin, nil
		}
	}
	return "", errors.New("every PIN is taken")
}

// TestPlayerPINsIntegrity: every player gets the PIN the rule gives, once
// (asked again, the same: they may be on cards already); a PIN the rule
// gives that another player holds, or that is not four digits, is not
// stored, nor is anything when the rule refuses.
func TestPlayerPINsIntegrity(t *testing.T) {
	ctx := context.Background()
	db := mustOpenDB(t)
	tr, err := db.CreateTournament(ctx, arbiter.NewTournament("Big"))
	if err != nil {
		t.Fatal(err)
	}
	for i := range 5 {
		if _, err := db.AddEntry(ctx, tr.ID, arbiter.Player{Name: fmt.Sprintf("Player %03d", i+1), Rating: 1500}, AddOptions{New: true}, nil, nil); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := db.PlayerPIN(ctx, tr.ID, 1, firstFree); err != nil {
		t.Fatal(err)
	}
	refused := errors.New("refused by the rule")
	for _, tt := range []struct {
		name string
		rule PINRule
		err  error
	}{
		{"a PIN another player holds", func(map[string]bool) (string, error) { return "0000", nil }, nil},
		{"three digits", func(map[string]bool) (string, error) { return "123", nil }, nil},
		{"not digits", func(map[string]bool) (string, error) { return "12a4", nil }, nil},
		{"the rule refuses", func(map[string]bool) (string, error) { return "", refused }, refused},
	} {
		if pins, err := db.PlayerPINs(ctx, tr.ID, tt.rule); err == nil || tt.err != nil && !errors.Is(err, tt.err) {
			t.Errorf("%s: PlayerPINs = %v, %v; want an error", tt.name, pins, err)
		}
		if pin, err := db.PlayerPIN(ctx, tr.ID, 2, tt.rule); err == nil || tt.err != nil && !errors.Is(err, tt.err) {
			t.Errorf("%s: PlayerPIN(2) = %q, %v; want an error", tt.name, pin, err)
		}
	}
	pins, err := db.PlayerPINs(ctx, tr.ID, firstFree)
	if err != nil {
		t.Fatal(err)
	}
	if len(pins) != 5 || pins[1] != "0000" {
		t.Fatalf("PlayerPINs = %v, want 5 PINs, player 1's 0000 as made first", pins)
	}
	seen := map[string]int{}
	for pn, pin := range pins {
		if other, ok := seen[pin]; ok {
			t.Errorf("players %d and %d share the PIN %s", other, pn, pin)
		}
		seen[pin] = pn
	}
	again, err := db.PlayerPINs(ctx, tr.ID, func(map[string]bool) (string, error) { return "", refused })
	if err != nil {
		t.Fatal(err)
	}
	for pn, pin := range pins {
		if again[pn] != pin {
			t.Errorf("player %d's PIN changed from %s to %s", pn, pin, again[pn])
		}
	}
}

// TestPINsUniqueConstraint: the schema itself refuses a second player
// with a tournament's PIN, whatever writes it.
func TestPINsUniqueConstraint(t *testing.T) {
	ctx := context.Background()
	db := mustOpenDB(t)
	tid, _ := publishedRound(t, db)
	pin, err := db.PlayerPIN(ctx, tid, 1, firstFree)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.db.ExecContext(ctx, `UPDATE player_pins SET pin = ? WHERE tournament_id = ? AND pin <> ?`, pin, tid, pin); err == nil {
		t.Errorf("two players of a tournament given the PIN %s", pin)
	}
}
