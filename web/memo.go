package web

import (
	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/labyrinth-chess/arbiter/phrase"
)

// memo keeps the words of one static site (Site): a message with the
// same arguments is worded once per site instead of once per page. A
// site of a thousand players words the same few hundred phrases (a
// tie-break's summary, "won against 12 with White", "Round 3") tens of
// thousands of times. The pages of the server word theirs each time: a
// nil *memo keeps nothing. It is safe for concurrent use.
type memo struct{ kept *locale.Memo }

// newMemo returns a memo of the words of w's language.
func newMemo(w words) *memo { return &memo{kept: locale.NewMemo(w.l, 0)} }

// t is words.t, kept.
func (m *memo) t(w words, key string, args ...any) string {
	if m == nil {
		return w.t(key, args...)
	}
	b, _ := phrase.AppendArgKey(append(make([]byte, 0, 64), 'T'), key)
	for _, a := range args {
		var ok bool
		if b, ok = phrase.AppendArgKey(b, a); !ok {
			return w.t(key, args...)
		}
	}
	return m.kept.Keep(b, func() string { return w.t(key, args...) })
}

// word is w.l.Word, kept.
func (m *memo) word(w words, t phrase.Text) string {
	if m == nil {
		return w.l.Word(t)
	}
	return m.kept.Word(t)
}
