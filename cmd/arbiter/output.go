package main

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"

	"github.com/labyrinth-chess/arbiter/locale"
)

// The overwrite policy of print, export and backup, one for all three:
//
//   - A file already at the path is replaced, whole or not at all, and
//     keeps its permissions.
//   - A read-only file, or a SQLite database (a tournament database, a
//     backup), is replaced only with --force; the database in use never.
//   - A symbolic link is followed: its target is written and the link
//     stays.
//   - A pipe, a device or /dev/stdout, /dev/fd/N is written directly, as it
//     cannot be replaced by renaming.
const overwritePolicy = `A file already at the path is replaced, whole or not at all, keeping its
permissions; a read-only file or a database (such as a backup) is replaced
only with --force. A symbolic link is followed and its target written; a
pipe, a device or /dev/stdout is written directly.`

// outTarget is where an output path leads.
type outTarget struct {
	path   string            // as the user gave it
	target string            // the file to write: path with its symbolic links followed
	direct bool              // a pipe, a device, /dev/fd/N: opened and written in place
	exists bool              // a regular file is at target
	mode   fs.FileMode       // its permissions, if it exists
	l      *locale.Localizer // words the errors of writing it
}

// resolveOutput says where path leads and refuses, before any work is
// done, a path that must not or cannot be written: a folder, the database
// in use, a file in a folder that does not exist, and without force a
// read-only file or a database.
func (a *app) resolveOutput(path string, force bool) (outTarget, error) {
	t := outTarget{path: path, target: path, l: a.tr()}
	fi, err := os.Stat(path) // follows links, /proc/self/fd ones too
	if err == nil && fi.IsDir() {
		return t, errors.New(a.tr().T("err.output.folder", "Path", path, "Example", filepath.Join(path, "report"+filepath.Ext(path))))
	}
	if err == nil {
		if db, err := os.Stat(a.databasePath()); err == nil && os.SameFile(fi, db) {
			return t, errors.New(a.tr().T("err.output.database", "Path", path))
		}
	}
	if err == nil && (!fi.Mode().IsRegular() || magicPath(path)) {
		// A pipe, a terminal, /dev/null, or an open file passed as
		// /dev/fd/N: there is nothing to rename over.
		t.direct = true
		return t, nil
	}
	t.target, err = followLinks(path)
	if err != nil {
		return t, writeErrorIn(t.l, path, err)
	}
	if fi, err := os.Stat(t.target); err == nil {
		t.exists, t.mode = true, fi.Mode().Perm()
		if !force && readOnly(fi) {
			return t, errors.New(a.tr().T("err.output.readonly", "Path", path))
		}
		if !force && isDatabase(t.target) {
			return t, errors.New(a.tr().T("err.output.isdb", "Path", path))
		}
	}
	dir := filepath.Dir(t.target)
	if fi, err := os.Stat(dir); err != nil {
		return t, writeErrorIn(t.l, path, err)
	} else if !fi.IsDir() {
		return t, errors.New(a.tr().T("err.output.notfolder", "Path", path, "Dir", dir))
	}
	return t, nil
}

// followLinks returns path with its symbolic links followed to the file
// they lead to, which need not exist yet (a dangling link is written
// through to its target).
func followLinks(path string) (string, error) {
	for range 40 { // as many links as Linux follows
		fi, err := os.Lstat(path)
		if errors.Is(err, fs.ErrNotExist) {
			return path, nil
		}
		if err != nil {
			return "", err
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			return path, nil
		}
		to, err := os.Readlink(path)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(to) {
			to = filepath.Join(filepath.Dir(path), to)
		}
		path = to
	}
	return "", syscall.ELOOP
}

// magicPath reports whether path names an open file of the process
// (/dev/stdout, /dev/fd/1, /proc/self/fd/1), which is written where it is
// even if it is a regular file: the shell opened it for arbiter.
func magicPath(path string) bool {
	if runtime.GOOS == "windows" {
		return false
	}
	p := filepath.Clean(path)
	switch p {
	case "/dev/stdout", "/dev/stderr":
		return true
	}
	return strings.HasPrefix(p, "/dev/fd/") || strings.HasPrefix(p, "/proc/self/fd/")
}

// readOnly reports whether the file's owner may not write it.
func readOnly(fi fs.FileInfo) bool {
	return fi.Mode().Perm()&0o200 == 0
}

// isDatabase reports whether the file at path starts as a SQLite database.
func isDatabase(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, 16)
	if _, err := io.ReadFull(f, head); err != nil {
		return false
	}
	return bytes.Equal(head, []byte("SQLite format 3\x00"))
}

// writeDirect writes data to a pipe, a device or an open file in place.
func writeDirect(t outTarget, data []byte) error {
	return copyDirect(t, bytes.NewReader(data))
}

// copyDirect copies r to a pipe, a device or an open file in place.
func copyDirect(t outTarget, r io.Reader) error {
	flag := os.O_WRONLY
	if fi, err := os.Stat(t.path); err == nil && fi.Mode().IsRegular() {
		flag |= os.O_TRUNC
	}
	f, err := os.OpenFile(t.path, flag, 0)
	if err != nil {
		return writeErrorIn(t.l, t.path, err)
	}
	if _, err := io.Copy(f, r); err != nil {
		f.Close()
		return writeErrorIn(t.l, t.path, err)
	}
	if err := f.Close(); err != nil {
		return writeErrorIn(t.l, t.path, err)
	}
	return nil
}
