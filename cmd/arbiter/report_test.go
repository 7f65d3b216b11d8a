package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/xuri/excelize/v2"
)

// accentedEvening is the evening of TestEvening with two players renamed,
// so that the files must carry accents and a letter outside Latin-1:
// 3 "Rossi, Nicolò" and 7 "Ferri, Łukasz".
func accentedEvening(t *testing.T) *cli {
	t.Helper()
	c := playEvening(t)
	c.ok("player", "edit", "3", "--name", "Rossi, Nicolò")
	c.ok("player", "edit", "7", "--name", "Ferri, Łukasz")
	return c
}

// pdfText extracts the text of the PDF at path with poppler's pdftotext,
// blanks squeezed to one space and empty lines dropped, with "\f" lines
// between pages. It skips the test when pdftotext is not installed.
func pdfText(t *testing.T, path string) string {
	t.Helper()
	bin, err := exec.LookPath("pdftotext")
	if err != nil {
		t.Skip("pdftotext not found: install poppler-utils to check the text of the PDFs")
	}
	out, err := exec.Command(bin, "-layout", "-enc", "UTF-8", path, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext %s: %v", path, err)
	}
	var b strings.Builder
	for _, line := range strings.Split(string(out), "\n") {
		for strings.HasPrefix(line, "\f") {
			b.WriteString("\f\n")
			line = line[1:]
		}
		if f := strings.Fields(line); len(f) > 0 {
			b.WriteString(strings.Join(f, " ") + "\n")
		}
	}
	return b.String()
}

// wrotePages reads the last line of stderr, "Wrote FILE (N pages).", and
// returns N.
func wrotePages(t *testing.T, stderr, file, unit string) int {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
	m := regexp.MustCompile(`^Wrote (.+) \((\d+) (\w+)\)\.$`).FindStringSubmatch(lines[len(lines)-1])
	if m == nil || m[1] != file || strings.TrimSuffix(m[3], "s") != unit {
		t.Fatalf("stderr = %q, want it to end with Wrote %s (N %ss).", stderr, file, unit)
	}
	n, _ := strconv.Atoi(m[2])
	return n
}

