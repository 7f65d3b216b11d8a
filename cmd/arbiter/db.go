package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	utext "github.com/labyrinth-chess/arbiter/text"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/labyrinth-chess/arbiter/phrase"
	"github.com/spf13/cobra"
)

// databasePath returns where the database is: --db, else $ARBITER_DB,
// else arbiter.db in the working directory.
func (a *app) databasePath() string {
	if a.dbPath != "" {
		return a.dbPath
	}
	if p := a.getenv("ARBITER_DB"); p != "" {
		return p
	}
	return "arbiter.db"
}

// actor names who runs the command, for the event log: $ARBITER_USER,
// else the login name.
func (a *app) actor() string {
	for _, k := range []string{"ARBITER_USER", "USER", "USERNAME", "LOGNAME"} {
		if v := a.getenv(k); v != "" {
			return v
		}
	}
	return "unknown"
}

// openDesk opens the database as mode says. Only the commands that start
// a tournament or load the roster (mode desk.Create) make it, in a new
// file or an empty one; the others refuse a missing or empty file, so
// that a mistyped --db does not leave a database behind. Commands that
// only read open it read-only, so that they work on a write-protected
// stick. A file that is not an arbiter database is refused and left as
// it is.
func (a *app) openDesk(ctx context.Context, mode desk.Mode) (*desk.Desk, error) {
	path := a.databasePath()
	if err := a.checkPath(path, mode == desk.Create); err != nil {
		return nil, err
	}
	d, err := desk.Open(ctx, path, mode, a.now)
	switch {
	case errors.Is(err, desk.ErrForeign):
		return nil, err
	case errors.Is(err, desk.ErrNotDatabase):
		return nil, errors.New(a.tr().T("err.db.notarbiter", "Path", path))
	case errors.Is(err, desk.ErrNoDatabase):
		return nil, &wordedError{a.tr().T("err.db.holdsnothing", "Path", path), desk.ErrNoDatabase}
	}
	return d, err
}

// withDesk opens the database, runs fn and closes it.
func (a *app) withDesk(ctx context.Context, mode desk.Mode, fn func(d *desk.Desk) error) error {
	d, err := a.openDesk(ctx, mode)
	if err != nil {
		return err
	}
	defer d.Close()
	return fn(d)
}

// tournamentError words the desk's refusal to find the tournament as the
// command line says it.
func (a *app) tournamentError(err error) error {
	var de *desk.Error
	switch {
	case errors.Is(err, desk.ErrNoCurrent):
		return errors.New(a.tr().T("err.nocurrent"))
	case errors.As(err, &de) && de.Input == "tournament":
		return hint(err, "%s", a.tr().T("err.hint.tournamentlist"))
	}
	return err
}

// checkPath refuses a database path that is a folder, and, unless create,
// a missing or empty file.
func (a *app) checkPath(path string, create bool) error {
	fi, err := os.Stat(path)
	switch {
	case err == nil && fi.IsDir():
		return errors.New(a.tr().T("err.db.folder", "Path", path, "Example", filepath.Join(path, "arbiter.db")))
	case create || path == ":memory:":
	case errors.Is(err, os.ErrNotExist):
		return &wordedError{a.tr().T("err.db.missing", "Path", path), desk.ErrNoDatabase}
	case err == nil && fi.Size() == 0 && !hasJournal(path):
		return &wordedError{a.tr().T("err.db.empty", "Path", path), desk.ErrNoDatabase}
	}
	return nil
}

// hasJournal reports whether SQLite's write-ahead log beside the database
// at path holds anything: changes not yet copied into the file, which an
// empty file may then still receive.
func hasJournal(path string) bool {
	fi, err := os.Stat(path + "-wal")
	return err == nil && fi.Size() > 0
}

// resolveTournament returns the tournament named by --tournament, or the
// current one.
func (a *app) resolveTournament(ctx context.Context, d *desk.Desk) (arbiter.Tournament, error) {
	t, err := d.Tournament(ctx, a.tournamentRef())
	return t, a.tournamentError(err)
}

// snapshot reads the tournament the command works on.
func (a *app) snapshot(ctx context.Context, d *desk.Desk) (*desk.Snapshot, error) {
	s, err := d.Snapshot(ctx, a.tournamentRef())
	return s, a.tournamentError(err)
}

// hintError adds advice to an error, keeping it wrapped.
type hintError struct {
	err  error
	hint string
	text phrase.Text // the hint as a phrase of the catalogs, if it is one
}

func (e *hintError) Error() string { return e.err.Error() + "; " + e.hint }
func (e *hintError) Unwrap() error { return e.err }

// hint adds "; advice" to err, or returns nil for a nil err.
func hint(err error, format string, args ...any) error {
	if err == nil {
		return nil
	}
	return &hintError{err: err, hint: fmt.Sprintf(format, args...)}
}

// inEnglish words the phrases an error keeps in English; it is asked for
// when an error is worded, not when the program starts.
func inEnglish() *locale.Localizer { return locale.New(locale.English) }

