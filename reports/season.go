package reports

import (
	"io"
	"math"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/labyrinth-chess/arbiter/season"
)

// Season is what the season reports show: a club season's table and the
// evenings it was computed from. The writers read it and never change it.
type Season struct {
	Name string
	// Rules words the season's rules in one line, printed under the
	// title.
	Rules string
	// Evenings are the evenings in the season's order, each as its own
	// reports show it (Event.Locale is ignored: Season.Locale words
	// everything).
	Evenings []*Event
	// Standings is the season table, one Cell per evening.
	Standings []season.Standing
	// Names gives the name of each roster ID of Standings.
	Names map[int64]string
	// TiebreakCodes heads the season tie-break columns, one per value of
	// Standing.Values.
	TiebreakCodes []string
	// Locale words the sheets; nil prints English.
	Locale *locale.Localizer
	// Generated is the creation date written into the files; the zero
	// value writes the last evening's date, so output stays
	// reproducible.
	Generated time.Time
	// Warn, when not nil, is told once per document when a name held
	// characters the writer could not print as they are (see
	// Event.Warn).
	Warn func(Replaced)
}

// droppedCell is a season score that does not count: a number shown in
// brackets.
type droppedCell float64

// localizer returns the season's Localizer, English for nil.
func (s *Season) localizer() *locale.Localizer {
	if s.Locale == nil {
		return locale.New(locale.English)
	}
	return s.Locale
}

// cell returns what evening i gave st; a line shorter than the evenings
// has not played the rest.
func cell(st season.Standing, i int) season.Cell {
	if i < len(st.Cells) {
		return st.Cells[i]
	}
	return season.Cell{}
}

// value returns tie-break value i of st, 0 when the line has none.
func value(st season.Standing, i int) float64 {
	if i < len(st.Values) {
		return st.Values[i]
	}
	return 0
}

// view returns a view of the season for the page headers: the season's
// name as the title, its rules as the line under it, and the date of
// its last evening.
func (s *Season) view(l *locale.Localizer) *view {
	t := arbiter.Tournament{Name: s.Name, Venue: s.Rules}
	for _, ev := range s.Evenings {
		if ev.Tournament.Date > t.Date {
			t.Date = ev.Tournament.Date
		}
	}
	ev := &Event{Tournament: t, Locale: l, Generated: s.Generated, Warn: s.Warn}
	return &view{ev: ev, l: l, t: t}
}

// seasonNumber returns x as a cell: an int when whole.
func seasonNumber(x float64) any {
	if x == math.Trunc(x) && math.Abs(x) < 1e15 {
		return int(x)
	}
	return math.Round(x*100) / 100
}

// sheetName makes s a worksheet name: at most 31 characters, none of
// : \ / ? * [ ], no single quote first or last (Excel refuses those), and
// not one of taken (case ignored), which it joins.
func sheetName(s string, taken map[string]bool) string {
	s = strings.Map(func(r rune) rune {
		if strings.ContainsRune(`:\/?*[]`, r) {
			return '-'
		}
		return r
	}, s)
	s = strings.Trim(s, "' \t\n\r")
	if s == "" {
		s = "-"
	}
	name := s
	for n := 2; ; n++ {
		if utf8.RuneCountInString(name) > 31 {
			suffix := strings.TrimPrefix(name, s)
			name = strings.TrimRight(string([]rune(s)[:31-utf8.RuneCountInString(suffix)]), "' ") + suffix
		}
		if !taken[strings.ToLower(name)] {
			break
		}
		name = s + " (" + strconv.Itoa(n) + ")"
	}
	taken[strings.ToLower(name)] = true
	return name
}

