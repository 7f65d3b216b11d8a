package rating

import (
	"math"
	"testing"
)

// TestExpectedTable checks rows of the table of article 8.1.2 of the FIDE
// Rating Regulations at both ends of their ranges, for the higher (H)
// and the lower (L) rated player.
func TestExpectedTable(t *testing.T) {
	tests := []struct {
		d    int
		h, l int
	}{
		{0, 50, 50}, {3, 50, 50}, {4, 51, 49}, {10, 51, 49}, {25, 53, 47}, {26, 54, 46},
		{92, 63, 37}, {98, 63, 37}, {99, 64, 36}, {121, 66, 34}, {122, 67, 33},
		{198, 76, 24}, {206, 76, 24}, {329, 88, 12}, {344, 88, 12}, {345, 89, 11},
		{392, 92, 8}, {400, 92, 8}, {411, 92, 8}, {412, 93, 7}, {517, 96, 4},
		{620, 99, 1}, {735, 99, 1}, {736, 100, 0}, {1200, 100, 0},
	}
	for _, tt := range tests {
		if h, l := ExpectedHundredths(tt.d), ExpectedHundredths(-tt.d); h != tt.h || l != tt.l {
			t.Errorf("ExpectedHundredths(±%d) = %d, %d, want %d, %d", tt.d, h, l, tt.h, tt.l)
		}
	}
	// The table is monotone and symmetric: H + L = 1.
	for d := 0; d <= 800; d++ {
		if ExpectedHundredths(d)+ExpectedHundredths(-d) != 100 {
			t.Fatalf("PD(%d) + PD(-%d) != 1", d, d)
		}
		if d > 0 && ExpectedHundredths(d) < ExpectedHundredths(d-1) {
			t.Fatalf("PD(%d) < PD(%d)", d, d-1)
		}
	}
}

