package main

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/store"
)

// Pairing waits for the truth: the next round is paired only when every
// board of the last one has a result that both players confirmed or the
// organizer decided. A result reported from a board and not confirmed
// becomes, after the tournament's wait (tournament web
// --unconfirmed-after), either a result entered as reported
// (--unconfirmed confirm) or an item of the organizer's queue; until then,
// and while the players of a board disagree, round pair (and the
// organizer's page) refuses and names the boards.

// settle enters the reports of the last paired round that waited their
// time for the opponent, when the tournament says so, and returns the
// reports of that round still open.
func (e *evening) settle(ctx context.Context) ([]store.WebReport, error) {
	_, paired, err := e.db.Published(ctx, e.tid)
	if err != nil || paired == 0 {
		return nil, err
	}
	ws, err := e.db.WebSettings(ctx, e.tid)
	if err != nil {
		return nil, err
	}
	reports, err := e.db.Reports(ctx, e.tid, paired)
	if err != nil {
		return nil, err
	}
	var open []store.WebReport
	now := e.a.now()
	for _, r := range reports {
		if !r.Open() {
			continue
		}
		if ws.AutoConfirm && r.Status == store.Reported && !now.Before(r.ReportedAt.Add(ws.Wait())) {
			who := e.a.tr().T("cli.gate.lapsed", "Wait", minutes(ws.Wait()))
			if _, err := e.Accept(ctx, r.ID, arbiter.NoResult, who); err == nil {
				continue
			}
			// A result the Laws refuse (a game attached says otherwise)
			// stays for the organizer.
		}
		open = append(open, r)
	}
	return open, nil
}

// gate refuses to pair while a board of the last round is reported and
// not confirmed, or disputed, naming the boards. With force, the reports
// not confirmed are entered as reported, each logged as the organizer's
// decision (who); a disputed board still needs one.
func (e *evening) gate(ctx context.Context, force bool, who string) error {
	open, err := e.settle(ctx)
	if err != nil || len(open) == 0 {
		return err
	}
	l := e.a.tr()
	disputed := false
	for _, r := range open {
		disputed = disputed || r.Status == store.Disputed
	}
	if force && !disputed {
		// Every report is entered, or none: nothing is forced while a
		// board still needs the organizer's decision.
		for _, r := range open {
			if _, err := e.Accept(ctx, r.ID, arbiter.NoResult, l.T("cli.gate.forced-by", "Who", who)); err != nil {
				return err
			}
			e.a.note(l.T("cli.gate.forced", "Board", r.Board, "Result", r.Result.String()))
		}
		return nil
	}
	var left []string
	for _, r := range open {
		if r.Status == store.Disputed {
			left = append(left, l.T("cli.gate.disputed", "Board", r.Board, "Result", r.Result.String(), "Colour", colourT(l, r.Seat),
				"Other", r.Other.String(), "OtherColour", colourT(l, r.Seat.Opposite()), "ID", r.ID))
			continue
		}
		left = append(left, l.T("cli.gate.unconfirmed", "Board", r.Board, "Result", r.Result.String(), "Colour", colourT(l, r.Seat),
			"Time", r.ReportedAt.Local().Format("15:04"), "ID", r.ID))
	}
	if len(left) == 0 {
		return nil
	}
	key := "cli.gate.refused"
	if disputed {
		key = "cli.gate.refused-disputed"
	}
	return &store.InputError{Kind: store.ErrRoundOpen, Msg: l.T(key, "Round", open[0].Round+1, "Prev", open[0].Round, "Boards", strings.Join(left, "; "))}
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
