package reports

import (
	"bytes"
	"compress/zlib"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
	"golang.org/x/text/encoding/charmap"
)

// TestCodePageFonts: the fonts of fonts/ (gen_fonts.go) are the Go fonts,
// page by page: page 0 holds every printable character of code page 1252
// at its code, with no encoding of its own (the PDF's WinAnsiEncoding is
// the code page), and the other pages hold every other character of the
// Basic Multilingual Plane the Go fonts have, each once. Every character
// has the Go fonts' outline and advance, and in the definition the width
// fpdf measures with, in thousandths of the font size.
func TestCodePageFonts(t *testing.T) {
	fp, err := goPages()
	if err != nil {
		t.Fatal(err)
	}
	if len(fp.def) < 2 {
		t.Fatalf("%d pages of fonts, want the code page and more", len(fp.def))
	}
	for b, tc := range []struct {
		name     string
		whole    []byte
		baseFont string
	}{
		{"regular", goregular.TTF, "GoRegular"},
		{"bold", gobold.TTF, "Go-Bold"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			whole, err := sfnt.Parse(tc.whole)
			if err != nil {
				t.Fatal(err)
			}
			var b1, b2 sfnt.Buffer
			upem := fixed.Int26_6(whole.UnitsPerEm())
			// Where each character of the Go font should be.
			want := map[rune]pageCode{}
			for r := rune(0x20); r <= 0xFFFF; r++ {
				if c, ok := charmap.Windows1252.EncodeRune(r); ok && c >= 0x20 && c != 0x7F && r != '\uFFFD' {
					want[r] = pageCode{0, c}
					continue
				}
				if g, err := whole.GlyphIndex(&b2, r); err == nil && g != 0 && r >= 0x80 {
					pc, ok := fp.code[r]
					if !ok || pc.page == 0 {
						t.Errorf("%q (%U): in the Go font, in no page of fonts/", r, r)
						continue
					}
					want[r] = pc
				}
			}
			for page := range fp.def {
				var def struct {
					Tp, Name, Diff, File string
					Cw                   []int
					OriginalSize         int
				}
				if err := json.Unmarshal(fp.def[page][b], &def); err != nil {
					t.Fatal(err)
				}
				name := tc.baseFont
				if page > 0 {
					name = fmt.Sprintf("%s-%d", name, page)
				}
				if def.Tp != "TrueType" || def.Name != name || (page == 0) != (def.Diff == "") || len(def.Cw) != 256 {
					t.Fatalf("page %d: type %q, name %q, differences %q, %d widths; want TrueType, %s, differences only off the code page, 256", page, def.Tp, def.Name, def.Diff, len(def.Cw), name)
				}
				zr, err := zlib.NewReader(bytes.NewReader(fp.z[page][b]))
				if err != nil {
					t.Fatal(err)
				}
				cutTTF, err := io.ReadAll(zr)
				if err != nil {
					t.Fatal(err)
				}
				if len(cutTTF) != def.OriginalSize {
					t.Errorf("page %d: font file of %d bytes, definition says %d", page, len(cutTTF), def.OriginalSize)
				}
				cut, err := sfnt.Parse(cutTTF)
				if err != nil {
					t.Fatal(err)
				}
				n := 0
				for r, pc := range want {
					if int(pc.page) != page {
						continue
					}
					n++
					gc, err1 := cut.GlyphIndex(&b1, r)
					gw, err2 := whole.GlyphIndex(&b2, r)
					if err1 != nil || err2 != nil || gc == 0 || gw == 0 {
						t.Errorf("%q (%U): glyph %d in page %d, %d in the Go font (%v, %v)", r, r, gc, page, gw, err1, err2)
						continue
					}
					ac, _ := cut.GlyphAdvance(&b1, gc, upem, font.HintingNone)
					aw, _ := whole.GlyphAdvance(&b2, gw, upem, font.HintingNone)
					if ac != aw {
						t.Errorf("%q: advance %v in page %d, %v in the Go font", r, ac, page, aw)
					}
					if w := int(math.Round(1000 * float64(aw) / float64(upem))); def.Cw[pc.code] != w {
						t.Errorf("%q: width %d at code %#x of page %d, want %d", r, def.Cw[pc.code], pc.code, page, w)
					}
					sc, _ := cut.LoadGlyph(&b1, gc, upem, nil)
					sw, _ := whole.LoadGlyph(&b2, gw, upem, nil)
					if !reflect.DeepEqual(sc, sw) {
						t.Errorf("%q: outline of %d segments in page %d, %d in the Go font, not the same", r, len(sc), page, len(sw))
					}
				}
				if n == 0 || n > 224 {
					t.Errorf("page %d holds %d characters, want 1 to 224", page, n)
				}
			}
		})
	}
}

// TestSheetFonts: a sheet whose text is all in code page 1252 embeds only
// the code page's fonts; a name outside it (Dvořák) adds the page of the
// style it is drawn in, and the text reads the same either way.
func TestSheetFonts(t *testing.T) {
	latin := sampleEvent(t)
	for i := range latin.Entries {
		p := &latin.Entries[i].Player
		p.Name, p.Club = fmt.Sprintf("Player %d, Ànna", i+1), "Circolo Città"
	}
	for _, tc := range []struct {
		name      string
		ev        *Event
		whole     bool
		wantWords []string
	}{
		{"code page", latin, false, []string{"Player 1, Ànna", "Circolo Città", "Labyrinth Blitz – Spring & Summer 2025"}},
		{"page 1", sampleEvent(t), true, []string{"Dvořák, Jiří", "ŠK Vyšehrad", "Ferrà, Nicolò"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := WriteStandings(&b, tc.ev); err != nil {
				t.Fatal(err)
			}
			pdf := b.Bytes()
			for _, f := range []string{"/BaseFont /GoRegular", "/BaseFont /Go-Bold"} {
				if !bytes.Contains(pdf, []byte(f)) {
					t.Errorf("no %s in the sheet", f)
				}
			}
			if got := bytes.Contains(pdf, []byte("/BaseFont /GoRegular-1")); got != tc.whole {
				t.Errorf("page 1 of the Go font embedded: %v, want %v", got, tc.whole)
			}
			if bytes.Contains(pdf, []byte("/BaseFont /utf8")) {
				t.Error("the whole Go font embedded")
			}
			text := pdfText(t, pdf)
			for _, w := range tc.wantWords {
				if !strings.Contains(text, w) {
					t.Errorf("the sheet does not read %q:\n%s", w, text)
				}
			}
		})
	}
}
