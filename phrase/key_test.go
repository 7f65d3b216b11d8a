package phrase

import "testing"

// TestAppendKey: texts that differ in anything a Localizer words differ
// in their keys; equal texts, whatever the order their arguments were
// given in, share one.
func TestAppendKey(t *testing.T) {
	texts := []Text{
		New("a"),
		New("b"),
		New("a", "N", 3),
		New("a", "N", Num(3)),
		New("a", "N", "3"),
		New("a", "M", 3),
		New("a", "N", 3, "M", 4),
		New("a", "N", New("b")),
		New("a", "N", New("b", "N", 1)),
		New("a", "N", New("b", "N", 2)),
		New("a", "N", "x:1"),
		New("a", "N", "x", "M", "1"),
		Join(", ", New("a"), New("b")),
		Join("; ", New("a"), New("b")),
		Join(", ", New("ab")),
		Join(", ", New("a"), New("b"), New("a")),
		{ID: "a", Sep: ","},
	}
	seen := map[string]int{}
	for i, tx := range texts {
		k, ok := AppendKey(nil, tx)
		if !ok {
			t.Fatalf("text %d (%s) has no key", i, tx.Stored())
		}
		if j, dup := seen[string(k)]; dup {
			t.Errorf("texts %d (%s) and %d (%s) share the key %q", j, texts[j].Stored(), i, tx.Stored(), k)
		}
		seen[string(k)] = i
	}
	a, _ := AppendKey(nil, New("a", "N", 3, "M", 4))
	b, _ := AppendKey(nil, New("a", "M", 4, "N", 3))
	if string(a) != string(b) {
		t.Errorf("the same text gives keys %q and %q", a, b)
	}
	if _, ok := AppendKey(nil, New("a", "N", 1.5)); ok {
		t.Error("a float64 argument, not a Num, was given a key")
	}
	if _, ok := AppendKey(nil, Join(", ", New("a", "N", []int{1}))); ok {
		t.Error("a part with an unknown argument was given a key")
	}
}
