package text

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// markup are the characters a name typed by a stranger may not hold: the
// ones that mean something to HTML, to scripts and to templates. The
// pages escape every name they show, but a name goes on to printed
// sheets, exports and other programs that may not; no real name needs
// them. The apostrophe stays: D'Angelo and O'Brien are names.
const markup = `<>&"` + "`" + `\{}`

// CheckName returns nil if s may be the name a stranger types for
// themselves (a late entry from the phone): Check's rules, and none of
// the markup characters < > & " ` \ { }. Otherwise it returns a
// *FieldError (or Check's) naming the first fault.
func CheckName(field, s string, max int) error {
	if err := Check(field, s, max); err != nil {
		return err
	}
	pos := 0
	for _, r := range s {
		pos++
		if strings.ContainsRune(markup, r) {
			return &MarkupError{Field: field, Pos: pos, Rune: r}
		}
	}
	return nil
}

// MarkupError is a name refused for a markup character.
type MarkupError struct {
	Field string
	Pos   int  // 1-based position of the character
	Rune  rune // the character
}

// Error reads as one line, such as
// `name: character 1 is "<" (U+003C), which names cannot hold: type letters, spaces, hyphens or apostrophes`.
func (e *MarkupError) Error() string {
	msg := fmt.Sprintf("character %d is %s, which names cannot hold: type letters, spaces, hyphens or apostrophes", e.Pos, RuneName(e.Rune))
	if e.Field == "" {
		return msg
	}
	return e.Field + ": " + msg
}

func (e *MarkupError) Unwrap() error { return ErrNotText }

// IsMarkup reports whether r is one of the characters CheckName refuses
// beyond Check's.
func IsMarkup(r rune) bool { return r != utf8.RuneError && strings.ContainsRune(markup, r) }
