package pairing

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/labyrinth-chess/arbiter/trf"
)

// TestCorpus re-pairs every round of the tournaments in testdata/corpus and
// checks that each is paired exactly as recorded. Every round of those
// files was paired by bbpPairings v6.0.0, the FIDE-endorsed engine for the
// 2025 rules (see testdata/corpus/README). With -short, one file in ten.
func TestCorpus(t *testing.T) {
	files, err := filepath.Glob("testdata/corpus/*.trf")
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus: %v", err)
	}
	if dir := os.Getenv("PAIRING_CORPUS"); dir != "" {
		files, _ = filepath.Glob(filepath.Join(dir, "*.trf"))
	}
	rounds, same := 0, 0
	for i, fn := range files {
		if testing.Short() && i%10 != 0 {
			continue
		}
		data, err := os.Open(fn)
		if err != nil {
			t.Fatal(err)
		}
		f, err := trf.Read(data)
		data.Close()
		if err != nil {
			t.Errorf("%s: %v", fn, err)
			continue
		}
		diffs, err := CheckTRF(f, 0)
		if err != nil {
			t.Errorf("%s: %v", fn, err)
			continue
		}
		rounds += f.PlayedRounds()
		same += f.PlayedRounds() - len(diffs)
		for _, d := range diffs {
			t.Errorf("%s: round %d: recorded %s, ours %s %v", filepath.Base(fn), d.Round, resultString(d.Recorded), resultString(d.Ours), d.Err)
		}
	}
	t.Logf("%d rounds, %d paired as recorded", rounds, same)
}
