package reports

import (
	"fmt"
	"io"
	"math"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/locale"
)

// Sheet names of the English workbook. Round sheets are named "Round 1",
// "Round 2"... The Italian workbook has Classifica, Tabellone, Turno 1...
// and Giocatori (see SheetNames).
const (
	SheetStandings  = "Standings"
	SheetCrosstable = "Crosstable"
	SheetPlayers    = "Players"
)

// RoundSheet returns the name of round r's sheet in the English workbook.
func RoundSheet(r int) string { return "Round " + strconv.Itoa(r) }

// SheetNames returns the names of the sheets of a workbook of rounds
// rounds worded by l (nil: English), in order: standings, crosstable, one
// per round, players.
func SheetNames(l *locale.Localizer, rounds int) []string {
	names := []string{l.T("sheet.standings"), l.T("sheet.crosstable")}
	for r := 1; r <= rounds; r++ {
		names = append(names, l.T("sheet.round", "Round", r))
	}
	return append(names, l.T("sheet.players"))
}

// WriteXLSX writes the event's workbook to w. Its sheets, in order:
//
//   - Standings: rank ("3-4" when shared; stored as the number 3 shown with
//     the range), pairing number, name, title, rating, club, points, one
//     column per tie-break headed by its C.07 code, and the performance
//     rating where defined.
//   - Crosstable: one line per player in rank order; each round shows the
//     opponent's line, colour and points ("12w1", "5b½"; see crossCell),
//     then the total.
//   - Round 1 to N: board, White, White's points before the round, result,
//     Black, Black's points; then the players without a board, with the
//     points their round gave and why (bye, not paired, withdrawn).
//   - Players: the entries by pairing number with their status.
//   - Rating report, when the event has rating changes (Event.Ratings):
//     one row a player with the FIDE rating change and how it is made
//     (see WriteRatingReport); the standings then have a column of the
//     change.
//   - Prizes, when the tournament has some (Event.Prizes): each list's
//     places with the prize announced, what is won (the money also as a
//     number), the player and with whom it is shared.
//
// Points, ratings and tie-break values are numbers (3.5, shown "3 1/2" for
// points and for tie-break columns in halves), result codes are text with
// the ½ sign. Every sheet has a bold, frozen header row that
// repeats on printed pages, fitted column widths, A4 page setup one page
// wide, and the tournament's name in the page header. It returns an error
// if ev is inconsistent (see Event) or w fails.
func WriteXLSX(w io.Writer, ev *Event) error {
	v, err := prepare(ev)
	if err != nil {
		return err
	}
	f := excelize.NewFile()
	defer f.Close()
	f.SetZipWriter(fastZip)
	x, err := newXLSX(f, v)
	if err != nil {
		return err
	}
	// The sheets' rows are made from the view, which they only read, on
	// every core.
	makers := []func() *xsheet{v.standingsSheet, v.crosstableSheet}
	for i := range v.ev.Rounds {
		makers = append(makers, func() *xsheet { return v.roundSheet(&v.ev.Rounds[i]) })
	}
	makers = append(makers, v.playersSheet)
	if ev.Ratings != nil {
		makers = append(makers, v.ratingsSheet)
	}
	if !ev.Prizes.Empty() {
		makers = append(makers, func() *xsheet { return v.prizesSheet(ev.Prizes) })
	}
	sheets := make([]*xsheet, len(makers))
	onCores(len(makers), runtime.GOMAXPROCS(0), func() struct{} { return struct{}{} }, func(_ struct{}, i int) { sheets[i] = makers[i]() })
	// The first sheet is the active one already. SetActiveSheet would read
	// every streamed sheet back in.
	date := v.docDate().UTC().Format(time.RFC3339)
	return x.book(w, sheets, &excelize.DocProperties{
		Title:    v.t.Name,
		Subject:  v.l.T("workbook.subject"),
		Creator:  "arbiter",
		Created:  date,
		Modified: date,
	})
}

