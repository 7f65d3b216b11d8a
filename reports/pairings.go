package reports

import (
	"cmp"
	"io"
	"slices"
	"strconv"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/scoring"
)

// WritePairings prints the wall sheet of round r to w: in large type, one
// line per board with the board number, White and his points before the
// round, a box for the result (filled in when the result is known), Black
// and his points; below, the players without a board (byes, absences,
// withdrawals). Then come the pages players look at first: every player of
// the round in alphabetical order (accents and case folded) with the board
// and colour. It returns an error if ev is inconsistent, round r is not in
// ev.Rounds, or w fails.
func WritePairings(w io.Writer, ev *Event, r int) error {
	v, err := prepare(ev)
	if err != nil {
		return err
	}
	rd, err := v.round(r)
	if err != nil {
		return err
	}
	d := v.newPDF(v.l.T("pairings.title", "Round", r))
	d.pairingBoards(rd)
	d.pairingAbsences(rd)
	d.alphabetical(rd)
	return d.finish(w)
}

// Layout of the wall sheet, in millimetres and points.
const (
	boardRowH   = 9.5
	boardHeadH  = 7.0
	boardColW   = 13.0
	pointsColW  = 14.0
	resultColW  = 26.0
	nameSize    = 14.0
	leastName   = 9.0
	absenceRowH = 8.0
)

// pairingBoards draws the boards of rd, as many pages as they take.
func (d *pdfDoc) pairingBoards(rd *arbiter.Round) {
	v := d.v
	nameW := (d.width() - boardColW - 2*pointsColW - resultColW) / 2
	cols := []struct {
		head, align string
		w           float64
	}{
		{v.l.T("col.board"), "C", boardColW}, {v.l.T("col.white"), "L", nameW}, {v.l.T("col.points"), "R", pointsColW},
		{v.l.T("col.result"), "C", resultColW}, {v.l.T("col.black"), "L", nameW}, {v.l.T("col.points"), "R", pointsColW},
	}
	full := d.width()
	y := d.bottom()
	header := func() {
		y = d.newPage(false)
		d.fillColor(headGrey)
		d.f.Rect(margin, y, full, boardHeadH, "F")
		d.font(true, 10)
		x := margin
		for _, c := range cols {
			d.cellText(x, y, c.w, boardHeadH, c.align, c.head)
			x += c.w
		}
		y += boardHeadH
	}
	bs := boards(rd)
	if len(bs) == 0 {
		header()
	}
	fit := int((d.bottom() - contentTop - boardHeadH) / boardRowH)
	split := balance(len(bs), fit)
	for i, b := range bs {
		if len(split) > 0 && i == split[0] {
			header()
			split = split[1:]
		}
		if i%2 == 1 {
			d.fillColor(zebraGrey)
			d.f.Rect(margin, y, full, boardRowH, "F")
		}
		x := margin
		d.font(true, nameSize)
		d.cellText(x, y, boardColW, boardRowH, "C", strconv.Itoa(b.Number))
		x += boardColW
		d.cellText(x, y, nameW, boardRowH, "L", d.fitName(false, boardLabel(v, b.White), nameW-2*cellPad, nameSize, leastName))
		x += nameW
		d.font(false, 12)
		d.cellText(x, y, pointsColW, boardRowH, "R", v.before(b.White, rd.Number).Fraction())
		x += pointsColW
		if v.t.System == arbiter.DoubleSwiss {
			d.matchBoxes(x, y, b)
		} else {
			d.resultBox(x, y, b.Result)
		}
		x += resultColW
		d.cellText(x, y, nameW, boardRowH, "L", d.fitName(false, boardLabel(v, b.Black), nameW-2*cellPad, nameSize, leastName))
		x += nameW
		d.font(false, 12)
		d.cellText(x, y, pointsColW, boardRowH, "R", v.before(b.Black, rd.Number).Fraction())
		y += boardRowH
	}
	d.drawColor(ruleGrey)
	d.f.SetLineWidth(0.2)
	d.f.Line(margin, y, margin+full, y)
	d.f.SetY(y)
}

