package reports

import (
	"errors"
	"io"
	"math"
	"strconv"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/rating"
)

// The FIDE rating report of the event: each player's rating change by
// the FIDE Rating Regulations (package rating), computed by the caller
// and held in Event.Ratings. The layout is that of FIDE's individual
// calculations (ratings.fide.com): per player Ro, the rating; Rc, the
// average rating of the rated opponents; W, the points scored against
// them in N games; We, the expected score (the sum of PD of table
// 8.1.2); W − We; K; and the change K × (W − We). Each game line has the
// opponent, their rating, W, PD, W − PD and K × (W − PD).

// ratingKindWords names the rating the event counts for, from its pace:
// "ratings.kind.standard", "ratings.kind.rapid", "ratings.kind.blitz".
func (v *view) ratingKindWords() string {
	return v.l.T("ratings.kind." + v.t.Pace.String())
}

// rated returns the pairing numbers of the players the rating report
// lists, in pairing-number order (the order of the TRF sent to FIDE):
// everyone with a change in Event.Ratings.
func (v *view) rated() []int {
	var pns []int
	for pn := 1; pn <= len(v.entries); pn++ {
		if _, ok := v.ev.Ratings[pn]; ok {
			pns = append(pns, pn)
		}
	}
	return pns
}

// hasChange reports whether c is a change to print: a rated player with
// at least one game that counts.
func hasChange(c rating.Change) bool { return c.Rating > 0 && c.Games > 0 }

// round2 rounds x to hundredths, as the report prints it.
func round2(x float64) float64 { return math.Round(x*100) / 100 }

// signedCell is a rating change in the workbook: a number shown with its
// sign and prec decimals, "+5.6", "-26.40".
type signedCell struct {
	v    float64
	prec int
}

// fixedCell is a number shown with prec decimals, "1.86".
type fixedCell struct {
	v    float64
	prec int
}

// numberFormat returns the number format of a signed or fixed cell.
func numberFormat(prec int, signed bool) string {
	f := "0"
	if prec > 0 {
		f += "." + zeros(prec)
	}
	if signed {
		return "+" + f + ";-" + f + ";" + f
	}
	return f
}

func zeros(n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = '0'
	}
	return string(b)
}

// changeCell is the cell of the standings' rating change column: empty
// for a player with no change to show.
func changeCell(c rating.Change, ok bool) any {
	if !ok || !hasChange(c) {
		return nil
	}
	return signedCell{round2(c.Value), 1}
}

// ratingsSheet is the workbook's rating report: one row a player, by
// pairing number, with the FIDE ID, federation, Ro, K, N, W, We, Rc,
// W − We and the change K × (W − We). An unrated player's row has N, W
// and Rc, and no change.
func (v *view) ratingsSheet() *xsheet {
	l := v.l
	sh := &xsheet{name: l.T("sheet.ratings"), freezeCol: 2, filter: true, landscape: true}
	sh.head = []string{l.T("col.pn"), l.T("col.name"), l.T("col.title"), l.T("col.fideid"), l.T("col.federation"),
		l.T("col.ro"), l.T("col.k"), l.T("col.n"), l.T("col.w"), l.T("col.we"), l.T("col.rc"), l.T("col.chg"), l.T("col.kchg")}
	for _, pn := range v.rated() {
		c := v.ev.Ratings[pn]
		p := v.player(pn)
		row := []any{pn, p.Name, optString(string(p.Title)), optString(p.FIDEID), optString(p.Federation), optInt(c.Rating)}
		if hasChange(c) {
			row = append(row, c.K, c.Games, scoreOf(c.Score), fixedCell{c.Expected, 2}, optInt(c.Average()),
				signedCell{round2(c.Score - c.Expected), 2}, signedCell{round2(c.Value), 2})
		} else {
			row = append(row, nil, optInt(c.Games), optScore(c.Games, c.Score), nil, optInt(c.Average()))
		}
		sh.rows = append(sh.rows, row)
	}
	return sh
}

