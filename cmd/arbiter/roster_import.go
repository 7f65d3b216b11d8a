package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/roster"
	utext "github.com/labyrinth-chess/arbiter/text"
	"github.com/spf13/cobra"
)

type rosterImportOptions struct {
	encoding string
	file     string
	new      bool
	json     bool
}

func newRosterImportCmd(a *app) *cobra.Command {
	opts := &rosterImportOptions{}
	cmd := &cobra.Command{
		Use:   "import <file.csv|file.xlsx>",
		Short: "Load the club's list of players into the roster",
		Long: `Load a list of players into the club roster without entering anyone in a
tournament: on the evening, player add NAME then finds them. The file is read
as player import reads it: the first row names the columns (name, or surname
and first name, rating, club, federation, fide id, birth year, sex, title, in
English or Italian), CSV separated by commas, semicolons or tabs, in UTF-8,
UTF-16 or Windows-1252 (--encoding forces one), or XLSX.

A player already in the roster (same FIDE ID, or same name however written)
is updated with the details the file gives; the changes are logged. A name
that only looks like a roster player's is refused, unless --new says it is
someone else. If any row is wrong nothing is imported, and the error names
the line.`,
		Example: `  $ arbiter roster import soci.csv
  $ arbiter roster import club.xlsx --json`,
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: fileArg("csv", "xlsx", "txt", "tsv"),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.file = args[0]
			return runRosterImport(cmd.Context(), a, opts)
		},
	}
	cmd.Flags().BoolVar(&opts.new, "new", false, "add names that look like roster players as new players")
	cmd.Flags().BoolVar(&opts.json, "json", false, "print the players as JSON")
	cmd.Flags().StringVar(&opts.encoding, "encoding", "", encodingHelp)
	return cmd
}

func runRosterImport(ctx context.Context, a *app, opts *rosterImportOptions) error {
	rows, err := a.readPlayerList(opts.file, opts.encoding)
	if err != nil {
		return err
	}
	return a.withDesk(ctx, desk.Create, func(db *desk.Desk) error {
		got, err := db.ImportRoster(ctx, filepath.Base(opts.file), rows, desk.AddOptions{New: opts.new})
		var ie *desk.InputError
		if err != nil && !errors.As(err, &ie) {
			// A fault of the disk or the database, not of the file.
			return err
		}
		if err != nil {
			msg := a.tr().T("cli.roster_import.correct")
			if errors.Is(err, desk.ErrLikelyDuplicate) {
				msg = a.tr().T("cli.roster_import.duplicate")
			}
			return hint(fmt.Errorf("%s: %w", opts.file, err), "%s", msg)
		}
		if opts.json {
			out := make([]rosterJSON, 0, len(got))
			for _, r := range got {
				p := r.Player
				out = append(out, desk.RosterViewOf(p))
			}
			return writeJSON(a.stdout, out)
		}
		fresh, updated := 0, 0
		for _, r := range got {
			switch {
			case r.New:
				fresh++
			case len(r.Changed) > 0:
				updated++
			}
		}
		a.note(a.tr().N("cli.roster_import.read", len(got), "File", filepath.Base(opts.file),
			"New", fresh, "Updated", updated, "Unchanged", len(got)-fresh-updated))
		return nil
	})
}

// encodingHelp describes the --encoding flag of the commands that read a
// user's text file.
const encodingHelp = "read the file as utf-8, windows-1252 or utf-16 (default: found from the file)"

// readPlayerList reads a CSV or XLSX list of players for player import
// and roster import. Its errors name the file and, for a bad row, the
// line.
func (a *app) readPlayerList(file, encoding string) ([]desk.ImportRow, error) {
	enc, err := utext.ParseEncoding(encoding)
	if err != nil {
		return nil, usageErrorf("%s", a.tr().T("cli.encoding.bad", "Value", encoding))
	}
	f, err := os.Open(file)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", a.tr().T("err.read", "Path", file), errors.Unwrap(err))
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && fi.IsDir() {
		return nil, errors.New(a.tr().T("cli.roster_import.folder", "Path", file))
	}
	list, err := roster.Read(file, f, enc)
	if err != nil {
		var pe *roster.ParseError
		if errors.As(err, &pe) {
			return nil, fmt.Errorf("%s: %w; %s", file, err, a.tr().T("cli.roster_import.correct"))
		}
		if ext := strings.ToLower(filepath.Ext(file)); ext == ".xlsx" || ext == ".xlsm" {
			return nil, hint(&fileError{file, err}, "%s", a.tr().T("cli.roster_import.resave"))
		}
		return nil, &fileError{file, err}
	}
	if len(list.Rows) == 0 {
		return nil, errors.New(a.tr().T("cli.roster_import.empty", "File", file))
	}
	if list.Encoding != utext.Auto && list.Encoding != utext.UTF8 {
		a.note(a.tr().T("cli.read.encoding", "File", filepath.Base(file), "Encoding", list.Encoding.String()))
	}
	if len(list.Ignored) > 0 {
		a.note(a.tr().T("cli.roster_import.ignored", "Columns", strings.Join(list.Ignored, ", ")))
	}
	rows := make([]desk.ImportRow, len(list.Rows))
	for i, r := range list.Rows {
		rows[i] = desk.ImportRow{Line: r.Line, Player: r.Player}
	}
	return rows, nil
}
