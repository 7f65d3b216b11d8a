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

type rosterUpdateOptions struct {
	file     string
	encoding string
	columns  string
	json     bool
}

func newRosterUpdateCmd(a *app) *cobra.Command {
	opts := &rosterUpdateOptions{}
	cmd := &cobra.Command{
		Use:   "update <file>",
		Short: "Refresh the roster's ratings and categories from a rating list",
		Long: `Refresh the club roster from a rating list before the evening: FIDE's list
(TXT or XML, standard, rapid or blitz; its name says which), the Italian
federation's Elo Italia list, Vega's players archive or a spreadsheet. Each
player of the list is matched to the roster by FIDE ID, else by national ID
(ID FSI); their ratings, K, titles, categories and province are updated, and
the name where the list spells it better. No one is added: roster import
adds players. A whole FIDE list of hundreds of thousands of players is read
line by line, keeping only the club's players.

Each player changed is listed on standard error with what changed; --json
prints them. The update is one change: nothing is written if a line of the
list is wrong, and the error names the line.

The entries of the players changed follow in the tournaments whose round 1
is not paired: each is seeded again by the rating the tournament chooses
(tournament set --rating-type), and the pairing numbers follow the initial
order. Once round 1 is paired the pairing numbers are fixed (C.04.2 art. 2)
and the entries keep the ratings they were seeded with, for the pairings,
the tie-breaks and the FIDE rating change alike; stderr says so for each
tournament under way, and player edit --rating corrects one entry.`,
		Example: `  $ arbiter roster update players_list_foa.txt
  $ arbiter roster update blitz_rating_list.xml
  $ arbiter roster update elo_italia.csv --json`,
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: fileArg("txt", "xml", "csv", "xlsx"),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.file = args[0]
			return runRosterUpdate(cmd.Context(), a, opts)
		},
	}
	cmd.Flags().BoolVar(&opts.json, "json", false, "print the players changed as JSON")
	cmd.Flags().StringVar(&opts.encoding, "encoding", "", encodingHelp)
	cmd.Flags().StringVar(&opts.columns, "columns", "", columnsHelp)
	return cmd
}

// reseedNotes says, on standard error, which entries a change seeded
// again, and which tournaments keep their entries' ratings as round 1 is
// paired.
func reseedNotes(a *app, rs []desk.Reseed) {
	l := a.tr()
	for _, r := range rs {
		if r.Started {
			a.note(l.T("cli.reseed.started", "Name", r.Tournament.Name))
			continue
		}
		if len(r.Entries) == 0 {
			continue
		}
		a.note(l.N("cli.reseed.done", len(r.Entries), "Name", r.Tournament.Name))
		for _, e := range r.Entries {
			var parts []string
			for _, x := range []struct {
				id   string
				pair [2]int
			}{{"cli.reseed.part.seed", e.Seed}, {"cli.reseed.part.fide", e.FIDE}, {"cli.reseed.part.national", e.National}} {
				if x.pair[0] != x.pair[1] {
					parts = append(parts, l.T(x.id, "Old", ratingText(x.pair[0]), "New", ratingText(x.pair[1])))
				}
			}
			a.note(l.T("cli.reseed.line", "Player", e.Name, "Changes", strings.Join(parts, ", ")))
		}
	}
}

// rosterChangeJSON is a roster player a rating list changed.
type rosterChangeJSON struct {
	Line    int             `json:"line"`
	Changed []string        `json:"changed"`
	Before  desk.RosterView `json:"before"`
	After   desk.RosterView `json:"after"`
}

func runRosterUpdate(ctx context.Context, a *app, opts *rosterUpdateOptions) error {
	enc, err := utext.ParseEncoding(opts.encoding)
	if err != nil {
		return usageErrorf("%s", a.tr().T("cli.encoding.bad", "Value", opts.encoding))
	}
	columns, err := a.parseColumns(opts.columns)
	if err != nil {
		return err
	}
	f, err := os.Open(opts.file)
	if err != nil {
		return fmt.Errorf("%s: %w", a.tr().T("err.read", "Path", opts.file), errors.Unwrap(err))
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && fi.IsDir() {
		return errors.New(a.tr().T("cli.roster_import.folder", "Path", opts.file))
	}
	ropt := roster.Options{Encoding: enc, Pace: roster.PaceOfName(opts.file), Columns: columns, Year: time.Now().Year()}
	return a.withDesk(ctx, desk.ReadWrite, func(db *desk.Desk) error {
		var format roster.Format
		res, err := db.UpdateRoster(ctx, filepath.Base(opts.file), func(keep func(desk.ImportRow) error) error {
			var err error
			format, _, err = roster.Scan(f, ropt, func(r roster.Row) error {
				return keep(desk.ImportRow{Line: r.Line, Player: r.Player})
			})
			return err
		})
		if err != nil {
			var pe *roster.ParseError
			if errors.As(err, &pe) {
				return fmt.Errorf("%s: %w; %s", opts.file, err, a.tr().T("cli.roster_import.correct"))
			}
			return err
		}
		if format != roster.CSV && format != roster.XLSX {
			a.note(a.tr().T("cli.roster_import.format", "File", filepath.Base(opts.file), "Format", a.formatWords(format)))
		}
		if opts.json {
			reseedNotes(a, res.Reseeds)
			out := make([]rosterChangeJSON, 0, len(res.Changed))
			for _, c := range res.Changed {
				out = append(out, rosterChangeJSON{Line: c.Line, Changed: c.Changed, Before: desk.RosterViewOf(c.Before), After: desk.RosterViewOf(c.Player)})
			}
			return writeJSON(a.stdout, out)
		}
		for _, c := range res.Changed {
			a.note(a.tr().T("cli.roster_update.changed", "Name", c.Player.Name, "Changes", strings.Join(c.Changed, ", ")))
		}
		a.note(a.tr().T("cli.roster_update.done", "File", filepath.Base(opts.file), "Listed", res.Listed, "Matched", res.Matched, "Changed", len(res.Changed)))
		reseedNotes(a, res.Reseeds)
		return nil
	})
}
