package web

import (
	"net/http/httptest"
	"testing"
	"time"
)

// TestPlayerSessions: a session acts for the one player it was started
// for, until it ends or expires.
func TestPlayerSessions(t *testing.T) {
	now := time.Date(2026, 5, 12, 21, 0, 0, 0, time.UTC)
	ps := newPlayerSessions(time.Hour, func() time.Time { return now })
	a, b := ps.start(1), ps.start(2)
	tests := []struct {
		name  string
		id    string
		after time.Duration
		want  int
	}{
		{"own session", a, 0, 1},
		{"another player's", b, 0, 2},
		{"unknown id", "nothing", 0, 0},
		{"empty id", "", 0, 0},
		{"before expiry", a, 59 * time.Minute, 1},
		{"after expiry", a, 61 * time.Minute, 0},
	}
	for _, tt := range tests {
		now = time.Date(2026, 5, 12, 21, 0, 0, 0, time.UTC).Add(tt.after)
		if got := ps.player(tt.id); got != tt.want {
			t.Errorf("%s: player = %d, want %d", tt.name, got, tt.want)
		}
	}
	now = time.Date(2026, 5, 12, 21, 0, 0, 0, time.UTC)
	ps.end(b)
	if got := ps.player(b); got != 0 {
		t.Errorf("an ended session still acts for %d", got)
	}
}

// TestDeviceKey: a device is an address and a browser.
func TestDeviceKey(t *testing.T) {
	req := func(addr, ua string) string {
		r := httptest.NewRequest("POST", "/player/1/me/here", nil)
		r.RemoteAddr, r.Header["User-Agent"] = addr, []string{ua}
		return deviceKey(r)
	}
	if req("10.0.0.5:1234", "A") != req("10.0.0.5:9999", "A") {
		t.Error("another port of the same phone is another device")
	}
	if req("10.0.0.5:1234", "A") == req("10.0.0.5:1234", "B") {
		t.Error("another browser at the same address is the same device")
	}
	if req("10.0.0.5:1234", "A") == req("10.0.0.6:1234", "A") {
		t.Error("another address is the same device")
	}
}
