package pairing

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/labyrinth-chess/arbiter/trf"
)

// TestCorpus re-pairs every round of the tournaments in testdata/corpus and
// testdata/corpus2017 and checks that each is paired exactly as recorded.
// Every round of those files was paired by bbpPairings, the FIDE-endorsed
// engine: v6.0.0 for the 2025 rules, v5.0.1 for the 2017 rules (see the
// README files). With -short, one file in ten.
func TestCorpus(t *testing.T) {
	for _, c := range []struct {
		dir     string
		edition int
	}{{"testdata/corpus", 2025}, {"testdata/corpus2017", 2017}} {
		t.Run(filepath.Base(c.dir), func(t *testing.T) { checkCorpus(t, c.dir, c.edition, Pair) })
	}
}

// TestCorpusLargePaths re-pairs the corpus through code that its small
// brackets do not reach: weights of four words or more (the width of
// brackets of thousands, from about 5,000 players), and the tie-break
// terms kept without their copy by column (brackets of over 7,000). The
// numbers are the same, so the pairings must be too.
func TestCorpusLargePaths(t *testing.T) {
	for _, v := range []struct {
		name  string
		tweak func(*round)
	}{
		{"four_words", func(r *round) { r.minWords = 4 }},
		{"no_column_copy", func(r *round) { r.noBonusCopy = true }},
		{"both", func(r *round) { r.minWords, r.noBonusCopy = 4, true }},
	} {
		pair := func(in Input) (Result, error) { return pairWith(&in, false, v.tweak) }
		for _, c := range []struct {
			dir     string
			edition int
		}{{"testdata/corpus", 2025}, {"testdata/corpus2017", 2017}} {
			t.Run(v.name+"/"+filepath.Base(c.dir), func(t *testing.T) { checkCorpus(t, c.dir, c.edition, pair) })
		}
	}
}

func checkCorpus(t *testing.T, dir string, edition int, pair func(Input) (Result, error)) {
	files, err := filepath.Glob(filepath.Join(dir, "*.trf"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus: %v", err)
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
		diffs, err := checkTRF(f, edition, pair)
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
