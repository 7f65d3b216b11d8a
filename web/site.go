package web

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"strconv"

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
// on each player's page), crosstable.html, find.html, player-PN.html for
// every player, and the style sheet and script under static/. Every page
// links to downloads.
func (s *Server) Site(ctx context.Context, downloads []Download) ([]SiteFile, error) {
	st, err := s.state(ctx)
	if err != nil {
		return nil, err
	}
	wd := s.langs[siteLang(st)]
	var out []SiteFile
	add := func(name, tmpl string, p page) error {
		p.static, p.downloads = true, downloads
		var b bytes.Buffer
		if err := s.pages[tmpl].ExecuteTemplate(&b, "layout.html", p); err != nil {
			return fmt.Errorf("web: page %s: %w", name, err)
		}
		out = append(out, SiteFile{Name: name, Body: b.Bytes()})
		return nil
	}
	if err := add("index.html", "home", s.homePage(wd, st, st.published)); err != nil {
		return nil, err
	}
	for n := 1; n <= st.published; n++ {
		p := s.homePage(wd, st, n)
		p.Nav = "round-" + strconv.Itoa(n)
		if err := add("round-"+strconv.Itoa(n)+".html", "home", p); err != nil {
			return nil, err
		}
	}
	if err := add("standings.html", "standings", s.standingsPage(wd, st)); err != nil {
		return nil, err
	}
	if err := add("crosstable.html", "crosstable", s.crosstablePage(wd, st)); err != nil {
		return nil, err
	}
	if err := add("find.html", "find", s.findPage(wd, st, "")); err != nil {
		return nil, err
	}
	for _, e := range st.snap.Entries {
		p := s.playerPage(wd, st, e.PN)
		if err := add("player-"+strconv.Itoa(e.PN)+".html", "player", p); err != nil {
			return nil, err
		}
	}
	for _, name := range []string{"app.css", "app.js"} {
		b, err := fs.ReadFile(assets, "assets/static/"+name)
		if err != nil {
			return nil, err
		}
		out = append(out, SiteFile{Name: "static/" + name, Body: b})
	}
	return out, nil
}
