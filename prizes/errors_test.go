package prizes

import (
	"errors"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter/locale"
)

// TestErrorsWorded: every refusal reads in English as the catalog's
// English message says, and has an Italian one.
func TestErrorsWorded(t *testing.T) {
	en, it := locale.New(locale.English), locale.New(locale.Italian)
	for code := range errorText {
		e := newError(ErrCriterion, code, "Kind", "rating-below", "Value", `"x"`, "From", 1800, "Below", 1600,
			"After", 2010, "Before", 2011, "Min", -1)
		if strings.Contains(e.Error(), "{{") {
			t.Errorf("%s: %q has a placeholder left", code, e.Error())
		}
		if got, want := en.Word(e.Phrase()), strings.TrimPrefix(e.Error(), "prizes: "); got != want {
			t.Errorf("%s: the catalog says %q, Error %q", code, got, want)
		}
		if got := it.Word(e.Phrase()); got == "prizes.err."+code || got == "" || got == en.Word(e.Phrase()) {
			t.Errorf("%s: Italian %q", code, got)
		}
	}
	var pe *Error
	if _, err := ParseValue("-3"); !errors.As(err, &pe) || pe.Code != "negative" || !errors.Is(err, ErrValue) {
		t.Errorf("ParseValue(-3) = %v, want an *Error negative wrapping ErrValue", err)
	}
}
