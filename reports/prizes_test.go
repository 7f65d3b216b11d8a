package reports

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/labyrinth-chess/arbiter/prizes"
)

// samplePrizes gives the sample tournament its prize list: 100, 60 and
// 30 shared by the Hort system; a book worth 40 for the best under 2000;
// 20 for the best woman, with 2 women at least. Müller and Rossi are
// level on every tie-break in places 2-3: they split 60 + 30, 45 each,
// which Rossi keeps over the book; Ferrà, next under 2000, takes it. The
// sample knows no one's sex: the women's prize goes to no one.
func samplePrizes(t *testing.T, ev *Event) {
	t.Helper()
	r := prizes.Rules{Sharing: prizes.Hort, Categories: []prizes.Category{
		{Name: "U2000", Criteria: []prizes.Criterion{{Kind: prizes.RatingBelow, Value: "2000"}}},
		{Name: "Women", Criteria: []prizes.Criterion{{Kind: prizes.Sex, Value: "F"}}, MinPlayers: 2},
	}}
	for _, p := range []struct {
		category string
		place    int
		value    string
	}{{"", 1, "100 €"}, {"", 2, "60 €"}, {"", 3, "30 €"}, {"U2000", 1, "libro"}, {"Women", 1, "20 €"}} {
		v, err := prizes.ParseValue(p.value)
		if err != nil {
			t.Fatal(err)
		}
		if p.value == "libro" {
			v.Cents = 4000
		}
		r.Prizes = append(r.Prizes, prizes.Prize{Category: p.category, Place: p.place, Value: v})
	}
	var lines []prizes.Line
	for _, row := range ev.Standings {
		lines = append(lines, prizes.Line{PN: row.PN, Rank: row.Rank, Points: row.Points, Member: prizes.MemberOf(ev.Entries[row.PN-1].Player)})
	}
	ev.Prizes = &prizes.List{Rules: r, Round: len(ev.Rounds), Rounds: ev.Tournament.Rounds, Final: true, Outcome: prizes.Allot(r, lines)}
}

// TestPrizesGolden compares the text of the printed prize list, in
// English and in Italian, with testdata/prizes*.txt.
func TestPrizesGolden(t *testing.T) {
	for _, lang := range locale.Langs() {
		ev := sampleEvent(t)
		ev.Locale = locale.New(lang)
		samplePrizes(t, ev)
		name := "prizes"
		if lang != locale.English {
			name += "_" + lang.String()
		}
		t.Run(name, func(t *testing.T) { pdfGolden(t, ev, WritePrizes, name) })
	}
}

func TestPrizesRefusesNoPrizes(t *testing.T) {
	var buf bytes.Buffer
	if err := WritePrizes(&buf, sampleEvent(t)); err == nil || buf.Len() > 0 {
		t.Errorf("WritePrizes without prizes = %v, wrote %d bytes; want an error and nothing", err, buf.Len())
	}
	if err := WritePrizes(&buf, nil); err == nil || errors.Is(err, nil) {
		t.Errorf("WritePrizes(nil) = %v", err)
	}
}

// TestXLSXPrizes: the workbook of a tournament with prizes ends with the
// sheet of the prize list; without prizes there is none.
func TestXLSXPrizes(t *testing.T) {
	if got := writeSample(t).GetSheetList(); slices.Contains(got, "Prizes") {
		t.Errorf("a tournament without prizes has the sheets %q", got)
	}
	ev := sampleEvent(t)
	samplePrizes(t, ev)
	var buf bytes.Buffer
	if err := WriteXLSX(&buf, ev); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if sheets := f.GetSheetList(); sheets[len(sheets)-1] != "Prizes" {
		t.Errorf("sheets %q, want Prizes last", sheets)
	}
	got, err := f.GetRows("Prizes")
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range got {
		for len(r) > 0 && r[len(r)-1] == "" {
			r = r[:len(r)-1]
		}
		got[i] = r
	}
	want := table(`
		List|Place|Prize|Won|Amount|PN|Name|Shared
		general|1|100 €|100 €|100|1|Dvořák, Jiří
		general|2|60 €|45 €|45|2|Müller, Jürgen|2-3 with Rossi, Mario
		general|3|30 €|45 €|45|6|Rossi, Mario|2-3 with Müller, Jürgen
		U2000|1|libro|libro||3|Ferrà, Nicolò
		Women|1|20 €||||no one: 0 players, fewer than the minimum
`)
	if !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("Prizes sheet:\n%s\nwant\n%s", rowsText(got), rowsText(want))
	}
}

func rowsText(rows [][]string) string {
	var b strings.Builder
	for _, r := range rows {
		b.WriteString(strings.Join(r, "|") + "\n")
	}
	return b.String()
}
