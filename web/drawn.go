package web

import (
	"bytes"
	"context"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/labyrinth-chess/arbiter/locale"
)

// Render once, serve many. The public pages (the boards, find, the
// standings, the crosstable, the season, each player's page and the
// projector's) have no form and are the same for every visitor until the
// next change of the event log: each is drawn once per change and sent
// from memory to every phone that asks. The event streams name the page
// they watch (/events?page=/standings); at each change the server draws
// the pages watched again, and tells each stream only when its own page
// looks different, so that phones fetch only the pages that changed, and
// find them drawn.

// publicRoutes are the patterns of the public pages, with the query
// parameters each reads: the rest of a query does not make another page.
var publicRoutes = map[string][]string{
	"GET /{$}":         nil,
	"GET /find":        {"q"},
	"GET /standings":   nil,
	"GET /crosstable":  nil,
	"GET /season":      nil,
	"GET /player/{pn}": nil,
	"GET /show":        {"view", "every"},
}

// drawnPage is a public page as drawn.
type drawnPage struct {
	body []byte
	// state is the change of the log the page was drawn at; version, the
	// change at which it last looked different (what its data-state
	// holds).
	state, version int64
	// until is when the page stops being true by itself (the late-entry
	// link closes); zero: at the next change.
	until time.Time
}

// drawing is a page being drawn: whoever asks for it meanwhile waits for
// this one drawing instead of drawing it too.
type drawing struct {
	state int64
	done  chan struct{}
	page  *drawnPage
	err   error
}

// pageCache holds the public pages drawn, by key (pageKey).
type pageCache struct {
	max int
	now func() time.Time

	mu      sync.Mutex
	pages   map[string]*drawnPage
	drawing map[string]*drawing
}

func newPageCache(max int, now func() time.Time) *pageCache {
	return &pageCache{max: max, now: now, pages: map[string]*drawnPage{}, drawing: map[string]*drawing{}}
}

// get returns page key as of change state: the one drawn if it is that
// recent and still true, else the one being drawn, else a new one drawn
// by draw (the body, and when it stops being true).
func (c *pageCache) get(key string, state int64, draw func() ([]byte, time.Time, error)) (*drawnPage, error) {
	for {
		c.mu.Lock()
		if p := c.pages[key]; p != nil && p.state >= state && (p.until.IsZero() || c.now().Before(p.until)) {
			c.mu.Unlock()
			return p, nil
		}
		if d := c.drawing[key]; d != nil {
			c.mu.Unlock()
			<-d.done
			if d.state >= state && d.err == nil {
				return d.page, nil
			}
			continue // drawn for an older change, or failed: draw again
		}
		d := &drawing{state: state, done: make(chan struct{})}
		c.drawing[key] = d
		c.mu.Unlock()

		body, until, err := draw()

		c.mu.Lock()
		delete(c.drawing, key)
		if err == nil {
			d.page = c.keep(key, &drawnPage{body: body, state: state, version: state, until: until})
		}
		d.err = err
		close(d.done)
		c.mu.Unlock()
		return d.page, err
	}
}

// keep stores p, drawn anew, and returns what to serve: the page drawn
// before when p looks the same (it keeps its version), else p. It keeps
// at most max pages, forgetting those of older changes first.
func (c *pageCache) keep(key string, p *drawnPage) *drawnPage {
	old := c.pages[key]
	if old != nil && old.state > p.state {
		return p // a newer one is there already
	}
	if old != nil && sameButState(old.body, p.body) {
		p.body, p.version = old.body, old.version
	}
	if old == nil && len(c.pages) >= c.max {
		for k, q := range c.pages {
			if q.state < p.state {
				delete(c.pages, k)
			}
		}
		if len(c.pages) >= c.max {
			return p // served, not kept
		}
	}
	c.pages[key] = p
	return p
}

// version returns the version of page key as drawn at change state or
// later, false if it is not.
func (c *pageCache) version(key string, state int64) (int64, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if p := c.pages[key]; p != nil && p.state >= state {
		return p.version, true
	}
	return 0, false
}

