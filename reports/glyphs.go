package reports

import (
	"embed"
	"encoding/json"
	"errors"
	"io/fs"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"codeberg.org/go-pdf/fpdf"
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
// It draws in one family, the Go fonts, cut into single-byte fonts
// (fonts/, made by gen_fonts.go) that are embedded as they are: page 0
// holds the characters of Windows code page 1252 (names in Latin letters,
// every label in English and Italian, ½, – and …), pages 1 to 3 the rest
// of what the Go fonts have (Dvořák, Ș, W−We, Cyrillic, Greek), 224 to a
// page. A page is added to the document when a text first needs it, and a
// text is drawn as runs of characters of one page. Unlike fpdf's UTF-8
// fonts, no font is parsed, measured, cut or compressed per document,
// which was most of the cost of a small sheet.
type pdfFile struct {
	*fpdf.Fpdf
	pages   *fontPages
	lacking []rune        // characters replaced, each once, in order of meeting
	badUTF8 bool          // bytes that are not UTF-8 were met
	near    map[rune]rune // what nearest gave, per character

	// The font selected: its style and size, the page fpdf has
	// selected, and the pages added to the document (regular, bold).
	style string
	size  float64
	bold  bool
	page  int
	added [][2]bool

	// A text as drawn: its bytes, and its runs of one page each.
	bytes []byte
	runs  []textRun

	// What Text needs to write text as fpdf's Text writes it: the grey
	// levels of text and fill (-1 before they are set, or when not grey).
	plain  bool // the font's style neither underlines nor strikes out
	text   int
	fill   int
	textOp string // the operator that sets the text colour
	line   []byte
	slow   bool // always through fpdf's Text (to test the direct writing)
}

// textRun is a run of a text's bytes, from start to end, in one page.
type textRun struct{ page, start, end int }

//go:embed fonts
var fontFiles embed.FS

// fontPages are the single-byte fonts of the Go fonts, read once per
// process from fonts/ and read-only afterwards (see pdfFile).
type fontPages struct {
	def, z [][2][]byte   // per page, regular and bold: definition, font file
	widths [][2][256]int // per page and style: widths in thousandths of the size
	code   map[rune]pageCode
}

// pageCode is where a character is: its page and its byte there.
type pageCode struct {
	page uint8
	code byte
}

// goPages reads the fonts of fonts/ on first use.
var goPages = sync.OnceValues(func() (*fontPages, error) {
	fp := &fontPages{code: map[rune]pageCode{}}
	for page := 0; ; page++ {
		var def, z [2][]byte
		var widths [2][256]int
		for b, name := range []string{"go-regular", "go-bold"} {
			if page > 0 {
				name += "-" + strconv.Itoa(page)
			}
			d, err := fontFiles.ReadFile("fonts/" + name + ".json")
			if errors.Is(err, fs.ErrNotExist) && page > 0 && b == 0 {
				return fp, nil
			}
			if err != nil {
				return nil, err
			}
			zf, err := fontFiles.ReadFile("fonts/" + name + ".z")
			if err != nil {
				return nil, err
			}
			var info struct {
				Cw   []int
				Diff string
			}
			if err := json.Unmarshal(d, &info); err != nil {
				return nil, err
			}
			if len(info.Cw) != 256 {
				// The fonts are embedded in the binary (TestCodePageFonts).
				return nil, fs.ErrInvalid
			}
			def[b], z[b] = d, zf
			copy(widths[b][:], info.Cw)
			if b == 0 && page > 0 {
				// "32 /uni0100 /uni0101 ...": the characters from code 32.
				code := 0
				for _, f := range strings.Fields(info.Diff) {
					if n, err := strconv.Atoi(f); err == nil {
						code = n
						continue
					}
					if f == "/.notdef" {
						code++
						continue
					}
					r, err := strconv.ParseUint(strings.TrimPrefix(f, "/uni"), 16, 32)
					if err != nil {
						return nil, err
					}
					if code > 255 {
						return nil, fs.ErrInvalid
					}
					fp.code[rune(r)] = pageCode{uint8(page), byte(code)}
					code++
				}
			}
		}
		fp.def, fp.z, fp.widths = append(fp.def, def), append(fp.z, z), append(fp.widths, widths)
	}
})

// newPDFFile returns f wrapped, drawing in the Go fonts.
func newPDFFile(f *fpdf.Fpdf) *pdfFile {
	pages, err := goPages()
	if err != nil {
		// The fonts are embedded in the binary (TestCodePageFonts).
		f.SetError(err)
		pages = &fontPages{def: make([][2][]byte, 1), z: make([][2][]byte, 1), widths: make([][2][256]int, 1)}
	}
	p := &pdfFile{Fpdf: f, pages: pages, near: map[rune]rune{}, added: make([][2]bool, len(pages.def)), text: -1, fill: -1}
	p.addPage(0, false)
	p.addPage(0, true)
	return p
}

// family returns the fpdf family of page: "go", "go1", "go2", ...
func family(page int) string {
	if page == 0 {
		return fontFamily
	}
	return fontFamily + strconv.Itoa(page)
}

// addPage adds the page's font in the style to the document, once.
func (p *pdfFile) addPage(page int, bold bool) {
	b := btoi(bold)
	if p.added[page][b] {
		return
	}
	p.added[page][b] = true
	style := ""
	if bold {
		style = "B"
	}
	p.AddFontFromBytes(family(page), style, p.pages.def[page][b], p.pages.z[page][b])
}

// covers reports whether the fonts have a glyph for r.
func (p *pdfFile) covers(r rune) bool {
	if r > 0xFFFF || text.Class(r) != "" {
		return false
	}
	if r < 0x7F {
		return true
	}
	if _, ok := charmap.Windows1252.EncodeRune(r); ok {
		return true
	}
	_, ok := p.pages.code[r]
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

// encode sets p.bytes and p.runs to s, made printable, in the pages'
// bytes.
func (p *pdfFile) encode(s string) {
	i := 0
	for i < len(s) && s[i] >= 0x20 && s[i] < 0x7F {
		i++
	}
	b := append(p.bytes[:0], s[:i]...)
	runs := append(p.runs[:0], textRun{0, 0, len(b)})
	for _, r := range s[i:] {
		pc, ok := pageCode{}, false
		if c, in := charmap.Windows1252.EncodeRune(r); in && c >= 0x20 && c != 0x7F {
			pc, ok = pageCode{0, c}, true
		} else {
			pc, ok = p.pages.code[r]
		}
		if !ok {
			// printable lets through only what the pages have.
			pc = pageCode{0, '?'}
		}
		if last := &runs[len(runs)-1]; int(pc.page) == last.page || last.start == last.end {
			last.page = int(pc.page)
		} else {
			runs = append(runs, textRun{int(pc.page), len(b), len(b)})
		}
		b = append(b, pc.code)
		runs[len(runs)-1].end = len(b)
	}
	p.bytes, p.runs = b, runs
}

// width returns the width of the bytes of run in the current style and
// size, as fpdf measures them.
func (p *pdfFile) width(run textRun) float64 {
	cw := &p.pages.widths[run.page][btoi(p.bold)]
	w := 0
	for _, c := range p.bytes[run.start:run.end] {
		w += cw[c]
	}
	_, size := p.GetFontSize()
	return float64(w) * size / 1000
}

// selectPage selects in fpdf the page's font in the style and size set
// last, adding it to the document on first use.
func (p *pdfFile) selectPage(page int) {
	p.addPage(page, p.bold)
	p.page = page
	p.Fpdf.SetFont(family(page), p.style, p.size)
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Text draws s made printable, a run of one page after another.
//
// fpdf's Text formats its line with fmt; the same line is written here
// directly (a tenth of printing the standings of 1,000 players went to
// fmt).
func (p *pdfFile) Text(x, y float64, s string) {
	p.encode(p.printable(s))
	fast := p.plain && p.text >= 0 && p.fill >= 0 && !p.slow
	for k, run := range p.runs {
		if run.page != p.page {
			p.selectPage(run.page)
		}
		if fast {
			p.writeText(x, y, p.bytes[run.start:run.end])
		} else {
			p.Fpdf.Text(x, y, string(p.bytes[run.start:run.end]))
		}
		if k < len(p.runs)-1 {
			x += p.width(run)
		}
	}
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
// does, remembering it (pdfFile has one family, the Go fonts): page 0,
// until a text needs another.
func (p *pdfFile) SetFont(fam, style string, size float64) {
	p.style, p.size = style, size
	p.bold = strings.ContainsAny(style, "Bb")
	p.plain = !strings.ContainsAny(style, "USus")
	p.selectPage(0)
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

// GetStringWidth measures s made printable, as Text draws it, with the
// widths fpdf measures with.
func (p *pdfFile) GetStringWidth(s string) float64 {
	p.encode(p.printable(s))
	w := 0.0
	for _, run := range p.runs {
		w += p.width(run)
	}
	return w
}

// replaced returns what printable replaced; IsZero when nothing was.
func (p *pdfFile) replaced() Replaced {
	return Replaced{Lacking: slices.Clone(p.lacking), BadUTF8: p.badUTF8}
}
