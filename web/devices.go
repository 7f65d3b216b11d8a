package web

import (
	"net"
	"net/http"
	"sync"
)

// devices counts the phones and computers that reached the server, so
// the organizer sees before round 1 whether the players' phones get
// through (a hotspot that isolates its clients lets none in). A device is
// an address with a browser (User-Agent); the count stops growing at
// maxDevices, which no club evening reaches.
type devices struct {
	mu   sync.Mutex
	seen map[string]struct{}
}

const maxDevices = 10000

func newDevices() *devices { return &devices{seen: map[string]struct{}{}} }

// watch wraps h, counting every request's device.
func (d *devices) watch(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		host, _, err := net.SplitHostPort(r.RemoteAddr)
		if err != nil {
			host = r.RemoteAddr
		}
		key := host + " " + r.UserAgent()
		d.mu.Lock()
		if len(d.seen) < maxDevices {
			d.seen[key] = struct{}{}
		}
		d.mu.Unlock()
		h.ServeHTTP(w, r)
	})
}

// count returns how many devices reached the server.
func (d *devices) count() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return len(d.seen)
}
