package games

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// ErrRoundTag is wrapped by the error ParseRound returns for a Round tag
// it cannot read.
var ErrRoundTag = errors.New("bad Round tag")

// maxRound bounds the numbers of a Round tag, so that a stray long number
// is an error and not an overflow.
const maxRound = 9999

// ParseRound reads the value of a PGN Round tag: "3" is round 3 (board 0:
// not given), "3.2" board 2 of round 3. An empty value, "?" and "-" (PGN
// standard 8.1.1.4: unknown, not applicable) give 0, 0. Anything else is
// an error wrapping ErrRoundTag.
func ParseRound(tag string) (round, board int, err error) {
	t := strings.TrimSpace(tag)
	switch t {
	case "", "?", "-":
		return 0, 0, nil
	}
	r, b, dotted := strings.Cut(t, ".")
	if round, err = roundNumber(r, "round"); err != nil {
		return 0, 0, fmt.Errorf("games: %w %q: %v; write the round as 3, or round and board as 3.2", ErrRoundTag, tag, err)
	}
	if !dotted {
		return round, 0, nil
	}
	if board, err = roundNumber(b, "board"); err != nil {
		return 0, 0, fmt.Errorf("games: %w %q: %v; write round and board as 3.2", ErrRoundTag, tag, err)
	}
	return round, board, nil
}

// roundNumber reads a number from 1 to maxRound written in digits; what
// names it in the error.
func roundNumber(s, what string) (int, error) {
	if s == "" {
		return 0, fmt.Errorf("no %s number", what)
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, fmt.Errorf("%q is not a %s number", s, what)
		}
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > maxRound {
		return 0, fmt.Errorf("%s number %s is out of range (1 to %d)", what, s, maxRound)
	}
	return n, nil
}

// FormatRound writes a Round tag: "3" for round 3, "3.2" when board is
// not 0.
func FormatRound(round, board int) string {
	if board == 0 {
		return strconv.Itoa(round)
	}
	return strconv.Itoa(round) + "." + strconv.Itoa(board)
}
