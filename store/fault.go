package store

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// Faults of the disk or the file rather than of the request. Every
// *FaultError wraps one of them.
var (
	// ErrFull: the disk holding the file is full.
	ErrFull = errors.New("disk full")
	// ErrIO: the disk could not be read or written.
	ErrIO = errors.New("disk fault")
	// ErrDamaged: the file is an arbiter database whose content is
	// damaged.
	ErrDamaged = errors.New("damaged database")
	// ErrReadOnly: the file, or the folder holding it, may not be
	// written.
	ErrReadOnly = errors.New("read-only")
	// ErrPermission: the file may not be opened at all.
	ErrPermission = errors.New("permission denied")
)

// FaultError is a fault of the disk or the file, said in one sentence
// for the user: what happened to which file and what to do. Its message
// is complete; callers print it as it is, without prefixes or hints of
// their own. Kind is ErrBusy, ErrFull, ErrIO, ErrDamaged, ErrReadOnly or
// ErrPermission; Err is the fault as the system or SQLite reported it.
type FaultError struct {
	Kind error
	Path string
	Msg  string
	Err  error
}

func (e *FaultError) Error() string   { return e.Msg }
func (e *FaultError) Unwrap() []error { return []error{e.Kind, e.Err} }

// UserMessage returns the sentence to show for err: the message of the
// first *FaultError it wraps, which replaces whatever the callers added,
// or err's own message.
func UserMessage(err error) string {
	var fe *FaultError
	if errors.As(err, &fe) {
		return fe.Msg
	}
	return err.Error()
}

// faultOf turns a fault of the disk or of the file at path into a
// *FaultError; other errors are returned as they are. done says what
// became of the operation ("nothing was changed").
func faultOf(path, done string, err error) error {
	if err == nil {
		return nil
	}
	var fe *FaultError
	if errors.As(err, &fe) {
		return err
	}
	kind := faultKind(err)
	if kind == nil && cantOpen(err) {
		// SQLite could not open or make the file, or a file beside it.
		dir := folderOf(path)
		if fi, serr := os.Stat(dir); serr != nil || !fi.IsDir() {
			return &FaultError{Kind: fs.ErrNotExist, Path: path, Err: err,
				Msg: fmt.Sprintf("there is no folder %s for %s: make it first, or give --db another file", dir, path)}
		}
		kind = ErrReadOnly
	}
	if kind == nil {
		return err
	}
	if kind == ErrIO {
		free, known := diskFree(folderOf(path))
		kind = ioFault(free, known)
	}
	f := &FaultError{Kind: kind, Path: path, Err: err}
	switch kind {
	case ErrBusy:
		f.Msg = ErrBusy.Error()
	case ErrFull:
		f.Msg = fmt.Sprintf("the disk holding %s is full: free some space and try again; %s", path, done)
	case ErrIO:
		f.Msg = fmt.Sprintf("the disk holding %s could not be read or written: check that it is still connected, then run arbiter check --db %s; %s", path, path, done)
	case ErrDamaged:
		// Never the advice to put a backup in the file's place without
		// saying what that loses.
		f.Msg = fmt.Sprintf("%s is damaged: keep it as it is and work on your last copy from arbiter backup with --db COPY.db, after arbiter check --db COPY.db says it is sound; the copy lacks every change made after it, which arbiter log --all --db %s may still list", path, path)
	case ErrReadOnly:
		what := path + " is read-only"
		if !readOnlyFile(path) {
			what = "the folder holding " + path + " is read-only"
		}
		f.Msg = fmt.Sprintf("%s: to change it, copy it with arbiter backup COPY.db into a folder you may write and work on the copy with --db COPY.db; %s", what, done)
	case ErrPermission:
		f.Msg = fmt.Sprintf("arbiter may not open %s (permission denied): give --db a file you may use", path)
	}
	return f
}

// nearlyFull is the free space below which a failure to read or write
// is the full disk's: SQLite reports some writes that find no room (the
// write-ahead log's index growing, a page half written) as I/O errors.
const nearlyFull = 1 << 20

// ioFault says what an I/O error on a disk with free bytes free (known
// false: the system cannot say) is: ErrFull on a disk nearly full, else
// ErrIO, a disk that fails.
func ioFault(free int64, known bool) error {
	if known && free < nearlyFull {
		return ErrFull
	}
	return ErrIO
}

// faultKind classifies err, from SQLite's result code or the system's
// error number; nil if err is no fault of the disk or file.
func faultKind(err error) error {
	var se *sqlite.Error
	if errors.As(err, &se) {
		switch se.Code() & 0xff {
		case sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED:
			return ErrBusy
		case sqlite3.SQLITE_FULL:
			return ErrFull
		case sqlite3.SQLITE_IOERR:
			return ErrIO
		case sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB:
			return ErrDamaged
		case sqlite3.SQLITE_READONLY:
			return ErrReadOnly
		case sqlite3.SQLITE_PERM, sqlite3.SQLITE_AUTH:
			return ErrPermission
		}
		return nil
	}
	var errno syscall.Errno
	if errors.As(err, &errno) {
		switch errno {
		case syscall.ENOSPC, syscall.EDQUOT:
			return ErrFull
		case syscall.EIO:
			return ErrIO
		case syscall.EROFS:
			return ErrReadOnly
		case syscall.EACCES, syscall.EPERM:
			return ErrPermission
		}
	}
	if errors.Is(err, fs.ErrPermission) {
		return ErrPermission
	}
	if strings.Contains(err.Error(), "database is locked") {
		return ErrBusy
	}
	if scanError(err) {
		// A stored value of a type its STRICT column cannot hold: the
		// file was changed under SQLite (a bit flipped on the disk).
		return ErrDamaged
	}
	return nil
}

func cantOpen(err error) bool {
	var se *sqlite.Error
	return errors.As(err, &se) && se.Code()&0xff == sqlite3.SQLITE_CANTOPEN
}

// readOnlyFile reports whether the file at path exists and may not be
// opened for writing; false means the fault is the folder's.
func readOnlyFile(path string) bool {
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err == nil {
		f.Close()
		return false
	}
	return !errors.Is(err, fs.ErrNotExist)
}

// folderOf returns the folder holding path, "." for a bare name.
func folderOf(path string) string {
	dir := filepath.Dir(path)
	if dir == "" {
		return "."
	}
	return dir
}
