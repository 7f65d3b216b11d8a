//go:build !linux

package main

// sqliteLocks would report SQLite's WAL locks held by process pid; only
// Linux lists them (/proc/locks).
func sqliteLocks(pid int, path string) (writing, checkpointing, known bool) {
	return false, false, false
}