// stateMark is where a page says the change it shows (layout.html).
var stateMark = []byte(` data-state="`)

// sameButState reports whether two drawings of a page are the same but
// for the change they say they show.
func sameButState(a, b []byte) bool {
	i, j := bytes.Index(a, stateMark), bytes.Index(b, stateMark)
	if i < 0 || j < 0 || i != j {
		return bytes.Equal(a, b)
	}
	i += len(stateMark)
	ea, eb := bytes.IndexByte(a[i:], '"'), bytes.IndexByte(b[i:], '"')
	if ea < 0 || eb < 0 {
		return bytes.Equal(a, b)
	}
	return bytes.Equal(a[i+ea:], b[i+eb:])
}

// pageKey returns the key of the public page of pattern at u in language
// l: the path and the query parameters the page reads, in a fixed order.
func pageKey(l locale.Lang, pattern string, u *url.URL) string {
	var b strings.Builder
	b.WriteString(l.String())
	b.WriteByte(' ')
	b.WriteString(u.EscapedPath())
	q := u.Query()
	sep := byte('?')
	for _, name := range publicRoutes[pattern] {
		if v, ok := q[name]; ok && len(v) > 0 {
			b.WriteByte(sep)
			b.WriteString(url.QueryEscape(name) + "=" + url.QueryEscape(v[0]))
			sep = '&'
		}
	}
	return b.String()
}

// publicPage answers r with a public page, drawn by draw at most once per
// change (see pageCache.get). draw returns the template and the page.
func (s *Server) publicPage(w http.ResponseWriter, r *http.Request, st *state, wd words, draw func() (string, page, error)) {
	key := pageKey(wd.l.Lang(), r.Pattern, r.URL)
	dp, err := s.drawn.get(key, st.id, func() ([]byte, time.Time, error) {
		name, p, err := draw()
		if err != nil {
			return nil, time.Time{}, err
		}
		p.State = st.id
		body, err := s.execute(name, p)
		return body, p.until, err
	})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writePage(w, http.StatusOK, dp.body)
}

// watchKey returns the key of the public page at path (a path with its
// query, as the event stream names the page it watches), "" when path is
// no public page.
func (s *Server) watchKey(r *http.Request, path string) string {
	if !strings.HasPrefix(path, "/") || strings.HasPrefix(path, "//") {
		return ""
	}
	u, err := url.ParseRequestURI(path)
	if err != nil {
		return ""
	}
	req := &http.Request{Method: http.MethodGet, URL: u, Host: r.Host, Header: http.Header{}}
	_, pattern := s.mux.Handler(req)
	if _, ok := publicRoutes[pattern]; !ok {
		return ""
	}
	st, err := s.state(r.Context())
	lang := ""
	if err == nil {
		lang = st.snap.Tournament.Language
	}
	return pageKey(language(r, lang), pattern, u)
}

// drawKey draws the public page of key as of st, unless it is drawn
// already, as a visitor would have it drawn, and returns its version. A
// page that cannot be drawn any more under its key (a player gone, the
// tournament's language changed) gets the change drawn at: its watchers
// load it again and see.
func (s *Server) drawKey(ctx context.Context, st *state, key string) int64 {
	lang, path, _ := strings.Cut(key, " ")
	u, err := url.ParseRequestURI(path)
	if err != nil {
		return st.id
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, path, nil)
	if err != nil {
		return st.id
	}
	req.URL, req.RemoteAddr = u, "127.0.0.1:0"
	req.Header.Set("Accept-Language", lang)
	s.mux.ServeHTTP(discard{}, req)
	if v, ok := s.drawn.version(key, st.id); ok {
		return v
	}
	return st.id
}

// discard is a ResponseWriter that keeps nothing: redraw wants the pages
// drawn, not sent.
type discard struct{}

func (discard) Header() http.Header         { return http.Header{} }
func (discard) Write(b []byte) (int, error) { return len(b), nil }
func (discard) WriteHeader(int)             {}
