//go:build !unix

package main

import (
	"os"
	"time"
)

// usage returns the CPU time (user and system) of a process that has
// exited; its peak memory is unknown here (0).
func usage(ps *os.ProcessState) (time.Duration, int64) {
	if ps == nil {
		return 0, 0
	}
	return ps.UserTime() + ps.SystemTime(), 0
}

// selfCPU returns the CPU time this process has used so far; unknown
// here (0).
func selfCPU() time.Duration { return 0 }
