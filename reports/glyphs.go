package reports

import (
	_ "embed"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"codeberg.org/go-pdf/fpdf"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/unicode/norm"

	"github.com/labyrinth-chess/arbiter/text"
)

// pdfFile is the fpdf document with its text made printable: every
// string drawn or measured goes through printable first, so no string the
// store can hold reaches fpdf in a form it cannot take (fpdf panics on
// characters outside the Basic Multilingual Plane and on bytes that are
// not UTF-8) or draws as an empty box.
//
// It draws in one family, the Go fonts, from two fonts of it:
//   - fontFamily ("go"): the Go fonts cut to the characters of Windows
//     code page 1252 (fonts/, made by gen_fonts.go), embedded as they are.
//     Names in Latin letters, every label in English and Italian, ½, – and
//     … are in it: most sheets use nothing else, and cost fpdf no font
//     work (to cut, measure and compress the whole Go fonts was most of
//     the cost of a small sheet).
//   - uniFamily ("gou"): the whole Go fonts, which fpdf cuts to the
//     characters drawn. A style of it is added to the document when a
//     text outside the code page is first met (Dvořák, W−We), and that
//     text is drawn and measured in it; the glyphs are the same.
type pdfFile struct {
	*fpdf.Fpdf
	font    *sfnt.Font // the regular Go font; the bold one covers the same characters
	buf     sfnt.Buffer
	has     map[rune]bool
	near    map[rune]rune // what nearest gave, per character
	lacking []rune        // characters replaced, each once, in order of meeting
	badUTF8 bool          // bytes that are not UTF-8 were met

	// The font selected: its style and size, whether fpdf has the whole
	// font (uni) selected, the styles of it added, and the widths of the
	// code-page fonts (regular, bold) in thousandths of the font size.
	style    string
	size     float64
	bold     bool
	uni      bool
	uniAdded [2]bool
	widths   *[2][256]int
	ansiBuf  []byte // a text in the code page
	wide     []byte // a text in UTF-16

	// What Text needs to write text as fpdf's Text writes it: the
	// current font (family and style), the characters fpdf has recorded
	// as used in each whole font (it embeds those of the font), and the
	// grey levels of text and fill (-1 before they are set, or when not
	// grey).
	current string
	plain   bool // the font's style neither underlines nor strikes out
	used    map[string]*runeSet
	text    int
	fill    int
	textOp  string // the operator that sets the text colour
	line    []byte
	slow    bool // always through fpdf's Text (to test the direct writing)
}

// uniFamily is the family of the whole Go fonts (see pdfFile).
const uniFamily = "gou"

// The Go fonts cut to code page 1252, as fpdf definitions and compressed
// font files.
var (
	//go:embed fonts/go-regular.json
	regularDef []byte
	//go:embed fonts/go-regular.z
	regularZ []byte
	//go:embed fonts/go-bold.json
	boldDef []byte
	//go:embed fonts/go-bold.z
	boldZ []byte
)

// runeSet is a set of characters of the Basic Multilingual Plane.
type runeSet [1 << 16 / 64]uint64

func (s *runeSet) has(r rune) bool { return s[r>>6]&(1<<(r&63)) != 0 }
func (s *runeSet) add(r rune)      { s[r>>6] |= 1 << (r & 63) }

// newPDFFile adds the code-page fonts to f and returns it wrapped.
func newPDFFile(f *fpdf.Fpdf) *pdfFile {
	f.AddFontFromBytes(fontFamily, "", regularDef, regularZ)
	f.AddFontFromBytes(fontFamily, "B", boldDef, boldZ)
	font, err := sfnt.Parse(goregular.TTF)
	if err != nil {
		// The font is embedded in the binary: it always parses.
		font = nil
	}
	p := &pdfFile{Fpdf: f, font: font, has: map[rune]bool{}, near: map[rune]rune{}, used: map[string]*runeSet{}, text: -1, fill: -1, widths: new([2][256]int)}
	for i, def := range [][]byte{regularDef, boldDef} {
		var d struct{ Cw []int }
		if err := json.Unmarshal(def, &d); err != nil || len(d.Cw) != 256 {
			// The definitions are embedded in the binary (TestCodePageFonts).
			f.SetErrorf("reports: font definition %d: %v", i, err)
			continue
		}
		copy(p.widths[i][:], d.Cw)
	}
	return p
}

