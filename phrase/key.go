package phrase

import (
	"slices"
	"strconv"
)

// AppendKey appends to b a key of t for a cache of worded texts: two
// texts have the same key exactly when they hold the same id,
// separator, parts and arguments, each argument of the same kind (the
// int 3, the Num 3 and the string "3" differ). It reports false, having
// appended part of it, for an argument of another kind than a string,
// an int, a Num or a Text: such a text has no key.
func AppendKey(b []byte, t Text) ([]byte, bool) {
	b = append(b, 'P')
	b = appendKeyString(b, t.ID)
	b = appendKeyString(b, t.Sep)
	b = strconv.AppendInt(b, int64(len(t.Parts)), 10)
	b = append(b, '(')
	for _, p := range t.Parts {
		var ok bool
		if b, ok = AppendKey(b, p); !ok {
			return b, false
		}
	}
	b = append(b, ')')
	b = strconv.AppendInt(b, int64(len(t.Args)), 10)
	b = append(b, '{')
	var names [8]string
	keys := names[:0]
	for k := range t.Args {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		b = appendKeyString(b, k)
		var ok bool
		if b, ok = AppendArgKey(b, t.Args[k]); !ok {
			return b, false
		}
	}
	return append(b, '}'), true
}

// AppendArgKey appends to b the key of one argument of a message, with
// its kind, as AppendKey writes it; false for a kind it does not know.
func AppendArgKey(b []byte, a any) ([]byte, bool) {
	switch a := a.(type) {
	case int:
		b = append(b, 'i')
		b = strconv.AppendInt(b, int64(a), 10)
		return append(b, ';'), true
	case string:
		return appendKeyString(append(b, 's'), a), true
	case Num:
		b = append(b, 'n')
		b = strconv.AppendFloat(b, float64(a), 'g', -1, 64)
		return append(b, ';'), true
	case Text:
		return AppendKey(append(b, 't'), a)
	}
	return b, false
}

// appendKeyString appends s with its length, so that no two lists of
// strings give the same key.
func appendKeyString(b []byte, s string) []byte {
	b = strconv.AppendInt(b, int64(len(s)), 10)
	b = append(b, ':')
	return append(b, s...)
}
