package locale

import (
	"sync"

	"github.com/labyrinth-chess/arbiter/phrase"
)

// Memo words texts in one Localizer's language, each once: a site of a
// thousand players, or a file of ten thousand games, words the same few
// hundred phrases tens of thousands of times. It is safe for concurrent
// use.
type Memo struct {
	l     *Localizer
	limit int // texts kept at most; 0 for no bound

	mu  sync.Mutex
	m   map[string]string
	buf []byte // room for Word's keys, under mu
}

// NewMemo returns a Memo of l that keeps at most limit texts (0: no
// bound); past it, a text not kept is worded each time.
func NewMemo(l *Localizer, limit int) *Memo {
	return &Memo{l: l, limit: limit, m: map[string]string{}}
}

// Word is l.Word(t), kept: a text joined of parts is joined of the parts
// as each is kept, as Word joins them.
func (m *Memo) Word(t phrase.Text) string {
	if t.ID == "" {
		return joinParts(t, m.Word)
	}
	// The key is made in room kept under the lock: a file of games
	// words tens of thousands of phrases, and a key made anew for each
	// was an allocation each.
	m.mu.Lock()
	key, ok := phrase.AppendKey(m.buf[:0], t)
	m.buf = key
	if !ok {
		m.mu.Unlock()
		return m.l.Word(t)
	}
	if s, ok := m.m[string(key)]; ok {
		m.mu.Unlock()
		return s
	}
	if m.limit != 0 && len(m.m) >= m.limit {
		m.mu.Unlock()
		return m.l.Word(t)
	}
	k := string(key)
	m.mu.Unlock()
	s := m.l.Word(t)
	m.keep(k, s)
	return s
}

// Keep returns the words kept under key, or words them with word and
// keeps them. The caller makes key tell its text from every other text
// kept in m (phrase.AppendKey, phrase.AppendArgKey); the keys of Word
// begin with 'P'.
func (m *Memo) Keep(key []byte, word func() string) string {
	m.mu.Lock()
	s, ok := m.m[string(key)]
	m.mu.Unlock()
	if ok {
		return s
	}
	s = word()
	m.keep(string(key), s)
	return s
}

// keep keeps s under key, unless m keeps as many texts as it may.
func (m *Memo) keep(key, s string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.limit == 0 || len(m.m) < m.limit {
		m.m[key] = s
	}
}
