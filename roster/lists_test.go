package roster

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/text"
	"github.com/xuri/excelize/v2"
)

func readFile(t *testing.T, name string, opt Options) *File {
	t.Helper()
	fh, err := os.Open("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	f, err := Read(fh, opt)
	if err != nil {
		t.Fatalf("Read(%s): %v", name, err)
	}
	return f
}

// TestReadLists reads a file in each documented layout, recognised by
// its content, and checks every player read.
func TestReadLists(t *testing.T) {
	tests := []struct {
		file   string
		opt    Options
		format Format
		enc    text.Encoding
		want   []Row
	}{
		{
			// FIDE's list of one rating (standard_rating_list.txt layout),
			// Windows-1252 with CRLF: CM here is FIDE's title.
			file: "fide_standard.txt", format: FIDEText, enc: text.Windows1252,
			want: []Row{
				{2, arbiter.Player{FIDEID: "1503014", Name: "Carlsen, Magnus", Federation: "NOR", Sex: "M", Title: "GM", Rating: 2833, K: 10, BirthYear: 1990}},
				{3, arbiter.Player{FIDEID: "2800012", Name: "Rossi, Mario", Federation: "ITA", Sex: "M", Title: "CM", Rating: 2010, K: 20, BirthYear: 1975}},
				{4, arbiter.Player{FIDEID: "2800020", Name: "Bianchi, Anna", Federation: "ITA", Sex: "F", Title: "WFM", Rating: 1890, K: 40, BirthYear: 2009}},
				{5, arbiter.Player{FIDEID: "2800039", Name: "Ferretti, Niccolò", Federation: "ITA", Sex: "M", Rating: 1650, K: 20, BirthYear: 1988}},
			},
		},
		{
			// FIDE's combined list (players_list_foa.txt layout), UTF-8.
			file: "fide_combined.txt", format: FIDEText, enc: text.UTF8,
			want: []Row{
				{2, arbiter.Player{FIDEID: "1503014", Name: "Carlsen, Magnus", Federation: "NOR", Sex: "M", Title: "GM", Rating: 2833, K: 10, RapidRating: 2827, BlitzRating: 2887, BirthYear: 1990}},
				{3, arbiter.Player{FIDEID: "2800039", Name: "Ferretti, Niccolò", Federation: "ITA", Sex: "M", Rating: 1650, K: 20, RapidRating: 1702, BirthYear: 1988}},
			},
		},
		{
			// FIDE's XML list of the rapid rating: the file's name says
			// which rating, given as Options.Pace.
			file: "fide_rapid.xml", opt: Options{Pace: arbiter.Rapid}, format: FIDEXML, enc: text.UTF8,
			want: []Row{
				{3, arbiter.Player{FIDEID: "2800039", Name: "Ferretti, Niccolò", Federation: "ITA", Sex: "M", RapidRating: 1702, BirthYear: 1988}},
				{18, arbiter.Player{FIDEID: "2800020", Name: "Bianchi, Anna & Co", Federation: "ITA", Sex: "F", Title: "WFM", RapidRating: 1910, BirthYear: 2009}},
			},
		},
		{
			// Vega's players archive, Windows-1252: names in capitals,
			// surname first, accents as apostrophes; FSI categories in
			// TITLE (CM among them) stay categories.
			file: "vega_players.txt", opt: Options{Year: 2026}, format: Vega, enc: text.Windows1252,
			want: []Row{
				{2, arbiter.Player{Name: "Ferretti, Niccolò", Federation: "ITA", BirthYear: 1988, BirthDate: "1988-05-12", Sex: "M", Category: "1N", FIDEID: "2800039", Rating: 1650, NationalID: "123456", NationalRating: 1712, K: 20}},
				{3, arbiter.Player{Name: "De Luca, Maria Grazia", Federation: "ITA", BirthYear: 1995, BirthDate: "1995-07-03", Sex: "F", Category: "CM", NationalID: "234567", NationalRating: 1890}},
				{4, arbiter.Player{Name: "D'Amato, Nicolò", Federation: "ITA", Sex: "M", Category: "NC", NationalID: "345678", NationalRating: 1440}},
				{5, arbiter.Player{Name: "Kasparov, Garry", BirthYear: 1963, BirthDate: "1963-04-13", Sex: "M", Title: "GM", FIDEID: "4100018", Rating: 2830}},
				{6, arbiter.Player{Name: "Müller, Jörg", Federation: "GER", BirthYear: 1970, BirthDate: "1970-01-01", Sex: "M", Title: "FM", FIDEID: "4600001", Rating: 2300, K: 10}},
			},
		},
		{
			// The FSI's columns (ID;COGNOME NOME;CAT;ELO;...), Windows-1252:
			// ID is the ID FSI, ELO the Elo Italia.
			file: "fsi_elo_italia.csv", format: CSV, enc: text.Windows1252,
			want: []Row{
				{2, arbiter.Player{NationalID: "123456", Name: "Ferretti, Niccolò", Category: "1N", NationalRating: 1712, NationalK: 20, Province: "MI", Sex: "M", BirthYear: 1988, BirthDate: "1988-05-12", FIDEID: "2800039"}},
				{3, arbiter.Player{NationalID: "234567", Name: "De Luca, Maria Grazia", Category: "CM", NationalRating: 1890, NationalK: 20, Province: "TO", Sex: "F", BirthYear: 1995, BirthDate: "1995-07-03"}},
				{4, arbiter.Player{NationalID: "345678", Name: "D'Amato, Nicolò", Category: "NC", NationalRating: 1440, NationalK: 40, Province: "RM", Sex: "M"}},
				{5, arbiter.Player{NationalID: "456789", Name: "Gargiulo, Salvatore", Category: "M", NationalRating: 2150, NationalK: 10, Province: "NA", Sex: "M", BirthYear: 1960, BirthDate: "1960-02-01", FIDEID: "2801000"}},
				{6, arbiter.Player{NationalID: "567890", Name: "Però, Anna", Category: "3N", NationalRating: 1520, NationalK: 20, Province: "MI", Sex: "F", BirthYear: 1999}},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			f := readFile(t, tt.file, tt.opt)
			if f.Format != tt.format || f.Encoding != tt.enc {
				t.Errorf("format, encoding = %v, %v, want %v, %v", f.Format, f.Encoding, tt.format, tt.enc)
			}
			if !reflect.DeepEqual(f.Rows, tt.want) {
				t.Errorf("rows =\n%+v\nwant\n%+v", f.Rows, tt.want)
			}
			for _, r := range f.Rows {
				if r.Player.Category == "CM" && r.Player.Title == "CM" {
					t.Errorf("line %d: the FSI category CM became the FIDE title", r.Line)
				}
			}
		})
	}
}

// TestClubWorkbook is the club's own workbook that was refused whole
// because one row has the FSI category 1N in its Titolo column: the
// categories are read as categories, the FIDE titles as titles, and CM
// stays the FSI category.
func TestClubWorkbook(t *testing.T) {
	x := excelize.NewFile()
	sheet := x.GetSheetList()[0]
	rows := [][]any{
		{"Cognome", "Nome", "Elo", "Titolo", "Elo Italia", "ID FSI", "Data di nascita"},
		{"ROSSI", "MARIO", 1850, "1N", 1870, "111111", "12/05/1987"},
		{"Bianchi", "Anna", 2010, "WFM", 0, "", ""},
		{"Verdi", "Luca", 0, "CM", 1950, "222222", ""},
		{"Neri", "Paolo", 2300, "FM", 2280, "", "1980"},
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
	f, err := Read(&buf, Options{})
	if err != nil {
		t.Fatalf("Read(club workbook): %v", err)
	}
	want := []Row{
		{2, arbiter.Player{Name: "Rossi, Mario", Rating: 1850, Category: "1N", NationalRating: 1870, NationalID: "111111", BirthYear: 1987, BirthDate: "1987-05-12"}},
		{3, arbiter.Player{Name: "Bianchi, Anna", Rating: 2010, Title: "WFM"}},
		{4, arbiter.Player{Name: "Verdi, Luca", Category: "CM", NationalRating: 1950, NationalID: "222222"}},
		{5, arbiter.Player{Name: "Neri, Paolo", Rating: 2300, Title: "FM", NationalRating: 2280, BirthYear: 1980}},
	}
	if f.Format != XLSX || !reflect.DeepEqual(f.Rows, want) {
		t.Errorf("Read = %v\n%+v\nwant\n%+v", f.Format, f.Rows, want)
	}
}

func TestNameFromCapitals(t *testing.T) {
	tests := []struct{ in, want string }{
		{"FERRETTI NICCOLO'", "Ferretti, Niccolò"},
		{"FERRETTI, NICCOLO'", "Ferretti, Niccolò"},
		{"D'AMATO NICOLO'", "D'Amato, Nicolò"},
		{"DE LUCA MARIA GRAZIA", "De Luca, Maria Grazia"},
		{"VAN DER BERG JAN", "Van Der Berg, Jan"},
		{"ROSSI-BIANCHI ANNA", "Rossi-Bianchi, Anna"},
		{"GIOSUE' CARDUCCI", "Giosuè, Carducci"},
		{"ROSSI", "Rossi"},
		{"Rossi, Mario", "Rossi, Mario"},
		{"Ferretti, Niccolo'", "Ferretti, Niccolò"},
		{"O'BRIEN SEAN", "O'Brien, Sean"},
	}
	for _, tt := range tests {
		if got := NameFromCapitals(tt.in); got != tt.want {
			t.Errorf("NameFromCapitals(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestDetect(t *testing.T) {
	tests := []struct {
		head string
		want Format
	}{
		{"PK\x03\x04rest", XLSX},
		{"<?xml version=\"1.0\"?>\n<playerslist>", FIDEXML},
		{"\xef\xbb\xbf<playerslist>", FIDEXML},
		{"ID Number      Name     Fed", FIDEText},
		{"NAME;COUNTRY;BIRTHDAY;GENDER", Vega},
		{"name;country;birthday;g;title", Vega},
		{"ID;COGNOME NOME;CAT;ELO", CSV},
		{"name,rating\n", CSV},
	}
	for _, tt := range tests {
		if got := Detect([]byte(tt.head)); got != tt.want {
			t.Errorf("Detect(%q) = %v, want %v", tt.head, got, tt.want)
		}
	}
}

// TestColumns reads a list whose headers arbiter does not know through a
// column mapping, as the FSI list would be read if its layout changed.
func TestColumns(t *testing.T) {
	in := "Tessera;Giocatore;Punti;Classe\n99;ROSSI MARIO;1650;2N\n"
	f, err := Read(strings.NewReader(in), Options{Columns: map[string]string{"tessera": "national_id", "Giocatore": "name", "punti": "national_rating", "4": "category"}})
	if err != nil {
		t.Fatal(err)
	}
	want := arbiter.Player{NationalID: "99", Name: "ROSSI MARIO", NationalRating: 1650, Category: "2N"}
	if len(f.Rows) != 1 || f.Rows[0].Player != want {
		t.Errorf("rows = %+v, want %+v", f.Rows, want)
	}
	if _, err := Read(strings.NewReader(in), Options{Columns: map[string]string{"tessera": "shoe size"}}); err == nil || !strings.Contains(err.Error(), `unknown field "shoe size"`) {
		t.Errorf("bad mapping: error %v", err)
	}
}

func TestListErrors(t *testing.T) {
	tests := []struct {
		name, in string
		line     int
		column   string
		msg      string
	}{
		{"FIDE rating typo", "ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA JAN26 Gms K  B-day Flag\n" +
			"1503014        Carlsen, Magnus                                              NOR M   GM                            28X3  9  10 1990\n", 2, "JAN26", "not a rating"},
		{"FIDE ID missing", "ID Number      Name                                                         Fed\n" +
			"               Nobody                                                       ITA\n", 2, "ID Number", "not a FIDE ID"},
		{"XML cut short", "<playerslist><player><fideid>1</fideid>", 1, "", "ends inside a <player>"},
		{"Vega bad title", "NAME;COUNTRY;BIRTHDAY;GENDER;TITLE;IDFIDE;ELOFIDE;IDNAT;ELONAT;KCOEFF\nROSSI MARIO;ITA;00.00.00;m;XYZ;0;0;0;0;0\n", 2, "TITLE", "unknown title"},
		{"Vega bad rating", "NAME;COUNTRY;BIRTHDAY;GENDER;TITLE;IDFIDE;ELOFIDE;IDNAT;ELONAT;KCOEFF\nROSSI MARIO;ITA;00.00.00;m;;0;0;0;abc;0\n", 2, "ELONAT", "not a rating"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Read(strings.NewReader(tt.in), Options{})
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Line != tt.line || pe.Column != tt.column || !strings.Contains(err.Error(), tt.msg) {
				t.Errorf("Read error = %v, want line %d column %q saying %q", err, tt.line, tt.column, tt.msg)
			}
		})
	}
}

// fideList writes a FIDE TXT list of n players in the standard layout.
func fideList(n int) []byte {
	var b bytes.Buffer
	b.WriteString("ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA JAN26 Gms K  B-day Flag\n")
	for i := range n {
		fmt.Fprintf(&b, "%-15d%-61s%-4s%-4s%-5s%-5s%-15s%-4s%5d%4d%3d %-6d%s\n",
			10000000+i, fmt.Sprintf("Player%d, Given", i), "ITA", "M", "", "", "", "", 1400+i%1400, i%9, 20, 1950+i%60, "")
	}
	return b.Bytes()
}

// TestFIDEHundredThousand reads a FIDE TXT list of 100,000 players made
// here, with Scan: every line read, in order, without collecting them.
func TestFIDEHundredThousand(t *testing.T) {
	const n = 100_000
	data := fideList(n)
	count, sum := 0, 0
	format, _, err := Scan(bytes.NewReader(data), Options{}, func(r Row) error {
		if r.Line != count+2 || r.Player.FIDEID != fmt.Sprint(10000000+count) || r.Player.Rating != 1400+count%1400 || r.Player.BirthYear != 1950+count%60 {
			return fmt.Errorf("line %d read as %+v", r.Line, r.Player)
		}
		count++
		sum += r.Player.Rating
		return nil
	})
	if err != nil || format != FIDEText || count != n {
		t.Fatalf("Scan = %v, %v after %d players, want FIDE TXT, %d players", format, err, count, n)
	}
	// Read refuses a list that long for import, pointing to Scan.
	if _, err := Read(bytes.NewReader(data), Options{}); !errors.Is(err, ErrTooLarge) {
		t.Errorf("Read(100,000 players) = %v, want ErrTooLarge", err)
	}
}

// BenchmarkScanFIDE reads a FIDE TXT list of 400,000 players, the size
// of FIDE's whole standard list.
func BenchmarkScanFIDE(b *testing.B) {
	data := fideList(400_000)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		n := 0
		if _, _, err := Scan(bytes.NewReader(data), Options{}, func(Row) error { n++; return nil }); err != nil || n != 400_000 {
			b.Fatalf("Scan: %v, %d", err, n)
		}
	}
}
