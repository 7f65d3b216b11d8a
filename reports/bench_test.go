package reports

import (
	"io"
	"testing"
)

// countWriter counts the bytes written to it.
type countWriter struct{ n int64 }

func (c *countWriter) Write(p []byte) (int, error) {
	c.n += int64(len(p))
	return len(p), nil
}

// benchWrite times write on a 1,000-player, 10-round tournament and
// reports the size of the file it makes.
func benchWrite(b *testing.B, write func(io.Writer, *Event) error) {
	ev := bigEvent(b, 1000, 10)
	b.ReportAllocs()
	var size int64
	for b.Loop() {
		var c countWriter
		if err := write(&c, ev); err != nil {
			b.Fatal(err)
		}
		size = c.n
	}
	b.ReportMetric(float64(size), "file-bytes")
}

func BenchmarkXLSX(b *testing.B)       { benchWrite(b, WriteXLSX) }
func BenchmarkStandings(b *testing.B)  { benchWrite(b, WriteStandings) }
func BenchmarkCrosstable(b *testing.B) { benchWrite(b, WriteCrosstable) }
func BenchmarkPairings(b *testing.B) {
	benchWrite(b, func(w io.Writer, ev *Event) error { return WritePairings(w, ev, 10) })
}
func BenchmarkSlips(b *testing.B) {
	benchWrite(b, func(w io.Writer, ev *Event) error { return WriteSlips(w, ev, 10) })
}
