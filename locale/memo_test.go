package locale

import (
	"testing"

	"github.com/labyrinth-chess/arbiter/phrase"
)

// TestMemo: a kept text is worded as the Localizer words it, in either
// language, the first time and after; the bound keeps no more texts than
// it says, and a text past it is still worded right.
func TestMemo(t *testing.T) {
	texts := []phrase.Text{
		phrase.New("pair.note.plain", "Text", "x"),
		phrase.New("pair.note.plain", "Text", "y"),
		phrase.Join(" · ", phrase.New("pair.note.plain", "Text", "x"), phrase.New("pair.note.plain", "Text", "z")),
	}
	for _, lang := range []Lang{English, Italian} {
		l := New(lang)
		m := NewMemo(l, 2)
		for range 2 {
			for _, tx := range texts {
				if got, want := m.Word(tx), l.Word(tx); got != want {
					t.Errorf("%s: Memo.Word(%s) = %q, want %q", lang, tx.Stored(), got, want)
				}
			}
		}
		if n := len(m.m); n != 2 {
			t.Errorf("%s: a Memo bound to 2 keeps %d texts", lang, n)
		}
	}
	m := NewMemo(New(English), 0)
	calls := 0
	for range 3 {
		if s := m.Keep([]byte("k"), func() string { calls++; return "v" }); s != "v" {
			t.Errorf("Keep = %q, want v", s)
		}
	}
	if calls != 1 {
		t.Errorf("a kept text was worded %d times, want once", calls)
	}
}
