package web

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"sync"
	"time"
)

// Limits bound what the server holds open, so that a slow or greedy
// client, or a thousand phones, cannot take the file descriptors every
// other visitor needs. The zero value of a field takes its default
// (DefaultLimits).
type Limits struct {
	// ReadHeader is how long a client may take to send a request's
	// headers; Read, the whole request with its body; Write, from the
	// end of the headers to the end of the answer; Idle, how long a
	// kept-alive connection may wait for its next request. The event
	// streams are exempt from Read and Write: each of their writes has
	// StreamWrite.
	ReadHeader, Read, Write, Idle, StreamWrite time.Duration
	// Conns is how many connections the server holds at once;
	// ConnsPerAddress, how many from one address. A connection beyond
	// either is answered 503 with Retry-After and closed.
	Conns, ConnsPerAddress int
	// Streams is how many event streams (/events) are open at once;
	// StreamsPerAddress, how many from one address. A stream beyond
	// either is refused with 503 and Retry-After; its page still works,
	// without the live updates, and asks again later.
	Streams, StreamsPerAddress int
}

// DefaultLimits returns the limits a server takes when Config.Limits
// leaves them zero: 10 s for a request's headers, 30 s for the whole
// request, 30 s for an answer, 30 s for an idle connection, 10 s for a
// write of an event stream; connections up to the file descriptors this
// process may open, less a reserve for the database and the refusals
// (at most 8,192), 64 of them per address; event streams up to half the
// connections, 16 per address.
func DefaultLimits() Limits {
	conns := 8192
	if n := fileLimit(); n > 0 {
		conns = min(conns, max(16, n-fileReserve(n)))
	}
	return Limits{
		ReadHeader: 10 * time.Second, Read: 30 * time.Second, Write: 30 * time.Second, Idle: 30 * time.Second,
		StreamWrite: 10 * time.Second,
		Conns:       conns, ConnsPerAddress: 64,
		Streams: max(8, conns/2), StreamsPerAddress: 16,
	}
}

// fileReserve is how many of n file descriptors the connections leave to
// the rest: the database, its journal, the log, the listener, and the
// connections accepted only to be refused.
func fileReserve(n int) int { return max(48, n/8) }

// orDefault fills the zero fields of l from DefaultLimits.
func (l Limits) orDefault() Limits {
	d := DefaultLimits()
	durs := []struct {
		v *time.Duration
		d time.Duration
	}{
		{&l.ReadHeader, d.ReadHeader}, {&l.Read, d.Read}, {&l.Write, d.Write}, {&l.Idle, d.Idle}, {&l.StreamWrite, d.StreamWrite},
	}
	for _, x := range durs {
		if *x.v <= 0 {
			*x.v = x.d
		}
	}
	ints := []struct {
		v *int
		d int
	}{
		{&l.Conns, d.Conns}, {&l.ConnsPerAddress, d.ConnsPerAddress}, {&l.Streams, d.Streams}, {&l.StreamsPerAddress, d.StreamsPerAddress},
	}
	for _, x := range ints {
		if *x.v <= 0 {
			*x.v = x.d
		}
	}
	return l
}

// retryAfter is what a refusal asks the client to wait, in seconds.
const retryAfter = 10

// Serve serves the server's pages on ln until ctx is done, with the
// timeouts and limits of its Config, then closes ln and waits a few
// seconds for the requests under way. It returns nil once stopped by
// ctx, else the error that stopped it. Run must be running too for the
// pages to follow the changes.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	hs := s.httpServer(ctx)
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(s.listen(ln)) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := hs.Shutdown(sctx); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	return nil
}

