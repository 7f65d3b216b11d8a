package web

import (
	"cmp"
	"context"
	"slices"
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
// anew and tells a stream only when its page looks different: the
// streams of every change first, then those of each page as soon as it
// is drawn, the pages watched by most first.
type hub struct {
	ev       lastEventer
	interval time.Duration
	gap      time.Duration
	// pages builds the states and draws the pages.
	pages drawer

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

// spreadPer is the share of the spread of one stream open, and
// maxSpread its bound: 1,000 phones fetch within a second, a thousand
// page loads a second that a busy laptop serves with ease.
const (
	spreadPer = time.Millisecond
	maxSpread = time.Second
)

// drawer is what the hub needs of the server (Server).
type drawer interface {
	// load builds the state of the last change.
	load(ctx context.Context) (*state, error)
	// drawKey draws page key as of st and returns its version.
	drawKey(ctx context.Context, st *state, key string) int64
}

// lastEventer reads the last change of the event log.
type lastEventer interface {
	LastEvent(ctx context.Context) (int64, error)
}

func newHub(ev lastEventer, interval, gap time.Duration, pages drawer) *hub {
	return &hub{ev: ev, interval: interval, gap: gap, pages: pages, pokes: make(chan struct{}, 1),
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
	if h.ev == nil {
		return // nothing to watch
	}
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
// tells each stream of the change: those of every change at once, then,
// page by page, the pages watched by most first, the streams of each
// page as soon as it is drawn. When the state cannot be built (the
// database busy), nothing is told: the next look tries again.
func (h *hub) tell(ctx context.Context) {
	st, err := h.pages.load(ctx)
	if err != nil {
		return
	}
	h.mu.Lock()
	h.sent, h.sentAt = h.last, time.Now()
	last := h.last
	// The phones told at once spread their fetches over a time that
	// grows with the streams open.
	spread := min(maxSpread, time.Duration(len(h.subs))*spreadPer)
	byKey := map[string][]*sub{}
	for s := range h.subs {
		byKey[s.key] = append(byKey[s.key], s)
	}
	h.mu.Unlock()
	h.send(byKey[""], last, spread)
	delete(byKey, "")
	keys := make([]string, 0, len(byKey))
	for k := range byKey {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b string) int { return cmp.Compare(len(byKey[b]), len(byKey[a])) })
	for _, k := range keys {
		h.send(byKey[k], h.pages.drawKey(ctx, st, k), spread)
	}
}

// send tells the streams subs of version v, those still open that have
// not been told of it.
func (h *hub) send(subs []*sub, v int64, spread time.Duration) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, s := range subs {
		if _, open := h.subs[s]; !open || v <= s.told {
			continue
		}
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
