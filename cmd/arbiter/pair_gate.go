package main

import (
	"strconv"
	"strings"
	"time"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
)

// unsettledError words round pair's refusal while results reported from
// the boards of the last round are open (desk.PairOutcome.Open), in the
// terminal's language: what to type to decide them, or --force-reported
// to enter those not confirmed as reported.
func (a *app) unsettledError(open []arbiter.WebReport) error {
	l := a.tr()
	var left []string
	disputed := false
	for _, r := range open {
		if r.Status == arbiter.Disputed {
			disputed = true
			left = append(left, l.T("cli.gate.disputed", "Board", r.Board, "Result", r.Text(), "Colour", colourT(l, r.Seat),
				"Other", r.OtherText(), "OtherColour", colourT(l, r.Seat.Opposite()), "ID", r.ID))
			continue
		}
		left = append(left, l.T("cli.gate.unconfirmed", "Board", r.Board, "Result", r.Text(), "Colour", colourT(l, r.Seat),
			"Time", r.ReportedAt.Local().Format("15:04"), "ID", r.ID))
	}
	key := "cli.gate.refused"
	if disputed {
		key = "cli.gate.refused-disputed"
	}
	return &desk.InputError{Kind: desk.ErrRoundOpen, Msg: l.T(key, "Round", open[0].Round+1, "Prev", open[0].Round, "Boards", strings.Join(left, "; "))}
}

// colourT is White or Black in the catalog's language.
func colourT(l interface{ T(string, ...any) string }, c arbiter.Colour) string {
	if c == arbiter.Black {
		return l.T("web.black")
	}
	return l.T("web.white")
}

// minutes writes a wait as "10 min".
func minutes(d time.Duration) string { return strconv.Itoa(int(d/time.Minute)) + " min" }
