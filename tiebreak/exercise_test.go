package tiebreak

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "update golden files")

// fideExercise is the FIDE TEC tie-break exercise of 18 March 2024: 16
// players, 5 rounds, with half-point byes, PABs, forfeits and a withdrawal
// (player 12 absent in rounds 4 and 5).
const fideExercise = `
1  +W9  =B13 =W2  +B15 =W4
2  +B10 +W7  =B1  +W16 =B3
3  =W11 +B6  +W8  =B4  =W2
4  +B12 =BYE +W13 =W3  =B1
5  -W13 -B15 +W11 =B7  +W10
6  -B14 -W3  +BYE +W10 +B8
7  +W15 -B2  -B16 =W5  -B11
8  =B16 +W14 -B3  +W13 -W6
9  -B1  -W10 =BYE -F11 +BYE
10 -W2  +B9  -W15 -B6  -B5
11 =B3  -W16 -B5  +F9  +W7
12 -W4  +BYE +F14 --   --
13 +B5  =W1  -B4  -B8  -W14
14 +W6  -B8  -F12 --   +B13
15 -B7  +W5  +B10 -W1  -B16
16 =W8  +B11 +W7  -B2  +W15
`

// TestFIDEExercise checks every figure published with the exercise (2023
// rules: dummy opponent, adjusted scores, VURs cut first).
func TestFIDEExercise(t *testing.T) {
	tour, tab := crosstable(t, fideExercise)
	chain := []Spec{{Code: BH}, {Code: BH, Modifier: Cut1}, {Code: SB}}
	st, err := Rank(Input{Tournament: tour, Table: tab, Chain: chain})
	if err != nil {
		t.Fatal(err)
	}
	got := make(map[int][]float64)
	for _, s := range st {
		got[s.PN] = s.Values
	}
	published := []struct {
		spec  int // index in chain
		value map[int]float64
	}{
		{0, map[int]float64{1: 12.5, 2: 13, 3: 15.5, 4: 15, 5: 8.5, 8: 13.5, 11: 13.5, 16: 12.5}},
		{1, map[int]float64{1: 11, 3: 13, 4: 11.5, 5: 7.5, 7: 12.5, 8: 12, 9: 7.5, 11: 12, 12: 9.5, 13: 12, 14: 9, 15: 11, 16: 11}},
		{2, map[int]float64{1: 8, 3: 10.5}},
	}
	for _, p := range published {
		for pn, want := range p.value {
			if v := got[pn][p.spec]; v != want {
				t.Errorf("%s of player %d = %v, want %v", chain[p.spec], pn, v, want)
			}
		}
	}
}

// TestFIDEExercise2026 checks the cap of 16.4.1 in the 2026 text: 11's
// forfeit win against 9 counts 9's adjusted 1.5, not 11's own 2.5: BH 12.5.
func TestFIDEExercise2026(t *testing.T) {
	tour, tab := crosstable(t, fideExercise)
	tour.TiebreakEdition = Edition2026
	ex, err := Explain(Input{Tournament: tour, Table: tab, Chain: []Spec{{Code: BH}}}, 11)
	if err != nil {
		t.Fatal(err)
	}
	if ex[0].Value != 12.5 {
		t.Errorf("2026 BH of player 11 = %v, want 12.5", ex[0].Value)
	}
	if l := ex[0].Lines[3]; l.Value != 1.5 || !strings.Contains(english(l.Note), "16.4.1") {
		t.Errorf("2026 BH of player 11, round 4 = %+v, want 1.5 capped by 16.4.1", l)
	}
}

// TestFIDEExerciseGolden keeps every figure of every tie-break for the
// exercise in testdata/fide-exercise.golden; run with -update to rewrite.
func TestFIDEExerciseGolden(t *testing.T) {
	tour, tab := crosstable(t, fideExercise)
	ratings := make([]int, 16)
	for i := range ratings {
		ratings[i] = 2400 - 25*i
	}
	for _, edition := range []int{Edition2023, Edition2009, Edition2026} {
		t.Run(fmt.Sprint(edition), func(t *testing.T) {
			tour.TiebreakEdition = edition
			codes := []string{"BH", "BH-C1", "BH-C2", "BH-M1", "SB", "SB-C1", "FB", "AOB", "DE", "WIN", "WON", "BPG", "BWG", "GE", "PS", "PS-C1", "KS", "ARO", "ARO-C1", "TPR"}
			chain, err := ParseChain(codes)
			if err != nil {
				t.Fatal(err)
			}
			st, err := Rank(Input{Tournament: tour, Table: tab, Ratings: ratings, Chain: chain})
			if err != nil {
				t.Fatal(err)
			}
			golden(t, fmt.Sprintf("fide-exercise-%d.golden", edition), formatStandings(chain, st))
		})
	}
}

// formatStandings writes standings as a text table.
func formatStandings(chain []Spec, st []Standing) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "%-6s %3s %4s", "rank", "pn", "pts")
	for _, s := range chain {
		fmt.Fprintf(&b, " %7s", s)
	}
	b.WriteByte('\n')
	for _, s := range st {
		rank := fmt.Sprint(s.Rank)
		if s.Shared() {
			rank = fmt.Sprintf("%d-%d", s.Rank, s.RankTo)
		}
		fmt.Fprintf(&b, "%-6s %3d %4s", rank, s.PN, s.Points)
		for _, v := range s.Values {
			fmt.Fprintf(&b, " %7s", num(v))
		}
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file; got:\n%s\nwant:\n%s", name, got, want)
	}
}
