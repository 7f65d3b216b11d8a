package reports

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"io"
	"runtime"
	"strconv"
	"sync/atomic"

	"rsc.io/qr/coding"
)

// qrCodes encodes the QR codes of a document at level M, as qr.Encode
// does, keeping the plan of each version: a plan (where each module of the
// symbol goes) is the same for every code of that size, and making it is
// most of encoding a short text.
type qrCodes struct {
	plans map[coding.Version]*qrPlan
	bits  coding.Bits         // room for a code's bits
	made  map[string]*qrDrawn // by prepare, once drawn has had them
	// pending are the codes prepare is making, by text.
	pending map[string]*qrJob
	// code, rects and runs are make's, kept for the next code.
	code  coding.Code
	rects []qrRect
	runs  []int
	// marks are the rectangles of the codes drawn, each standing in the
	// page for a placeholder until the page is compressed (qrMarks).
	marks qrMarks
}

// qrJob is a code prepare makes: d is set, nil for a text no code holds,
// before ready is closed.
type qrJob struct {
	ready chan struct{}
	d     *qrDrawn
}

// encode returns the QR code of text: the smallest data encoding that takes
// text, the smallest version that holds it, mask 0.
func (q *qrCodes) encode(text string) (*coding.Code, error) {
	c := new(coding.Code)
	if err := q.encodeTo(c, text); err != nil {
		return nil, err
	}
	return c, nil
}

// encodeTo is encode into c, whose bitmap it reuses.
func (q *qrCodes) encodeTo(c *coding.Code, text string) error {
	var enc coding.Encoding
	switch {
	case coding.Num(text).Check() == nil:
		enc = coding.Num(text)
	case coding.Alpha(text).Check() == nil:
		enc = coding.Alpha(text)
	default:
		enc = coding.String(text)
	}
	const level = coding.M
	v := coding.Version(coding.MinVersion)
	// A text longer than the largest version holds is refused by the
	// largest version's Encode.
	for v < coding.MaxVersion && enc.Bits(v) > v.DataBytes(level)*8 {
		v++
	}
	p := q.plans[v]
	if p == nil {
		cp, err := coding.NewPlan(v, level, 0)
		if err != nil {
			return err
		}
		p = newQRPlan(cp)
		if q.plans == nil {
			q.plans = map[coding.Version]*qrPlan{}
		}
		q.plans[v] = p
	}
	return p.encode(c, enc, &q.bits)
}

// qrPlan is a plan of the codes of a version, as Plan.Encode reads it,
// laid out for the bitmap: the modules every code of the version has
// alike, and where each bit of the data and check bytes goes.
type qrPlan struct {
	plan         *coding.Plan
	size, stride int
	base         []byte  // the bitmap with every data and check bit 0
	bits         []qrBit // the data and check modules
}

// qrBit is a data or check module: the bit off of the data and check
// bytes, 1 turning the module of bitmap byte at, bit mask, over.
type qrBit struct {
	at   int32
	mask uint8
	off  uint32
}

func newQRPlan(p *coding.Plan) *qrPlan {
	size := len(p.Pixel)
	q := &qrPlan{plan: p, size: size, stride: (size + 7) &^ 7}
	q.base = make([]byte, q.stride*size)
	for y, row := range p.Pixel {
		for x, pix := range row {
			at, mask := y*q.stride+x/8, uint8(1)<<uint(7-x&7)
			if pix&coding.Black != 0 {
				q.base[at] |= mask
			}
			switch pix.Role() {
			case coding.Data, coding.Check:
				q.bits = append(q.bits, qrBit{at: int32(at), mask: mask, off: uint32(pix.Offset())})
			}
		}
	}
	return q
}

// encode writes the code of enc into c as Plan.Encode makes it, with b as
// room for the bits.
func (q *qrPlan) encode(c *coding.Code, enc coding.Encoding, b *coding.Bits) error {
	if err := enc.Check(); err != nil {
		return err
	}
	b.Reset()
	enc.Encode(b, q.plan.Version)
	if b.Bits() > q.plan.DataBytes*8 {
		// Too long: Plan.Encode refuses it, in its words.
		_, err := q.plan.Encode(enc)
		return err
	}
	b.AddCheckBytes(q.plan.Version, q.plan.Level)
	data := b.Bytes()
	c.Size, c.Stride = q.size, q.stride
	c.Bitmap = append(c.Bitmap[:0], q.base...)
	for _, m := range q.bits {
		if data[m.off/8]&(1<<(7-m.off&7)) != 0 {
			c.Bitmap[m.at] ^= m.mask
		}
	}
	return nil
}

