package web

import (
	"context"
	"sync"
	"time"
)

// hub tells the open event streams when the event log moves. It looks
// at the log every interval (changes made by the command line beside the
// server) and at once when the server itself wrote (changed). Streams
// hear of changes at most once per gap: fifteen boards confirming within
// a second make a few page loads per phone, not fifteen.
//
// A stream watches one public page (its key, see pageKey) or every
// change (key ""). At each telling the hub has the pages watched drawn
// anew (redraw) and tells a stream only when its page looks different.
type hub struct {
	ev       Evening
	interval time.Duration
	gap      time.Duration
	// redraw draws the pages of keys as of the last change and returns
	// the version of each.
	redraw func(ctx context.Context, keys []string) map[string]int64

	pokes chan struct{}

	mu     sync.Mutex
	last   int64     // the last change seen
	sent   int64     // the last change told to the streams
	sentAt time.Time // when
	subs   map[*sub]struct{}
}

// sub is one event stream.
type sub struct {
	key  string     // the page it watches; "" for every change
	c    chan int64 // the change, or the page's version, to tell
	told int64      // the version last told (or said in hello)
}

func newHub(ev Evening, interval, gap time.Duration, redraw func(context.Context, []string) map[string]int64) *hub {
	return &hub{ev: ev, interval: interval, gap: gap, redraw: redraw, pokes: make(chan struct{}, 1), subs: map[*sub]struct{}{}}
}

// run watches the log and tells the streams until ctx is done. Only run
// tells: the pages are drawn anew by one goroutine at a time.
func (h *hub) run(ctx context.Context) {
	t := time.NewTicker(h.interval)
	defer t.Stop()
	var later <-chan time.Time // the end of the gap, when a telling waits for it
	for {
		h.observe(ctx)
		h.mu.Lock()
		due := h.last != h.sent
		wait := h.gap - time.Since(h.sentAt)
		h.mu.Unlock()
		switch {
		case due && wait <= 0:
			h.tell(ctx)
		case due && later == nil:
			later = time.After(wait)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-h.pokes:
		case <-later:
			later = nil
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

// observe reads the last change of the log.
func (h *hub) observe(ctx context.Context) {
	id, err := h.ev.LastEvent(ctx)
	if err != nil {
		return // busy or closing: the next tick looks again
	}
	h.mu.Lock()
	if id > h.last {
		h.last = id
	}
	h.mu.Unlock()
}

// check reads the last change of the log and has it told (by run) at
// once: the server wrote, and every page should know.
func (h *hub) check(ctx context.Context) {
	h.observe(ctx)
	h.poke()
}

// tell draws the pages watched anew and tells each stream of the change.
func (h *hub) tell(ctx context.Context) {
	h.mu.Lock()
	last := h.last
	keys := map[string]bool{}
	for s := range h.subs {
		if s.key != "" {
			keys[s.key] = true
		}
	}
	h.mu.Unlock()
	var versions map[string]int64
	if len(keys) > 0 {
		list := make([]string, 0, len(keys))
		for k := range keys {
			list = append(list, k)
		}
		versions = h.redraw(ctx, list)
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	h.sent, h.sentAt = last, time.Now()
	for s := range h.subs {
		v := last
		if s.key != "" {
			var ok bool
			if v, ok = versions[s.key]; !ok {
				continue // subscribed since: its hello said
			}
		}
		if v <= s.told {
			continue
		}
		s.told = v
		// A stream that has not read the last change yet reads this
		// one instead: only the newest matters.
		select {
		case <-s.c:
		default:
		}
		s.c <- v
	}
}

// current returns the last change seen, told to the streams or not.
func (h *hub) current() int64 {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.last
}

// said records that stream s's hello said version v: it hears only of
// later ones.
func (h *hub) said(s *sub, v int64) {
	h.mu.Lock()
	s.told = max(s.told, v)
	h.mu.Unlock()
}

// subscribe returns a stream of page key ("" for every change) that has
// been told version told, and a function to stop.
func (h *hub) subscribe(key string, told int64) (*sub, func()) {
	s := &sub{key: key, c: make(chan int64, 1), told: told}
	h.mu.Lock()
	h.subs[s] = struct{}{}
	h.mu.Unlock()
	return s, func() {
		h.mu.Lock()
		delete(h.subs, s)
		h.mu.Unlock()
	}
}
