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
	"github.com/labyrinth-chess/arbiter/locale"
)

// whatIfJSON is what a correction would change (desk.WhatIf); its JSON
// field names are stable.
type whatIfJSON = desk.WhatIf

// runWhatIf shows what a correction would change and stores nothing.
func runWhatIf(ctx context.Context, a *app, db *desk.Desk, t arbiter.Tournament, n, b int, res arbiter.Result, asJSON bool) error {
	w, err := db.WhatIf(ctx, desk.ResultRequest{Tournament: strconv.FormatInt(t.ID, 10), Round: n, Board: b, Result: res})
	if err != nil {
		return chainError(a.tr(), err)
	}
	a.note(a.tr().T("cli.whatif.nothing"))
	if asJSON {
		return writeJSON(a.stdout, w)
	}
	printWhatIf(a.tr(), a.stdout, w)
	return nil
}

// printWhatIf writes x for people, in l's words.
func printWhatIf(l *locale.Localizer, w io.Writer, x whatIfJSON) {
	old := x.Old
	if old == "" {
		old = l.T("cli.result.none")
	}
	fmt.Fprintln(w, l.T("cli.whatif.title", "Round", x.Round, "Board", x.Board, "New", x.New, "Old", old, "After", x.After))
	if len(x.Changes) == 0 {
		fmt.Fprintln(w, l.T("cli.whatif.same"))
	}
	fmtPoints := func(v float64) string { return fmtPointsIn(l, v) }
	for _, c := range x.Changes {
		line := l.T("cli.whatif.change", "PN", c.PairingNumber, "Name", c.Name, "From", c.Rank[0], "To", c.Rank[1],
			"Old", fmtPoints(c.Points[0]), "New", fmtPoints(c.Points[1]))
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
		case r.NotDutch:
			fmt.Fprintln(w, l.T("cli.whatif.notdutch", "Round", r.Round, "Stored", r.Stored))
		case r.Err != nil:
			fmt.Fprintln(w, l.T("cli.whatif.note", "Round", r.Round, "Stored", r.Stored, "Note", errWords(l, r.Err)))
		case r.Note != "" && r.Engine == "":
			fmt.Fprintln(w, l.T("cli.whatif.note", "Round", r.Round, "Stored", r.Stored, "Note", r.Note))
		case r.Differs:
			fmt.Fprintln(w, l.T("cli.whatif.differs", "Round", r.Round, "Engine", r.Engine, "Stored", r.Stored))
		default:
			fmt.Fprintln(w, l.T("cli.whatif.samepairing", "Round", r.Round, "Stored", r.Stored))
		}
	}
	fmt.Fprintln(w, l.T("cli.whatif.keep", "Board", x.Board, "Result", x.New, "Round", x.Round))
}

// fmtPointsIn writes points without trailing zeros, with l's decimal
// mark: 2.5, 2,5; 1.75, 1,75.
func fmtPointsIn(l *locale.Localizer, v float64) string {
	s := strings.TrimSuffix(strings.TrimSuffix(fmt.Sprintf("%.2f", v), "0"), ".0")
	if l.Lang() == locale.Italian {
		s = strings.Replace(s, ".", ",", 1)
	}
	return s
}
