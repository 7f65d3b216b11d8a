package main

import (
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter/web"
)

// TestServeWiFiAndDevices: the projector shows the QR codes of the
// address and of the club's Wi-Fi, and the organizer's page counts the
// devices that reached the server.
func TestServeWiFiAndDevices(t *testing.T) {
	t.Parallel()
	f := newServeFixture(t, "club")
	srv, err := web.New(web.Config{Evening: f.ev, AdminPassword: "club", URL: "http://192.168.43.10:8080/",
		WiFiSSID: `Labyrinth "club"`, WiFiPassword: "scacco"})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv.Handler())
	defer ts.Close()
	get := func(path, agent string) string {
		t.Helper()
		req, _ := http.NewRequest("GET", ts.URL+path, nil)
		req.Header.Set("User-Agent", agent)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return string(b)
	}
	show := get("/show", "projector")
	if strings.Count(show, `<svg xmlns="http://www.w3.org/2000/svg" class="qr"`) != 2 ||
		!strings.Contains(show, `aria-label="Wi-Fi Labyrinth &#34;club&#34;"`) || !strings.Contains(show, "Wi-Fi: Labyrinth &#34;club&#34;") ||
		!strings.Contains(show, "<figcaption>http://192.168.43.10:8080/</figcaption>") {
		t.Errorf("/show lacks the two QR codes:\n%s", show)
	}
	// Without the settings the projector shows no code.
	if _, body, _ := f.get(f.client(), "/show"); strings.Contains(body, "<svg") {
		t.Errorf("/show without --wifi-ssid or an address shows a QR code")
	}
	get("/", "phone one")
	get("/standings", "phone one")
	get("/", "phone two")
	// The organizer logs in with Go's own browser: the fourth device.
	jar, _ := cookiejar.New(nil)
	org := &http.Client{Jar: jar}
	resp, err := org.Get(ts.URL + "/admin")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	m := csrfField.FindStringSubmatch(string(b))
	if m == nil {
		t.Fatalf("the organizer's page has no form:\n%s", b)
	}
	resp, err = org.PostForm(ts.URL+"/admin/login", url.Values{"csrf": {m[1]}, "password": {"club"}})
	if err != nil {
		t.Fatal(err)
	}
	b, _ = io.ReadAll(resp.Body)
	resp.Body.Close()
	if got := regexp.MustCompile(`<p class="devices">([^<]*)</p>`).FindStringSubmatch(string(b)); got == nil || got[1] != "Devices that reached this server: 4" {
		t.Errorf("the organizer's page says %q, want 4 devices (the projector, two phones, the organizer)", got)
	}
}