// qrDrawn is a QR code as the page draws it: its size in modules, and
// its rectangles in modules, a line "col row w h re f" each.
type qrDrawn struct {
	size  int
	rects []byte
}

// drawn returns the QR code of text as the page draws it: made by
// prepare (waiting for it when it is still being made), or made now.
func (q *qrCodes) drawn(text string) (*qrDrawn, error) {
	if d, ok := q.made[text]; ok {
		return d, nil
	}
	if j, ok := q.pending[text]; ok {
		<-j.ready
		delete(q.pending, text)
		if j.d != nil {
			if q.made == nil {
				q.made = map[string]*qrDrawn{}
			}
			q.made[text] = j.d
			return j.d, nil
		}
		// No code holds text: make says why again.
	}
	return q.make(text)
}

// make makes the QR code of text as the page draws it.
func (q *qrCodes) make(text string) (*qrDrawn, error) {
	c := &q.code
	if err := q.encodeTo(c, text); err != nil {
		return nil, err
	}
	q.rects = qrRectsInto(q.rects[:0], &q.runs, c)
	d := &qrDrawn{size: c.Size, rects: make([]byte, 0, len(q.rects)*16)}
	for _, r := range q.rects {
		d.rects = appendModules(d.rects, r.col)
		d.rects = append(d.rects, ' ')
		d.rects = appendModules(d.rects, r.row)
		d.rects = append(d.rects, ' ')
		d.rects = appendModules(d.rects, r.w)
		d.rects = append(d.rects, ' ')
		d.rects = appendModules(d.rects, r.h)
		d.rects = append(d.rects, " re f\n"...)
	}
	return d, nil
}

// appendModules appends n, a count of modules (0 to 177), in decimal, as
// strconv.AppendInt does.
func appendModules(b []byte, n int) []byte {
	switch {
	case n < 0 || n >= 1000:
		return strconv.AppendInt(b, int64(n), 10)
	case n < 10:
		return append(b, byte('0'+n))
	case n < 100:
		return append(b, byte('0'+n/10), byte('0'+n%10))
	}
	return append(b, byte('0'+n/100), byte('0'+n/10%10), byte('0'+n%10))
}

// prepare starts making the QR codes of texts as the page draws them, in
// their order, on every core but one, and returns at once: drawn waits for each
// code that is not made yet. The page is laid out meanwhile, so that
// the codes of the slips of 500 boards, a fifth of printing them, cost
// little more than the wait for the first.
func (q *qrCodes) prepare(texts []string) {
	var jobs []*qrJob
	var order []string
	for _, t := range texts {
		if _, ok := q.made[t]; ok {
			continue
		}
		if _, ok := q.pending[t]; ok {
			continue
		}
		if q.pending == nil {
			q.pending = map[string]*qrJob{}
		}
		j := &qrJob{ready: make(chan struct{})}
		q.pending[t] = j
		jobs = append(jobs, j)
		order = append(order, t)
	}
	// One core is left to the layout, which draws the codes in the
	// order they are made and would otherwise share its core with them.
	var next atomic.Int64
	for range min(max(runtime.GOMAXPROCS(0)-1, 1), len(jobs)) {
		go func() {
			var own qrCodes // plans are not shared between goroutines
			for {
				i := int(next.Add(1) - 1)
				if i >= len(jobs) {
					return
				}
				jobs[i].d, _ = own.make(order[i]) // nil: drawn says why again
				close(jobs[i].ready)
			}
		}()
	}
}

// qr draws a QR code of text with its top left corner at (x, y), size
// millimetres on a side, quiet zone included; text that cannot be
// encoded draws nothing. The modules are filled rectangles, so the code
// stays sharp at any zoom and the file stays the same for the same text.
//
// The rectangles are laid out in modules: a matrix maps a module's column
// and row to the page, and each rectangle, a run of black modules in a row
// (runs that repeat in the rows below are one rectangle, taller), takes
// four small whole numbers where it took four positions on the page: the
// slips of 500 boards are that much less to write and to compress. Each
// rectangle is filled on its own, as before, so that a viewer that aligns
// a filled rectangle with its pixels keeps the modules sharp.
func (d *pdfDoc) qr(x, y, size float64, text string) {
	c, err := d.codes.drawn(text)
	if err != nil {
		return
	}
	const quiet = 2 // modules of white around the code
	m := size / float64(c.size+2*quiet)
	d.fillColor(black)
	k := d.f.GetConversionRatio()
	_, h := d.f.GetPageSize()
	num := func(b []byte, v float64) []byte { return strconv.AppendFloat(b, v, 'f', -1, 64) }
	out := make([]byte, 0, 128+len(c.rects))
	out = append(out, "q "...)
	out = num(out, m*k)
	out = append(out, " 0 0 "...)
	out = num(out, -m*k)
	out = append(out, ' ')
	out = num(out, (x+quiet*m)*k)
	out = append(out, ' ')
	out = num(out, (h-(y+quiet*m))*k)
	out = append(out, " cm\n"...)
	// The rectangles, in the page when it is compressed: fpdf copies a
	// page's content several times over as it writes the file, and the
	// codes are two thirds of a page of slips.
	out = d.codes.marks.place(out, c.rects)
	// RawWriteStr ends the line itself.
	out = append(out, 'Q')
	d.f.RawWriteStr(string(out))
}

