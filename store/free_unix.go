//go:build unix

package store

import "syscall"

// diskFree returns the bytes free to arbiter on the disk holding dir;
// false when the system cannot say.
func diskFree(dir string) (int64, bool) {
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil {
		return 0, false
	}
	return int64(st.Bavail) * int64(st.Bsize), true
}
