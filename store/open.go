package store

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// ApplicationID is the number arbiter writes into the header of every
// database it makes (PRAGMA application_id, bytes 68-71 of the file):
// "ARBI" in ASCII. A file is arbiter's if it carries this number, or if
// it carries none and holds arbiter's tables (a file made before the
// number was written; a command that writes stamps it).
const ApplicationID = 0x41524249

// More sentinel errors of Open.
var (
	// ErrNoDatabase: there is no database at the path (no file, an
	// empty file, or an SQLite file with nothing in it) and the mode
	// does not create one.
	ErrNoDatabase = errors.New("no database")
	// ErrForeign: the file is an SQLite database of another program.
	// It also wraps ErrNotDatabase.
	ErrForeign = errors.New("a SQLite database of another program")
)

// Mode says what a command means to do with the database it opens.
type Mode int

const (
	// ReadOnly opens an existing database for reading: nothing is
	// written to the file, and a file or folder that may not be written
	// is no obstacle. (A database of an older schema is brought up to
	// date first, which writes.)
	ReadOnly Mode = iota
	// ReadWrite opens an existing database for reading and writing.
	ReadWrite
	// Create opens the database for reading and writing, making it if
	// the file does not exist, is empty, or is an SQLite file with
	// nothing in it.
	Create
)

// refusal is an error of Open with a complete message for the user.
type refusal struct {
	kinds []error
	msg   string
}

func (e *refusal) Error() string   { return e.msg }
func (e *refusal) Unwrap() []error { return e.kinds }

// fileKind is what inspect found at a path.
type fileKind int

const (
	fileMissing fileKind = iota // no file
	fileEmpty                   // nothing stored: a new database may be made in it
	fileOurs                    // an arbiter database carrying ApplicationID
	fileOlder                   // an arbiter database from before ApplicationID
	fileOursWAL                 // fileOurs already in write-ahead-log mode
)

// Open opens the database at path for reading and writing, creating it
// if it does not exist (Mode Create). path ":memory:" opens a private
// in-memory database.
func Open(ctx context.Context, path string) (*DB, error) {
	return openAt(ctx, path, Create, busyTimeout, nil)
}

// OpenAt is Open with the clock that stamps the changes, the migrations
// applied on opening included: DB.Now is now from the start.
func OpenAt(ctx context.Context, path string, now func() time.Time) (*DB, error) {
	return openAt(ctx, path, Create, busyTimeout, now)
}

// OpenMode opens the database at path as mode says, with the clock now
// (time.Now if nil), and brings its schema up to date.
//
// A file that is not an SQLite database is refused with an error
// wrapping ErrNotDatabase, and an SQLite database of another program
// (another application_id, or no arbiter tables) with one wrapping
// ErrForeign and ErrNotDatabase; either is left byte for byte as it was,
// whatever the mode: the file is inspected before any statement that
// could write. A file from a newer arbiter wraps ErrNewerSchema. Without
// Create, a missing or empty file wraps ErrNoDatabase and no file is
// made.
func OpenMode(ctx context.Context, path string, mode Mode, now func() time.Time) (*DB, error) {
	return openAt(ctx, path, mode, busyTimeout, now)
}

func open(ctx context.Context, path string, busyMS int) (*DB, error) {
	return openAt(ctx, path, Create, busyMS, nil)
}