// TestExportXLSX exports the evening and reads the workbook back: its
// sheets, the standings line by line against arbiter standings --json (the
// same ranking, shared places and tie-breaks), numbers stored as numbers,
// accented names, and cells worked out by hand from the games.
func TestExportXLSX(t *testing.T) {
	t.Parallel()
	c := accentedEvening(t)
	for _, tt := range []struct {
		name   string
		args   []string
		rounds int
	}{
		{"final", nil, 7},
		{"after round 3", []string{"--round", "3"}, 3},
	} {
		t.Run(tt.name, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "Labyrinth 12 May.xlsx")
			before := c.dump()
			out, errs, code := c.run(append([]string{"export", "xlsx", file}, tt.args...)...)
			if code != 0 || out != "" {
				t.Fatalf("export xlsx: exit %d, stdout %q, stderr %q", code, out, errs)
			}
			if want := fmt.Sprintf("Wrote %s (%d sheets).\n", file, tt.rounds+3); errs != want {
				t.Errorf("stderr = %q, want %q", errs, want)
			}
			if c.dump() != before {
				t.Error("export changed the database")
			}
			f, err := excelize.OpenFile(file)
			if err != nil {
				t.Fatalf("read the workbook back: %v", err)
			}
			defer f.Close()

			sheets := []string{"Standings", "Crosstable"}
			for r := 1; r <= tt.rounds; r++ {
				sheets = append(sheets, "Round "+strconv.Itoa(r))
			}
			sheets = append(sheets, "Players")
			if got := f.GetSheetList(); !slices.Equal(got, sheets) {
				t.Fatalf("sheets = %q, want %q", got, sheets)
			}

			// The standings are those of arbiter standings, line by line.
			var st []standingJSON
			standArgs := []string{"standings", "--json"}
			if tt.args != nil {
				standArgs = append(standArgs, tt.args...)
			}
			if err := json.Unmarshal([]byte(c.ok(standArgs...)), &st); err != nil {
				t.Fatal(err)
			}
			rows, err := f.GetRows("Standings")
			if err != nil {
				t.Fatal(err)
			}
			head := []string{"Rank", "PN", "Name", "Title", "Rating", "Club", "Pts", "BH", "DE", "SB", "Perf"}
			if !slices.Equal(rows[0], head) {
				t.Errorf("standings header = %q, want %q", rows[0], head)
			}
			if len(rows) != len(st)+1 {
				t.Fatalf("standings sheet has %d lines, want %d", len(rows)-1, len(st))
			}
			for i, s := range st {
				rank := strconv.Itoa(s.Rank)
				if s.RankTo > s.Rank {
					rank += "-" + strconv.Itoa(s.RankTo)
				}
				// Points and Buchholz (sums of points) show in halves.
				want := []string{rank, strconv.Itoa(s.PairingNumber), s.Name, halves(s.Points), halves(s.Tiebreaks["BH"]), num(s.Tiebreaks["DE"]), num(s.Tiebreaks["SB"])}
				if s.Tiebreaks["DE"] == 0 {
					want[5] = "" // DE decided nothing: an empty cell
				}
				r := rows[i+1]
				got := []string{at(r, 0), at(r, 1), at(r, 2), at(r, 6), at(r, 7), at(r, 8), at(r, 9)}
				if !slices.Equal(got, want) {
					t.Errorf("standings line %d = %q, want %q (as arbiter standings)", i+1, got, want)
				}
			}

			// Numbers are numbers, names are text.
			for _, cell := range []struct{ sheet, cell, raw string }{
				{"Standings", "G2", num(st[0].Points)},
				{"Standings", "H2", num(st[0].Tiebreaks["BH"])},
				{"Standings", "A" + strconv.Itoa(len(st)+1), strconv.Itoa(st[len(st)-1].Rank)},
				{"Round 2", "C2", "0.5"},
			} {
				typ, err := f.GetCellType(cell.sheet, cell.cell)
				if err != nil {
					t.Fatal(err)
				}
				raw, _ := f.GetCellValue(cell.sheet, cell.cell, excelize.Options{RawCellValue: true})
				if (typ != excelize.CellTypeNumber && typ != excelize.CellTypeUnset) || raw != cell.raw {
					t.Errorf("%s!%s = %q of type %v, want the number %s", cell.sheet, cell.cell, raw, typ, cell.raw)
				}
			}
		})
	}

	// Cells of the final workbook worked out from the games (see
	// TestEvening): Ferri is third, his round 5 a forfeit won against
	// Rossi, fifth; Verdi's last round a half-point bye; Bianchi's win in
	// round 2 the corrected result.
	file := filepath.Join(t.TempDir(), "final.xlsx")
	c.ok("export", "xlsx", file)
	f, err := excelize.OpenFile(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	want := map[string][]string{
		"Crosstable": {"3", "Ferri, Łukasz", "", "PAB", "7w0", "6b0", "4w1", "5b+", "2w½", "1b1", "4 1/2"},
		"Round 2":    {"1", "Bianchi, Anna", "1/2", "1-0", "Verdi, Ugo", "1/2"},
		"Players":    {"3", "Rossi, Nicolò", "", "1800", "", "", "Labyrinth", "", "active"},
	}
	line := map[string]int{"Crosstable": 3, "Round 2": 1, "Players": 3}
	for sheet, w := range want {
		rows, err := f.GetRows(sheet)
		if err != nil {
			t.Fatal(err)
		}
		if got := rows[line[sheet]]; !slices.Equal(got, w) {
			t.Errorf("%s line %d = %q, want %q", sheet, line[sheet], got, w)
		}
	}
	rows, _ := f.GetRows("Crosstable")
	if got := rows[4][9]; got != "H" {
		t.Errorf("Verdi's round 7 in the crosstable = %q, want H", got)
	}
}

