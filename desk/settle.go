package desk

import (
	"context"
	"fmt"
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/store"
)

// Pairing waits for the truth: the next round is paired only when every
// board of the last one has a result both players confirmed or the
// organizer decided. A report not confirmed becomes, after the
// tournament's wait (WebSettings.UnconfirmedAfter), a result entered as
// reported (WebSettings.AutoConfirm) or an item of the organizer's queue;
// until then, and while the players of a board disagree, pairing is
// refused with the boards named, unless the organizer forces it, which
// enters the reports not confirmed as reported, each logged as theirs.

// LapsedBy is the author the event log gives a result entered because
// nobody confirmed it within the tournament's wait.
func LapsedBy(ws arbiter.WebSettings) string {
	return fmt.Sprintf("nobody: not confirmed within %d min", int(ws.Wait().Minutes()))
}

// Settle enters the reports of the last paired round whose wait is over,
// when the tournament says so, and returns the reports of that round
// still open, oldest first: what the organizer's queue shows. Pair
// settles them again in its own transaction.
func (e *Evening) Settle(ctx context.Context) ([]arbiter.WebReport, error) {
	_, paired, err := e.d.db.Published(ctx, e.tid)
	if err != nil || paired == 0 {
		return nil, err
	}
	ws, err := e.d.db.WebSettings(ctx, e.tid)
	if err != nil {
		return nil, err
	}
	reports, err := e.d.db.Reports(ctx, e.tid, paired)
	if err != nil {
		return nil, err
	}
	var open []arbiter.WebReport
	now := e.d.now()
	for _, r := range reports {
		if !r.Open() {
			continue
		}
		if ws.AutoConfirm && r.Status == arbiter.Reported && !now.Before(r.ReportedAt.Add(ws.Wait())) {
			// A result the Laws refuse (the board's game says otherwise)
			// stays for the organizer.
			if _, err := e.Accept(WithActor(ctx, LapsedBy(ws)), r.ID, arbiter.NoResult); err == nil {
				continue
			}
		}
		open = append(open, r)
	}
	return open, nil
}

// unsettledError refuses to pair round n+1 while the reports of round n
// are open.
func unsettledError(open []arbiter.WebReport) error {
	var parts []string
	disputed := false
	for _, r := range open {
		if r.Status == arbiter.Disputed {
			disputed = true
			parts = append(parts, fmt.Sprintf("board %d: disputed, %s by %s and %s by %s (report %d)", r.Board, r.Text(),
				colourName(r.Seat), r.OtherText(), colourName(r.Seat.Opposite()), r.ID))
			continue
		}
		parts = append(parts, fmt.Sprintf("board %d: %s reported by %s at %s, not confirmed (report %d)", r.Board, r.Text(),
			colourName(r.Seat), r.ReportedAt.Local().Format("15:04"), r.ID))
	}
	fix := "wait for the confirmations, decide the reports, or force the pairing to enter them as reported"
	if disputed {
		fix = "decide each disputed board before pairing"
	}
	n := open[0].Round
	return &Error{Kind: ErrConflict, Input: fmt.Sprintf("round %d", n+1),
		Msg: fmt.Sprintf("round %d not paired: round %d is not settled: %s", n+1, n, strings.Join(parts, "; ")),
		Fix: fix, Err: store.ErrRoundOpen}
}

func colourName(c arbiter.Colour) string {
	if c == arbiter.Black {
		return "Black"
	}
	return "White"
}
