package desk

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"testing"

	"github.com/labyrinth-chess/arbiter"
)

// draws is a reader of the 32-bit draws uniform reads, in order.
func draws(vs ...uint32) io.Reader {
	var b bytes.Buffer
	for _, v := range vs {
		binary.Write(&b, binary.BigEndian, v)
	}
	return &b
}

// allBut returns every PIN taken but free.
func allBut(free ...string) map[string]bool {
	taken := map[string]bool{}
	for n := range PINs {
		taken[pinOf(n)] = true
	}
	for _, f := range free {
		delete(taken, f)
	}
	return taken
}

func TestDrawPIN(t *testing.T) {
	half := map[string]bool{}
	for n := range PINs / 2 {
		half[pinOf(2*n)] = true // the even ones
	}
	tests := []struct {
		name  string
		rnd   io.Reader
		taken map[string]bool
		want  string
		err   error
	}{
		{name: "none taken", rnd: draws(42), want: "0042"},
		{name: "zeros in front", rnd: draws(7), want: "0007"},
		{name: "a draw past the last whole 10000 is drawn again", rnd: draws(1<<32-1, 1234), want: "1234"},
		{name: "a PIN taken is drawn again", rnd: draws(42, 10042, 99), taken: map[string]bool{"0042": true}, want: "0099"},
		{name: "half taken: the k-th free", rnd: draws(3), taken: half, want: "0007"},
		{name: "one left", rnd: draws(0), taken: allBut("5150"), want: "5150"},
		{name: "every PIN taken", rnd: draws(0), taken: allBut(), err: ErrConflict},
		{name: "no randomness", rnd: draws(), err: io.EOF},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			taken := tt.taken
			if taken == nil {
				taken = map[string]bool{}
			}
			got, err := drawPIN(tt.rnd, taken)
			if tt.err != nil {
				if !errors.Is(err, tt.err) {
					t.Fatalf("drawPIN = %q, %v; want %v", got, err, tt.err)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Errorf("drawPIN = %q, %v; want %q", got, err, tt.want)
			}
		})
	}
	// The refusal is the desk's, worded by the catalogs.
	var e *Error
	if _, err := drawPIN(draws(0), allBut()); !errors.As(err, &e) || e.Text.ID != "refuse.pin.full" {
		t.Errorf("every PIN taken: %v, want the refusal refuse.pin.full", err)
	}
}

// TestPlayerPINsUnique: every player gets a PIN, and no two players of a
// tournament share one, so a PIN says whose it is; asked again, the same
// PINs, since they may be on cards already.
func TestPlayerPINsUnique(t *testing.T) {
	ctx := context.Background()
	d := mustOpen(t)
	// 400 players draw 400 PINs from 10000: without care two would
	// share one (a birthday clash is all but certain).
	tour, err := d.CreateTournament(ctx, arbiter.NewTournament("Big"))
	if err != nil {
		t.Fatal(err)
	}
	rows := make([]ImportRow, 400)
	for i := range rows {
		rows[i] = ImportRow{Line: i + 1, Player: arbiter.Player{Name: fmt.Sprintf("Player %03d", i+1), Rating: 1500}}
	}
	if _, err := d.Import(ctx, tour.ID, "players.csv", rows, AddOptions{New: true}); err != nil {
		t.Fatal(err)
	}
	pins, err := d.PlayerPINs(ctx, tour.ID)
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
	again, err := d.PlayerPINs(ctx, tour.ID)
	if err != nil {
		t.Fatal(err)
	}
	for pn, pin := range pins {
		if again[pn] != pin {
			t.Errorf("player %d's PIN changed from %s to %s", pn, pin, again[pn])
		}
	}
}
