package text

import (
	"errors"
	"fmt"
	"unicode/utf8"
)

// Longest lengths, in characters (runes), of the text a person types.
//
// FIDE's TRF writes a name in 33 characters (TRF-16, line 001), but real
// names are longer: Spanish and Portuguese names with two surnames and two
// given names reach 50 to 60 characters. 100 leaves room for any real name
// while keeping a pasted paragraph out; the TRF export cuts to 33 as FIDE
// asks, and the printed sheets shrink or cut a long name to its column.
const (
	MaxName       = 100 // a player's name
	MaxClub       = 100 // a club or team name
	MaxTournament = 200 // a tournament's name, venue or title
)

// ErrNotText is wrapped by every *FieldError.
var ErrNotText = errors.New("not plain text")

// FieldError says why the text of a field is refused and where.
type FieldError struct {
	Field string // "name", "club", "tournament name", ...
	Pos   int    // 1-based position of the character (or byte) at fault; 0 for a length
	Rune  rune   // the character at fault; utf8.RuneError for a byte that is not UTF-8
	Byte  byte   // the byte at fault when Rune is utf8.RuneError
	Len   int    // the length, for a text too long
	Max   int    // the limit, for a text too long
}

// Error reads as one line, such as
// `name: character 5 is ESC (U+001B), a control character: type plain text`.
// An empty Field leaves the field's name out.
func (e *FieldError) Error() string {
	field := e.Field
	if field == "" {
		field = "the text"
	}
	var msg string
	switch {
	case e.Max > 0:
		return fmt.Sprintf("%s is %d characters long: at most %d fit", field, e.Len, e.Max)
	case e.Rune == utf8.RuneError:
		msg = fmt.Sprintf("character %d is the byte 0x%02X, which is not UTF-8 text: type it again, or import the file with --encoding windows-1252", e.Pos, e.Byte)
	default:
		msg = fmt.Sprintf("character %d is %s, %s: type plain text", e.Pos, RuneName(e.Rune), Class(e.Rune))
	}
	if e.Field == "" {
		return msg
	}
	return e.Field + ": " + msg
}

func (e *FieldError) Unwrap() error { return ErrNotText }

// Check returns nil if s may be stored as the field named field: valid
// UTF-8, no control character (C0, DEL, C1, line or paragraph separator),
// no bidirectional formatting character, at most max characters (0 for no
// limit). Otherwise it returns a *FieldError naming the first fault.
func Check(field, s string, max int) error {
	pos := 0
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		pos++
		if r == utf8.RuneError && n <= 1 {
			return &FieldError{Field: field, Pos: pos, Rune: utf8.RuneError, Byte: s[i]}
		}
		if Class(r) != "" {
			return &FieldError{Field: field, Pos: pos, Rune: r}
		}
		i += n
	}
	if max > 0 && pos > max {
		return &FieldError{Field: field, Len: pos, Max: max}
	}
	return nil
}

// Class names the class of a character Check refuses ("a control
// character", "a bidirectional formatting character"), or "" for a
// character text may hold.
func Class(r rune) string {
	switch {
	case r < 0x20, r == 0x7F, r >= 0x80 && r <= 0x9F, r == 0x2028, r == 0x2029:
		return "a control character"
	case isBidi(r):
		return "a bidirectional formatting character"
	case r == 0xFEFF, r == 0xFFFE, r == 0xFFFF:
		return "a byte order mark or non-character"
	}
	return ""
}

// isBidi reports the invisible characters that reorder text: the marks
// and the embedding, override and isolate controls.
func isBidi(r rune) bool {
	return r == 0x061C || r == 0x200E || r == 0x200F || (r >= 0x202A && r <= 0x202E) || (r >= 0x2066 && r <= 0x2069)
}

// RuneName writes r for a message: its name for the common controls
// ("ESC (U+001B)"), else the character and its code point.
func RuneName(r rune) string {
	names := map[rune]string{0: "NUL", 7: "BEL", 8: "BS", 9: "TAB", 10: "LF", 13: "CR", 0x1B: "ESC", 0x7F: "DEL", 0x9B: "CSI"}
	if n, ok := names[r]; ok {
		return fmt.Sprintf("%s (U+%04X)", n, r)
	}
	if Class(r) != "" {
		return fmt.Sprintf("U+%04X", r)
	}
	return fmt.Sprintf("%q (U+%04X)", r, r)
}

// Clean returns s with what Check refuses repaired: bytes that are not
// UTF-8 are read as Windows-1252, control and bidirectional formatting
// characters become spaces, and runs of spaces collapse to one at the
// ends trimmed. It does not cut a long text. Clean(s) == s when s holds
// nothing Check refuses (apart from length) and has no doubled spaces at
// its ends.
func Clean(s string) string {
	if !utf8.ValidString(s) {
		s = fromWindows1252(s)
	}
	if firstBad(s) < 0 {
		return s
	}
	b := make([]rune, 0, len(s))
	for _, r := range s {
		if Class(r) != "" {
			r = ' '
		}
		if r == ' ' && (len(b) == 0 || b[len(b)-1] == ' ') {
			continue
		}
		b = append(b, r)
	}
	for len(b) > 0 && b[len(b)-1] == ' ' {
		b = b[:len(b)-1]
	}
	return string(b)
}

// firstBad returns the byte offset of the first rune Class refuses, or -1.
func firstBad(s string) int {
	for i, r := range s {
		if Class(r) != "" {
			return i
		}
	}
	return -1
}

// fromWindows1252 reads the bytes of s that are not UTF-8 as
// Windows-1252, keeping the valid UTF-8 sequences as they are.
func fromWindows1252(s string) string {
	var b []byte
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n <= 1 {
			d, _, _ := Decode([]byte{s[i]}, Windows1252)
			b = append(b, d...)
			i++
			continue
		}
		b = append(b, s[i:i+n]...)
		i += n
	}
	return string(b)
}

// Spaces returns s with each character Check refuses replaced by a space
// and each byte that is not UTF-8 by U+FFFD: one character for one, so
// text in fixed columns (a TRF line) stays in place.
func Spaces(s string) string {
	if utf8.ValidString(s) && firstBad(s) < 0 {
		return s
	}
	b := make([]rune, 0, len(s))
	for _, r := range s {
		if r != utf8.RuneError && Class(r) != "" {
			r = ' '
		}
		b = append(b, r)
	}
	return string(b)
}
