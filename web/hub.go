package web

import (
	"context"
	"sync"
	"time"
)

// hub tells the open event streams when the event log moves. It looks
// at the log every interval (changes made by the command line beside the
// server) and at once when the server itself wrote (changed). Streams
// hear of changes at most once per gap, longer with more streams open
// (gapNow): fifteen boards confirming within a second make a few page
// loads per phone, not fifteen.
//
// A stream watches one public page (its key, see pageKey) or every
// change (key ""). At each telling the hub has the pages watched drawn
// anew (redraw) and tells a stream only when its page looks different.
type hub struct {
	ev       Evening
	interval time.Duration
	gap      time.Duration
	// redraw builds the state of the last change, draws the pages of
	// keys as of it and returns the version of each.
	redraw func(ctx context.Context, keys []string) (map[string]int64, error)

	pokes chan struct{}

	mu     sync.Mutex
	last   int64     // the last change seen
	sent   int64     // the last change told to the streams
	sentAt time.Time // when
	subs   map[*sub]struct{}
	keys   map[string]int // the pages watched, with their streams
}

// maxWatched bounds the pages drawn anew at each change: a stream of
// yet another page (searches make new ones) hears of every change
// instead, and its page draws itself when fetched.
const maxWatched = 200

// sub is one event stream.
type sub struct {
	key  string       // the page it watches; "" for every change
	c    chan telling // what to tell
	told int64        // the version last told (or said in hello)
}

// telling is what a stream tells its page: the page's new version (or
// the change, for a stream of every change), and the time over which
// the pages told at once should spread their fetches, so that a
// thousand phones come one after the other rather than all in the same
// millisecond.
type telling struct {
	version int64
	spread  time.Duration
}

// spreadPer is the share of the spread of one page told, and maxSpread
// its bound: 1,000 phones told at once fetch within a quarter second.
const (
	spreadPer = 250 * time.Microsecond
	maxSpread = time.Second
)

func newHub(ev Evening, interval, gap time.Duration, redraw func(context.Context, []string) (map[string]int64, error)) *hub {
	return &hub{ev: ev, interval: interval, gap: gap, redraw: redraw, pokes: make(chan struct{}, 1),
		subs: map[*sub]struct{}{}, keys: map[string]int{}}
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
		wait := h.gapNow() - time.Since(h.sentAt)
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

// gapPer is the share of the gap of one open stream: with a thousand
// phones, each telling costs a thousand events and hundreds of page
// loads, and the tellings come at most every quarter second.
const gapPer = 250 * time.Microsecond

// gapNow returns the time between two tellings: gap, longer with many
// streams open (gapPer each), at most maxSpread. The caller holds h.mu.
func (h *hub) gapNow() time.Duration {
	return min(max(h.gap, time.Duration(len(h.subs))*gapPer), maxSpread)
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

// tell builds the state of the change, draws the pages watched anew and
// tells each stream of the change. When the state cannot be built (the
// database busy), nothing is told: the next look tries again.
func (h *hub) tell(ctx context.Context) {
	h.mu.Lock()
	last := h.last
	list := make([]string, 0, len(h.keys))
	for k := range h.keys {
		list = append(list, k)
	}
	h.mu.Unlock()
	versions, err := h.redraw(ctx, list)
	if err != nil {
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	h.sent, h.sentAt = last, time.Now()
	told := map[*sub]int64{}
	for s := range h.subs {
		v := last
		if s.key != "" {
			var ok bool
			if v, ok = versions[s.key]; !ok {
				continue // subscribed since: its hello said
			}
		}
		if v > s.told {
			told[s] = v
		}
	}
	spread := min(maxSpread, time.Duration(len(told))*spreadPer)
	for s, v := range told {
		s.told = v
		// A stream that has not read the last change yet reads this
		// one instead: only the newest matters.
		select {
		case <-s.c:
		default:
		}
		s.c <- telling{v, spread}
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
// been told version told, and a function to stop. Beyond maxWatched
// pages, the stream of a page not yet watched is one of every change:
// its key is "".
func (h *hub) subscribe(key string, told int64) (*sub, func()) {
	h.mu.Lock()
	if _, ok := h.keys[key]; !ok && len(h.keys) >= maxWatched {
		key = ""
	}
	s := &sub{key: key, c: make(chan telling, 1), told: told}
	h.subs[s] = struct{}{}
	if key != "" {
		h.keys[key]++
	}
	h.mu.Unlock()
	return s, func() {
		h.mu.Lock()
		delete(h.subs, s)
		if key != "" {
			if h.keys[key]--; h.keys[key] <= 0 {
				delete(h.keys, key)
			}
		}
		h.mu.Unlock()
	}
}
