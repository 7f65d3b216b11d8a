//go:build unix

package main

import (
	"os"
	"runtime"
	"syscall"
	"time"
)

// usage returns the CPU time (user and system) and the peak resident
// memory in bytes of a process that has exited.
func usage(ps *os.ProcessState) (time.Duration, int64) {
	if ps == nil {
		return 0, 0
	}
	var rss int64
	if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
		rss = int64(ru.Maxrss)
		if runtime.GOOS != "darwin" && runtime.GOOS != "ios" {
			rss *= 1024 // kilobytes elsewhere
		}
	}
	return ps.UserTime() + ps.SystemTime(), rss
}

// selfCPU returns the CPU time this process has used so far.
func selfCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
