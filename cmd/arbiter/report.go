package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/labyrinth-chess/arbiter/reports"
	"github.com/spf13/cobra"
)

// What the files written by export and print share: which round they
// show, the reports.Event they are drawn from, and how they reach the
// disk.

// report is one file drawn from the tournament.
type report struct {
	path  string                                            // where to write it, "-" for standard output
	lang  locale.Lang                                       // language of its words; "" for the tournament's
	round func(s *desk.Snapshot) (int, error)               // the round it shows, or why there is none
	write func(w io.Writer, ev *reports.Event, n int) error // draws the file of round n
	// size says how big the written file is for the notice: a count and
	// its unit ("page", "sheet").
	size func(data []byte, n int) (int, string)
	// codes adds the board codes of a published round (QR code) to the
	// event, for the result slips.
	codes bool
	// cards adds each player's own PIN to the event, making those not
	// made yet (a write), for the PIN cards.
	cards bool
	// prizes adds the prize list of the standings to the event.
	prizes bool
	// ratings says whether the event carries each player's FIDE rating
	// change (reports.Event.Ratings).
	ratings desk.RatingShow
}

// writeReport draws r from the current tournament and writes it. Nothing
// is written unless the whole file is drawn; stderr says what was written.
func (a *app) writeReport(ctx context.Context, r report) error {
	if err := a.checkOutput(r.path); err != nil {
		return err
	}
	var buf bytes.Buffer
	n := 0
	mode := desk.ReadOnly
	if r.cards {
		mode = desk.ReadWrite
	}
	err := a.withDesk(ctx, mode, func(db *desk.Desk) error {
		s, err := a.snapshot(ctx, db)
		if err != nil {
			return err
		}
		if len(s.Entries) == 0 {
			return errors.New(a.tr().T("err.report.noplayers", "Name", s.Tournament.Name))
		}
		if n, err = r.round(s); err != nil {
			return err
		}
		var base string
		if r.codes || r.cards {
			base = slipBase(arbiter.WebSettings{})
		}
		ev, err := db.Sheet(ctx, s, n, desk.SheetParts{Codes: r.codes, Cards: r.cards, Prizes: r.prizes, Ratings: r.ratings, Base: base})
		if err != nil {
			return chainError(a.tr(), err)
		}
		lang := r.lang
		if lang == "" {
			lang = locale.Lang(s.Tournament.Language)
		}
		ev.Locale = locale.New(lang)
		ev.Warn = func(rep reports.Replaced) { a.note(r.path + ": " + replacedText(a.tr(), rep) + ".") }
		return r.write(&buf, ev, n)
	})
	if err != nil {
		return err
	}
	if err := a.writeOutput(r.path, buf.Bytes()); err != nil {
		return err
	}
	count, unit := r.size(buf.Bytes(), n)
	l := a.tr()
	what := r.path
	if r.path == "-" {
		what = l.T("cli.stdout")
	}
	a.note(l.T("cli.wrote", "What", what, "Size", l.N("cli.size."+unit, count)))
	return nil
}

// showRatings returns whether a report shows the rating change: as the
// flag --rating-change says when it is given (set), else as the
// tournament's option rating-change says.
func showRatings(set, flag bool) desk.RatingShow {
	switch {
	case !set:
		return desk.RatingsByOption
	case flag:
		return desk.RatingsShown
	}
	return desk.RatingsHidden
}

// completeRounds returns how many rounds, from round 1 on, have every
// result in.
func completeRounds(s *desk.Snapshot) int { return desk.CompleteRounds(s) }

// roundChoice is a --round flag: the round asked for, and whether it was
// given at all.
type roundChoice struct {
	n   int
	set bool
}

// afterRound returns the round a document "after round N" shows: the
// round asked for, which must be paired, or else the last round with every
// result in. Stderr says when a round still in play is left out, or when
// the round asked for is in play: its open games count as not played yet.
// what names the document in errors, "the standings", and whatID in
// notices, a message of the catalog ("cli.what.standings"). Before any round has all its
// results, only a document that has something to show before round 1
// (before1: the workbook's list of players) is made; the others are
// refused with what to type instead.
func (a *app) afterRound(s *desk.Snapshot, r roundChoice, what, whatID string, before1 bool) (int, error) {
	if r.set {
		if r.n < 1 {
			return 0, errors.New(a.tr().T("err.round", "Round", r.n, "Example", 3))
		}
		if err := checkPaired(a.tr(), s, r.n); err != nil {
			return 0, err
		}
		if open := desk.OpenBoards(s, r.n); open > 0 {
			a.note(a.tr().T("cli.report.openasked", "Round", r.n, "Open", a.tr().N("cli.boards", open)))
		}
		return r.n, nil
	}
	n := completeRounds(s)
	switch {
	case n == 0 && !before1 && len(s.Rounds) == 0:
		return 0, errors.New(a.tr().T("err.report.nopaired", "Name", s.Tournament.Name, "What", a.tr().T(whatID)))
	case n == 0 && !before1:
		return 0, errors.New(a.tr().T("err.report.inplay", "What", a.tr().T(whatID)))
	case n < len(s.Rounds):
		l := a.tr()
		when := l.T("cli.report.before1")
		if n > 0 {
			when = l.T("cli.report.after", "Round", n)
		}
		a.note(l.T("cli.report.showing", "Round", n+1, "What", l.T(whatID), "When", when))
	}
	return n, nil
}

