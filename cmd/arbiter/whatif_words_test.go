package main

import (
	"errors"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/locale"
)

// TestWhatIfLaterWords checks that a later round the what-if cannot
// compare is worded in the terminal's language, not with the desk's
// English note.
func TestWhatIfLaterWords(t *testing.T) {
	t.Parallel()
	later := []desk.WhatIfRound{
		{Round: 2, Method: "double-swiss", Stored: "1-2, 3-4", Note: "not paired by the Dutch system: nothing to compare", NotDutch: true},
	}
	tests := []struct {
		lang      locale.Lang
		want, not string
	}{
		{locale.English, "Round 2 (1-2, 3-4): not paired by the Dutch system", "Turno"},
		{locale.Italian, "Turno 2 (1-2, 3-4): non abbinato con il sistema olandese", "nothing to compare"},
	}
	for _, tt := range tests {
		var b strings.Builder
		printWhatIf(locale.New(tt.lang), &b, desk.WhatIf{Round: 1, Board: 1, New: "1-0", Old: "0-1", After: 2, Later: later})
		if got := b.String(); !strings.Contains(got, tt.want) || strings.Contains(got, tt.not) {
			t.Errorf("%s: what-if reads\n%s\nwant %q and no %q", tt.lang, got, tt.want, tt.not)
		}
	}
	var b strings.Builder
	err := errors.New("no pairing")
	printWhatIf(locale.New(locale.English), &b, desk.WhatIf{Round: 1, Board: 1, New: "1-0", After: 2,
		Later: []desk.WhatIfRound{{Round: 2, Stored: "1-2", Differs: true, Note: err.Error(), Err: err}}})
	if !strings.Contains(b.String(), "Round 2 (1-2): ") {
		t.Errorf("a round the Dutch system cannot pair again reads\n%s", b.String())
	}
}