// num formats a figure as a spreadsheet shows a number in the General
// format.
func num(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

// halves writes x as the workbook shows points in halves: "27 1/2",
// "1/2", "27".
func halves(x float64) string {
	whole, half := int(x), x != math.Trunc(x)
	switch {
	case !half:
		return strconv.Itoa(whole)
	case whole == 0:
		return "1/2"
	}
	return strconv.Itoa(whole) + " 1/2"
}

// TestPrint prints each sheet of the evening and reads the text back:
// accented names, boards, results and figures worked out from the games,
// and as many pages as the notice says.
func TestPrint(t *testing.T) {
	t.Parallel()
	c := accentedEvening(t)
	tests := []struct {
		kind  string
		args  []string
		pages int
		want  []string // lines of the text, in order
	}{
		{"pairings", nil, 2, []string{
			"Labyrinth 12 May Round 7 pairings",
			"Board White Pts Result Black Pts",
			"1 3 Rossi, Nicolò (1800) 2½ 1-0 5 Conti, Sara (1600) 3",
			"2 2 Bianchi, Anna (1900) 4 1-0 6 Gallo, Piero (1500) 3",
			"3 1 Neri, Paolo (2000) 5 0-1 7 Ferri, Łukasz 3½",
			"Not playing this round",
			"Verdi, Ugo 3 half-point bye: ½ point",
			"Find your board: players in alphabetical order",
			"Bianchi, Anna 2 White Neri, Paolo 3 White",
			"Conti, Sara 1 Black Rossi, Nicolò 1 White",
			"Ferri, Łukasz 3 Black Verdi, Ugo – ½-point bye",
		}},
		{"pairings", []string{"--round", "5"}, 2, []string{
			"Round 5 pairings",
			"1 4 Verdi, Ugo (1700) 1 1-0 6 Gallo, Piero (1500) 3",
			"2 3 Rossi, Nicolò (1800) 1½ -+ 7 Ferri, Łukasz 2",
			"3 2 Bianchi, Anna (1900) 3½ 0-1 1 Neri, Paolo (2000) 3",
			"Conti, Sara 2 pairing-allocated bye: 1 point",
		}},
		{"slips", nil, 1, []string{
			"Round 7 Board 1",
			"White Rossi, Nicolò (2½) 1-0",
			"Black Conti, Sara (3)",
			"Round 7 Board 3",
			"White Neri, Paolo (5)",
			"Black Ferri, Łukasz (3½)",
		}},
		{"standings", nil, 1, []string{
			"Labyrinth 12 May Final standings",
			"Rank PN Name Title Rating Club Pts BH DE SB Perf",
			"1 1 Neri, Paolo FM 2000 5 27½ 1 19.75",
			"2 2 Bianchi, Anna WFM 1900 Labyrinth 5 27½ 2 18.75",
			"3 7 Ferri, Łukasz 4½ 28½ - 20.00",
			"4 4 Verdi, Ugo 1700 Scacco Matto 3½ 27½ - 12.00",
			"5 3 Rossi, Nicolò 1800 Labyrinth 3½ 26½ - 11.25",
			"6-7 5 Conti, Sara 1600 Labyrinth 3 27½ - 11.50",
			"6-7 6 Gallo, Piero 1500 Labyrinth 3 27½ - 11.50",
		}},
		{"standings", []string{"--round", "2"}, 1, []string{
			"Standings after round 2",
			"1 6 Gallo, Piero 1500 Labyrinth 1½ 2½ - 1.75",
			"2 3 Rossi, Nicolò 1800 Labyrinth 1½ 2 - 1.75",
			"3 1 Neri, Paolo FM 2000 1½ 2 - 1.25",
		}},
		{"crosstable", nil, 1, []string{
			"Final crosstable",
			"No. Name Rating 1 2 3 4 5 6 7 Pts",
			"1 Neri, Paolo 2000 7b½ 6w1 4b½ 5w1 2b1 PAB 3w0 5",
			"3 Ferri, Łukasz PAB 7w0 6b0 4w1 5b+ 2w½ 1b1 4½",
			"4 Verdi, Ugo 1700 5w½ 2b0 1w½ 3b0 7w1 6b1 H 3½",
		}},
	}
	for _, tt := range tests {
		t.Run(strings.Join(append([]string{tt.kind}, tt.args...), " "), func(t *testing.T) {
			file := filepath.Join(t.TempDir(), tt.kind+".pdf")
			before := c.dump()
			out, errs, code := c.run(append([]string{"print", tt.kind, "-o", file}, tt.args...)...)
			if code != 0 || out != "" {
				t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errs)
			}
			if c.dump() != before {
				t.Error("print changed the database")
			}
			if n := wrotePages(t, errs, file, "page"); n != tt.pages {
				t.Errorf("notice says %d pages, want %d", n, tt.pages)
			}
			if strings.Count(errs, "\n") != 1 {
				t.Errorf("stderr = %q, want the one notice", errs)
			}
			data, err := os.ReadFile(file)
			if err != nil || !bytes.HasPrefix(data, []byte("%PDF-")) {
				t.Fatalf("%s is not a PDF (%v)", file, err)
			}
			text := pdfText(t, file)
			if got := strings.Count(text, "\f"); got != tt.pages {
				t.Errorf("pdftotext finds %d pages, want %d", got, tt.pages)
			}
			rest := text
			for _, w := range tt.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Errorf("no line %q (in this order) in the text:\n%s", w, text)
					break
				}
				rest = rest[i+len(w):]
			}
		})
	}
}

