package reports

import (
	"errors"
	"strconv"

	"rsc.io/qr/coding"
)

// qrCodes encodes the QR codes of a document at level M, as qr.Encode
// does, keeping the plan of each version: a plan (where each module of the
// symbol goes) is the same for every code of that size, and making it is
// most of encoding a short text.
type qrCodes struct {
	plans map[coding.Version]*coding.Plan
}

// encode returns the QR code of text: the smallest data encoding that takes
// text, the smallest version that holds it, mask 0.
func (q *qrCodes) encode(text string) (*coding.Code, error) {
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
	for ; enc.Bits(v) > v.DataBytes(level)*8; v++ {
		if v == coding.MaxVersion {
			return nil, errors.New("reports: text too long to encode as QR")
		}
	}
	p := q.plans[v]
	if p == nil {
		var err error
		if p, err = coding.NewPlan(v, level, 0); err != nil {
			return nil, err
		}
		if q.plans == nil {
			q.plans = map[coding.Version]*coding.Plan{}
		}
		q.plans[v] = p
	}
	return p.Encode(enc)
}

// qr draws a QR code of text with its top left corner at (x, y), size
// millimetres on a side, quiet zone included; text that cannot be
// encoded draws nothing. The modules are filled rectangles, so the code
// stays sharp at any zoom and the file stays the same for the same text.
//
// The rectangles are written as fpdf's Rect writes them, each a run of
// black modules in a row, with the numbers of each column, row and run
// length formatted once per code rather than once per rectangle.
func (d *pdfDoc) qr(x, y, size float64, text string) {
	c, err := d.codes.encode(text)
	if err != nil {
		return
	}
	const quiet = 2 // modules of white around the code
	m := size / float64(c.Size+2*quiet)
	d.fillColor(black)
	k := d.f.GetConversionRatio()
	_, h := d.f.GetPageSize()
	num := func(b []byte, v float64) []byte { return strconv.AppendFloat(b, v, 'f', 2, 64) }
	// The numbers of Rect(x+(quiet+col)*m, y+(quiet+r)*m, n*m, m, "F"),
	// as Rect writes them: x*k, (h-y)*k, w*k, -h*k.
	cols, rows, runs := make([]string, c.Size), make([]string, c.Size), make([]string, c.Size)
	var b []byte
	for i := range c.Size {
		b = num(b[:0], (x+float64(quiet+i)*m)*k)
		cols[i] = string(b)
		b = num(b[:0], (h-(y+float64(quiet+i)*m))*k)
		rows[i] = string(b)
		b = num(b[:0], float64(i+1)*m*k)
		runs[i] = string(b)
	}
	high := string(num(nil, -m*k))
	out := make([]byte, 0, 8192)
	for r := 0; r < c.Size; r++ {
		for col := 0; col < c.Size; {
			if !c.Black(col, r) {
				col++
				continue
			}
			run := col
			for run < c.Size && c.Black(run, r) {
				run++
			}
			out = append(out, cols[col]...)
			out = append(out, ' ')
			out = append(out, rows[r]...)
			out = append(out, ' ')
			out = append(out, runs[run-col-1]...)
			out = append(out, ' ')
			out = append(out, high...)
			out = append(out, " re f\n"...)
			col = run
		}
	}
	if len(out) > 0 {
		// RawWriteStr ends the line itself.
		d.f.RawWriteStr(string(out[:len(out)-1]))
	}
}
