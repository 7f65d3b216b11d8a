package tiebreak

import (
	"fmt"
	"testing"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/scoring"
)

// withdrawal: player 1 loses, gets a PAB, wins by forfeit, then is absent
// twice (the specification's 16.3 example: 2 points, adjusted 3). Player 6
// takes a half-point bye in round 2, player 4 and 5 a PAB.
const withdrawal = `
1 -B2  +BYE +F3  --   --
2 +W1  =W3  +W5  +B6  =B4
3 +W4  =B2  -F1  -W5  +W6
4 -B3  +W5  =W6  +BYE =W2
5 =W6  -B4  -B2  +B3  +BYE
6 =B5  =BYE =B4  -W2  -B3
`

// hpb: player 1 takes a half-point bye in round 2 while on a good score;
// zpb is the same with a zero-point bye.
const hpb = `
1 +W2 =BYE +B3
2 -B1 +W3  =W4
3 +W4 -B2  -W1
4 -B3 +BYE =B2
`

const zpb = `
1 +W2 ZBYE +B3
2 -B1 +W3  =W4
3 +W4 -B2  -W1
4 -B3 +BYE =B2
`

// lateForfeit: player 1 takes a zero-point bye, then loses by forfeit in
// the last round: the bye counts as a draw for his opponents, the forfeit
// keeps its 0 (C.07 16.3).
const lateForfeit = `
1 +W2 ZBYE -F3
2 -B1 +W3  +B4
3 =W4 -B2  +F1
4 =B3 +BYE -W2
`

// fullBye: player 3 takes a requested full-point bye in round 2.
const fullBye = `
1 +W2 =W4 -B3
2 -B1 FBYE +W4
3 =W4 FBYE +W1
4 =B3 =B1 -B2
`

// pending: the last game between 2 and 4 has no result yet; player 1 took
// a zero-point bye in round 2 but is paired in round 3, so the bye is no
// final absence.
const pending = `
1 +W2 ZBYE +B3
2 -B1 +W3  ?W4
3 +W4 -B2  -W1
4 -B3 +BYE ?B2
`

type tbCase struct {
	name    string
	table   string
	edition int
	rounds  int   // Tournament.Rounds if not the table's
	ratings []int // nil: unrated
	unrated int   // Input.UnratedRating
	spec    string
	want    map[int]float64 // by pn
}

func (tt tbCase) run(t *testing.T) {
	tour, tab := crosstable(t, tt.table)
	if tt.edition != 0 {
		tour.TiebreakEdition = tt.edition
	}
	if tt.rounds != 0 {
		tour.Rounds = tt.rounds
	}
	s, err := ParseSpec(tt.spec)
	if err != nil {
		t.Fatal(err)
	}
	st, err := Rank(Input{Tournament: tour, Table: tab, Ratings: tt.ratings, Chain: []Spec{s}, UnratedRating: tt.unrated})
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range st {
		if want, ok := tt.want[l.PN]; ok && l.Values[0] != want {
			t.Errorf("%s of player %d = %v, want %v", s, l.PN, l.Values[0], want)
		}
	}
}

