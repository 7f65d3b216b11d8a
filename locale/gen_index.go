//go:build ignore

// gen_index writes, for each catalog (en.json, help.en.json, it.json,
// help.it.json), the index that spares a command from reading the whole
// catalog to find the few messages it prints: <catalog>.idx, its message
// ids in order, each with where the id and its value are in the file.
// Run it with "go generate" in locale/ after changing a catalog: an index
// names the length and the CRC-32 of the catalog it was made of, and a
// command that meets one made of another text reads the catalog whole, as
// without an index (the package's tests fail then).
//
// The format is read by catalogIndex in index.go.
package main

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"hash/crc32"
	"log"
	"os"
	"slices"
	"strings"
)

func main() {
	for _, name := range []string{"en.json", "help.en.json", "it.json", "help.it.json"} {
		text, err := os.ReadFile(name)
		if err != nil {
			log.Fatal(err)
		}
		idx, err := index(text)
		if err != nil {
			log.Fatalf("%s: %v", name, err)
		}
		if err := os.WriteFile(name[:len(name)-len(".json")]+".idx", idx, 0o644); err != nil {
			log.Fatal(err)
		}
	}
}

// entry is a message of a catalog: its id, where the id starts (after its
// opening quote) and where its value, unparsed, starts and ends.
type entry struct {
	id                    string
	key, valStart, valEnd int
}

// index reads the catalog text, a JSON object of message ids, and returns
// its index: "AIX1", the catalog's length, its CRC-32 (IEEE) and the
// number of ids (uint32 little-endian each), then for each id in order
// four uint32s: where the id starts and its length, where its value
// starts and ends.
func index(text []byte) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(text))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, fmt.Errorf("not a JSON object")
	}
	var entries []entry
	seen := map[string]bool{}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, err
		}
		id := t.(string) // an object's key
		end := int(dec.InputOffset())
		key := end - len(id) - 1
		// The index names the id by where it is: it must stand in the
		// file as it is, with no escape.
		if key < 1 || string(text[key-1:end]) != `"`+id+`"` || strings.ContainsAny(id, "\"\\") {
			return nil, fmt.Errorf("message id %q is escaped in the file", id)
		}
		if seen[id] {
			return nil, fmt.Errorf("message id %q twice", id)
		}
		seen[id] = true
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, fmt.Errorf("message %s: %v", id, err)
		}
		valEnd := int(dec.InputOffset())
		entries = append(entries, entry{id, key, valEnd - len(raw), valEnd})
	}
	slices.SortFunc(entries, func(a, b entry) int { return strings.Compare(a.id, b.id) })
	out := []byte("AIX1")
	out = binary.LittleEndian.AppendUint32(out, uint32(len(text)))
	out = binary.LittleEndian.AppendUint32(out, crc32.ChecksumIEEE(text))
	out = binary.LittleEndian.AppendUint32(out, uint32(len(entries)))
	for _, e := range entries {
		for _, v := range []int{e.key, len(e.id), e.valStart, e.valEnd} {
			out = binary.LittleEndian.AppendUint32(out, uint32(v))
		}
	}
	return out, nil
}
