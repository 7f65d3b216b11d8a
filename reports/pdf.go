//go:generate go run gen_fonts.go

package reports

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"time"

	"codeberg.org/go-pdf/fpdf"

	"github.com/labyrinth-chess/arbiter"
)

// Page geometry of the printed sheets, in millimetres (A4).
const (
	pageW      = 210.0
	pageH      = 297.0
	margin     = 12.0
	contentTop = 30.0         // below the page header
	footerGap  = 12.0         // from the footer's baseline to the foot of the page
	bottom     = pageH - 18.0 // last line of content
	ptToMM     = 25.4 / 72
	cellPad    = 1.5  // text inset of table cells
	fontFamily = "go" // see pdfFile
)

// Grey levels used on the sheets, from black (0) to white (255).
const (
	black     = 0
	darkGrey  = 90
	ruleGrey  = 150
	headGrey  = 215
	zebraGrey = 240
	white     = 255
)

// a4 returns the page size of every sheet.
func a4() fpdf.SizeType { return fpdf.SizeType{Wd: pageW, Ht: pageH} }

// pdfDoc is one PDF being laid out: the fpdf document, the event it shows
// and the title of its pages.
type pdfDoc struct {
	f         *pdfFile
	v         *view
	what      string // page title, printed on the right of the header
	note      string // printed under the title, e.g. "round 3 still in play"
	landscape bool   // orientation of the current page
	// The font last selected: a table selects it for every cell, and
	// fpdf copies the font and writes an operator each time.
	fontSet  bool
	fontBold bool
	fontSize float64
	codes    qrCodes   // the slips' and cards' QR codes
	slipText slipTexts // what every slip writes alike
}

// newPDF starts a document titled what, with the Go fonts embedded and the
// creation date fixed by the event, so equal events give equal bytes.
func (v *view) newPDF(what string) *pdfDoc {
	f := fpdf.NewCustom(&fpdf.InitType{OrientationStr: "P", UnitStr: "mm", SizeStr: "A4"})
	date := v.docDate()
	f.SetCreationDate(date)
	f.SetModificationDate(date)
	f.SetCatalogSort(true)
	// output compresses the pages, as fpdf would (compressPages).
	f.SetCompression(false)
	pf := newPDFFile(f)
	f.SetTitle(pf.printable(v.t.Name+" – "+what), true)
	f.SetSubject(pf.printable(what), true)
	f.SetCreator("arbiter", true)
	f.SetProducer("arbiter", true)
	f.SetMargins(margin, margin, margin)
	f.SetAutoPageBreak(false, 0)
	return &pdfDoc{f: pf, v: v, what: what}
}

// width returns the usable width of the current page.
func (d *pdfDoc) width() float64 {
	if d.landscape {
		return pageH - 2*margin
	}
	return pageW - 2*margin
}

// height returns the height of the current page.
func (d *pdfDoc) height() float64 {
	if d.landscape {
		return pageW
	}
	return pageH
}

// bottom returns the lowest y content may reach on the current page.
func (d *pdfDoc) bottom() float64 { return d.height() - (pageH - bottom) }

// font selects the Go font, bold or regular, at size points.
func (d *pdfDoc) font(bold bool, size float64) {
	if d.fontSet && bold == d.fontBold && size == d.fontSize {
		return
	}
	d.fontSet, d.fontBold, d.fontSize = true, bold, size
	style := ""
	if bold {
		style = "B"
	}
	d.f.SetFont(fontFamily, style, size)
}

func (d *pdfDoc) textColor(grey int) { d.f.SetTextColor(grey, grey, grey) }
func (d *pdfDoc) fillColor(grey int) { d.f.SetFillColor(grey, grey, grey) }
func (d *pdfDoc) drawColor(grey int) { d.f.SetDrawColor(grey, grey, grey) }