// TestReportRounds checks the round each document shows by default, first
// while round 1 is in play (one board of three has its result), then with
// round 1 complete and round 2 in play, and that a round in play is said
// so on stderr and on the sheet.
func TestReportRounds(t *testing.T) {
	t.Parallel()
	c := setup(t)
	dir := t.TempDir()
	inPlay1 := "Round 1 is still in play (2 boards without a result): its open games count as not played yet."
	type doc struct {
		name    string
		args    []string
		notices []string // stderr lines before the "Wrote" notice
		want    []string // starts of lines of the PDF text
	}
	check := func(t *testing.T, tests []doc) {
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				file := filepath.Join(dir, strings.ReplaceAll(tt.name, " ", "_")+".pdf")
				_, errs, code := c.run(append(tt.args, "-o", file)...)
				if code != 0 {
					t.Fatalf("exit %d: %s", code, errs)
				}
				lines := strings.Split(strings.TrimSuffix(errs, "\n"), "\n")
				if !slices.Equal(lines[:len(lines)-1], tt.notices) {
					t.Errorf("notices = %q, want %q", lines[:len(lines)-1], tt.notices)
				}
				text := "\n" + pdfText(t, file)
				for _, w := range tt.want {
					if !strings.Contains(text, "\n"+w) {
						t.Errorf("no line starting %q in the text:%s", w, text)
					}
				}
				if strings.Contains(text, "still in play") != strings.Contains(strings.Join(tt.want, "\n"), "still in play") {
					t.Errorf("the sheet says a round is in play where it should not, or the other way round:%s", text)
				}
			})
		}
	}
	check(t, []doc{
		{"pairings of round 1", []string{"print", "pairings"}, nil, []string{
			"Labyrinth 12 May Round 1 pairings", "1 1 Neri, Paolo (2000) 0 1-0 4 Verdi, Ugo (1700) 0", "2 5 Conti, Sara (1600) 0 2 Bianchi, Anna (1900) 0\n",
		}},
		{"slips of round 1", []string{"print", "slips"}, nil, []string{"Labyrinth 12 May Round 1 Board 3", "White Rossi, Mario (0)"}},
		{"standings in round 1", []string{"print", "standings", "--round", "1"}, []string{inPlay1},
			[]string{"Labyrinth 12 May Standings after round 1", "10' Round 1 still in play", "1 1 Neri, Paolo 2000 1 ", "3-6 2 Bianchi, Anna 1900 0 "}},
		{"crosstable in round 1", []string{"print", "crosstable", "--round", "1"}, []string{inPlay1},
			[]string{"Labyrinth 12 May Crosstable after round 1", "10' Round 1 still in play", "1 Neri, Paolo 2000 2w1 1", "3 Bianchi, Anna 1900 5b 0"}},
	})

	c.ok("round", "result", "2", "0-1")
	c.ok("round", "result", "3", "1/2")
	c.ok("round", "pair", "--manual", "2-1, 4-3, 6-5")
	c.ok("round", "result", "1", "1/2")
	inPlay2 := "Round 2 is still in play: showing %s after round 1; add --round 2 to show round 2 as it stands."
	check(t, []doc{
		{"pairings of round 2", []string{"print", "pairings"}, nil, []string{"Labyrinth 12 May Round 2 pairings", "1 2 Bianchi, Anna (1900) 1 ½-½ 1 Neri, Paolo (2000) 1"}},
		{"standings after round 1", []string{"print", "standings"}, []string{fmt.Sprintf(inPlay2, "the standings")},
			[]string{"Labyrinth 12 May Standings after round 1", "1-2 1 Neri, Paolo 2000 1 ", "1-2 2 Bianchi, Anna 1900 1 "}},
		{"crosstable after round 1", []string{"print", "crosstable"}, []string{fmt.Sprintf(inPlay2, "the crosstable")},
			[]string{"Labyrinth 12 May Crosstable after round 1", "No. Name Rating 1 Pts\n"}},
	})

	t.Run("workbook", func(t *testing.T) {
		for _, tt := range []struct {
			args    []string
			sheets  int
			notices int
		}{{nil, 4, 1}, {[]string{"--round", "2"}, 5, 1}, {[]string{"--round", "1"}, 4, 0}} {
			file := filepath.Join(dir, "rounds.xlsx")
			_, errs, code := c.run(append([]string{"export", "xlsx", file}, tt.args...)...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			if n := wrotePages(t, errs, file, "sheet"); n != tt.sheets {
				t.Errorf("export xlsx %q: %d sheets, want %d", tt.args, n, tt.sheets)
			}
			if n := strings.Count(errs, "still in play"); n != tt.notices {
				t.Errorf("export xlsx %q: stderr %q, want %d notices of a round in play", tt.args, errs, tt.notices)
			}
			f, err := excelize.OpenFile(file)
			if err != nil {
				t.Fatal(err)
			}
			if got := len(f.GetSheetList()); got != tt.sheets {
				t.Errorf("export xlsx %q: the workbook has %d sheets, want %d", tt.args, got, tt.sheets)
			}
			f.Close()
		}
	})
}

