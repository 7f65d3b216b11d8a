package pairing

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/labyrinth-chess/arbiter/trf"
)

func TestRefFiles(t *testing.T) {
	files, _ := filepath.Glob(os.Getenv("REF_GLOB"))
	for _, fn := range files {
		fh, _ := os.Open(fn)
		f, err := trf.Read(fh)
		fh.Close()
		if err != nil {
			t.Errorf("%s: %v", fn, err)
			continue
		}
		diffs, err := CheckTRF(f, 0)
		if err != nil {
			t.Errorf("%s: %v", fn, err)
			continue
		}
		for _, d := range diffs {
			t.Errorf("%s: round %d differs: recorded %v bye %d, ours %v bye %d err %v", fn, d.Round, d.Recorded.Boards, d.Recorded.Bye, d.Ours.Boards, d.Ours.Bye, d.Err)
		}
	}
}
