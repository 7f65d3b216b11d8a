package text

import (
	"bytes"
	"testing"
	"unicode/utf8"
)

// FuzzDecode checks that Decode reads any bytes as UTF-8 text in Auto
// mode, that Clean makes any string pass Check, that Visible and the
// Writer leave nothing a terminal acts on, and that NewReader reads what
// Decode reads for files with a byte order mark or valid UTF-8.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{"", "Niccol\xf2", "\ufeffname\n", "\xff\xfeN\x00i\x00", "\xfe\xff\x00N", "A\x1b]0;x\x07\u202e\u009b\x7f", "end\xc3", "🏆𝕷"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s, enc, err := Decode(data, Auto)
		if err != nil && enc != UTF16 {
			t.Fatalf("Decode(%q) = %v", data, err)
		}
		if !utf8.ValidString(s) {
			t.Fatalf("Decode(%q) = %q, not UTF-8", data, s)
		}
		if err == nil && (enc == UTF8 || enc == UTF16) {
			var b bytes.Buffer
			if _, err := b.ReadFrom(NewReader(bytes.NewReader(data), Auto)); err == nil && b.String() != s {
				t.Errorf("NewReader(%q) = %q, Decode = %q", data, b.String(), s)
			}
		}
		raw := string(data)
		if c := Clean(raw); Check("name", c, 0) != nil {
			t.Errorf("Check(Clean(%q)) = %v", raw, Check("name", c, 0))
		}
		if err := Check("name", raw, 0); err == nil && Clean(raw) != raw && Visible(raw) != raw {
			t.Errorf("Check accepts %q but Visible changes it", raw)
		}
		for _, out := range []string{Visible(raw), visibleThroughWriter(raw)} {
			for _, r := range out {
				if r != '\n' && r != '\t' && r != '\r' && Class(r) != "" {
					t.Fatalf("made visible, %q still holds %U: %q", raw, r, out)
				}
			}
		}
		if n := Spaces(raw); utf8.RuneCountInString(n) != utf8.RuneCountInString(raw) || !utf8.ValidString(n) {
			t.Errorf("Spaces(%q) = %q: not one character for one", raw, n)
		}
	})
}

func visibleThroughWriter(s string) string {
	var b bytes.Buffer
	w := NewWriter(&b)
	half := len(s) / 2
	w.Write([]byte(s[:half]))
	w.Write([]byte(s[half:]))
	w.Flush()
	return b.String()
}
