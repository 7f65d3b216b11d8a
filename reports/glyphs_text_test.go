package reports

import (
	"bytes"
	"fmt"
	"io"
	"testing"
	"time"

	"codeberg.org/go-pdf/fpdf"
)

// drawer is what the sheets call of fpdf to write text.
type drawer interface {
	SetFont(family, style string, size float64)
	SetTextColor(r, g, b int)
	SetFillColor(r, g, b int)
	Text(x, y float64, s string)
	AddPageFormat(orient string, size fpdf.SizeType)
	Output(w io.Writer) error
}

// TestTextAsFpdf: pdfFile.Text writes the bytes fpdf's Text writes, in
// every font style and colour, the second time a text is drawn too, in
// every page of the fonts and across pages within a text, with the bytes
// fpdf escapes: \\, ( and ), and the characters of page 1 whose codes are
// those bytes.
func TestTextAsFpdf(t *testing.T) {
	fp, err := goPages()
	if err != nil {
		t.Fatal(err)
	}
	escaped := ""
	for r, pc := range fp.code {
		if pc.page == 1 && (pc.code == '\\' || pc.code == '(' || pc.code == ')') {
			escaped += string(r)
		}
	}
	if len([]rune(escaped)) != 3 {
		t.Fatalf("page 1 has %q at the codes of \\, ( and )", escaped)
	}
	doc := func(slow bool) []byte {
		f := fpdf.NewCustom(&fpdf.InitType{OrientationStr: "P", UnitStr: "mm", SizeStr: "A4"})
		date := time.Date(2025, 3, 14, 20, 0, 0, 0, time.UTC)
		f.SetCreationDate(date)
		f.SetModificationDate(date)
		f.SetCatalogSort(true) // the fonts in order
		f.SetCompression(false)
		p := newPDFFile(f)
		p.slow = slow
		var d drawer = p
		texts := []string{"Round 3", "Board 12", "Dvořák (2) \\ Ødegård", "Ĩĩ Ŝŝ čČ ½-½", "(())", "", "Round 3", "Müller, Zoë – 1-0", escaped, "Шахматы Σκάκι W−We"}
		for p, orient := range []string{"P", "L", "P"} {
			d.AddPageFormat(orient, a4())
			for i := range 60 {
				style := []string{"", "B"}[i%2]
				d.SetFont(fontFamily, style, float64(7+i%9))
				if i%5 == 0 {
					d.SetTextColor(90, 90, 90)
				} else if i%5 == 2 {
					d.SetTextColor(0, 0, 0)
				}
				if i%7 == 3 {
					d.SetFillColor(240, 240, 240)
				} else if i%7 == 5 {
					d.SetFillColor(0, 0, 0)
				}
				d.Text(10+float64(i%13)*1.37, 20+float64(i)*4.123, fmt.Sprintf("%s %d", texts[(i+p)%len(texts)], i%3))
			}
		}
		var b bytes.Buffer
		if err := d.Output(&b); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	want, got := doc(true), doc(false)
	if !bytes.Equal(got, want) {
		t.Errorf("pdfFile.Text wrote %d bytes, fpdf's Text %d, not the same", len(got), len(want))
	}
	for _, font := range []string{"/BaseFont /GoRegular\n", "/BaseFont /Go-Bold\n", "/BaseFont /GoRegular-1\n", "/BaseFont /Go-Bold-1\n", "/BaseFont /GoRegular-2\n", "/BaseFont /Go-Bold-2\n"} {
		if !bytes.Contains(got, []byte(font)) {
			t.Errorf("the document has no %s", font)
		}
	}
}
