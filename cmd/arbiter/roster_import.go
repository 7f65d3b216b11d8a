package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/roster"
	utext "github.com/labyrinth-chess/arbiter/text"
	"github.com/spf13/cobra"
)

type rosterImportOptions struct {
	encoding string
	columns  string
	file     string
	new      bool
	json     bool
}

func newRosterImportCmd(a *app) *cobra.Command {
	opts := &rosterImportOptions{}
	cmd := &cobra.Command{
		Use:   "import <file>",
		Short: "Load the club's list of players into the roster",
		Long: `Load a list of players into the club roster without entering anyone in a
tournament: on the evening, player add NAME then finds them. The kind of list
is found from its content:

  - a spreadsheet, CSV (separated by commas, semicolons or tabs) or XLSX,
    whose first row names the columns, in English or Italian: name (or
    surname and first name), rating (FIDE), club, federation, fide id,
    birth year or date, sex, title, and the national identity: ID FSI,
    Elo Italia, category (NC, 3N, 2N, 1N, CM, M, ...), province;
  - the Italian federation's columns (ID;COGNOME NOME;CAT;ELO;...): ID is
    the ID FSI and ELO the Elo Italia;
  - FIDE's rating list, TXT or XML, standard, rapid or blitz (the file's
    name says which, as FIDE names them);
  - Vega's players archive (NAME;COUNTRY;BIRTHDAY;GENDER;TITLE;IDFIDE;...).

Names in capitals become "Surname, Given name", with the accents restored
(NICCOLO' is Niccolò). An FSI category is never taken for a FIDE title: CM in
a Titolo or CAT column is the Candidato Maestro. Text files are read in
UTF-8, UTF-16 or Windows-1252 (--encoding forces one). --columns names the
fields of columns arbiter does not know, as HEADER=FIELD pairs (or column
numbers): name, surname, first_name, rating, rapid_rating, blitz_rating, k,
club, federation, fide_id, birth, birth_date, sex, title, national_id,
national_rating, national_k, category, province.

A player already in the roster (same FIDE ID or national ID, or same name
however written) is updated with the details the file gives, and the name
with a better spelling of it; the changes are logged. A name
that only looks like a roster player's is refused, unless --new says it is
someone else. If any row is wrong nothing is imported, and the error names
the line.`,
		Example: `  $ arbiter roster import soci.csv
  $ arbiter roster import club.xlsx --json
  $ arbiter roster import vega_players.txt
  $ arbiter roster import elo_italia.csv --columns "Tessera=national_id"`,
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: fileArg("csv", "xlsx", "txt", "tsv", "xml"),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.file = args[0]
			return runRosterImport(cmd.Context(), a, opts)
		},
	}
	cmd.Flags().BoolVar(&opts.new, "new", false, "add names that look like roster players as new players")
	cmd.Flags().BoolVar(&opts.json, "json", false, "print the players as JSON")
	cmd.Flags().StringVar(&opts.encoding, "encoding", "", encodingHelp)
	cmd.Flags().StringVar(&opts.columns, "columns", "", columnsHelp)
	return cmd
}

// columnsHelp describes the --columns flag.
const columnsHelp = "name the fields of columns as `HEADER=FIELD,...` (a header or a column number)"

// parseColumns reads --columns: HEADER=FIELD pairs separated by commas.
func (a *app) parseColumns(v string) (map[string]string, error) {
	if strings.TrimSpace(v) == "" {
		return nil, nil
	}
	out := map[string]string{}
	for _, pair := range strings.Split(v, ",") {
		h, f, ok := strings.Cut(pair, "=")
		if !ok || strings.TrimSpace(h) == "" || strings.TrimSpace(f) == "" {
			return nil, usageErrorf("%s", a.tr().T("cli.columns.bad", "Value", v))
		}
		out[strings.TrimSpace(h)] = strings.TrimSpace(f)
	}
	return out, nil
}

// formatWords names a kind of list in the organizer's language.
func (a *app) formatWords(f roster.Format) string {
	key := map[roster.Format]string{roster.CSV: "cli.format.csv", roster.XLSX: "cli.format.xlsx", roster.FIDEText: "cli.format.fidetxt",
		roster.FIDEXML: "cli.format.fidexml", roster.Vega: "cli.format.vega"}[f]
	return a.tr().T(key)
}

func runRosterImport(ctx context.Context, a *app, opts *rosterImportOptions) error {
	columns, err := a.parseColumns(opts.columns)
	if err != nil {
		return err
	}
	rows, err := a.readPlayerList(opts.file, opts.encoding, columns)
	if err != nil {
		return err
	}
	return a.withDesk(ctx, desk.Create, func(db *desk.Desk) error {
		got, err := db.ImportRoster(ctx, filepath.Base(opts.file), rows, desk.AddOptions{New: opts.new})
		var ie *desk.Error
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
func (a *app) readPlayerList(file, encoding string, columns map[string]string) ([]desk.ImportRow, error) {
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
	var list *roster.File
	if ext := strings.ToLower(filepath.Ext(file)); ext == ".xlsx" || ext == ".xlsm" {
		list, err = roster.ReadXLSX(f) // a workbook by its name must be one
	} else {
		list, err = roster.Read(f, roster.Options{Encoding: enc, Pace: roster.PaceOfName(file), Columns: columns, Year: time.Now().Year()})
	}
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
	if list.Format != roster.CSV && list.Format != roster.XLSX {
		a.note(a.tr().T("cli.roster_import.format", "File", filepath.Base(file), "Format", a.formatWords(list.Format)))
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
