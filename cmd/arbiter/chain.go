package main

import "github.com/labyrinth-chess/arbiter/desk"

// parseChain reads a tie-break chain typed as "BH,DE,SB" (commas or
// spaces between the codes) and returns it in C.07 notation.
func parseChain(s string) ([]string, error) { return desk.ParseChain(s) }
