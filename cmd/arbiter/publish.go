package main

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/labyrinth-chess/arbiter/reports"
	"github.com/labyrinth-chess/arbiter/rules"
	"github.com/labyrinth-chess/arbiter/web"
	"github.com/spf13/cobra"
)

type publishOptions struct {
	html string
	zip  bool
}

func newPublishCmd(a *app) *cobra.Command {
	opts := &publishOptions{}
	cmd := &cobra.Command{
		Use:   "publish --html <dir>",
		Short: "Write the public pages of the evening as a static site",
		Long: `Write what arbiter serve shows its visitors as a folder of plain files, for
the club's website or a USB stick: the boards of every published round, the
standings, the crosstable, a page per player with their tie-breaks
explained, "find my board", and beside them the standings, the crosstable
and each round's pairings as PDF and the games as PGN. Links are relative:
the pages open from the folder with no server. They are in the tournament's
language (tournament set --lang).

Only published rounds are shown, as on the server; board codes and PINs
never are. Each file is replaced whole or not at all. With --zip, DIR is
the archive to write (one .zip holding the same files).`,
		Example: `  $ arbiter publish --html site
  $ arbiter publish --html labyrinth.zip --zip`,
		Args:              cobra.NoArgs,
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if opts.html == "" {
				return usageErrorf("%s", a.tr().T("cli.publish.where"))
			}
			return runPublish(cmd.Context(), a, opts)
		},
	}
	cmd.Flags().StringVar(&opts.html, "html", "", "write the site into the folder `DIR` (the archive, with --zip)")
	cmd.Flags().BoolVar(&opts.zip, "zip", false, "write one .zip archive instead of a folder")
	cmd.Flags().BoolVar(&a.force, "force", false, "replace read-only files")
	return cmd
}

func runPublish(ctx context.Context, a *app, opts *publishOptions) error {
	return a.withDesk(ctx, desk.ReadOnly, func(d *desk.Desk) error {
		s, err := a.snapshot(ctx, d)
		if err != nil {
			return err
		}
		path, n, err := writeSite(ctx, a, d, s.Tournament.ID, opts.html, opts.zip)
		if err != nil {
			return err
		}
		if opts.zip {
			a.note(a.tr().T("cli.publish.zip", "Path", path, "Files", n))
		} else {
			a.note(a.tr().T("cli.publish.done", "Path", path, "Files", n))
		}
		return nil
	})
}

// writeSite writes the site of tournament tid into the folder dir, or
// with zip as the archive dir (".zip" added when missing), each file
// whole or not at all under the overwrite policy. It returns the path
// written and how many files the site has. arbiter publish and the
// organizer's page of arbiter serve both write the site with it.
func writeSite(ctx context.Context, a *app, d *desk.Desk, tid int64, dir string, zip bool) (string, int, error) {
	files, err := siteFiles(ctx, a, d, tid)
	if err != nil {
		return "", 0, err
	}
	if zip {
		path, err := zipName(a, dir)
		if err != nil {
			return "", 0, err
		}
		data, err := zipSite(files)
		if err != nil {
			return "", 0, err
		}
		return path, len(files), a.writeOutput(path, data)
	}
	if fi, err := os.Stat(dir); err == nil && !fi.IsDir() {
		return "", 0, usageErrorf("%s", a.tr().T("cli.publish.not-dir", "Path", dir))
	}
	for _, f := range files {
		path := filepath.Join(dir, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return "", 0, writeError(path, err)
		}
		if err := a.writeOutput(path, f.Body); err != nil {
			return "", 0, err
		}
	}
	return dir, len(files), nil
}

