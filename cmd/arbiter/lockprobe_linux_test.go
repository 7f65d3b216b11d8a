package main

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// SQLite's locks in the -shm file of a database in WAL mode: the writer's
// lock and the checkpointer's (https://www.sqlite.org/walformat.html).
const (
	shmWriteLock = 120
	shmCkptLock  = 121
)

// sqliteLocks reports which of SQLite's WAL locks process pid holds on
// the database at path, from /proc/locks: writing (inside a write
// transaction) and checkpointing (copying the WAL into the database).
// known is false when the locks cannot be read.
func sqliteLocks(pid int, path string) (writing, checkpointing, known bool) {
	fi, err := os.Stat(path + "-shm")
	if err != nil {
		return false, false, os.IsNotExist(err)
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return false, false, false
	}
	f, err := os.Open("/proc/locks")
	if err != nil {
		return false, false, false
	}
	defer f.Close()
	ino := ":" + strconv.FormatUint(st.Ino, 10)
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		// 1: POSIX  ADVISORY  WRITE 22193 fe:00:9980177 120 120
		fs := strings.Fields(sc.Text())
		if len(fs) != 8 || fs[1] != "POSIX" || fs[4] != strconv.Itoa(pid) || !strings.HasSuffix(fs[5], ino) {
			continue // another process, another file, or a lock waited for ("->")
		}
		start, err1 := strconv.ParseInt(fs[6], 10, 64)
		end, err2 := strconv.ParseInt(fs[7], 10, 64)
		if err1 != nil || err2 != nil {
			continue
		}
		writing = writing || start <= shmWriteLock && shmWriteLock <= end
		checkpointing = checkpointing || start <= shmCkptLock && shmCkptLock <= end
	}
	return writing, checkpointing, sc.Err() == nil
}
