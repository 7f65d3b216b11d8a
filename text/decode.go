package text

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"
)

// Encoding is how the bytes of a file are read as text.
type Encoding int

// The encodings Decode reads. Auto asks Decode to choose.
const (
	Auto Encoding = iota
	UTF8
	Windows1252
	UTF16
)

// String returns the name a notice uses for e, such as "Windows-1252".
func (e Encoding) String() string {
	switch e {
	case UTF8:
		return "UTF-8"
	case Windows1252:
		return "Windows-1252"
	case UTF16:
		return "UTF-16"
	}
	return "automatic"
}

// ParseEncoding reads the value of an --encoding flag: utf-8,
// windows-1252 (also cp1252, latin1, iso-8859-1) or utf-16, in any case;
// "" and "auto" give Auto.
func ParseEncoding(s string) (Encoding, error) {
	switch strings.ToLower(strings.NewReplacer("-", "", "_", "", " ", "").Replace(s)) {
	case "", "auto":
		return Auto, nil
	case "utf8":
		return UTF8, nil
	case "windows1252", "cp1252", "latin1", "iso88591", "ansi":
		return Windows1252, nil
	case "utf16", "utf16le", "unicode":
		return UTF16, nil
	}
	return Auto, fmt.Errorf("unknown encoding %q: give utf-8, windows-1252 or utf-16", s)
}

var (
	bomUTF8    = []byte{0xEF, 0xBB, 0xBF}
	bomUTF16LE = []byte{0xFF, 0xFE}
	bomUTF16BE = []byte{0xFE, 0xFF}
)

// Decode returns the text held by data and the encoding it was read as.
//
// With Auto the rule is, in order: a UTF-8 byte order mark before valid
// UTF-8 means UTF-8; a
// UTF-16 byte order mark (little or big endian, as Excel's "Unicode text"
// writes) means UTF-16; bytes that are valid UTF-8 are UTF-8; anything
// else is Windows-1252, the code page of Western European Windows (and in
// practice a superset of Latin-1), which every byte sequence decodes in.
// A byte order mark is never part of the text.
//
// A forced encoding reads data as that encoding (UTF-16 without a byte
// order mark as little endian); forced UTF-8 fails on bytes that are not
// UTF-8, naming the offset of the first.
func Decode(data []byte, force Encoding) (string, Encoding, error) {
	enc := force
	if enc == Auto {
		switch {
		case bytes.HasPrefix(data, bomUTF8) && utf8.Valid(data[len(bomUTF8):]):
			enc = UTF8
		case bytes.HasPrefix(data, bomUTF16LE), bytes.HasPrefix(data, bomUTF16BE):
			enc = UTF16
		case utf8.Valid(data):
			enc = UTF8
		default:
			enc = Windows1252
		}
	}
	switch enc {
	case UTF8:
		data = bytes.TrimPrefix(data, bomUTF8)
		if !utf8.Valid(data) {
			return "", enc, fmt.Errorf("byte %d is not UTF-8 text: read the file as windows-1252, or save it again as UTF-8", invalidAt(data)+1)
		}
		return string(data), enc, nil
	case Windows1252:
		if force == Auto {
			// A UTF-8 mark before bytes that are not UTF-8: the mark lied.
			data = bytes.TrimPrefix(data, bomUTF8)
		}
		out, err := charmap.Windows1252.NewDecoder().Bytes(data)
		if err != nil {
			return "", enc, fmt.Errorf("cannot read the file as Windows-1252: %w", err)
		}
		return string(out), enc, nil
	case UTF16:
		end := unicode.LittleEndian
		if bytes.HasPrefix(data, bomUTF16BE) {
			end = unicode.BigEndian
		}
		if len(data)%2 != 0 {
			return "", enc, fmt.Errorf("the file has an odd number of bytes, so it is not UTF-16 text")
		}
		out, err := unicode.UTF16(end, unicode.ExpectBOM).NewDecoder().Bytes(data)
		if err != nil && !bytes.HasPrefix(data, bomUTF16LE) && !bytes.HasPrefix(data, bomUTF16BE) {
			out, err = unicode.UTF16(end, unicode.IgnoreBOM).NewDecoder().Bytes(data)
		}
		if err != nil {
			return "", enc, fmt.Errorf("cannot read the file as UTF-16: %w", err)
		}
		return string(out), enc, nil
	}
	return "", enc, fmt.Errorf("unknown encoding %d", int(enc))
}

// invalidAt returns the offset of the first byte of b that does not
// start a valid UTF-8 sequence, or len(b).
func invalidAt(b []byte) int {
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return len(b)
}

// NewReader returns a reader of the UTF-8 text of r for parsers that
// stream: a UTF-16 byte order mark (or enc UTF16) turns on UTF-16
// decoding, a UTF-8 byte order mark is skipped, Windows1252 decodes every
// byte, and otherwise the bytes pass as they are (a parser reading them
// decides about bytes that are not UTF-8).
func NewReader(r io.Reader, enc Encoding) io.Reader {
	br := bufio.NewReader(r)
	head, _ := br.Peek(3)
	switch {
	case enc == UTF16 || (enc == Auto && (bytes.HasPrefix(head, bomUTF16LE) || bytes.HasPrefix(head, bomUTF16BE))):
		end := unicode.LittleEndian
		if bytes.HasPrefix(head, bomUTF16BE) {
			end = unicode.BigEndian
		}
		return transform.NewReader(br, unicode.UTF16(end, unicode.UseBOM).NewDecoder())
	case enc == Windows1252:
		return transform.NewReader(br, charmap.Windows1252.NewDecoder())
	case bytes.HasPrefix(head, bomUTF8):
		br.Discard(len(bomUTF8))
	}
	return br
}
