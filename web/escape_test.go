package web

import (
	"html/template"
	"strings"
	"testing"
)

// FuzzHTMLText: htmlText escapes a string as html/template does in the
// text of an element, whatever the string (quotes, ampersands, plus
// signs, NUL, bytes that are not UTF-8).
func FuzzHTMLText(f *testing.F) {
	for _, s := range []string{"", "Rossi, Mario", `O'Neil & "Sons" <b>`, "1+1", "\x00", "Né\xffé", "½ × 3", "\xe2\x80", "a\u2028b"} {
		f.Add(s)
	}
	tmpl := template.Must(template.New("t").Parse("<li>{{.}}</li>"))
	f.Fuzz(func(t *testing.T, s string) {
		var b strings.Builder
		if err := tmpl.Execute(&b, s); err != nil {
			t.Fatal(err)
		}
		want := strings.TrimSuffix(strings.TrimPrefix(b.String(), "<li>"), "</li>")
		if got := htmlText(s); got != want {
			t.Errorf("htmlText(%q) = %q, want %q as html/template writes it", s, got, want)
		}
	})
}
