package desk

import (
	"context"

	"github.com/labyrinth-chess/arbiter"
)

// What the organizer's console in the browser reads besides the use
// cases every front end shares.

// LastEvent returns the id of the last change in the event log of the
// whole database, 0 for none: a front end that shows the database
// compares it with the one it showed.
func (d *Desk) LastEvent(ctx context.Context) (int64, error) { return d.db.LastEvent(ctx) }

// Reports returns every result reported from the boards of round n,
// oldest first: the state of each board at a glance (reported,
// disputed, confirmed).
func (e *Evening) Reports(ctx context.Context, n int) ([]arbiter.WebReport, error) {
	return e.d.db.Reports(ctx, e.tid, n)
}