// hintPhrase adds advice said by a phrase of the catalogs to err, which
// errWords words in the terminal's language; nil for a nil err.
func hintPhrase(err error, t phrase.Text) error {
	if err == nil {
		return nil
	}
	return &hintError{err: err, hint: inEnglish().Word(t), text: t}
}

// writeJSON writes v as indented JSON followed by a newline.
//
// Beyond what encoding/json escapes, DEL, the C1 controls and the bidi
// formatting characters are written as \u escapes (text.EscapeJSON), so
// the JSON is safe to show on a terminal.
func writeJSON(w io.Writer, v any) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return err
	}
	_, err := w.Write(utext.EscapeJSON(b.Bytes()))
	return err
}

// notef writes a notice to stderr: stdout carries only the answer.
func (a *app) notef(format string, args ...any) {
	fmt.Fprintf(a.stderr, format+"\n", args...)
}

// note writes a notice already worded (see tr) to stderr.
func (a *app) note(text string) {
	fmt.Fprintln(a.stderr, text)
}

// parseRound reads a round number argument or flag value; l words the
// refusal.
func parseRound(l *locale.Localizer, s string) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || n < 1 {
		return 0, errors.New(l.T("cli.db.round", "Round", strconv.Quote(s)))
	}
	return n, nil
}

// findHint is what to type instead of a player nobody is.
var findHint = phrase.New("err.hint.find")

// findEntry resolves a player argument in s, adding advice to the error.
func findEntry(s *desk.Snapshot, ref string) (arbiter.Entry, error) {
	e, err := s.Find(ref)
	if errors.Is(err, desk.ErrNotFound) {
		return e, hintPhrase(err, findHint)
	}
	if err != nil {
		return e, err
	}
	return e, nil
}

// completion helpers ---------------------------------------------------

// completeStore opens the database for shell completion without creating
// it; it returns nil when there is nothing to complete from.
func (a *app) completeStore(cmd *cobra.Command) *desk.Desk {
	db, err := a.openDesk(cmd.Context(), desk.ReadOnly)
	if err != nil {
		return nil
	}
	return db
}

// completeSnapshot reads the current tournament for shell completion; it
// returns nil when there is nothing to complete from.
func (a *app) completeSnapshot(cmd *cobra.Command) *desk.Snapshot {
	db := a.completeStore(cmd)
	if db == nil {
		return nil
	}
	defer db.Close()
	s, err := a.snapshot(cmd.Context(), db)
	if err != nil {
		return nil
	}
	return s
}

// completeRound returns the round whose boards complete an argument: the
// one given with --round, else the last round paired; nil if none is.
func completeRound(cmd *cobra.Command, s *desk.Snapshot) *arbiter.Round {
	if s == nil || len(s.Rounds) == 0 {
		return nil
	}
	n := len(s.Rounds)
	if r, err := cmd.Flags().GetInt("round"); err == nil && r >= 1 && r <= n {
		n = r
	}
	return &s.Rounds[n-1]
}

// completeTournaments completes tournament names.
func (a *app) completeTournaments(cmd *cobra.Command, _ []string, prefix string) ([]cobra.Completion, cobra.ShellCompDirective) {
	db := a.completeStore(cmd)
	if db == nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	defer db.Close()
	list, err := db.Tournaments(cmd.Context())
	if err != nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	var out []cobra.Completion
	for _, t := range list {
		if strings.HasPrefix(strings.ToLower(t.Name), strings.ToLower(prefix)) {
			out = append(out, cobra.CompletionWithDesc(t.Name, fmt.Sprintf("%d players, %d of %d rounds paired", t.Players, t.Paired, t.Rounds)))
		}
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

// completePlayers completes pairing numbers, described by the name; a
// prefix that is not a number completes names.
func (a *app) completePlayers(cmd *cobra.Command, prefix string) ([]cobra.Completion, cobra.ShellCompDirective) {
	s := a.completeSnapshot(cmd)
	if s == nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	var out []cobra.Completion
	_, numeric := strconv.Atoi(prefix)
	for _, e := range s.Entries {
		pn := strconv.Itoa(e.PN)
		switch {
		case prefix == "" || (numeric == nil && strings.HasPrefix(pn, prefix)):
			out = append(out, cobra.CompletionWithDesc(pn, e.Player.Name))
		case numeric != nil && strings.HasPrefix(arbiter.FoldName(e.Player.Name), arbiter.FoldName(prefix)):
			out = append(out, cobra.CompletionWithDesc(e.Player.Name, "player "+pn))
		}
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

// completePlayerArg completes the first argument with players.
func (a *app) completePlayerArg(cmd *cobra.Command, args []string, prefix string) ([]cobra.Completion, cobra.ShellCompDirective) {
	if len(args) > 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	return a.completePlayers(cmd, prefix)
}

// completeRounds completes the numbers of the paired rounds.
func (a *app) completeRounds(cmd *cobra.Command, _ []string, _ string) ([]cobra.Completion, cobra.ShellCompDirective) {
	s := a.completeSnapshot(cmd)
	if s == nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	var out []cobra.Completion
	for _, r := range s.Rounds {
		out = append(out, cobra.CompletionWithDesc(strconv.Itoa(r.Number), fmt.Sprintf("%d boards", len(r.Boards))))
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}
