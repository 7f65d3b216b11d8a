package pairing

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter/trf"
)

var updateLarge = flag.Bool("update-large", false, "rewrite testdata/large.golden from this build's pairings")

// largeCases are the generated tournaments of TestLargeGolden: fields of
// hundreds and thousands of players, where brackets of hundreds take the
// paths of the bracket procedure (transpositions, rotations along tight
// edges, re-optimisation) that the corpus of small files reaches rarely.
// The rounds before are paired by quickPair (benchInput), or by this
// package round after round for the "dutch" ones.
func largeCases() []struct {
	name string
	n    int
	rnd  int
	full bool // every round paired by the Dutch system
} {
	return []struct {
		name string
		n    int
		rnd  int
		full bool
	}{
		{"quick", 200, 2, false}, {"quick", 200, 3, false}, {"quick", 200, 5, false}, {"quick", 200, 9, false},
		{"quick", 1000, 2, false}, {"quick", 1000, 3, false}, {"quick", 1000, 5, false}, {"quick", 1000, 9, false},
		{"quick", 2500, 3, false}, {"quick", 2500, 5, false},
		{"dutch", 300, 7, true}, {"dutch", 801, 5, true},
	}
}

// TestLargeGolden pairs generated tournaments and compares every pairing
// with testdata/large.golden, written by the engine as it was before the
// bracket code was made faster: the same pairings, board for board.
func TestLargeGolden(t *testing.T) {
	got := largePairings(t, Pair)
	if *updateLarge {
		if err := os.WriteFile(largeGolden, []byte(strings.Join(got, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	compareLarge(t, got)
}

// TestLargeGoldenFourWords is TestLargeGolden with every weight in four
// words or more, the width of brackets of thousands (5,000 players and
// up), whose scans have code of their own: the brackets of the generated
// tournaments need two or three words. The numbers are the same, so the
// pairings must be too.
func TestLargeGoldenFourWords(t *testing.T) {
	if *updateLarge {
		t.Skip("the golden file is written by TestLargeGolden")
	}
	compareLarge(t, largePairings(t, func(in Input) (Result, error) {
		return pairWith(&in, false, func(r *round) { r.minWords = 4 })
	}))
}

const largeGolden = "testdata/large.golden"

// largePairings pairs the tournaments of largeCases with pair, one line
// per round: "name players=N round=R: boards".
func largePairings(t *testing.T, pair func(Input) (Result, error)) []string {
	t.Helper()
	var got []string
	for _, c := range largeCases() {
		if c.n > 1000 && testing.Short() {
			continue
		}
		if !c.full {
			in, err := benchInput(c.n, c.rnd)
			if err != nil {
				t.Fatal(err)
			}
			res, err := pair(in)
			if err != nil {
				t.Fatalf("%s %d players round %d: %v", c.name, c.n, c.rnd, err)
			}
			got = append(got, fmt.Sprintf("%s players=%d round=%d: %s", c.name, c.n, c.rnd, resultString(res)))
			continue
		}
		// Every round of a tournament paired by this package: each
		// pairing depends on all those before it.
		rng := rand.New(rand.NewPCG(uint64(c.n), 7))
		var rounds []string
		pairFile := func(f *trf.File) (Result, error) {
			in, err := FromTRF(f, 0)
			if err != nil {
				return Result{}, err
			}
			res, err := pair(in)
			if err == nil {
				rounds = append(rounds, resultString(res))
			}
			return res, err
		}
		if _, err := genTournament(rng, genOptions{Players: c.n, Rounds: c.rnd, Draw: 0.3, Absent: 0.03, HalfBye: 0.02, Forfeit: 0.01, Late: 0.05, Withdraw: 0.02}, pairFile); err != nil {
			t.Fatal(err)
		}
		for i, r := range rounds {
			got = append(got, fmt.Sprintf("%s players=%d round=%d: %s", c.name, c.n, i+1, r))
		}
	}
	return got
}

// compareLarge compares the lines of largePairings with the golden file.
func compareLarge(t *testing.T, got []string) {
	t.Helper()
	want := map[string]string{}
	f, err := os.Open(largeGolden)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<22)
	for sc.Scan() {
		k, v, _ := strings.Cut(sc.Text(), ": ")
		want[k] = v
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	for _, line := range got {
		k, v, _ := strings.Cut(line, ": ")
		w, ok := want[k]
		switch {
		case !ok:
			t.Errorf("%s: not in %s (run with -update-large on the engine to compare with)", k, largeGolden)
		case v != w:
			t.Errorf("%s: pairing differs from %s:\n got %.300s\nwant %.300s", k, largeGolden, v, w)
		}
	}
}
