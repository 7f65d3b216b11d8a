package reports

import (
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter"
)

// fitByRune is the plain way to fit s: drop the last rune until the cut
// with its ellipsis fits. fit must give the same answer in a few steps.
func fitByRune(d *pdfDoc, s string, w float64) string {
	if d.f.GetStringWidth(s) <= w {
		return s
	}
	r := []rune(s)
	for len(r) > 0 {
		r = r[:len(r)-1]
		t := strings.TrimRight(string(r), " ,") + "…"
		if d.f.GetStringWidth(t) <= w {
			return t
		}
	}
	return ""
}

func TestFit(t *testing.T) {
	v, err := prepare(sampleEvent(t))
	if err != nil {
		t.Fatal(err)
	}
	d := v.newPDF("test")
	d.font(false, 10)
	names := []string{
		"", "A", "Rossi, Mario", "Ólafsdóttir, Sóley", "Łączyński-Kovačević, Jan-Øystein",
		"Rossi, , , ,Mario", "   ", ",,,,", "Wide WWWWWWWWWWWWWWW, iiiiiiiiiiii",
		strings.Repeat("Dvořák, Jiří ", 40),
	}
	for _, s := range names {
		for _, w := range []float64{0, 1, 2.5, 5, 10, 20, 33.3, 50, 120, 400} {
			if got, want := d.fit(s, w), fitByRune(d, s, w); got != want {
				t.Errorf("fit(%q, %v) = %q, want %q", s, w, got, want)
			}
			if got := d.fit(s, w); got != "" && d.f.GetStringWidth(got) > w {
				t.Errorf("fit(%q, %v) = %q, %v wide", s, w, got, d.f.GetStringWidth(got))
			}
		}
	}
}

// BenchmarkLongName prints the standings and the pairing sheet of the
// sample with one player's name 1,000 characters long: every sheet cuts it
// to its column.
//
//	go test ./reports -run '^$' -bench LongName -benchmem
func BenchmarkLongName(b *testing.B) {
	ev := sampleEvent(b)
	long := strings.Repeat("Ölafsdóttir-", 84)[:1000]
	ev.Entries[0].Player = arbiter.Player{Name: long + ", Sóley", Rating: ev.Entries[0].Player.Rating}
	for _, pw := range pdfWriters {
		b.Run(pw.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := pw.write(io.Discard, ev); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkFit cuts names of 1,000 and 30,000 characters to a column of
// the standings: the cost grows with the name's length times its
// logarithm, not its square.
func BenchmarkFit(b *testing.B) {
	v, err := prepare(sampleEvent(b))
	if err != nil {
		b.Fatal(err)
	}
	d := v.newPDF("bench")
	d.font(false, 9)
	for _, n := range []int{1000, 30000} {
		name := string([]rune(strings.Repeat("Ólafsdóttir-", n/12+1))[:n])
		b.Run(fmt.Sprintf("chars=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if d.fit(name, 60) == "" {
					b.Fatal("nothing fits")
				}
			}
		})
	}
}
