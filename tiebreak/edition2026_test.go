package tiebreak

import (
	"errors"
	"testing"

	"github.com/labyrinth-chess/arbiter"
)

// TestEdition2026Codes checks the codes of the 2026 table on the worked
// example of the specification (sixPlayers, ratings 2200 down to 1700),
// with the figures worked out by hand below.
//
// TPR (10.2), needed for APRO: ARO + dp of the percentage.
//
//	1: 5800/3 = 1933, 67% → +125 = 2058    2: 2000 + 125 = 2125
//	6: 1900 + 125 = 2025                   5: 2000 − 125 = 1875
//	3: 1900 − 125 = 1775                   4: 1967 − 125 = 1842
//
// PTP (10.3): the lowest rating R whose expected score (B.02 8.1.b, in
// hundredths) against the opponents reaches the points scored.
//
//	1 (2 of 3 against 1900, 1800, 2100): R 2068: diffs 168, 268, −32 give
//	  72 + 83 + 46 = 201 ≥ 200; R 2067: 72 + 82 + 45 = 199.
//	2 (2 of 3 against 1800, 2000, 2200): R 2145: 345, 145, −55 give
//	  89 + 69 + 42 = 200; R 2144: 88 + 69 + 42 = 199.
//	6 (2 of 3 against 2000, 1900, 1800): R 2026: 26, 126, 226 give
//	  54 + 67 + 79 = 200; R 2025: 53 + 67 + 78 = 198.
//	5 (1 of 3 against 2100, 2200, 1700): R 1846: −254, −354, 146 give
//	  19 + 11 + 70 = 100; R 1845: 19 + 11 + 69 = 99.
//	3 (1 of 3 against 1700, 2100, 1900): R 1755: 55, −345, −145 give
//	  58 + 11 + 31 = 100; R 1754: 58 + 11 + 30 = 99.
//	4 (1 of 3 against 2200, 1700, 2000): R 1812: −388, 112, −188 give
//	  9 + 65 + 26 = 100; R 1811: 9 + 65 + 25 = 99.
//
// APRO (10.4) of 1: TPR of 4, 5, 2 = (1842 + 1875 + 2125) / 3 = 1947.33,
// 1947; of 6: TPR of 3, 4, 5 = 5492 / 3 = 1830.67, 1831.
// APPO (10.5) of 1: PTP of 4, 5, 2 = (1812 + 1846 + 2145) / 3 = 1934.33,
// 1934; of 6: PTP of 3, 4, 5 = 5413 / 3 = 1804.33, 1804.
//
// STD counts 1, ½ and 0: with that scoring it equals the points. TPN is the
// pairing number, RTNG the rating, REP the rounds played (all 3 here).
func TestEdition2026Codes(t *testing.T) {
	in := sixInput(t, "BH", "STD", "TPN", "RTNG", "REP", "GE", "TPR", "PTP", "APRO", "APPO")
	in.Tournament.TiebreakEdition = Edition2026
	want := map[int][]float64{
		//  BH STD TPN RTNG REP GE TPR PTP APRO APPO
		1: {4, 2, 1, 2200, 3, 3, 2058, 2068, 1947, 1934},
		2: {4, 2, 2, 2100, 3, 3, 2125, 2145, 0, 0},
		6: {3, 2, 6, 1700, 3, 3, 2025, 2026, 1831, 1804},
		5: {6, 1, 5, 1800, 3, 3, 1875, 1846, 0, 0},
		3: {5, 1, 3, 2000, 3, 3, 1775, 1755, 0, 0},
		4: {5, 1, 4, 1900, 3, 3, 1842, 1812, 0, 0},
	}
	st, err := Rank(in)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range st {
		w := want[s.PN]
		for i, sp := range in.Chain {
			if (sp.Code == APRO || sp.Code == APPO) && w[i] == 0 {
				continue // not worked out by hand
			}
			if s.Values[i] != w[i] {
				t.Errorf("player %d %s = %v, want %v", s.PN, sp, s.Values[i], w[i])
			}
		}
	}
}

// TestTPNRanksLowerFirst checks that TPN puts the lower pairing number
// first, unlike every other figure but DE.
func TestTPNRanksLowerFirst(t *testing.T) {
	in := sixInput(t, "TPN")
	st, err := Rank(in)
	if err != nil {
		t.Fatal(err)
	}
	// On 2 points: 1, 2, 6 in that order; on 1 point: 3, 4, 5.
	var order []int
	for _, s := range st {
		order = append(order, s.PN)
	}
	want := []int{1, 2, 6, 3, 4, 5}
	for i := range want {
		if order[i] != want[i] {
			t.Fatalf("order %v, want %v", order, want)
		}
	}
}

