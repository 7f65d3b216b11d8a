package pairing

import "math/bits"

// Edge weights and dual variables are fixed-width two's-complement integers
// of a few 64-bit words, least significant word first. The width is chosen
// per bracket from the criteria that can differ there, so a weight packs
// every criterion as a bit field with room for sums (see weights.go).
// These helpers take the width from their arguments' length.

// wadd sets dst = a + b.
func wadd(dst, a, b []uint64) {
	var c uint64
	for i := range dst {
		dst[i], c = bits.Add64(a[i], b[i], c)
	}
}

// wsub sets dst = a - b.
func wsub(dst, a, b []uint64) {
	var c uint64
	for i := range dst {
		dst[i], c = bits.Sub64(a[i], b[i], c)
	}
}

// wcmp compares a and b as signed integers.
func wcmp(a, b []uint64) int {
	n := len(a) - 1
	if sa, sb := int64(a[n]), int64(b[n]); sa != sb {
		if sa < sb {
			return -1
		}
		return 1
	}
	for i := n - 1; i >= 0; i-- {
		if a[i] != b[i] {
			if a[i] < b[i] {
				return -1
			}
			return 1
		}
	}
	return 0
}

// wsign returns -1, 0 or 1 as a is negative, zero or positive.
func wsign(a []uint64) int {
	n := len(a) - 1
	if int64(a[n]) < 0 {
		return -1
	}
	for i := range a {
		if a[i] != 0 {
			return 1
		}
	}
	return 0
}

// wzero reports whether a is zero.
func wzero(a []uint64) bool {
	for _, x := range a {
		if x != 0 {
			return false
		}
	}
	return true
}

// whalf sets dst = a / 2 (arithmetic shift); a must be even.
func whalf(dst, a []uint64) {
	n := len(a) - 1
	for i := 0; i < n; i++ {
		dst[i] = a[i]>>1 | a[i+1]<<63
	}
	dst[n] = uint64(int64(a[n]) >> 1)
}

// wshl1 sets dst = a * 2.
func wshl1(dst, a []uint64) {
	for i := len(a) - 1; i > 0; i-- {
		dst[i] = a[i]<<1 | a[i-1]>>63
	}
	dst[0] = a[0] << 1
}

// wset sets dst = a.
func wset(dst, a []uint64) { copy(dst, a) }

// wclear sets dst = 0.
func wclear(dst []uint64) {
	for i := range dst {
		dst[i] = 0
	}
}

// slackOf sets dst = y1 + y2 - w and reports whether it is zero.
func slackOf(dst, y1, y2, w []uint64) bool {
	var c, b uint64
	z := uint64(0)
	for i := range dst {
		var s uint64
		s, c = bits.Add64(y1[i], y2[i], c)
		dst[i], b = bits.Sub64(s, w[i], b)
		z |= dst[i]
	}
	return z == 0
}
