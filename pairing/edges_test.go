package pairing

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/labyrinth-chess/arbiter/trf"
)

// TestTypeWeights checks that the weight table of every bracket (a weight
// per pair of player types, see edges.go) gives every edge the weight the
// criteria formula gives the pair itself, on every round of the corpus
// tournaments (one file in five; one in twenty with -short), under both
// editions.
func TestTypeWeights(t *testing.T) {
	for _, c := range []struct {
		dir     string
		edition int
	}{{"testdata/corpus", 2025}, {"testdata/corpus2017", 2017}} {
		t.Run(filepath.Base(c.dir), func(t *testing.T) {
			files, err := filepath.Glob(filepath.Join(c.dir, "*.trf"))
			if err != nil || len(files) == 0 {
				t.Fatalf("no corpus: %v", err)
			}
			step := 5
			if testing.Short() {
				step = 20
			}
			rounds := 0
			for i := 0; i < len(files); i += step {
				data, err := os.ReadFile(files[i])
				if err != nil {
					t.Fatal(err)
				}
				f, err := trf.Read(bytes.NewReader(data))
				if err != nil {
					t.Fatalf("%s: %v", files[i], err)
				}
				for r := 1; r <= f.PlayedRounds(); r++ {
					in, err := FromTRF(f, r)
					if err != nil {
						t.Fatalf("%s round %d: %v", files[i], r, err)
					}
					in.Edition = c.edition
					if err := pairCheckingWeights(in); err != nil {
						t.Errorf("%s round %d: %v", filepath.Base(files[i]), r, err)
					}
					rounds++
				}
			}
			t.Logf("%d rounds checked", rounds)
		})
	}
}

// pairCheckingWeights pairs in as Pair does, comparing each bracket's
// weight table with the formula; it returns the first difference.
func pairCheckingWeights(in Input) error {
	if in.Points == (Points{}) {
		in.Points = StandardPoints
	}
	if err := in.validate(); err != nil {
		return err
	}
	r := prepare(&in)
	r.checkWeights = true
	var err error
	if r.edition == 2017 {
		_, _, err = pairRound2017(r, nil)
	} else {
		_, _, err = pairRound(r, nil)
	}
	if _, ok := err.(*NoPairingError); ok {
		return nil
	}
	return err
}
