package locale

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/nicksnyder/go-i18n/v2/i18n/template"
)

// The catalogs' messages hold no template logic, only placeholders such
// as {{.Round}}: filling them in takes a scan of the text, where
// text/template (go-i18n's default) executes a template through
// reflection for every message worded, the larger part of the cost of a
// page of explanations. fillParser is go-i18n's Parser for such texts; a
// text with any other action goes to text/template as before.
type fillParser struct{ text template.TextParser }

// Cacheable reports that a parsed message may be kept: it depends on the
// text alone.
func (fillParser) Cacheable() bool { return true }

// Parse splits src into literal text and placeholders.
func (p fillParser) Parse(src, leftDelim, rightDelim string) (template.ParsedTemplate, error) {
	if leftDelim != "" && leftDelim != "{{" || rightDelim != "" && rightDelim != "}}" {
		return p.text.Parse(src, leftDelim, rightDelim)
	}
	var f filled
	rest := src
	for {
		i := strings.Index(rest, "{{")
		if i < 0 {
			f.lits = append(f.lits, rest)
			return f, nil
		}
		j := strings.Index(rest[i:], "}}")
		if j < 0 {
			return p.text.Parse(src, leftDelim, rightDelim)
		}
		name, ok := placeholderName(rest[i+2 : i+j])
		if !ok {
			return p.text.Parse(src, leftDelim, rightDelim)
		}
		f.lits = append(f.lits, rest[:i])
		f.names = append(f.names, name)
		rest = rest[i+j+2:]
	}
}

// placeholderName reads ".Name" (spaces around allowed) as Name.
func placeholderName(action string) (string, bool) {
	a := strings.TrimSpace(action)
	if len(a) < 2 || a[0] != '.' {
		return "", false
	}
	for _, r := range a[1:] {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return "", false
		}
	}
	return a[1:], true
}

// filled is a parsed message: lits[0] names[0] lits[1] ... lits[n].
type filled struct {
	lits  []string
	names []string
}

// Execute fills the placeholders from data, a map of names to values,
// printing each value as text/template prints it: "<no value>" for a
// missing or nil one, a pointer's target unless the pointer is an error
// or a Stringer, anything else as fmt.Sprint does.
func (f filled) Execute(data any) (string, error) {
	if len(f.names) == 0 {
		return f.lits[0], nil
	}
	m, ok := data.(map[string]any)
	if !ok && data != nil {
		return "", fmt.Errorf("locale: message data is %T, not a map", data)
	}
	var b strings.Builder
	for i, name := range f.names {
		b.WriteString(f.lits[i])
		b.WriteString(printed(m[name]))
	}
	b.WriteString(f.lits[len(f.lits)-1])
	return b.String(), nil
}

// printed writes v as text/template prints a value.
func printed(v any) string {
	switch v := v.(type) {
	case nil:
		return "<no value>"
	case string:
		return v
	case error:
		return v.Error()
	case fmt.Stringer:
		return v.String()
	}
	if rv := reflect.ValueOf(v); rv.Kind() == reflect.Pointer {
		if rv.IsNil() {
			return "<nil>"
		}
		return fmt.Sprint(rv.Elem().Interface())
	}
	return fmt.Sprint(v)
}