// newPage adds a page with the tournament's header and returns the y where
// content starts.
func (d *pdfDoc) newPage(landscape bool) float64 {
	d.landscape = landscape
	orient := "P"
	if landscape {
		orient = "L"
	}
	d.f.AddPageFormat(orient, a4())
	d.fontSet = false // the page may hold another font
	right := margin + d.width()
	d.textColor(black)
	d.font(true, 14)
	ww := d.f.GetStringWidth(d.what)
	d.text(margin, 17, d.fit(d.v.t.Name, d.width()-ww-8))
	d.text(right-ww, 17, d.what)
	var info []string
	for _, s := range []string{d.v.longDate(d.v.t.Date), d.v.t.Venue, d.v.t.TimeControl} {
		if s != "" {
			info = append(info, s)
		}
	}
	d.font(true, 9)
	d.textColor(darkGrey)
	nw := d.f.GetStringWidth(d.note)
	d.text(right-nw, 22.5, d.note)
	d.font(false, 9)
	d.text(margin, 22.5, d.fit(strings.Join(info, " · "), d.width()-nw-6))
	d.textColor(black)
	d.drawColor(black)
	d.f.SetLineWidth(0.4)
	d.f.Line(margin, 25, right, 25)
	return contentTop
}

// text writes s with its baseline at y.
func (d *pdfDoc) text(x, y float64, s string) {
	if s != "" {
		d.f.Text(x, y, s)
	}
}

// cellText writes s in a cell of width w and height h whose top left corner
// is (x, y), aligned "L", "C" or "R", vertically centred on the capitals.
func (d *pdfDoc) cellText(x, y, w, h float64, align, s string) {
	if s == "" {
		return
	}
	size, _ := d.f.GetFontSize()
	base := y + h/2 + 0.36*size*ptToMM
	switch align {
	case "R":
		x += w - cellPad - d.f.GetStringWidth(s)
	case "C":
		x += (w - d.f.GetStringWidth(s)) / 2
	default:
		x += cellPad
	}
	d.f.Text(x, base, s)
}

// fit cuts s with an ellipsis so that it is at most w wide in the current
// font: the longest start of s that fits with the ellipsis, found by
// halving, so that a name of any length costs a few measurements (the
// width of a start of s never shrinks as it grows, trailing " ," being
// dropped before the ellipsis either way).
func (d *pdfDoc) fit(s string, w float64) string {
	if d.f.GetStringWidth(s) <= w {
		return s
	}
	r := []rune(s)
	cut := func(k int) string { return strings.TrimRight(string(r[:k]), " ,") + "…" }
	// Find the largest k < len(r) whose cut fits: cut(lo) fits (or lo is
	// -1), cut(hi) does not.
	lo, hi := -1, len(r)
	for hi-lo > 1 {
		mid := int(uint(lo+hi) >> 1)
		if d.f.GetStringWidth(cut(mid)) <= w {
			lo = mid
		} else {
			hi = mid
		}
	}
	if lo < 0 {
		return ""
	}
	return cut(lo)
}

// fitName selects the font at size points, smaller down to least when s
// does not fit in w, and returns s cut to w at that size.
func (d *pdfDoc) fitName(bold bool, s string, w, size, least float64) string {
	d.font(bold, size)
	if sw := d.f.GetStringWidth(s); sw > w {
		d.font(bold, max(least, size*w/sw))
	}
	return d.fit(s, w)
}

// finish draws the page footers and writes the document to w.
func (d *pdfDoc) finish(w io.Writer) error {
	n := d.f.PageCount()
	left := "arbiter"
	if g := d.v.ev.Generated; !g.IsZero() {
		left = d.v.l.T("report.printed", "Date", d.v.l.Date(g), "Time", d.v.l.Clock(g))
	}
	for p := 1; p <= n; p++ {
		d.f.SetPage(p)
		d.fontSet = false // the page may hold another font
		// Every page of a document has the same orientation: fpdf
		// places text on an earlier page using the last page's height.
		wd, ht := pageW, pageH
		if d.landscape {
			wd, ht = pageH, pageW
		}
		d.font(false, 8)
		d.textColor(darkGrey)
		d.text(margin, ht-footerGap, left)
		right := d.v.l.T("report.page", "Page", p, "Pages", n)
		d.text(wd-margin-d.f.GetStringWidth(right), ht-footerGap, right)
	}
	return d.output(w)
}

// output writes the document to w and tells Event.Warn what characters
// were replaced.
func (d *pdfDoc) output(w io.Writer) error {
	var plain bytes.Buffer
	if err := d.f.Output(&plain); err != nil {
		return fail(d.v.l, err, "report.err.pdf", "Err", err.Error())
	}
	pdf, err := compressPagesMarked(plain.Bytes(), &d.codes.marks, d.v.ev.Zip)
	if err != nil {
		return fail(d.v.l, err, "report.err.pdf", "Err", err.Error())
	}
	if _, err := w.Write(pdf); err != nil {
		return fail(d.v.l, err, "report.err.pdf", "Err", err.Error())
	}
	if r := d.f.replaced(); !r.IsZero() && d.v.ev.Warn != nil {
		d.v.ev.Warn(r)
	}
	return nil
}

