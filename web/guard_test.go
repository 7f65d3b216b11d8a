package web

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestLimiterAtOnce: attempts made at once are counted under the lock
// that checks them: no more than the limit get through.
func TestLimiterAtOnce(t *testing.T) {
	now := time.Date(2026, 5, 12, 21, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	for _, tt := range []struct {
		name  string
		check func(l *limiter) bool
	}{
		{"hit", func(l *limiter) bool { ok, _ := l.hit("a"); return ok }},
		{"try", func(l *limiter) bool { ok, _ := l.try("a"); return ok }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			l := newLimiter(5, time.Minute, clock)
			var through atomic.Int32
			var wg sync.WaitGroup
			start := make(chan struct{})
			for range 300 {
				wg.Go(func() {
					<-start
					if tt.check(l) {
						through.Add(1)
					}
				})
			}
			close(start)
			wg.Wait()
			if got := through.Load(); got != 5 {
				t.Errorf("300 attempts at once: %d through, want 5", got)
			}
		})
	}
}

// TestLimiterTry: an attempt that turns out good gives its count back;
// failures stay counted for the window.
func TestLimiterTry(t *testing.T) {
	now := time.Date(2026, 5, 12, 21, 0, 0, 0, time.UTC)
	l := newLimiter(3, time.Minute, func() time.Time { return now })
	for i := range 10 {
		ok, release := l.try("a")
		if !ok {
			t.Fatalf("good attempt %d refused", i+1)
		}
		release()
	}
	for range 3 {
		if ok, _ := l.try("a"); !ok {
			t.Fatal("a failure refused before the limit")
		}
	}
	if ok, _ := l.try("a"); ok {
		t.Errorf("a fourth attempt after three failures went through")
	}
	now = now.Add(time.Minute + time.Second)
	if ok, _ := l.try("a"); !ok {
		t.Errorf("still refused once the failures left the window")
	}
	// hit says when the key opens again.
	l = newLimiter(1, time.Minute, func() time.Time { return now })
	l.hit("b")
	if ok, until := l.hit("b"); ok || !until.Equal(now.Add(time.Minute)) {
		t.Errorf("second hit = %v until %v, want refused until %v", ok, until, now.Add(time.Minute))
	}
}
