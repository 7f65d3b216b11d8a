//go:build linux

package store

import (
	"os"

	"golang.org/x/sys/unix"
)

// syncFolder makes every file written in folder's file system durable
// with one syncfs(2), however many files were written there, unless
// synced (keyed by device) says that file system was synced already;
// only where the kernel refuses it is each of files synced in turn.
func syncFolder(folder string, files []string, synced map[any]bool) error {
	d, err := os.Open(folder)
	if err != nil {
		return err
	}
	defer d.Close()
	var st unix.Stat_t
	known := unix.Fstat(int(d.Fd()), &st) == nil
	if known && synced[st.Dev] {
		return nil
	}
	if err := unix.Syncfs(int(d.Fd())); err != nil {
		return syncEach(files)
	}
	if known {
		synced[st.Dev] = true
	}
	return nil
}
