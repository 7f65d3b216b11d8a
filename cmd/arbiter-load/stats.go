package main

import (
	"fmt"
	"slices"
	"time"
)

// quantile returns the q-quantile of ds (0.5 the median, 1 the largest),
// 0 for none.
func quantile(ds []time.Duration, q float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[min(len(s)-1, int(q*float64(len(s))))]
}

// spread writes the count, p50, p99 and largest of ds in milliseconds.
func spread(ds []time.Duration) string {
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
	return fmt.Sprintf("n=%-6d p50 %7.1f ms   p99 %7.1f ms   max %7.1f ms",
		len(ds), ms(quantile(ds, 0.5)), ms(quantile(ds, 0.99)), ms(quantile(ds, 1)))
}
