package reports

import (
	"bytes"
	"compress/zlib"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/labyrinth-chess/arbiter/locale"

	"github.com/labyrinth-chess/arbiter"
)

var update = flag.Bool("update", false, "update golden files")

// pdfWriters are the printed sheets of round 3 of the sample.
var pdfWriters = []struct {
	name  string
	write func(io.Writer, *Event) error
}{
	{"pairings", func(w io.Writer, ev *Event) error { return WritePairings(w, ev, 3) }},
	{"slips", func(w io.Writer, ev *Event) error { return WriteSlips(w, ev, 3) }},
	{"standings", WriteStandings},
	{"crosstable", WriteCrosstable},
}

// pdfText extracts the text of a PDF with poppler's pdftotext, keeping the
// layout. It skips the test when pdftotext is not installed.
func pdfText(t *testing.T, pdf []byte) string {
	t.Helper()
	bin, err := exec.LookPath("pdftotext")
	if err != nil {
		t.Skip("pdftotext not found: install poppler-utils to check the text of the PDFs")
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "in.pdf")
	if err := os.WriteFile(in, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(bin, "-layout", "-enc", "UTF-8", in, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return string(out)
}

// squeeze collapses runs of blanks to one space and drops empty lines, so
// that the text compares across small layout differences.
func squeeze(s string) string {
	var b strings.Builder
	for _, line := range strings.Split(s, "\n") {
		if f := strings.Fields(line); len(f) > 0 {
			b.WriteString(strings.Join(f, " "))
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// TestPDFGolden compares the text of each printed sheet of the sample with
// its golden file. Run "go test ./reports -update" to rewrite them, and read
// the diff.
//
// The Italian sheets (testdata/*_it.txt) are the same event worded by the
// Italian catalog: "Abbinamenti del 3° turno", "Firma del Bianco",
// "Classifica dopo il 3° turno", "Tabellone".
func TestPDFGolden(t *testing.T) {
	for _, lang := range locale.Langs() {
		ev := sampleEvent(t)
		ev.Locale = locale.New(lang)
		suffix := ""
		if lang != locale.English {
			suffix = "_" + lang.String()
		}
		for _, pw := range pdfWriters {
			t.Run(pw.name+suffix, func(t *testing.T) {
				pdfGolden(t, ev, pw.write, pw.name+suffix)
			})
		}
	}
}

// pdfGolden compares the text of the PDF that write draws from ev with
// testdata/name.txt.
func pdfGolden(t *testing.T, ev *Event, write func(io.Writer, *Event) error, name string) {
	t.Helper()
	var buf bytes.Buffer
	if err := write(&buf, ev); err != nil {
		t.Fatal(err)
	}
	got := squeeze(pdfText(t, buf.Bytes()))
	golden := filepath.Join("testdata", name+".txt")
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("text of %s differs from %s:\n%s", name, golden, lineDiff(got, string(want)))
	}
}

// lineDiff lists the lines of got and want that differ.
func lineDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	var b strings.Builder
	for i := range max(len(g), len(w)) {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			b.WriteString("line " + strconv.Itoa(i+1) + ":\n  got:  " + gl + "\n  want: " + wl + "\n")
		}
	}
	return b.String()
}

// TestPDFText looks for each board, result and accented name where a
// player would read it. The patterns were written by hand from the games
// of sampleEvent; blanks stand for any run of blanks in the layout.
func TestPDFText(t *testing.T) {
	ev := sampleEvent(t)
	tests := []struct {
		name  string
		write func(io.Writer, *Event) error
		want  []string // in order, one line each
	}{
		{"pairings", pdfWriters[0].write, []string{
			"Labyrinth Blitz – Spring & Summer 2025 Round 3 pairings",
			"Friday 14 March 2025 · Circolo Scacchi Labirinto",
			"Board White Pts Result Black Pts",
			"1 1 Dvořák, Jiří (2150) 2 ½-½ 2 Müller, Jürgen (2080) 1½",
			"2 4 Wróbel, Łukasz (1875) 1 0-1 6 Rossi, Mario (1650) 1",
			"3 3 Ferrà, Nicolò (1990) ½ 1-0 5 Ólafsdóttir, Sóley (1760) ½",
			"Not playing this round",
			"Šimić, Ivana 1 withdrawn",
			"Page 1 of 2",
			"Find your board: players in alphabetical order",
			"Dvořák, Jiří 1 White Ólafsdóttir, Sóley 3 Black",
			"Ferrà, Nicolò 3 White Rossi, Mario 2 Black",
			"Müller, Jürgen 1 Black Wróbel, Łukasz 2 White",
			"Page 2 of 2",
		}},
		{"pairings round 1", func(w io.Writer, ev *Event) error { return WritePairings(w, ev, 1) }, []string{
			"Round 1 pairings",
			"1 1 Dvořák, Jiří (2150) 0 1-0 4 Wróbel, Łukasz (1875) 0",
			"2 5 Ólafsdóttir, Sóley (1760) 0 ½-½ 2 Müller, Jürgen (2080) 0",
			"3 3 Ferrà, Nicolò (1990) 0 0-1 6 Rossi, Mario (1650) 0",
			"Šimić, Ivana 0 pairing-allocated bye: 1 point",
			"Šimić, Ivana – bye",
		}},
		{"pairings round 2", func(w io.Writer, ev *Event) error { return WritePairings(w, ev, 2) }, []string{
			"2 2 Müller, Jürgen (2080) ½ +- 7 Šimić, Ivana 1",
			"Ferrà, Nicolò 0 half-point bye: ½ point",
			"Ferrà, Nicolò – ½-point bye",
		}},
		{"slips", pdfWriters[1].write, []string{
			"Round 3 Board 1",
			"White Dvořák, Jiří (2) 1-0",
			"½-½",
			"Black Müller, Jürgen (1½)",
			"0-1",
			"White's signature Black's signature",
			"Round 3 Board 2",
			"White Wróbel, Łukasz (1)",
			"Black Rossi, Mario (1)",
			"Round 3 Board 3",
			"White Ferrà, Nicolò (½)",
			"Black Ólafsdóttir, Sóley (½)",
		}},
		{"standings", WriteStandings, []string{
			// The last round of three, every result in: the final
			// standings.
			"Final standings",
			"Rank PN Name Title Rating Club Pts BH SB Perf",
			"1 1 Dvořák, Jiří FM 2150 ŠK Vyšehrad 2½ 5 4.25 2141",
			"2-3 2 Müller, Jürgen CM 2080 SC Köln 2 5½ 3.50 1955",
			"2-3 6 Rossi, Mario 1650 Labirinto 2 5½ 3.50 2130",
			"4 3 Ferrà, Nicolò 1990 Labirinto 1½ 4 1.75 1705",
			"5-6 4 Wróbel, Łukasz 1875 1 5 1.00 1728",
			"5-6 7 Šimić, Ivana 1 5 1.00",
			"7 5 Ólafsdóttir, Sóley WFM 1760 TR ½ 4½ 1.25 1709",
		}},
		{"standings in play", func(w io.Writer, ev *Event) error {
			ev2 := *ev
			ev2.Rounds = append([]arbiter.Round(nil), ev.Rounds...)
			ev2.Rounds[2].Boards = []arbiter.Board{{Number: 1, White: 1, Black: 2}, {Number: 2, White: 4, Black: 6}}
			ev2.Table, ev2.Standings = nil, nil
			return WriteStandings(w, &ev2)
		}, []string{
			"Standings after round 3",
			"Round 3 still in play",
			"Rank PN Name Title Rating Club Pts Perf",
			"1 1 Dvořák, Jiří FM 2150 ŠK Vyšehrad 2",
		}},
		{"crosstable", WriteCrosstable, []string{
			"Final crosstable",
			"No. Name Rating 1 2 3 Pts",
			"1 Dvořák, Jiří 2150 5w1 3b1 2w½ 2½",
			"2 Müller, Jürgen 2080 7b½ 6w+ 1b½ 2",
			"3 Rossi, Mario 1650 4b1 1w0 5b1 2",
			"4 Ferrà, Nicolò 1990 3w0 H 7w1 1½",
			"5 Wróbel, Łukasz 1875 1b0 7w1 3w0 1",
			"6 Šimić, Ivana PAB 2b- - 1",
			"7 Ólafsdóttir, Sóley 1760 2w½ 5b0 4b0 ½",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := tt.write(&buf, ev); err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(squeeze(pdfText(t, buf.Bytes())), "\n")
			i := 0
			for _, want := range tt.want {
				for i < len(lines) && !strings.Contains(lines[i], want) {
					i++
				}
				if i == len(lines) {
					t.Fatalf("no line with %q after the previous one in:\n%s", want, strings.Join(lines, "\n"))
				}
				i++
			}
		})
	}
}

// TestPDFDeterministic renders every sheet twice: the bytes must be equal,
// with the creation date taken from the event, or from the tournament's
// date when the event has none.
func TestPDFDeterministic(t *testing.T) {
	for _, pw := range pdfWriters {
		t.Run(pw.name, func(t *testing.T) {
			ev := sampleEvent(t)
			var a, b bytes.Buffer
			if err := pw.write(&a, ev); err != nil {
				t.Fatal(err)
			}
			if err := pw.write(&b, sampleEvent(t)); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(a.Bytes(), b.Bytes()) {
				t.Errorf("two renders differ: %d and %d bytes", a.Len(), b.Len())
			}
			if !bytes.Contains(a.Bytes(), []byte("/CreationDate (D:20250314230500")) {
				t.Error("creation date is not the event's 2025-03-14 23:05")
			}
			ev.Generated = time.Time{}
			a.Reset()
			if err := pw.write(&a, ev); err != nil {
				t.Fatal(err)
			}
			if !bytes.Contains(a.Bytes(), []byte("/CreationDate (D:20250314000000")) {
				t.Error("without Generated, creation date is not the tournament's date 2025-03-14")
			}
		})
	}
}

// TestPDFOrientation checks that tables turn to landscape only when they
// are too wide for portrait, and repeat their header on every page.
func TestPDFOrientation(t *testing.T) {
	landscape := []byte("/MediaBox [0 0 841.89 595.28]")
	tests := []struct {
		name      string
		ev        *Event
		write     func(io.Writer, *Event) error
		landscape bool
		pages     int
	}{
		{"crosstable of 3 rounds", sampleEvent(t), WriteCrosstable, false, 1},
		{"crosstable of 14 rounds", bigEvent(t, 120, 14), WriteCrosstable, true, 5},
		{"standings of 120", bigEvent(t, 120, 14), WriteStandings, false, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := tt.write(&buf, tt.ev); err != nil {
				t.Fatal(err)
			}
			pdf := buf.Bytes()
			want := 0
			if tt.landscape {
				want = tt.pages
			}
			if got := bytes.Count(pdf, landscape); got != want {
				t.Errorf("%d landscape pages, want %d", got, want)
			}
			raw := pdfText(t, pdf)
			text := squeeze(raw)
			head := "No. Name Rating 1 2"
			if strings.Contains(tt.name, "standings") {
				head = "Rank PN Name Rating Club Pts BH SB Perf"
			}
			if got := strings.Count(text, head); got != tt.pages {
				t.Errorf("header row printed %d times, want once on each of %d pages", got, tt.pages)
			}
			if got := strings.Count(raw, "\f"); got != tt.pages {
				t.Errorf("%d pages, want %d", got, tt.pages)
			}
			for p := 1; p <= tt.pages; p++ {
				foot := fmt.Sprintf("Page %d of %d", p, tt.pages)
				if !strings.Contains(text, foot) {
					t.Errorf("no footer %q", foot)
				}
			}
		})
	}
}

// TestWriteErrors checks that the writers refuse what they cannot print.
func TestWriteErrors(t *testing.T) {
	tests := []struct {
		name  string
		edit  func(*Event)
		write func(io.Writer, *Event) error
		want  string
	}{
		{"round 0", nil, func(w io.Writer, ev *Event) error { return WritePairings(w, ev, 0) }, "reports: round 0: want a round from 1 to 3"},
		{"round 4", nil, func(w io.Writer, ev *Event) error { return WriteSlips(w, ev, 4) }, "reports: round 4: want a round from 1 to 3"},
		{"no rounds", func(ev *Event) { ev.Rounds, ev.Table = nil, nil; ev.Standings = nil }, func(w io.Writer, ev *Event) error { return WritePairings(w, ev, 1) }, "reports: round 1: no round has been paired"},
		{"player missing", func(ev *Event) { ev.Standings = ev.Standings[1:] }, WriteXLSX, "reports: standings list 6 players, want all 7"},
		{"player twice", func(ev *Event) { ev.Standings[1].PN = 1 }, WriteStandings, "reports: standings list pairing number 1 twice"},
		{"tie-breaks", func(ev *Event) { ev.TiebreakCodes = ev.TiebreakCodes[:1] }, WriteCrosstable, "reports: standings line 1 has 2 tie-break values for 1 codes"},
		{"pairing number", func(ev *Event) { ev.Entries[6].PN = 9 }, WriteXLSX, "reports: pairing number 9 out of range 1-7"},
		{"stale table", func(ev *Event) { ev.Rounds = ev.Rounds[:2] }, WriteXLSX, "reports: score table has 7 cards over 3 rounds, want 7 over 2"},
		{"nil event", func(ev *Event) { *ev = Event{} }, WriteXLSX, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ev := sampleEvent(t)
			if tt.edit != nil {
				tt.edit(ev)
			}
			err := tt.write(io.Discard, ev)
			if tt.want == "" {
				if err != nil {
					t.Errorf("error %v, want none for an empty event", err)
				}
				return
			}
			if err == nil || err.Error() != tt.want {
				t.Errorf("error %v, want %q", err, tt.want)
			}
		})
	}
	// Before round 1 there are players and nothing else: the lists print.
	for _, w := range []func(io.Writer, *Event) error{WriteXLSX, WriteStandings, WriteCrosstable} {
		ev := sampleEvent(t)
		ev.Rounds, ev.Table, ev.Standings = nil, nil, nil
		if err := w(io.Discard, ev); err != nil {
			t.Errorf("before round 1: %v", err)
		}
	}
	if err := WriteXLSX(io.Discard, nil); err == nil {
		t.Error("WriteXLSX(nil) succeeded, want an error")
	}
}

