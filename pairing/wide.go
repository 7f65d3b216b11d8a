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
	switch len(dst) {
	case 2:
		return slack2(dst, y1, y2, w)
	case 3:
		return slack3(dst, y1, y2, w)
	case 4:
		return slack4(dst, y1, y2, w)
	}
	return slackN(dst, y1, y2, w)
}

func slack2(dst, y1, y2, w []uint64) bool {
	_, _, _, _ = dst[1], y1[1], y2[1], w[1]
	s0, c := bits.Add64(y1[0], y2[0], 0)
	s1, _ := bits.Add64(y1[1], y2[1], c)
	d0, b := bits.Sub64(s0, w[0], 0)
	d1, _ := bits.Sub64(s1, w[1], b)
	dst[0], dst[1] = d0, d1
	return d0|d1 == 0
}

func slack3(dst, y1, y2, w []uint64) bool {
	_, _, _, _ = dst[2], y1[2], y2[2], w[2]
	s0, c := bits.Add64(y1[0], y2[0], 0)
	s1, c := bits.Add64(y1[1], y2[1], c)
	s2, _ := bits.Add64(y1[2], y2[2], c)
	d0, b := bits.Sub64(s0, w[0], 0)
	d1, b := bits.Sub64(s1, w[1], b)
	d2, _ := bits.Sub64(s2, w[2], b)
	dst[0], dst[1], dst[2] = d0, d1, d2
	return d0|d1|d2 == 0
}

func slack4(dst, y1, y2, w []uint64) bool {
	_, _, _, _ = dst[3], y1[3], y2[3], w[3]
	s0, c := bits.Add64(y1[0], y2[0], 0)
	s1, c := bits.Add64(y1[1], y2[1], c)
	s2, c := bits.Add64(y1[2], y2[2], c)
	s3, _ := bits.Add64(y1[3], y2[3], c)
	d0, b := bits.Sub64(s0, w[0], 0)
	d1, b := bits.Sub64(s1, w[1], b)
	d2, b := bits.Sub64(s2, w[2], b)
	d3, _ := bits.Sub64(s3, w[3], b)
	dst[0], dst[1], dst[2], dst[3] = d0, d1, d2, d3
	return d0|d1|d2|d3 == 0
}

func slackN(dst, y1, y2, w []uint64) bool {
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
