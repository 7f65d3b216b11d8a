package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The browser of the tests that need the arbiter command itself: the
// site that publish --html writes, and serve's --site. The phones' pages
// in a browser are tested in web (TestBrowserEvening and the others),
// whose go test ./web -run Browser -screenshots writes their screenshots.

// findBrowser returns chromium's path, or skips the test.
func findBrowser(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("no chromium on this machine (apt-get install chromium): the browser tests are skipped")
	return ""
}

// newBrowser returns the context of the headless browser shared by the
// tests of one run: it is started by the first test that asks, with a
// fresh profile and nothing running in the background, and ended by
// TestMain. Each device opens its own browser context in it (its own
// cookies and storage, as a separate profile would), so the tests stay
// apart while chromium starts once rather than once per test.
func newBrowser(t *testing.T) context.Context {
	t.Helper()
	path := findBrowser(t)
	sharedBrowser.once.Do(func() {
		dir, err := os.MkdirTemp("", "arbiter-chromium-")
		if err != nil {
			sharedBrowser.err = err
			return
		}
		// chromedp's defaults (headless, no first run, no background
		// networking, no sync, /dev/shm not relied on) and then ours.
		opts := append(chromedp.DefaultExecAllocatorOptions[:],
			chromedp.ExecPath(path),
			chromedp.NoSandbox,
			chromedp.DisableGPU,
			chromedp.Flag("disable-quic", true),
			chromedp.Flag("disable-component-update", true),
			chromedp.UserDataDir(dir),
		)
		actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
		bctx, cancel2 := chromedp.NewContext(actx)
		sharedBrowser.ctx = bctx
		sharedBrowser.stop = func() {
			cancel2()
			cancel()
			os.RemoveAll(dir)
		}
		if err := chromedp.Do(bctx); err != nil {
			sharedBrowser.err = fmt.Errorf("start %s: %v", path, err)
		}
	})
	if sharedBrowser.err != nil {
		t.Fatal(sharedBrowser.err)
	}
	return sharedBrowser.ctx
}

// sharedBrowser is the browser that newBrowser started; TestMain calls stop.
var sharedBrowser struct {
	once sync.Once
	ctx  context.Context
	stop func()
	err  error
}

// device is one phone (or the projector): its own cookies, its own tab.
type device struct {
	t    *testing.T
	name string
	ctx  context.Context
}

func newDevice(t *testing.T, browser context.Context, name string, w, h int64) *device {
	t.Helper()
	ctx, cancel := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	d := &device{t: t, name: name, ctx: ctx}
	// The first run opens the tab, which lives as long as the context of
	// that run: no timeout here.
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("%s: open a tab: %v", name, err)
	}
	d.do(chromedp.EmulateViewport(w, h, chromedp.EmulateScale(2)))
	return d
}

// do runs steps, failing the test (with what the page shows) on error
// or after 20 seconds.
func (d *device) do(steps ...chromedp.Action[chromedp.Void]) {
	d.t.Helper()
	ctx, cancel := context.WithTimeout(d.ctx, 20*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, steps...); err != nil {
		lctx, lcancel := context.WithTimeout(d.ctx, 3*time.Second)
		defer lcancel()
		text, _ := chromedp.Run(lctx, chromedp.Evaluate[string]("document.body ? document.body.innerText : ''"))
		d.t.Fatalf("%s: %v\nthe page shows:\n%s", d.name, err, text)
	}
}

// eval returns the value of a JavaScript expression on the page.
func eval[T any](d *device, expr string) T {
	d.t.Helper()
	v, err := chromedp.Run(d.ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		d.t.Fatalf("%s: %s: %v", d.name, expr, err)
	}
	return v
}

func sel(s string) chromedp.CSS { return chromedp.CSS(s) }
