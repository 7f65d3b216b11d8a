package reports

import (
	"errors"
	"io"
	"strconv"
	"strings"

	"github.com/labyrinth-chess/arbiter/prizes"
)

// The prize list: who wins what, for the wall (WritePrizes) and as a
// sheet of the workbook. Event.Prizes holds it, computed by the caller.

// mark is the decimal mark of the event's language.
func (v *view) mark() string { return v.l.Decimal(0.5, 1)[1:2] }

// listTitle heads a list of the prize list: "General standings",
// "Category U1600: rated below 1600 or unrated (11 players)".
func (v *view) listTitle(list *prizes.List, category string) string {
	if category == "" {
		return v.l.T("prizes.generaltitle")
	}
	c := list.Rules.Category(category)
	n := list.Outcome.Players[c.Name]
	return v.l.N("prizes.categorytitle", n, "Name", c.Name, "What", v.l.Word(c.Phrase()), "Count", n)
}

// placeText writes an award's place, "1", or the places shared, "1-3".
func placeText(from, to int) string {
	if to > from {
		return strconv.Itoa(from) + "-" + strconv.Itoa(to)
	}
	return strconv.Itoa(from)
}

// sharedText says with whom an award's money is shared, by name: "1-2
// with Moreau, Théo".
func (v *view) sharedText(a prizes.Award) string {
	if len(a.Group) == 0 {
		return ""
	}
	var with []string
	for _, pn := range a.SharedWith() {
		with = append(with, v.player(pn).Name)
	}
	return v.l.T("prizes.shared", "Places", placeText(a.From, a.To), "With", strings.Join(with, "; "))
}

// unawardedText says why a prize goes to no one.
func (v *view) unawardedText(u prizes.Unawarded) string {
	if u.Reason == prizes.TooFew {
		return v.l.N("prizes.toofew", u.Players, "Count", u.Players)
	}
	return v.l.T("prizes.noone")
}

// rulesLine says how the prizes are shared and which a player keeps.
func (v *view) rulesLine(r prizes.Rules) string {
	prefer := "prizes.prefer.general"
	if r.CategoryFirst {
		prefer = "prizes.prefer.category"
	}
	return v.l.T("prizes.sharing."+r.Sharing.String()) + " " + v.l.T(prefer)
}

// prizeRow is a row of the prize list as printed: place, prize, what is
// won, the player, with whom it is shared.
func (v *view) prizeRow(row prizes.Row, before1 bool) []string {
	cells := []string{v.l.Ordinal(row.Place), "", "", "", ""}
	if row.Prize != nil {
		cells[1] = row.Prize.Text(v.mark())
	}
	switch {
	case row.Award != nil:
		cells[2] = row.Award.Text(v.mark())
		cells[3] = v.player(row.Award.PN).Name
		cells[4] = v.sharedText(*row.Award)
	case row.Unawarded != nil:
		cells[2] = "-"
		cells[3] = v.unawardedText(*row.Unawarded)
	case !before1:
		cells[2] = "-"
	}
	return cells
}

