package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/phrase"
)

// Sentinel errors. InputError values wrap one of the first three.
var (
	// ErrNotFound: the tournament, player, round or board does not exist.
	ErrNotFound = errors.New("not found")
	// ErrConflict: the request clashes with what is stored (a result
	// already entered, a duplicate registration, a round not complete).
	ErrConflict = errors.New("conflict")
	// ErrInvalid: the request is malformed (a player twice in a pairing).
	ErrInvalid = errors.New("invalid")
	// ErrBusy: another arbiter command held the write lock for longer
	// than the busy timeout.
	ErrBusy = errors.New("another arbiter command is writing this database; try again")
	// ErrNewerSchema: the file was written by a newer arbiter.
	ErrNewerSchema = errors.New("database written by a newer arbiter")
	// ErrNotDatabase: the file is not an SQLite database, or is the
	// database of another program.
	ErrNotDatabase = errors.New("not an arbiter database")
)

// InputError is a refusal caused by the caller's input. Its message is a
// complete sentence fragment meant for the user ("round 3 has no board
// 12"); Kind is ErrNotFound, ErrConflict or ErrInvalid.
type InputError struct {
	Kind error
	Msg  string
	// Text is Msg as a message id of the catalogs (locale/*.json,
	// "refuse." ids) with its arguments, for a front end to word in its
	// reader's language; zero when the refusal has none yet.
	Text phrase.Text
	// Players holds the roster IDs the error is about, where that helps
	// the caller suggest what to type (a likely duplicate).
	Players []int64
}

func (e *InputError) Error() string { return e.Msg }
func (e *InputError) Unwrap() error { return e.Kind }

// Phrase returns the refusal as a phrase of the catalogs.
func (e *InputError) Phrase() phrase.Text { return e.Text }

// inputRefusal is an InputError of kind whose English msg is also said by the
// catalog message id with args (phrase.New's pairs).
func inputRefusal(kind error, msg, id string, args ...any) *InputError {
	return &InputError{Kind: kind, Msg: msg, Text: phrase.New(id, args...)}
}

// notPaired refuses round n, not paired yet when paired rounds are.
func notPaired(n, paired int) *InputError {
	msg := fmt.Sprintf("round %d is not paired yet (%s)", n, pairedSoFar(paired))
	if paired == 1 {
		return inputRefusal(ErrNotPaired, msg, "refuse.notpaired.one", "Round", n)
	}
	return inputRefusal(ErrNotPaired, msg, "refuse.notpaired.some", "Round", n, "Paired", paired)
}

// boardMissing refuses board b of round n, which has boards 1 to boards.
func boardMissing(n, b, boards int) *InputError {
	return inputRefusal(ErrNoBoard, fmt.Sprintf("round %d has no board %d: its boards are 1 to %d", n, b, boards),
		"refuse.noboard", "Round", n, "Board", b, "Boards", boards)
}

func notFound(format string, args ...any) error {
	return &InputError{Kind: ErrNotFound, Msg: fmt.Sprintf(format, args...)}
}

func conflict(format string, args ...any) error {
	return &InputError{Kind: ErrConflict, Msg: fmt.Sprintf(format, args...)}
}

func invalid(format string, args ...any) error {
	return &InputError{Kind: ErrInvalid, Msg: fmt.Sprintf(format, args...)}
}

// busyTimeout is how long a write waits for another writer, in ms.
const busyTimeout = 5000

// DB is an open arbiter database. Now and Actor are used for the event
// log; set them before the first write and do not change them after. A
// DB is safe for concurrent use: who makes a change can be given with
// each call (WithActor), and SQLite lets one transaction write at a time
// (BEGIN IMMEDIATE, waiting up to five seconds for the lock).
type DB struct {
	db       *sql.DB // the one connection that writes
	rdb      *sql.DB // the connections that read: db itself unless opened for writing on a file
	path     string
	readOnly bool // opened with Mode ReadOnly
	// undo: the schema has the undo log, and each write records its
	// command there (undo.go). Set once when the file is opened.
	undo bool
	// rec records the rows the write under way changes, for undo; nil
	// between writes. Only the write holding the one writing connection
	// sets it.
	rec *undoRecorder
	// undoCols caches the columns of the tables undo has seen
	// (undoColumns): read by writes only, one at a time.
	undoCols map[string][]string

	// Now returns the current time; time.Now if nil.
	Now func() time.Time
	// Actor is who makes the changes, as recorded in the event log, when
	// the call's context names no one (WithActor); "unknown" if empty.
	Actor string
}

