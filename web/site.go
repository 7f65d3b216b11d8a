package web

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/labyrinth-chess/arbiter/locale"
)

// A static site: the public pages as files in one folder, with relative
// links, for the club's website or a USB stick. It shows what the server
// shows its visitors (the published rounds, never a draft, and no board
// code or PIN) as of one moment, without the live updates, the projector
// and the search on the server; "Find my board" still filters as one
// types.

// SiteFile is one file of the published site; Name is a path relative to
// the site's folder, with slashes.
type SiteFile struct {
	Name string
	Body []byte
}

// Download is a file written beside the pages (a PDF, the PGN), which
// every page offers under Label.
type Download struct {
	File  string
	Label string
}

// DownloadLabel returns the words a page shows for a download of kind
// "standings-pdf", "crosstable-pdf", "pairings-pdf" (of round n) or
// "pgn", in language lang.
func (s *Server) DownloadLabel(lang locale.Lang, kind string, n int) string {
	wd, ok := s.langs[lang]
	if !ok {
		wd = s.langs[locale.English]
	}
	switch kind {
	case "standings-pdf":
		return wd.t("dl-standings-pdf")
	case "crosstable-pdf":
		return wd.t("dl-crosstable-pdf")
	case "pairings-pdf":
		return wd.t("dl-pairings-pdf", n)
	}
	return wd.t("dl-pgn")
}

// SiteLang returns the language of the published site: the tournament's.
func (s *Server) SiteLang(ctx context.Context) (locale.Lang, error) {
	st, err := s.state(ctx)
	if err != nil {
		return "", err
	}
	return siteLang(st), nil
}

func siteLang(st *state) locale.Lang {
	if l, err := locale.ParseLang(st.snap.Tournament.Language); err == nil && st.snap.Tournament.Language != "" {
		return l
	}
	return locale.English
}

// Site returns the public pages as a static site in the tournament's
// language: index.html (the last published round), round-N.html for
// every published round, standings.html (with the tie-breaks explained
// on each player's page), crosstable.html, find.html, prizes.html when
// the tournament has prizes (with each player's prize, or what is at
// stake before the last round, on the player's page), player-PN.html for
// every player, and the style sheet and script under static/. Every page
// links to downloads.
func (s *Server) Site(ctx context.Context, downloads []Download) ([]SiteFile, error) {
	var (
		mu  sync.Mutex
		out []SiteFile
	)
	n, err := s.SiteEach(ctx, downloads, func(i int, f SiteFile) {
		mu.Lock()
		defer mu.Unlock()
		if i >= len(out) {
			out = append(out, make([]SiteFile, i+1-len(out))...)
		}
		out[i] = f
	})
	if err != nil {
		return nil, err
	}
	return out[:n], nil
}

// SiteEach draws the files of Site and hands each to emit as soon as it
// is drawn, with its place i in Site's order, so that the files can be
// written while the others are drawn. The pages are drawn on every core
// the machine has: emit is called from as many goroutines at once, and
// must be safe for that. It returns how many files the site has; on an
// error, some files may have been emitted and others not.
func (s *Server) SiteEach(ctx context.Context, downloads []Download, emit func(i int, f SiteFile)) (int, error) {
	st, err := s.state(ctx)
	if err != nil {
		return 0, err
	}
	wd := s.langs[siteLang(st)]
	m := newMemo(wd)
	// Every page is one job, drawn from the state alone: the jobs run on
	// every core the machine has, each file keeping its place.
	type job struct {
		name, tmpl string
		page       func() page
	}
	jobs := []job{{"index.html", "home", func() page { return s.homePage(wd, st, st.published) }}}
	for n := 1; n <= st.published; n++ {
		jobs = append(jobs, job{"round-" + strconv.Itoa(n) + ".html", "home", func() page {
			p := s.homePage(wd, st, n)
			p.Nav = "round-" + strconv.Itoa(n)
			return p
		}})
	}
	jobs = append(jobs,
		job{"standings.html", "standings", func() page { return s.standingsPage(wd, st) }},
		job{"crosstable.html", "crosstable", func() page { return s.crosstablePage(wd, st) }},
		job{"find.html", "find", func() page { return s.findPage(wd, st, "") }})
	if !st.prizes.Empty() {
		jobs = append(jobs, job{"prizes.html", "prizes", func() page { return s.prizesPage(wd, st) }})
	}
	for _, e := range st.snap.Entries {
		jobs = append(jobs, job{"player-" + strconv.Itoa(e.PN) + ".html", "player", func() page { return s.playerPage(wd, m, st, e.PN) }})
	}
	// The header and the list of downloads are the same on every page
	// of the site but for the menu entry marked: each is drawn once
	// (parts), with the template of the first page that shows it.
	var (
		mu    sync.Mutex
		parts = map[string]template.HTML{}
	)
	part := func(t *template.Template, name, key string, p page) (template.HTML, error) {
		mu.Lock()
		h, ok := parts[key]
		mu.Unlock()
		if ok {
			return h, nil
		}
		var b bytes.Buffer
		if err := t.ExecuteTemplate(&b, name, p); err != nil {
			return "", err
		}
		h = template.HTML(b.String())
		mu.Lock()
		parts[key] = h
		mu.Unlock()
		return h, nil
	}
	errs := make([]error, len(jobs))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(jobs)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var b bytes.Buffer
			for {
				i := int(next.Add(1) - 1)
				if i >= len(jobs) || ctx.Err() != nil {
					return
				}
				j := jobs[i]
				p := j.page()
				p.static, p.downloads, p.memo = true, downloads, m
				b.Reset()
				t, err := s.pages[j.tmpl].template()
				if err == nil {
					key := fmt.Sprintf("header\x00%s\x00%d\x00%d\x00%s\x00%t", p.Tournament, p.Round, p.Rounds, p.Nav, p.HasPrizes)
					p.Header, err = part(t, "header", key, p)
				}
				if err == nil && len(downloads) > 0 {
					p.Footer, err = part(t, "downloads", "downloads", p)
				}
				if err == nil {
					err = t.ExecuteTemplate(&b, "layout.html", p)
				}
				if err != nil {
					errs[i] = fmt.Errorf("web: page %s: %w", j.name, err)
					continue
				}
				emit(i, SiteFile{Name: j.name, Body: bytes.Clone(b.Bytes())})
			}
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	if err := errors.Join(errs...); err != nil {
		return 0, err
	}
	n := len(jobs)
	for _, name := range []string{"app.css", "app.js"} {
		b, err := fs.ReadFile(assets, "assets/static/"+name)
		if err != nil {
			return 0, err
		}
		emit(n, SiteFile{Name: "static/" + name, Body: b})
		n++
	}
	return n, nil
}
