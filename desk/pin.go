package desk

import (
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"io"

	"github.com/labyrinth-chess/arbiter/store"
)

// A player's own PIN, for the tournament: with it, and with nothing
// else, the player acts from a phone on their own presence and their own
// board (Proof, SignIn). It reaches that player alone: printed on a card
// of their own or shown on their own phone when their late entry is
// accepted. It is made the first time it is needed (PlayerPIN,
// PlayerPINs, Publish for the players of the round, AcceptLate for the
// newcomer) and never changes after, since it may be on a card already.

// PINs is how many PINs there are: four digits.
const PINs = 10000

// pinTries is how many PINs drawPIN draws at random before it picks
// among the free ones: with a tournament's few hundred players a draw is
// almost always free at once.
const pinTries = 32

// pinRule is the desk's rule for a new PIN (store.PINRule): four digits
// drawn at random, none that another player of the tournament holds, so
// that a PIN tells whose it is.
func pinRule(taken map[string]bool) (string, error) { return drawPIN(rand.Reader, taken) }

var _ store.PINRule = pinRule

// drawPIN draws from rnd four digits that are not in taken, each free
// PIN as likely as any other. With every PIN taken it refuses
// (ErrConflict): a tournament has at most PINs players with a PIN.
func drawPIN(rnd io.Reader, taken map[string]bool) (string, error) {
	// While most PINs are free, draw among all until a free one comes
	// up (each free one as likely as any other); else, or after
	// pinTries, take the k-th free PIN for a random k.
	if len(taken) < PINs/2 {
		for range pinTries {
			n, err := uniform(rnd, PINs)
			if err != nil {
				return "", err
			}
			if pin := pinOf(n); !taken[pin] {
				return pin, nil
			}
		}
	}
	var free []string
	for n := range PINs {
		if pin := pinOf(n); !taken[pin] {
			free = append(free, pin)
		}
	}
	if len(free) == 0 {
		return "", refuse(ErrConflict, "pin", "refuse.pin.full", "Max", PINs)
	}
	k, err := uniform(rnd, len(free))
	if err != nil {
		return "", err
	}
	return free[k], nil
}

// pinOf writes n as a PIN: four digits, zeros in front.
func pinOf(n int) string { return fmt.Sprintf("%04d", n) }

// uniform returns a number from 0 to n-1 read from rnd, each as likely
// (the draws past the last whole multiple of n are drawn again).
func uniform(rnd io.Reader, n int) (int, error) {
	limit := (1 << 32) / uint64(n) * uint64(n)
	var b [4]byte
	for {
		if _, err := io.ReadFull(rnd, b[:]); err != nil {
			return 0, fmt.Errorf("draw a PIN: %w", err)
		}
		if v := uint64(binary.BigEndian.Uint32(b[:])); v < limit {
			return int(v % uint64(n)), nil
		}
	}
}