// longDate writes a YYYY-MM-DD date with its weekday as people write it
// in the event's language: "Friday 14 March 2025", "venerdì 14 marzo
// 2025"; other text is kept as it is.
func (v *view) longDate(s string) string {
	d, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return s
	}
	return v.l.Day(d)
}

// pcol is a column of a printed table.
type pcol struct {
	head  string
	align string  // "L", "C" or "R"
	most  float64 // widest the column may be at 10 points, mm; 0 for no limit
	flex  bool    // takes the width left over, cutting its text if need be
	bold  bool    // cells in bold
}

// ptable is a printed table: columns, rows of text, and whether it may turn
// the page to landscape when it is too wide.
type ptable struct {
	cols      []pcol
	rows      [][]string
	landscape bool // allowed to print in landscape
	// shade, when not nil, tells the cells printed grey, row i and
	// column j: the diagonal of a square crosstable.
	shade func(i, j int) bool
}

// Type sizes of printed tables, in points: widths are measured at
// tableSize, and the type is scaled between leastSize and mostSize to fit.
const (
	tableSize = 10.0
	leastSize = 6.0
	mostSize  = 11.0
)

// drawTable lays t out over as many pages as it needs, each with the header
// row on top: portrait when it fits, landscape when it is wider and allowed,
// and a smaller type when it is wider still. It returns the y of the
// table's bottom rule on its last page.
func (d *pdfDoc) drawTable(t ptable) float64 {
	// Natural widths at tableSize; widths scale with the type size.
	nat := make([]float64, len(t.cols))
	d.font(true, tableSize)
	for j, c := range t.cols {
		nat[j] = d.f.GetStringWidth(c.head)
	}
	for j, c := range t.cols {
		d.font(c.bold, tableSize)
		for _, row := range t.rows {
			if j < len(row) {
				nat[j] = max(nat[j], d.f.GetStringWidth(row[j]))
			}
		}
	}
	total := 0.0
	for j, c := range t.cols {
		nat[j] += 2 * cellPad
		if c.most > 0 {
			nat[j] = min(nat[j], c.most)
		}
		total += nat[j]
	}
	landscape := total > pageW-2*margin && t.landscape
	avail := pageW - 2*margin
	if landscape {
		avail = pageH - 2*margin
	}
	// The type grows to fill the page, up to mostSize, or shrinks down to
	// leastSize; past that the flexible column gives way.
	size := min(mostSize, max(leastSize, tableSize*avail/total))
	scale := size / tableSize
	w := make([]float64, len(t.cols))
	used, flex := 0.0, -1
	for j, c := range t.cols {
		w[j] = nat[j] * scale
		used += w[j]
		if c.flex && flex < 0 {
			flex = j
		}
	}
	if flex >= 0 && used > avail {
		w[flex] = max(w[flex]+avail-used, 12)
	}
	if used < avail { // air between the columns of a narrow table
		extra := min((avail-used)/float64(len(w)), 4)
		for j := range w {
			w[j] += extra
		}
	}
	rowH := size * ptToMM * 1.55
	headH := rowH * 1.2

	y := d.bottom() // forces a page for the first row
	header := func() {
		y = d.newPage(landscape)
		d.fillColor(headGrey)
		d.f.Rect(margin, y, sum(w), headH, "F")
		d.font(true, size)
		x := margin
		for j, c := range t.cols {
			d.cellText(x, y, w[j], headH, c.align, d.fit(c.head, w[j]-2*cellPad))
			x += w[j]
		}
		d.drawColor(black)
		d.f.SetLineWidth(0.3)
		d.f.Line(margin, y+headH, margin+sum(w), y+headH)
		y += headH
	}
	for i, row := range t.rows {
		if y+rowH > d.bottom() {
			header()
		}
		if i%2 == 1 {
			d.fillColor(zebraGrey)
			d.f.Rect(margin, y, sum(w), rowH, "F")
		}
		x := margin
		for j, c := range t.cols {
			if t.shade != nil && t.shade(i, j) {
				d.fillColor(headGrey)
				d.f.Rect(x, y, w[j], rowH, "F")
			}
			if j < len(row) {
				d.font(c.bold, size)
				d.cellText(x, y, w[j], rowH, c.align, d.fit(row[j], w[j]-2*cellPad))
			}
			x += w[j]
		}
		y += rowH
	}
	if len(t.rows) == 0 {
		header()
	}
	d.drawColor(ruleGrey)
	d.f.SetLineWidth(0.2)
	d.f.Line(margin, y, margin+sum(w), y)
	return y
}

