package main

import (
	"strings"

	"github.com/labyrinth-chess/arbiter/tiebreak"
)

// parseChain reads a tie-break chain typed as "BH,DE,SB" (commas or
// spaces between the codes) and returns it in C.07 notation.
func parseChain(s string) ([]string, error) {
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == ';' })
	specs, err := tiebreak.ParseChain(fields)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(specs))
	for i, sp := range specs {
		out[i] = sp.String()
	}
	return out, nil
}