// scoreOf returns points as a Score, which the sheets print in halves.
func scoreOf(x float64) arbiter.Score { return arbiter.Score(int64(math.Round(x * 2))) }

// optScore returns the points of n games, or nil when there are none.
func optScore(n int, x float64) any {
	if n == 0 {
		return nil
	}
	return scoreOf(x)
}

// WriteRatingReport prints the FIDE rating report of the event to w, in
// the layout of FIDE's individual calculations: first one line a player
// by pairing number (FIDE ID, federation, Ro, K, N, W, We, Rc, W − We
// and the change K × (W − We)), with the rules applied and the
// abbreviations explained; then, for every rated player with a game
// that counts, the calculation game by game (the opponent, their
// rating, W, PD, W − PD, K × (W − PD)) and its totals. It returns an
// error if ev is inconsistent, has no Ratings, or w fails.
func WriteRatingReport(w io.Writer, ev *Event) error {
	v, err := prepare(ev)
	if err != nil {
		return err
	}
	if ev.Ratings == nil {
		return errors.New(v.l.T("report.noratings", "Name", v.t.Name))
	}
	l := v.l
	d := v.afterRound("ratings")
	d.note = joinNote(v.ratingKindWords(), d.note)
	cols := []pcol{
		{head: l.T("col.pn"), align: "R"}, {head: l.T("col.name"), align: "L", flex: true, most: 70},
		{head: l.T("col.title"), align: "L"}, {head: l.T("col.fideid"), align: "R"}, {head: l.T("col.fed"), align: "L"},
		{head: l.T("col.ro"), align: "R"}, {head: l.T("col.k"), align: "R"}, {head: l.T("col.n"), align: "R"},
		{head: l.T("col.w"), align: "R"}, {head: l.T("col.we"), align: "R"}, {head: l.T("col.rc"), align: "R"},
		{head: l.T("col.chg"), align: "R"}, {head: l.T("col.kchg"), align: "R", bold: true},
	}
	t := ptable{cols: cols, landscape: true}
	for _, pn := range v.rated() {
		c := ev.Ratings[pn]
		p := v.player(pn)
		row := []string{strconv.Itoa(pn), p.Name, string(p.Title), p.FIDEID, p.Federation, ratingText(c.Rating)}
		switch {
		case hasChange(c):
			row = append(row, strconv.Itoa(c.K), strconv.Itoa(c.Games), l.Figure(c.Score, true), l.Decimal(c.Expected, 2),
				ratingText(c.Average()), l.Signed(c.Score-c.Expected, 2), l.Signed(c.Value, 2))
		case c.Games > 0:
			row = append(row, "", strconv.Itoa(c.Games), l.Figure(c.Score, true), "", ratingText(c.Average()))
		}
		t.rows = append(t.rows, row)
	}
	y := d.drawTable(t)
	y = d.paragraph(y+3, l.T("ratings.rules"), 8)
	y = d.paragraph(y+1, l.T("ratings.legend"), 8)
	v.ratingCalculations(d, y+4)
	return d.finish(w)
}

// joinNote puts two notes under a page title side by side.
func joinNote(a, b string) string {
	if b == "" {
		return a
	}
	return a + " · " + b
}

// paragraph writes s wrapped to the page at size points from y on,
// turning the page when it runs out, and returns the y under it.
func (d *pdfDoc) paragraph(y float64, s string, size float64) float64 {
	d.font(false, size)
	d.textColor(darkGrey)
	lineH := size * ptToMM * 1.4
	for _, line := range d.wrap(s, d.width()) {
		if y+lineH > d.bottom() {
			y = d.newPage(d.landscape)
			d.font(false, size)
			d.textColor(darkGrey)
		}
		y += lineH
		d.text(margin, y, line)
	}
	d.textColor(black)
	return y
}