// TestUnplayedRounds checks C.07 article 16 (2023 rule) on small tables.
func TestUnplayedRounds(t *testing.T) {
	tests := []tbCase{
		// 16.3: 1 scored 2; rounds 4 and 5 (not paired) come after his last
		// round that is not a VUR, so they count as draws: adjusted 3.
		// 2's opponents: 1 (3), 3 (2.5), 5 (2.5), 6 (1.5), 4 (3).
		{name: "16.3 adjusted score of a withdrawn player", table: withdrawal, spec: "BH", want: map[int]float64{2: 12.5}},
		// 16.3: a forfeit loss in the final run keeps its 0, the
		// zero-point bye before it counts ½: 1 is worth 1.5 to 2
		// (1.5 + 1.5 + 1.5).
		{name: "16.3 forfeit loss in the final run", table: lateForfeit, spec: "BH", want: map[int]float64{2: 4.5}},
		// 16.3: a requested bye followed by a game, even one without a
		// result yet, is no final absence: 1 is worth 2 to 2, not 2.5.
		{name: "16.3 bye before a pending game", table: pending, spec: "BH", want: map[int]float64{2: 2 + 1}},
		// 16.4: each own unplayed round (PAB, forfeit win, two absences)
		// is a dummy opponent on 1's own final score, 2: 4 + 2+2+2+2.
		{name: "16.4 dummy opponent for BH", table: withdrawal, spec: "BH", want: map[int]float64{1: 12}},
		// 16.4: for SB the dummy's score is multiplied by the points the
		// round gave: loss 0, PAB 2×1, forfeit win 2×1, absences 2×0.
		{name: "16.4 dummy opponent for SB", table: withdrawal, spec: "SB", want: map[int]float64{1: 4}},
		// 16.4: a half-point bye: dummy 2.5 (1's score), × ½ for SB.
		{name: "16.4 half-point bye BH", table: hpb, spec: "BH", want: map[int]float64{1: 1.5 + 2.5 + 1}},
		{name: "16.4 half-point bye SB", table: hpb, spec: "SB", want: map[int]float64{1: 1.5 + 1.25 + 1}},
		// 16.4: a PAB is no VUR but an unplayed round: dummy 1.5.
		{name: "16.4 PAB", table: hpb, spec: "BH", want: map[int]float64{4: 1 + 1.5 + 1.5}},
		// 16.5: the cut takes the VUR (2.5) rather than the lowest
		// opponent (1): 5 − 2.5. The 2009 rule just cuts the lowest.
		{name: "16.5 VUR cut first", table: hpb, spec: "BH-C1", want: map[int]float64{1: 2.5}},
		{name: "16.5 not in 2009", table: hpb, spec: "BH-C1", edition: Edition2009, want: map[int]float64{1: 3.5}},
		// 16.5 for SB: the VUR's 1.25 is worth more than the least
		// significant value (opponent 3 on 1 point, 1): the VUR goes.
		{name: "16.5 SB VUR worth more", table: hpb, spec: "SB-C1", want: map[int]float64{1: 2.5}},
		// 16.5 for SB: a zero-point bye gives 0; cutting it would reward
		// the absence, so the least significant value (1) goes instead.
		{name: "16.5 SB VUR worth less", table: zpb, spec: "SB-C1", want: map[int]float64{1: 1.5}},
		// 16.4.1 (2026): 1's forfeit win against 3: the dummy's 2 points
		// capped at 3's 2.5: no change; 16.4.2: his PAB and absences capped
		// at 2.5 (a draw in each of 5 rounds): no change either.
		{name: "16.4 2026 caps inactive", table: withdrawal, spec: "BH", edition: Edition2026, want: map[int]float64{1: 12}},
		// 16.4.2 (2026): 1's half-point bye: own 2.5 capped at 1.5 (3
		// rounds): 1.5 + 1.5 + 1.
		{name: "16.4.2 2026 cap for a bye", table: hpb, spec: "BH", edition: Edition2026, want: map[int]float64{1: 4}},
		// 16.5: a VUR that is also the lowest value is simply cut:
		// 6's half-point bye (dummy 1.5) of 2.5, 1.5, 3, 4, 2.5.
		{name: "16.5 VUR lowest", table: withdrawal, spec: "BH-C1", want: map[int]float64{6: 12}},
	}
	for _, tt := range tests {
		t.Run(tt.name, tt.run)
	}
}

// TestModifiers checks C.07 14.1 on player 2 of the withdrawal table,
// whose opponents are worth 3, 2.5, 2.5, 1.5 and 3.
func TestModifiers(t *testing.T) {
	tests := []tbCase{
		{spec: "BH", want: map[int]float64{2: 12.5}},
		{spec: "BH-C1", want: map[int]float64{2: 11}},
		{spec: "BH-C2", want: map[int]float64{2: 8.5}},
		{spec: "BH-M1", want: map[int]float64{2: 8}},
		{spec: "BH-M2", want: map[int]float64{2: 2.5}},
		// SB: 3×1 + 2.5×½ + 2.5×1 + 1.5×1 + 3×½ = 9.75. Least significant
		// are the lowest opponents: 1.5 (1.5), then 2.5 (1.25 before 2.5).
		{spec: "SB", want: map[int]float64{2: 9.75}},
		{spec: "SB-C1", want: map[int]float64{2: 8.25}},
		{spec: "SB-C2", want: map[int]float64{2: 7}},
		// M1 also drops the most significant: opponent on 3 with the
		// higher product (3).
		{spec: "SB-M1", want: map[int]float64{2: 5.25}},
	}
	for _, tt := range tests {
		tt.table = withdrawal
		t.Run(tt.spec, tt.run)
	}
}

