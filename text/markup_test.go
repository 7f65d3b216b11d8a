package text

import (
	"errors"
	"strings"
	"testing"
)

func TestCheckName(t *testing.T) {
	tests := []struct {
		name, in string
		want     string // "" for accepted, else a part of the message
	}{
		{"plain", "Rossi, Niccolò", ""},
		{"apostrophe", "D'Angelo, Lucia", ""},
		{"hyphen", "Anna-Maria Ferri", ""},
		{"tag", "<script>alert(1)</script>", `character 1 is '<' (U+003C), which names cannot hold`},
		{"ampersand", "Rossi & Figli", `character 7 is '&' (U+0026)`},
		{"quote", `Mario "the rook" Rossi`, `character 7 is '"' (U+0022)`},
		{"backtick", "Rossi`", "character 6 is '`' (U+0060)"},
		{"template", "{{.Name}}", `character 1 is '{' (U+007B)`},
		{"control", "Rossi\x1b[31m", "character 6 is ESC (U+001B), a control character"},
		{"bidi", "Rossi\u202eoiraM", "character 6 is U+202E, a bidirectional formatting character"},
		{"newline", "Rossi\nMario", "LF (U+000A)"},
		{"long", strings.Repeat("a", 101), "at most 100 fit"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := CheckName("name", tc.in, MaxName)
			if tc.want == "" {
				if err != nil {
					t.Fatalf("CheckName(%q) = %v, want nil", tc.in, err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("CheckName(%q) = %v, want %q", tc.in, err, tc.want)
			}
			if !strings.HasPrefix(err.Error(), "name") || !errors.Is(err, ErrNotText) {
				t.Errorf("CheckName(%q) = %v: want the field named and ErrNotText", tc.in, err)
			}
		})
	}
}

func FuzzCheckName(f *testing.F) {
	for _, s := range []string{"Rossi, Mario", "<b>", "a\x00b", "D'Angelo"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		err := CheckName("name", s, MaxName)
		if err != nil {
			return
		}
		for _, r := range s {
			if IsMarkup(r) || Class(r) != "" {
				t.Fatalf("CheckName accepted %q with %q", s, r)
			}
		}
	})
}
