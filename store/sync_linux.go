//go:build linux

package store

import (
	"os"

	"golang.org/x/sys/unix"
)

// syncFolder makes every file written in folder's file system durable
// with one syncfs(2), however many files were written there; only where
// the kernel refuses it is each of files synced in turn.
func syncFolder(folder string, files []string) error {
	d, err := os.Open(folder)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := unix.Syncfs(int(d.Fd())); err != nil {
		return syncEach(files)
	}
	return nil
}