// WritePrizes prints the prize list of ev.Prizes to w, for the wall: how
// level players share and which prize a player keeps, then each list
// (the general standings, then each category) with its places, the prize
// announced, what its player wins, the player, and with whom it is
// shared. It returns an error if ev is inconsistent, has no prize list,
// or w fails.
func WritePrizes(w io.Writer, ev *Event) error {
	v, err := prepare(ev)
	if err != nil {
		return err
	}
	list := ev.Prizes
	if list.Empty() {
		return errors.New(v.l.T("report.noprizes", "Name", v.t.Name))
	}
	l := v.l
	d := v.afterRound("prizes")
	y := d.newPage(false)
	width := d.width()
	// The rules, wrapped to the page.
	d.font(false, 10)
	for _, line := range d.wrap(v.rulesLine(list.Rules), width) {
		y += 5
		d.text(margin, y, line)
	}
	y += 4
	heads := []string{l.T("col.place"), l.T("col.prize"), l.T("col.won"), l.T("col.name"), l.T("col.shared")}
	align := []string{"R", "R", "R", "L", "L"}
	const size = 11.0
	rowH := size * ptToMM * 1.6
	for _, sec := range list.Sections() {
		var rows [][]string
		for _, r := range sec.Rows {
			rows = append(rows, v.prizeRow(r, list.Round == 0))
		}
		// The column of sharing only where some prize is shared.
		cols := len(heads)
		shared := false
		for _, row := range rows {
			shared = shared || row[4] != ""
		}
		if !shared {
			cols--
		}
		// Widths: the place, the prizes and the sums as wide as they
		// need; the name and the sharing take what is left.
		w := make([]float64, cols)
		for j := range cols {
			d.font(true, size)
			w[j] = d.f.GetStringWidth(heads[j])
			for _, row := range rows {
				d.font(j == 2, size)
				w[j] = max(w[j], d.f.GetStringWidth(row[j]))
			}
			w[j] += 2*cellPad + 2
		}
		rest := width - w[0] - w[1] - w[2]
		if shared {
			w[4] = min(w[4], rest*0.45)
			rest -= w[4]
		}
		w[3] = rest
		// Keep the title with the header and a first row.
		if y+9+2*rowH > d.bottom() {
			y = d.newPage(false)
		}
		y += 8
		d.font(true, 13)
		d.text(margin, y, d.fit(v.listTitle(list, sec.Category), width))
		y += 2
		header := func() {
			d.fillColor(headGrey)
			d.f.Rect(margin, y, width, rowH, "F")
			d.font(true, size)
			x := margin
			for j, h := range heads[:cols] {
				d.cellText(x, y, w[j], rowH, align[j], d.fit(h, w[j]-2*cellPad))
				x += w[j]
			}
			d.drawColor(black)
			d.f.SetLineWidth(0.3)
			d.f.Line(margin, y+rowH, margin+width, y+rowH)
			y += rowH
		}
		header()
		for i, row := range rows {
			if y+rowH > d.bottom() {
				y = d.newPage(false)
				header()
			}
			if i%2 == 1 {
				d.fillColor(zebraGrey)
				d.f.Rect(margin, y, width, rowH, "F")
			}
			x := margin
			for j, c := range row[:cols] {
				d.font(j == 2, size)
				d.cellText(x, y, w[j], rowH, align[j], d.fit(c, w[j]-2*cellPad))
				x += w[j]
			}
			y += rowH
		}
		d.drawColor(ruleGrey)
		d.f.SetLineWidth(0.2)
		d.f.Line(margin, y, margin+width, y)
	}
	return d.finish(w)
}

// wrap cuts s into lines at most width wide in the current font, at
// spaces.
func (d *pdfDoc) wrap(s string, width float64) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(s) {
		try := word
		if line != "" {
			try = line + " " + word
		}
		if line != "" && d.f.GetStringWidth(try) > width {
			lines = append(lines, line)
			try = word
		}
		line = try
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

// prizesSheet is the workbook's prize list: one row a place of each
// list, with the prize announced, what is won (text, and the money as a
// number), the player and with whom it is shared.
func (v *view) prizesSheet(list *prizes.List) *xsheet {
	l := v.l
	sh := &xsheet{name: l.T("sheet.prizes"), freezeCol: 2, landscape: true}
	sh.head = []string{l.T("col.list"), l.T("col.place"), l.T("col.prize"), l.T("col.won"), l.T("col.amount"), l.T("col.pn"), l.T("col.name"), l.T("col.shared")}
	for _, sec := range list.Sections() {
		name := l.T("prizes.generalshort")
		if sec.Category != "" {
			name = sec.Category
		}
		for _, r := range sec.Rows {
			row := []any{name, r.Place, nil, nil, nil, nil, nil, nil}
			if r.Prize != nil {
				row[2] = r.Prize.Text(v.mark())
			}
			switch {
			case r.Award != nil:
				row[3] = optString(r.Award.Text(v.mark()))
				if r.Award.Cents > 0 {
					row[4] = float64(r.Award.Cents) / 100
				}
				row[5] = r.Award.PN
				row[6] = v.player(r.Award.PN).Name
				row[7] = optString(v.sharedText(*r.Award))
			case r.Unawarded != nil:
				row[6] = v.unawardedText(*r.Unawarded)
			}
			sh.rows = append(sh.rows, row)
		}
	}
	return sh
}
