package reports

import (
	"bytes"
	"errors"
	"io"
	"runtime"
	"slices"
	"strconv"
	"sync"

	"github.com/klauspost/compress/zlib"
)

// The sheets are laid out by fpdf with its compression off, and their page
// contents are compressed here, after the fact, into the document fpdf
// writes with it on: a zlib stream at deflate's fastest level, under the
// same dictionary, in the same place, with the cross-reference table
// counted again. fpdf makes a new compressor (a megabyte of tables to clear)
// for every page, which was a fifth of printing the result slips of 500
// boards; here one compressor a core does every page, and the cores share
// the pages.
//
// The compressor is github.com/klauspost/compress's zlib rather than the
// standard library's: at its fastest level it compresses the pages of the
// result slips of 500 boards (2.7 MB, two thirds of it QR codes) in half
// the time, 5.6 ms against 11.8 ms, into a fifth fewer bytes (407 KB
// against 516 KB). The streams differ in their bytes, not in what they
// read back as: TestCompressPagesAsFpdf decompresses them with the
// standard library.

// zipShare is the number of bytes to compress that makes it worth
// another core, with a compressor of its own.
const zipShare = 256 << 10

// compressPages returns pdf, a document written by fpdf with compression
// off, with each page's content stream compressed where fpdf compresses it.
// A document laid out otherwise than compressPages expects (a later fpdf)
// comes back as it is: a whole PDF, only larger.
func compressPages(pdf []byte) ([]byte, error) { return compressPagesMarked(pdf, nil, nil) }

// compressPagesMarked is compressPages for a document whose pages hold
// the placeholders of marks, each replaced by its QR code's rectangles
// in the page compressed. Such a document, laid out otherwise than
// compressPages expects, is refused (errors.ErrUnsupported): it is
// not whole without its rectangles.
//
// The compressors are borrowed from zip (nil: made for the document).
func compressPagesMarked(pdf []byte, marks *qrMarks, zip *Compressors) ([]byte, error) {
	if marks != nil && len(marks.rects) == 0 {
		marks = nil
	}
	unchanged := func() ([]byte, error) {
		if marks != nil {
			return nil, errors.ErrUnsupported
		}
		return pdf, nil
	}
	objs, xref, ok := pdfObjects(pdf)
	if !ok {
		return unchanged()
	}
	// The page contents: the objects that a page's /Contents names.
	type content struct {
		obj      int    // index in objs
		data     []byte // the stream, uncompressed
		compress []byte
	}
	byNum := make(map[int]int, len(objs))
	for i, o := range objs {
		byNum[o.num] = i
	}
	var contents []content
	for _, o := range objs {
		body := pdf[o.start:o.end]
		if !bytes.HasPrefix(body[len(objHead(o.num)):], []byte("<</Type /Page\n")) {
			continue
		}
		k := bytes.Index(body, []byte("/Contents "))
		if k < 0 {
			return unchanged()
		}
		num, rest, ok := cutInt(body[k+len("/Contents "):])
		if !ok || !bytes.HasPrefix(rest, []byte(" 0 R>>")) {
			return unchanged()
		}
		i, ok := byNum[num]
		if !ok {
			return unchanged()
		}
		data, ok := plainStream(pdf[objs[i].start:objs[i].end], num)
		if !ok {
			return unchanged()
		}
		contents = append(contents, content{obj: i, data: data})
	}
	if len(contents) == 0 {
		return unchanged()
	}

	// Compress the pages, a compressor a core: as many cores as there
	// are quarter megabytes to compress, making a compressor costing
	// about as much as compressing that.
	total := 0
	for _, c := range contents {
		total += len(c.data)
	}
	type compressor struct {
		buf bytes.Buffer
		zw  *zlib.Writer
	}
	errs := make([]error, len(contents))
	var (
		mu   sync.Mutex
		lent []*zlib.Writer
	)
	defer func() {
		for _, zw := range lent {
			zip.put(zw)
		}
	}()
	onCores(len(contents), min(runtime.GOMAXPROCS(0), 1+total/zipShare), func() *compressor {
		c := &compressor{zw: zip.get()}
		mu.Lock()
		lent = append(lent, c.zw)
		mu.Unlock()
		return c
	}, func(z *compressor, c int) {
		z.buf.Reset()
		z.zw.Reset(&z.buf)
		var err error
		if marks == nil {
			_, err = z.zw.Write(contents[c].data)
		} else if ok, werr := marks.write(z.zw, contents[c].data); werr != nil {
			err = werr
		} else if !ok {
			err = errors.ErrUnsupported
		}
		if err == nil {
			err = z.zw.Close()
		}
		contents[c].compress = bytes.Clone(z.buf.Bytes())
		errs[c] = err
	})
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}

	// Write the document again with the compressed contents, counting
	// where each object now starts.
	packed := make(map[int][]byte, len(contents))
	size := len(pdf) // and the header and trailer of each stream longer
	for _, c := range contents {
		packed[c.obj] = c.compress
		size += len(c.compress) - len(c.data) + len("/Filter /FlateDecode ") + 8
	}
	out := make([]byte, 0, size)
	out = append(out, pdf[:objs[0].start]...)
	at := make(map[int]int, len(objs)) // object number: new offset
	for i, o := range objs {
		at[o.num] = len(out)
		z, ok := packed[i]
		if !ok {
			out = append(out, pdf[o.start:o.end]...)
			continue
		}
		out = append(out, objHead(o.num)...)
		out = append(out, "<</Filter /FlateDecode /Length "...)
		out = strconv.AppendInt(out, int64(len(z)), 10)
		out = append(out, ">>\nstream\n"...)
		out = append(out, z...)
		out = append(out, "\nendstream\nendobj\n"...)
	}
	start := len(out)
	out = append(out, "xref\n0 "...)
	out = strconv.AppendInt(out, int64(xref.count), 10)
	out = append(out, "\n0000000000 65535 f \n"...)
	for num := 1; num < xref.count; num++ {
		o, ok := at[num]
		if !ok {
			return unchanged()
		}
		var pad [10]byte
		s := strconv.AppendInt(pad[:0], int64(o), 10)
		for range 10 - len(s) {
			out = append(out, '0')
		}
		out = append(out, s...)
		out = append(out, " 00000 n \n"...)
	}
	out = append(out, pdf[xref.trailer:xref.startxref]...)
	out = append(out, "startxref\n"...)
	out = strconv.AppendInt(out, int64(start), 10)
	out = append(out, pdf[xref.tail:]...)
	return out, nil
}

