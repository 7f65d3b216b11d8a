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

// TestCodePageFonts: the fonts of fonts/ (gen_fonts.go) are the Go fonts
// for every printable character of code page 1252: the same outline and
// advance, and in the definition the width fpdf measures with, in
// thousandths of the font size; and the definitions carry no encoding of
// their own (the PDF's WinAnsiEncoding is the code page).
func TestCodePageFonts(t *testing.T) {
	for _, tc := range []struct {
		name     string
		def, z   []byte
		whole    []byte
		baseFont string
	}{
		{"regular", regularDef, regularZ, goregular.TTF, "GoRegular"},
		{"bold", boldDef, boldZ, gobold.TTF, "Go-Bold"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var def struct {
				Tp, Name, Diff, File string
				Cw                   []int
				OriginalSize         int
			}
			if err := json.Unmarshal(tc.def, &def); err != nil {
				t.Fatal(err)
			}
			if def.Tp != "TrueType" || def.Name != tc.baseFont || def.Diff != "" || len(def.Cw) != 256 {
				t.Fatalf("definition: type %q, name %q, differences %q, %d widths; want TrueType, %s, none, 256", def.Tp, def.Name, def.Diff, len(def.Cw), tc.baseFont)
			}
			zr, err := zlib.NewReader(bytes.NewReader(tc.z))
			if err != nil {
				t.Fatal(err)
			}
			cutTTF, err := io.ReadAll(zr)
			if err != nil {
				t.Fatal(err)
			}
			if len(cutTTF) != def.OriginalSize {
				t.Errorf("font file of %d bytes, definition says %d", len(cutTTF), def.OriginalSize)
			}
			cut, err := sfnt.Parse(cutTTF)
			if err != nil {
				t.Fatal(err)
			}
			whole, err := sfnt.Parse(tc.whole)
			if err != nil {
				t.Fatal(err)
			}
			var b1, b2 sfnt.Buffer
			upem := fixed.Int26_6(whole.UnitsPerEm())
			for c := 0x20; c < 256; c++ {
				r := charmap.Windows1252.DecodeByte(byte(c))
				if c == 0x7F || r == '\uFFFD' {
					continue
				}
				gc, err1 := cut.GlyphIndex(&b1, r)
				gw, err2 := whole.GlyphIndex(&b2, r)
				if err1 != nil || err2 != nil || gc == 0 || gw == 0 {
					t.Errorf("%q (%#x): glyph %d in the cut font, %d in the Go font (%v, %v)", r, c, gc, gw, err1, err2)
					continue
				}
				ac, _ := cut.GlyphAdvance(&b1, gc, upem, font.HintingNone)
				aw, _ := whole.GlyphAdvance(&b2, gw, upem, font.HintingNone)
				if ac != aw {
					t.Errorf("%q: advance %v in the cut font, %v in the Go font", r, ac, aw)
				}
				if want := int(math.Round(1000 * float64(aw) / float64(upem))); def.Cw[c] != want {
					t.Errorf("%q: width %d in the definition, want %d", r, def.Cw[c], want)
				}
				sc, _ := cut.LoadGlyph(&b1, gc, upem, nil)
				sw, _ := whole.LoadGlyph(&b2, gw, upem, nil)
				if !reflect.DeepEqual(sc, sw) {
					t.Errorf("%q: outline of %d segments in the cut font, %d in the Go font, not the same", r, len(sc), len(sw))
				}
			}
		})
	}
}

// TestSheetFonts: a sheet whose text is all in code page 1252 embeds only
// the cut fonts; one name outside it (Dvořák) adds the whole font's
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
		{"whole font", sampleEvent(t), true, []string{"Dvořák, Jiří", "ŠK Vyšehrad", "Ferrà, Nicolò"}},
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
			if got := bytes.Contains(pdf, []byte("/BaseFont /utf8gou")); got != tc.whole {
				t.Errorf("whole Go font embedded: %v, want %v", got, tc.whole)
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
