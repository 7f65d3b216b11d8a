package reports

import (
	"bytes"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/labyrinth-chess/arbiter/season"
)

// sampleSeason is two evenings: the sample tournament and a second one
// with a name that is too long for a sheet and holds a character sheet
// names refuse. The table is as season.Compute would give it; the reports
// only print it.
func sampleSeason(t *testing.T) *Season {
	first := sampleEvent(t)
	second := sampleEvent(t)
	second.Tournament.Name = "Labyrinth: the second evening of the season"
	second.Tournament.Date = "2025-03-21"
	return &Season{
		Name:     "Winter 2025",
		Rules:    "points by place 10, 8, 6",
		Evenings: []*Event{first, second},
		Standings: []season.Standing{
			{Player: 1, Rank: 1, RankTo: 1, Total: 18, Values: []float64{2, 1},
				Cells: []season.Cell{{Played: true, Score: 10, Counted: true}, {Played: true, Score: 8, Counted: true}}},
			{Player: 2, Rank: 2, RankTo: 3, Total: 7.5, Values: []float64{1, 0},
				Cells: []season.Cell{{Played: true, Score: 7.5, Counted: true}, {}}},
			{Player: 3, Rank: 2, RankTo: 3, Total: 7.5, Values: []float64{2, 0},
				Cells: []season.Cell{{Played: true, Score: 4.5}, {Played: true, Score: 7.5, Counted: true}}},
		},
		Names:         map[int64]string{1: "Dvořák, Jiří", 2: "Müller, Jürgen", 3: "Rossi, Mario"},
		TiebreakCodes: []string{"EV", "WIN"},
	}
}

func TestSeasonXLSX(t *testing.T) {
	for _, tt := range []struct {
		lang   locale.Lang
		sheets []string
		head   string
	}{
		{locale.English, []string{"Season", "Labyrinth Blitz – Spring & Summ", "Labyrinth- the second evening o"}, "Rank|Name|Labyrinth Blitz – Spring & Summer 2025|Labyrinth: the second evening of the season|Total|EV|WIN"},
		{locale.Italian, []string{"Stagione", "Labyrinth Blitz – Spring & Summ", "Labyrinth- the second evening o"}, "Pos.|Nome|Labyrinth Blitz – Spring & Summer 2025|Labyrinth: the second evening of the season|Totale|EV|WIN"},
	} {
		t.Run(string(tt.lang), func(t *testing.T) {
			s := sampleSeason(t)
			s.Locale = locale.New(tt.lang)
			var buf bytes.Buffer
			if err := WriteSeasonXLSX(&buf, s); err != nil {
				t.Fatal(err)
			}
			f, err := excelize.OpenReader(&buf)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			if got := f.GetSheetList(); strings.Join(got, "\n") != strings.Join(tt.sheets, "\n") {
				t.Errorf("sheets = %q, want %q", got, tt.sheets)
			}
			rows, err := f.GetRows(tt.sheets[0])
			if err != nil {
				t.Fatal(err)
			}
			// The score that does not count is a number shown in
			// brackets; the evening not played is empty.
			want := table(tt.head + `
				1|Dvořák, Jiří|10|8|18|2|1
				2-3|Müller, Jürgen|7.5||7.5|1|0
				2-3|Rossi, Mario|(4.5)|7.5|7.5|2|0`)
			diffRows(t, rows, want)
			if v, err := f.GetCellValue(tt.sheets[0], "C4", excelize.Options{RawCellValue: true}); err != nil || v != "4.5" {
				t.Errorf("C4 raw value = %q, %v, want the number 4.5", v, err)
			}
			// Each evening's sheet is its standings.
			ev, err := f.GetRows(tt.sheets[2])
			if err != nil {
				t.Fatal(err)
			}
			if len(ev) != 8 || ev[1][2] != "Dvořák, Jiří" {
				t.Errorf("evening sheet = %q, want the 7 players of the sample under a header", ev)
			}
		})
	}
}

func TestSeasonPDF(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteSeasonPDF(&buf, sampleSeason(t)); err != nil {
		t.Fatal(err)
	}
	got := squeeze(pdfText(t, buf.Bytes()))
	for _, w := range []string{
		"Winter 2025 Season standings",
		"Friday 21 March 2025 · points by place 10, 8, 6",
		"Rank Name 1 2 Total EV WIN",
		"1 Dvořák, Jiří 10 8 18 2 1",
		"2-3 Müller, Jürgen 7.5 - 7.5 1 0",
		"2-3 Rossi, Mario (4.5) 7.5 7.5 2 0",
		"1 Labyrinth Blitz – Spring & Summer 2025 · Friday 14 March 2025",
		"2 Labyrinth: the second evening of the season · Friday 21 March 2025",
	} {
		if !strings.Contains(got, w+"\n") {
			t.Errorf("season PDF text =\n%s\nwant a line %q", got, w)
		}
	}
}

// TestSeasonShortLine prints a line with fewer evenings and tie-break
// values than the season has as not played and 0.
func TestSeasonShortLine(t *testing.T) {
	s := sampleSeason(t)
	s.Standings[0].Cells = s.Standings[0].Cells[:1]
	s.Standings[0].Values = nil
	var buf bytes.Buffer
	if err := WriteSeasonXLSX(&buf, s); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, _ := f.GetRows("Season")
	if got := strings.Join(rows[1], "|"); got != "1|Dvořák, Jiří|10||18|0|0" {
		t.Errorf("short line = %s", got)
	}
}

func TestSheetName(t *testing.T) {
	taken := map[string]bool{}
	long := strings.Repeat("x", 40)
	for _, tt := range []struct{ in, want string }{
		{"Round [1]: a/b", "Round -1-- a-b"},
		{"Evening", "Evening"},
		{"evening", "evening (2)"},
		{"Evening", "Evening (3)"},
		{long, strings.Repeat("x", 31)},
		{long, strings.Repeat("x", 27) + " (2)"},
		{"  ", "-"},
		// Excel refuses a single quote first or last in a sheet name.
		{"'Open' '", "Open"},
		{"''", "- (2)"},
		{strings.Repeat("y", 30) + "'z", strings.Repeat("y", 30)},
	} {
		if got := sheetName(tt.in, taken); got != tt.want {
			t.Errorf("sheetName(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