// TestReportBadInput checks that every refused export or print says what
// to type in one line (usage errors add the usage), exits 1 or 2, leaves
// the database as it was, and writes no file, not even a temporary one.
func TestReportBadInput(t *testing.T) {
	t.Parallel()
	c := setup(t)
	dir := t.TempDir()
	folder := filepath.Join(dir, "sheets")
	if err := os.Mkdir(folder, 0o755); err != nil {
		t.Fatal(err)
	}
	pdf := filepath.Join(dir, "out.pdf")
	tests := []struct {
		name string
		args []string
		code int
		want []string
	}{
		{"round not paired", []string{"print", "standings", "--round", "3", "-o", pdf}, 1, []string{"round 3 is not paired yet", "type --round 1"}},
		{"pairings of a round not paired", []string{"print", "pairings", "--round", "2", "-o", pdf}, 1, []string{"round 2 is not paired yet"}},
		{"round 0", []string{"print", "slips", "--round", "0", "-o", pdf}, 1, []string{"--round 0", "such as 3"}},
		{"standings during round 1", []string{"print", "standings", "-o", pdf}, 1, []string{"round 1 is still in play: nothing to put in the standings yet; add --round 1"}},
		{"workbook after a round not paired", []string{"export", "xlsx", filepath.Join(dir, "x.xlsx"), "--round", "7"}, 1, []string{"round 7 is not paired yet"}},
		{"missing folder", []string{"print", "pairings", "-o", filepath.Join(dir, "nowhere", "r1.pdf")}, 1, []string{"cannot write", "nowhere", "there is no folder", "create it"}},
		{"a folder", []string{"print", "pairings", "-o", folder}, 1, []string{"cannot write " + folder, "it is a folder", "file name such as"}},
		{"over the database", []string{"export", "xlsx", c.db}, 1, []string{"will not write over", "tournament database"}},
		{"unknown tournament", []string{"print", "standings", "-o", pdf, "--tournament", "Autumn"}, 1, []string{`no tournament "Autumn"`}},
		{"missing -o", []string{"print", "pairings"}, 2, []string{"missing -o FILE.pdf", "-o pairings.pdf"}},
		{"unknown sheet", []string{"print", "standing", "-o", pdf}, 2, []string{`unknown sheet "standing"`, "did you mean standings?", "pairings"}},
		{"unknown format", []string{"export", "ods", "x.ods"}, 2, []string{`unknown format "ods"`, "xlsx"}},
		{"no file", []string{"export", "xlsx"}, 2, []string{"give one FILE to write", "export xlsx standings.xlsx"}},
		{"round not a number", []string{"print", "slips", "--round", "last", "-o", pdf}, 2, []string{`--round "last": give a whole number`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := c.dump()
			out, errs, code := c.run(tt.args...)
			if code != tt.code {
				t.Errorf("exit code = %d, want %d (stderr %q)", code, tt.code, errs)
			}
			if out != "" {
				t.Errorf("stdout = %q, want nothing", out)
			}
			first, rest, _ := strings.Cut(errs, "\n")
			if !strings.HasPrefix(first, "arbiter: ") {
				t.Errorf("stderr = %q, want a first line starting with arbiter:", errs)
			}
			if tt.code == 1 && rest != "" {
				t.Errorf("stderr = %q, want one line", errs)
			}
			if tt.code == 2 && !strings.Contains(rest, "Usage:") {
				t.Errorf("stderr = %q, want the usage after the error", errs)
			}
			for _, w := range tt.want {
				if !strings.Contains(first, w) {
					t.Errorf("stderr = %q, want its first line to say %q", errs, w)
				}
			}
			if c.dump() != before {
				t.Errorf("database changed by a refused command")
			}
			files, _ := os.ReadDir(dir)
			for _, f := range files {
				if f.Name() != "sheets" {
					t.Errorf("refused command left %s behind", f.Name())
				}
			}
			if inside, _ := os.ReadDir(folder); len(inside) > 0 {
				t.Errorf("refused command wrote into %s", folder)
			}
		})
	}
}