// TestPerfectLimits checks PTP's two ends (C.07 2026 10.3). A score of
// zero has its own rule: the lowest opponent's rating minus 800. A full
// score has none: PTP is the lowest rating that expects it, and the B.02
// 8.1.b table gives 1.00 a game only from a difference of 736 points, so it
// is the highest opponent's rating plus 736 (not plus 800).
func TestPerfectLimits(t *testing.T) {
	nine := []int{2400, 2350, 2300, 2250, 2200, 2150, 2100, 2050, 2000}
	tests := []struct {
		name string
		pts  arbiter.Score
		rs   []int
		want int
	}{
		{"0/9", 0, nine, 2000 - 800},
		{"9/9", 18, nine, 2400 + 736},
		{"0/2", 0, []int{2000, 1800}, 1000},
		{"2/2", 4, []int{2000, 1800}, 2736},
		// 1 of 2 against 2000 and 1800: R 1899 (diffs −101, 99) expects
		// 36 + 64 = 100; R 1898 (−102, 98) expects 36 + 63 = 99.
		{"1/2", 2, []int{2000, 1800}, 1899},
	}
	for _, tt := range tests {
		if got := perfect(tt.pts, tt.rs); got != tt.want {
			t.Errorf("%s: perfect(%v, %v) = %d, want %d", tt.name, tt.pts, tt.rs, got, tt.want)
		}
	}
	// One point less than 9/9's figure still expects less than 9.
	if got := perfect(18, nine) - 1; expected(got, 2400) != 99 {
		t.Errorf("expected(%d, 2400) = %d, want 99", got, expected(got, 2400))
	}
}

// fourPlayers is a round robin of four in which the higher number always
// loses: 1 scores 3 of 3, 4 nothing. Ratings 2000, 1900, 1800, 1700.
const fourPlayers = `
1 +W4 +B3 +W2
2 +W3 +B4 -B1
3 -B2 -W1 +B4
4 -B1 -W2 -W3
`

// TestPerfectScoreAPPO checks PTP at both ends in a tournament, and what a
// perfect score's PTP does to the opponents' APPO (C.07 2026 10.3, 10.5).
//
//	PTP 1 (3/3 against 1900, 1800, 1700): 1900 + 736 = 2636
//	PTP 4 (0/3 against 2000, 1900, 1800): 1800 − 800 = 1000
//	PTP 2 (2/3 against 2000, 1800, 1700): R 1968: diffs −32, 168, 268 give
//	  46 + 72 + 83 = 201; R 1967: 45 + 72 + 82 = 199.
//	PTP 3 (1/3 against 2000, 1900, 1700): R 1733: diffs −267, −167, 33 give
//	  18 + 28 + 55 = 101; R 1732: 17 + 28 + 54 = 99.
//	APPO 1: (1968 + 1733 + 1000) / 3 = 1567
//	APPO 2: (2636 + 1733 + 1000) / 3 = 1789.67, 1790 (with + 800: 1811)
//	APPO 3: (2636 + 1968 + 1000) / 3 = 1868 (with + 800: 1889)
//	APPO 4: (2636 + 1968 + 1733) / 3 = 2112.33, 2112 (with + 800: 2134)
func TestPerfectScoreAPPO(t *testing.T) {
	tour, tab := crosstable(t, fourPlayers)
	tour.TiebreakEdition = Edition2026
	chain, err := ParseChain([]string{"PTP", "APPO"})
	if err != nil {
		t.Fatal(err)
	}
	st, err := Rank(Input{Tournament: tour, Table: tab, Ratings: []int{2000, 1900, 1800, 1700}, Chain: chain})
	if err != nil {
		t.Fatal(err)
	}
	want := map[int][2]float64{1: {2636, 1567}, 2: {1968, 1790}, 3: {1733, 1868}, 4: {1000, 2112}}
	for _, s := range st {
		if got := [2]float64{s.Values[0], s.Values[1]}; got != want[s.PN] {
			t.Errorf("player %d: PTP, APPO = %v, want %v", s.PN, got, want[s.PN])
		}
	}
}

