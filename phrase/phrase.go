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
	"strconv"
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
			t.Args[fmt.Sprint(args[i])] = args[i+1]
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
	data, err := json.Marshal(t)
	if err != nil {
		// Strings, ints, Nums and Texts always encode; an argument of
		// another type is a mistake of the caller, kept visible.
		return fmt.Sprintf("{%q: %q}", "id", t.ID)
	}
	return string(data)
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
