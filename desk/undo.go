package desk

import (
	"context"
	"errors"

	"github.com/labyrinth-chess/arbiter/store"
)

// UndoPlan is the command an undo reverts, with its events as the log
// shows them.
type UndoPlan = store.UndoPlan

// ErrDependent: a later command depends on the one to undo, which must be
// undone first (ErrConflict).
var ErrDependent = store.ErrDependent

// Undo reverts the last write command of the tournament (or of the club
// roster) still standing, or the command that logged event ev when ev is
// not 0: everything it changed is put back as it was, in one transaction,
// and the log gains an "undo" event (it loses none). With apply false it
// only returns what it would revert, for the organizer to confirm. It is
// refused, naming them, when later commands depend on it: a later command
// of the same tournament (a pairing reads every result before it) or one
// that changed the same rows.
func (d *Desk) Undo(ctx context.Context, tournament string, ev int64, apply bool) (UndoPlan, error) {
	var tid int64
	t, err := d.resolve(ctx, tournament)
	switch {
	case err == nil:
		tid = t.ID
	case !errors.Is(err, ErrNoCurrent):
		return UndoPlan{}, err
	}
	plan, err := d.db.Undo(ctx, tid, ev, apply)
	return plan, inputErr("undo", err)
}

// Content returns every stored row but the event log's, one line each in
// a stable order: two states of a database compare by it.
func (d *Desk) Content(ctx context.Context) ([]string, error) { return d.db.Content(ctx) }
