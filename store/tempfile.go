package store

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Temporary files: a file arbiter writes whole or not at all (a backup,
// an export, a report) is written under a temporary name beside its
// target and renamed when complete. The temporary name has one pattern,
// ".TARGET.arbiter-PID-RANDOM.tmp", so that one killed half-way (kill -9,
// a power cut) is recognised and removed by the next arbiter command that
// works in that folder: CleanTemp removes those older than the running
// process whose process is gone. SQLite's own files beside a temporary
// database ("-journal") share the prefix.

// tempMark is the part of the name that marks a temporary file.
const tempMark = ".arbiter-"

// started is when this process began; a temporary file modified later
// may belong to a command running now. It is set once, before main.
var started = time.Now()

// CreateTemp makes a new, empty temporary file for target in target's
// folder, after removing the leftovers of killed commands there. The
// caller writes it, renames it to target, and removes it on failure.
func CreateTemp(target string) (*os.File, error) {
	dir, base := filepath.Split(target)
	if dir == "" {
		dir = "."
	}
	CleanTemp(dir)
	return CreateTempCleaned(filepath.Join(dir, base))
}

// CreateTempCleaned is CreateTemp for a caller that writes many files in
// one folder: it has called CleanTemp on the folder once, and the folder
// is not scanned again for each file.
func CreateTempCleaned(target string) (*os.File, error) {
	dir, base := filepath.Split(target)
	if dir == "" {
		dir = "."
	}
	return os.CreateTemp(dir, fmt.Sprintf(".%s%s%d-*.tmp", base, tempMark, os.Getpid()))
}

// SyncFiles makes the files at paths durable, closed files written by
// the caller: before they are renamed over their targets, so that a
// power cut leaves each target old or new, never empty. Where the system
// can, it syncs each file system once instead of each file (one flush of
// the disk for a site of a thousand pages in two folders).
func SyncFiles(paths []string) error {
	byFolder := map[string][]string{}
	var folders []string
	for _, p := range paths {
		d := filepath.Dir(p)
		if _, ok := byFolder[d]; !ok {
			folders = append(folders, d)
		}
		byFolder[d] = append(byFolder[d], p)
	}
	synced := map[any]bool{} // the file systems synced whole, by syncFolder's key
	for _, d := range folders {
		if err := syncFolder(d, byFolder[d], synced); err != nil {
			return err
		}
	}
	return nil
}

// syncEach fsyncs each file at paths.
func syncEach(paths []string) error {
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		err = f.Sync()
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// CleanTemp removes the temporary files in dir left by arbiter commands
// that ended before finishing: those last modified before this process
// started, whose process is no longer running. It reports how many it
// removed; files it cannot remove are left alone.
func CleanTemp(dir string) int {
	names, err := filepath.Glob(filepath.Join(dir, ".*"+tempMark+"*.tmp*"))
	if err != nil {
		return 0
	}
	removed := 0
	for _, name := range names {
		pid, ok := tempOwner(filepath.Base(name))
		if !ok || pid == os.Getpid() || processAlive(pid) {
			continue
		}
		fi, err := os.Lstat(name)
		if err != nil || !fi.Mode().IsRegular() || !fi.ModTime().Before(started) {
			continue
		}
		if os.Remove(name) == nil {
			removed++
		}
	}
	return removed
}

// tempOwner reads the process number out of a temporary file's name.
func tempOwner(base string) (int, bool) {
	i := strings.LastIndex(base, tempMark)
	if i < 0 || !strings.HasPrefix(base, ".") {
		return 0, false
	}
	rest := base[i+len(tempMark):]
	num, tail, ok := strings.Cut(rest, "-")
	if !ok || !strings.Contains(tail, ".tmp") {
		return 0, false
	}
	pid, err := strconv.Atoi(num)
	return pid, err == nil && pid > 0
}