// originKey is the context key of WithOrigin.
type originKey struct{}

// WithOrigin returns a context whose writes are recorded in the event log
// as made by o: o.Who, and for the writes of a phone where from (o.IP,
// o.Device). It is the one way to say who acts: it lets one DB serve many
// people at once, the origin travelling with each call instead of living
// in the shared DB.
func WithOrigin(ctx context.Context, o arbiter.Origin) context.Context {
	return context.WithValue(ctx, originKey{}, o)
}

// WithActor is WithOrigin for a person named who, from nowhere in
// particular: the organizer at the command line.
func WithActor(ctx context.Context, who string) context.Context {
	return WithOrigin(ctx, arbiter.Origin{Who: who})
}

// OriginOf returns the origin ctx carries (WithOrigin), the zero Origin
// when it carries none.
func OriginOf(ctx context.Context) arbiter.Origin {
	o, _ := ctx.Value(originKey{}).(arbiter.Origin)
	return o
}

// Close closes the database.
func (db *DB) Close() error {
	err := db.db.Close()
	if db.rdb != nil && db.rdb != db.db {
		if rerr := db.rdb.Close(); err == nil {
			err = rerr
		}
	}
	return err
}

// Path returns the file the database was opened from.
func (db *DB) Path() string { return db.path }

func (db *DB) now() time.Time {
	if db.Now != nil {
		return db.Now()
	}
	return time.Now()
}

// stamp returns the current time as stored: RFC 3339 in UTC.
func (db *DB) stamp() string { return db.now().UTC().Format(time.RFC3339) }

func (db *DB) actor(ctx context.Context) string {
	if who := OriginOf(ctx).Who; who != "" {
		return who
	}
	if db.Actor == "" {
		return "unknown"
	}
	return db.Actor
}

// write runs fn in one writing transaction and commits it if fn returns
// nil. Faults of the disk or file become *FaultError values.
func (db *DB) write(ctx context.Context, fn func(tx *sql.Tx) error) error {
	conn, err := db.db.Conn(ctx)
	if err != nil {
		return db.fault(err)
	}
	defer conn.Close()
	if db.undo {
		rec, stop, err := recordUndo(conn)
		if err != nil {
			return db.fault(err)
		}
		defer stop()
		db.rec = rec
		defer func() { db.rec = nil }()
	}
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return db.fault(err)
	}
	defer tx.Rollback()
	var mark undoMark
	if db.undo {
		if mark, err = beginCommand(ctx, tx); err != nil {
			return db.fault(err)
		}
	}
	if err := fn(tx); err != nil {
		return db.fault(err)
	}
	if db.undo {
		if err := db.endCommand(ctx, tx, mark); err != nil {
			return db.fault(err)
		}
	}
	return db.fault(tx.Commit())
}

// read runs fn in a read-only transaction on the reading pool, so that
// its queries see one state of the file.
func (db *DB) read(ctx context.Context, fn func(tx *sql.Tx) error) error {
	rdb := db.rdb
	if rdb == nil {
		rdb = db.db
	}
	tx, err := rdb.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return db.fault(err)
	}
	defer tx.Rollback()
	if err := fn(tx); err != nil {
		return db.fault(err)
	}
	return db.fault(tx.Commit())
}

// fault turns a fault of the disk or the file into a *FaultError naming
// the database.
func (db *DB) fault(err error) error { return faultOf(db.path, "nothing was changed", err) }

// queryer is what both *sql.DB and *sql.Tx offer.
type queryer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// Checkpoint copies every change held in the write-ahead log into the
// database file itself and empties the log, so that the file alone,
// copied by hand without its "-wal" beside it, holds every finished
// write. A server that keeps the database open calls it after each
// write; a command that closes the database needs none (SQLite does the
// same on the last close). It waits for readers and writers as long as a
// write would, and returns ErrBusy if they still hold the log.
func (db *DB) Checkpoint(ctx context.Context) error {
	if db.readOnly {
		return nil
	}
	var busy, logged, copied int
	err := db.db.QueryRowContext(ctx, `PRAGMA wal_checkpoint(TRUNCATE)`).Scan(&busy, &logged, &copied)
	if err != nil {
		return db.fault(err)
	}
	if busy != 0 {
		return db.fault(ErrBusy)
	}
	return nil
}
