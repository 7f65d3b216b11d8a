package main

import "strings"

// parseChain reads a tie-break chain typed as "BH,DE,SB".
func parseChain(s string) ([]string, error) {
	var out []string
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' }) {
		out = append(out, strings.ToUpper(f))
	}
	return out, nil
}