// pairedRound returns the round a pairing sheet or the slips show: the
// round asked for, or else the last round paired.
func pairedRound(l *locale.Localizer, s *desk.Snapshot, r roundChoice) (int, error) {
	if r.set {
		if r.n < 1 {
			return 0, errors.New(l.T("err.round", "Round", r.n, "Example", 3))
		}
		return r.n, checkPaired(l, s, r.n)
	}
	if len(s.Rounds) == 0 {
		return 0, errors.New(l.T("cli.game_submit.nopaired", "Name", s.Tournament.Name))
	}
	return len(s.Rounds), nil
}

// checkOutput refuses, before any work is done, an output path that
// cannot or must not be written (see resolveOutput). "-" is standard
// output.
func (a *app) checkOutput(path string) error {
	if path == "-" {
		return nil
	}
	_, err := a.resolveOutput(path, a.force)
	return err
}

// writeOutput writes data to the file at path, or to standard output for
// "-", under the overwrite policy. A file is written whole or not at all:
// the data goes to a temporary file in the folder of the link's target,
// which then takes the place of the target, so that a crash or a full
// disk never leaves half a file under that name. A pipe or a device is
// written directly.
func (a *app) writeOutput(path string, data []byte) error {
	if path == "-" {
		out := a.stdout
		if a.rawOut != nil {
			if f, ok := a.stdout.(interface{ Flush() error }); ok {
				if err := f.Flush(); err != nil {
					return fmt.Errorf("%s: %w", a.tr().T("cli.report.stdout"), err)
				}
			}
			out = a.rawOut
		}
		if _, err := out.Write(data); err != nil {
			return fmt.Errorf("%s: %w", a.tr().T("cli.report.stdout"), err)
		}
		return nil
	}
	t, err := a.resolveOutput(path, a.force)
	if err != nil {
		return err
	}
	if t.direct {
		return writeDirect(t, data)
	}
	target := t.target
	f, err := desk.CreateTemp(target)
	if err != nil {
		return writeErrorIn(a.tr(), path, err)
	}
	tmp := f.Name()
	done := false
	defer func() {
		if !done {
			f.Close()
			os.Remove(tmp)
		}
	}()
	if _, err := f.Write(data); err != nil {
		return writeErrorIn(a.tr(), path, err)
	}
	// A report is for sharing: readable by all, as a file made by hand
	// would be (CreateTemp makes it private to its owner); a file replaced
	// keeps its permissions.
	mode := fs.FileMode(0o644)
	if t.exists {
		mode = t.mode
	}
	if err := f.Chmod(mode); err != nil && !errors.Is(err, errors.ErrUnsupported) {
		return writeErrorIn(a.tr(), path, err)
	}
	if err := f.Sync(); err != nil {
		return writeErrorIn(a.tr(), path, err)
	}
	if err := f.Close(); err != nil {
		return writeErrorIn(a.tr(), path, err)
	}
	done = true
	if err := os.Rename(tmp, target); err != nil {
		os.Remove(tmp)
		return writeErrorIn(a.tr(), path, err)
	}
	return nil
}

// writeError says why path could not be written and what to do, in
// English; see writeErrorIn.
func writeError(path string, err error) error { return writeErrorIn(nil, path, err) }

// writeErrorIn says why path could not be written and what to do, in l's
// words.
func writeErrorIn(l *locale.Localizer, path string, err error) error {
	dir := filepath.Dir(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return errors.New(l.T("cli.report.nofolder", "Path", path, "Dir", dir))
	case errors.Is(err, fs.ErrPermission):
		return errors.New(l.T("cli.report.permission", "Path", path))
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		err = le.Err
	}
	return errors.New(l.T("cli.report.cannotwrite", "Path", path, "Err", err))
}

// pdfPages counts the pages of a PDF written by the reports package: each
// page object starts with a line "<</Type /Page".
func pdfPages(pdf []byte) int {
	return bytes.Count(pdf, []byte("<</Type /Page\n"))
}

// refuseUnknown makes the noun parent answer an unknown subcommand ("print
// standing", "export ods") with a usage error that names the choices, where
// cobra would show the help and exit 0, or trip over the subcommand's
// flags first. whatID is the message naming a subcommand, a sheet or a
// format, worded by a. The parent alone still shows its help.
func refuseUnknown(a *app, parent *cobra.Command, whatID string) {
	parent.Args = cobra.ArbitraryArgs
	parent.FParseErrWhitelist.UnknownFlags = true
	parent.RunE = func(cmd *cobra.Command, args []string) error {
		if len(args) == 0 {
			return cmd.Help()
		}
		var names []string
		for _, c := range cmd.Commands() {
			if c.IsAvailableCommand() {
				names = append(names, c.Name())
			}
		}
		l := a.tr()
		mean := ""
		if s := cmd.SuggestionsFor(args[0]); len(s) > 0 {
			mean = l.T("cli.report.mean", "Name", s[0])
		}
		return usageErrorf("%s", l.T(whatID, "Name", strconv.Quote(args[0]), "Mean", mean, "Cmd", cmd.Name(), "Names", "{"+strings.Join(names, "|")+"}"))
	}
}
