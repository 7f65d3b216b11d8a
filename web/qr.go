package web

import (
	"io"
	"strings"

	"rsc.io/qr"
)

// TerminalQR writes a QR code of text to w with Unicode half blocks, two
// rows of modules per line, dark modules as spaces on a light frame so
// that it scans on dark and light terminals alike. Text that cannot be
// encoded writes nothing.
func TerminalQR(w io.Writer, text string) error {
	c, err := qr.Encode(text, qr.L)
	if err != nil {
		return err
	}
	const quiet = 2
	n := c.Size + 2*quiet
	light := func(x, y int) bool {
		x, y = x-quiet, y-quiet
		return x < 0 || y < 0 || x >= c.Size || y >= c.Size || !c.Black(x, y)
	}
	var b strings.Builder
	for y := 0; y < n; y += 2 {
		for x := 0; x < n; x++ {
			top, bottom := light(x, y), y+1 < n && light(x, y+1)
			switch {
			case top && bottom:
				b.WriteString("█")
			case top:
				b.WriteString("▀")
			case bottom:
				b.WriteString("▄")
			default:
				b.WriteString(" ")
			}
		}
		b.WriteString("\n")
	}
	_, err = io.WriteString(w, b.String())
	return err
}
