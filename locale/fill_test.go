package locale

import (
	"errors"
	"fmt"
	"testing"

	"github.com/nicksnyder/go-i18n/v2/i18n/template"
)

// stringer and pointer values, as callers pass them.
type named struct{ s string }

func (n named) String() string { return "named " + n.s }

type plain struct{ A, B int }

// TestFillParser fills every form of every message of both catalogs with
// values of each kind callers pass, by fillParser and by text/template
// (go-i18n's default): the texts must be the same.
func TestFillParser(t *testing.T) {
	seven := 7
	values := []any{3, "Rossi, Mario", 2.5, errors.New("disk full"), named{"x"}, &named{"y"}, plain{1, 2}, &plain{3, 4}, &seven, (*plain)(nil), nil, []int{1, 2}, true}
	var text template.TextParser
	for _, name := range []string{"en.json", "it.json"} {
		for id, forms := range catalog(t, name) {
			for form, src := range forms {
				want, err := text.Parse(src, "", "")
				if err != nil {
					t.Fatalf("%s %s %s: %v", name, id, form, err)
				}
				got, err := fillParser{}.Parse(src, "", "")
				if err != nil {
					t.Fatalf("%s %s %s: %v", name, id, form, err)
				}
				for k, v := range values {
					data := map[string]any{}
					for _, p := range placeholders(src) {
						data[p] = v
					}
					if k == 0 {
						data = map[string]any{} // every placeholder missing
					}
					w, werr := want.Execute(data)
					g, gerr := got.Execute(data)
					if g != w || (werr == nil) != (gerr == nil) {
						t.Errorf("%s %s %s with %#v: filled %q (%v), want %q (%v)", name, id, form, v, g, gerr, w, werr)
					}
				}
			}
		}
	}
}

// TestFillParserFallback checks that a text with template logic is left
// to text/template.
func TestFillParserFallback(t *testing.T) {
	for _, src := range []string{`{{if .A}}yes{{else}}no{{end}}`, `{{.A | printf "%03d"}}`, `open {{`, `{{ .A }} and {{.B}}`} {
		p, err := fillParser{}.Parse(src, "", "")
		if err != nil {
			continue // text/template refuses it too
		}
		want, _ := (&template.TextParser{}).Parse(src, "", "")
		data := map[string]any{"A": 5, "B": "b"}
		g, _ := p.Execute(data)
		w, _ := want.Execute(data)
		if g != w {
			t.Errorf("%q: %q, want %q", src, g, w)
		}
	}
}

func BenchmarkWord(b *testing.B) {
	l := New(Italian)
	b.ReportAllocs()
	for b.Loop() {
		_ = l.T("cli.version.commit", "Version", "v1", "Commit", "abc", "Date", "12 maggio 2026", "Go", fmt.Sprint("go", 1))
	}
}
