package reports

import (
	"sync"
	"sync/atomic"
)

// onCores calls job(w, k) for every k below n, the lower k first, on at
// most workers goroutines (at least one), and returns when every call
// has. w is the goroutine's own state, made once by newState: a
// compressor a core, not one a job. Each call writes only what belongs
// to its k.
func onCores[W any](n, workers int, newState func() W, job func(w W, k int)) {
	if n == 0 {
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range max(1, min(workers, n)) {
		wg.Go(func() {
			w := newState()
			for {
				k := int(next.Add(1) - 1)
				if k >= n {
					return
				}
				job(w, k)
			}
		})
	}
	wg.Wait()
}