// TestFIDEChange checks the rating change against worked examples built
// on the articles of the FIDE Rating Regulations and against the figures
// FIDE published for a real event.
func TestFIDEChange(t *testing.T) {
	win, draw, loss := 1.0, 0.5, 0.0
	g := func(o int, s float64) Game { return Game{Opponent: o, Score: s, Played: true} }
	tests := []struct {
		name     string
		rating   int
		k        int
		games    []Game
		k2       int     // K after the 700 rule
		n        int     // games rated
		expected float64 // sum of PD
		value    float64
		rounded  int
	}{
		{
			// FIDE individual calculations, June 2017 list: Provincial
			// Chorrera (PAN), 2017-05-02, a player rated 1922 with K 40:
			// published "change" 0.33, -0.66, 0.47 and "K*chg" 13.20,
			// -26.40, 18.80, total 5.60.
			name: "Provincial Chorrera 2017, published figures", rating: 1922, k: 40,
			games: []Game{g(1798, win), g(1801, loss), g(1897, win)},
			k2:    40, n: 3, expected: 1.86, value: 5.60, rounded: 6,
		},
		{
			// A second real event, FIDE's tournament report of event
			// 44463 (ratings.fide.com, a ten-player round robin of the
			// July 2009 list, reported in TWIC 762; the figures as the
			// tests of CPAN's Games-Ratings quote them from
			// ratings.fide.com), two of its players in round order; round 5 is their game against each other,
			// a draw on both cards. Published: Shirov rated 2745, K 10,
			// expected 5.20, change -32; Bologan rated 2690, K 10,
			// expected 4.43, change +0.70. No difference reaches the
			// 400-point rule.
			name: "event 44463 (2009), Shirov, published figures", rating: 2745, k: 10,
			games: []Game{g(2676, loss), g(2700, loss), g(2677, loss), g(2730, loss), g(2690, draw),
				g(2702, draw), g(2684, loss), g(2682, draw), g(2660, draw)},
			k2: 10, n: 9, expected: 5.20, value: -32, rounded: -32,
		},
		{
			name: "event 44463 (2009), Bologan, published figures", rating: 2690, k: 10,
			games: []Game{g(2730, loss), g(2682, win), g(2702, draw), g(2684, draw), g(2745, draw),
				g(2660, loss), g(2676, draw), g(2700, win), g(2677, draw)},
			k2: 10, n: 9, expected: 4.43, value: 0.70, rounded: 1,
		},
		{
			// FIDE individual calculations, March 2010 list, Carlsen
			// (1503014) at Wijk aan Zee 2010: rated 2810, K 10, 8½ of 13,
			// published expected 8.21 and change +2.9 (quoted likewise).
			name: "Wijk aan Zee 2010, Carlsen, published figures", rating: 2810, k: 10,
			games: []Game{g(2662, draw), g(2657, win), g(2641, win), g(2696, draw), g(2708, draw), g(2790, draw),
				g(2749, win), g(2723, draw), g(2788, loss), g(2720, win), g(2712, win), g(2739, draw), g(2675, draw)},
			k2: 10, n: 13, expected: 8.21, value: 2.9, rounded: 3,
		},
		{
			// FIDE's rating calculator: 2812 beats 2786 with K 10: D = 26,
			// PD .54, change 0.46 × 10 = 4.6.
			name: "one win, D 26, K 10", rating: 2812, k: 10,
			games: []Game{g(2786, win)}, k2: 10, n: 1, expected: 0.54, value: 4.6, rounded: 5,
		},
		{
			// 8.3.1: 2200 against 1000 counts as a difference of 400: PD
			// .92, so a win gains 0.08 × 20 = 1.6 and a draw loses 8.4.
			name: "400-point rule, win", rating: 2200, k: 20,
			games: []Game{g(1000, win)}, k2: 20, n: 1, expected: 0.92, value: 1.6, rounded: 2,
		},
		{
			name: "400-point rule, draw", rating: 2200, k: 20,
			games: []Game{g(1000, draw)}, k2: 20, n: 1, expected: 0.92, value: -8.4, rounded: -8,
		},
		{
			// The weaker side of the same rule: 1800 against 2400 expects
			// .08 and gains 0.92 × 40 = 36.8 for a win.
			name: "400-point rule, lower rated", rating: 1800, k: 40,
			games: []Game{g(2400, win)}, k2: 40, n: 1, expected: 0.08, value: 36.8, rounded: 37,
		},
		{
			// 8.3.1 as amended from 1 October 2025: a player rated 2650
			// or more counts the whole difference: 2700 against 2200 is
			// D 500, PD .96.
			name: "2650 and above: no cap", rating: 2700, k: 10,
			games: []Game{g(2200, win)}, k2: 10, n: 1, expected: 0.96, value: 0.4, rounded: 0,
		},
		{
			// Unplayed games and unrated opponents do not count.
			name: "forfeit and unrated opponent left out", rating: 1600, k: 20,
			games: []Game{{Opponent: 1700, Score: 1, Played: false}, g(0, win), g(1600, draw)},
			k2:    20, n: 1, expected: 0.5, value: 0, rounded: 0,
		},
		{
			// 8.3.3: K × n may not exceed 700: 20 games at K 40 use K 35.
			name: "700 rule", rating: 1500, k: 40,
			games: repeat(g(1500, win), 20), k2: 35, n: 20, expected: 10, value: 350, rounded: 350,
		},
		{
			// 8.3.4: the change is rounded to the nearest whole number,
			// 0.5 away from zero: a draw against a player 35 points
			// higher (PD .45) gains 0.5 with K 10, one against a player
			// 35 points lower loses 0.5.
			name: "rounding 0.5 up", rating: 1500, k: 10,
			games: []Game{g(1535, draw)}, k2: 10, n: 1, expected: 0.45, value: 0.5, rounded: 1,
		},
		{
			name: "rounding -0.5 down", rating: 1500, k: 10,
			games: []Game{g(1465, draw)}, k2: 10, n: 1, expected: 0.55, value: -0.5, rounded: -1,
		},
		{
			name: "unrated player: no change", rating: 0, k: 40,
			games: []Game{g(1500, win)}, k2: 0, n: 1, expected: 0.08, value: 0, rounded: 0,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := FIDE(tt.rating, tt.k, tt.games)
			if c.K != tt.k2 || c.Games != tt.n || math.Abs(c.Expected-tt.expected) > 1e-9 ||
				math.Abs(c.Value-tt.value) > 1e-9 || c.Rounded() != tt.rounded {
				t.Errorf("FIDE(%d, %d) = K %d, n %d, expected %v, change %v (%d), want K %d, n %d, expected %v, change %v (%d)",
					tt.rating, tt.k, c.K, c.Games, c.Expected, c.Value, c.Rounded(), tt.k2, tt.n, tt.expected, tt.value, tt.rounded)
			}
		})
	}
}

// TestChorreraLines checks each game's line against the published
// "change" and "K*chg" columns.
func TestChorreraLines(t *testing.T) {
	c := FIDE(1922, 40, []Game{{Round: 1, Opponent: 1798, Score: 1, Played: true}, {Round: 2, Opponent: 1801, Played: true}, {Round: 3, Opponent: 1897, Score: 1, Played: true}})
	want := []float64{13.20, -26.40, 18.80}
	for i, l := range c.Lines {
		if math.Abs(l.Change-want[i]) > 1e-9 {
			t.Errorf("line %d change = %v, want %v", i+1, l.Change, want[i])
		}
	}
	// The published Rc: (1798 + 1801 + 1897) / 3 = 1832.
	if c.Average() != 1832 {
		t.Errorf("Average() = %d, want 1832", c.Average())
	}
	if c.String() != "+5.6" {
		t.Errorf("String() = %q, want +5.6", c.String())
	}
}

func repeat(g Game, n int) []Game {
	out := make([]Game, n)
	for i := range out {
		out[i] = g
	}
	return out
}