// balance returns the indexes of the boards that start a page when n
// boards go on pages of at most fit boards each: as few pages as will do,
// sharing the boards evenly, the first pages one board longer when they
// do not share exactly (30 boards, 25 to a page: 15 and 15, not 25 and 5).
func balance(n, fit int) []int {
	fit = max(fit, 1)
	pages := (n + fit - 1) / fit
	var starts []int
	at := 0
	for p := range pages {
		starts = append(starts, at)
		at += n / pages
		if p < n%pages {
			at++
		}
	}
	return starts
}

// resultBox draws the box of a board's result in the result column whose
// top left corner is (x, y), with the result written in when it is known.
func (d *pdfDoc) resultBox(x, y float64, r arbiter.Result) {
	const bw, bh = 20.0, 7.0
	bx, by := x+(resultColW-bw)/2, y+(boardRowH-bh)/2
	d.fillColor(white)
	d.drawColor(black)
	d.f.SetLineWidth(0.3)
	d.f.Rect(bx, by, bw, bh, "FD")
	if s := resultText(r); s != "" {
		d.font(true, 12)
		d.cellText(bx, by, bw, bh, "C", s)
	}
}

// matchBoxes draws, for a board of a Double-Swiss tournament (C.04.5),
// two result boxes side by side in the result column whose top left
// corner is (x, y): game 1, then game 2 with the colours reversed, each
// written in when known in its own game's colours.
func (d *pdfDoc) matchBoxes(x, y float64, b arbiter.Board) {
	const bw, bh, gap = 11.5, 7.0, 1.0
	bx, by := x+(resultColW-2*bw-gap)/2, y+(boardRowH-bh)/2
	for k, r := range []arbiter.Result{b.Result, b.Second} {
		x := bx + float64(k)*(bw+gap)
		d.fillColor(white)
		d.drawColor(black)
		d.f.SetLineWidth(0.3)
		d.f.Rect(x, by, bw, bh, "FD")
		if s := resultText(r); s != "" {
			d.font(true, 8)
			d.cellText(x, by, bw, bh, "C", s)
		}
	}
}

// pairingAbsences lists the players of rd without a board under the boards,
// on a new page if they do not fit.
func (d *pdfDoc) pairingAbsences(rd *arbiter.Round) {
	abs := d.v.absences(rd)
	if len(abs) == 0 {
		return
	}
	y := d.f.GetY() + 8
	if y+10+absenceRowH*float64(min(len(abs), 3)) > d.bottom() {
		y = d.newPage(false)
	}
	d.font(true, 12)
	d.text(margin, y+4, d.v.l.T("pairings.absent"))
	y += 7
	nameW := d.width() - pointsColW - 80
	for _, a := range abs {
		if y+absenceRowH > d.bottom() {
			y = d.newPage(false)
		}
		d.cellText(margin, y, nameW, absenceRowH, "L", d.fitName(false, d.v.player(a.PN).Name, nameW-2*cellPad, 13, leastName))
		d.font(false, 12)
		d.cellText(margin+nameW, y, pointsColW, absenceRowH, "R", d.v.before(a.PN, rd.Number).Fraction())
		d.cellText(margin+nameW+pointsColW+4, y, 76, absenceRowH, "L", d.v.absenceText(a))
		y += absenceRowH
	}
}

// absenceText says why a player has no board and what the round gives him:
// "pairing-allocated bye: 1 point", "withdrawn".
func (v *view) absenceText(a absence) string {
	switch a.Kind {
	case scoring.PAB, scoring.HalfBye, scoring.FullBye, scoring.ZeroBye:
		// The plural rule counts whole points; half a point reads
		// as one: "½ point", "½ punto".
		n := int(a.Points / arbiter.One)
		if a.Points == arbiter.Half {
			n = 1
		}
		return v.l.N("absence.points", n, "Label", a.Label, "Points", a.Points.Fraction())
	}
	return a.Label
}