// book writes sheets into the workbook, in order, with the document
// properties props, and the workbook to w.
//
// Each sheet is set up, and the styles of its cells made (in the order of
// the sheets and rows), one sheet after the other; then the sheets' cells
// are made and their rows streamed, a sheet a core at a time, each stream
// writer writing only to its own buffer (excelize's SetRow was a third of
// exporting a field of 1,000 players); then each sheet is finished in
// order.
func (x *xlsx) book(w io.Writer, sheets []*xsheet, props *excelize.DocProperties) error {
	f := x.f
	streams := make([]*xstream, len(sheets))
	for i, sh := range sheets {
		var err error
		if i == 0 {
			err = f.SetSheetName(f.GetSheetName(0), sh.name)
		} else {
			_, err = f.NewSheet(sh.name)
		}
		if err == nil {
			streams[i], err = x.start(sh)
		}
		if err != nil {
			return fail(x.l, err, "report.err.sheet", "Sheet", sh.name, "Err", err.Error())
		}
	}
	errs := make([]error, len(sheets))
	// The largest sheets first, so that no core is left with a large
	// one at the end while the other waits.
	order := make([]int, len(sheets))
	for i := range order {
		order[i] = i
	}
	cells := func(sh *xsheet) int {
		n := 0
		for _, r := range sh.rows {
			n += len(r)
		}
		return n
	}
	slices.SortStableFunc(order, func(a, b int) int { return cells(sheets[b]) - cells(sheets[a]) })
	onCores(len(order), runtime.GOMAXPROCS(0), func() struct{} { return struct{}{} }, func(_ struct{}, k int) {
		i := order[k]
		if streams[i].cells, errs[i] = x.cells(sheets[i]); errs[i] == nil {
			errs[i] = streams[i].rows()
		}
	})
	for i, sh := range sheets {
		err := errs[i]
		if err == nil {
			err = x.finish(sh, streams[i].sw)
		}
		if err != nil {
			return fail(x.l, err, "report.err.sheet", "Sheet", sh.name, "Err", err.Error())
		}
	}
	if err := f.SetDocProps(props); err != nil {
		return fail(x.l, err, "report.err.props", "Err", err.Error())
	}
	if err := f.Write(w); err != nil {
		return fail(x.l, err, "report.err.workbook", "Err", err.Error())
	}
	return nil
}

// xsheet is one worksheet before it is written: a header row and data rows
// whose cells are string, int, float64, arbiter.Score, rankCell, droppedCell,
// signedCell, fixedCell or nil.
type xsheet struct {
	name      string
	head      []string
	rows      [][]any
	landscape bool
	freezeCol int  // columns kept on screen when scrolling right
	filter    bool // add an autofilter on the header row
}

// rankCell is a standings rank: stored as the number Rank, shown as
// "Rank-RankTo" when shared.
type rankCell struct{ from, to int }

// xlsx writes sheets into one workbook, sharing the styles.
type xlsx struct {
	f      *excelize.File
	l      *locale.Localizer // words the errors
	title  string
	header int         // style of the header row
	text   int         // style of text cells: indented, clear of the number on their left
	points int         // style of points ending in a half: "2 1/2"
	half   int         // style of half a point: "1/2"
	ranks  map[int]int // style showing a shared rank ending at the key
	// dropped holds the styles of scores in brackets, by number format;
	// numbers the styles of signed and fixed cells.
	dropped map[string]int
	numbers map[string]int
	page    string // page footer, "Page &P of &N"
}

// bodyFont is the workbook's default font. The header row names it too:
// a font without a name is the application's own default in LibreOffice,
// not the workbook's.
var bodyFont = excelize.Font{Family: "Calibri", Size: 11}

// Number formats of points that end in a half: the fraction a number
// format allows, "2 1/2" and "1/2" (spreadsheets have no number format
// that prints the ½ sign itself). Whole points keep the general format,
// "2".
const (
	pointsFormat = `# ?/2`
	halfFormat   = `?/2` // below 1: "1/2", not "0 1/2"
)

