//go:build !unix

package web

// fileLimit returns how many files this process may open, 0 if unknown.
func fileLimit() int { return 0 }
