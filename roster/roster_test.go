package roster

import (
	"bytes"
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter"
	"github.com/xuri/excelize/v2"
)

func TestReadCSVFile(t *testing.T) {
	f, err := os.Open("testdata/circolo.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	got, err := Read(f, Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := []Row{
		{2, arbiter.Player{Name: "Rossi, Mario", Rating: 1850, Club: "Labyrinth", Federation: "ITA", FIDEID: "12345678", BirthYear: 1987, Sex: "M"}},
		{3, arbiter.Player{Name: "D'Amato, Nicolò", Club: "Labyrinth", Federation: "ITA", BirthYear: 2001, BirthDate: "2001-05-12", Sex: "M"}},
		{5, arbiter.Player{Name: "Bianchi, Anna", Rating: 2010, Club: "Scacchi Torino", Federation: "ITA", FIDEID: "23456789", BirthYear: 1995, Sex: "F", Title: "WFM"}},
	}
	if !reflect.DeepEqual(got.Rows, want) {
		t.Errorf("rows =\n%+v\nwant\n%+v", got.Rows, want)
	}
	if !reflect.DeepEqual(got.Ignored, []string{"Email"}) {
		t.Errorf("ignored = %q, want [Email]", got.Ignored)
	}
}

func TestReadCSVErrors(t *testing.T) {
	tests := []struct {
		name   string
		in     string
		line   int
		column string
		want   error
		msg    string
	}{
		{"rating typo", "name,rating\nRossi,1850\nBianchi,18OO\n", 3, "rating", ErrBadRow, `"18OO" is not a rating`},
		{"no name column", "rating,club\n1800,X\n", 1, "", ErrNoName, "needs a column called name"},
		{"row without a name", "name,club\n,Labyrinth\n", 2, "", ErrBadRow, "needs a name"},
		{"bad title", "name;titolo\nRossi;XM\n", 2, "titolo", ErrBadRow, "unknown title"},
		{"bad federation", "name\tfed\nRossi\tItalia\n", 2, "fed", ErrBadRow, "three letters"},
		{"bad fide id", "name,fide id\nRossi,12-34\n", 2, "fide id", ErrBadRow, "digits only"},
		{"bad birth year", "name,born\nRossi,87\n", 2, "born", ErrBadRow, "birth year"},
		{"bad sex", "name,sex\nRossi,X\n", 2, "sex", ErrBadRow, "M or F"},
		{"unterminated quote", "name\n\"Rossi\n", 2, "", ErrBadRow, "quote"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ReadCSV(strings.NewReader(tt.in))
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("ReadCSV error = %v, want a *ParseError", err)
			}
			if pe.Line != tt.line || pe.Column != tt.column || !errors.Is(err, tt.want) || !strings.Contains(err.Error(), tt.msg) {
				t.Errorf("error = line %d column %q %q, want line %d column %q wrapping %v, saying %q", pe.Line, pe.Column, err, tt.line, tt.column, tt.want, tt.msg)
			}
		})
	}
}

func TestReadXLSX(t *testing.T) {
	x := excelize.NewFile()
	sheet := x.GetSheetList()[0]
	rows := [][]any{
		{"Name", "Rating", "Club", "Title", "Birth date"},
		{"Neri, Paolo", 2000, "Labyrinth", "FM", "1990-03-04"},
		{},
		{"Conti, Sara", nil, "Labyrinth", "", ""},
		{"Verdi, Ugo", "abc"},
	}
	for i, r := range rows {
		cell, _ := excelize.CoordinatesToCellName(1, i+1)
		if err := x.SetSheetRow(sheet, cell, &r); err != nil {
			t.Fatal(err)
		}
	}
	var buf bytes.Buffer
	if err := x.Write(&buf); err != nil {
		t.Fatal(err)
	}
	data := buf.Bytes()
	_, err := Read(bytes.NewReader(data), Options{})
	var pe *ParseError
	if !errors.As(err, &pe) || pe.Line != 5 || pe.Column != "Rating" {
		t.Fatalf("bad row 5: error %v, want line 5 column Rating", err)
	}
	// Without the bad row the file reads.
	x.RemoveRow(sheet, 5)
	buf.Reset()
	x.Write(&buf)
	f, err := ReadXLSX(&buf)
	if err != nil {
		t.Fatal(err)
	}
	want := []Row{
		{2, arbiter.Player{Name: "Neri, Paolo", Rating: 2000, Club: "Labyrinth", Title: "FM", BirthYear: 1990, BirthDate: "1990-03-04"}},
		{4, arbiter.Player{Name: "Conti, Sara", Club: "Labyrinth"}},
	}
	if !reflect.DeepEqual(f.Rows, want) {
		t.Errorf("rows = %+v, want %+v", f.Rows, want)
	}
	if _, err := ReadXLSX(strings.NewReader("not a zip")); err == nil {
		t.Error("ReadXLSX of text succeeded, want an error")
	}
}

