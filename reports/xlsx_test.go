package reports

import (
	"archive/zip"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"

	"github.com/labyrinth-chess/arbiter/locale"
)

// table turns tab-separated lines into rows of cells, as excelize's GetRows
// returns them (trailing empty cells dropped).
func table(s string) [][]string {
	var rows [][]string
	for _, line := range strings.Split(strings.Trim(s, "\n"), "\n") {
		line = strings.TrimLeft(line, "\t")
		if line == "." {
			rows = append(rows, nil)
			continue
		}
		cells := strings.Split(line, "|")
		for len(cells) > 0 && cells[len(cells)-1] == "" {
			cells = cells[:len(cells)-1]
		}
		rows = append(rows, cells)
	}
	return rows
}

func writeSample(t *testing.T) *excelize.File {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteXLSX(&buf, sampleEvent(t)); err != nil {
		t.Fatalf("WriteXLSX: %v", err)
	}
	f, err := excelize.OpenReader(&buf)
	if err != nil {
		t.Fatalf("read the workbook back: %v", err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

// TestXLSXCells reads every cell of the sample tournament's workbook back.
// The expected sheets were written by hand from the games in sampleEvent.
func TestXLSXCells(t *testing.T) {
	f := writeSample(t)
	want := []struct {
		sheet string
		rows  string
	}{
		{"Standings", `
			Rank|PN|Name|Title|Rating|Club|Pts|BH|SB|Perf
			1|1|Dvořák, Jiří|FM|2150|ŠK Vyšehrad|2 1/2|5|4.25|2141
			2-3|2|Müller, Jürgen|CM|2080|SC Köln|2|5 1/2|3.5|1955
			2-3|6|Rossi, Mario||1650|Labirinto|2|5 1/2|3.5|2130
			4|3|Ferrà, Nicolò||1990|Labirinto|1 1/2|4|1.75|1705
			5-6|4|Wróbel, Łukasz||1875||1|5|1|1728
			5-6|7|Šimić, Ivana||||1|5|1
			7|5|Ólafsdóttir, Sóley|WFM|1760|TR|1/2|4 1/2|1.25|1709`},
		{"Crosstable", `
			No.|Name|Rating|R1|R2|R3|Pts
			1|Dvořák, Jiří|2150|5w1|3b1|2w½|2 1/2
			2|Müller, Jürgen|2080|7b½|6w+|1b½|2
			3|Rossi, Mario|1650|4b1|1w0|5b1|2
			4|Ferrà, Nicolò|1990|3w0|H|7w1|1 1/2
			5|Wróbel, Łukasz|1875|1b0|7w1|3w0|1
			6|Šimić, Ivana||PAB|2b-|-|1
			7|Ólafsdóttir, Sóley|1760|2w½|5b0|4b0|1/2`},
		{"Round 1", `
			Board|White|Pts|Result|Black|Pts
			1|Dvořák, Jiří|0|1-0|Wróbel, Łukasz|0
			2|Ólafsdóttir, Sóley|0|½-½|Müller, Jürgen|0
			3|Ferrà, Nicolò|0|0-1|Rossi, Mario|0
			.
			|Šimić, Ivana|0|1|pairing-allocated bye`},
		{"Round 2", `
			Board|White|Pts|Result|Black|Pts
			1|Rossi, Mario|1|0-1|Dvořák, Jiří|1
			2|Müller, Jürgen|1/2|+-|Šimić, Ivana|1
			3|Wróbel, Łukasz|0|1-0|Ólafsdóttir, Sóley|1/2
			.
			|Ferrà, Nicolò|0|½|half-point bye`},
		{"Round 3", `
			Board|White|Pts|Result|Black|Pts
			1|Dvořák, Jiří|2|½-½|Müller, Jürgen|1 1/2
			2|Wróbel, Łukasz|1|0-1|Rossi, Mario|1
			3|Ferrà, Nicolò|1/2|1-0|Ólafsdóttir, Sóley|1/2
			.
			|Šimić, Ivana|1|0|withdrawn`},
		{"Players", `
			PN|Name|Title|Rating|Federation|FIDE ID|Club|Born|Status
			1|Dvořák, Jiří|FM|2150|CZE|312345|ŠK Vyšehrad|1988|active
			2|Müller, Jürgen|CM|2080|GER|4671234|SC Köln|1975|active
			3|Ferrà, Nicolò||1990|ITA||Labirinto|2001|active
			4|Wróbel, Łukasz||1875|POL||||active
			5|Ólafsdóttir, Sóley|WFM|1760|ISL|2301234|TR|1999|active
			6|Rossi, Mario||1650|ITA||Labirinto|1962|active
			7|Šimić, Ivana|||CRO||||withdrawn from round 3`},
	}
	var names []string
	for _, w := range want {
		names = append(names, w.sheet)
	}
	if got := f.GetSheetList(); !slices.Equal(got, names) {
		t.Fatalf("sheets = %q, want %q", got, names)
	}
	for _, w := range want {
		t.Run(w.sheet, func(t *testing.T) {
			got, err := f.GetRows(w.sheet)
			if err != nil {
				t.Fatal(err)
			}
			diffRows(t, got, table(w.rows))
		})
	}
}

// TestXLSXNumbers checks that points, ratings, ranks and tie-break values
// are stored as numbers (a spreadsheet can sort and sum them) and names and
// result codes as text.
func TestXLSXNumbers(t *testing.T) {
	f := writeSample(t)
	tests := []struct {
		sheet, cell string
		typ         excelize.CellType
		raw         string
	}{
		{"Standings", "A3", excelize.CellTypeNumber, "2"}, // shown as 2-3
		{"Standings", "B3", excelize.CellTypeNumber, "2"}, // PN
		{"Standings", "C2", excelize.CellTypeInlineString, "Dvořák, Jiří"},
		{"Standings", "E2", excelize.CellTypeNumber, "2150"},
		{"Standings", "G2", excelize.CellTypeNumber, "2.5"},
		{"Standings", "I2", excelize.CellTypeNumber, "4.25"},
		{"Standings", "J2", excelize.CellTypeNumber, "2141"},
		{"Crosstable", "D2", excelize.CellTypeInlineString, "5w1"},
		{"Crosstable", "G8", excelize.CellTypeNumber, "0.5"},
		{"Round 2", "C3", excelize.CellTypeNumber, "0.5"},
		{"Round 2", "D3", excelize.CellTypeInlineString, "+-"},
		{"Players", "H2", excelize.CellTypeNumber, "1988"},
		{"Players", "F3", excelize.CellTypeInlineString, "4671234"}, // an identifier, not a quantity
	}
	for _, tt := range tests {
		t.Run(tt.sheet+"!"+tt.cell, func(t *testing.T) {
			typ, err := f.GetCellType(tt.sheet, tt.cell)
			if err != nil {
				t.Fatal(err)
			}
			raw, err := f.GetCellValue(tt.sheet, tt.cell, excelize.Options{RawCellValue: true})
			if err != nil {
				t.Fatal(err)
			}
			if typ == excelize.CellTypeUnset {
				typ = excelize.CellTypeNumber // a cell without a type is a number (ECMA-376 18.3.1.4)
			}
			if typ != tt.typ || raw != tt.raw {
				t.Errorf("cell = %q of type %v, want %q of type %v", raw, typ, tt.raw, tt.typ)
			}
		})
	}
	// The standings points sum like numbers: 2.5+2+2+1.5+1+1+0.5 = 10.5,
	// all the points of 3 rounds of 3 boards and 2 byes (1 + ½).
	if err := f.SetCellFormula("Standings", "G20", "SUM(G2:G8)"); err != nil {
		t.Fatal(err)
	}
	got, err := f.CalcCellValue("Standings", "G20")
	if err != nil || got != "10.5" {
		t.Errorf("SUM of the points = %q, %v; want 10.5", got, err)
	}
}

// TestXLSXLayout checks the organizer's conveniences: bold frozen header,
// fitted widths, A4 page setup, the name in the page header, the header row
// repeated on every printed page.
func TestXLSXLayout(t *testing.T) {
	f := writeSample(t)
	for _, sheet := range f.GetSheetList() {
		t.Run(sheet, func(t *testing.T) {
			panes, err := f.GetPanes(sheet)
			if err != nil {
				t.Fatal(err)
			}
			if !panes.Freeze || panes.YSplit != 1 {
				t.Errorf("panes = %+v, want the first row frozen", panes)
			}
			id, err := f.GetCellStyle(sheet, "B1")
			if err != nil {
				t.Fatal(err)
			}
			st, err := f.GetStyle(id)
			if err != nil {
				t.Fatal(err)
			}
			if st.Font == nil || !st.Font.Bold {
				t.Errorf("header style %+v, want bold", st)
			}
			rows, err := f.GetRows(sheet)
			if err != nil {
				t.Fatal(err)
			}
			for j := range rows[0] {
				longest := 0
				for _, row := range rows {
					if j < len(row) {
						longest = max(longest, utf8.RuneCountInString(row[j]))
					}
				}
				col, _ := excelize.ColumnNumberToName(j + 1)
				w, err := f.GetColWidth(sheet, col)
				if err != nil {
					t.Fatal(err)
				}
				if w < float64(longest) || w > 1.1*float64(longest)+6 {
					t.Errorf("width of column %s = %v, want it fitted to its longest text (%d characters)", col, w, longest)
				}
			}
			pl, err := f.GetPageLayout(sheet)
			if err != nil {
				t.Fatal(err)
			}
			if pl.Size == nil || *pl.Size != 9 || pl.FitToWidth == nil || *pl.FitToWidth != 1 {
				t.Errorf("page layout = size %v, fit to width %v; want A4 (9), 1 page wide", deref(pl.Size), deref(pl.FitToWidth))
			}
			hf, err := f.GetHeaderFooter(sheet)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(hf.OddHeader, "Labyrinth Blitz – Spring && Summer 2025") {
				t.Errorf("page header = %q, want the tournament name with & escaped", hf.OddHeader)
			}
		})
	}
	names := f.GetDefinedName()
	titles := map[string]string{}
	for _, n := range names {
		if n.Name == "_xlnm.Print_Titles" {
			titles[n.Scope] = n.RefersTo
		}
	}
	if got := titles["Round 2"]; got != "'Round 2'!$1:$1" {
		t.Errorf("print titles of Round 2 = %q, want the first row", got)
	}
	if len(titles) != len(f.GetSheetList()) {
		t.Errorf("print titles on %d sheets, want all %d", len(titles), len(f.GetSheetList()))
	}
	props, err := f.GetDocProps()
	if err != nil {
		t.Fatal(err)
	}
	if props.Title != "Labyrinth Blitz – Spring & Summer 2025" || props.Created != "2025-03-14T23:05:00Z" {
		t.Errorf("properties = title %q created %q, want the tournament's name and the event's date", props.Title, props.Created)
	}
}

func deref[T any](p *T) any {
	if p == nil {
		return nil
	}
	return *p
}

// diffRows reports every row of got that differs from want.
func diffRows(t *testing.T, got, want [][]string) {
	t.Helper()
	for i := range max(len(got), len(want)) {
		var g, w []string
		if i < len(got) {
			g = got[i]
		}
		if i < len(want) {
			w = want[i]
		}
		if !slices.Equal(g, w) {
			t.Errorf("row %d = %q, want %q", i+1, g, w)
		}
	}
}

// TestXLSXColumnOrder checks that each sheet lists its column widths in
// column order: Excel reports a damaged file otherwise.
func TestXLSXColumnOrder(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteXLSX(&buf, sampleEvent(t)); err != nil {
		t.Fatal(err)
	}
	zr, err := zip.NewReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	if err != nil {
		t.Fatal(err)
	}
	colMin := regexp.MustCompile(`<col min="(\d+)"`)
	sheets := 0
	for _, zf := range zr.File {
		if !strings.HasPrefix(zf.Name, "xl/worksheets/") {
			continue
		}
		sheets++
		rc, err := zf.Open()
		if err != nil {
			t.Fatal(err)
		}
		data, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		var got []int
		for _, m := range colMin.FindAllSubmatch(data, -1) {
			n, _ := strconv.Atoi(string(m[1]))
			got = append(got, n)
		}
		if len(got) == 0 || !slices.IsSorted(got) {
			t.Errorf("%s: columns %v, want them in order", zf.Name, got)
		}
	}
	if sheets != 6 {
		t.Errorf("%d worksheets, want 6", sheets)
	}
}

// TestXLSXDefaultStandings checks the ranking used when the caller gives no
// standings: points, then pairing number, equal points sharing a rank, no
// tie-break columns, performance worked out.
func TestXLSXDefaultStandings(t *testing.T) {
	ev := sampleEvent(t)
	ev.Standings = nil
	var buf bytes.Buffer
	if err := WriteXLSX(&buf, ev); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	got, err := f.GetRows("Standings")
	if err != nil {
		t.Fatal(err)
	}
	diffRows(t, got, table(`
		Rank|PN|Name|Title|Rating|Club|Pts|Perf
		1|1|Dvořák, Jiří|FM|2150|ŠK Vyšehrad|2 1/2|2141
		2-3|2|Müller, Jürgen|CM|2080|SC Köln|2|1955
		2-3|6|Rossi, Mario||1650|Labirinto|2|2130
		4|3|Ferrà, Nicolò||1990|Labirinto|1 1/2|1705
		5-6|4|Wróbel, Łukasz||1875||1|1728
		5-6|7|Šimić, Ivana||||1
		7|5|Ólafsdóttir, Sóley|WFM|1760|TR|1/2|1709`))
}

// TestXLSXItalian reads every cell of the Italian workbook back and
// compares them with testdata/workbook_it.txt ("go test ./reports
// -update" rewrites it): sheet names, headers and words in Italian, the
// numbers as in the English workbook.
func TestXLSXItalian(t *testing.T) {
	ev := sampleEvent(t)
	ev.Locale = locale.New(locale.Italian)
	var buf bytes.Buffer
	if err := WriteXLSX(&buf, ev); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if got, want := f.GetSheetList(), SheetNames(ev.Locale, 3); !slices.Equal(got, want) {
		t.Errorf("sheets = %q, want %q", got, want)
	}
	var b strings.Builder
	for _, sheet := range f.GetSheetList() {
		rows, err := f.GetRows(sheet)
		if err != nil {
			t.Fatal(err)
		}
		b.WriteString("== " + sheet + "\n")
		for _, row := range rows {
			b.WriteString(strings.Join(row, "|") + "\n")
		}
	}
	got := b.String()
	golden := filepath.Join("testdata", "workbook_it.txt")
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
		t.Errorf("cells of the Italian workbook differ from %s:\n%s", golden, lineDiff(got, string(want)))
	}
	props, err := f.GetDocProps()
	if err != nil {
		t.Fatal(err)
	}
	if props.Subject != "Classifica, tabellone, turni e giocatori" {
		t.Errorf("subject = %q, want it in Italian", props.Subject)
	}
	hf, err := f.GetHeaderFooter("Tabellone")
	if err != nil {
		t.Fatal(err)
	}
	if hf.OddFooter != "&CPagina &P di &N" {
		t.Errorf("page footer = %q, want &CPagina &P di &N", hf.OddFooter)
	}
}

// TestXLSXSheetFixes checks what spreadsheets other than Excel trip on:
// each sheet declares its real size in its dimension (openpyxl's
// read-only mode reads only that range), the header row names the body
// font (LibreOffice otherwise uses its own), and text cells are indented
// so that a right-aligned number on their left does not run into them.
func TestXLSXSheetFixes(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteXLSX(&buf, sampleEvent(t)); err != nil {
		t.Fatal(err)
	}
	data := buf.Bytes()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	dims := map[string]string{}
	dim := regexp.MustCompile(`<dimension ref="([^"]*)"`)
	for _, zf := range zr.File {
		if !strings.HasPrefix(zf.Name, "xl/worksheets/sheet") {
			continue
		}
		rc, err := zf.Open()
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		m := dim.FindSubmatch(body)
		if m == nil {
			t.Errorf("%s has no dimension", zf.Name)
			continue
		}
		dims[zf.Name] = string(m[1])
	}
	want := map[string]string{
		"xl/worksheets/sheet1.xml": "A1:J8", // Standings: 7 players, 10 columns
		"xl/worksheets/sheet2.xml": "A1:G8", // Crosstable
		"xl/worksheets/sheet3.xml": "A1:F6", // Round 1: 3 boards, a gap, a bye
		"xl/worksheets/sheet6.xml": "A1:I8", // Players
	}
	for name, w := range want {
		if dims[name] != w {
			t.Errorf("%s dimension = %q, want %q", name, dims[name], w)
		}
	}

	f, err := excelize.OpenReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	style := func(cell string) *excelize.Style {
		t.Helper()
		id, err := f.GetCellStyle("Standings", cell)
		if err != nil {
			t.Fatal(err)
		}
		st, err := f.GetStyle(id)
		if err != nil {
			t.Fatal(err)
		}
		return st
	}
	if h := style("C1"); h.Font == nil || h.Font.Family != "Calibri" || h.Font.Size != 11 || !h.Font.Bold {
		t.Errorf("header font = %+v, want Calibri 11 bold, the body font", h.Font)
	}
	if c := style("C2"); c.Alignment == nil || c.Alignment.Indent < 1 {
		t.Errorf("name cell alignment = %+v, want an indent", c.Alignment)
	}
	if c := style("G2"); c.CustomNumFmt == nil || *c.CustomNumFmt != pointsFormat {
		t.Errorf("points 2.5 format = %v, want %s", c.CustomNumFmt, pointsFormat)
	}
}

// TestXLSXFormulaText checks that names a spreadsheet would take for a
// formula (=, +, -, @) are stored as text, never as formulas (OWASP CSV
// injection), and that control characters do not make the workbook
// unreadable.
func TestXLSXFormulaText(t *testing.T) {
	ev := sampleEvent(t)
	names := []string{`=HYPERLINK("http://x","click")`, "+39 Rossi", "-Neri", "@SUM(A1)", "Evil\x1b[2J Name"}
	for i, n := range names {
		ev.Entries[i].Player.Name = n
	}
	ev.Entries[5].Player.Club = "=1+1"
	var buf bytes.Buffer
	if err := WriteXLSX(&buf, ev); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(&buf)
	if err != nil {
		t.Fatalf("the workbook does not open: %v", err)
	}
	defer f.Close()
	found := map[string]bool{}
	for _, sh := range f.GetSheetList() {
		rows, err := f.GetRows(sh)
		if err != nil {
			t.Fatal(err)
		}
		for r, row := range rows {
			for c, v := range row {
				cell, _ := excelize.CoordinatesToCellName(c+1, r+1)
				if formula, _ := f.GetCellFormula(sh, cell); formula != "" {
					t.Errorf("%s!%s holds formula %q, want text only", sh, cell, formula)
				}
				found[v] = true
			}
		}
	}
	for _, n := range append(names[:4:4], "=1+1") {
		if !found[n] {
			t.Errorf("no cell reads %q as text", n)
		}
	}
}