// TestOwnResults checks the tie-breaks of C.07 article 7.
func TestOwnResults(t *testing.T) {
	tests := []tbCase{
		// 7.1 WIN: rounds scored as a win, played or not: 1's PAB and
		// forfeit win; 4's win and PAB; 3's full-point bye.
		{spec: "WIN", table: withdrawal, want: map[int]float64{1: 2, 2: 3, 4: 2, 6: 0}},
		{spec: "WIN", table: fullBye, want: map[int]float64{3: 2}},
		// 7.2 WON: games won over the board only.
		{spec: "WON", table: withdrawal, want: map[int]float64{1: 0, 2: 3, 4: 1, 6: 0}},
		// 7.3 BPG: games played with Black; forfeits and byes are not games.
		{spec: "BPG", table: withdrawal, want: map[int]float64{1: 1, 2: 2, 3: 1, 4: 1, 6: 3}},
		// 7.4 BWG: games won with Black.
		{spec: "BWG", table: withdrawal, want: map[int]float64{2: 1, 5: 1, 6: 0}},
		// 7.6 GE: every round but the VURs (absences, half-point byes,
		// forfeit losses); a full-point bye is no VUR.
		{spec: "GE", table: withdrawal, want: map[int]float64{1: 3, 2: 5, 3: 4, 6: 4}},
		{spec: "GE", table: fullBye, want: map[int]float64{2: 3, 3: 3}},
		// 7.5 PS: running scores 1, 1.5, 2.5, 3.5, 4; C1 drops round 1's,
		// C2 rounds 1 and 2.
		{spec: "PS", table: withdrawal, want: map[int]float64{1: 0 + 1 + 2 + 2 + 2, 2: 12.5}},
		{spec: "PS-C1", table: withdrawal, want: map[int]float64{2: 11.5}},
		{spec: "PS-C2", table: withdrawal, want: map[int]float64{2: 10}},
	}
	for _, tt := range tests {
		t.Run(tt.spec, tt.run)
	}
}

