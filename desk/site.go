package desk

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/labyrinth-chess/arbiter/reports"
	"github.com/labyrinth-chess/arbiter/rules"
)

// ErrNothingPublished: no round of the tournament is published, so it
// has no public site to write (ErrConflict).
var ErrNothingPublished = errors.New("no round is published")

// SiteDoc is a document of a tournament's public site besides its pages.
type SiteDoc struct {
	Name  string // the file's name: "standings.pdf", "pairings-3.pdf", "games.pgn"
	Kind  string // what it is, as the pages' links say: "standings-pdf", "crosstable-pdf", "pairings-pdf", "pgn"
	Round int    // the round a PDF is of (the standings after it); 0 for the PGN, of every round published
	Body  []byte // once drawn (DrawSite)
}

// SitePlan is what the public site of a tournament offers besides its
// pages, as the published rounds have it.
type SitePlan struct {
	Snapshot  *Snapshot
	Published int // rounds 1 to Published are published
	Docs      []SiteDoc
}

// PlanSite returns the documents the public site of tournament tid
// offers: the standings and the crosstable after the last round
// published, the pairings of each round published (PDF) and their games
// (PGN); nothing beyond the rounds published. A tournament with no round
// published has no site (ErrNothingPublished).
func (d *Desk) PlanSite(ctx context.Context, tid int64) (SitePlan, error) {
	s, err := d.Snapshot(ctx, strconv.FormatInt(tid, 10))
	if err != nil {
		return SitePlan{}, err
	}
	published, _, err := d.db.Published(ctx, tid)
	if err != nil {
		return SitePlan{}, err
	}
	if published == 0 {
		return SitePlan{Snapshot: s}, &Error{Kind: ErrConflict, Input: "tournament", Err: ErrNothingPublished,
			Msg: fmt.Sprintf("no round of %s is published yet", s.Tournament.Name), Fix: "publish a round"}
	}
	docs := []SiteDoc{{Name: "standings.pdf", Kind: "standings-pdf", Round: published}, {Name: "crosstable.pdf", Kind: "crosstable-pdf", Round: published}}
	for n := 1; n <= published; n++ {
		docs = append(docs, SiteDoc{Name: "pairings-" + strconv.Itoa(n) + ".pdf", Kind: "pairings-pdf", Round: n})
	}
	docs = append(docs, SiteDoc{Name: "games.pgn", Kind: "pgn"})
	return SitePlan{Snapshot: s, Published: published, Docs: docs}, nil
}

// DrawSite draws the documents of p, filling in the Body of each of
// p.Docs: the PDFs in lang, as many at a time as there are cores,
// sharing their compressors, and the PGN with English letters whatever
// the language, as the format has it. warn hears, once all are drawn and
// in the order of the documents, of the characters the PDF fonts lack.
func (d *Desk) DrawSite(ctx context.Context, p SitePlan, lang locale.Lang, warn func(doc string, r reports.Replaced)) error {
	errs := make([]error, len(p.Docs))
	lacking := make([][]reports.Replaced, len(p.Docs))
	type pdfJob struct {
		i     int
		write func(io.Writer, *reports.Event) error
	}
	var jobs []pdfJob
	pgn := -1
	for i := range p.Docs {
		doc := &p.Docs[i]
		switch doc.Kind {
		case "standings-pdf":
			jobs = append(jobs, pdfJob{i, reports.WriteStandings})
		case "crosstable-pdf":
			jobs = append(jobs, pdfJob{i, reports.WriteCrosstable})
		case "pairings-pdf":
			n := doc.Round
			jobs = append(jobs, pdfJob{i, func(w io.Writer, ev *reports.Event) error { return reports.WritePairings(w, ev, n) }})
		case "pgn":
			pgn = i
		default:
			errs[i] = fmt.Errorf("unknown document %q of the site", doc.Kind)
		}
	}
	var (
		zip  reports.Compressors
		next atomic.Int64
		wg   sync.WaitGroup
	)
	for range min(runtime.GOMAXPROCS(0), len(jobs)) {
		wg.Go(func() {
			for {
				k := int(next.Add(1) - 1)
				if k >= len(jobs) {
					return
				}
				i := jobs[k].i
				doc := &p.Docs[i]
				rev, err := ReportEvent(p.Snapshot, doc.Round)
				if err != nil {
					errs[i] = err
					continue
				}
				rev.Locale = locale.New(lang)
				rev.Warn = func(r reports.Replaced) { lacking[i] = append(lacking[i], r) }
				rev.Zip = &zip
				var b bytes.Buffer
				if errs[i] = jobs[k].write(&b, rev); errs[i] == nil {
					doc.Body = b.Bytes()
				}
			}
		})
	}
	if pgn >= 0 {
		var b bytes.Buffer
		if _, _, err := d.ExportPGN(ctx, p.Snapshot, 1, p.Published, rules.English, &b); err != nil {
			errs[pgn] = err
		}
		p.Docs[pgn].Body = b.Bytes()
	}
	wg.Wait()
	if warn != nil {
		for i, rs := range lacking {
			for _, r := range rs {
				warn(p.Docs[i].Name, r)
			}
		}
	}
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