func newXLSX(f *excelize.File, v *view) (*xlsx, error) {
	font := bodyFont
	font.Bold = true
	header, err := f.NewStyle(&excelize.Style{
		Font:      &font,
		Fill:      excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"D9D9D9"}},
		Border:    []excelize.Border{{Type: "bottom", Color: "000000", Style: 1}},
		Alignment: &excelize.Alignment{Vertical: "center"},
	})
	if err != nil {
		return nil, fail(v.l, err, "report.err.headerstyle", "Err", err.Error())
	}
	text, err := f.NewStyle(&excelize.Style{Alignment: &excelize.Alignment{Horizontal: "left", Indent: 1}})
	if err != nil {
		return nil, fail(v.l, err, "report.err.textstyle", "Err", err.Error())
	}
	pf, hf := pointsFormat, halfFormat
	points, err := f.NewStyle(&excelize.Style{CustomNumFmt: &pf})
	if err != nil {
		return nil, fail(v.l, err, "report.err.pointsstyle", "Err", err.Error())
	}
	half, err := f.NewStyle(&excelize.Style{CustomNumFmt: &hf})
	if err != nil {
		return nil, fail(v.l, err, "report.err.pointsstyle", "Err", err.Error())
	}
	return &xlsx{f: f, l: v.l, title: v.t.Name, header: header, text: text, points: points, half: half, ranks: map[int]int{}, dropped: map[string]int{}, numbers: map[string]int{},
		// The footer's page codes &P and &N go in after the text is
		// escaped.
		page: strings.ReplaceAll(headerText(v.l.T("report.page", "Page", "\x00P", "Pages", "\x00N"), 60), "\x00", "&")}, nil
}

// rankStyle returns the style that shows a number as "n-to".
func (x *xlsx) rankStyle(to int) (int, error) {
	if s, ok := x.ranks[to]; ok {
		return s, nil
	}
	format := `0"-` + strconv.Itoa(to) + `"`
	s, err := x.f.NewStyle(&excelize.Style{CustomNumFmt: &format, Alignment: &excelize.Alignment{Horizontal: "left"}})
	if err != nil {
		return 0, err
	}
	x.ranks[to] = s
	return s, nil
}

// droppedStyle returns the style that shows x in brackets, "(4)" or
// "(4.5)": a season score that does not count.
func (x *xlsx) droppedStyle(v float64) (int, error) {
	format := `\(0\)`
	if v != math.Trunc(v) {
		format = `\(0.0#\)`
	}
	if s, ok := x.dropped[format]; ok {
		return s, nil
	}
	s, err := x.f.NewStyle(&excelize.Style{CustomNumFmt: &format})
	if err != nil {
		return 0, err
	}
	x.dropped[format] = s
	return s, nil
}

// numberStyle returns the style of the number format format.
func (x *xlsx) numberStyle(format string) (int, error) {
	if s, ok := x.numbers[format]; ok {
		return s, nil
	}
	s, err := x.f.NewStyle(&excelize.Style{CustomNumFmt: &format})
	if err != nil {
		return 0, err
	}
	x.numbers[format] = s
	return s, nil
}

// xstream is a worksheet being streamed: its stream writer and, once
// made (xlsx.cells), its rows of cells.
type xstream struct {
	sw    *excelize.StreamWriter
	cells [][]any
}

// rows streams the rows of cells, after the header row.
func (s *xstream) rows() error {
	for i, cells := range s.cells {
		cell, _ := excelize.CoordinatesToCellName(1, i+2)
		if err := s.sw.SetRow(cell, cells); err != nil {
			return err
		}
	}
	return nil
}

// start sets up the (existing, empty) worksheet of sh, streams its header
// row and makes the styles of the cells of its other rows.
func (x *xlsx) start(sh *xsheet) (*xstream, error) {
	f := x.f
	if err := f.SetSheetProps(sh.name, &excelize.SheetPropsOptions{FitToPage: ptr(true)}); err != nil {
		return nil, err
	}
	// The stream writer writes the dimension as it starts: give it the
	// sheet's real size first, or readers that trust it (openpyxl's
	// read-only mode) see a single cell.
	last, _ := excelize.CoordinatesToCellName(max(len(sh.head), 1), len(sh.rows)+1)
	if err := f.SetSheetDimension(sh.name, "A1:"+last); err != nil {
		return nil, err
	}
	sw, err := f.NewStreamWriter(sh.name)
	if err != nil {
		return nil, err
	}
	// Each width goes before those already set: set them from the last
	// column so that the <col> elements come out in order, as Excel wants.
	widths := columnWidths(sh)
	for i := len(widths) - 1; i >= 0; i-- {
		if err := sw.SetColWidth(i+1, i+1, widths[i]); err != nil {
			return nil, err
		}
	}
	top := "A2"
	if sh.freezeCol > 0 {
		top, _ = excelize.CoordinatesToCellName(sh.freezeCol+1, 2)
	}
	if err := sw.SetPanes(&excelize.Panes{Freeze: true, XSplit: sh.freezeCol, YSplit: 1, TopLeftCell: top, ActivePane: "bottomRight"}); err != nil {
		return nil, err
	}
	head := make([]any, len(sh.head))
	for i, h := range sh.head {
		head[i] = excelize.Cell{StyleID: x.header, Value: h}
	}
	if err := sw.SetRow("A1", head); err != nil {
		return nil, err
	}
	// The styles that depend on a cell's value are made here, one sheet
	// after the other, in the order of the rows: a style's number is the
	// order it was made in, and the workbook is the same bytes every time.
	// The cells are made later, on every core (cells).
	for _, row := range sh.rows {
		for _, c := range row {
			if _, _, err := x.cellStyle(c); err != nil {
				return nil, err
			}
		}
	}
	return &xstream{sw: sw}, nil
}

