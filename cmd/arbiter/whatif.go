package main

import (
	"context"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
)

// whatIfJSON is what a correction would change (desk.WhatIf); its JSON
// field names are stable.
type whatIfJSON = desk.WhatIf

// runWhatIf shows what a correction would change and stores nothing.
func runWhatIf(ctx context.Context, a *app, db *desk.Desk, t arbiter.Tournament, n, b int, res arbiter.Result, asJSON bool) error {
	w, err := db.WhatIf(ctx, desk.ResultRequest{Tournament: strconv.FormatInt(t.ID, 10), Round: n, Board: b, Result: res})
	if err != nil {
		return chainError(err)
	}
	a.notef("What if: nothing was stored.")
	if asJSON {
		return writeJSON(a.stdout, w)
	}
	printWhatIf(a.stdout, w)
	return nil
}

func printWhatIf(w io.Writer, x whatIfJSON) {
	old := x.Old
	if old == "" {
		old = "no result"
	}
	fmt.Fprintf(w, "What if round %d board %d were %s instead of %s (standings after round %d):\n", x.Round, x.Board, x.New, old, x.After)
	if len(x.Changes) == 0 {
		fmt.Fprintln(w, "  The standings do not change.")
	}
	for _, c := range x.Changes {
		line := fmt.Sprintf("  %d %s: rank %d -> %d, points %s -> %s", c.PairingNumber, c.Name, c.Rank[0], c.Rank[1], fmtPoints(c.Points[0]), fmtPoints(c.Points[1]))
		codes := make([]string, 0, len(c.Tiebreaks))
		for code := range c.Tiebreaks {
			codes = append(codes, code)
		}
		sort.Strings(codes)
		for _, code := range codes {
			v := c.Tiebreaks[code]
			line += fmt.Sprintf(", %s %s -> %s", code, fmtPoints(v[0]), fmtPoints(v[1]))
		}
		fmt.Fprintln(w, line)
	}
	for _, r := range x.Later {
		switch {
		case r.Note != "" && r.Engine == "":
			fmt.Fprintf(w, "Round %d (%s): %s.\n", r.Round, r.Stored, r.Note)
		case r.Differs:
			fmt.Fprintf(w, "Round %d would be paired differently: %s (paired: %s); the published pairing stands.\n", r.Round, r.Engine, r.Stored)
		default:
			fmt.Fprintf(w, "Round %d would be paired the same: %s.\n", r.Round, r.Stored)
		}
	}
	fmt.Fprintf(w, "To keep it: arbiter round result %d %s --round %d --correct\n", x.Board, x.New, x.Round)
}

func fmtPoints(v float64) string {
	return strings.TrimSuffix(strings.TrimSuffix(fmt.Sprintf("%.2f", v), "0"), ".0")
}
