package trf

import (
	"bytes"
	"errors"
	"flag"
	"github.com/labyrinth-chess/arbiter/text"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter"
)

var update = flag.Bool("update", false, "update golden files")

// TestGolden reads each testdata/*.trf, writes it back as TRF-16 and
// TRF-26, and compares with the golden files.
func TestGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/*.trf")
	if err != nil || len(files) == 0 {
		t.Fatalf("no test files: %v", err)
	}
	for _, fn := range files {
		t.Run(filepath.Base(fn), func(t *testing.T) {
			data, err := os.ReadFile(fn)
			if err != nil {
				t.Fatal(err)
			}
			f, err := Read(bytes.NewReader(data))
			if err != nil {
				t.Fatalf("Read: %v", err)
			}
			for _, v := range []Version{TRF16, TRF26} {
				var out bytes.Buffer
				w := NewWriter(&out)
				w.Version, w.LineEnd = v, "\n"
				if err := w.Write(f); err != nil {
					t.Fatalf("Write: %v", err)
				}
				golden := strings.TrimSuffix(fn, ".trf") + ".golden" + map[Version]string{TRF16: "16", TRF26: "26"}[v]
				if *update {
					os.WriteFile(golden, out.Bytes(), 0o644)
				}
				want, err := os.ReadFile(golden)
				if err != nil {
					t.Fatalf("%v (run with -update)", err)
				}
				if got := out.String(); got != string(want) {
					t.Errorf("TRF-%d output = \n%s\nwant\n%s", v, got, want)
				}
				back, err := Read(bytes.NewReader(out.Bytes()))
				if err != nil {
					t.Fatalf("reading our TRF-%d output: %v", v, err)
				}
				if back.PlayedRounds() != f.PlayedRounds() || len(back.Players) != len(f.Players) {
					t.Errorf("TRF-%d output reads back with %d rounds, %d players, want %d, %d", v, back.PlayedRounds(), len(back.Players), f.PlayedRounds(), len(f.Players))
				}
			}
		})
	}
}

// TestExample checks the example of the TRF notes field by field.
func TestExample(t *testing.T) {
	f := mustRead(t, "testdata/example.trf")
	if got, want := f.Header.Name, "Circolo Demo Open"; got != want {
		t.Errorf("Name = %q, want %q", got, want)
	}
	if f.Rounds != 2 || f.InitialColour != arbiter.White || f.PlayedRounds() != 2 {
		t.Errorf("Rounds %d, InitialColour %v, PlayedRounds %d; want 2, white, 2", f.Rounds, f.InitialColour, f.PlayedRounds())
	}
	p := f.Player(4)
	want := Player{ID: 4, Sex: "m", Name: "Neri, Paolo", Rating: 1890, Federation: "ITA", FIDEID: "2000044", Birth: "1990/01/01", Points: 5, Rank: 4,
		Games: []Game{{Result: HalfBye}, {Opponent: 2, Colour: arbiter.Black, Result: ForfeitLoss}}, line: p.line}
	if !reflect.DeepEqual(*p, want) {
		t.Errorf("player 4 = %+v, want %+v", *p, want)
	}
	if got := f.Player(3).Games[0]; got != (Game{Result: PAB}) {
		t.Errorf("player 3 round 1 = %+v, want the PAB", got)
	}
}

func mustRead(t *testing.T, fn string) *File {
	t.Helper()
	data, err := os.ReadFile(fn)
	if err != nil {
		t.Fatal(err)
	}
	f, err := Read(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestLineEnds reads the same file with CR, LF and CRLF line ends.
func TestLineEnds(t *testing.T) {
	data, err := os.ReadFile("testdata/example.trf")
	if err != nil {
		t.Fatal(err)
	}
	lf := string(data)
	for _, tt := range []struct{ name, text string }{
		{"LF", lf}, {"CR", strings.ReplaceAll(lf, "\n", "\r")}, {"CRLF", strings.ReplaceAll(lf, "\n", "\r\n")},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f, err := Read(strings.NewReader(tt.text))
			if err != nil {
				t.Fatal(err)
			}
			if len(f.Players) != 4 || f.Rounds != 2 {
				t.Errorf("got %d players and %d rounds, want 4 and 2", len(f.Players), f.Rounds)
			}
		})
	}
}

// TestErrors checks that malformed files are refused with the right line,
// column and sentinel.
func TestErrors(t *testing.T) {
	data, err := os.ReadFile("testdata/example.trf")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimRight(string(data), "\n"), "\n")
	edit := func(line int, f func(string) string) string {
		ls := append([]string(nil), lines...)
		ls[line-1] = f(ls[line-1])
		return strings.Join(ls, "\n")
	}
	set := func(col int, s string) func(string) string {
		return func(l string) string { return l[:col-1] + s + l[col-1+len(s):] }
	}
	tests := []struct {
		name      string
		text      string
		line, col int
		err       error
	}{
		{"points", edit(14, set(81, " 3.0")), 14, 81, ErrPoints},
		{"bad points", edit(14, set(81, " x.0")), 14, 81, ErrSyntax},
		{"rating", edit(14, set(49, "21a0")), 14, 49, ErrSyntax},
		{"opponent", edit(14, set(92, "   9")), 14, 92, ErrUnknown},
		{"self", edit(14, set(92, "   1")), 14, 92, ErrSyntax},
		{"colour", edit(14, set(97, "x")), 14, 97, ErrSyntax},
		{"result", edit(14, set(99, "?")), 14, 99, ErrSyntax},
		{"same colour", edit(14, set(97, "b")), 14, 92, ErrInconsistent},
		{"result pair", edit(14, set(99, "=")), 14, 92, ErrInconsistent},
		{"bye with opponent", edit(16, set(92, "   2")), 16, 99, ErrSyntax},
		{"duplicate", edit(17, set(5, "   1")), 17, 5, ErrDuplicate},
		{"rounds", edit(18, func(string) string { return "XXR x" }), 18, 5, ErrSyntax},
		{"xxc", edit(19, func(string) string { return "XXC green1" }), 19, 5, ErrSyntax},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Read(strings.NewReader(tt.text))
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("Read error = %v, want a *ParseError", err)
			}
			if pe.Line != tt.line || pe.Col != tt.col || !errors.Is(err, tt.err) {
				t.Errorf("Read error = %v (line %d, col %d), want line %d, col %d, %v", err, pe.Line, pe.Col, tt.line, tt.col, tt.err)
			}
		})
	}
}

// TestExtensions reads the pairing extensions of TRFx, TRF(bx) and TRF-26.
func TestExtensions(t *testing.T) {
	text := "012 Ext\n" +
		"001    1      A                                 2000                             0.0    1\n" +
		"001    2      B                                 1900                             0.0    2\n" +
		"001    3      C                                 1800                             0.0    3\n" +
		"XXR 5\nXXC rank black1\nXXZ 2 3\nXXP 1 3\nBBW  3.0\nBBD  1.0\nBBU  1.0\n### note\nABC something\n"
	f, err := Read(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if f.Rounds != 5 || !f.UseRank || f.InitialColour != arbiter.Black {
		t.Errorf("XXR/XXC: %d %v %v", f.Rounds, f.UseRank, f.InitialColour)
	}
	if !reflect.DeepEqual(f.Absent, []int{2, 3}) || !reflect.DeepEqual(f.Forbidden, [][]int{{1, 3}}) {
		t.Errorf("XXZ %v, XXP %v", f.Absent, f.Forbidden)
	}
	if f.Points.Win() != 30 || f.Points.Draw() != 10 || f.Points.PAB != 10 || f.Points.FullBye != 30 {
		t.Errorf("points %+v", f.Points)
	}
	if !reflect.DeepEqual(f.Comments, []string{" note"}) || !reflect.DeepEqual(f.Extra, []string{"ABC something"}) {
		t.Errorf("comments %q, extra %q", f.Comments, f.Extra)
	}
	f26, err := Read(strings.NewReader("012 T26\n142 7\n152 B\n162  W 3.0    D 1.0    P 0.5\n"))
	if err != nil {
		t.Fatal(err)
	}
	if f26.Rounds != 7 || f26.InitialColour != arbiter.Black || f26.Points.Win() != 30 || f26.Points.PAB != 5 {
		t.Errorf("TRF-26 tags: %d %v %+v", f26.Rounds, f26.InitialColour, f26.Points)
	}
}

// FuzzRead checks that whatever Read accepts, Write writes back into a file
// that reads the same.
func FuzzRead(f *testing.F) {
	for _, fn := range []string{"testdata/example.trf", "testdata/bbp.trf", "testdata/trf26.trf", "testdata/doubleswiss.trf"} {
		if data, err := os.ReadFile(fn); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte("012 x\nXXR 3\n001    1      A                                                                 1.0       0000 - U\n"))
	f.Add([]byte("192 FIDE_DOUBLESWISS\n001    1      A                                                                 1.5       0000 - U  0000 - U\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		f1, err := Read(bytes.NewReader(data))
		if err != nil {
			return
		}
		var out bytes.Buffer
		if err := NewWriter(&out).Write(f1); err != nil {
			return // fields too wide for their columns
		}
		f2, err := Read(bytes.NewReader(out.Bytes()))
		if err != nil {
			t.Fatalf("reading our own output: %v\n%s", err, out.String())
		}
		// Names keep their control characters on reading, for an import
		// to refuse them by name; the writer writes none, so a name
		// reads back as Write wrote it.
		for _, ln := range strings.FieldsFunc(out.String(), func(r rune) bool { return r == '\r' || r == '\n' }) {
			if text.Spaces(ln) != ln {
				t.Fatalf("output line holds control characters: %q", ln)
			}
		}
		f1.Header.Name = strings.TrimRight(text.Spaces(f1.Header.Name), " \t")
		for i := range f1.Players {
			f1.Players[i].Name = plain(f1.Players[i].Name)
			for j := range f1.Players[i].National {
				f1.Players[i].National[j].Name = plain(f1.Players[i].National[j].Name)
			}
		}
		clearLines(f1)
		clearLines(f2)
		if !reflect.DeepEqual(f1, f2) {
			t.Fatalf("round trip changed the file:\n%+v\n%+v\noutput:\n%s", f1, f2, out.String())
		}
	})
}

// clearLines clears what depends on the reading, not on the content:
// line numbers, and the encoding the bytes were in (the writer writes
// UTF-8).
func clearLines(f *File) {
	f.Encoding = 0
	for i := range f.Players {
		f.Players[i].line = 0
	}
	for i := range f.Abnormal {
		f.Abnormal[i].line = 0
	}
}

// TestTiebreakLines checks the TRF-26 tie-break lists: 212 (points first)
// wins over 202, both are written back, and codes split on spaces or commas.
func TestTiebreakLines(t *testing.T) {
	tests := []struct {
		name, text string
		want       []string
	}{
		{"212 with PTS", "012 T\n202 BH\n212 PTS BH/C1 BH,SB DE\n", []string{"BH/C1", "BH", "SB", "DE"}},
		{"202 only", "012 T\n202 BH/C1, SB\n", []string{"BH/C1", "SB"}},
		{"none", "012 T\n", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := Read(strings.NewReader(tt.text))
			if err != nil {
				t.Fatal(err)
			}
			if got := f.Header.Chain(); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Chain() = %q, want %q", got, tt.want)
			}
			var b strings.Builder
			w := NewWriter(&b)
			w.LineEnd = "\n"
			if err := w.Write(f); err != nil {
				t.Fatal(err)
			}
			if b.String() != tt.text {
				t.Errorf("written back as %q, want %q", b.String(), tt.text)
			}
		})
	}
}

// unknownTRF is a TRF-26 file whose round 2 game between 1 and 2 has no
// result yet (X); its 162 line scores X at nothing.
const unknownTRF = "012 Adjourned\n" +
	"001    1 m    One                               2000                             1.0          3 w 1     2 b X\n" +
	"001    2 m    Two                               1900                             1.0          4 b 1     1 w X\n" +
	"001    3 m    Three                             1800                             1.0          1 b 0     4 w 1\n" +
	"001    4 m    Four                              1700                             0.0          2 w 0     3 b 0\n" +
	"142 3\n" +
	"162  W 1.0    D 0.5    L 0.0    A 0.0    P 1.0    X 0.0\n"

// TestUnknownResult checks TRF-26's X: it reads (in the 162 line and in
// a round block), the points count X as the 162 line says, the domain
// holds the board without a result, and the file writes back unchanged.
func TestUnknownResult(t *testing.T) {
	f, err := Read(strings.NewReader(unknownTRF))
	if err != nil {
		t.Fatal(err)
	}
	if g := f.Player(1).Games[1]; g.Result != Unknown || !g.Played() {
		t.Errorf("round 2 of player 1 = %+v, want X, played", g)
	}
	d, err := f.Domain()
	if err != nil {
		t.Fatal(err)
	}
	var found bool
	for _, b := range d.Rounds[1].Boards {
		if b.White == 2 && b.Black == 1 {
			found = true
			if b.Result != arbiter.NoResult {
				t.Errorf("board 2-1 result %v, want none yet", b.Result)
			}
		}
	}
	if !found {
		t.Errorf("round 2 boards %+v lack 2-1", d.Rounds[1].Boards)
	}
	var out strings.Builder
	w := NewWriter(&out)
	w.Version, w.LineEnd = TRF26, "\n"
	if err := w.Write(f); err != nil {
		t.Fatal(err)
	}
	if out.String() != unknownTRF {
		t.Errorf("written back as\n%s\nwant\n%s", out.String(), unknownTRF)
	}
	// X scoring half a point (as the 162 line may say) changes the points
	// the file must show.
	half := strings.Replace(unknownTRF, "X 0.0", "X 0.5", 1)
	if _, err := Read(strings.NewReader(half)); !errors.Is(err, ErrPoints) {
		t.Errorf("X worth 0.5 with points not counting it: err = %v, want ErrPoints", err)
	}
}

// TestAcceleration250 checks TRF-26 250 lines: ranges of rounds and
// players expand to each player's points per round, and the writer groups
// them back into the same lines.
func TestAcceleration250(t *testing.T) {
	text := "012 Accelerated\n" +
		"192 FIDE_DUTCH_2025_BAKU\n" +
		"250       1.0   1   3    1    5\n" +
		"250       0.5   4   5    1    5\n" +
		"250       0.5   2   2    7    7\n"
	f, err := Read(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	want := map[int][]Points{
		1: {10, 10, 10, 5, 5}, 2: {10, 10, 10, 5, 5}, 3: {10, 10, 10, 5, 5}, 4: {10, 10, 10, 5, 5}, 5: {10, 10, 10, 5, 5},
		7: {0, 5},
	}
	if !reflect.DeepEqual(f.Accelerations, want) {
		t.Errorf("accelerations %v, want %v", f.Accelerations, want)
	}
	var b strings.Builder
	w := NewWriter(&b)
	w.Version, w.LineEnd = TRF26, "\n"
	if err := w.Write(f); err != nil {
		t.Fatal(err)
	}
	if b.String() != text {
		t.Errorf("written back as\n%s\nwant\n%s", b.String(), text)
	}
	if _, err := Read(strings.NewReader("012 X\n250       1.0   3   1    1    5\n")); !errors.Is(err, ErrSyntax) {
		t.Errorf("rounds 3 to 1: err = %v, want ErrSyntax", err)
	}
}