func openAt(ctx context.Context, path string, mode Mode, busyMS int, now func() time.Time) (*DB, error) {
	kind := fileEmpty
	if path != ":memory:" {
		CleanTemp(folderOf(path))
		var err error
		kind, err = inspect(ctx, path)
		if err != nil {
			return nil, err
		}
	}
	if mode != Create && (kind == fileMissing || kind == fileEmpty) {
		return nil, &refusal{[]error{ErrNoDatabase}, fmt.Sprintf("there is no database at %s", path)}
	}
	if mode == ReadOnly {
		db, err := openReadOnly(ctx, path, busyMS, now)
		if err != nil {
			return nil, err
		}
		current, err := schemaVersion(ctx, db.db)
		if err == nil && current == SchemaVersion() {
			return db, nil
		}
		db.Close()
		if err != nil {
			return nil, db.fault(err)
		}
		// An older schema: bring it up to date, then read.
	}
	sdb, err := sql.Open("sqlite", dsn(path, "rwc", busyMS))
	if err != nil {
		return nil, faultOf(path, "nothing was changed", err)
	}
	// One connection writes: SQLite lets one transaction write at a
	// time, and an in-memory database exists only on the connection that
	// made it.
	sdb.SetMaxOpenConns(1)
	db := &DB{db: sdb, path: path, Now: now}
	if path != ":memory:" {
		// Reads go to a pool of their own: in WAL mode (set by migrate)
		// they see the last commit while a write is under way, instead
		// of queueing behind it for the one writing connection.
		// query_only makes SQLite refuse any write on them.
		rdb, err := sql.Open("sqlite", dsn(path, "rw&_pragma=query_only(1)", busyMS))
		if err != nil {
			sdb.Close()
			return nil, faultOf(path, "nothing was changed", err)
		}
		rdb.SetMaxOpenConns(readers)
		db.rdb = rdb
	}
	if kind == fileOursWAL && db.current(ctx) {
		// Nothing to migrate. The version was read on a reading
		// connection, which the command's reads use next: the writing
		// one reads the schema only if the command writes.
		db.undo = true
		return db, nil
	}
	if err := db.migrate(ctx, kind); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

// current reports whether the database has the schema of this build, read
// on the reading pool; any doubt is left to migrate.
func (db *DB) current(ctx context.Context) bool {
	v, err := schemaVersion(ctx, db.rdb)
	return err == nil && v == SchemaVersion()
}

// readers is how many connections read at once.
const readers = 4

// openReadOnly opens an arbiter database without writing to it. Where
// the folder may not be written, SQLite cannot make the files it shares
// between readers; the file is then opened as immutable, which is right
// as nothing can write to it there either.
func openReadOnly(ctx context.Context, path string, busyMS int, now func() time.Time) (*DB, error) {
	var last error
	// First as any reader: SQLite itself opens a write-protected file
	// read-only, and query_only refuses every write; closing then tidies
	// the write-ahead log as a writer would, leaving no files behind.
	// Then read-only, and where the folder cannot hold the files SQLite
	// shares between readers, immutable.
	for _, mode := range []string{"rw&_pragma=query_only(1)", "ro", "immutable"} {
		sdb, err := sql.Open("sqlite", dsn(path, mode, busyMS))
		if err != nil {
			return nil, faultOf(path, "nothing was changed", err)
		}
		// A command reads on one connection at a time; Verify checks
		// the file on a second one beside it.
		sdb.SetMaxOpenConns(2)
		var n int
		err = sdb.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_schema`).Scan(&n)
		if err == nil {
			return &DB{db: sdb, path: path, Now: now, readOnly: true}, nil
		}
		sdb.Close()
		last = err
		if !cannotShare(err) {
			break
		}
	}
	return nil, faultOf(path, "nothing was changed", last)
}

// cannotShare reports whether err is SQLite failing to make or open the
// files beside a database in write-ahead-log mode.
func cannotShare(err error) bool {
	var se *sqlite.Error
	if !errors.As(err, &se) {
		return false
	}
	switch se.Code() & 0xff {
	case sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_READONLY, sqlite3.SQLITE_IOERR:
		return true
	}
	return false
}

// dsn returns the data source name for path: opened as mode says ("ro",
// "rw", "rwc", or "immutable" for a read-only file in a read-only
// folder), a busy timeout, foreign keys on, and BEGIN IMMEDIATE for every
// writing transaction so that a transaction that reads then writes waits
// for the lock instead of failing half-way. The WAL journal is set by
// migrate, once it knows the file is arbiter's: the setting is written
// into the file.
func dsn(path, mode string, busyMS int) string {
	params := fmt.Sprintf("_pragma=busy_timeout(%d)&_pragma=foreign_keys(1)&_txlock=immediate", busyMS)
	if path == ":memory:" {
		return path + "?" + params
	}
	if mode == "immutable" {
		mode = "ro&immutable=1"
	}
	return fileURI(path) + "?mode=" + mode + "&" + params
}

// fileURI writes path as an SQLite file: URI.
func fileURI(path string) string {
	esc := strings.NewReplacer("%", "%25", "?", "%3f", "#", "%23").Replace(filepath.ToSlash(path))
	if strings.HasPrefix(esc, "/") {
		return "file://" + esc
	}
	if filepath.VolumeName(path) != "" {
		return "file:///" + esc
	}
	return "file:" + esc
}

// sqliteMagic opens every SQLite database file.
var sqliteMagic = []byte("SQLite format 3\x00")

// inspect finds out, without writing anything, what the file at path is.
// Only the header is read when it says enough; a file whose header
// carries no application_id is read through a read-only connection
// (which may make the files SQLite shares between readers beside it, but
// changes nothing in the file).
func inspect(ctx context.Context, path string) (fileKind, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return fileMissing, nil
	}
	if err != nil {
		return 0, faultOf(path, "nothing was changed", err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return 0, faultOf(path, "nothing was changed", err)
	}
	if fi.IsDir() {
		return 0, &refusal{[]error{ErrNotDatabase}, fmt.Sprintf("%s is a folder, not a database", path)}
	}
	var head [100]byte
	n, err := io.ReadFull(f, head[:])
	if n == 0 && (err == io.EOF) {
		if w := walSize(path); w > 0 {
			// SQLite deletes the write-ahead log of an empty file as
			// stale, whatever the mode it opens it in: left alone, the
			// two files are all there is to recover from.
			return 0, &FaultError{Kind: ErrDamaged, Path: path, Err: errors.New("empty file beside a write-ahead log"),
				Msg: fmt.Sprintf("%s is empty, but %s-wal beside it holds %d bytes of changes that cannot be read without the file: it was cut short (a copy or a disk that stopped half-way); keep both files as they are and work on your last copy from arbiter backup with --db COPY.db", path, path, w)}
		}
		return fileEmpty, nil
	}
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) {
		return 0, faultOf(path, "nothing was changed", err)
	}
	if n < len(head) || !bytes.Equal(head[:len(sqliteMagic)], sqliteMagic) {
		return 0, notArbiter(path)
	}
	switch binary.BigEndian.Uint32(head[68:72]) {
	case ApplicationID:
		if head[18] == 2 && head[19] == 2 { // the file format of WAL mode
			return fileOursWAL, nil
		}
		return fileOurs, nil
	case 0:
		if head[18] == 2 && !exists(path+"-wal") && !exists(path+"-shm") {
			// A WAL file closed cleanly: the file holds everything, and
			// reading it as immutable makes no files beside it.
			return inspectWithFallback(ctx, path, "immutable")
		}
		return inspectSQL(ctx, path)
	}
	return 0, foreign(path)
}

// inspectSQL tells an SQLite file whose header carries no
// application_id apart: empty, an older arbiter database, or another
// program's.
func inspectSQL(ctx context.Context, path string) (fileKind, error) {
	return inspectWithFallback(ctx, path, "ro")
}

func inspectWithFallback(ctx context.Context, path, mode string) (fileKind, error) {
	kind, err := inspectWith(ctx, path, mode)
	if err != nil && cannotShare(err) {
		kind, err = inspectWith(ctx, path, "immutable")
	}
	var se *sqlite.Error
	if errors.As(err, &se) && se.Code()&0xff == sqlite3.SQLITE_NOTADB {
		return 0, notArbiter(path)
	}
	if err != nil {
		return 0, faultOf(path, "nothing was changed", err)
	}
	return kind, nil
}

func inspectWith(ctx context.Context, path, mode string) (fileKind, error) {
	sdb, err := sql.Open("sqlite", dsn(path, mode, busyTimeout))
	if err != nil {
		return 0, err
	}
	defer sdb.Close()
	sdb.SetMaxOpenConns(1)
	var app, user int64
	if err := sdb.QueryRowContext(ctx, `PRAGMA application_id`).Scan(&app); err != nil {
		return 0, err
	}
	if err := sdb.QueryRowContext(ctx, `PRAGMA user_version`).Scan(&user); err != nil {
		return 0, err
	}
	rows, err := sdb.QueryContext(ctx, `SELECT name FROM sqlite_schema WHERE type = 'table'`)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	tables := map[string]bool{}
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			return 0, err
		}
		tables[name] = true
	}
	if err := rows.Err(); err != nil {
		return 0, err
	}
	switch {
	case app == ApplicationID:
		return fileOurs, nil
	case app != 0 || user != 0:
		return 0, foreign(path)
	case len(tables) == 0:
		return fileEmpty, nil
	}
	// Made before arbiter wrote its application_id: the first migration's
	// tables, and the schema table with arbiter's columns.
	for _, t := range []string{"schema_migrations", "settings", "players", "tournaments", "entries", "rounds", "boards", "events"} {
		if !tables[t] {
			return 0, foreign(path)
		}
	}
	var cols int
	if err := sdb.QueryRowContext(ctx, `SELECT count(*) FROM pragma_table_info('schema_migrations')
		WHERE name IN ('version', 'name', 'applied_at')`).Scan(&cols); err != nil {
		return 0, err
	}
	if cols != 3 {
		return 0, foreign(path)
	}
	return fileOlder, nil
}

func notArbiter(path string) error {
	return &refusal{[]error{ErrNotDatabase}, fmt.Sprintf("%s is not an arbiter database", path)}
}

func foreign(path string) error {
	return &refusal{[]error{ErrForeign, ErrNotDatabase},
		fmt.Sprintf("%s is a SQLite database of another program; arbiter leaves it as it is", path)}
}

func exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}

// walSize returns the size of the write-ahead log beside path, 0 if none.
func walSize(path string) int64 {
	fi, err := os.Stat(path + "-wal")
	if err != nil {
		return 0
	}
	return fi.Size()
}
