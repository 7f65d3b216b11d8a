package pairing

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter"
)

// Hand-worked Double-Swiss cases (FIDE C.04.5) for the list: a
// match forfeited whose pairing may be repeated, a single forfeited game
// that makes the match a meeting, and the pairing-allocated bye of an odd
// field after round 1. Rows are those of dsTour.

// pairSet writes the pairs of r without colours, smaller TPN first, in
// ascending order, and the bye: "1-3 2-4 bye 5".
func pairSet(r Result) string {
	var ps []string
	for _, b := range r.Boards {
		ps = append(ps, fmt.Sprintf("%d-%d", min(b.White, b.Black), max(b.White, b.Black)))
	}
	slices.Sort(ps)
	if r.Bye != 0 {
		ps = append(ps, fmt.Sprintf("bye %d", r.Bye))
	}
	return strings.Join(ps, " ")
}

// TestDoubleSwissForfeitRepeats: four players after three matches in
// which 1 and 3 met in match 1, each having met everyone else since, and
// 2 and 4 likewise. Match 4 can only be 1-3 and 2-4 again. C.04.5
// Preface: "a match ends by forfeit only if at least one player forfeits
// both games. In this case, the same pairing may be repeated"; otherwise
// the match counts as played, even with a single game forfeited, and C1
// forbids meeting again.
func TestDoubleSwissForfeitRepeats(t *testing.T) {
	tests := []struct {
		name     string
		m13, m31 string // match 1 between 1 and 3, from each side
		m24, m42 string // match 1 between 2 and 4
		want     string // the pairs, or "" for C1
	}{
		{name: "both forfeited by both: both repeated", m13: "3w:--", m31: "1b:--", m24: "4w:--", m42: "2b:--", want: "1-3 2-4"},
		{name: "one player forfeits both games: repeated", m13: "3w:++", m31: "1b:--", m24: "4w:--", m42: "2b:++", want: "1-3 2-4"},
		// Each forfeits one game: neither forfeited both, so the match
		// counts as played.
		{name: "each forfeits one game: a match played (C1)", m13: "3w:--", m31: "1b:--", m24: "4w:-+", m42: "2b:+-"},
		{name: "a double forfeit and a forfeit: repeated", m13: "3w:--", m31: "1b:--", m24: "4w:++", m42: "2b:--", want: "1-3 2-4"},
		{name: "a single game forfeited: a match played (C1)", m13: "3w:--", m31: "1b:--", m24: "4w:+1", m42: "2b:-0"},
		{name: "both games played: a match played (C1)", m13: "3w:10", m31: "1b:01", m24: "4w:--", m42: "2b:--"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// Matches 2 and 3: 1-2 and 3-4, then 1-4 and 2-3, all played.
			f := dsTour(t, 5, arbiter.White,
				tt.m13+" 2b:11 4w:1=",
				tt.m24+" 1w:00 3b:01",
				tt.m31+" 4w:== 2w:10",
				tt.m42+" 3b:== 1b:0=")
			in, err := FromTRFDoubleSwiss(f, 0)
			if err != nil {
				t.Fatalf("FromTRFDoubleSwiss: %v", err)
			}
			res, err := PairDoubleSwiss(in)
			if tt.want == "" {
				var np *NoPairingError
				if !errors.As(err, &np) || np.Criterion != "C1" {
					t.Fatalf("PairDoubleSwiss = %s, %v; want no pairing by C.04.5 C1", pairSet(res), err)
				}
				return
			}
			if err != nil {
				t.Fatalf("PairDoubleSwiss: %v", err)
			}
			if got := pairSet(res); got != tt.want {
				t.Errorf("PairDoubleSwiss = %s, want %s", got, tt.want)
			}
		})
	}
}

// TestDoubleSwissOddField pairs an odd field after round 1: the
// pairing-allocated bye goes, among those who may have it (C2: not a
// second PAB), to the lowest score (3.4.2), then the most matches played
// (3.4.3), then the largest TPN (3.4.4). The PAB of dsTour is worth 1½,
// the half-point bye (H) 1 (a match of two games, Preface).
func TestDoubleSwissOddField(t *testing.T) {
	tests := []struct {
		name string
		rows []string
		want string
	}{
		{
			// 2 and 3 lost both games; of the two, 3 has the larger TPN
			// (3.4.4).
			name: "lowest score, then the largest TPN",
			rows: []string{"3w:11", "4b:00", "1b:00", "2w:11", "U"},
			want: "1-4 2-5 bye 3",
		},
		{
			// All have 1 point; 5 had a half-point bye and played no
			// match, 1 to 4 played one: the PAB goes to 4, not 5, though
			// 5 has the largest TPN (3.4.3 before 3.4.4). Of the pairings
			// of 1, 2, 3, 5 without 1-3, 1-5 2-3 has the identifier
			// 1 2 5 3, smaller than 1 3 2 5 of 1-2 3-5 (3.6.2).
			name: "most matches played before the largest TPN",
			rows: []string{"3w:==", "4b:==", "1b:==", "2w:==", "H"},
			want: "1-5 2-3 bye 4",
		},
		{
			// 5 (1½) has the lowest score but had the PAB in match 1, 4
			// had it in match 2 (C2); of 1 and 2 (2 points, two matches
			// each) 2 has the larger TPN.
			name: "no second PAB (C2)",
			rows: []string{"3w:== 2b:==", "4b:== 1w:==", "1b:== 5w:11", "2w:== U", "U 3b:00"},
			want: "1-5 3-4 bye 2",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := dsTour(t, 5, arbiter.White, tt.rows...)
			in, err := FromTRFDoubleSwiss(f, 0)
			if err != nil {
				t.Fatalf("FromTRFDoubleSwiss: %v", err)
			}
			res, err := PairDoubleSwiss(in)
			if err != nil {
				t.Fatalf("PairDoubleSwiss: %v", err)
			}
			if got := pairSet(res); got != tt.want {
				t.Errorf("PairDoubleSwiss = %s, want %s", got, tt.want)
			}
		})
	}
}