// TestReportNoRounds checks the documents of a tournament before round 1:
// the printed sheets need a paired round, the workbook lists the entries,
// and a tournament without players has nothing to show.
func TestReportNoRounds(t *testing.T) {
	t.Parallel()
	c := newCLI(t)
	c.ok("tournament", "new", "Empty")
	dir := t.TempDir()
	_, errs, code := c.run("print", "standings", "-o", filepath.Join(dir, "s.pdf"))
	if code != 1 || !strings.Contains(errs, "Empty has no players yet: enter them with arbiter player add NAME") {
		t.Errorf("standings without players: exit %d, %q", code, errs)
	}
	c.ok("player", "add", "Dvořák, Jiří", "--rating", "2150")
	c.ok("player", "add", "Müller, Jürgen", "--rating", "2080")
	_, errs, code = c.run("print", "pairings", "-o", filepath.Join(dir, "p.pdf"))
	if code != 1 || errs != "arbiter: no round of Empty is paired yet: pair round 1 with arbiter round pair\n" {
		t.Errorf("pairings before round 1: exit %d, %q", code, errs)
	}
	_, errs, code = c.run("print", "crosstable", "-o", filepath.Join(dir, "c.pdf"))
	if code != 1 || errs != "arbiter: no round of Empty is paired yet: nothing to put in the crosstable; see the players with arbiter player list\n" {
		t.Errorf("crosstable before round 1: exit %d, %q", code, errs)
	}
	// The workbook has the list of players to show.
	file := filepath.Join(dir, "entries.xlsx")
	c.ok("export", "xlsx", file)
	f, err := excelize.OpenFile(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, _ := f.GetRows("Players")
	if len(rows) != 3 || at(rows[1], 1) != "Dvořák, Jiří" || at(rows[2], 1) != "Müller, Jürgen" {
		t.Errorf("players sheet = %q, want the two entries", rows)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("%d files in the folder, want only entries.xlsx", len(entries))
	}
}

// TestWriteOutput checks how files reach the disk: an existing file is
// replaced whole and keeps its permissions, nothing temporary stays behind, a
// refused command leaves the old file as it was, and "-" writes to
// standard output.
func TestWriteOutput(t *testing.T) {
	t.Parallel()
	c := setup(t)
	dir := t.TempDir()
	file := filepath.Join(dir, "pairings.pdf")
	if err := os.WriteFile(file, []byte("last week's sheet"), 0o600); err != nil {
		t.Fatal(err)
	}
	_, errs, code := c.run("print", "pairings", "--round", "4", "-o", file)
	if code != 1 {
		t.Fatalf("round 4: exit %d, %q", code, errs)
	}
	if data, _ := os.ReadFile(file); string(data) != "last week's sheet" {
		t.Errorf("a refused print changed %s: %q", file, data)
	}
	c.ok("print", "pairings", "-o", file)
	data, err := os.ReadFile(file)
	if err != nil || !bytes.HasPrefix(data, []byte("%PDF-")) || !bytes.HasSuffix(bytes.TrimSpace(data), []byte("%%EOF")) {
		t.Errorf("%s after print = %.20q (%v), want a whole PDF", file, data, err)
	}
	if fi, err := os.Stat(file); err == nil && runtime.GOOS != "windows" && fi.Mode().Perm() != 0o600 {
		t.Errorf("%s has mode %v, want its own -rw------- kept", file, fi.Mode())
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("files in the folder = %q, want only pairings.pdf", names)
	}
	// The same tournament gives the same bytes.
	again := filepath.Join(dir, "again.pdf")
	c.ok("print", "pairings", "-o", again)
	if d2, _ := os.ReadFile(again); !bytes.Equal(d2, data) {
		t.Error("printing twice gave different files")
	}
	if fi, err := os.Stat(again); err == nil && fi.Mode().Perm()&0o044 != 0o044 {
		t.Errorf("new file %s has mode %v, want it readable by all", again, fi.Mode())
	}

	out, errs, code := c.run("print", "slips", "-o", "-")
	if code != 0 || !strings.HasPrefix(out, "%PDF-") || !strings.HasSuffix(errs, "Wrote standard output (1 page).\n") {
		t.Errorf("-o -: exit %d, stdout %.10q, stderr %q", code, out, errs)
	}
}

// TestReportHelp checks that the export and print commands show how they
// are typed.
func TestReportHelp(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"export"}, {"export", "xlsx"}, {"print"},
		{"print", "pairings"}, {"print", "slips"}, {"print", "standings"}, {"print", "crosstable"}, {"print", "pins"},
	} {
		c := newCLI(t)
		out := c.ok(append(args, "--help")...)
		i := strings.Index(out, "Examples:\n")
		if i < 0 {
			t.Errorf("arbiter %s --help has no examples:\n%s", strings.Join(args, " "), out)
			continue
		}
		examples := strings.SplitN(out[i+len("Examples:\n"):], "\n\n", 2)[0]
		for _, line := range strings.Split(examples, "\n") {
			if !strings.HasPrefix(line, "  $ arbiter "+strings.Join(args, " ")) {
				t.Errorf("arbiter %s example %q does not start with $ arbiter %s", strings.Join(args, " "), line, strings.Join(args, " "))
			}
		}
	}
}

