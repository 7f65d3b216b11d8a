package locale

import (
	"encoding/binary"
	"maps"
	"slices"
	"strings"
	"testing"
)

// TestCatalogIndexes: the index embedded for each catalog is the one go
// generate makes of it, and finds each of its messages with the value
// that reading the whole catalog finds, and no other message.
func TestCatalogIndexes(t *testing.T) {
	for _, name := range append(slices.Clone(englishFiles), italianFiles...) {
		t.Run(name, func(t *testing.T) {
			text, _ := catalogText(name)
			ix, ok := openIndex(indexData(name), text)
			if !ok {
				t.Fatalf("the index of %s is not that of the catalog: run go generate ./locale", name)
			}
			whole, err := indexCatalog(text)
			if err != nil {
				t.Fatal(err)
			}
			if ix.n != len(whole) {
				t.Fatalf("the index of %s has %d messages, the catalog %d: run go generate ./locale", name, ix.n, len(whole))
			}
			for id, want := range whole {
				if got, found := ix.find(text, id); !found || got != want {
					t.Fatalf("find(%q) = %.40q, %t; want %.40q: run go generate ./locale", id, got, found, want)
				}
			}
			for _, id := range []string{"", "no.such.message", "zzz", "\x00"} {
				if got, found := ix.find(text, id); found {
					t.Errorf("find(%q) = %q; want not found", id, got)
				}
			}
		})
	}
}

// testIndex makes the index of a small catalog as gen_index.go does, its
// ids found by where they stand in text.
func testIndex(t *testing.T, text string) string {
	t.Helper()
	whole, err := indexCatalog(text)
	if err != nil {
		t.Fatal(err)
	}
	out := []byte("AIX1")
	out = binary.LittleEndian.AppendUint32(out, uint32(len(text)))
	out = binary.LittleEndian.AppendUint32(out, textCRC(text))
	out = binary.LittleEndian.AppendUint32(out, uint32(len(whole)))
	for _, id := range slices.Sorted(maps.Keys(whole)) {
		key := strings.Index(text, `"`+id+`"`) + 1
		start := strings.Index(text[key:], whole[id]) + key
		for _, v := range []int{key, len(id), start, start + len(whole[id])} {
			out = binary.LittleEndian.AppendUint32(out, uint32(v))
		}
	}
	return string(out)
}

// TestStaleIndex: an index is taken only for the very catalog it was
// made of: after an edit without go generate, even one that keeps the
// catalog's length, every message is found with its value by reading the
// catalog whole, as without an index.
func TestStaleIndex(t *testing.T) {
	const made = `{
  "a.first": "One",
  "b.plural": {"one": "{{.N}} game", "other": "{{.N}} games"},
  "c.last": "Three"
}`
	idx := testIndex(t, made)
	plural := `{"one": "{{.N}} game", "other": "{{.N}} games"}`
	tests := []struct {
		name string
		text string
		open bool // whether the index is taken for the text
		want map[string]string
	}{
		{"as made", made, true, map[string]string{"a.first": `"One"`, "b.plural": plural, "c.last": `"Three"`}},
		{"longer", strings.Replace(made, `"One"`, `"One more"`, 1), false,
			map[string]string{"a.first": `"One more"`, "b.plural": plural, "c.last": `"Three"`}},
		{"values of the same length moved", strings.Replace(strings.Replace(made, `"One"`, `"Onex"`, 1), `"Three"`, `"Thre"`, 1), false,
			map[string]string{"a.first": `"Onex"`, "b.plural": plural, "c.last": `"Thre"`}},
		{"an id renamed out of order", strings.Replace(made, `"a.first"`, `"z.first"`, 1), false,
			map[string]string{"z.first": `"One"`, "b.plural": plural, "c.last": `"Three"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ix, ok := openIndex(idx, tt.text)
			if ok != tt.open {
				t.Fatalf("openIndex = %t, want %t", ok, tt.open)
			}
			f := &catalogFile{name: "test.json", text: tt.text, fixed: ix, ok: ok}
			for id, want := range tt.want {
				if got, found := f.value(id); !found || got != want {
					t.Errorf("value(%q) = %q, %t; want %q", id, got, found, want)
				}
			}
			if got, found := f.value("y.none"); found {
				t.Errorf("value of a message not in the catalog = %q", got)
			}
		})
	}
	beyond := []byte(idx)
	binary.LittleEndian.PutUint32(beyond[len(beyond)-4:], uint32(len(made)+1)) // the last value's end
	for _, bad := range []string{"", "AIX1", idx[:len(idx)-1], "AIX2" + idx[4:], string(beyond)} {
		if _, ok := openIndex(bad, made); ok {
			t.Errorf("openIndex took %q", bad)
		}
	}
}