// zipName returns the file the archive --html dir --zip is written to:
// dir with ".zip" added when missing. A folder ("." or "site/") is not an
// archive's name and is refused, naming one inside it; a device or a
// pipe that is there (/dev/stdout) is written as it is, never beside it.
func zipName(a *app, dir string) (string, error) {
	fi, err := os.Stat(dir)
	switch base := filepath.Base(dir); {
	case err == nil && fi.IsDir(), base == "." || base == ".." || strings.HasSuffix(dir, "/") || strings.HasSuffix(dir, string(filepath.Separator)):
		return "", usageErrorf("%s", a.tr().T("cli.publish.zip-dir", "Path", dir, "Example", filepath.Join(dir, "site.zip")))
	case err == nil && !fi.Mode().IsRegular():
		return dir, nil
	case strings.HasSuffix(strings.ToLower(dir), ".zip"):
		return dir, nil
	}
	return dir + ".zip", nil
}

// siteFiles draws the site of the current tournament: the pages through
// the web server's own templates and data (web.Server.Site), the PDFs
// through the print command's writers, the PGN through export pgn's.
func siteFiles(ctx context.Context, a *app, d *desk.Desk, tid int64) ([]web.SiteFile, error) {
	s, err := d.Snapshot(ctx, strconv.FormatInt(tid, 10))
	if err != nil {
		return nil, err
	}
	ev := d.Evening(s.Tournament.ID, 0)
	published, _, err := ev.Published(ctx)
	if err != nil {
		return nil, err
	}
	if published == 0 {
		return nil, errors.New(a.tr().T("cli.publish.none", "Name", s.Tournament.Name))
	}
	srv, err := web.New(web.Config{Evening: ev, Now: a.now, Log: a.stderr})
	if err != nil {
		return nil, err
	}
	lang, err := srv.SiteLang(ctx)
	if err != nil {
		return nil, err
	}
	var extra []web.SiteFile
	var downloads []web.Download
	pdf := func(name, kind string, n int, write func(io.Writer, *reports.Event) error) error {
		rev, err := desk.ReportEvent(s, n)
		if err != nil {
			return err
		}
		rev.Locale = locale.New(lang)
		rev.Warn = func(rep reports.Replaced) { a.note(name + ": " + replacedText(a.tr(), rep) + ".") }
		var b bytes.Buffer
		if err := write(&b, rev); err != nil {
			return err
		}
		extra = append(extra, web.SiteFile{Name: name, Body: b.Bytes()})
		downloads = append(downloads, web.Download{File: name, Label: srv.DownloadLabel(lang, kind, n)})
		return nil
	}
	if err := pdf("standings.pdf", "standings-pdf", published, reports.WriteStandings); err != nil {
		return nil, err
	}
	if err := pdf("crosstable.pdf", "crosstable-pdf", published, reports.WriteCrosstable); err != nil {
		return nil, err
	}
	for n := 1; n <= published; n++ {
		write := func(w io.Writer, ev *reports.Event) error { return reports.WritePairings(w, ev, n) }
		if err := pdf("pairings-"+strconv.Itoa(n)+".pdf", "pairings-pdf", n, write); err != nil {
			return nil, err
		}
	}
	// PGN is written with English letters whatever the language: that
	// is the format (export pgn's default).
	var pgn bytes.Buffer
	if _, _, err := d.ExportPGN(ctx, s, 1, published, rules.English, &pgn); err != nil {
		return nil, err
	}
	extra = append(extra, web.SiteFile{Name: "games.pgn", Body: pgn.Bytes()})
	downloads = append(downloads, web.Download{File: "games.pgn", Label: srv.DownloadLabel(lang, "pgn", 0)})
	pages, err := srv.Site(ctx, downloads)
	if err != nil {
		return nil, err
	}
	return append(pages, extra...), nil
}

// zipSite writes the files as one archive, the same bytes for the same
// tournament (every file dated 1 January 1980, the earliest date zip
// knows).
func zipSite(files []web.SiteFile) ([]byte, error) {
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for _, f := range files {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: f.Name, Method: zip.Deflate,
			Modified: time.Date(1980, 1, 1, 0, 0, 0, 0, time.UTC)})
		if err != nil {
			return nil, err
		}
		if _, err := w.Write(f.Body); err != nil {
			return nil, err
		}
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
