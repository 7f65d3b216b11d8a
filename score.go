package arbiter

import (
	"fmt"
	"strconv"
	"strings"
)

// Score is a number of points counted in half-points: Score(2) is one point,
// Score(1) is half a point. The zero Score is no points.
type Score int

// Common scores.
const (
	Zero Score = 0
	Half Score = 1
	One  Score = 2
)

// Points returns the score as a number of points.
func (s Score) Points() float64 { return float64(s) / 2 }

// String formats the score as a decimal number of points: "0", "0.5", "3",
// "3.5". Negative scores keep their sign.
func (s Score) String() string {
	if s%2 == 0 {
		return strconv.Itoa(int(s) / 2)
	}
	if s < 0 {
		return fmt.Sprintf("-%d.5", int(-s)/2)
	}
	return fmt.Sprintf("%d.5", int(s)/2)
}

// Fraction formats the score with the ½ sign, as printed sheets do:
// "0", "½", "3", "3½".
func (s Score) Fraction() string {
	if s%2 == 0 {
		return strconv.Itoa(int(s) / 2)
	}
	whole := int(s) / 2
	sign := ""
	if s < 0 {
		sign = "-"
		whole = -whole
	}
	if whole == 0 {
		return sign + "½"
	}
	return fmt.Sprintf("%s%d½", sign, whole)
}

// ParseScore reads a number of points written as "1", "0.5", "0,5", "½",
// "2½" or "2.5". Only whole and half points are accepted.
func ParseScore(text string) (Score, error) {
	t := strings.TrimSpace(text)
	if t == "" {
		return 0, fmt.Errorf("empty score")
	}
	neg := false
	if strings.HasPrefix(t, "-") {
		neg = true
		t = t[1:]
	}
	half := false
	switch {
	case strings.HasSuffix(t, "½"):
		half = true
		t = strings.TrimSuffix(t, "½")
		if t == "" {
			t = "0"
		}
	case strings.HasSuffix(t, ".5"), strings.HasSuffix(t, ",5"):
		half = true
		t = t[:len(t)-2]
	case strings.HasSuffix(t, ".0"), strings.HasSuffix(t, ",0"):
		t = t[:len(t)-2]
	}
	if t == "" {
		t = "0"
	}
	n, err := strconv.Atoi(t)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("score %q: want whole or half points such as 1, 0.5 or 2½", text)
	}
	s := Score(2 * n)
	if half {
		s++
	}
	if neg {
		s = -s
	}
	return s, nil
}
