package main

import (
	"fmt"
	"strings"

	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/labyrinth-chess/arbiter/reports"
	utext "github.com/labyrinth-chess/arbiter/text"
)

// replacedText words what a report writer could not print as it was:
// the characters the PDF fonts lack (the first 12, then how many more)
// and bytes that are not UTF-8.
func replacedText(l *locale.Localizer, r reports.Replaced) string {
	var parts []string
	if len(r.Lacking) > 0 {
		shown := r.Lacking
		if len(shown) > 12 {
			shown = shown[:12]
		}
		cs := make([]string, len(shown))
		for i, c := range shown {
			if utext.Class(c) != "" {
				cs[i] = fmt.Sprintf("U+%04X", c)
			} else {
				cs[i] = fmt.Sprintf("%c (U+%04X)", c, c)
			}
		}
		chars := strings.Join(cs, ", ")
		if more := len(r.Lacking) - len(shown); more > 0 {
			chars = l.N("cli.glyphs.more", more, "Chars", chars)
		}
		parts = append(parts, l.T("cli.glyphs.lacking", "Chars", chars))
	}
	if r.BadUTF8 {
		parts = append(parts, l.T("cli.glyphs.badutf8"))
	}
	return strings.Join(parts, "; ")
}

// wordedError is an error worded through the catalog that still wraps
// the sentinel callers branch on (errors.Is).
type wordedError struct {
	msg string
	err error
}

func (e *wordedError) Error() string { return e.msg }
func (e *wordedError) Unwrap() error { return e.err }
