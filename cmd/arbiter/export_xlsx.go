package main

import (
	"context"
	"io"

	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/reports"
	"github.com/spf13/cobra"
)

type exportXLSXOptions struct {
	file    string
	lang    string
	round   roundChoice
	ratings bool // --rating-change
	rSet    bool // --rating-change given
}

func newExportXLSXCmd(a *app) *cobra.Command {
	opts := &exportXLSXOptions{}
	cmd := &cobra.Command{
		Use:   "xlsx <file>",
		Short: "Write the standings workbook for a spreadsheet",
		Long: `Write the tournament as an XLSX workbook, the organizer's record that any
spreadsheet opens. Its sheets:

  Standings    rank ("3-4" when shared), pairing number, name, title, rating,
               club, points, one column per tie-break of the chain headed by
               its C.07 code, and the performance rating
  Crosstable   one line per player in rank order, each round as "12w1",
               "5b½", "PAB", "H" or "-", and the total
  Round 1...   one sheet per round: board, White, points, result, Black,
               points, then the players without a board and why
  Players      the entries by pairing number, with their status
  Rating report
               with --rating-change: the FIDE rating report, one line per
               player (pairing number, name, title, FIDE ID, federation,
               Ro, K, N, W, We, Rc, W−We and the change K·(W−We)), as
               print rating-report lays it out; the Standings sheet then
               has a column FIDE ± with each player's change

Points, ratings and tie-breaks are numbers, so the spreadsheet can sort and
sum them. The workbook shows the tournament after the last round with every
result in; --round N stops it after another paired round (if that round is
still in play, its open games count as not played yet). The ranking is that
of arbiter standings. Use - as FILE to write to standard output.

The sheet names, headers and words are in the tournament's language
(tournament set --lang; Classifica, Tabellone, Turno 1... in Italian);
--lang en or --lang it writes this workbook in English or Italian.

--rating-change adds each player's FIDE rating change over the rounds
shown (see standings --rating-change); without the flag the tournament's
option decides (tournament option rating-change show), and
--rating-change=false leaves it out.`,
		Example: `  $ arbiter export xlsx standings.xlsx
  $ arbiter export xlsx after3.xlsx --round 3
  $ arbiter export xlsx rated.xlsx --rating-change
  $ arbiter export xlsx "Spring Open.xlsx" --tournament "Spring Open"`,
		Args:              oneArg(a, "cli.args.exportxlsx"),
		ValidArgsFunction: fileArg("xlsx"),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.file = args[0]
			opts.round.set = cmd.Flags().Changed("round")
			opts.rSet = cmd.Flags().Changed("rating-change")
			if _, err := reportLang(opts.lang); err != nil {
				return err
			}
			return runExportXLSX(cmd.Context(), a, opts)
		},
	}
	a.roundFlag(cmd, &opts.round.n, "stop after round `N` (default: the last round with every result in)")
	reportLangFlag(cmd, &opts.lang)
	cmd.Flags().BoolVar(&opts.ratings, "rating-change", false, "add the FIDE rating change: a column of the standings and a sheet of the rating report (default: the tournament's option rating-change)")
	return cmd
}

func runExportXLSX(ctx context.Context, a *app, opts *exportXLSXOptions) error {
	lang, err := reportLang(opts.lang)
	if err != nil {
		return err
	}
	extra := 0 // the Prizes and the Rating report sheets
	return a.writeReport(ctx, report{
		path: opts.file,
		lang: lang,
		round: func(s *desk.Snapshot) (int, error) {
			return a.afterRound(s, opts.round, "the workbook", "cli.what.workbook", true)
		},
		write: func(w io.Writer, ev *reports.Event, _ int) error {
			if !ev.Prizes.Empty() {
				extra++
			}
			if ev.Ratings != nil {
				extra++
			}
			return reports.WriteXLSX(w, ev)
		},
		prizes:  true,
		ratings: showRatings(opts.rSet, opts.ratings),
		// Standings, Crosstable, one sheet per round, Players, the Rating
		// report when shown, and Prizes when there are some.
		size: func(_ []byte, n int) (int, string) { return n + 3 + extra, "sheet" },
	})
}