// Compressors lends zlib compressors (at zlib.BestSpeed) to the documents
// of one run: documents written one after another, or a few at a time,
// share them instead of each making its own, which costs half a megabyte
// and a tenth of a millisecond. The zero value is ready to use; a nil
// *Compressors makes a compressor for each document. It is safe for
// concurrent use.
type Compressors struct {
	mu   sync.Mutex
	free []*zlib.Writer
}

// get lends a compressor, to be reset to its output before use.
func (p *Compressors) get() *zlib.Writer {
	if p != nil {
		p.mu.Lock()
		if n := len(p.free); n > 0 {
			zw := p.free[n-1]
			p.free = p.free[:n-1]
			p.mu.Unlock()
			return zw
		}
		p.mu.Unlock()
	}
	zw, _ := zlib.NewWriterLevel(io.Discard, zlib.BestSpeed) // BestSpeed is a valid level
	return zw
}

// put takes back a compressor lent by get.
func (p *Compressors) put(zw *zlib.Writer) {
	if p == nil {
		return
	}
	p.mu.Lock()
	p.free = append(p.free, zw)
	p.mu.Unlock()
}

// pdfObj is an object of a PDF file: its number and the bytes it takes,
// from "N 0 obj" to the line after "endobj".
type pdfObj struct {
	num        int
	start, end int
}

// pdfXref tells where the cross-reference table's parts are: count is the
// number of entries (objects plus the free entry 0), trailer the offset of
// "trailer", startxref that of "startxref", tail that of the line end
// after its number.
type pdfXref struct {
	count, trailer, startxref, tail int
}

// pdfObjects reads the cross-reference table at the end of pdf and returns
// the objects in the order of the file.
func pdfObjects(pdf []byte) ([]pdfObj, pdfXref, bool) {
	var x pdfXref
	x.startxref = bytes.LastIndex(pdf, []byte("\nstartxref\n")) + 1
	if x.startxref <= 0 {
		return nil, x, false
	}
	xo, rest, ok := cutInt(pdf[x.startxref+len("startxref\n"):])
	if !ok || xo < 0 || xo >= x.startxref {
		return nil, x, false
	}
	x.tail = len(pdf) - len(rest)
	table := pdf[xo:x.startxref]
	if !bytes.HasPrefix(table, []byte("xref\n0 ")) {
		return nil, x, false
	}
	n, rest, ok := cutInt(table[len("xref\n0 "):])
	const entry = len("0000000000 65535 f \n")
	if !ok || n < 2 || !bytes.HasPrefix(rest, []byte("\n0000000000 65535 f \n")) || len(rest) < 1+n*entry {
		return nil, x, false
	}
	x.count = n
	entries := rest[1+entry:]
	x.trailer = xo + (len(table) - len(rest)) + 1 + n*entry
	objs := make([]pdfObj, 0, n-1)
	for num := 1; num < n; num++ {
		e := entries[(num-1)*entry : num*entry]
		off, tail, ok := cutInt(e)
		if !ok || string(tail) != " 00000 n \n" || off <= 0 || off >= xo {
			return nil, x, false
		}
		objs = append(objs, pdfObj{num: num, start: off})
	}
	slices.SortFunc(objs, func(a, b pdfObj) int { return a.start - b.start })
	for i := range objs {
		objs[i].end = xo
		if i+1 < len(objs) {
			objs[i].end = objs[i+1].start
		}
		if !bytes.HasPrefix(pdf[objs[i].start:objs[i].end], objHead(objs[i].num)) {
			return nil, x, false
		}
	}
	return objs, x, true
}

// plainStream returns the stream of body, the object num, when it is an
// uncompressed stream and nothing else: "<</Length N>>", the stream, and
// "endobj".
func plainStream(body []byte, num int) ([]byte, bool) {
	body = body[len(objHead(num)):]
	if !bytes.HasPrefix(body, []byte("<</Length ")) {
		return nil, false
	}
	n, rest, ok := cutInt(body[len("<</Length "):])
	if !ok || !bytes.HasPrefix(rest, []byte(">>\nstream\n")) {
		return nil, false
	}
	rest = rest[len(">>\nstream\n"):]
	if n < 0 || len(rest) < n || string(rest[n:]) != "\nendstream\nendobj\n" {
		return nil, false
	}
	return rest[:n], true
}

// objHead returns the line that starts the object num.
func objHead(num int) []byte { return append(strconv.AppendInt(nil, int64(num), 10), " 0 obj\n"...) }

// cutInt reads the decimal number at the start of b and returns it with
// the rest of b.
func cutInt(b []byte) (int, []byte, bool) {
	i := 0
	for i < len(b) && i < 12 && b[i] >= '0' && b[i] <= '9' {
		i++
	}
	if i == 0 {
		return 0, b, false
	}
	n, err := strconv.Atoi(string(b[:i]))
	return n, b[i:], err == nil
}
