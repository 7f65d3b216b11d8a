package web

import (
	"strings"
	"testing"

	"rsc.io/qr"
)

func TestWiFiText(t *testing.T) {
	tests := []struct {
		ssid, password, want string
	}{
		{"Labyrinth", "scacco matto", "WIFI:T:WPA;S:Labyrinth;P:scacco matto;;"},
		{`Club;"A",B:C\D`, `p;a:s,s"\`, `WIFI:T:WPA;S:Club\;\"A\"\,B\:C\\D;P:p\;a\:s\,s\"\\;;`},
		{"Open", "", "WIFI:T:nopass;S:Open;;"},
		{"", "secret", ""},
	}
	for _, tt := range tests {
		if got := WiFiText(tt.ssid, tt.password); got != tt.want {
			t.Errorf("WiFiText(%q, %q) = %q, want %q", tt.ssid, tt.password, got, tt.want)
		}
	}
}

// TestQRSVG: the image has one square per dark module of the code, and
// its label is text.
func TestQRSVG(t *testing.T) {
	text := WiFiText("Labyrinth", "secret")
	svg, err := qrSVG(text, `Wi-Fi <b>"x"</b>`)
	if err != nil {
		t.Fatal(err)
	}
	c, err := qr.Encode(text, qr.M)
	if err != nil {
		t.Fatal(err)
	}
	dark := 0
	for y := 0; y < c.Size; y++ {
		for x := 0; x < c.Size; x++ {
			if c.Black(x, y) {
				dark++
			}
		}
	}
	if got := strings.Count(string(svg), "h1v1h-1z"); got != dark || dark == 0 {
		t.Errorf("the SVG draws %d modules, the code has %d", got, dark)
	}
	if strings.Contains(string(svg), "<b>") || !strings.Contains(string(svg), "&lt;b&gt;") {
		t.Errorf("the label is not escaped: %s", svg[:200])
	}
}
