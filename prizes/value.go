package prizes

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
)

// ErrValue is wrapped by the errors of ParseValue.
var ErrValue = errors.New("bad prize value")

// Value is what a prize is: money, or a named prize (a cup, a book).
type Value struct {
	// Cents is the money in hundredths of the currency; for a named
	// prize, what it is worth when it is compared with other prizes (0
	// when not given).
	Cents int64
	// Currency is the sign or code typed with the money ("€", "EUR"), ""
	// when none was.
	Currency string
	// Name is the named prize, "" for money.
	Name string
}

// Money reports whether v is money, to be shared among level players.
func (v Value) Money() bool { return v.Name == "" }

// maxCents caps an amount: a billion, far above any chess prize, keeps
// every sum far from overflowing.
const maxCents = 100_000_000_000

// moneyRE reads an amount with a currency before or after it: "100",
// "100 €", "€100", "50,50 EUR", "1.000", "1,000.50".
// The currency is a currency sign or a three-letter code. It is compiled
// when first used, not as every command starts.
var moneyRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(\p{Sc}|[A-Z]{3})?\s*(\d{1,3}(?:[.,' ]\d{3})*|\d+)(?:[.,](\d{1,2}))?\s*(\p{Sc}|[A-Z]{3})?$`)
})

// ParseValue reads a prize as typed: an amount of money ("100", "100 €",
// "€ 50,50", "1.000 EUR": a comma or a point before one or two digits is
// the decimal mark, before three a thousands separator) or else the name
// of a prize ("coppa", "libro", "trophy"). A negative amount, an amount of
// a billion or more, and an empty text are refused (ErrValue).
func ParseValue(s string) (Value, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return Value{}, valueErr("empty")
	}
	if strings.HasPrefix(s, "-") {
		return Value{}, valueErr("negative", "Value", strconv.Quote(s))
	}
	m := moneyRE().FindStringSubmatch(s)
	if m == nil || (m[1] != "" && m[4] != "") {
		return Value{Name: s}, nil
	}
	digits := strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, m[2])
	whole, err := strconv.ParseInt(digits, 10, 64)
	if err != nil || len(digits) > 10 {
		return Value{}, valueErr("toomuch", "Value", strconv.Quote(s))
	}
	cents := whole * 100
	if m[3] != "" {
		frac, _ := strconv.ParseInt(m[3], 10, 64)
		if len(m[3]) == 1 {
			frac *= 10
		}
		cents += frac
	}
	if cents >= maxCents {
		return Value{}, valueErr("toomuch", "Value", strconv.Quote(s))
	}
	return Value{Cents: cents, Currency: m[1] + m[4]}, nil
}

// String writes v as Amount does, with the currency after it, or its
// name; mark is the decimal mark of the reader's language ("." or ",").
func (v Value) String() string { return v.Text(".") }

// Text is String with the decimal mark mark.
func (v Value) Text(mark string) string {
	if !v.Money() {
		return v.Name
	}
	return Amount(v.Cents, v.Currency, mark)
}

// Amount writes cents hundredths: "100", "26.67" (mark "."), "26,67"
// (mark ","), followed by the currency after a space when there is one.
func Amount(cents int64, currency, mark string) string {
	s := strconv.FormatInt(cents/100, 10)
	if c := cents % 100; c != 0 {
		s += mark + fmt.Sprintf("%02d", c)
	}
	if currency != "" {
		s += " " + currency
	}
	return s
}
