package web

import (
	"fmt"
	"html/template"
	"strings"

	"rsc.io/qr"
)

// WiFiText returns what a phone's camera reads to join a network: the
// WIFI: scheme of the ZXing barcode contents ("WIFI:T:WPA;S:club;P:
// secret;;"), with \ ; , : and " escaped by a backslash. Without a
// password the network is open (T:nopass). "" without an SSID.
func WiFiText(ssid, password string) string {
	if ssid == "" {
		return ""
	}
	esc := strings.NewReplacer(`\`, `\\`, `;`, `\;`, `,`, `\,`, `:`, `\:`, `"`, `\"`)
	if password == "" {
		return "WIFI:T:nopass;S:" + esc.Replace(ssid) + ";;"
	}
	return "WIFI:T:WPA;S:" + esc.Replace(ssid) + ";P:" + esc.Replace(password) + ";;"
}

// qrSVG draws a QR code of text as an inline SVG image, one square per
// dark module on a light frame of four modules (the quiet zone ISO/IEC
// 18004 asks for), labelled for screen readers.
func qrSVG(text, label string) (template.HTML, error) {
	c, err := qr.Encode(text, qr.M)
	if err != nil {
		return "", err
	}
	const quiet = 4
	n := c.Size + 2*quiet
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" class="qr" viewBox="0 0 %d %d" role="img" aria-label="%s" shape-rendering="crispEdges">`,
		n, n, template.HTMLEscapeString(label))
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="#fff"/><path fill="#000" d="`, n, n)
	for y := 0; y < c.Size; y++ {
		for x := 0; x < c.Size; x++ {
			if c.Black(x, y) {
				fmt.Fprintf(&b, "M%d %dh1v1h-1z", x+quiet, y+quiet)
			}
		}
	}
	b.WriteString(`"/></svg>`)
	// Only numbers and the escaped label are written: safe as HTML.
	return template.HTML(b.String()), nil
}