// qrRect is a rectangle of black modules of a QR code: its top left
// module, its width and its height in modules.
type qrRect struct{ col, row, w, h int }

// qrRects covers the black modules of c with rectangles, none
// overlapping: each run of black modules in a row, joined with the same
// run in the rows below.
func qrRects(c *coding.Code) []qrRect {
	var runs []int
	return qrRectsInto(make([]qrRect, 0, c.Size*c.Size/4), &runs, c)
}

// qrRectsInto is qrRects appending to rects, with *runs room for its
// work kept between calls.
func qrRectsInto(rects []qrRect, runs *[]int, c *coding.Code) []qrRect {
	if cap(*runs) < 2*c.Size {
		*runs = make([]int, 2*c.Size)
	}
	// prev[col] and cur[col]: 1 + the rectangle of the run starting at
	// col in the row above and in this row, 0 for none; runs in a row
	// never share a start.
	prev, cur := (*runs)[:c.Size], (*runs)[c.Size:2*c.Size]
	clear(prev)
	// black reports whether module col of row is black, as c.Black does.
	black := func(row []byte, col int) bool { return row[col>>3]&(0x80>>(col&7)) != 0 }
	for r := 0; r < c.Size; r++ {
		clear(cur)
		row := c.Bitmap[r*c.Stride : r*c.Stride+(c.Size+7)/8]
		for col := 0; col < c.Size; {
			if !black(row, col) {
				col++
				continue
			}
			run := col
			for run < c.Size && black(row, run) {
				run++
			}
			if i := prev[col] - 1; i >= 0 && rects[i].w == run-col {
				rects[i].h++
				cur[col] = i + 1
			} else {
				rects = append(rects, qrRect{col: col, row: r, w: run - col, h: 1})
				cur[col] = len(rects)
			}
			col = run
		}
		prev, cur = cur, prev
	}
	return rects
}

// qrMarks are the rectangles of the QR codes of a document that its
// pages hold placeholders for: a placeholder is the document's own
// prefix, 32 random hexadecimal digits after "%qr", then the number of
// its rectangles in 8 hexadecimal digits, and compressPagesMarked puts
// the rectangles in its place as it compresses the page.
type qrMarks struct {
	prefix string
	rects  [][]byte
}

// qrMarkNum is the length of a placeholder's number.
const qrMarkNum = 8

// place appends to b a placeholder for rects.
func (m *qrMarks) place(b, rects []byte) []byte {
	if m.prefix == "" {
		var nonce [16]byte
		rand.Read(nonce[:]) // never fails (crypto/rand)
		m.prefix = "%qr" + hex.EncodeToString(nonce[:])
	}
	b = append(b, m.prefix...)
	n := len(m.rects)
	for k := qrMarkNum - 1; k >= 0; k-- {
		b = append(b, "0123456789abcdef"[n>>(4*k)&15])
	}
	m.rects = append(m.rects, rects)
	return b
}

// write writes data, a page's content, to w with every placeholder in it
// replaced by its rectangles. It reports false for a placeholder that is
// not one of m's.
func (m *qrMarks) write(w io.Writer, data []byte) (bool, error) {
	for m.prefix != "" {
		k := bytes.Index(data, []byte(m.prefix))
		if k < 0 {
			break
		}
		if _, err := w.Write(data[:k]); err != nil {
			return true, err
		}
		data = data[k+len(m.prefix):]
		if len(data) < qrMarkNum {
			return false, nil
		}
		n, err := strconv.ParseUint(string(data[:qrMarkNum]), 16, 32)
		if err != nil || n >= uint64(len(m.rects)) {
			return false, nil
		}
		if _, err := w.Write(m.rects[n]); err != nil {
			return true, err
		}
		data = data[qrMarkNum:]
	}
	_, err := w.Write(data)
	return true, err
}
