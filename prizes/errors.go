package prizes

import (
	"strconv"
	"strings"

	"github.com/labyrinth-chess/arbiter/phrase"
)

// Error is a refusal of a category, a criterion or a prize's value. It
// wraps ErrCriterion or ErrValue, reads in English, and Phrase gives it
// for the reader's language (locale messages "prizes.err.CODE").
type Error struct {
	Code string // what is wrong: one of the ids of errorText
	Args map[string]any
	kind error
}

// errorText is the English of each refusal, the text of the catalog's
// message "prizes.err."+code with its placeholders.
var errorText = map[string]string{
	"rating":       "{{.Kind}} {{.Value}}: type a rating from 1 to 3500",
	"year":         "{{.Kind}} {{.Value}}: type a year such as 2010",
	"sex":          "sex {{.Value}}: type F or M",
	"club":         "club: type the club's name",
	"novalue":      "{{.Kind}} takes no value, not {{.Value}}",
	"unknown":      "unknown criterion {{.Kind}}",
	"twice":        "{{.Kind}} is given twice",
	"band":         "no rating is {{.From}} or more and below {{.Below}}",
	"ratedunrated": "no player is both rated and unrated",
	"unratedfrom":  "an unrated player has no rating of {{.From}} or more",
	"years":        "no year of birth is after {{.After}} and before {{.Before}}",
	"noname":       "a category needs a name",
	"min":          "a category needs at least 0 players, not {{.Min}}",
	"age":          "age {{.Value}}: type U8 to U20 for the young (under 8 ... on 1 January), O50 or O65 for the seniors",
	"empty":        "the prize is empty: type an amount such as 50 or the name of a prize such as coppa",
	"negative":     "{{.Value}}: a prize is not negative",
	"toomuch":      "{{.Value}} is too much money for a prize",
}

func newError(kind error, code string, args ...any) *Error {
	e := &Error{Code: code, Args: map[string]any{}, kind: kind}
	for i := 0; i+1 < len(args); i += 2 {
		e.Args[args[i].(string)] = args[i+1]
	}
	return e
}

func criterionErr(code string, args ...any) error { return newError(ErrCriterion, code, args...) }
func valueErr(code string, args ...any) error     { return newError(ErrValue, code, args...) }

// Error writes the refusal in English.
func (e *Error) Error() string {
	s := errorText[e.Code]
	for k, v := range e.Args {
		var text string
		switch v := v.(type) {
		case string:
			text = v
		case int:
			text = strconv.Itoa(v)
		}
		s = strings.ReplaceAll(s, "{{."+k+"}}", text)
	}
	return "prizes: " + s
}

// Unwrap returns ErrCriterion or ErrValue.
func (e *Error) Unwrap() error { return e.kind }

// Phrase returns the refusal as a phrase of the locale catalogs.
func (e *Error) Phrase() phrase.Text {
	var args []any
	for k, v := range e.Args {
		args = append(args, k, v)
	}
	return phrase.New("prizes.err."+e.Code, args...)
}
