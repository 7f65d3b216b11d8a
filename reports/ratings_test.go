package reports

import (
	"bytes"
	"slices"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/labyrinth-chess/arbiter/rating"
	"github.com/labyrinth-chess/arbiter/scoring"
)

// sampleRatings gives the sample event the FIDE rating change of each
// player, as the desk computes it: the games played over the board
// against rated opponents, K 20, and K 40 for Rossi (6).
func sampleRatings(t *testing.T, ev *Event) {
	t.Helper()
	ev.Ratings = map[int]rating.Change{}
	for _, e := range ev.Entries {
		var games []rating.Game
		for r, o := range ev.Table.Card(e.PN).Rounds {
			if o.Kind != scoring.Game || o.Pending {
				continue
			}
			games = append(games, rating.Game{Round: r + 1, Opponent: ev.Entries[o.Opponent-1].Player.Rating, Score: o.Points.Points(), Played: true})
		}
		k := 20
		if e.PN == 6 {
			k = 40
		}
		ev.Ratings[e.PN] = rating.FIDE(e.Player.Rating, k, games)
	}
}

// TestXLSXRatings: with rating changes the standings have a column of
// the change and the workbook a sheet of the rating report, after the
// players. The figures were worked out by hand from table 8.1.2:
//
//	1 (2150): beats 4 (D 275, PD .83), beats 6 (D 500 counted as 400,
//	  .92), draws 2 (D 70, .60): W 2½, We 2.35, K 20: +3.00; Rc 1868.
//	6 (1650, K 40): beats 3 (D -340, .12), loses to 1 (.08), beats 4
//	  (D -225, .22): W 2, We 0.42, +63.20; Rc 2005.
//	2 (2080): draws 5 (D 320, .87), draws 1 (.40); the forfeit won from 7
//	  does not count: W 1, We 1.27, -5.40; Rc 1955.
//	3 (1990): loses to 6 (D 340, .88), the half-point bye does not count,
//	  beats 5 (D 230, .79): W 1, We 1.67, -13.40.
//	4 (1875): loses to 1 (.17), beats 5 (D 115, .66), loses to 6 (.78):
//	  W 1, We 1.61, -12.20.
//	5 (1760): draws 2 (.13), loses to 4 (.34) and 3 (.21): W ½, We 0.68,
//	  -3.60; Rc 1982.
//	7 is unrated: its forfeit is no game, and it has no change.
func TestXLSXRatings(t *testing.T) {
	ev := sampleEvent(t)
	sampleRatings(t, ev)
	var buf bytes.Buffer
	if err := WriteXLSX(&buf, ev); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if got := f.GetSheetList(); !slices.Equal(got, []string{"Standings", "Crosstable", "Round 1", "Round 2", "Round 3", "Players", "Rating report"}) {
		t.Errorf("sheets %q", got)
	}
	rows := func(sheet string) [][]string {
		got, err := f.GetRows(sheet)
		if err != nil {
			t.Fatal(err)
		}
		for i, r := range got {
			for len(r) > 0 && r[len(r)-1] == "" {
				r = r[:len(r)-1]
			}
			got[i] = r
		}
		return got
	}
	want := table(`
		Rank|PN|Name|Title|Rating|Club|Pts|BH|SB|Perf|FIDE ±
		1|1|Dvořák, Jiří|FM|2150|ŠK Vyšehrad|2 1/2|5|4.25|2141|+3.0
		2-3|2|Müller, Jürgen|CM|2080|SC Köln|2|5 1/2|3.5|1955|-5.4
		2-3|6|Rossi, Mario||1650|Labirinto|2|5 1/2|3.5|2130|+63.2
		4|3|Ferrà, Nicolò||1990|Labirinto|1 1/2|4|1.75|1705|-13.4
		5-6|4|Wróbel, Łukasz||1875||1|5|1|1728|-12.2
		5-6|7|Šimić, Ivana||||1|5|1
		7|5|Ólafsdóttir, Sóley|WFM|1760|TR|1/2|4 1/2|1.25|1709|-3.6`)
	if got := rows("Standings"); !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("Standings:\n%s\nwant\n%s", rowsText(got), rowsText(want))
	}
	want = table(`
		PN|Name|Title|FIDE ID|Federation|Ro|K|N|W|We|Rc|W−We|K·(W−We)
		1|Dvořák, Jiří|FM|312345|CZE|2150|20|3|2 1/2|2.35|1868|+0.15|+3.00
		2|Müller, Jürgen|CM|4671234|GER|2080|20|2|1|1.27|1955|-0.27|-5.40
		3|Ferrà, Nicolò|||ITA|1990|20|2|1|1.67|1705|-0.67|-13.40
		4|Wróbel, Łukasz|||POL|1875|20|3|1|1.61|1853|-0.61|-12.20
		5|Ólafsdóttir, Sóley|WFM|2301234|ISL|1760|20|3|1/2|0.68|1982|-0.18|-3.60
		6|Rossi, Mario|||ITA|1650|40|3|2|0.42|2005|+1.58|+63.20
		7|Šimić, Ivana|||CRO`)
	if got := rows("Rating report"); !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("Rating report:\n%s\nwant\n%s", rowsText(got), rowsText(want))
	}
	// The change is a number, for the spreadsheet to sort and sum.
	if v, err := f.GetCellValue("Rating report", "M7", excelize.Options{RawCellValue: true}); err != nil || v != "63.2" {
		t.Errorf("Rossi's change stored as %q (%v), want the number 63.2", v, err)
	}
	// Without rating changes there is neither.
	plain := writeSample(t)
	if got := plain.GetSheetList(); slices.Contains(got, "Rating report") {
		t.Errorf("sheets without rating changes: %q", got)
	}
}

// TestRatingReportGolden compares the text of the printed rating report,
// in English and in Italian, with testdata/ratings*.txt.
func TestRatingReportGolden(t *testing.T) {
	for _, lang := range locale.Langs() {
		ev := sampleEvent(t)
		ev.Locale = locale.New(lang)
		sampleRatings(t, ev)
		name := "ratings"
		if lang != locale.English {
			name += "_" + lang.String()
		}
		t.Run(name, func(t *testing.T) { pdfGolden(t, ev, WriteRatingReport, name) })
	}
}

func TestRatingReportRefusesNoRatings(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteRatingReport(&buf, sampleEvent(t)); err == nil || buf.Len() > 0 {
		t.Errorf("WriteRatingReport without ratings = %v, wrote %d bytes; want an error and nothing", err, buf.Len())
	}
}