// covers reports whether the font has a glyph for r.
func (p *pdfFile) covers(r rune) bool {
	if r > 0xFFFF || text.Class(r) != "" {
		return false
	}
	if r < 0x7F {
		return true
	}
	ok, seen := p.has[r]
	if !seen {
		if p.font != nil {
			g, err := p.font.GlyphIndex(&p.buf, r)
			ok = err == nil && g != 0
		}
		p.has[r] = ok
	}
	return ok
}

// printable returns s as the fonts can draw it: a letter the fonts lack
// becomes the nearest letter they have (Vietnamese ễ becomes ê: the
// letter with fewer marks, mathematical 𝕷 becomes L), any other character the fonts lack, a control
// character or a byte that is not UTF-8 becomes U+FFFD (�), and bidi
// formatting characters are dropped. What was replaced is remembered for
// the warning.
func (p *pdfFile) printable(s string) string {
	i := 0
	for i < len(s) && s[i] >= 0x20 && s[i] < 0x7F {
		i++
	}
	if i == len(s) {
		return s
	}
	var b strings.Builder
	b.WriteString(s[:i])
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		i += n
		switch {
		case r == utf8.RuneError && n <= 1:
			p.badUTF8 = true
			b.WriteRune(utf8.RuneError)
		case p.covers(r):
			b.WriteRune(r)
		case text.Class(r) == "a bidirectional formatting character":
			p.lack(r)
		default:
			p.lack(r)
			b.WriteRune(p.nearest(r))
		}
	}
	return b.String()
}

// nearest returns the letter with the most of r's marks that the fonts
// have, or U+FFFD.
func (p *pdfFile) nearest(r rune) rune {
	if c, ok := p.near[r]; ok {
		return c
	}
	c := p.findNearest(r)
	p.near[r] = c
	return c
}

func (p *pdfFile) findNearest(r rune) rune {
	d := []rune(norm.NFD.String(string(r)))
	for k := len(d) - 1; k >= 1; k-- {
		c := []rune(norm.NFC.String(string(d[:k])))
		if len(c) == 1 && p.covers(c[0]) {
			return c[0]
		}
	}
	// A styled letter (mathematical 𝕷, fullwidth Ｌ) prints as its plain
	// letter.
	if c := []rune(norm.NFKC.String(string(r))); len(c) == 1 && c[0] != r && p.covers(c[0]) {
		return c[0]
	}
	return utf8.RuneError
}

func (p *pdfFile) lack(r rune) {
	if !slices.Contains(p.lacking, r) {
		p.lacking = append(p.lacking, r)
	}
}

// appendANSI appends s, made printable, in code page 1252 to dst, and
// reports false when a character of s is not in it.
func appendANSI(dst []byte, s string) ([]byte, bool) {
	i := 0
	for i < len(s) && s[i] >= 0x20 && s[i] < 0x7F {
		i++
	}
	dst = append(dst, s[:i]...)
	for _, r := range s[i:] {
		c, ok := charmap.Windows1252.EncodeRune(r)
		if !ok || c < 0x20 || c == 0x7F || r == utf8.RuneError {
			return dst, false
		}
		dst = append(dst, c)
	}
	return dst, true
}

