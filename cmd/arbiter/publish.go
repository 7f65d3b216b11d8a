package main

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/reports"
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
	return dir, len(files), a.writeFiles(dir, files)
}

// writeFiles writes files into the folder dir under the overwrite policy
// of writeOutput, each whole or not at all, at the cost of a write per
// file: the leftovers of killed commands are cleaned once per folder,
// every file is written under a temporary name, the disk is synced once,
// and only then is each renamed over its target. A failure before the
// renames leaves every file as it was.
func (a *app) writeFiles(dir string, files []web.SiteFile) error {
	type written struct{ tmp, target, path string }
	var temps []written
	renamed := 0
	defer func() {
		for _, w := range temps[renamed:] {
			os.Remove(w.tmp)
		}
	}()
	cleaned := map[string]bool{}
	for _, f := range files {
		path := filepath.Join(dir, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return writeError(path, err)
		}
		t, err := a.resolveOutput(path, a.force)
		if err != nil {
			return err
		}
		if t.direct {
			if err := writeDirect(t, f.Body); err != nil {
				return err
			}
			continue
		}
		if folder := filepath.Dir(t.target); !cleaned[folder] {
			desk.CleanTemp(folder)
			cleaned[folder] = true
		}
		tmp, err := desk.CreateTempCleaned(t.target)
		if err != nil {
			return writeErrorIn(a.tr(), path, err)
		}
		temps = append(temps, written{tmp: tmp.Name(), target: t.target, path: path})
		// Readable by all, as writeOutput makes a report; a file
		// replaced keeps its permissions.
		mode := fs.FileMode(0o644)
		if t.exists {
			mode = t.mode
		}
		_, err = tmp.Write(f.Body)
		if err == nil {
			if err = tmp.Chmod(mode); errors.Is(err, errors.ErrUnsupported) {
				err = nil
			}
		}
		if cerr := tmp.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return writeErrorIn(a.tr(), path, err)
		}
	}
	names := make([]string, len(temps))
	for i, w := range temps {
		names[i] = w.tmp
	}
	if err := desk.SyncFiles(names); err != nil {
		return writeErrorIn(a.tr(), dir, err)
	}
	for _, w := range temps {
		if err := os.Rename(w.tmp, w.target); err != nil {
			return writeErrorIn(a.tr(), w.path, err)
		}
		renamed++
	}
	return nil
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

// siteFiles draws the site of tournament tid: the pages through the web
// server's own templates and data (web.Server.Site), the documents the
// desk plans for the rounds published (desk.PlanSite) through its writers.
func siteFiles(ctx context.Context, a *app, d *desk.Desk, tid int64) ([]web.SiteFile, error) {
	plan, err := d.PlanSite(ctx, tid)
	if errors.Is(err, desk.ErrNothingPublished) {
		return nil, errors.New(a.tr().T("cli.publish.none", "Name", plan.Snapshot.Tournament.Name))
	}
	if err != nil {
		return nil, err
	}
	srv, err := web.New(web.Config{Evening: d.Evening(plan.Snapshot.Tournament.ID, 0), Now: a.now, Log: a.stderr})
	if err != nil {
		return nil, err
	}
	lang, err := srv.SiteLang(ctx)
	if err != nil {
		return nil, err
	}
	// The documents are drawn while the pages are. What the pages link
	// to is known before either.
	var downloads []web.Download
	for _, doc := range plan.Docs {
		downloads = append(downloads, web.Download{File: doc.Name, Label: srv.DownloadLabel(lang, doc.Kind, doc.Round)})
	}
	tr := a.tr()
	var notes []string
	drawn := make(chan error, 1)
	go func() {
		drawn <- d.DrawSite(ctx, plan, lang, func(doc string, rep reports.Replaced) {
			notes = append(notes, doc+": "+replacedText(tr, rep)+".")
		})
	}()
	pages, err := srv.Site(ctx, downloads)
	drawErr := <-drawn
	for _, n := range notes {
		a.note(n)
	}
	if err != nil {
		return nil, err
	}
	if drawErr != nil {
		return nil, drawErr
	}
	for _, doc := range plan.Docs {
		pages = append(pages, web.SiteFile{Name: doc.Name, Body: doc.Body})
	}
	return pages, nil
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
