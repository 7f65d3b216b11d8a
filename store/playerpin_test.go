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
	pin, err := db.PlayerPIN(ctx, tid, 2)
	if err != nil || len(pin) != 4 {
		t.Fatalf("PlayerPIN(2) = %q, %v; want 4 digits", pin, err)
	}
	if again, err := db.PlayerPIN(ctx, tid, 2); err != nil || again != pin {
		t.Errorf("PlayerPIN(2) again = %q, %v; want the same %q", again, err, pin)
	}
	// Board 2 of round 1 is 4-2: player 2 has Black.
	if codes[2].BlackPIN != pin {
		t.Errorf("board 2 gives Black the PIN %q, player 2's own is %q", codes[2].BlackPIN, pin)
	}
	if _, err := db.PlayerPIN(ctx, tid, 9); !errors.Is(err, ErrNotFound) {
		t.Errorf("PlayerPIN(9) = %v, want ErrNotFound", err)
	}
}

// TestPlayerPINsUnique: every player gets a PIN, and no two players of a
// tournament share one, so a PIN says whose it is.
func TestPlayerPINsUnique(t *testing.T) {
	ctx := context.Background()
	db := mustOpenDB(t)
	// 400 players draw 400 PINs from 10000: without care two would
	// share one (a birthday clash is all but certain).
	tr, err := db.CreateTournament(ctx, arbiter.NewTournament("Big"))
	if err != nil {
		t.Fatal(err)
	}
	for i := range 400 {
		if _, err := db.AddEntry(ctx, tr.ID, arbiter.Player{Name: fmt.Sprintf("Player %03d", i+1), Rating: 1500}, AddOptions{New: true}); err != nil {
			t.Fatal(err)
		}
	}
	pins, err := db.PlayerPINs(ctx, tr.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(pins) != 400 {
		t.Fatalf("PlayerPINs gave %d PINs, want 400", len(pins))
	}
	seen := map[string]int{}
	for pn, pin := range pins {
		if len(pin) != 4 {
			t.Errorf("player %d's PIN %q is not 4 digits", pn, pin)
		}
		if other, ok := seen[pin]; ok {
			t.Errorf("players %d and %d share the PIN %s", other, pn, pin)
		}
		seen[pin] = pn
	}
	// Asked again, the same PINs: they may be on cards already.
	again, err := db.PlayerPINs(ctx, tr.ID)
	if err != nil {
		t.Fatal(err)
	}
	for pn, pin := range pins {
		if again[pn] != pin {
			t.Errorf("player %d's PIN changed from %s to %s", pn, pin, again[pn])
		}
	}
}