// selectFont selects in fpdf the code-page font or the whole font (uni)
// in the style and size set last, adding the whole font's style to the
// document on first use.
func (p *pdfFile) selectFont(uni bool) {
	family := fontFamily
	if uni {
		family = uniFamily
		if b := btoi(p.bold); !p.uniAdded[b] {
			p.uniAdded[b] = true
			style, ttf := "", goregular.TTF
			if p.bold {
				style, ttf = "B", gobold.TTF
			}
			p.AddUTF8FontFromBytes(uniFamily, style, ttf)
		}
	}
	p.uni = uni
	p.current = family + "\x00" + p.style
	p.Fpdf.SetFont(family, p.style, p.size)
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Text draws s made printable.
//
// fpdf's Text formats its line with fmt (and, in the whole font, records
// each character of s as used); once every character of s is recorded,
// the same line is written here directly (a tenth of printing the
// standings of 1,000 players went to fmt).
func (p *pdfFile) Text(x, y float64, s string) {
	s = p.printable(s)
	fast := p.plain && p.text >= 0 && p.fill >= 0 && !p.slow
	a, ok := appendANSI(p.ansiBuf[:0], s)
	p.ansiBuf = a
	if ok {
		if p.uni {
			p.selectFont(false)
		}
		if !fast {
			p.Fpdf.Text(x, y, string(a))
			return
		}
		p.writeText(x, y, a)
		return
	}
	if !p.uni {
		p.selectFont(true)
	}
	used := p.used[p.current]
	if used == nil {
		used = new(runeSet)
		p.used[p.current] = used
	}
	for _, r := range s {
		if !used.has(r) {
			fast = false
			used.add(r)
		}
	}
	if !fast {
		p.Fpdf.Text(x, y, s)
		return
	}
	// The whole font's text is written in UTF-16.
	w := p.wide[:0]
	for _, r := range s {
		w = append(w, byte(r>>8), byte(r))
	}
	p.wide = w
	p.writeText(x, y, w)
}

// writeText writes the line fpdf's Text writes for the bytes of a text:
// "BT x y Td (text) Tj ET", with \\, ( and ) and the byte 13 escaped,
// inside "q colour ... Q" when the text colour is not the fill colour.
func (p *pdfFile) writeText(x, y float64, text []byte) {
	k := p.GetConversionRatio()
	_, h := p.GetPageSize()
	b := p.line[:0]
	if p.text != p.fill {
		b = append(b, "q "...)
		b = append(b, p.textOp...)
		b = append(b, ' ')
	}
	b = append(b, "BT "...)
	b = strconv.AppendFloat(b, x*k, 'f', 2, 64)
	b = append(b, ' ')
	b = strconv.AppendFloat(b, (h-y)*k, 'f', 2, 64)
	b = append(b, " Td ("...)
	for _, c := range text {
		b = appendEscaped(b, c)
	}
	b = append(b, ") Tj ET"...)
	if p.text != p.fill {
		b = append(b, " Q"...)
	}
	p.line = b
	p.RawWriteStr(string(b))
}

// appendEscaped appends the byte c of a PDF string, escaped as fpdf
// escapes it.
func appendEscaped(b []byte, c byte) []byte {
	switch c {
	case '\\', '(', ')':
		return append(b, '\\', c)
	case '\r':
		return append(b, '\\', 'r')
	}
	return append(b, c)
}

// SetFont selects the family's font in style at size points, as fpdf
// does, remembering it (pdfFile has one family, the Go fonts).
func (p *pdfFile) SetFont(family, style string, size float64) {
	p.style, p.size = style, size
	p.bold = strings.ContainsAny(style, "Bb")
	p.plain = !strings.ContainsAny(style, "USus")
	p.selectFont(false)
}

// SetTextColor sets the text colour as fpdf does, remembering it.
func (p *pdfFile) SetTextColor(r, g, b int) {
	grey := greyLevel(r, g, b)
	if grey >= 0 && grey == p.text {
		// The grey set last: fpdf would set it again, writing nothing.
		return
	}
	p.text = grey
	p.textOp = strconv.FormatFloat(float64(p.text)/255.0, 'f', 3, 64) + " g"
	p.Fpdf.SetTextColor(r, g, b)
}

// SetFillColor sets the fill colour as fpdf does, remembering it.
func (p *pdfFile) SetFillColor(r, g, b int) {
	p.fill = greyLevel(r, g, b)
	p.Fpdf.SetFillColor(r, g, b)
}

// greyLevel returns the grey level of a colour, or -1 for a colour that is
// not a grey from 0 to 255.
func greyLevel(r, g, b int) int {
	if r != g || g != b || r < 0 || r > 255 {
		return -1
	}
	return r
}

// GetStringWidth measures s made printable, as Text draws it: in the
// code-page font's widths, as fpdf measures, or in the whole font.
func (p *pdfFile) GetStringWidth(s string) float64 {
	s = p.printable(s)
	a, ok := appendANSI(p.ansiBuf[:0], s)
	p.ansiBuf = a
	if ok {
		cw := &p.widths[btoi(p.bold)]
		w := 0
		for _, c := range a {
			w += cw[c]
		}
		_, size := p.GetFontSize()
		return float64(w) * size / 1000
	}
	if !p.uni {
		p.selectFont(true)
	}
	return p.Fpdf.GetStringWidth(s)
}

// replaced returns what printable replaced; IsZero when nothing was.
func (p *pdfFile) replaced() Replaced {
	return Replaced{Lacking: slices.Clone(p.lacking), BadUTF8: p.badUTF8}
}
