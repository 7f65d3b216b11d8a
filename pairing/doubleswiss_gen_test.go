package pairing

import (
	"bytes"
	"testing"

	"github.com/labyrinth-chess/arbiter/trf"
)

// TestDoubleSwissGeneratedRoundTrip plays random Double-Swiss tournaments,
// writes them as TRF-26, reads them back and checks every match: the
// checker must find each one paired as the engine pairs it.
func TestDoubleSwissGeneratedRoundTrip(t *testing.T) {
	tests := []GenerateOptions{
		{Players: 12, Rounds: 5, Seed: 1, Draws: 0.3},
		{Players: 13, Rounds: 6, Seed: 2, Draws: 0.4, Forfeits: 0.1},
		{Players: 31, Rounds: 7, Seed: 3, Draws: 0.3, Forfeits: 0.08, Byes: 0.05},
		{Players: 9, Rounds: 7, Seed: 4, Draws: 0.5, Forfeits: 0.2, Byes: 0.1},
		{Players: 101, Rounds: 9, Seed: 5, Draws: 0.3, Forfeits: 0.05, Byes: 0.03},
	}
	for _, o := range tests {
		f, err := GenerateDoubleSwiss(o)
		if err != nil {
			t.Fatalf("GenerateDoubleSwiss(%+v): %v", o, err)
		}
		var buf bytes.Buffer
		w := trf.NewWriter(&buf)
		w.Version = trf.TRF26
		if err := w.Write(f); err != nil {
			t.Fatalf("write: %v", err)
		}
		back, err := trf.Read(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatalf("GenerateDoubleSwiss(%+v) written reads back with %v\n%s", o, err, buf.String())
		}
		if !back.DoubleSwiss() {
			t.Fatalf("GenerateDoubleSwiss(%+v): the file read back is not a Double-Swiss file (192 %q)", o, back.Header.System)
		}
		// A field too small for the rounds stops early, as Generate does.
		if got := back.PlayedMatches(); got != f.Rounds/2 || got < o.Rounds-1 {
			t.Errorf("GenerateDoubleSwiss(%+v): %d matches played, the file plans %d, want %d", o, got, f.Rounds/2, o.Rounds)
		}
		diffs, err := CheckTRF(back, 0)
		if err != nil {
			t.Fatalf("CheckTRF: %v", err)
		}
		for _, d := range diffs {
			t.Errorf("GenerateDoubleSwiss(%+v): match %d: recorded %v, ours %v, err %v", o, d.Round, d.Recorded, d.Ours, d.Err)
		}
	}
}
