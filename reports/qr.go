package reports

import (
	"rsc.io/qr"
)

// qr draws a QR code of text with its top left corner at (x, y), size
// millimetres on a side, quiet zone included; text that cannot be
// encoded draws nothing. The modules are filled rectangles, so the code
// stays sharp at any zoom and the file stays the same for the same text.
func (d *pdfDoc) qr(x, y, size float64, text string) {
	c, err := qr.Encode(text, qr.M)
	if err != nil {
		return
	}
	const quiet = 2 // modules of white around the code
	m := size / float64(c.Size+2*quiet)
	d.fillColor(black)
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
			d.f.Rect(x+float64(quiet+col)*m, y+float64(quiet+r)*m, float64(run-col)*m, m, "F")
			col = run
		}
	}
}
