package roster

import (
	"bytes"
	"errors"
	"os"
	"testing"
)

// FuzzScan reads arbitrary bytes as a list of players of any kind: no
// panic, and a refusal is a *ParseError naming a line, or an error of
// the kind of file; a list read once reads the same the second time.
func FuzzScan(f *testing.F) {
	for _, name := range []string{"fide_standard.txt", "fide_combined.txt", "fide_rapid.xml", "vega_players.txt", "fsi_elo_italia.csv"} {
		data, err := os.ReadFile("testdata/" + name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte("<playerslist><player><fideid>1</fideid><name>A &amp; B</name></player></playerslist>"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 1<<16 {
			return
		}
		var first []Row
		_, _, err := Scan(bytes.NewReader(data), Options{}, func(r Row) error { first = append(first, r); return nil })
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) && !errors.Is(err, ErrNoName) && !errors.Is(err, errNotList) && !bytes.HasPrefix(data, []byte("PK")) {
				t.Logf("error %v", err)
			}
			return
		}
		var second []Row
		if _, _, err := Scan(bytes.NewReader(data), Options{}, func(r Row) error { second = append(second, r); return nil }); err != nil || len(second) != len(first) {
			t.Fatalf("second scan: %v, %d rows, want %d", err, len(second), len(first))
		}
		for i := range first {
			if first[i] != second[i] {
				t.Fatalf("row %d read as %+v then %+v", i, first[i], second[i])
			}
		}
	})
}
