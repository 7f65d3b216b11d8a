package main

import (
	"bytes"
	"context"
	"errors"
	"io"

	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/labyrinth-chess/arbiter/reports"
	"github.com/spf13/cobra"
)

// seasonReport is a season file to write: where, in which language
// ("" for the first evening's), how, and how big it is for the notice.
type seasonReport struct {
	path  string
	lang  string
	write func(io.Writer, *reports.Season) error
	size  func(data []byte, s *reports.Season) (int, string)
}

func newSeasonExportCmd(a *app, ref *string) *cobra.Command {
	r := seasonReport{
		write: reports.WriteSeasonXLSX,
		size:  func(_ []byte, s *reports.Season) (int, string) { return len(s.Evenings) + 1, "sheet" },
	}
	cmd := &cobra.Command{
		Use:   "export <file.xlsx>",
		Short: "Write the season workbook for a spreadsheet",
		Long: `Write the season as an XLSX workbook: first the season table (place, name,
one column per evening with its season points, in brackets those that do
not count, the total and the tie-breaks), then one sheet per evening, named
after it, with that evening's standings. Use - as FILE to write to
standard output.`,
		Example: `  $ arbiter season export season.xlsx
  $ arbiter season export "Rapid cup.xlsx" --season "Rapid cup" --lang it`,
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: fileArg("xlsx"),
		RunE: func(cmd *cobra.Command, args []string) error {
			r.path = args[0]
			return runSeasonReport(cmd.Context(), a, *ref, r)
		},
	}
	seasonFileFlags(a, cmd, &r.lang)
	return cmd
}

func newSeasonPrintCmd(a *app, ref *string) *cobra.Command {
	r := seasonReport{
		write: reports.WriteSeasonPDF,
		size:  func(pdf []byte, _ *reports.Season) (int, string) { return pdfPages(pdf), "page" },
	}
	cmd := &cobra.Command{
		Use:   "print <file.pdf>",
		Short: "Print the season table as a PDF",
		Long: `Print the season table on A4 pages to put on the club's notice board: the
rules, one line per player with the season points of each evening
(numbered; in brackets those that do not count, "-" when not played), the
total and the tie-breaks, and the list of the evenings. Use - as FILE to
write to standard output.`,
		Example: `  $ arbiter season print season.pdf
  $ arbiter season print stagione.pdf --lang it`,
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: fileArg("pdf"),
		RunE: func(cmd *cobra.Command, args []string) error {
			r.path = args[0]
			return runSeasonReport(cmd.Context(), a, *ref, r)
		},
	}
	seasonFileFlags(a, cmd, &r.lang)
	return cmd
}

func seasonFileFlags(a *app, cmd *cobra.Command, lang *string) {
	cmd.Flags().StringVar(lang, "lang", "", "language of the words in the file: {en|it} (default: the first evening's language)")
	cmd.Flags().BoolVar(&a.force, "force", false, "replace a read-only file or a database")
}

func runSeasonReport(ctx context.Context, a *app, ref string, r seasonReport) error {
	lang, err := reportLang(r.lang)
	if err != nil {
		return err
	}
	if err := a.checkOutput(r.path); err != nil {
		return err
	}
	var buf bytes.Buffer
	var rs *reports.Season
	err = a.withDesk(ctx, desk.ReadOnly, func(d *desk.Desk) error {
		st, err := d.SeasonTable(ctx, ref)
		if err != nil {
			return seasonError(a, err)
		}
		if len(st.Evenings) == 0 {
			return errors.New(a.tr().T("season.noevenings", "Name", st.Season.Name))
		}
		if lang == "" {
			lang = locale.Lang(st.Evenings[0].Tournament.Language)
		}
		// The file's words and the rules line in the file's language.
		l := locale.New(lang)
		rs = &reports.Season{Name: st.Season.Name, Rules: seasonRules(l, st.Season.Settings), Standings: st.Standings,
			Names: st.Names, Locale: l, Warn: func(rep reports.Replaced) { a.note(r.path + ": " + replacedText(a.tr(), rep) + ".") }}
		for _, tb := range st.Season.Settings.Tiebreaks {
			rs.TiebreakCodes = append(rs.TiebreakCodes, tb.String())
		}
		for _, s := range st.Evenings {
			ev, err := desk.ReportEvent(s, len(s.Rounds))
			if err != nil {
				return err
			}
			rs.Evenings = append(rs.Evenings, ev)
		}
		return r.write(&buf, rs)
	})
	if err != nil {
		return err
	}
	if err := a.writeOutput(r.path, buf.Bytes()); err != nil {
		return err
	}
	count, unit := r.size(buf.Bytes(), rs)
	l := a.tr()
	what := r.path
	if r.path == "-" {
		what = l.T("cli.stdout")
	}
	a.note(l.T("cli.wrote", "What", what, "Size", l.N("cli.size."+unit, count)))
	return nil
}