// TestBuchholzFamily checks FB (8.3), AOB (8.2) and KS (9.2).
func TestBuchholzFamily(t *testing.T) {
	tests := []tbCase{
		// 8.3: round 3 is the last: 1-3 becomes a draw, so 1 has 2 and 3
		// 1.5; 1: 1.5 + dummy 2 + 1.5; 3: 1.5 + 1.5 + 2.
		{name: "FB last round", spec: "FB", table: hpb, want: map[int]float64{1: 5, 3: 5}},
		// Before the last round FB is BH.
		{name: "FB before the last round", spec: "FB", table: hpb, rounds: 5, want: map[int]float64{1: 5, 3: 5.5}},
		// 8.2: BH of 1, 2, 3, 4 are 5, 5, 5.5, 4; 1 met 2 and 3 over the
		// board: (5 + 5.5) / 2; 2 met 1, 3, 4: 14.5 / 3 = 4.83.
		{name: "AOB", spec: "AOB", table: hpb, want: map[int]float64{1: 5.25, 2: 4.83}},
		// 9.2: limit 2.5 (half of 5 rounds). 2 scored ½ against 3 (2.5), 1
		// against 5 (2.5) and ½ against 4 (3); 1 counts his forfeit win
		// against 3 (2.5) but not his loss to 2 (4).
		{name: "KS", spec: "KS", table: withdrawal, want: map[int]float64{1: 1, 2: 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, tt.run)
	}
}

// TestRatings checks ARO (10.1) and TPR (10.2). Player 3 is unrated: the
// regulations give unrated players 1000 in the first cases; without that
// setting C.07 drops the rating-based tie-breaks.
func TestRatings(t *testing.T) {
	ratings := []int{2000, 1900, 0, 1802, 1700, 1600}
	tests := []tbCase{
		// 2 met 1 (2000), 3 (unrated: 1000), 5 (1700), 6 (1600), 4 (1802):
		// 8102 / 5 = 1620.4, rounded to 1620. 6 met 5, 4, 2 and 3:
		// (1700 + 1802 + 1900 + 1000) / 4 = 1600.5, rounded up to 1601.
		{name: "ARO", spec: "ARO", unrated: 1000, want: map[int]float64{2: 1620, 1: 1900, 6: 1601}},
		// C1 drops the lowest rating (1000): 7102 / 4 = 1775.5, up to 1776.
		{name: "ARO-C1", spec: "ARO-C1", unrated: 1000, want: map[int]float64{2: 1776}},
		// M1 drops 1000 and 2000: 5102 / 3 = 1700.67, 1701.
		{name: "ARO-M1", spec: "ARO-M1", unrated: 1000, want: map[int]float64{2: 1701}},
		// 2 scored 4 of 5 games (1 ½ 1 1 ½): 80%, dp 240.
		// 1 lost his only game: 0%, dp −800.
		{name: "TPR", spec: "TPR", unrated: 1000, want: map[int]float64{2: 1620 + 240, 1: 1900 - 800}},
		// No rating set for unrated players: dropped, every figure 0.
		{name: "ARO dropped", spec: "ARO", want: map[int]float64{1: 0, 2: 0, 6: 0}},
		{name: "TPR dropped", spec: "TPR", want: map[int]float64{1: 0, 2: 0}},
	}
	for _, tt := range tests {
		tt.table, tt.ratings = withdrawal, ratings
		t.Run(tt.name, tt.run)
	}
}

// TestPending checks that a game without a result counts as not played
// yet: no points, no Buchholz contribution, no game for WON or BPG.
func TestPending(t *testing.T) {
	tests := []tbCase{
		{spec: "BH", table: pending, want: map[int]float64{2: 2 + 1, 4: 1 + 1}},
		{spec: "BPG", table: pending, want: map[int]float64{4: 1}},
		{spec: "GE", table: pending, want: map[int]float64{4: 3}},
		{spec: "PS", table: pending, want: map[int]float64{2: 0 + 1 + 1}},
	}
	for _, tt := range tests {
		t.Run(tt.spec, tt.run)
	}
	tour, tab := crosstable(t, pending)
	st, err := Rank(Input{Tournament: tour, Table: tab})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range st {
		if s.PN == 2 && s.Points != arbiter.One {
			t.Errorf("player 2 points = %v, want 1 (pending game counts nothing)", s.Points)
		}
	}
}

func TestRankErrors(t *testing.T) {
	tour, tab := crosstable(t, hpb)
	bad := tab.Cards[0]
	badCards := append([]scoring.Card(nil), tab.Cards...)
	badCards[0].Rounds = bad.Rounds[:2]
	tests := []struct {
		name string
		in   Input
	}{
		{"no table", Input{Tournament: tour}},
		{"ratings", Input{Tournament: tour, Table: tab, Ratings: []int{1, 2}}},
		{"spec", Input{Tournament: tour, Table: tab, Chain: []Spec{{Code: "XX"}}}},
		{"card", Input{Tournament: tour, Table: &scoring.Table{Rounds: 3, Cards: badCards}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := Rank(tt.in); err == nil {
				t.Errorf("Rank(%s) succeeded, want an error", tt.name)
			}
		})
	}
	if _, err := Explain(Input{Tournament: tour, Table: tab}, 9); err == nil {
		t.Error("Explain of player 9 of 4 succeeded, want an error")
	}
}

// ExampleRank ranks the specification's worked example with the
// Labyrinth chain: BH, then DE, then SB.
func ExampleRank() {
	tour, tab := crosstable(examplePanics{}, sixPlayers)
	chain, _ := ParseChain(arbiter.DefaultTiebreaks)
	st, _ := Rank(Input{Tournament: tour, Table: tab, Chain: chain})
	for _, s := range st {
		rank := fmt.Sprint(s.Rank)
		if s.Shared() {
			rank = fmt.Sprintf("%d-%d", s.Rank, s.RankTo)
		}
		fmt.Println(rank, s.PN, s.Points, s.Values)
	}
	// Output:
	// 1 2 2 [4 1 3]
	// 2 1 2 [4 2 2]
	// 3 6 2 [3 0 2]
	// 4 5 1 [6 0 2]
	// 5-6 3 1 [5 0 1.5]
	// 5-6 4 1 [5 0 1.5]
}

// examplePanics stands in for a testing.TB in examples.
type examplePanics struct{ testing.TB }

func (examplePanics) Helper()                      {}
func (examplePanics) Fatal(args ...any)            { panic(fmt.Sprint(args...)) }
func (examplePanics) Fatalf(f string, args ...any) { panic(fmt.Sprintf(f, args...)) }