func sum(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s
}

// afterRound starts a document after the event's last round, titled by
// the message what+".after" (what+".before" before round 1, what+".final",
// where the catalog has it, once the tournament's last round has every
// result), noting under the title when that round still has games in play.
func (v *view) afterRound(what string) *pdfDoc {
	n := len(v.ev.Rounds)
	if n == 0 {
		return v.newPDF(v.l.T(what + ".before"))
	}
	if final := v.l.T(what + ".final"); final != what+".final" && n == v.ev.Tournament.Rounds && v.ev.Rounds[n-1].Complete() {
		return v.newPDF(final)
	}
	d := v.newPDF(v.l.T(what+".after", "Round", n))
	if !v.ev.Rounds[n-1].Complete() {
		d.note = v.l.T("report.inplay", "Round", n)
	}
	return d
}

// WriteStandings prints the standings after the event's last round to w:
// rank, pairing number, name, title, rating, club, points, the tie-break
// columns and the performance rating. Columns that are empty for every
// player (no titles, no clubs, no performance) are left out. The table runs over as many
// A4 pages as it needs, in landscape when it is too wide for portrait, with
// its header row on every page. It returns an error if ev is inconsistent
// or w fails.
func WriteStandings(w io.Writer, ev *Event) error {
	v, err := prepare(ev)
	if err != nil {
		return err
	}
	l := v.l
	cols := []pcol{{head: l.T("col.rank"), align: "C"}, {head: l.T("col.pn"), align: "R"}, {head: l.T("col.name"), align: "L", flex: true, most: 80}}
	hasTitle, hasClub := false, false
	for _, e := range v.entries {
		hasTitle = hasTitle || e.Player.Title != ""
		hasClub = hasClub || e.Player.Club != ""
	}
	if hasTitle {
		cols = append(cols, pcol{head: l.T("col.title"), align: "L"})
	}
	cols = append(cols, pcol{head: l.T("col.rating"), align: "R"})
	if hasClub {
		cols = append(cols, pcol{head: l.T("col.club"), align: "L", most: 50})
	}
	cols = append(cols, pcol{head: l.T("col.points"), align: "R", bold: true})
	for _, code := range v.codes {
		cols = append(cols, pcol{head: code, align: "R"})
	}
	hasPerf := false
	for _, r := range v.rows {
		hasPerf = hasPerf || r.Performance != 0
	}
	if hasPerf {
		cols = append(cols, pcol{head: l.T("col.perf"), align: "R"})
	}
	halves := v.halves()
	t := ptable{cols: cols, landscape: true}
	for _, r := range v.rows {
		p := v.player(r.PN)
		row := []string{r.RankText(), fmt.Sprint(r.PN), p.Name}
		if hasTitle {
			row = append(row, string(p.Title))
		}
		row = append(row, ratingText(p.Rating))
		if hasClub {
			row = append(row, p.Club)
		}
		row = append(row, r.Points.Fraction())
		for j, tb := range r.Tiebreaks {
			if noFigure(v.codes[j], r, j) {
				row = append(row, "-")
				continue
			}
			row = append(row, v.tbText(tb, halves[j]))
		}
		if hasPerf {
			row = append(row, ratingText(r.Performance))
		}
		t.rows = append(t.rows, row)
	}
	d := v.afterRound("standings")
	d.drawTable(t)
	return d.finish(w)
}