// Layout of the alphabetical list.
const (
	alphaSize = 11.0
	alphaRowH = 6.2
	alphaGap  = 8.0
)

// alphabetical prints every player of rd with the board and colour, in two
// columns per page, sorted by name with accents and case folded.
func (d *pdfDoc) alphabetical(rd *arbiter.Round) {
	type line struct {
		key, name, board, colour string
		pn                       int
	}
	v := d.v
	var lines []line
	add := func(pn int, board, colour string) {
		name := v.player(pn).Name
		lines = append(lines, line{key: arbiter.FoldName(name), name: name, board: board, colour: colour, pn: pn})
	}
	for _, b := range rd.Boards {
		add(b.White, strconv.Itoa(b.Number), v.l.T("colour.white"))
		add(b.Black, strconv.Itoa(b.Number), v.l.T("colour.black"))
	}
	for _, a := range v.absences(rd) {
		if a.Gone {
			continue
		}
		add(a.PN, "–", v.shortAbsence(a.Kind))
	}
	slices.SortFunc(lines, func(a, b line) int {
		if c := cmp.Compare(a.key, b.key); c != 0 {
			return c
		}
		return cmp.Compare(a.pn, b.pn)
	})

	colW := (d.width() - alphaGap) / 2
	boardW, colourW := 16.0, 24.0
	nameW := colW - boardW - colourW
	for len(lines) > 0 {
		top := d.newPage(false)
		d.font(true, 13)
		d.text(margin, top+5, v.l.T("pairings.alphabetical"))
		top += 9
		perCol := int((d.bottom() - top - boardHeadH) / alphaRowH)
		n := min(len(lines), 2*perCol)
		first := (n + 1) / 2 // balance the columns of the last page
		if n == 2*perCol {
			first = perCol
		}
		for c, part := range [][]line{lines[:first], lines[first:n]} {
			x := margin + float64(c)*(colW+alphaGap)
			y := top
			if len(part) == 0 {
				break
			}
			d.fillColor(headGrey)
			d.f.Rect(x, y, colW, boardHeadH, "F")
			d.font(true, 10)
			d.cellText(x, y, nameW, boardHeadH, "L", v.l.T("col.name"))
			d.cellText(x+nameW, y, boardW, boardHeadH, "C", v.l.T("col.board"))
			d.cellText(x+nameW+boardW, y, colourW, boardHeadH, "L", v.l.T("col.colour"))
			y += boardHeadH
			for i, l := range part {
				if i%2 == 1 {
					d.fillColor(zebraGrey)
					d.f.Rect(x, y, colW, alphaRowH, "F")
				}
				d.cellText(x, y, nameW, alphaRowH, "L", d.fitName(false, l.name, nameW-2*cellPad, alphaSize, 7))
				d.font(true, alphaSize)
				d.cellText(x+nameW, y, boardW, alphaRowH, "C", l.board)
				d.font(false, alphaSize)
				d.cellText(x+nameW+boardW, y, colourW, alphaRowH, "L", l.colour)
				y += alphaRowH
			}
		}
		lines = lines[n:]
	}
}

// shortAbsence names a player's round without a board in a few letters.
func (v *view) shortAbsence(k scoring.Kind) string {
	switch k {
	case scoring.PAB:
		return v.l.T("short.pab")
	case scoring.HalfBye:
		return v.l.T("short.halfbye")
	case scoring.FullBye:
		return v.l.T("short.fullbye")
	case scoring.ZeroBye:
		return v.l.T("short.zerobye")
	}
	return v.l.T("short.notpaired")
}

// Layout of the result slips: five to an A4 page.
const (
	slipsPerPage = 5
	slipTop      = 8.0
	slipH        = (pageH - 2*slipTop) / slipsPerPage
)

