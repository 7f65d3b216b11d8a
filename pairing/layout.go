package pairing

import "math/bits"

// A bracket's edge weight packs the pairing criteria into one integer, most
// important criterion in the most significant bits, so that a
// maximum-weight matching optimises them lexicographically. Each field is
// wide enough for its sum over any matching, so no field carries into the
// next. Only criteria that can differ in the bracket get a field, and
// score-indexed criteria get one sub-field per score present, highest
// score most significant.
//
// Fields, most significant first (2025 numbering):
//
//	top   every pair is an edge; a pair of players who may not take the
//	      PAB (C2, C5) is worth more, so a complete pairing (C4) with the
//	      bye on an allowed player beats any other (only when the graph
//	      holds the lower brackets too)
//	C6    pairs in the bracket
//	C7    pairs in the bracket per score of their higher player
//	C8    pairs in the next bracket, and per score of the higher player
//	C9    ranks of the unplayed-game counts of players at the PAB score
//	C10-C13 colour criteria, one bit per pair in the bracket
//	C14-C17 repeated floats, counts
//	C18-C21 repeated floats, per score
//	low   tie-breaks: exchanges, BSN differences, generation order
type layout struct {
	nw     int
	lowW   int // width of the low field (3*sgBits+1)
	sgBits int
	top    int // offsets, -1 when absent
	c6     int
	c8a    int
	c9     int
	colour [4]int // C10..C13
	flt    [4]int // C14..C17
	c7     []int  // per score index: offset
	c8b    []int
	fs     [4][]int // C18..C21 per score index
}

// fieldAlloc hands out bit fields from the least significant end.
type fieldAlloc struct{ off int }

func (f *fieldAlloc) take(width int) int {
	o := f.off
	f.off += width
	return o
}

// bitsFor returns the number of bits needed to hold values up to n.
func bitsFor(n int) int {
	if n < 1 {
		return 1
	}
	return bits.Len(uint(n))
}

// addAt adds v << off to the multiword integer dst (v may be negative).
func addAt(dst []uint64, off int, v int64) {
	if v == 0 {
		return
	}
	neg := v < 0
	u := uint64(v)
	if neg {
		u = uint64(-v)
	}
	w, s := off/64, uint(off%64)
	lo := u << s
	hi := uint64(0)
	if s > 0 {
		hi = u >> (64 - s)
	}
	var c uint64
	if !neg {
		for i := w; i < len(dst); i++ {
			x := uint64(0)
			switch i {
			case w:
				x = lo
			case w + 1:
				x = hi
			}
			if x == 0 && c == 0 {
				if i > w+1 {
					break
				}
				continue
			}
			dst[i], c = bits.Add64(dst[i], x, c)
		}
		return
	}
	for i := w; i < len(dst); i++ {
		x := uint64(0)
		switch i {
		case w:
			x = lo
		case w + 1:
			x = hi
		}
		if x == 0 && c == 0 {
			if i > w+1 {
				break
			}
			continue
		}
		dst[i], c = bits.Sub64(dst[i], x, c)
	}
}
