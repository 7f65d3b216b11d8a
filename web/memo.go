package web

import (
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/labyrinth-chess/arbiter/phrase"
)

// memo keeps the words of one static site (Site): a message with the
// same arguments is worded once per site instead of once per page. A
// site of a thousand players words the same few hundred phrases (a
// tie-break's summary, "won against 12 with White", "Round 3") tens of
// thousands of times. The pages of the server word theirs each time: a
// nil *memo keeps nothing. It is safe for concurrent use.
type memo struct {
	mu sync.Mutex
	m  map[string]string
}

// get returns the words kept under key.
func (m *memo) get(key []byte) (string, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s, ok := m.m[string(key)]
	return s, ok
}

// put keeps s under key.
func (m *memo) put(key []byte, s string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.m == nil {
		m.m = map[string]string{}
	}
	m.m[string(key)] = s
}

// t is words.t, kept.
func (m *memo) t(w words, key string, args ...any) string {
	if m == nil {
		return w.t(key, args...)
	}
	b := make([]byte, 0, 64)
	b = append(b, 'T')
	b = appendString(b, key)
	for _, a := range args {
		var ok bool
		if b, ok = appendArg(b, a); !ok {
			return w.t(key, args...)
		}
	}
	if s, ok := m.get(b); ok {
		return s
	}
	s := w.t(key, args...)
	m.put(b, s)
	return s
}

// word is w.l.Word, kept: a text joined of parts is joined of the parts
// as each is kept, as Word joins them.
func (m *memo) word(w words, t phrase.Text) string {
	if m == nil {
		return w.l.Word(t)
	}
	if t.ID == "" {
		parts := make([]string, len(t.Parts))
		for i, p := range t.Parts {
			parts[i] = m.word(w, p)
		}
		return strings.Join(parts, t.Sep)
	}
	b, ok := appendText(make([]byte, 0, 64), t)
	if !ok {
		return w.l.Word(t)
	}
	if s, ok := m.get(b); ok {
		return s
	}
	s := w.l.Word(t)
	m.put(b, s)
	return s
}

// appendText appends to b a key that tells t from every other text, and
// reports false for a text with an argument of a kind it does not know.
func appendText(b []byte, t phrase.Text) ([]byte, bool) {
	b = append(b, 'P')
	b = appendString(b, t.ID)
	b = appendString(b, t.Sep)
	b = strconv.AppendInt(b, int64(len(t.Parts)), 10)
	b = append(b, '(')
	for _, p := range t.Parts {
		var ok bool
		if b, ok = appendText(b, p); !ok {
			return b, false
		}
	}
	b = append(b, ')')
	b = strconv.AppendInt(b, int64(len(t.Args)), 10)
	b = append(b, '{')
	var names [8]string
	keys := names[:0]
	for k := range t.Args {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		b = appendString(b, k)
		var ok bool
		if b, ok = appendArg(b, t.Args[k]); !ok {
			return b, false
		}
	}
	return append(b, '}'), true
}

// appendArg appends an argument of a message, with its kind: the 3 of
// Num(3) is worded as a figure, the int 3 as it is.
func appendArg(b []byte, a any) ([]byte, bool) {
	switch a := a.(type) {
	case int:
		b = append(b, 'i')
		b = strconv.AppendInt(b, int64(a), 10)
		return append(b, ';'), true
	case string:
		return appendString(append(b, 's'), a), true
	case phrase.Num:
		b = append(b, 'n')
		b = strconv.AppendFloat(b, float64(a), 'g', -1, 64)
		return append(b, ';'), true
	case phrase.Text:
		return appendText(append(b, 't'), a)
	}
	return b, false
}

// appendString appends s with its length, so that no two lists of
// strings give the same key.
func appendString(b []byte, s string) []byte {
	b = strconv.AppendInt(b, int64(len(s)), 10)
	b = append(b, ':')
	return append(b, s...)
}
