package main

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/spf13/cobra"
)

type playerImportOptions struct {
	encoding string
	file     string
	new      bool
	json     bool
}

func newPlayerImportCmd(a *app) *cobra.Command {
	opts := &playerImportOptions{}
	cmd := &cobra.Command{
		Use:   "import <file.csv|file.xlsx>",
		Short: "Enter every player of a CSV or XLSX list",
		Long: `Enter every player of a list in the current tournament. The first row names
the columns: name (or surname and first name), rating, club, federation,
fide id, birth year, sex, title; Italian headers (cognome, nome, elo,
circolo, ...) work too and other columns are ignored. CSV files may be
separated by commas, semicolons or tabs, and be UTF-8, UTF-16 (Excel's
"Unicode text") or Windows-1252 (Excel's "CSV"): the notice says when a
file was not read as UTF-8, and --encoding forces the choice.

Players already in the club roster are found as player add finds them. If
any row is wrong (a bad rating, a name that looks like a roster player's, a
player already entered) nothing is imported, and the error names the line.`,
		Example: `  $ arbiter player import iscritti.csv
  $ arbiter player import players.xlsx --json
  $ arbiter player import elenco.csv --encoding windows-1252`,
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: fileArg("csv", "xlsx", "txt", "tsv"),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.file = args[0]
			return runPlayerImport(cmd.Context(), a, opts)
		},
	}
	cmd.Flags().BoolVar(&opts.new, "new", false, "add names that look like roster players as new players")
	cmd.Flags().BoolVar(&opts.json, "json", false, "print the entries as JSON")
	cmd.Flags().StringVar(&opts.encoding, "encoding", "", encodingHelp)
	return cmd
}

func runPlayerImport(ctx context.Context, a *app, opts *playerImportOptions) error {
	rows, err := a.readPlayerList(opts.file, opts.encoding, nil)
	if err != nil {
		return err
	}
	return a.withDesk(ctx, desk.ReadWrite, func(db *desk.Desk) error {
		t, err := a.resolveTournament(ctx, db)
		if err != nil {
			return err
		}
		added, err := db.Import(ctx, t.ID, filepath.Base(opts.file), rows, desk.AddOptions{New: opts.new})
		var ie *desk.Error
		if err != nil && !errors.As(err, &ie) {
			// A fault of the disk or the database, not of the file.
			return err
		}
		if err != nil {
			msg := "correct the file and import it again (nothing was imported)"
			if errors.Is(err, desk.ErrLikelyDuplicate) {
				msg = "correct the name in the file, or import with --new if these are different people (nothing was imported)"
			}
			return hint(fmt.Errorf("%s: %w", opts.file, err), "%s", msg)
		}
		if opts.json {
			out := make([]playerJSON, 0, len(added))
			for _, ad := range added {
				out = append(out, toPlayerJSON(ad.Entry, nil))
			}
			return writeJSON(a.stdout, out)
		}
		fresh := 0
		for _, ad := range added {
			if ad.NewPlayer {
				fresh++
			}
		}
		a.note(a.tr().N("cli.player_import.entered", len(added), "Name", t.Name, "New", fresh))
		return nil
	})
}

// fileError names the file an error of the roster package is about.
type fileError struct {
	name string
	err  error
}

func (e *fileError) Error() string {
	msg := strings.TrimPrefix(e.err.Error(), "roster: ")
	if strings.HasPrefix(msg, e.name+":") {
		return msg
	}
	return e.name + ": " + msg
}

func (e *fileError) Unwrap() error { return e.err }