// WriteSlips prints one result slip per board of round r to w, five to an
// A4 page with dashed lines to cut along. Each slip has the tournament,
// round and board, both players with their points, boxes to tick 1-0, ½-½
// or 0-1, and a signature line for each player; the slips of the last
// round, when ev.Codes has the board, a QR code of the board's page. A
// slip carries no PIN: it lies on the board for both players, and each
// player's PIN is on their own card (WritePINCards). It returns an error
// if ev is inconsistent, round r is not in ev.Rounds, or w fails.
func WriteSlips(w io.Writer, ev *Event, r int) error {
	v, err := prepare(ev)
	if err != nil {
		return err
	}
	rd, err := v.round(r)
	if err != nil {
		return err
	}
	bs := boards(rd)
	// The QR codes those slip draws are made meanwhile, from before the
	// fonts are read.
	var codes qrCodes
	if r == len(v.ev.Rounds) && v.t.System != arbiter.DoubleSwiss {
		var urls []string
		for _, b := range bs {
			if code, ok := v.ev.Codes[b.Number]; ok {
				urls = append(urls, code.URL)
			}
		}
		codes.prepare(urls)
	}
	d := v.newPDF(v.l.T("slips.title", "Round", r))
	d.codes = codes
	if len(bs) == 0 {
		d.newPage(false)
		d.font(false, 12)
		d.text(margin, contentTop+6, v.l.T("slips.none"))
	}
	for i, b := range bs {
		k := i % slipsPerPage
		if k == 0 {
			d.f.AddPageFormat("P", a4())
			d.fontSet = false // the page may hold another font
			d.landscape = false
		}
		y := slipTop + float64(k)*slipH
		d.slip(y, rd.Number, b)
		if k < slipsPerPage-1 {
			d.cutLine(y + slipH)
		}
	}
	return d.slipFinish(w, r)
}

// cutLine draws a dashed line to cut along at height y, across the page.
func (d *pdfDoc) cutLine(y float64) {
	d.drawColor(ruleGrey)
	d.f.SetLineWidth(0.2)
	d.f.SetDashPattern([]float64{2, 1.5}, 0)
	d.f.Line(4, y, pageW-4, y)
	d.f.SetDashPattern(nil, 0)
}

