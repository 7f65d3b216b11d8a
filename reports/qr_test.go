package reports

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"rsc.io/qr"
)

// TestQRCodes: the codes made with a kept plan are those qr.Encode makes,
// and the rectangles drawn cover every black module once and no white one.
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
		got, _ := codes.encode(text)
		covered := make([]int, got.Size*got.Size)
		for _, r := range qrRects(got) {
			for y := r.row; y < r.row+r.h; y++ {
				for x := r.col; x < r.col+r.w; x++ {
					covered[y*got.Size+x]++
				}
			}
		}
		for y := range got.Size {
			for x := range got.Size {
				want := 0
				if got.Black(x, y) {
					want = 1
				}
				if c := covered[y*got.Size+x]; c != want {
					t.Fatalf("%q: module (%d, %d) covered %d times, want %d", text, x, y, c, want)
				}
			}
		}
	}
	if _, err := codes.encode(strings.Repeat("é", 3000)); err == nil {
		t.Error("encode of 6,000 bytes made a code")
	}
}

// TestQRPrepare: the codes prepare makes, the cores sharing them, are
// drawn as those made one at a time; a text no code holds is refused
// either way.
func TestQRPrepare(t *testing.T) {
	var texts []string
	for i := range 40 {
		texts = append(texts, fmt.Sprintf("http://192.168.43.10:8080/b/%032x", i*7919))
	}
	long := strings.Repeat("é", 3000)
	texts = append(texts, long, "12345")
	var prepared, alone qrCodes
	prepared.prepare(texts)
	for _, text := range texts {
		got, gotErr := prepared.drawn(text)
		want, wantErr := alone.drawn(text)
		if (gotErr == nil) != (wantErr == nil) {
			t.Fatalf("drawn(%.20q) after prepare: error %v, alone %v", text, gotErr, wantErr)
		}
		if gotErr == nil && (got.size != want.size || !bytes.Equal(got.rects, want.rects)) {
			t.Errorf("drawn(%q) after prepare differs from drawn alone", text)
		}
	}
	if _, ok := prepared.made[long]; ok {
		t.Error("prepare kept a code for a text too long for any")
	}
}

// TestAppendModules: a count of modules is written as strconv writes it.
func TestAppendModules(t *testing.T) {
	for n := -3; n <= 1200; n++ {
		if got, want := string(appendModules([]byte("x"), n)), "x"+strconv.Itoa(n); got != want {
			t.Fatalf("appendModules(%d) = %q, want %q", n, got, want)
		}
	}
}
