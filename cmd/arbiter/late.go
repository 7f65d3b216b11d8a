package main

import (
	"context"
	"strconv"
	"time"

	"github.com/labyrinth-chess/arbiter/desk"
)

// setLateUntil reads --late-until (desk.ParseLateUntil: a time of day is
// that time today, in this machine's local time) and stores it for
// tournament tid, so that the server keeps it when restarted. It returns
// the cut-off stored (zero: the phone takes no entries).
func (a *app) setLateUntil(ctx context.Context, d *desk.Desk, tid int64, value string) (time.Time, error) {
	until, err := desk.ParseLateUntil(value, a.now())
	if err != nil {
		return until, a.lateBad(value)
	}
	return until, d.SetLateUntil(ctx, tid, until)
}

// lateBad refuses a --late-until that is not a time.
func (a *app) lateBad(value string) error {
	return usageErrorf("%s", a.tr().T("cli.late.bad", "Value", strconv.Quote(value)))
}

// lateNote words the cut-off of entries from the phone for the terminal.
func (a *app) lateNote(until time.Time, url string) string {
	if until.IsZero() {
		return a.tr().T("cli.late.off")
	}
	l := a.tr()
	return l.T("cli.late.until", "Time", l.Clock(until.Local()), "Date", l.Date(until.Local()), "URL", url)
}
