package web

import (
	"net/http/httptest"
	"testing"
)

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