// TestWriteError checks that a file that cannot be written is named with
// what to do, whatever the system says.
func TestWriteError(t *testing.T) {
	t.Parallel()
	path := filepath.Join("sheets", "r3.pdf")
	tests := []struct {
		name string
		err  error
		want string
	}{
		{"no folder", &fs.PathError{Op: "open", Path: path + ".123.tmp", Err: fs.ErrNotExist},
			"cannot write " + path + ": there is no folder sheets; create it or choose another place"},
		{"permission", &fs.PathError{Op: "open", Path: path + ".123.tmp", Err: fs.ErrPermission},
			"cannot write " + path + ": permission denied; choose a folder you may write to, or close the program that has the file open"},
		{"file held open", &os.LinkError{Op: "rename", Old: path + ".123.tmp", New: path, Err: fs.ErrPermission},
			"cannot write " + path + ": permission denied; choose a folder you may write to, or close the program that has the file open"},
		{"disk full", &fs.PathError{Op: "write", Path: path + ".123.tmp", Err: errors.New("no space left on device")},
			"cannot write " + path + ": no space left on device; check the disk and the folder, then try again"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := writeError(path, tt.err).Error(); got != tt.want {
				t.Errorf("writeError(%v) = %q, want %q", tt.err, got, tt.want)
			}
		})
	}
}

