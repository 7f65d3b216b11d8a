package web

import (
	"encoding/json"
	"io/fs"
	"net/http/httptest"
	"net/netip"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/labyrinth-chess/arbiter/locale"

	"rsc.io/qr"
)

func TestLimiter(t *testing.T) {
	now := time.Date(2026, 5, 12, 21, 0, 0, 0, time.UTC)
	l := newLimiter(3, time.Minute, func() time.Time { return now })
	for i := range 3 {
		if b, _ := l.blocked("a"); b {
			t.Fatalf("blocked after %d failures, want after 3", i)
		}
		l.fail("a")
		now = now.Add(10 * time.Second)
	}
	if b, until := l.blocked("a"); !b || !until.Equal(time.Date(2026, 5, 12, 21, 1, 0, 0, time.UTC)) {
		t.Errorf("after 3 failures blocked = %v until %v, want true until 21:01", b, until)
	}
	if b, _ := l.blocked("b"); b {
		t.Errorf("another key is blocked")
	}
	now = now.Add(31 * time.Second) // the first failure leaves the window
	if b, _ := l.blocked("a"); b {
		t.Errorf("still blocked once the first failure is a minute old")
	}
}

func TestOnLAN(t *testing.T) {
	tests := []struct {
		addr string
		want bool
	}{
		{"127.0.0.1", true}, {"::1", true}, {"192.168.43.10", true}, {"10.1.2.3", true}, {"172.16.0.5", true},
		{"169.254.3.4", true}, {"fe80::1", true}, {"fd00::5", true},
		{"203.0.113.9", false}, {"8.8.8.8", false}, {"172.32.0.1", false}, {"2001:db8::1", false},
	}
	for _, tt := range tests {
		if got := onLAN(netip.MustParseAddr(tt.addr)); got != tt.want {
			t.Errorf("onLAN(%s) = %v, want %v", tt.addr, got, tt.want)
		}
	}
	if onLAN(netip.Addr{}) {
		t.Errorf("onLAN(no address) = true")
	}
}

// TestCatalog: every word a page asks for is in both catalogs, every
// "web." message of the catalog is used, and placeholders gives each
// message the names it has.
func TestCatalog(t *testing.T) {
	used := map[string]bool{}
	// The console's messages are named by literals wherever they are
	// passed on (a notice, a table of words): "c-...". A page drawn in
	// Go (pagehtml.go) asks for its words with t("...") and th("..."),
	// as wd.t("...") elsewhere.
	key := regexp.MustCompile(`\$\.T "([a-z0-9-]+)"|\bth?\("([a-z0-9-]+)"|toAdmin\(w, r, "([a-z0-9-]+)"|"(c-[a-z0-9-]+)"`)
	check := func(name, src string) {
		for _, m := range key.FindAllStringSubmatch(src, -1) {
			k := m[1] + m[2] + m[3] + m[4]
			used[k] = true
			for _, lang := range locale.Langs() {
				if got := locale.New(lang).T("web." + k); got == "web."+k {
					t.Errorf("%s asks for %q, which the %s catalog lacks", name, k, lang)
				}
			}
		}
	}
	fs.WalkDir(assets, "assets", func(p string, d fs.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(p, ".html") {
			b, _ := assets.ReadFile(p)
			check(p, string(b))
		}
		return nil
	})
	// Every Go file of the package, so that a new page's words count.
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		check(f, string(b))
	}
	data, err := os.ReadFile("../locale/en.json")
	if err != nil {
		t.Fatal(err)
	}
	var en map[string]any
	if err := json.Unmarshal(data, &en); err != nil {
		t.Fatal(err)
	}
	ph := regexp.MustCompile(`\{\{\.([A-Za-z]+)\}\}`)
	for id, v := range en {
		k, ok := strings.CutPrefix(id, "web.")
		if !ok {
			continue
		}
		if !used[k] {
			t.Errorf("catalog message %q is used by no page", id)
		}
		text, _ := v.(string)
		var names []string
		for _, m := range ph.FindAllStringSubmatch(text, -1) {
			if !slices.Contains(names, m[1]) {
				names = append(names, m[1])
			}
		}
		got := slices.Clone(placeholders(k))
		slices.Sort(got)
		slices.Sort(names)
		if !slices.Equal(got, names) {
			t.Errorf("placeholders(%q) = %v, the message has %v", k, got, names)
		}
	}
}

func TestLanguage(t *testing.T) {
	tests := []struct {
		accept, tournament string
		want               locale.Lang
	}{
		// The tournament's language, whatever the browser says.
		{"it-IT,it;q=0.9,en;q=0.8", "en", locale.English},
		{"en-GB,en;q=0.9", "it", locale.Italian},
		{"en-US", "it", locale.Italian},
		{"de-DE,de;q=0.9", "it", locale.Italian},
		{"", "it", locale.Italian},
		// The browser's only for a tournament without one.
		{"it-IT,it;q=0.9,en;q=0.8", "", locale.Italian},
		{"de-DE,fr;q=0.5,it;q=0.3", "", locale.Italian},
		{"en-GB,en;q=0.9", "", locale.English},
		{"de-DE", "", locale.English},
		{"", "", locale.English},
	}
	for _, tt := range tests {
		r := httptest.NewRequest("GET", "/", nil)
		r.Header.Set("Accept-Language", tt.accept)
		if got := language(r, tt.tournament); got != tt.want {
			t.Errorf("language(%q, tournament %q) = %s, want %s", tt.accept, tt.tournament, got, tt.want)
		}
	}
}

func TestTerminalQR(t *testing.T) {
	const url = "http://192.168.43.10:8080/"
	var b strings.Builder
	if err := TerminalQR(&b, url); err != nil {
		t.Fatal(err)
	}
	c, _ := qr.Encode(url, qr.L)
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	n := c.Size + 4
	if len(lines) != (n+1)/2 {
		t.Fatalf("%d lines, want %d", len(lines), (n+1)/2)
	}
	// Read the modules back from the half blocks.
	for y := 0; y < c.Size; y++ {
		row := []rune(lines[(y+2)/2])
		for x := 0; x < c.Size; x++ {
			r := row[x+2]
			top := (y+2)%2 == 0
			light := r == '█' || (top && r == '▀') || (!top && r == '▄')
			if light == c.Black(x, y) {
				t.Fatalf("module (%d, %d) reads %v, want black %v", x, y, light, c.Black(x, y))
			}
		}
	}
}
