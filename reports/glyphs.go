package reports

import (
	"slices"
	"strings"
	"unicode/utf8"

	"codeberg.org/go-pdf/fpdf"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/text/unicode/norm"

	"github.com/labyrinth-chess/arbiter/text"
)

// pdfFile is the fpdf document with its text made printable: every
// string drawn or measured goes through printable first, so no string the
// store can hold reaches fpdf in a form it cannot take (fpdf panics on
// characters outside the Basic Multilingual Plane and on bytes that are
// not UTF-8) or draws as an empty box.
type pdfFile struct {
	*fpdf.Fpdf
	font    *sfnt.Font // the regular Go font; the bold one covers the same characters
	buf     sfnt.Buffer
	has     map[rune]bool
	near    map[rune]rune // what nearest gave, per character
	lacking []rune        // characters replaced, each once, in order of meeting
	badUTF8 bool          // bytes that are not UTF-8 were met
}

func newPDFFile(f *fpdf.Fpdf, ttf []byte) *pdfFile {
	font, err := sfnt.Parse(ttf)
	if err != nil {
		// The font is embedded in the binary: it always parses.
		font = nil
	}
	return &pdfFile{Fpdf: f, font: font, has: map[rune]bool{}, near: map[rune]rune{}}
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

// Text draws s made printable.
func (p *pdfFile) Text(x, y float64, s string) { p.Fpdf.Text(x, y, p.printable(s)) }

// GetStringWidth measures s made printable, as Text draws it.
func (p *pdfFile) GetStringWidth(s string) float64 { return p.Fpdf.GetStringWidth(p.printable(s)) }

// replaced returns what printable replaced; IsZero when nothing was.
func (p *pdfFile) replaced() Replaced {
	return Replaced{Lacking: slices.Clone(p.lacking), BadUTF8: p.badUTF8}
}