// WriteCrosstable prints the crosstable after the event's last round to w:
// one line per player in rank order with the line number, name, rating,
// each round as in the workbook ("12w1", "5b½", "PAB", "H", "-") and the
// points. It turns to landscape and smaller type when the rounds do not fit
// in portrait, and runs over as many pages as it needs with its header row
// on every page. It returns an error if ev is inconsistent or w fails.
//
// A round robin gets the square crosstable instead (writeSquare).
func WriteCrosstable(w io.Writer, ev *Event) error {
	v, err := prepare(ev)
	if err != nil {
		return err
	}
	if v.square() {
		return v.writeSquare(w)
	}
	l := v.l
	cols := []pcol{{head: l.T("col.crossline"), align: "R"}, {head: l.T("col.name"), align: "L", flex: true, most: 70}, {head: l.T("col.rating"), align: "R"}}
	for r := range v.ev.Rounds {
		cols = append(cols, pcol{head: fmt.Sprint(r + 1), align: "C"})
	}
	cols = append(cols, pcol{head: l.T("col.points"), align: "R", bold: true})
	t := ptable{cols: cols, landscape: true}
	for i, r := range v.rows {
		p := v.player(r.PN)
		row := []string{fmt.Sprint(i + 1), p.Name, ratingText(p.Rating)}
		for _, o := range v.tab.Card(r.PN).Rounds {
			row = append(row, v.crossCell(o))
		}
		row = append(row, r.Points.Fraction())
		t.rows = append(t.rows, row)
	}
	d := v.afterRound("crosstable")
	y := d.drawTable(t)
	d.paragraph(y+3, v.crossLegend(), 8)
	if rows, from := v.continuation(); rows != nil {
		// The all-play-all the Swiss continued as, square, on a page
		// of its own.
		y = d.drawTable(v.squareTable(rows, from, false))
		y = d.paragraph(y+3, v.l.T("cross.square.continuation", "Round", from), 8)
		d.paragraph(y+1, v.squareLegend(from), 8)
	}
	return d.finish(w)
}

// writeSquare prints the square crosstable of a round robin, the
// "tabellone all'italiana": one line per player in rank order with the
// line number, name and rating, then a column for each line, where the
// player's points against that line's player show ("1", "½", "0", "+",
// "-", two results for a double round robin) and the diagonal is grey,
// then the points, the tie-breaks and the rank, and a legend under it.
func (v *view) writeSquare(w io.Writer) error {
	d := v.afterRound("crosstable")
	y := d.drawTable(v.squareTable(v.rows, 1, true))
	d.paragraph(y+3, v.squareLegend(1), 8)
	return d.finish(w)
}

// squareTable lays out the square crosstable of rows, in their order, over
// the rounds from round from on: with the points and tie-breaks of the
// standings when all is true, else with the points scored in those rounds
// and the rank in the standings.
func (v *view) squareTable(rows []StandingRow, from int, all bool) ptable {
	l := v.l
	cols := []pcol{{head: l.T("col.crossline"), align: "R"}, {head: l.T("col.name"), align: "L", flex: true, most: 70}, {head: l.T("col.rating"), align: "R"}}
	first := len(cols)
	for i := range rows {
		cols = append(cols, pcol{head: fmt.Sprint(i + 1), align: "C"})
	}
	cols = append(cols, pcol{head: l.T("col.points"), align: "R", bold: true})
	if all {
		for _, code := range v.codes {
			cols = append(cols, pcol{head: code, align: "R"})
		}
	}
	cols = append(cols, pcol{head: l.T("col.rank"), align: "C"})
	halves := v.halves()
	t := ptable{cols: cols, landscape: true, shade: func(i, j int) bool { return j == first+i }}
	for i, r := range rows {
		p := v.player(r.PN)
		row := []string{fmt.Sprint(i + 1), p.Name, ratingText(p.Rating)}
		for _, o := range rows {
			row = append(row, v.squareCell(r.PN, o.PN, from))
		}
		if !all {
			card := v.tab.Card(r.PN)
			row = append(row, (card.Score() - card.ScoreAfter(from-1)).Fraction())
		} else {
			row = append(row, r.Points.Fraction())
			for j, tb := range r.Tiebreaks {
				if noFigure(v.codes[j], r, j) {
					row = append(row, "-")
					continue
				}
				row = append(row, v.tbText(tb, halves[j]))
			}
		}
		row = append(row, r.RankText())
		t.rows = append(t.rows, row)
	}
	return t
}

// ratingText prints a rating, or nothing for 0 (unrated, undefined).
func ratingText(r int) string {
	if r == 0 {
		return ""
	}
	return fmt.Sprint(r)
}

// pointsText prints points in parentheses, as after a name: "(2½)".
func pointsText(s arbiter.Score) string { return "(" + s.Fraction() + ")" }
