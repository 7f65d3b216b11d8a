package desk

import "strconv"

// ref names tournament tid as the use cases taking a reference read it.
func ref(tid int64) string { return strconv.FormatInt(tid, 10) }