// cellStyle returns the style of cell c when it is of a type whose style
// depends on its value, made the first time it is asked for; ok is false
// for the other types. Once start has asked for every cell of a sheet,
// asking again for one of them only reads x, and may be done from
// several goroutines at once.
func (x *xlsx) cellStyle(c any) (style int, ok bool, err error) {
	switch c := c.(type) {
	case droppedCell:
		style, err = x.droppedStyle(float64(c))
	case signedCell:
		style, err = x.numberStyle(numberFormat(c.prec, true))
	case fixedCell:
		style, err = x.numberStyle(numberFormat(c.prec, false))
	case rankCell:
		if c.to <= c.from {
			return 0, false, nil
		}
		style, err = x.rankStyle(c.to)
	default:
		return 0, false, nil
	}
	return style, true, err
}

// cells makes the cells of the rows of sh for xstream.rows to stream, with
// the styles start made.
func (x *xlsx) cells(sh *xsheet) ([][]any, error) {
	out := make([][]any, len(sh.rows))
	// The cells of every row, and the styled ones pointed to from them:
	// two allocations a sheet rather than two a row.
	total := 0
	for _, row := range sh.rows {
		total += len(row)
	}
	allCells, allStyled := make([]any, total), make([]excelize.Cell, total)
	for i, row := range sh.rows {
		cells := allCells[:len(row):len(row)]
		styled := allStyled[:len(row):len(row)]
		allCells, allStyled = allCells[len(row):], allStyled[len(row):]
		out[i] = cells
		put := func(j, style int, v any) {
			styled[j] = excelize.Cell{StyleID: style, Value: v}
			cells[j] = &styled[j]
		}
		for j, c := range row {
			st, styledByValue, err := x.cellStyle(c)
			if err != nil {
				return nil, err
			}
			switch c := c.(type) {
			case arbiter.Score:
				switch {
				case c%arbiter.One == 0:
					cells[j] = c.Points()
				case c > -arbiter.One && c < arbiter.One:
					put(j, x.half, c.Points())
				default:
					put(j, x.points, c.Points())
				}
			case string:
				put(j, x.text, row[j]) // the string as it is boxed already
			case droppedCell:
				put(j, st, float64(c))
			case signedCell:
				put(j, st, c.v)
			case fixedCell:
				put(j, st, c.v)
			case rankCell:
				if styledByValue {
					put(j, st, c.from)
				} else {
					cells[j] = c.from
				}
			default:
				cells[j] = c
			}
		}
	}
	return out, nil
}

// finish sets the autofilter, the page layout, the header and footer and
// the print titles of the worksheet of sh, and ends its stream sw.
func (x *xlsx) finish(sh *xsheet, sw *excelize.StreamWriter) error {
	f := x.f
	if sh.filter && len(sh.rows) > 0 {
		last, _ := excelize.CoordinatesToCellName(len(sh.head), len(sh.rows)+1)
		if err := f.AutoFilter(sh.name, "A1:"+last, nil); err != nil {
			return err
		}
	}
	orient := "portrait"
	if sh.landscape {
		orient = "landscape"
	}
	if err := f.SetPageLayout(sh.name, &excelize.PageLayoutOptions{
		Size:        ptr(9), // A4
		Orientation: &orient,
		FitToWidth:  ptr(1),
		FitToHeight: ptr(0),
	}); err != nil {
		return err
	}
	if err := f.SetPageMargins(sh.name, &excelize.PageLayoutMarginsOptions{
		Left: ptr(0.5), Right: ptr(0.5), Top: ptr(0.75), Bottom: ptr(0.75), Header: ptr(0.3), Footer: ptr(0.3),
	}); err != nil {
		return err
	}
	if err := f.SetHeaderFooter(sh.name, &excelize.HeaderFooterOptions{
		OddHeader: `&L&"-,Bold"` + headerText(x.title, 120) + `&R&A`,
		OddFooter: `&C` + x.page,
	}); err != nil {
		return err
	}
	if err := f.SetDefinedName(&excelize.DefinedName{
		Name:     "_xlnm.Print_Titles",
		RefersTo: "'" + sh.name + "'!$1:$1",
		Scope:    sh.name,
	}); err != nil {
		return err
	}
	return sw.Flush()
}

