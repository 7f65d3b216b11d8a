// Package phrase holds text in no language yet: the id of a message of
// the locale catalogs and the arguments that fill it. The pure packages
// (tiebreak, pairing) say what they have to say as phrases; whoever knows
// the reader's language words them (locale.Localizer.Word), and a phrase
// stored as JSON can be worded again later in another language.
package phrase

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"unicode/utf8"
)

// Text is a message id with its arguments, or, when ID is empty, Parts
// worded one by one and joined by Sep. The zero Text is empty.
//
// Args maps placeholder names to values of these types: string (printed
// as is: names, codes), int (a count, a pairing number, a round), Num (a
// figure, worded with the language's decimal mark) and Text (a phrase
// inside a phrase). The argument Count also chooses the plural form.
type Text struct {
	ID    string         `json:"id,omitempty"`
	Args  map[string]any `json:"args,omitempty"`
	Sep   string         `json:"sep,omitempty"`
	Parts []Text         `json:"parts,omitempty"`
}

// Num is a figure: 12, 12.5, 12.33.
type Num float64

// New returns message id with args given as pairs of name and value:
// New("tb.opp.scored", "Score", Num(3)).
func New(id string, args ...any) Text {
	t := Text{ID: id}
	if len(args) > 1 {
		t.Args = make(map[string]any, len(args)/2)
		for i := 0; i+1 < len(args); i += 2 {
			name, ok := args[i].(string) // as a rule
			if !ok {
				name = fmt.Sprint(args[i])
			}
			t.Args[name] = args[i+1]
		}
	}
	return t
}

// Join returns the parts joined by sep; empty parts are left out.
func Join(sep string, parts ...Text) Text {
	var ps []Text
	for _, p := range parts {
		if !p.IsZero() {
			ps = append(ps, p)
		}
	}
	if len(ps) == 1 {
		return ps[0]
	}
	return Text{Sep: sep, Parts: ps}
}

// IsZero reports whether t says nothing.
func (t Text) IsZero() bool { return t.ID == "" && len(t.Parts) == 0 }

// UnmarshalJSON reads a Text written by json.Marshal, giving back its
// arguments their types: objects are Texts, numbers without a fraction
// or exponent ints, other numbers Nums, strings strings.
func (t *Text) UnmarshalJSON(data []byte) error {
	var raw struct {
		ID    string                     `json:"id"`
		Args  map[string]json.RawMessage `json:"args"`
		Sep   string                     `json:"sep"`
		Parts []Text                     `json:"parts"`
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return err
	}
	*t = Text{ID: raw.ID, Sep: raw.Sep, Parts: raw.Parts}
	if len(raw.Args) == 0 {
		return nil
	}
	t.Args = make(map[string]any, len(raw.Args))
	for k, v := range raw.Args {
		v = bytes.TrimSpace(v)
		switch {
		case len(v) == 0:
			return fmt.Errorf("phrase: argument %s is empty", k)
		case v[0] == '{':
			var sub Text
			if err := json.Unmarshal(v, &sub); err != nil {
				return fmt.Errorf("phrase: argument %s: %w", k, err)
			}
			t.Args[k] = sub
		case v[0] == '"':
			var s string
			if err := json.Unmarshal(v, &s); err != nil {
				return fmt.Errorf("phrase: argument %s: %w", k, err)
			}
			t.Args[k] = s
		case bytes.ContainsAny(v, ".eE"):
			f, err := strconv.ParseFloat(string(v), 64)
			if err != nil {
				return fmt.Errorf("phrase: argument %s: %w", k, err)
			}
			t.Args[k] = Num(f)
		default:
			n, err := strconv.Atoi(string(v))
			if err != nil {
				return fmt.Errorf("phrase: argument %s: %w", k, err)
			}
			t.Args[k] = n
		}
	}
	return nil
}

// Stored returns t as the database keeps it: JSON, beginning with "{".
func (t Text) Stored() string {
	if b, ok := appendText(nil, t); ok {
		return string(b)
	}
	data, err := json.Marshal(t)
	if err != nil {
		// Strings, ints, Nums and Texts always encode; an argument of
		// another type is a mistake of the caller, kept visible.
		return fmt.Sprintf("{%q: %q}", "id", t.ID)
	}
	return string(data)
}

// appendText appends t as json.Marshal writes it, byte for byte, without
// reflection: a round of a thousand boards stores a phrase per board. It
// reports false, having appended part of it, for an argument that is not
// a string, an int, a Num or a Text (json.Marshal then writes it).
func appendText(b []byte, t Text) ([]byte, bool) {
	b = append(b, '{')
	first := true
	field := func(name string) {
		if !first {
			b = append(b, ',')
		}
		first = false
		b = append(b, '"')
		b = append(b, name...)
		b = append(b, '"', ':')
	}
	if t.ID != "" {
		field("id")
		b = appendString(b, t.ID)
	}
	if len(t.Args) > 0 {
		field("args")
		keys := make([]string, 0, len(t.Args))
		for k := range t.Args {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		b = append(b, '{')
		for i, k := range keys {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendString(b, k)
			b = append(b, ':')
			switch v := t.Args[k].(type) {
			case string:
				b = appendString(b, v)
			case int:
				b = strconv.AppendInt(b, int64(v), 10)
			case Num:
				f := float64(v)
				if math.IsNaN(f) || math.IsInf(f, 0) {
					return b, false
				}
				b = appendFloat(b, f)
			case Text:
				var ok bool
				if b, ok = appendText(b, v); !ok {
					return b, false
				}
			default:
				return b, false
			}
		}
		b = append(b, '}')
	}
	if t.Sep != "" {
		field("sep")
		b = appendString(b, t.Sep)
	}
	if len(t.Parts) > 0 {
		field("parts")
		b = append(b, '[')
		for i, p := range t.Parts {
			if i > 0 {
				b = append(b, ',')
			}
			var ok bool
			if b, ok = appendText(b, p); !ok {
				return b, false
			}
		}
		b = append(b, ']')
	}
	return append(b, '}'), true
}

// appendFloat writes f as encoding/json writes a float64.
func appendFloat(b []byte, f float64) []byte {
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		// e-09 becomes e-9, as encoding/json writes it.
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b
}

// appendString writes s as a JSON string as encoding/json does by
// default: HTML characters, control characters, U+2028 and U+2029
// escaped, bytes that are not UTF-8 written as U+FFFD.
func appendString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += n
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xF])
			i += n
			start = i
			continue
		}
		i += n
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// Parse reads text written by Stored. It reports false for anything
// else, such as text stored in English before phrases were.
func Parse(s string) (Text, bool) {
	if len(s) == 0 || s[0] != '{' {
		return Text{}, false
	}
	var t Text
	if err := json.Unmarshal([]byte(s), &t); err != nil || t.IsZero() {
		return Text{}, false
	}
	return t, true
}