// TestSTDNotFirst checks that a chain may not start with STD (C.07 2026).
func TestSTDNotFirst(t *testing.T) {
	if _, err := ParseChain([]string{"STD", "BH"}); !errors.Is(err, ErrPosition) {
		t.Errorf("STD first: err = %v, want ErrPosition", err)
	}
	if _, err := ParseChain([]string{"BH", "STD"}); err != nil {
		t.Errorf("STD second: %v", err)
	}
}

// cutVUR is the smallest table on which the two readings of C.07 16.5 for
// SB differ under the 2026 caps. Player 1 (2.5 points of 4):
//
//	round 1 beats 2, who ends on ½: contribution 0.5 × 1 = 0.5
//	round 2 half-point bye: dummy min(2.5, 50% of 4 = 2) = 2, × ½ = 1 (VUR)
//	round 3 forfeit loss to 3, who ends on 4: dummy min(2.5, 4) = 2.5, × 0 = 0 (VUR)
//	round 4 beats 4, who ends on ½: 0.5
//
// SB = 2. For SB-C1 the least significant value is round 1 (opponent on ½,
// earlier than round 4). The VUR weighed against it is the least
// significant VUR by the order of 14.1 (opponent's score first): the bye,
// whose dummy scored 2, not the forfeit, whose dummy scored 2.5. The bye's
// 1 is worth more than round 1's 0.5, so the bye is cut: SB-C1 = 1. Taking
// the VUR with the smallest product (the forfeit's 0) would cut round 1
// instead and give 1.5, rewarding the bye. Under the 2023 text both dummies
// score 2.5 (the bye is worth 1.25, SB 2.25) and the forfeit (product 0) is
// the least significant VUR: the least significant value, worth more, is
// cut: 2.25 − 0.5 = 1.75.
const cutVUR = `
1 +W2 =BYE -F3 +W4
2 -B1 -W3  =W4 -B3
3 +W4 +B2  +F1 +W2
4 -B3 --   =B2 -B1
`

func TestCutVUR2026(t *testing.T) {
	tests := []tbCase{
		{name: "SB 2026", table: cutVUR, edition: Edition2026, spec: "SB", want: map[int]float64{1: 2}},
		{name: "SB-C1 2026", table: cutVUR, edition: Edition2026, spec: "SB-C1", want: map[int]float64{1: 1}},
		{name: "SB-C1 2023", table: cutVUR, edition: Edition2023, spec: "SB-C1", want: map[int]float64{1: 1.75}},
		// BH-C1 2026: contributions 0.5, 2 (VUR), 2.5 (VUR), 0.5; the
		// least significant VUR is the bye (2), which goes: 3.5.
		{name: "BH-C1 2026", table: cutVUR, edition: Edition2026, spec: "BH-C1", want: map[int]float64{1: 3.5}},
	}
	for _, tt := range tests {
		t.Run(tt.name, tt.run)
	}
}

// TestUnratedWarning checks that a chain with a rating-based tie-break
// warns when unrated players take part and no rating is set for them.
func TestUnratedWarning(t *testing.T) {
	in := sixInput(t, "BH", "ARO", "PTP")
	in.Ratings = []int{2200, 0, 2000, 1900, 1800, 1700}
	if w := Warnings(in); len(w) != 2 {
		t.Errorf("warnings %q, want one for ARO and one for PTP", w)
	}
	in.UnratedRating = 1000
	if w := Warnings(in); len(w) != 0 {
		t.Errorf("with a rating for unrated players: warnings %q, want none", w)
	}
}

// TestEditionFor checks the edition chosen by a tournament's start date:
// the 2026 text from 1 March 2026, the 2023/2024 rules from 1 July 2023,
// the 2009 rule before, and the rules in force without a date.
func TestEditionFor(t *testing.T) {
	tests := []struct {
		date string
		want int
	}{
		{"2026-03-01", Edition2026},
		{"2026-11-30", Edition2026},
		{"2026-02-28", Edition2023},
		{"2025-01-01", Edition2023},
		{"2024-08-01", Edition2023},
		{"2023-07-01", Edition2023},
		{"2023-06-30", Edition2009},
		{"2010-05-01", Edition2009},
		{"", Edition2026},
	}
	for _, tt := range tests {
		if got := EditionFor(tt.date); got != tt.want {
			t.Errorf("EditionFor(%q) = %d, want %d", tt.date, got, tt.want)
		}
	}
}