// httpServer returns the http.Server Serve runs: the timeouts of the
// limits, and the refusal of the connections beyond them.
func (s *Server) httpServer(ctx context.Context) *http.Server {
	return &http.Server{
		Handler:           s.refuseOver(s.Handler()),
		ReadHeaderTimeout: s.limits.ReadHeader,
		ReadTimeout:       s.limits.Read,
		WriteTimeout:      s.limits.Write,
		IdleTimeout:       s.limits.Idle,
		MaxHeaderBytes:    64 << 10,
		BaseContext:       func(net.Listener) context.Context { return ctx },
		ConnContext: func(ctx context.Context, c net.Conn) context.Context {
			if lc, ok := c.(*countedConn); ok && lc.over {
				return context.WithValue(ctx, overKey{}, true)
			}
			return ctx
		},
	}
}

// overKey marks the context of a connection beyond the limits.
type overKey struct{}

// refuseOver answers every request of a connection beyond the limits
// with 503 and Retry-After, and closes it.
func (s *Server) refuseOver(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if over, _ := r.Context().Value(overKey{}).(bool); over {
			s.busy(w, r)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// busy refuses r for now: 503, the time to wait, and the connection
// closed.
func (s *Server) busy(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Retry-After", strconv.Itoa(retryAfter))
	h.Set("Connection", "close")
	h.Set("Content-Type", "text/plain; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusServiceUnavailable)
	wd := s.langs[language(r, s.lang())]
	w.Write([]byte(wd.t("busy", retryAfter) + "\n"))
}

// lang returns the tournament's language as last seen, "" when unknown,
// without waiting for a state being loaded.
func (s *Server) lang() string {
	l, _ := s.tongue.Load().(string)
	return l
}

// listen wraps ln so that it counts the connections open, in all and per
// address: those beyond the limits are marked to be refused (refuseOver);
// those beyond the limits and their margin for refusals are closed at
// once.
func (s *Server) listen(ln net.Listener) net.Listener {
	return &countingListener{Listener: ln, max: s.limits.Conns, perAddr: s.limits.ConnsPerAddress,
		spare: max(16, s.limits.Conns/8), open: map[netip.Addr]int{}}
}

type countingListener struct {
	net.Listener
	max, perAddr, spare int

	mu    sync.Mutex
	total int
	open  map[netip.Addr]int
}

func (l *countingListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		a := addrOf(c.RemoteAddr())
		l.mu.Lock()
		if l.total >= l.max+l.spare {
			// Not even room to say so: the client sees the connection
			// closed and tries again.
			l.mu.Unlock()
			c.Close()
			continue
		}
		over := l.total >= l.max || l.open[a] >= l.perAddr
		l.total++
		l.open[a]++
		l.mu.Unlock()
		return &countedConn{Conn: c, l: l, addr: a, over: over}, nil
	}
}

func (l *countingListener) release(a netip.Addr) {
	l.mu.Lock()
	l.total--
	if l.open[a]--; l.open[a] <= 0 {
		delete(l.open, a)
	}
	l.mu.Unlock()
}

// countedConn is a connection the listener counts until it is closed.
type countedConn struct {
	net.Conn
	l    *countingListener
	addr netip.Addr
	over bool // beyond the limits: every request is refused
	once sync.Once
}

func (c *countedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(func() { c.l.release(c.addr) })
	return err
}

func addrOf(a net.Addr) netip.Addr {
	if ap, err := netip.ParseAddrPort(a.String()); err == nil {
		return ap.Addr().Unmap()
	}
	return netip.Addr{}
}

// streamCount counts the open event streams, in all and per address.
type streamCount struct {
	max, perAddr int

	mu    sync.Mutex
	total int
	open  map[netip.Addr]int
}

func newStreamCount(max, perAddr int) *streamCount {
	return &streamCount{max: max, perAddr: perAddr, open: map[netip.Addr]int{}}
}

// acquire counts a new stream from a, reporting false, and counting
// nothing, when it would be one too many.
func (c *streamCount) acquire(a netip.Addr) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.total >= c.max || c.open[a] >= c.perAddr {
		return false
	}
	c.total++
	c.open[a]++
	return true
}

func (c *streamCount) release(a netip.Addr) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.total--
	if c.open[a]--; c.open[a] <= 0 {
		delete(c.open, a)
	}
}
