package main

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
)

// settleReports is round pair's side of desk.Evening.Unsettled: the
// results reported from the boards of the last round stop the pairing,
// named in the terminal's language, unless force enters those not
// confirmed as reported (said, and logged as the organizer's decision).
func (a *app) settleReports(ctx context.Context, d *desk.Desk, force bool) error {
	t, err := d.Tournament(ctx, a.tournamentRef())
	if err != nil {
		return a.tournamentError(err)
	}
	l := a.tr()
	ev := d.Evening(t.ID, 0)
	open, forced, err := ev.Unsettled(desk.WithActor(ctx, l.T("cli.gate.forced-by", "Who", a.actor())), force)
	if err != nil {
		return err
	}
	for _, r := range forced {
		a.note(l.T("cli.gate.forced", "Board", r.Board, "Result", r.Result.String()))
	}
	if len(open) == 0 {
		return nil
	}
	var left []string
	disputed := false
	for _, r := range open {
		if r.Status == arbiter.Disputed {
			disputed = true
			left = append(left, l.T("cli.gate.disputed", "Board", r.Board, "Result", r.Result.String(), "Colour", colourT(l, r.Seat),
				"Other", r.Other.String(), "OtherColour", colourT(l, r.Seat.Opposite()), "ID", r.ID))
			continue
		}
		left = append(left, l.T("cli.gate.unconfirmed", "Board", r.Board, "Result", r.Result.String(), "Colour", colourT(l, r.Seat),
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