// seasonSheet is the season table: place, name, one column per evening
// headed by its name (in brackets the scores that do not count, empty
// for an evening not played), the total and the tie-breaks.
func (s *Season) seasonSheet(l *locale.Localizer, name string) *xsheet {
	sh := &xsheet{name: name, freezeCol: 2, filter: true}
	sh.head = []string{l.T("col.rank"), l.T("col.name")}
	for _, ev := range s.Evenings {
		sh.head = append(sh.head, ev.Tournament.Name)
	}
	sh.head = append(sh.head, l.T("season.col.total"))
	sh.head = append(sh.head, s.TiebreakCodes...)
	sh.landscape = len(sh.head) > 12
	for _, st := range s.Standings {
		row := []any{rankCell{st.Rank, st.RankTo}, s.Names[st.Player]}
		for i := range s.Evenings {
			switch c := cell(st, i); {
			case !c.Played:
				row = append(row, nil)
			case !c.Counted:
				row = append(row, droppedCell(c.Score))
			default:
				row = append(row, seasonNumber(c.Score))
			}
		}
		row = append(row, seasonNumber(st.Total))
		for i := range s.TiebreakCodes {
			row = append(row, seasonNumber(value(st, i)))
		}
		sh.rows = append(sh.rows, row)
	}
	return sh
}

// WriteSeasonXLSX writes the season's workbook to w: first the season
// table (see seasonSheet), then one sheet per evening, named after it,
// with that evening's standings as WriteXLSX writes them. It returns an
// error if an evening is inconsistent (see Event) or w fails.
func WriteSeasonXLSX(w io.Writer, s *Season) error {
	l := s.localizer()
	sv := s.view(l)
	taken := map[string]bool{}
	sheets := []*xsheet{s.seasonSheet(l, sheetName(l.T("season.sheet"), taken))}
	for _, ev := range s.Evenings {
		e := *ev
		e.Locale = l
		v, err := prepare(&e)
		if err != nil {
			return err
		}
		sh := v.standingsSheet()
		sh.name = sheetName(ev.Tournament.Name, taken)
		sheets = append(sheets, sh)
	}
	f := excelize.NewFile()
	defer f.Close()
	x, err := newXLSX(f, sv)
	if err != nil {
		return err
	}
	date := sv.docDate().UTC().Format(time.RFC3339)
	return x.book(w, sheets, &excelize.DocProperties{
		Title: s.Name, Subject: l.T("season.report"), Creator: "arbiter", Created: date, Modified: date,
	})
}

// WriteSeasonPDF prints the season table to w: place, name, one column
// per evening numbered in the season's order (in brackets the scores
// that do not count, "-" for an evening not played), the total and the
// tie-breaks, with the rules under the title and the evenings listed
// under the table. It returns an error if w fails.
func WriteSeasonPDF(w io.Writer, s *Season) error {
	l := s.localizer()
	v := s.view(l)
	cols := []pcol{{head: l.T("col.rank"), align: "C"}, {head: l.T("col.name"), align: "L", flex: true, most: 80}}
	for i := range s.Evenings {
		cols = append(cols, pcol{head: strconv.Itoa(i + 1), align: "R"})
	}
	cols = append(cols, pcol{head: l.T("season.col.total"), align: "R", bold: true})
	for _, c := range s.TiebreakCodes {
		cols = append(cols, pcol{head: c, align: "R"})
	}
	t := ptable{cols: cols, landscape: true}
	for _, st := range s.Standings {
		row := []string{StandingRow{Rank: st.Rank, RankTo: st.RankTo}.RankText(), s.Names[st.Player]}
		for i := range s.Evenings {
			switch c := cell(st, i); {
			case !c.Played:
				row = append(row, "-")
			case !c.Counted:
				row = append(row, "("+l.Decimal(c.Score, -1)+")")
			default:
				row = append(row, l.Decimal(c.Score, -1))
			}
		}
		row = append(row, l.Decimal(st.Total, -1))
		for i := range s.TiebreakCodes {
			row = append(row, l.Decimal(value(st, i), -1))
		}
		t.rows = append(t.rows, row)
	}
	d := v.newPDF(l.T("season.report"))
	y := d.drawTable(t)
	// The evenings, numbered as the columns, under the table.
	const lineH = 4.5
	d.font(false, 9)
	y += lineH
	for i, ev := range s.Evenings {
		if y+lineH > d.bottom() {
			y = d.newPage(d.landscape) + lineH
			d.font(false, 9)
		}
		line := strconv.Itoa(i+1) + "  " + ev.Tournament.Name
		if ev.Tournament.Date != "" {
			line += " · " + v.longDate(ev.Tournament.Date)
		}
		y += lineH
		d.text(margin, y, d.fit(line, d.width()))
	}
	return d.finish(w)
}
