package main

import (
	"regexp"
	"sync"
)

// lazyRegexp returns a function that compiles pattern the first time it
// is called: the refusals of cobra's errors and the help's conventions
// need their expressions in a few commands, and every command would
// compile them at start.
func lazyRegexp(pattern string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(pattern) })
}
