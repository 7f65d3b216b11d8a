package web

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"io/fs"
	"net"
	"net/http"
	"net/netip"
	"path"
	"strings"
	"sync"
	"time"
)

// limiter counts attempts per key (an address, a device and a board)
// over a sliding window: after max within window, the key is refused
// until the oldest leaves the window. Each check that lets an attempt
// through counts it under the same lock (hit, try), so that however many
// arrive at once, no more than max get through. Wrong PINs are not
// counted here but in the database, with the write they would allow
// (arbiter.PINLimits).
type limiter struct {
	max    int
	window time.Duration
	now    func() time.Time

	mu   sync.Mutex
	hits map[string][]time.Time
}

func newLimiter(max int, window time.Duration, now func() time.Time) *limiter {
	return &limiter{max: max, window: window, now: now, hits: map[string][]time.Time{}}
}

// blocked reports whether key has used up its failures, and until when.
func (l *limiter) blocked(key string) (bool, time.Time) {
	l.mu.Lock()
	defer l.mu.Unlock()
	hs := l.trim(key)
	if len(hs) >= l.max {
		return true, hs[0].Add(l.window)
	}
	return false, time.Time{}
}

// fail records a failure of key.
func (l *limiter) fail(key string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.add(key)
}

// hit counts an attempt of key and reports whether it is within the
// limit; one refused is not counted. until is when the key opens again.
func (l *limiter) hit(key string) (ok bool, until time.Time) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if hs := l.trim(key); len(hs) >= l.max {
		return false, hs[0].Add(l.window)
	}
	l.add(key)
	return true, time.Time{}
}

// try counts an attempt of key as a failure before it is made, reporting
// whether it is within the limit; release takes the count back once the
// attempt turns out good. Attempts made at once thus count against each
// other, and only failures stay counted.
func (l *limiter) try(key string) (ok bool, release func()) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if hs := l.trim(key); len(hs) >= l.max {
		return false, func() {}
	}
	at := l.add(key)
	return true, func() {
		l.mu.Lock()
		defer l.mu.Unlock()
		hs := l.hits[key]
		for i, t := range hs {
			if t.Equal(at) {
				l.hits[key] = append(hs[:i:i], hs[i+1:]...)
				break
			}
		}
	}
}

// add records an attempt of key now, with l.mu held, and returns its
// time.
func (l *limiter) add(key string) time.Time {
	at := l.now()
	l.hits[key] = append(l.trim(key), at)
	// Keep the map small: forget keys whose failures are all old.
	if len(l.hits) > 10000 {
		for k := range l.hits {
			if len(l.trim(k)) == 0 {
				delete(l.hits, k)
			}
		}
	}
	return at
}

func (l *limiter) trim(key string) []time.Time {
	hs := l.hits[key]
	cut := l.now().Add(-l.window)
	i := 0
	for i < len(hs) && !hs[i].After(cut) {
		i++
	}
	hs = hs[i:]
	if len(hs) == 0 {
		delete(l.hits, key)
	} else {
		l.hits[key] = hs
	}
	return hs
}

// randomToken returns n random bytes in hex.
func randomToken(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		// crypto/rand does not fail on the systems Go supports.
		panic("web: crypto/rand: " + err.Error())
	}
	return hex.EncodeToString(b)
}

// same compares two secrets in constant time.
func same(a, b string) bool {
	ha, hb := sha256.Sum256([]byte(a)), sha256.Sum256([]byte(b))
	return subtle.ConstantTimeCompare(ha[:], hb[:]) == 1 && a != ""
}

// remoteIP returns the address the request came from. Headers such as
// X-Forwarded-For are ignored: they are whatever the client wrote.
func remoteIP(r *http.Request) netip.Addr {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	a, err := netip.ParseAddr(host)
	if err != nil {
		return netip.Addr{}
	}
	return a.Unmap()
}

// onLAN reports whether a is this machine or an address of a local
// network: loopback, private (RFC 1918, fc00::/7) or link-local.
func onLAN(a netip.Addr) bool {
	return a.IsValid() && (a.IsLoopback() || a.IsPrivate() || a.IsLinkLocalUnicast())
}

// Cookies. Both are HttpOnly and SameSite=Strict: scripts cannot read
// them and another site's page cannot send them.
const (
	csrfCookie    = "arbiter_csrf"
	sessionCookie = "arbiter_admin"
)