func TestWriteCSVRoundTrip(t *testing.T) {
	ps := []arbiter.Player{
		{Name: "Rossi, Mario", Rating: 1850, Club: "Labyrinth", Federation: "ITA", FIDEID: "12345678", BirthYear: 1987, Sex: "M"},
		{Name: `Anna "Nina" Bianchi`, Title: "WFM", Sex: "F"},
	}
	var buf bytes.Buffer
	if err := WriteCSV(&buf, ps); err != nil {
		t.Fatal(err)
	}
	f, err := ReadCSV(&buf)
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range f.Rows {
		if r.Player != ps[i] {
			t.Errorf("row %d = %+v, want %+v", i, r.Player, ps[i])
		}
	}
}

// FuzzReadCSV checks that whatever ReadCSV accepts, WriteCSV writes in a
// form ReadCSV reads back to the same players.
func FuzzReadCSV(f *testing.F) {
	for _, s := range []string{
		"name,rating\nRossi,1850\n",
		"Cognome;Nome;Elo\nRossi;Mario;1800\n",
		"name\ttitle\tsex\tfide id\tborn\nA\tg\tw\t0012\t12/05/1990\n",
		"\ufeffname,fed\n\"x, y\",ita\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		a, err := ReadCSV(bytes.NewReader(data))
		if err != nil {
			return
		}
		checkCSVRoundTrip(t, a.Rows)
	})
}

// checkCSVRoundTrip writes the players of rows with WriteCSV and checks
// that ReadCSV gives them back unchanged.
func checkCSVRoundTrip(t *testing.T, rows []Row) {
	t.Helper()
	var ps []arbiter.Player
	for _, r := range rows {
		ps = append(ps, r.Player)
	}
	var buf bytes.Buffer
	if err := WriteCSV(&buf, ps); err != nil {
		t.Fatalf("WriteCSV: %v", err)
	}
	b, err := ReadCSV(&buf)
	if err != nil {
		t.Fatalf("reading back %q: %v", buf.String(), err)
	}
	if len(b.Rows) != len(ps) {
		t.Fatalf("read back %d rows, want %d", len(b.Rows), len(ps))
	}
	for i, r := range b.Rows {
		if r.Player != ps[i] {
			t.Fatalf("row %d read back as %+v, want %+v", i, r.Player, ps[i])
		}
	}
}

// TestWriteCSVFormulas checks that text a spreadsheet would evaluate is
// written with an apostrophe in front (OWASP CSV injection) and read back
// as it was.
func TestWriteCSVFormulas(t *testing.T) {
	names := []string{"=HYPERLINK(\"http://x\",\"y\")", "+39 Rossi", "-Neri", "@SUM(A1)", "'=already", "Rossi, Mario", "O'Neil, Ann"}
	var ps []arbiter.Player
	for _, n := range names {
		ps = append(ps, arbiter.Player{Name: n, Club: n})
	}
	var b bytes.Buffer
	if err := WriteCSV(&b, ps); err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(b.String()), "\n")[1:] {
		cell := strings.TrimPrefix(line, `"`)
		if strings.ContainsRune("=+-@", rune(cell[0])) {
			t.Errorf("line %q starts with a formula character", line)
		}
	}
	f, err := ReadCSV(&b)
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range f.Rows {
		if r.Player.Name != names[i] || r.Player.Club != names[i] {
			t.Errorf("row %d read back as %q, %q, want %q", i+1, r.Player.Name, r.Player.Club, names[i])
		}
	}
}
