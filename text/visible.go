package text

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// Visible returns s with every character a terminal would act on instead
// of show written out: control characters (tab and line feed too), bidi
// formatting characters and bytes that are not UTF-8 appear as Go escapes
// such as \u001b, \u202e or \xc3. Visible(s) == s for plain text.
func Visible(s string) string { return visible(s, false) }

func visible(s string, keepLines bool) string {
	k := cleanPrefix(s, keepLines, utf8.DecodeRuneInString)
	if k == len(s) {
		return s
	}
	var b strings.Builder
	b.WriteString(s[:k])
	for i := k; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n <= 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case keepLines && (r == '\n' || r == '\t' || (r == '\r' && strings.HasPrefix(s[i+1:], "\n"))):
			b.WriteRune(r)
		case Class(r) == "":
			b.WriteString(s[i : i+n])
		default:
			// \u form for all: Go and JSON read it alike, so JSON
			// passing through a Writer stays JSON.
			fmt.Fprintf(&b, `\u%04x`, r)
		}
		i += n
	}
	return b.String()
}

// cleanPrefix returns the length of the longest start of s that visible
// leaves as it is: printable ASCII is decided byte by byte, and only the
// other bytes are decoded (by decode) and classed. With keepLines, line
// feeds, tabs and the CR of a CRLF are kept too.
func cleanPrefix[T string | []byte](s T, keepLines bool, decode func(T) (rune, int)) int {
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c >= 0x20 && c < 0x7F:
			i++
		case c >= utf8.RuneSelf:
			r, n := decode(s[i:])
			if r == utf8.RuneError && n <= 1 || Class(r) != "" {
				return i
			}
			i += n
		case keepLines && (c == '\n' || c == '\t' || c == '\r' && i+1 < len(s) && s[i+1] == '\n'):
			i++
		default:
			return i
		}
	}
	return len(s)
}

// Writer passes text to a terminal or a pipe with every character Visible
// writes out made visible, except line feeds, tabs and the carriage
// return of a CRLF line end. A UTF-8 sequence or CRLF split across two
// writes is held back until the next write completes it, or Flush.
type Writer struct {
	w    io.Writer
	hold []byte
}

// NewWriter returns a Writer writing to w.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w} }

// Write writes p made visible. It returns len(p) when the underlying
// write succeeds.
func (t *Writer) Write(p []byte) (int, error) {
	buf := p
	if len(t.hold) > 0 {
		buf = append(t.hold, p...)
	}
	t.hold = nil
	cut := len(buf)
	// Hold back an unfinished UTF-8 sequence or a lone final CR.
	for k := 1; k <= 3 && k <= len(buf); k++ {
		c := buf[len(buf)-k]
		if c < 0x80 {
			break
		}
		if utf8.RuneStart(c) {
			if !utf8.FullRune(buf[len(buf)-k:]) {
				cut = len(buf) - k
			}
			break
		}
	}
	if cut == len(buf) && cut > 0 && buf[cut-1] == '\r' {
		cut--
	}
	t.hold = append(t.hold, buf[cut:]...)
	out := buf[:cut]
	// Plain text, nearly all of it, is written as it came, without a copy.
	if cleanPrefix(out, true, utf8.DecodeRune) < len(out) {
		out = []byte(visible(string(out), true))
	}
	if _, err := t.w.Write(out); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Flush writes what was held back, made visible.
func (t *Writer) Flush() error {
	if len(t.hold) == 0 {
		return nil
	}
	s := visible(string(t.hold), false)
	t.hold = nil
	_, err := io.WriteString(t.w, s)
	return err
}

// EscapeJSON returns JSON text with the characters encoding/json leaves
// as they are but a terminal acts on or that reorder text: DEL, the C1
// controls U+0080 to U+009F, the bidi formatting characters and the line
// and paragraph separators, written as \u escapes. Characters in JSON
// strings are the only place they can appear, so the result is the same
// JSON value.
func EscapeJSON(js []byte) []byte {
	if jsonPlain(js) {
		return js
	}
	var b bytes.Buffer
	for i := 0; i < len(js); {
		r, n := utf8.DecodeRune(js[i:])
		if r != '\n' && Class(r) != "" && !(r == utf8.RuneError && n <= 1) {
			fmt.Fprintf(&b, `\u%04x`, r)
		} else {
			b.Write(js[i : i+n])
		}
		i += n
	}
	return b.Bytes()
}

// jsonPlain reports whether js holds no character but the line feed that
// Class refuses; bytes that are not UTF-8 count as plain, as EscapeJSON
// leaves them.
func jsonPlain(js []byte) bool {
	for i := 0; i < len(js); {
		c := js[i]
		if c < utf8.RuneSelf {
			if c < 0x20 && c != '\n' || c == 0x7F {
				return false
			}
			i++
			continue
		}
		r, n := utf8.DecodeRune(js[i:])
		if Class(r) != "" {
			return false
		}
		i += n
	}
	return true
}