func TestKFactor(t *testing.T) {
	tests := []struct {
		name string
		p    Player
		kind Kind
		year int
		want int
	}{
		{"new to the list", Player{Rating: 1800, Games: 12}, Standard, 2026, 40},
		{"established under 2400", Player{Rating: 2150, Games: -1}, Standard, 2026, 20},
		{"2400 and above", Player{Rating: 2450, Games: -1}, Standard, 2026, 10},
		{"reached 2400 once, now below", Player{Rating: 2380, Games: 200, Reached2400: true}, Standard, 2026, 10},
		{"18 this year, under 2300", Player{Rating: 2100, BirthYear: 2008, Games: 80}, Standard, 2026, 40},
		{"19 this year", Player{Rating: 2100, BirthYear: 2007, Games: 80}, Standard, 2026, 20},
		{"junior at 2300", Player{Rating: 2300, BirthYear: 2012, Games: 80}, Standard, 2026, 20},
		{"rapid", Player{Rating: 1500, Games: 3}, Rapid, 2026, 20},
		{"blitz", Player{Rating: 2700, Games: -1}, Blitz, 2026, 20},
	}
	for _, tt := range tests {
		if got := KFactor(tt.p, tt.kind, tt.year); got != tt.want {
			t.Errorf("%s: KFactor(%+v, %v, %d) = %d, want %d", tt.name, tt.p, tt.kind, tt.year, got, tt.want)
		}
	}
}

// TestGlickmanExample is the worked example of Glickman's "Example of the
// Glicko-2 system" (2013): a player at 1500, deviation 200, volatility
// 0.06 beats a 1400 (RD 30) and loses to a 1550 (RD 100) and a 1700 (RD
// 300), with τ 0.5: 1464.06, 151.52, 0.05999.
func TestGlickmanExample(t *testing.T) {
	p := Glicko{1500, 200, 0.06}
	got := p.Update([]Result{
		{Glicko{1400, 30, 0.06}, 1},
		{Glicko{1550, 100, 0.06}, 0},
		{Glicko{1700, 300, 0.06}, 0},
	})
	if math.Abs(got.Rating-1464.06) > 0.01 || math.Abs(got.Deviation-151.52) > 0.01 || math.Abs(got.Volatility-0.05999) > 0.00001 {
		t.Errorf("Update = %+v, want 1464.06, 151.52, 0.05999", got)
	}
}

func TestGlickoIdle(t *testing.T) {
	p := Glicko{1600, 60, 0.06}
	got := p.Update(nil)
	// Step 6: φ* = sqrt(φ² + σ²) on the Glicko-2 scale.
	want := math.Sqrt(math.Pow(60/glickoScale, 2)+0.06*0.06) * glickoScale
	if got.Rating != 1600 || math.Abs(got.Deviation-want) > 1e-9 {
		t.Errorf("Update(nil) = %+v, want rating 1600, deviation %v", got, want)
	}
	if far := (Glicko{1500, 349.9, 0.06}).Update(nil); far.Deviation != NewDeviation {
		t.Errorf("deviation grows past 350: %v", far.Deviation)
	}
}

func TestClub(t *testing.T) {
	// Two evenings: 1 beats 2 and 3, 2 draws 3; then 3 beats 1.
	evs := []Evening{
		{Games: []ClubGame{{1, 2, 1}, {3, 1, 0}, {2, 3, 0.5}}},
		{Games: []ClubGame{{3, 1, 1}}},
	}
	got := Club(evs, nil)
	if len(got) != 3 {
		t.Fatalf("Club = %d players, want 3", len(got))
	}
	byID := map[int64]ClubPlayer{}
	for _, p := range got {
		byID[p.ID] = p
	}
	if byID[1].Games != 3 || byID[1].Evenings != 2 || byID[2].Evenings != 1 {
		t.Errorf("games/evenings = %+v", byID)
	}
	if got[2].ID != 2 {
		t.Errorf("last = %d, want player 2 (half a point of two)", got[2].ID)
	}
	// Player 2 did not play the second evening: the rating stands, the
	// deviation grows.
	one := Club(evs[:1], nil)
	for _, p := range one {
		if p.ID == 2 && (p.Glicko.Rating != byID[2].Glicko.Rating || p.Glicko.Deviation >= byID[2].Glicko.Deviation) {
			t.Errorf("idle player 2: after one evening %+v, after two %+v", p.Glicko, byID[2].Glicko)
		}
	}
	// A start function seeds a rated player.
	seeded := Club(evs[:1], func(id int64) (Glicko, bool) {
		if id == 2 {
			return Glicko{2000, 200, 0.06}, true
		}
		return Glicko{}, false
	})
	for _, p := range seeded {
		if p.ID == 2 && p.Glicko.Rating <= one[len(one)-1].Glicko.Rating+200 {
			t.Errorf("seeded player 2 = %v, want well above the newcomer's %v", p.Glicko.Rating, one[len(one)-1].Glicko.Rating)
		}
	}
}
