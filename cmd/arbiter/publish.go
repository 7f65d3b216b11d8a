package main

import (
	"archive/zip"
	"bytes"
	"cmp"
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
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
		t, err := a.resolveTournament(ctx, d)
		if err != nil {
			return err
		}
		path, n, err := writeSite(ctx, a, d, t.ID, opts.html, opts.zip)
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
	if zip {
		files, err := siteFiles(ctx, a, d, tid)
		if err != nil {
			return "", 0, err
		}
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
	// Each file is written under a temporary name as soon as it is drawn,
	// while the others are drawn: one goroutine writes, in the order the
	// files come.
	w := a.newFolderWriter(dir)
	defer w.abort()
	type drawn struct {
		i int
		f web.SiteFile
	}
	files := make(chan drawn, 64)
	written := make(chan struct{})
	go func() {
		defer close(written)
		for f := range files {
			w.add(f.i, f.f)
		}
	}()
	n, err := drawSite(ctx, a, d, tid, func(i int, f web.SiteFile) { files <- drawn{i, f} })
	close(files)
	<-written
	if err != nil {
		return "", 0, err
	}
	return dir, n, w.finish()
}

// folderWriter writes the files of a site into a folder under the
// overwrite policy of writeOutput, each whole or not at all, at the cost
// of a write per file changed: a file already there as it would be
// written is left as it is (publishing again after a result changes the
// pages it shows, not the style sheet or the earlier rounds' sheets), the
// leftovers of killed commands are cleaned once per folder, every other
// file is written under a temporary name (add), the
// disk is synced once, and only then is each renamed over its target
// (finish). A failure before the renames leaves every file as it was,
// and is the failure of the first file in the site's order that fails,
// whatever the order the files were added in. One goroutine adds.
type folderWriter struct {
	a       *app
	dir     string
	cleaned map[string]bool // folders rid of leftovers
	made    map[string]bool // folders known to be there
	temps   []tempFile
	renamed int
	failed  int // the place of the first file that failed, -1 for none
	err     error
}

// tempFile is a file of the site written under a temporary name.
type tempFile struct {
	i                 int // its place in the site
	tmp, target, path string
}

func (a *app) newFolderWriter(dir string) *folderWriter {
	return &folderWriter{a: a, dir: dir, cleaned: map[string]bool{}, made: map[string]bool{}, failed: -1}
}

// add writes file f, the i-th of the site, under a temporary name; after
// a failure only the files before the one that failed are written, to
// find the first.
func (w *folderWriter) add(i int, f web.SiteFile) {
	if w.failed >= 0 && i > w.failed {
		return
	}
	if err := w.write(i, f); err != nil {
		w.failed, w.err = i, err
	}
}

func (w *folderWriter) write(i int, f web.SiteFile) error {
	a := w.a
	path := filepath.Join(w.dir, filepath.FromSlash(f.Name))
	if folder := filepath.Dir(path); !w.made[folder] {
		if err := os.MkdirAll(folder, 0o755); err != nil {
			return writeError(path, err)
		}
		w.made[folder] = true
	}
	t, err := a.resolveOutput(path, a.force)
	if err != nil {
		return err
	}
	if t.direct {
		return writeDirect(t, f.Body)
	}
	if t.exists && sameBytes(t.target, f.Body) {
		// Already as it would be written: left as it is, without a
		// new file made for it.
		return nil
	}
	if folder := filepath.Dir(t.target); !w.cleaned[folder] {
		desk.CleanTemp(folder)
		w.cleaned[folder] = true
	}
	tmp, err := desk.CreateTempCleaned(t.target)
	if err != nil {
		return writeErrorIn(a.tr(), path, err)
	}
	w.temps = append(w.temps, tempFile{i: i, tmp: tmp.Name(), target: t.target, path: path})
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
	return nil
}

// sameBytes reports whether the file at path holds exactly body.
func sameBytes(path string, body []byte) bool {
	fi, err := os.Stat(path)
	if err != nil || !fi.Mode().IsRegular() || fi.Size() != int64(len(body)) {
		return false
	}
	b, err := os.ReadFile(path)
	return err == nil && bytes.Equal(b, body)
}

// finish syncs the files written and renames each over its target, in
// the site's order; or returns the first failure of add.
func (w *folderWriter) finish() error {
	if w.err != nil {
		return w.err
	}
	slices.SortFunc(w.temps, func(x, y tempFile) int { return cmp.Compare(x.i, y.i) })
	names := make([]string, len(w.temps))
	for i, t := range w.temps {
		names[i] = t.tmp
	}
	if err := desk.SyncFiles(names); err != nil {
		return writeErrorIn(w.a.tr(), w.dir, err)
	}
	for _, t := range w.temps {
		if err := os.Rename(t.tmp, t.target); err != nil {
			return writeErrorIn(w.a.tr(), t.path, err)
		}
		w.renamed++
	}
	return nil
}

// abort removes the temporary files not renamed.
func (w *folderWriter) abort() {
	for _, t := range w.temps[w.renamed:] {
		os.Remove(t.tmp)
	}
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

// siteFiles draws the site of tournament tid (drawSite), its files in
// order.
func siteFiles(ctx context.Context, a *app, d *desk.Desk, tid int64) ([]web.SiteFile, error) {
	var (
		mu    sync.Mutex
		files []web.SiteFile
	)
	n, err := drawSite(ctx, a, d, tid, func(i int, f web.SiteFile) {
		mu.Lock()
		defer mu.Unlock()
		if i >= len(files) {
			files = append(files, make([]web.SiteFile, i+1-len(files))...)
		}
		files[i] = f
	})
	if err != nil {
		return nil, err
	}
	return files[:n], nil
}

// drawSite draws the site of tournament tid: the pages through the web
// server's own templates and data (web.Server.SiteEach), the documents
// the desk plans for the rounds published (desk.PlanSite) through its
// writers. It hands each file to emit as it is drawn, with its place in
// the site (the pages, then the documents), from several goroutines at
// once, and returns how many files the site has.
func drawSite(ctx context.Context, a *app, d *desk.Desk, tid int64, emit func(i int, f web.SiteFile)) (int, error) {
	plan, err := d.PlanSite(ctx, tid)
	if errors.Is(err, desk.ErrNothingPublished) {
		return 0, errors.New(a.tr().T("cli.publish.none", "Name", plan.Snapshot.Tournament.Name))
	}
	if err != nil {
		return 0, err
	}
	srv, err := web.New(web.Config{Evening: d.Evening(plan.Snapshot.Tournament.ID, 0), Now: a.now, Log: a.stderr})
	if err != nil {
		return 0, err
	}
	lang, err := srv.SiteLang(ctx)
	if err != nil {
		return 0, err
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
	n, err := srv.SiteEach(ctx, downloads, emit)
	drawErr := <-drawn
	for _, n := range notes {
		a.note(n)
	}
	if err != nil {
		return 0, err
	}
	if drawErr != nil {
		return 0, drawErr
	}
	for _, doc := range plan.Docs {
		emit(n, web.SiteFile{Name: doc.Name, Body: doc.Body})
		n++
	}
	return n, nil
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