// headerText escapes s for a page header ("&" is a code there) and cuts it
// to at most n characters: the whole header may not pass 255.
func headerText(s string, n int) string {
	if utf8.RuneCountInString(s) > n {
		s = string([]rune(s)[:n-1]) + "…"
	}
	return strings.ReplaceAll(s, "&", "&&")
}

// columnWidths fits each column to its longest text, in Excel's width unit
// (about one digit of the default font).
func columnWidths(sh *xsheet) []float64 {
	n := make([]int, len(sh.head))
	for i, h := range sh.head {
		n[i] = utf8.RuneCountInString(h) + 1 // bold, and the filter button
		if sh.filter {
			n[i] += 2
		}
	}
	for _, row := range sh.rows {
		for j, c := range row {
			if l := cellLen(c); l > n[j] {
				n[j] = l
			}
		}
	}
	w := make([]float64, len(n))
	for i, l := range n {
		w[i] = min(max(float64(l)*1.1+1.5, 4), 60)
	}
	return w
}

// cellLen returns the number of characters a cell shows. Numbers are
// written into a buffer on the stack, not into a string each.
func cellLen(c any) int {
	var buf [40]byte
	itoa := func(n int) int { return len(strconv.AppendInt(buf[:0], int64(n), 10)) }
	ftoa := func(v float64, prec int) int { return len(strconv.AppendFloat(buf[:0], v, 'f', prec, 64)) }
	switch c := c.(type) {
	case string:
		return utf8.RuneCountInString(c)
	case int:
		return itoa(c)
	case float64:
		return ftoa(c, -1)
	case arbiter.Score:
		return itoa(int(c/arbiter.One)) + 4 // "2 1/2"
	case droppedCell:
		return ftoa(float64(c), 2) + 2
	case signedCell:
		return ftoa(c.v, c.prec) + 1
	case fixedCell:
		return ftoa(c.v, c.prec)
	case rankCell:
		if c.to > c.from {
			return itoa(c.from) + 1 + itoa(c.to)
		}
		return itoa(c.from)
	}
	return 0
}

func ptr[T any](v T) *T { return &v }

// optInt returns n, or nil (an empty cell) when n is 0.
func optInt(n int) any {
	if n == 0 {
		return nil
	}
	return n
}

// optString returns s, or nil (an empty cell) when s is empty.
func optString(s string) any {
	if s == "" {
		return nil
	}
	return s
}

func (v *view) standingsSheet() *xsheet {
	l := v.l
	sh := &xsheet{name: l.T("sheet.standings"), freezeCol: 3, filter: true}
	sh.head = append([]string{l.T("col.rank"), l.T("col.pn"), l.T("col.name"), l.T("col.title"), l.T("col.rating"), l.T("col.club"), l.T("col.points")}, v.codes...)
	sh.head = append(sh.head, l.T("col.perf"))
	if v.ev.Ratings != nil {
		sh.head = append(sh.head, l.T("col.change"))
	}
	sh.landscape = len(sh.head) > 12
	halves := v.halves()
	for _, r := range v.rows {
		p := v.player(r.PN)
		row := make([]any, 0, len(sh.head))
		row = append(row, rankCell{r.Rank, r.RankTo}, r.PN, p.Name, optString(string(p.Title)), optInt(p.Rating), optString(p.Club), r.Points)
		for j, tb := range r.Tiebreaks {
			switch {
			case noFigure(v.codes[j], r, j):
				row = append(row, nil)
			case halves[j]: // shown in halves, as points are
				row = append(row, arbiter.Score(int64(math.Round(tb*2))))
			default:
				row = append(row, tb)
			}
		}
		row = append(row, optInt(r.Performance))
		if v.ev.Ratings != nil {
			c, ok := v.ev.Ratings[r.PN]
			row = append(row, changeCell(c, ok))
		}
		sh.rows = append(sh.rows, row)
	}
	return sh
}