// ratingCalculations prints each rated player's calculation game by game
// from y on: a heading with the player, then the games, then the
// totals. A player's block is kept on one page when it fits on one.
func (v *view) ratingCalculations(d *pdfDoc, y float64) {
	l := v.l
	const size = 9.0
	rowH := size * ptToMM * 1.55
	heads := []string{l.T("col.rnd"), l.T("col.opponent"), l.T("col.fed"), l.T("col.ro"), l.T("col.w"),
		l.T("col.pd"), l.T("col.gchg"), l.T("col.gkchg")}
	align := []string{"R", "L", "L", "R", "R", "R", "R", "R"}
	width := d.width()
	// Every column but the opponent's as wide as its widest text.
	w := make([]float64, len(heads))
	d.font(true, size)
	for j, h := range heads {
		w[j] = d.f.GetStringWidth(h) + 2*cellPad + 2
	}
	w[0] = max(w[0], d.f.GetStringWidth("99")+2*cellPad+2)
	w[3] = max(w[3], d.f.GetStringWidth("2888")+2*cellPad+2)
	for j := 4; j < len(w); j++ {
		w[j] = max(w[j], d.f.GetStringWidth("+88.88")+2*cellPad+2)
	}
	w[1] = width - sum(w[:1]) - sum(w[2:])
	first := true
	for _, pn := range v.rated() {
		c := v.ev.Ratings[pn]
		if !hasChange(c) {
			continue
		}
		need := 8 + rowH*float64(len(c.Lines)+2) + 6
		if first {
			need += 8
		}
		if y+need > d.bottom() {
			y = d.newPage(d.landscape)
		}
		if first {
			y += 6
			d.font(true, 12)
			d.text(margin, y, l.T("ratings.calculations"))
			y += 2
			first = false
		}
		p := v.player(pn)
		y += 6
		d.font(true, 10)
		head := strconv.Itoa(pn) + "  " + p.Name
		if p.Title != "" {
			head += "  " + string(p.Title)
		}
		d.text(margin, y, d.fit(head, width*0.6))
		d.font(false, 9)
		info := l.T("ratings.player", "ID", orDash(p.FIDEID), "Fed", orDash(p.Federation), "Ro", c.Rating, "K", c.K)
		d.text(margin+width-d.f.GetStringWidth(info), y, info)
		y += 1.5
		d.fillColor(headGrey)
		d.f.Rect(margin, y, width, rowH, "F")
		d.font(true, size)
		x := margin
		for j, h := range heads {
			d.cellText(x, y, w[j], rowH, align[j], h)
			x += w[j]
		}
		y += rowH
		card := v.tab.Card(pn)
		for i, line := range c.Lines {
			if i%2 == 1 {
				d.fillColor(zebraGrey)
				d.f.Rect(margin, y, width, rowH, "F")
			}
			name, fed := "", ""
			if card != nil && line.Round >= 1 && line.Round <= len(card.Rounds) {
				if o := card.Rounds[line.Round-1].Opponent; o >= 1 && o <= len(v.entries) {
					name, fed = v.player(o).Name, v.player(o).Federation
				}
			}
			cells := []string{strconv.Itoa(line.Round), name, fed, strconv.Itoa(line.Opponent), l.Figure(line.Score, true),
				l.Decimal(line.PD, 2), l.Signed(line.Score-line.PD, 2), l.Signed(line.Change, 2)}
			d.font(false, size)
			x := margin
			for j, s := range cells {
				d.cellText(x, y, w[j], rowH, align[j], d.fit(s, w[j]-2*cellPad))
				x += w[j]
			}
			y += rowH
		}
		d.drawColor(ruleGrey)
		d.f.SetLineWidth(0.2)
		d.f.Line(margin, y, margin+width, y)
		d.font(true, size)
		total := l.T("ratings.total", "Rc", c.Average(), "W", l.Figure(c.Score, true), "N", c.Games,
			"We", l.Decimal(c.Expected, 2), "Chg", l.Signed(c.Score-c.Expected, 2), "Change", l.Signed(c.Value, 2))
		y += rowH
		d.text(margin+width-d.f.GetStringWidth(total)-cellPad, y-rowH*0.3, total)
	}
}

// orDash returns s, or "-" when it is empty.
func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
