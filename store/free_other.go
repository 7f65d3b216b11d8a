//go:build !unix

package store

// diskFree cannot say how much the disk holding dir has free here.
func diskFree(dir string) (int64, bool) { return 0, false }
