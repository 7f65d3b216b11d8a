package desk

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/trf"
)

// TestImportTRFCorpus takes every tournament of the pairing corpus (files
// paired by bbpPairings), cuts its last round, imports the rest as
// import trf does (the file written and read back, FromTRF,
// ImportTournament) and pairs the next round as round pair does (Pair):
// the pairs must be those bbpPairings made. The command line runs one
// file of it (TestImportTRFCorpusCLI in cmd/arbiter).
func TestImportTRFCorpus(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob(filepath.Join("..", "pairing", "testdata", "corpus", "*.trf"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus: %v", err)
	}
	checked := 0
	for i, fn := range files {
		if testing.Short() && i%10 != 0 {
			continue
		}
		full := readCorpus(t, fn)
		if len(full.Forbidden) > 0 || full.PlayedRounds() < 2 {
			continue
		}
		t.Run(filepath.Base(fn), func(t *testing.T) {
			t.Parallel()
			cut, want := trf.CutLastRound(full)
			var buf bytes.Buffer
			if err := trf.NewWriter(&buf).Write(cut); err != nil {
				t.Fatal(err)
			}
			f, err := trf.Read(&buf)
			if err != nil {
				t.Fatal(err)
			}
			in, err := FromTRF(f, "cut.trf")
			if err != nil {
				t.Fatal(err)
			}
			if in.Import.Tournament.Name == "" {
				in.Import.Tournament.Name = "Corpus"
			}
			ctx := context.Background()
			d := mustOpen(t)
			if _, err := d.ImportTournament(ctx, in.Import); err != nil {
				t.Fatal(err)
			}
			got := map[string]bool{}
			r := mustPair(t, ctx, d).Detail
			for _, b := range r.Boards {
				got[fmt.Sprintf("%d %d", b.White, b.Black)] = true
			}
			for _, b := range r.Byes {
				if b.Kind == arbiter.PAB {
					got[fmt.Sprintf("%d 0", b.PN)] = true
				}
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("round %d: Pair gave %v, bbpPairings %v", full.PlayedRounds(), got, want)
			}
		})
		checked++
	}
	t.Logf("%d tournaments checked", checked)
}

func readCorpus(t *testing.T, path string) *trf.File {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := trf.Read(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return f
}