// TestPairingsBalance checks that a 60-player round spreads its 30 boards
// over two pages of 15, not 25 and 5, and that 50 boards fill two pages.
func TestPairingsBalance(t *testing.T) {
	tests := []struct {
		players int
		perPage []int
	}{
		{60, []int{15, 15}},
		{50, []int{25}},
		{100, []int{25, 25}},
		{104, []int{18, 17, 17}},
	}
	board := regexp.MustCompile(`(?m)^\s*(\d+)\s+\S`)
	for _, tt := range tests {
		t.Run(strconv.Itoa(tt.players), func(t *testing.T) {
			var buf bytes.Buffer
			if err := WritePairings(&buf, bigEvent(t, tt.players, 1), 1); err != nil {
				t.Fatal(err)
			}
			var got []int
			next := 1
			for _, page := range strings.Split(pdfText(t, buf.Bytes()), "\f") {
				n := 0
				for _, m := range board.FindAllStringSubmatch(page, -1) {
					if m[1] == strconv.Itoa(next) {
						n++
						next++
					}
				}
				if n > 0 {
					got = append(got, n)
				}
			}
			if !slices.Equal(got, tt.perPage) {
				t.Errorf("boards per page = %v, want %v", got, tt.perPage)
			}
		})
	}
}

// TestSlipCodes: the slips of the last round carry a QR code of the
// board's page when the event has the board codes, and no PIN: a slip
// lies on the board for both players. An earlier round's slips, or an
// event without codes, carry no code.
func TestSlipCodes(t *testing.T) {
	ev := sampleEvent(t)
	plain, err := slipsOf(ev, 3)
	if err != nil {
		t.Fatal(err)
	}
	ev.Codes = map[int]SlipCode{1: {URL: "http://192.168.43.10:8080/b/abcdefghijklmnopqrstuvwxyz"}}
	ev.Cards = map[int]PINCard{}
	for pn := 1; pn <= len(ev.Entries); pn++ {
		ev.Cards[pn] = PINCard{PIN: fmt.Sprintf("%04d", 4821+pn*7)}
	}
	coded, err := slipsOf(ev, 3)
	if err != nil {
		t.Fatal(err)
	}
	older, err := slipsOf(ev, 2)
	if err != nil {
		t.Fatal(err)
	}
	text := pdfText(t, coded)
	if strings.Count(text, "Scan to report, with your own PIN") != 1 {
		t.Errorf("the slips of round 3 do not say once how to report:\n%s", text)
	}
	for name, pdf := range map[string][]byte{"with codes": coded, "without codes": plain, "of round 2": older} {
		txt := pdfText(t, pdf)
		for pn, c := range ev.Cards {
			if strings.Contains(txt, c.PIN) {
				t.Errorf("the slips %s print player %d's PIN %s", name, pn, c.PIN)
			}
		}
		if name != "with codes" && strings.Contains(txt, "Scan") {
			t.Errorf("the slips %s tell to scan a code they lack", name)
		}
	}
	// The QR code is drawn with filled rectangles, in modules, covering
	// the code's black modules: the slips with the code draw them, the
	// others none.
	code, err := new(qrCodes).encode(ev.Codes[1].URL)
	if err != nil {
		t.Fatal(err)
	}
	want := len(qrRects(code))
	for name, tc := range map[string]struct {
		pdf  []byte
		want int
	}{"with codes": {coded, want}, "without codes": {plain, 0}, "of round 2": {older, 0}} {
		if got := moduleRects(t, tc.pdf); got != tc.want {
			t.Errorf("the slips %s draw %d rectangles of QR modules, want %d", name, got, tc.want)
		}
	}
}

// moduleRects counts the rectangles of QR modules that the pages of pdf
// draw: lines "col row w h re f" of whole numbers.
func moduleRects(t *testing.T, pdf []byte) int {
	t.Helper()
	n := 0
	rect := regexp.MustCompile(`(?m)^\d+ \d+ \d+ \d+ re f$`)
	head := regexp.MustCompile(`<</Filter /FlateDecode /Length (\d+)>>\nstream\n`)
	for _, m := range head.FindAllSubmatchIndex(pdf, -1) {
		size, _ := strconv.Atoi(string(pdf[m[2]:m[3]]))
		zr, err := zlib.NewReader(bytes.NewReader(pdf[m[1] : m[1]+size]))
		if err != nil {
			t.Fatal(err)
		}
		content, err := io.ReadAll(zr)
		if err != nil {
			t.Fatal(err)
		}
		n += len(rect.FindAll(content, -1))
	}
	return n
}

func slipsOf(ev *Event, round int) ([]byte, error) {
	var b bytes.Buffer
	err := WriteSlips(&b, ev, round)
	return b.Bytes(), err
}
