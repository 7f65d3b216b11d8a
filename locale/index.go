package locale

import (
	_ "embed" // the catalogs' indexes
	"hash/crc32"
	"strings"
	"unsafe"
)

//go:generate go run gen_index.go

// The indexes of the catalogs, made by go generate (gen_index.go): with
// them a command finds the messages it prints without reading a whole
// catalog first, which was half a millisecond of every command's start
// (twice that in Italian, which reads the English catalog beside its own).
var (
	//go:embed en.idx
	enIndex string
	//go:embed help.en.idx
	helpEnIndex string
	//go:embed it.idx
	itIndex string
	//go:embed help.it.idx
	helpItIndex string
)

// indexData returns the index made of catalog name, "" for none.
func indexData(name string) string {
	switch name {
	case "en.json":
		return enIndex
	case "help.en.json":
		return helpEnIndex
	case "it.json":
		return itIndex
	case "help.it.json":
		return helpItIndex
	}
	return ""
}

// catalogIndex is the index of a catalog: its message ids in order, each
// as four little-endian uint32s, where the id starts in the catalog (after
// its opening quote) and its length, where the id's value starts and
// where it ends.
type catalogIndex struct {
	recs string
	n    int
}

// indexRecord is the length of a record of a catalogIndex.
const indexRecord = 16

// openIndex reads data, the index made of a catalog, as the index of
// text: ok is false when it is not one, or was made of another text (a
// catalog changed since go generate), which it names by its length and
// its CRC-32.
func openIndex(data, text string) (ix catalogIndex, ok bool) {
	const head = 16 // "AIX1", the catalog's length and CRC-32, the number of ids
	if len(data) < head || data[:4] != "AIX1" || le32(data, 4) != len(text) {
		return catalogIndex{}, false
	}
	n := le32(data, 12)
	if len(data) != head+n*indexRecord || uint32(le32(data, 8)) != textCRC(text) {
		return catalogIndex{}, false
	}
	recs := data[head:]
	for i := 0; i < len(recs); i += indexRecord {
		// Every id and value within the text: find then never cuts
		// outside it, whatever the index says.
		key, end := le32(recs, i), le32(recs, i+12)
		if key+le32(recs, i+4) > len(text) || le32(recs, i+8) > end || end > len(text) {
			return catalogIndex{}, false
		}
	}
	return catalogIndex{recs: recs, n: n}, true
}

// textCRC returns the CRC-32 (IEEE) of text, read in place: a catalog is
// a string embedded in the binary, and copying it to bytes to check it
// would cost as much as the check.
func textCRC(text string) uint32 {
	if text == "" {
		return 0
	}
	return crc32.ChecksumIEEE(unsafe.Slice(unsafe.StringData(text), len(text)))
}

// le32 reads the little-endian uint32 at s[i:].
func le32(s string, i int) int {
	return int(uint32(s[i]) | uint32(s[i+1])<<8 | uint32(s[i+2])<<16 | uint32(s[i+3])<<24)
}

// find returns the value, unparsed, of message id in text, the catalog ix
// was made of; found is false for an id text does not have.
func (ix catalogIndex) find(text, id string) (raw string, found bool) {
	lo, hi := 0, ix.n
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		rec := ix.recs[m*indexRecord:]
		key := le32(rec, 0)
		switch c := strings.Compare(text[key:key+le32(rec, 4)], id); {
		case c < 0:
			lo = m + 1
		case c > 0:
			hi = m
		default:
			return text[le32(rec, 8):le32(rec, 12)], true
		}
	}
	return "", false
}
