package desk

import (
	"context"
	"errors"
	"time"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/store"
)

// Desk is the organizer's desk over one open database. Its methods are
// the use cases; each is one transaction (a dry run or a read, none). A
// Desk is safe for concurrent use.
type Desk struct {
	db  *store.DB
	now func() time.Time
}

// Mode says what a front end means to do with the database it opens.
type Mode = store.Mode

// The modes of Open.
const (
	// ReadOnly opens an existing database for reading only: nothing is
	// written to the file (unless its schema is older).
	ReadOnly = store.ReadOnly
	// ReadWrite opens an existing database for reading and writing.
	ReadWrite = store.ReadWrite
	// Create opens the database for reading and writing, making it if
	// there is none.
	Create = store.Create
)

// Open opens the database at path (":memory:" for a private one) as mode
// says and brings its schema up to date. now stamps the changes
// (time.Now if nil). A file that is not an arbiter database is refused
// (ErrNotDatabase; ErrForeign too for another program's SQLite file) and
// left as it is; without Create a missing or empty file is refused
// (ErrNoDatabase); a file from a newer arbiter wraps ErrNewerSchema.
func Open(ctx context.Context, path string, mode Mode, now func() time.Time) (*Desk, error) {
	if now == nil {
		now = time.Now
	}
	db, err := store.OpenMode(ctx, path, mode, now)
	if err != nil {
		return nil, err
	}
	return &Desk{db: db, now: now}, nil
}

// Close closes the database.
func (d *Desk) Close() error { return d.db.Close() }

// Path returns the file the database was opened from.
func (d *Desk) Path() string { return d.db.Path() }

// WithOrigin returns a context whose changes the event log records as
// made by o: o.Who, and where from for a phone (o.IP, o.Device). It is
// the one way to say who acts: every call carries its own origin, so
// many people can share one Desk, and no use case takes a who argument.
func WithOrigin(ctx context.Context, o arbiter.Origin) context.Context {
	return store.WithOrigin(ctx, o)
}

// WithActor is WithOrigin for a person named who: the organizer at the
// command line or at the organizer's page.
func WithActor(ctx context.Context, who string) context.Context {
	return store.WithActor(ctx, who)
}

// OriginOf returns the origin ctx carries, the zero Origin for none.
func OriginOf(ctx context.Context) arbiter.Origin { return store.OriginOf(ctx) }

// resolve returns the tournament ref names (a name or an ID), or the
// current one for "". Errors are *Error with Input "tournament".
func (d *Desk) resolve(ctx context.Context, ref string) (arbiter.Tournament, error) {
	if ref != "" {
		t, err := d.db.FindTournament(ctx, ref)
		if err != nil {
			return t, inputErr("tournament", err)
		}
		return t, nil
	}
	id, err := d.db.Current(ctx)
	if err != nil {
		return arbiter.Tournament{}, err
	}
	if id == 0 {
		return arbiter.Tournament{}, &Error{Kind: ErrNotFound, Input: "tournament", Msg: "no current tournament",
			Fix: "create a tournament, or choose one", Err: ErrNoCurrent}
	}
	return d.db.Tournament(ctx, id)
}

// Tournament returns the tournament ref names (a name or an ID), or the
// current one for "". An error with Input "tournament" says none is.
func (d *Desk) Tournament(ctx context.Context, ref string) (arbiter.Tournament, error) {
	return d.resolve(ctx, ref)
}

// Snapshot reads the whole tournament ref names, for reading and
// rendering.
func (d *Desk) Snapshot(ctx context.Context, ref string) (*Snapshot, error) {
	t, err := d.resolve(ctx, ref)
	if err != nil {
		return nil, err
	}
	return d.db.Snapshot(ctx, t.ID)
}

// asInput returns the store's refusal in err, if it is one.
func asInput(err error) (*store.InputError, bool) {
	var ie *store.InputError
	ok := errors.As(err, &ie)
	return ie, ok
}
