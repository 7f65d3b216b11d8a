package store

import (
	"context"
	"errors"
	"testing"
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
	if _, err := db.PlayerPIN(ctx, tid, 9); !errors.Is(err, ErrNotFound) {
		t.Errorf("PlayerPIN(9) = %v, want ErrNotFound", err)
	}
	// Board 2 of round 1 is 4-2: player 2 has Black, player 4 White.
	for _, tt := range []struct {
		pn   int
		pin  string
		good bool
	}{
		{2, pin, true},
		{2, " " + pin + " ", true},
		{2, codes[2].BlackPIN, true},
		{4, codes[2].WhitePIN, true},
		{1, codes[1].WhitePIN, true},
		{1, codes[1].BlackPIN, false}, // player 3's
		{2, codes[2].WhitePIN, false}, // player 4's
		{1, "", false},
		{1, "12345", false},
	} {
		err := db.CheckPlayerPIN(ctx, tid, tt.pn, tt.pin)
		if tt.good && err != nil {
			t.Errorf("CheckPlayerPIN(%d, %q) = %v, want nil", tt.pn, tt.pin, err)
		}
		if !tt.good && !errors.Is(err, ErrWrongPIN) && tt.pin != pin {
			t.Errorf("CheckPlayerPIN(%d, %q) = %v, want ErrWrongPIN", tt.pn, tt.pin, err)
		}
	}
}