// csrfToken returns the request's CSRF token, setting the cookie that
// holds it when the browser has none yet. Forms carry it in a hidden
// field; a POST whose field does not match the cookie is refused.
func csrfToken(w http.ResponseWriter, r *http.Request) string {
	if c, err := r.Cookie(csrfCookie); err == nil && len(c.Value) == 32 {
		return c.Value
	}
	v := randomToken(16)
	http.SetCookie(w, &http.Cookie{Name: csrfCookie, Value: v, Path: "/", HttpOnly: true, SameSite: http.SameSiteStrictMode})
	// A page that sets the cookie is the one whose form will send it.
	r.AddCookie(&http.Cookie{Name: csrfCookie, Value: v})
	return v
}

// csrfOK reports whether a POST carries the token of its cookie.
func csrfOK(r *http.Request) bool {
	c, err := r.Cookie(csrfCookie)
	if err != nil {
		return false
	}
	return same(c.Value, r.PostFormValue("csrf"))
}

// sessions are the organizer's logins.
type sessions struct {
	ttl time.Duration
	now func() time.Time

	mu     sync.Mutex
	byID   map[string]time.Time // session id: expiry
	once   map[string]bool      // one-time login links not used yet
	notes  map[string]notice    // session id: its last status line
	serial int                  // the number of the last notice
}

// notice is a status line of the organizer's page: a message of the
// catalog ("web."+key) and its arguments, worded when it is shown. It is
// made by the server after a change and kept with the session that made
// it; the address of the page shows it only by its number ("/admin?done=3"),
// so that the page fetched again keeps it, and no one can put words on
// the organizer's page with a link.
type notice struct {
	n    int
	key  string
	args []any
}

func newSessions(ttl time.Duration, now func() time.Time) *sessions {
	return &sessions{ttl: ttl, now: now, byID: map[string]time.Time{}, once: map[string]bool{}, notes: map[string]notice{}}
}

// note keeps n as session id's status line and returns its number.
func (s *sessions) note(id string, n notice) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.byID[id]; !ok {
		return 0
	}
	s.serial++
	n.n = s.serial
	s.notes[id] = n
	return n.n
}

// noted returns session id's status line number n, ok false when it has
// none of that number.
func (s *sessions) noted(id string, n int) (notice, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	v, ok := s.notes[id]
	return v, ok && n != 0 && v.n == n
}

func (s *sessions) start() string {
	id := randomToken(24)
	s.mu.Lock()
	s.byID[id] = s.now().Add(s.ttl)
	s.mu.Unlock()
	return id
}

func (s *sessions) valid(id string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	exp, ok := s.byID[id]
	if ok && s.now().After(exp) {
		delete(s.byID, id)
		return false
	}
	return ok
}

func (s *sessions) end(id string) {
	s.mu.Lock()
	delete(s.byID, id)
	delete(s.notes, id)
	s.mu.Unlock()
}

// oneTime makes a login link token that works once.
func (s *sessions) oneTime() string {
	t := randomToken(24)
	s.mu.Lock()
	s.once[t] = true
	s.mu.Unlock()
	return t
}

// useOnce spends a one-time token, reporting whether it was good.
func (s *sessions) useOnce(t string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.once[t] {
		delete(s.once, t)
		return true
	}
	return false
}

// boardPostsMax is how many reports, confirmations and claims one device
// may send to one board in 10 minutes. A game needs two or three; the
// limit stops a phone flooding a board's log and queue.
const boardPostsMax = 20

// perBoard limits h, a POST to a board's page, per device (address and
// browser, as the device count sees it) and board: beyond boardPostsMax
// in 10 minutes the answer is 429, saying how long to wait.
func (s *Server) perBoard(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		key := deviceKey(r) + " " + r.PathValue("token")
		if ok, until := s.boardPosts.hit(key); !ok {
			s.tooMany(w, r, until)
			return
		}
		h(w, r)
	}
}

// noListing serves the files of fsys and nothing for a folder: a path
// that names a folder, or ends in a slash, is not found rather than
// listed.
func noListing(fsys fs.FS) http.Handler {
	files := http.FileServerFS(fsys)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
		if fi, err := fs.Stat(fsys, name); err != nil || fi.IsDir() || strings.HasSuffix(r.URL.Path, "/") {
			http.NotFound(w, r)
			return
		}
		files.ServeHTTP(w, r)
	})
}
