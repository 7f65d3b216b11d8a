package reports

import (
	"bytes"
	"compress/zlib"
	"errors"
	"fmt"
	"io"
	"testing"
	"time"

	"codeberg.org/go-pdf/fpdf"
	"golang.org/x/image/font/gofont/goregular"
)

// fpdfDoc writes a document of pages pages with fpdf, compressing its
// pages (fpdf's own way) or not.
func fpdfDoc(t *testing.T, pages int, compress bool) []byte {
	t.Helper()
	f := fpdf.NewCustom(&fpdf.InitType{OrientationStr: "P", UnitStr: "mm", SizeStr: "A4"})
	date := time.Date(2025, 3, 14, 20, 0, 0, 0, time.UTC)
	f.SetCreationDate(date)
	f.SetModificationDate(date)
	f.SetCatalogSort(true)
	f.SetCompression(compress)
	f.AddUTF8FontFromBytes("go", "", goregular.TTF)
	for p := range pages {
		orient := "P"
		if p%2 == 1 {
			orient = "L"
		}
		f.AddPageFormat(orient, a4())
		f.SetFont("go", "", 11)
		for i := range 40 * p {
			f.SetFillColor(i%255, i%255, i%255)
			f.Rect(10, float64(10+i%250), 5, 5, "F")
			f.Text(20, float64(14+i%250), fmt.Sprintf("Dvořák (%d) \\ Ødegård, ½-½", i))
		}
	}
	var b bytes.Buffer
	if err := f.Output(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// pdfDiff returns nil when got is the document want but for the bytes
// of its compressed page contents: the same objects in the same order,
// each the same bytes or a compressed stream that decompresses (by the
// standard library's zlib) to the same bytes as want's, the same header
// and trailer, and a cross-reference table that points at every object.
// Compressors differ in the bytes they write, not in what these read
// back as.
func pdfDiff(got, want []byte) error {
	gobjs, gx, ok := pdfObjects(got)
	if !ok {
		return errors.New("its cross-reference table does not point at each of its objects")
	}
	wobjs, wx, ok := pdfObjects(want)
	if !ok {
		return errors.New("the document to compare it with does not read")
	}
	if len(gobjs) != len(wobjs) {
		return fmt.Errorf("%d objects, want %d", len(gobjs), len(wobjs))
	}
	if !bytes.Equal(got[:gobjs[0].start], want[:wobjs[0].start]) {
		return errors.New("the header differs")
	}
	for i := range gobjs {
		g, w := got[gobjs[i].start:gobjs[i].end], want[wobjs[i].start:wobjs[i].end]
		if gobjs[i].num != wobjs[i].num {
			return fmt.Errorf("object %d is number %d, want %d", i, gobjs[i].num, wobjs[i].num)
		}
		if bytes.Equal(g, w) {
			continue
		}
		gi, err := inflated(g)
		if err != nil {
			return fmt.Errorf("object %d: %w", gobjs[i].num, err)
		}
		wi, err := inflated(w)
		if err != nil {
			return fmt.Errorf("object %d of the document to compare with: %w", wobjs[i].num, err)
		}
		if !bytes.Equal(gi, wi) {
			return fmt.Errorf("object %d reads back as %d bytes, want %d, not the same", gobjs[i].num, len(gi), len(wi))
		}
	}
	if !bytes.Equal(got[gx.trailer:gx.startxref], want[wx.trailer:wx.startxref]) || !bytes.Equal(got[gx.tail:], want[wx.tail:]) {
		return errors.New("the trailer differs")
	}
	return nil
}

// inflated returns the object obj, a compressed stream as compressPages
// writes one, with its stream decompressed.
func inflated(obj []byte) ([]byte, error) {
	const head = ">>\nstream\n"
	const tail = "\nendstream\nendobj\n"
	i := bytes.Index(obj, []byte("<</Filter /FlateDecode /Length "))
	if i < 0 {
		return nil, errors.New("not a compressed stream, and not the same")
	}
	n, rest, ok := cutInt(obj[i+len("<</Filter /FlateDecode /Length "):])
	if !ok || n < 0 || !bytes.HasPrefix(rest, []byte(head)) || len(rest) != len(head)+n+len(tail) || string(rest[len(head)+n:]) != tail {
		return nil, errors.New("a stream whose length is not its own")
	}
	r, err := zlib.NewReader(bytes.NewReader(rest[len(head) : len(head)+n]))
	if err != nil {
		return nil, err
	}
	plain, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return append(append(append(append([]byte(nil), obj[:i]...), head...), plain...), tail...), nil
}

// TestCompressPagesAsFpdf: a document compressed after the fact is the
// one fpdf writes with its compression on, but for the compressor's
// bytes.
func TestCompressPagesAsFpdf(t *testing.T) {
	for _, pages := range []int{0, 1, 2, 7} {
		t.Run(fmt.Sprint(pages), func(t *testing.T) {
			want := fpdfDoc(t, pages, true)
			plain := fpdfDoc(t, pages, false)
			if pages > 0 && bytes.Equal(want, plain) {
				t.Fatal("fpdf wrote the same file compressed and not")
			}
			got, err := compressPages(plain)
			if err != nil {
				t.Fatalf("compressPages: %v", err)
			}
			if err := pdfDiff(got, want); err != nil {
				t.Errorf("compressPages gave %d bytes, fpdf %d: %v", len(got), len(want), err)
			}
		})
	}
}

// TestCompressPagesRefuses: a file not laid out as fpdf lays it out
// comes back unchanged, not half rewritten.
func TestCompressPagesRefuses(t *testing.T) {
	good := fpdfDoc(t, 2, false)
	for _, tc := range []struct {
		name string
		pdf  []byte
	}{
		{"empty", nil},
		{"no xref", []byte("%PDF-1.3\n1 0 obj\n<<>>\nendobj\n")},
		{"cut", good[:len(good)/2]},
		{"xref moved", bytes.Replace(good, []byte("startxref\n"), []byte("startxref\n9"), 1)},
		{"length wrong", bytes.Replace(good, []byte("<</Length "), []byte("<</Length 1"), 1)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := compressPages(tc.pdf)
			if err != nil || !bytes.Equal(got, tc.pdf) {
				t.Errorf("compressPages = %d bytes, %v; want the %d bytes given back, no error", len(got), err, len(tc.pdf))
			}
		})
	}
}

// TestSheetsCompressed: every page of every sheet is compressed, portrait
// and landscape, one page or many: none falls back to the uncompressed
// file that output writes when fpdf lays a file out otherwise.
func TestSheetsCompressed(t *testing.T) {
	big := bigEvent(t, 300, 9) // its crosstable is in landscape
	rr := roundRobinEvent(t)
	sheets := map[string]func() ([]byte, error){
		"pairings":   func() ([]byte, error) { return sheet(func(w io.Writer) error { return WritePairings(w, big, 9) }) },
		"slips":      func() ([]byte, error) { return sheet(func(w io.Writer) error { return WriteSlips(w, big, 9) }) },
		"standings":  func() ([]byte, error) { return sheet(func(w io.Writer) error { return WriteStandings(w, big) }) },
		"crosstable": func() ([]byte, error) { return sheet(func(w io.Writer) error { return WriteCrosstable(w, big) }) },
		"square":     func() ([]byte, error) { return sheet(func(w io.Writer) error { return WriteCrosstable(w, rr) }) },
	}
	for name, write := range sheets {
		t.Run(name, func(t *testing.T) {
			pdf, err := write()
			if err != nil {
				t.Fatal(err)
			}
			pages := bytes.Count(pdf, []byte("<</Type /Page\n"))
			packed := bytes.Count(pdf, []byte("<</Filter /FlateDecode /Length "))
			if pages == 0 || packed != pages {
				t.Errorf("%d pages, %d of them compressed", pages, packed)
			}
		})
	}
}

func sheet(write func(io.Writer) error) ([]byte, error) {
	var b bytes.Buffer
	err := write(&b)
	return b.Bytes(), err
}

// TestCompressPagesMarked: a page holding placeholders for QR codes is
// compressed into exactly what fpdf writes for the page with the codes'
// rectangles in their place; a placeholder of no code, or a document
// laid out otherwise, is refused rather than written without its codes.
func TestCompressPagesMarked(t *testing.T) {
	codes := [][]byte{[]byte("0 0 7 1 re f\n26 0 7 1 re f\n"), []byte("2 2 3 3 re f\n")}
	// doc writes a page of two codes, each drawn by draw.
	doc := func(compress bool, draw func(f *fpdf.Fpdf, i int)) []byte {
		f := fpdf.NewCustom(&fpdf.InitType{OrientationStr: "P", UnitStr: "mm", SizeStr: "A4"})
		f.SetCreationDate(time.Date(2025, 3, 14, 20, 0, 0, 0, time.UTC))
		f.SetCompression(compress)
		f.AddPageFormat("P", a4())
		for i := range 4 {
			f.RawWriteStr(fmt.Sprintf("q 2 0 0 -2 %d 700 cm", 40*i))
			draw(f, i%2)
			f.RawWriteStr("Q")
		}
		var b bytes.Buffer
		if err := f.Output(&b); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	want := doc(true, func(f *fpdf.Fpdf, i int) { f.RawWriteStr(string(codes[i])) })
	var marks qrMarks
	plain := doc(false, func(f *fpdf.Fpdf, i int) { f.RawWriteStr(string(marks.place(nil, codes[i]))) })
	if len(marks.rects) != 4 || bytes.Contains(plain, codes[0]) {
		t.Fatalf("%d placeholders placed, want 4 and no rectangles in the page", len(marks.rects))
	}
	got, err := compressPagesMarked(plain, &marks, nil)
	if err == nil {
		err = pdfDiff(got, want)
	}
	if err != nil {
		t.Errorf("compressPagesMarked = %d bytes, fpdf %d: %v", len(got), len(want), err)
	}

	few := qrMarks{prefix: marks.prefix, rects: marks.rects[:3]} // the fourth is no code of few's
	if _, err := compressPagesMarked(plain, &few, nil); !errors.Is(err, errors.ErrUnsupported) {
		t.Errorf("compressPagesMarked with a placeholder of no code = %v, want errors.ErrUnsupported", err)
	}
	cut := plain[:len(plain)/2]
	if got, err := compressPagesMarked(cut, &marks, nil); !errors.Is(err, errors.ErrUnsupported) {
		t.Errorf("compressPagesMarked of a cut file = %d bytes, %v; want errors.ErrUnsupported", len(got), err)
	}
}

// TestCompressorsShared: documents compressed one after another and a
// few at a time with one Compressors come out as fpdf writes them, and
// share the compressors: no more are made than run at once.
func TestCompressorsShared(t *testing.T) {
	var want, plain [4][]byte
	for i := range 4 {
		want[i], plain[i] = fpdfDoc(t, i+1, true), fpdfDoc(t, i+1, false)
	}
	var zip Compressors
	for round := range 3 {
		done := make(chan error, 4)
		for i := range 4 {
			go func() {
				got, err := compressPagesMarked(plain[i], nil, &zip)
				if err == nil {
					if err = pdfDiff(got, want[i]); err != nil {
						err = fmt.Errorf("%d pages: %d bytes, fpdf %d: %w", i+1, len(got), len(want[i]), err)
					}
				}
				done <- err
			}()
		}
		for range 4 {
			if err := <-done; err != nil {
				t.Fatalf("round %d: %v", round, err)
			}
		}
	}
	// Each document uses at most as many compressors as there are cores
	// (one, for these small ones), four at a time.
	if n := len(zip.free); n == 0 || n > 4 {
		t.Errorf("%d compressors kept after 12 documents four at a time, want 1 to 4", n)
	}
}