func (v *view) crosstableSheet() *xsheet {
	if v.square() {
		return v.squareSheet()
	}
	l := v.l
	sh := &xsheet{name: l.T("sheet.crosstable"), freezeCol: 2, filter: true}
	sh.head = []string{l.T("col.crossline"), l.T("col.name"), l.T("col.rating")}
	for r := range v.ev.Rounds {
		sh.head = append(sh.head, l.T("col.round", "Round", r+1))
	}
	sh.head = append(sh.head, l.T("col.points"))
	sh.landscape = len(v.ev.Rounds) > 7
	for i, r := range v.rows {
		p := v.player(r.PN)
		row := make([]any, 0, len(sh.head))
		row = append(row, i+1, p.Name, optInt(p.Rating))
		for _, o := range v.tab.Card(r.PN).Rounds {
			row = append(row, v.crossCell(o))
		}
		row = append(row, r.Points)
		sh.rows = append(sh.rows, row)
	}
	return sh
}

// squareSheet is the crosstable of a round robin as the PDF prints it
// (writeSquare): a column per line, the diagonal empty, then the points,
// the tie-breaks and the rank.
func (v *view) squareSheet() *xsheet {
	l := v.l
	sh := &xsheet{name: l.T("sheet.crosstable"), freezeCol: 2}
	sh.head = []string{l.T("col.crossline"), l.T("col.name"), l.T("col.rating")}
	for i := range v.rows {
		sh.head = append(sh.head, fmt.Sprint(i+1))
	}
	sh.head = append(sh.head, l.T("col.points"))
	sh.head = append(sh.head, v.codes...)
	sh.head = append(sh.head, l.T("col.rank"))
	sh.landscape = len(sh.head) > 12
	halves := v.halves()
	for i, r := range v.rows {
		p := v.player(r.PN)
		row := make([]any, 0, len(sh.head))
		row = append(row, i+1, p.Name, optInt(p.Rating))
		for _, o := range v.rows {
			row = append(row, optString(v.squareCell(r.PN, o.PN, 1)))
		}
		row = append(row, r.Points)
		for j, tb := range r.Tiebreaks {
			switch {
			case noFigure(v.codes[j], r, j):
				row = append(row, nil)
			case halves[j]:
				row = append(row, arbiter.Score(int64(math.Round(tb*2))))
			default:
				row = append(row, tb)
			}
		}
		row = append(row, rankCell{r.Rank, r.RankTo})
		sh.rows = append(sh.rows, row)
	}
	return sh
}

func (v *view) roundSheet(rd *arbiter.Round) *xsheet {
	l := v.l
	sh := &xsheet{name: l.T("sheet.round", "Round", rd.Number)}
	sh.head = []string{l.T("col.board"), l.T("col.white"), l.T("col.points"), l.T("col.result"), l.T("col.black"), l.T("col.points")}
	r := rd.Number
	for _, b := range boards(rd) {
		sh.rows = append(sh.rows, []any{
			b.Number,
			v.player(b.White).Name, v.before(b.White, r),
			optString(v.boardResult(b)),
			v.player(b.Black).Name, v.before(b.Black, r),
		})
	}
	abs := v.absences(rd)
	if len(abs) > 0 && len(sh.rows) > 0 {
		sh.rows = append(sh.rows, nil)
	}
	for _, a := range abs {
		sh.rows = append(sh.rows, []any{nil, v.player(a.PN).Name, v.before(a.PN, r), a.Points.Fraction(), a.Label})
	}
	return sh
}

func (v *view) playersSheet() *xsheet {
	l := v.l
	sh := &xsheet{name: l.T("sheet.players"), freezeCol: 2, filter: true, landscape: true}
	sh.head = []string{l.T("col.pn"), l.T("col.name"), l.T("col.title"), l.T("col.rating"), l.T("col.federation"),
		l.T("col.fideid"), l.T("col.club"), l.T("col.born"), l.T("col.status")}
	for pn := 1; pn <= len(v.entries); pn++ {
		e := v.entries[pn-1]
		p := &e.Player
		sh.rows = append(sh.rows, []any{
			pn, p.Name, optString(string(p.Title)), optInt(p.Rating), optString(p.Federation),
			optString(p.FIDEID), optString(p.Club), optInt(p.BirthYear), v.statusText(e),
		})
	}
	return sh
}
