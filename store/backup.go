package store

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// Backup writes a consistent copy of the whole database to the file
// dest, while other commands may be writing to it: the copy is the
// database as one read transaction sees it (SQLite's VACUUM INTO), so it
// holds every write committed before the copy began and nothing of the
// ones committed after.
//
// The copy is written under a temporary name in dest's folder, flushed to
// disk, checked as Verify checks (a copy with any finding is refused with
// a *FaultError of kind ErrDamaged, and removed), and then renamed to dest, so dest is either the whole copy or not
// there at all. An existing dest is replaced only if overwrite is true;
// otherwise Backup returns an *InputError of kind ErrConflict, and dest is
// left as it was. A dest that is a folder or the database itself is an
// *InputError of kind ErrInvalid. A backup cut short by ctx (Ctrl-C)
// wraps ctx.Err() whatever step it was at, the check of the copy
// included: an interrupted check has found nothing.
func (db *DB) Backup(ctx context.Context, dest string, overwrite bool) (err error) {
	defer func() {
		if err != nil && ctx.Err() != nil {
			err = fmt.Errorf("back up to %s: interrupted: %w", dest, ctx.Err())
		}
	}()
	fi, err := os.Stat(dest)
	switch {
	case err == nil && fi.IsDir():
		return invalid("%s is a folder: give the name of the file to write, e.g. %s", dest, filepath.Join(dest, "arbiter-backup.db"))
	case err == nil && db.isFile(fi):
		return invalid("%s is the database itself: give the name of another file", dest)
	case err == nil && !overwrite:
		return conflict("%s already exists", dest)
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("cannot write %s: %w", dest, pathErr(err))
	}
	dir := filepath.Dir(dest)
	if dir == "" {
		dir = "."
	}
	// VACUUM INTO writes into a file that does not exist or is empty.
	f, err := CreateTemp(dest)
	if err != nil {
		return fmt.Errorf("cannot write %s: %w", dest, pathErr(err))
	}
	tmp := f.Name()
	f.Close()
	// CreateTemp makes the file private; the copy gets the database's
	// permissions.
	mode := fs.FileMode(0o644)
	if own, err := os.Stat(db.path); err == nil {
		mode = own.Mode().Perm()
	}
	if err := os.Chmod(tmp, mode); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("cannot write %s: %w", dest, pathErr(err))
	}
	published := false
	defer func() {
		if !published {
			removeTemp(tmp)
		}
	}()
	if db.readOnly {
		// VACUUM INTO writes only the copy; query_only would refuse it.
		if _, err := db.db.ExecContext(ctx, `PRAGMA query_only = 0`); err != nil {
			return db.fault(err)
		}
		defer db.db.ExecContext(context.WithoutCancel(ctx), `PRAGMA query_only = 1`)
	}
	if _, err := db.db.ExecContext(ctx, `VACUUM INTO ?`, tmp); err != nil {
		if faultKind(err) == ErrDamaged {
			return db.fault(err)
		}
		return faultOf(dest, "the copy was not made", fmt.Errorf("back up to %s: %w", dest, err))
	}
	// SQLite does not flush the file VACUUM INTO writes.
	if err := syncFile(tmp); err != nil {
		return fmt.Errorf("cannot write %s: %w", dest, pathErr(err))
	}
	// A copy is a backup only if it passes the checks of arbiter check.
	if err := verifyCopy(ctx, db.path, dest, tmp); err != nil {
		return err
	}
	if err := publish(tmp, dest, overwrite); err != nil {
		return err
	}
	published = true
	syncDir(dir)
	return nil
}

// verifyCopy opens the finished copy tmp of the database at src and
// checks it whole; a copy with any finding is refused.
func verifyCopy(ctx context.Context, src, dest, tmp string) error {
	cp, err := OpenMode(ctx, tmp, ReadOnly, nil)
	if err != nil {
		return fmt.Errorf("the copy of %s cannot be opened (%s): it was not kept; run arbiter check --db %s", src, UserMessage(err), src)
	}
	defer cp.Close()
	broken, err := cp.Verify(ctx)
	if err != nil {
		return faultOf(dest, "the copy was not made", err)
	}
	if len(broken) > 0 {
		return &FaultError{Kind: ErrDamaged, Path: src, Err: errors.New(broken[0]),
			Msg: fmt.Sprintf("the copy of %s does not pass arbiter check (%s), so it was not kept as a backup: %s itself is damaged; keep it and your earlier backups as they are, and see arbiter check --db %s", src, plural(len(broken), "problem", "problems"), src, src)}
	}
	return nil
}

// isFile reports whether fi is the database file.
func (db *DB) isFile(fi fs.FileInfo) bool {
	own, err := os.Stat(db.path)
	return err == nil && os.SameFile(own, fi)
}

// publish gives the finished file tmp the name dest. Without overwrite it
// makes a hard link, which fails if dest exists, so that a file created
// meanwhile is not replaced; where the file system has no hard links it
// renames after checking that dest is still free.
func publish(tmp, dest string, overwrite bool) error {
	if overwrite {
		if err := os.Rename(tmp, dest); err != nil {
			return fmt.Errorf("cannot write %s: %w", dest, pathErr(err))
		}
		return nil
	}
	err := os.Link(tmp, dest)
	if err == nil {
		os.Remove(tmp)
		return nil
	}
	if errors.Is(err, fs.ErrExist) {
		return conflict("%s already exists", dest)
	}
	if _, err := os.Lstat(dest); err == nil {
		return conflict("%s already exists", dest)
	}
	if err := os.Rename(tmp, dest); err != nil {
		return fmt.Errorf("cannot write %s: %w", dest, pathErr(err))
	}
	return nil
}

func syncFile(name string) error {
	f, err := os.OpenFile(name, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// syncDir flushes a folder's entries, so that a rename survives a power
// cut. Some systems (Windows) cannot open a folder for this; the rename
// is done all the same.
func syncDir(dir string) {
	d, err := os.Open(dir)
	if err != nil {
		return
	}
	d.Sync()
	d.Close()
}

// pathErr strips the operation and path from an *fs.PathError or
// *os.LinkError, which the caller names in its own words.
func pathErr(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}

// removeTemp removes a temporary database and the files SQLite may have
// left beside it.
func removeTemp(name string) {
	for _, suffix := range []string{"", "-journal", "-wal", "-shm"} {
		os.Remove(name + suffix)
	}
}
