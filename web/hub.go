package web

import (
	"context"
	"sync"
	"time"
)

// hub tells the open event streams when the event log moves. It looks
// at the log every interval (changes made by the command line beside the
// server) and at once when the server itself wrote (check). Streams hear
// of changes at most once per gap: fifteen boards confirming within a
// second make a few page loads per phone, not fifteen.
type hub struct {
	ev       Evening
	interval time.Duration
	gap      time.Duration

	pokes chan struct{}

	mu      sync.Mutex
	last    int64     // the last change seen
	sent    int64     // the last change told to the streams
	sentAt  time.Time // when
	pending bool      // a telling is scheduled for the end of the gap
	subs    map[chan int64]struct{}
}

func newHub(ev Evening, interval, gap time.Duration) *hub {
	return &hub{ev: ev, interval: interval, gap: gap, pokes: make(chan struct{}, 1), subs: map[chan int64]struct{}{}}
}

// run watches the log until ctx is done.
func (h *hub) run(ctx context.Context) {
	t := time.NewTicker(h.interval)
	defer t.Stop()
	for {
		h.check(ctx)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-h.pokes:
		}
	}
}

// poke asks for a look at the log now.
func (h *hub) poke() {
	select {
	case h.pokes <- struct{}{}:
	default:
	}
}

func (h *hub) check(ctx context.Context) {
	id, err := h.ev.LastEvent(ctx)
	if err != nil {
		return // busy or closing: the next tick looks again
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if id > h.last {
		h.last = id
	}
	if h.last == h.sent || h.pending {
		return
	}
	if wait := h.gap - time.Since(h.sentAt); wait > 0 {
		h.pending = true
		time.AfterFunc(wait, func() {
			h.mu.Lock()
			h.pending = false
			h.mu.Unlock()
			h.poke()
		})
		return
	}
	h.sent, h.sentAt = h.last, time.Now()
	for c := range h.subs {
		// A stream that has not read the last change yet reads this
		// one instead: only the newest matters.
		select {
		case <-c:
		default:
		}
		c <- h.last
	}
}

// current returns the last change seen, told to the streams or not.
func (h *hub) current() int64 {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.last
}

// subscribe returns a channel that receives the id of each new change,
// and a function to stop.
func (h *hub) subscribe() (<-chan int64, func()) {
	c := make(chan int64, 1)
	h.mu.Lock()
	h.subs[c] = struct{}{}
	h.mu.Unlock()
	return c, func() {
		h.mu.Lock()
		delete(h.subs, c)
		h.mu.Unlock()
	}
}
