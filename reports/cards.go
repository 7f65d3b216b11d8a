package reports

import (
	"cmp"
	"io"
	"slices"
	"strings"

	"github.com/labyrinth-chess/arbiter"
)

// Layout of the PIN cards: ten to an A4 page, two across.
const (
	cardsAcross = 2
	cardsDown   = 5
	cardW       = pageW / cardsAcross
	cardH       = pageH / cardsDown
	cardPad     = 7.0
)

// WritePINCards prints each player's own card to w, ten to an A4 page
// with dashed lines to cut along: the tournament, the player's name and
// pairing number, the player's PIN, and a QR code of the player's own
// page, where a phone signs in with the PIN for the evening. A card is
// handed to its player alone (at the check-in): what one player holds
// then acts for that player only. The cards go in alphabetical order,
// the order of a check-in desk, and only for the players in ev.Cards who
// have not withdrawn. It returns an error if ev is inconsistent or w
// fails.
func WritePINCards(w io.Writer, ev *Event) error {
	v, err := prepare(ev)
	if err != nil {
		return err
	}
	d := v.newPDF(v.l.T("cards.title"))
	var es []*arbiter.Entry
	for _, e := range v.entries {
		if c, ok := ev.Cards[e.PN]; ok && c.PIN != "" && e.Status != arbiter.Withdrawn {
			es = append(es, e)
		}
	}
	slices.SortFunc(es, func(a, b *arbiter.Entry) int {
		if c := cmp.Compare(arbiter.FoldName(a.Player.Name), arbiter.FoldName(b.Player.Name)); c != 0 {
			return c
		}
		return cmp.Compare(a.PN, b.PN)
	})
	if len(es) == 0 {
		d.newPage(false)
		d.font(false, 12)
		d.text(margin, contentTop+6, v.l.T("cards.none"))
	}
	var urls []string
	for _, e := range es {
		if u := ev.Cards[e.PN].URL; u != "" {
			urls = append(urls, u)
		}
	}
	d.codes.prepare(urls)
	per := cardsAcross * cardsDown
	for i, e := range es {
		k := i % per
		if k == 0 {
			d.f.AddPageFormat("P", a4())
			d.fontSet = false // the page may hold another font
			d.landscape = false
			d.cardLines()
		}
		d.card(float64(k%cardsAcross)*cardW, float64(k/cardsAcross)*cardH, e, ev.Cards[e.PN])
	}
	return d.output(w)
}

// cardLines draws the dashed lines to cut the cards of a page along.
func (d *pdfDoc) cardLines() {
	d.drawColor(ruleGrey)
	d.f.SetLineWidth(0.2)
	d.f.SetDashPattern([]float64{2, 1.5}, 0)
	for k := 1; k < cardsDown; k++ {
		d.f.Line(4, float64(k)*cardH, pageW-4, float64(k)*cardH)
	}
	for k := 1; k < cardsAcross; k++ {
		d.f.Line(float64(k)*cardW, 4, float64(k)*cardW, pageH-4)
	}
	d.f.SetDashPattern(nil, 0)
}

// card draws player e's card with its top left corner at (x, y).
func (d *pdfDoc) card(x, y float64, e *arbiter.Entry, c PINCard) {
	v := d.v
	left := x + cardPad
	width := cardW - 2*cardPad
	textW := width
	if c.URL != "" {
		const qrSize = 30
		textW = width - qrSize - 3
		d.qr(x+cardW-cardPad-qrSize, y+cardPad+2, qrSize, c.URL)
	}
	d.textColor(darkGrey)
	d.font(false, 8)
	d.text(left, y+cardPad+3, d.fit(v.t.Name, textW))
	d.textColor(black)
	d.text(left, y+cardPad+14, d.fitName(true, e.Player.Name, textW, 13, 8))
	d.font(false, 9)
	d.text(left, y+cardPad+20, v.l.T("cards.number", "PN", e.PN))
	d.textColor(darkGrey)
	d.font(false, 9)
	d.text(left, y+cardPad+28, v.l.T("cards.pin"))
	d.textColor(black)
	d.font(true, 22)
	d.text(left, y+cardPad+37, c.PIN)
	d.textColor(darkGrey)
	d.font(false, 7)
	ly := y + cardPad + 43
	for _, l := range d.lines(v.l.T("cards.help"), width) {
		if ly > y+cardH-3 {
			break
		}
		d.text(left, ly, l)
		ly += 3.2
	}
	d.textColor(black)
}

// lines breaks s into lines at most w wide in the current font, at
// spaces; a word wider than w is cut to fit.
func (d *pdfDoc) lines(s string, w float64) []string {
	var out []string
	cur := ""
	for _, word := range strings.Fields(s) {
		next := word
		if cur != "" {
			next = cur + " " + word
		}
		if d.f.GetStringWidth(next) <= w || cur == "" {
			cur = next
			continue
		}
		out = append(out, d.fit(cur, w))
		cur = word
	}
	if cur != "" {
		out = append(out, d.fit(cur, w))
	}
	return out
}
