package reports

import (
	"bytes"
	"strings"
	"testing"

	"rsc.io/qr"
)

// TestQRCodes: the codes made with a kept plan are those qr.Encode makes,
// and a text too long for any code is refused.
func TestQRCodes(t *testing.T) {
	var codes qrCodes
	for _, text := range []string{
		"12345",
		"HTTP://192.168.1.2:8080/B/ABC",
		"http://192.168.43.10:8080/b/abcdefghijklmnopqrstuvwxyz",
		"http://192.168.43.10:8080/b/zyxwvutsrqponmlkjihgfedcba",
		"http://arbiter.local/p/" + strings.Repeat("x", 300),
	} {
		want, err := qr.Encode(text, qr.M)
		if err != nil {
			t.Fatal(err)
		}
		for range 2 { // the second time with the plan kept
			got, err := codes.encode(text)
			if err != nil {
				t.Fatalf("encode(%q): %v", text, err)
			}
			if got.Size != want.Size || !bytes.Equal(got.Bitmap, want.Bitmap) {
				t.Fatalf("encode(%q) is not the code qr.Encode makes", text)
			}
		}
	}
	if _, err := codes.encode(strings.Repeat("é", 3000)); err == nil {
		t.Error("encode of 6,000 bytes made a code")
	}
}
