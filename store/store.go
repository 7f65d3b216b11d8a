package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
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
	// Players holds the roster IDs the error is about, where that helps
	// the caller suggest what to type (a likely duplicate).
	Players []int64
}

func (e *InputError) Error() string { return e.Msg }
func (e *InputError) Unwrap() error { return e.Kind }

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
	db   *sql.DB // the one connection that writes
	rdb  *sql.DB // the connections that read: db itself for ":memory:"
	path string
	// undo: the schema has the undo log, and each write records its
	// command there (undo.go). Set once when the file is opened.
	undo bool

	// Now returns the current time; time.Now if nil.
	Now func() time.Time
	// Actor is who makes the changes, as recorded in the event log, when
	// the call's context names no one (WithActor); "unknown" if empty.
	Actor string
}

// actorKey is the context key of WithActor.
type actorKey struct{}

// WithActor returns a context whose writes are recorded in the event log
// as made by who. It lets one DB serve many people at once: the actor
// travels with each call instead of living in the shared DB.
func WithActor(ctx context.Context, who string) context.Context {
	return context.WithValue(ctx, actorKey{}, who)
}

// dsn returns the data source name for path: a busy timeout, foreign
// keys on, and BEGIN IMMEDIATE for every writing transaction so that a
// transaction that reads then writes waits for the lock instead of
// failing half-way. The WAL journal is set by migrate, once it knows the
// file is arbiter's: the setting is written into the file.
func dsn(path string, busyMS int) string {
	return fmt.Sprintf("%s?_pragma=busy_timeout(%d)&_pragma=foreign_keys(1)&_txlock=immediate", path, busyMS)
}

// Open opens the database at path, creating it if it does not exist, and
// applies any migration it lacks. path ":memory:" opens a private
// in-memory database. Open returns an error wrapping ErrNewerSchema if
// the file comes from a newer arbiter, and one wrapping ErrNotDatabase,
// leaving the file untouched, if it is not an arbiter database. An empty
// file is a new database.
func Open(ctx context.Context, path string) (*DB, error) {
	return open(ctx, path, busyTimeout)
}

// OpenAt is Open with the clock that stamps the changes, the migrations
// applied on opening included: DB.Now is now from the start.
func OpenAt(ctx context.Context, path string, now func() time.Time) (*DB, error) {
	return openAt(ctx, path, busyTimeout, now)
}

func open(ctx context.Context, path string, busyMS int) (*DB, error) {
	return openAt(ctx, path, busyMS, nil)
}

func openAt(ctx context.Context, path string, busyMS int, now func() time.Time) (*DB, error) {
	sdb, err := sql.Open("sqlite", dsn(path, busyMS))
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	// One connection writes: SQLite lets one transaction write at a
	// time, and an in-memory database exists only on the connection that
	// made it.
	sdb.SetMaxOpenConns(1)
	db := &DB{db: sdb, rdb: sdb, path: path, Now: now}
	if err := db.migrate(ctx); err != nil {
		sdb.Close()
		return nil, err
	}
	if path != ":memory:" {
		// Reads go to a pool of their own: in WAL mode (set by migrate)
		// they see the last commit while a write is under way, instead
		// of queueing behind it for the one writing connection.
		rdb, err := sql.Open("sqlite", readDSN(path, busyMS))
		if err != nil {
			sdb.Close()
			return nil, fmt.Errorf("store: open %s: %w", path, err)
		}
		rdb.SetMaxOpenConns(readers)
		db.rdb = rdb
	}
	return db, nil
}

// readers is how many connections read at once.
const readers = 4

// readDSN is dsn for the connections that only read: query_only makes
// SQLite refuse any write on them.
func readDSN(path string, busyMS int) string {
	return fmt.Sprintf("%s?_pragma=busy_timeout(%d)&_pragma=foreign_keys(1)&_pragma=query_only(1)", path, busyMS)
}

// Close closes the database.
func (db *DB) Close() error {
	err := db.db.Close()
	if db.rdb != db.db {
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
	if who, _ := ctx.Value(actorKey{}).(string); who != "" {
		return who
	}
	if db.Actor == "" {
		return "unknown"
	}
	return db.Actor
}

// write runs fn in one writing transaction and commits it if fn returns
// nil. Driver errors are translated (ErrBusy).
func (db *DB) write(ctx context.Context, fn func(tx *sql.Tx) error) error {
	tx, err := db.db.BeginTx(ctx, nil)
	if err != nil {
		return translate(err)
	}
	defer tx.Rollback()
	var mark undoMark
	if db.undo {
		if mark, err = beginCommand(ctx, tx); err != nil {
			return translate(err)
		}
	}
	if err := fn(tx); err != nil {
		return translate(err)
	}
	if db.undo {
		if err := endCommand(ctx, tx, mark); err != nil {
			return translate(err)
		}
	}
	return translate(tx.Commit())
}

// read runs fn in a read-only transaction on the reading pool, so that
// its queries see one state of the file.
func (db *DB) read(ctx context.Context, fn func(tx *sql.Tx) error) error {
	tx, err := db.rdb.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return translate(err)
	}
	defer tx.Rollback()
	if err := fn(tx); err != nil {
		return translate(err)
	}
	return translate(tx.Commit())
}

// translate turns SQLite's "database is locked" into ErrBusy and leaves
// other errors alone.
func translate(err error) error {
	if err == nil {
		return nil
	}
	var se *sqlite.Error
	if errors.As(err, &se) {
		switch se.Code() & 0xff {
		case sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED:
			return ErrBusy
		}
	}
	if strings.Contains(err.Error(), "database is locked") {
		return ErrBusy
	}
	return err
}

// queryer is what both *sql.DB and *sql.Tx offer.
type queryer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}