// TestPrintPINs: print pins gives each player their own card with the
// PIN the server takes from that player, and nobody else's; printed
// again, the same PINs; the slips print none.
func TestPrintPINs(t *testing.T) {
	t.Parallel()
	c := newCLI(t)
	c.ok("tournament", "new", "Club", "--rounds", "3")
	for _, n := range []string{"Rossi, Anna", "Bianchi, Luca", "Verdi, Marta", "Neri, Paolo", "Galli, Sara"} {
		c.ok("player", "add", n)
	}
	c.ok("round", "pair", "--publish")
	c.ok("player", "withdraw", "5")
	file := filepath.Join(t.TempDir(), "pins.pdf")
	if _, errs, code := c.run("print", "pins", "-o", file); code != 0 || wrotePages(t, errs, file, "page") != 1 {
		t.Fatalf("print pins: exit %d, %s", code, errs)
	}
	first, _ := os.ReadFile(file)
	text := pdfText(t, file)
	ctx := context.Background()
	d, err := desk.Open(ctx, c.db, desk.ReadOnly, nil)
	if err != nil {
		t.Fatal(err)
	}
	tid, err := d.Current(ctx)
	if err != nil {
		t.Fatal(err)
	}
	codes, err := d.BoardCodes(ctx, tid, 1)
	d.Close()
	if err != nil || len(codes) != 2 {
		t.Fatalf("codes: %v, %v", codes, err)
	}
	for _, bc := range codes {
		for _, pin := range []string{bc.WhitePIN, bc.BlackPIN} {
			if strings.Count(text, pin) != 1 {
				t.Errorf("the cards print PIN %s %d times, want once:\n%s", pin, strings.Count(text, pin), text)
			}
		}
	}
	if n := strings.Count(text, "Your PIN"); n != 4 {
		t.Errorf("%d cards, want 4 (the withdrawn player has none):\n%s", n, text)
	}
	if _, errs, code := c.run("print", "pins", "-o", file, "--force"); code != 0 {
		t.Fatalf("print pins again: exit %d, %s", code, errs)
	}
	if again, _ := os.ReadFile(file); !bytes.Equal(again, first) {
		t.Errorf("printing the cards again gave another file")
	}
	slips := filepath.Join(t.TempDir(), "slips.pdf")
	c.ok("print", "slips", "-o", slips)
	st := pdfText(t, slips)
	for _, bc := range codes {
		if strings.Contains(st, bc.WhitePIN) || strings.Contains(st, bc.BlackPIN) {
			t.Errorf("the slips print a PIN:\n%s", st)
		}
	}
}