// slip draws one result slip whose top is at y. A board of a Double-Swiss
// tournament (C.04.5) gets a column of boxes for each of its two games,
// headed by that game's White, and no QR code: the phones do not report
// matches yet.
func (d *pdfDoc) slip(y float64, round int, b arbiter.Board) {
	v := d.v
	// What every slip of the document writes alike is worded and
	// measured for the first (a round's slips share the round).
	st := &d.slipText
	if !st.set || st.round != round {
		*st = slipTexts{set: true, round: round}
	}
	right := pageW - margin
	d.textColor(darkGrey)
	d.font(false, 9)
	if !st.nameSet {
		st.name, st.nameSet = d.fit(v.t.Name, 120), true
	}
	d.text(margin, y+8, st.name)
	d.textColor(black)
	d.font(true, 16)
	bt := v.l.T("slips.board", "Board", b.Number)
	bw := d.f.GetStringWidth(bt)
	d.text(right-bw, y+9, bt)
	d.font(false, 11)
	if !st.roundSet {
		st.roundText = v.l.T("slips.round", "Round", round)
		st.roundW, st.roundSet = d.f.GetStringWidth(st.roundText), true
	}
	d.text(right-bw-5-st.roundW, y+9, st.roundText)

	nameW := 118.0
	ds := v.t.System == arbiter.DoubleSwiss
	if ds {
		nameW = 80 // two columns of result boxes, one a game
	}
	code, coded := v.ev.Codes[b.Number]
	if coded && round == len(v.ev.Rounds) && !ds {
		nameW = 80
		d.qr(right-58, y+11, 24, code.URL)
		// No PIN on the slip: each player's is on their own card.
		d.textColor(darkGrey)
		d.font(false, 7)
		if !st.scanSet {
			st.scan = d.fit(v.l.T("slips.scan"), 60)
			st.scanW, st.scanSet = d.f.GetStringWidth(st.scan), true
		}
		d.text(right-34-st.scanW, y+38, st.scan)
		d.textColor(black)
	}
	if !st.wordsSet {
		st.colours = [2]string{v.l.T("colour.white"), v.l.T("colour.black")}
		st.sigs = [2]string{v.l.T("slips.whitesig"), v.l.T("slips.blacksig")}
		st.wordsSet = true
	}
	for k, side := range []struct {
		label string
		pn    int
	}{{st.colours[0], b.White}, {st.colours[1], b.Black}} {
		ly := y + 18 + float64(k)*11
		d.textColor(darkGrey)
		d.font(false, 9)
		d.text(margin, ly, side.label)
		d.textColor(black)
		name := d.fitName(true, v.player(side.pn).Name, nameW, 14, 9)
		d.text(margin+13, ly, name)
		nw := d.f.GetStringWidth(name)
		d.font(false, 11)
		d.text(margin+13+nw+2, ly, pointsText(v.before(side.pn, round)))
	}

	// Result boxes, stacked on the right: one column, or for a
	// Double-Swiss match one a game, game 2 with the colours reversed
	// (C.04.5), each headed by its White.
	games, top := []int{0}, 13.0
	if ds {
		games, top = []int{1, 2}, 18.0 // below the round and board
	}
	for g, game := range games {
		bx := right - 30 - float64(len(games)-1-g)*34
		if game > 0 {
			white := b.White
			if game == 2 {
				white = b.Black
			}
			d.textColor(darkGrey)
			d.font(false, 7)
			d.text(bx, y+top-2.5, d.fit(v.l.T("slips.game", "Game", game, "White", v.player(white).Name), 32))
			d.textColor(black)
		}
		for k, s := range []string{"1-0", "½-½", "0-1"} {
			by := y + top + float64(k)*8
			d.drawColor(black)
			d.f.SetLineWidth(0.3)
			d.f.Rect(bx, by, 5, 5, "D")
			d.font(true, 13)
			d.text(bx+8, by+4.4, s)
		}
	}

	// Signatures.
	sy := y + slipH - 12
	d.drawColor(black)
	d.f.SetLineWidth(0.25)
	half := (right - margin - 10) / 2
	for k, who := range st.sigs {
		x := margin + float64(k)*(half+10)
		d.f.Line(x, sy, x+half, sy)
		d.textColor(darkGrey)
		d.font(false, 8)
		d.text(x, sy+4, who)
	}
	d.textColor(black)
}

// slipTexts are the texts every slip of a round writes alike, each
// worded and measured once, by the first slip that writes it.
type slipTexts struct {
	set   bool
	round int
	// The tournament's name, cut to its room.
	name    string
	nameSet bool
	// "Round N" and its width.
	roundText string
	roundW    float64
	roundSet  bool
	// The line under the QR code, cut to its room, and its width.
	scan    string
	scanW   float64
	scanSet bool
	// The colours' names and the signature lines' captions.
	colours, sigs [2]string
	wordsSet      bool
}

// slipFinish numbers the slip pages and writes the document: slips carry
// no page header, so only the page number goes at the foot.
func (d *pdfDoc) slipFinish(w io.Writer, round int) error {
	n := d.f.PageCount()
	for p := 1; p <= n; p++ {
		d.f.SetPage(p)
		d.fontSet = false // the page may hold another font
		d.font(false, 7)
		d.textColor(darkGrey)
		s := d.v.l.T("slips.footer", "Round", round, "Page", p, "Pages", n)
		d.text(pageW-margin-d.f.GetStringWidth(s), pageH-3, s)
	}
	return d.output(w)
}

// boardLabel writes a player on the board list as the terminal's table
// does, with the pairing number and the rating: "7 Rossi, Mario (1850)".
func boardLabel(v *view, pn int) string {
	p := v.player(pn)
	s := strconv.Itoa(pn) + " " + p.Name
	if p.Rating != 0 {
		s += " (" + strconv.Itoa(p.Rating) + ")"
	}
	return s
}
