package web

import (
	"fmt"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/labyrinth-chess/arbiter/locale"
)

// TestPageCacheDrawsOnce: a hundred visitors asking at once for a page
// of a new change make one drawing; the page is drawn again at the next
// change, keeps its version when it looks the same, and takes the new
// one when it does not.
func TestPageCacheDrawsOnce(t *testing.T) {
	now := time.Date(2026, 5, 12, 21, 0, 0, 0, time.UTC)
	c := newPageCache(10, func() time.Time { return now })
	var draws atomic.Int32
	body := func(state int64, text string) func() ([]byte, time.Time, error) {
		return func() ([]byte, time.Time, error) {
			draws.Add(1)
			time.Sleep(10 * time.Millisecond) // long enough for the others to ask
			return []byte(fmt.Sprintf(`<main data-state="%d">%s</main>`, state, text)), time.Time{}, nil
		}
	}
	var wg sync.WaitGroup
	for range 100 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := c.get("en /", 5, body(5, "a")); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if n := draws.Load(); n != 1 {
		t.Errorf("100 visitors at once: %d drawings, want 1", n)
	}
	tests := []struct {
		name        string
		state       int64
		text        string
		draws       int32
		wantVersion int64
	}{
		{"the same change again", 5, "b", 1, 5},
		{"a change that leaves the page alike", 6, "a", 2, 5},
		{"a change that alters it", 7, "c", 3, 7},
		{"an older change asked late", 6, "x", 3, 7},
	}
	for _, tt := range tests {
		p, err := c.get("en /", tt.state, body(tt.state, tt.text))
		if err != nil {
			t.Fatal(err)
		}
		if draws.Load() != tt.draws || p.version != tt.wantVersion {
			t.Errorf("%s: %d drawings, version %d; want %d, %d", tt.name, draws.Load(), p.version, tt.draws, tt.wantVersion)
		}
		if want := fmt.Sprintf(`data-state="%d"`, p.version); !strings.Contains(string(p.body), want) {
			t.Errorf("%s: the page served says %s, want %s", tt.name, p.body, want)
		}
	}
	// A page true until a time is drawn again after it.
	until := now.Add(time.Minute)
	c.get("en /find", 7, func() ([]byte, time.Time, error) { draws.Add(1); return []byte("x"), until, nil })
	c.get("en /find", 7, body(7, "y"))
	now = until
	c.get("en /find", 7, body(7, "z"))
	if n := draws.Load(); n != 5 {
		t.Errorf("a page past its time: %d drawings in all, want 5", n)
	}
}

// TestPageCacheBounded: new pages beyond the bound push out those of
// older changes, never those of the current one.
func TestPageCacheBounded(t *testing.T) {
	c := newPageCache(3, time.Now)
	draw := func() ([]byte, time.Time, error) { return []byte("p"), time.Time{}, nil }
	for i := range 3 {
		c.get(fmt.Sprintf("en /player/%d", i+1), 1, draw)
	}
	c.get("en /player/4", 2, draw) // pushes out the three of change 1
	for i := range 5 {
		c.get(fmt.Sprintf("en /find?q=%d", i), 2, draw)
	}
	if len(c.pages) > 3 {
		t.Errorf("%d pages kept, want at most 3", len(c.pages))
	}
	if _, ok := c.version("en /player/4", 2); !ok {
		t.Errorf("a page of the current change was pushed out by newer ones")
	}
}

func TestPageKey(t *testing.T) {
	tests := []struct {
		pattern, url string
		want         string
	}{
		{"GET /{$}", "/?utm=1", "en /"},
		{"GET /find", "/find?x=1&q=ros", "en /find?q=ros"},
		{"GET /show", "/show?every=10&view=standings&junk=1", "en /show?view=standings&every=10"},
		{"GET /player/{pn}", "/player/7?a=b", "en /player/7"},
	}
	for _, tt := range tests {
		u, _ := url.Parse(tt.url)
		if got := pageKey(locale.English, tt.pattern, u); got != tt.want {
			t.Errorf("pageKey(%s) = %q, want %q", tt.url, got, tt.want)
		}
	}
}

// TestWatchedBounded: streams of more pages than maxWatched make the
// later ones streams of every change, so that a change never draws more
// than maxWatched pages.
func TestWatchedBounded(t *testing.T) {
	h := newHub(nil, time.Second, time.Second, nil)
	var stops []func()
	for i := range maxWatched + 5 {
		s, stop := h.subscribe(fmt.Sprintf("en /find?q=%d", i), 0)
		stops = append(stops, stop)
		if want := i < maxWatched; (s.key != "") != want {
			t.Fatalf("stream %d watches %q, want a page %v", i, s.key, want)
		}
	}
	if s, _ := h.subscribe("en /find?q=0", 0); s.key == "" {
		t.Errorf("a page already watched is refused to another stream")
	}
	for _, stop := range stops {
		stop()
	}
	if len(h.keys) != 1 {
		t.Errorf("%d pages still watched after their streams stopped, want 1", len(h.keys))
	}
}
