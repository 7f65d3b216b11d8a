package main

import (
	"bytes"
	"context"
	"errors"
	"strconv"
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/labyrinth-chess/arbiter/trf"
	"github.com/spf13/cobra"
)

type exportTRFOptions struct {
	file   string
	format string
}

func newExportTRFCmd(a *app) *cobra.Command {
	opts := &exportTRFOptions{}
	cmd := &cobra.Command{
		Use:   "trf <file>",
		Short: "Write the FIDE tournament report file (TRF)",
		Long: `Write the tournament as a FIDE Tournament Report File: the header lines, then
one 001 line per player with the points, the place in the standings and
one block per round (opponent, colour, result). Forfeits are + and -, the
pairing-allocated bye U, requested byes H, F and Z, and a round a player
did not play "0000 - Z". Byes already asked for in the next round are
written in its column, so that a pairing program pairs that round as
arbiter round pair would.

--format trf16 (the default) writes the TRF-16 that FIDE's pairing checkers
and the endorsed engines read, with the number of rounds, the initial
colour and any point values other than 1, ½ and 0 as XXR, XXC and BBx/XXS
lines; --format trf26 writes TRF-26, with the tags 142, 152 and 162
instead, and each line ended by a CR as its text requires (TRF-16 lines
end with CRLF). The tournament's report settings (tournament set
--federation, --city, --chief-arbiter, --deputy, --end-date,
--round-dates, --time-code, --rating-type) are the lines 032, 022, 052,
102, 112, 132, 222 and 172; the pairing system is the line 192
(FIDE_DUTCH_2025, FIDE_ROUNDROBIN, ...), the tie-breaks the lines 202 and
212 (BH/C1,SB,...), a rate of play other than standard is named in 092; a
tournament accelerated by the Baku method gets its virtual points as 250
lines (XXA in TRF-16). Byes asked for in later rounds, and the players who
withdrew, are 240 lines (a zero-point bye in every round left). The initial
colour is the tournament's first colour, or the one drawn by lot from the
seed stored in the tournament. With --format trf26, stderr names the lines
a FIDE rating report needs that the tournament leaves empty (022, 032,
052, 102, 132), and the players without a FIDE ID, whom the federation
registers before the report is rated (FIDE Handbook D.01.12, art. 3).

Each 001 line carries the FIDE rating of the tournament's pace the player
entered with (standard, rapid or blitz), which FIDE rates the event from,
whatever rating the tournament seeds by (--rating-type, line 172, with the
national ratings in the national records); 072 counts the FIDE-rated
players.

Only rounds with every result in are written: a round still in play is
left out, and stderr says so. Use - as FILE to write to standard output; a
file is written whole or not at all.`,
		Example: `  $ arbiter export trf labyrinth.trf
  $ arbiter export trf report.trf --format trf26
  $ arbiter export trf - | arbiter trf pair /dev/stdin`,
		Args:              oneArg(a, "cli.args.exporttrf"),
		ValidArgsFunction: fileArg("trf", "txt"),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.file = args[0]
			return runExportTRF(cmd.Context(), a, opts)
		},
	}
	cmd.Flags().StringVar(&opts.format, "format", "trf16", "file format: {trf16|trf26}")
	cmd.RegisterFlagCompletionFunc("format", cobra.FixedCompletions([]cobra.Completion{"trf16", "trf26"}, cobra.ShellCompDirectiveNoFileComp))
	return cmd
}

// trfVersion reads the --format flag; l words the refusal.
func trfVersion(l *locale.Localizer, format string) (trf.Version, error) {
	switch strings.ToLower(strings.ReplaceAll(format, "-", "")) {
	case "trf16", "16", "":
		return trf.TRF16, nil
	case "trf26", "26":
		return trf.TRF26, nil
	}
	return 0, usageErrorf("%s", l.T("cli.export_trf.format", "Value", strconv.Quote(format)))
}

func runExportTRF(ctx context.Context, a *app, opts *exportTRFOptions) error {
	version, err := trfVersion(a.tr(), opts.format)
	if err != nil {
		return err
	}
	if err := a.checkOutput(opts.file); err != nil {
		return err
	}
	var buf bytes.Buffer
	var f *trf.File
	err = a.withDesk(ctx, desk.ReadOnly, func(db *desk.Desk) error {
		s, err := a.snapshot(ctx, db)
		if err != nil {
			return err
		}
		if len(s.Entries) == 0 {
			return errors.New(a.tr().T("cli.export_trf.noplayers", "Name", s.Tournament.Name))
		}
		n := completeRounds(s)
		if n < len(s.Rounds) {
			a.note(a.tr().T("cli.trf.inplay", "Round", n+1, "Open", a.tr().N("cli.boards", desk.OpenBoards(s, n+1)), "Last", n))
		}
		if f, err = trfFile(a.tr(), s, n); err != nil {
			return err
		}
		for _, w := range reportWarnings(a.tr(), s.Tournament, f, n, version == trf.TRF26) {
			a.note(w)
		}
		if version == trf.TRF26 {
			events, err := db.Events(ctx, s.Tournament.ID)
			if err != nil {
				return err
			}
			f.Comments = append(f.Comments, integrityComments(events, n)...)
		}
		w := trf.NewWriter(&buf)
		w.Version = version
		if version == trf.TRF26 {
			// "Each line shall have a CR (carriage return) as last
			// character" (TRF-26, remark 1). TRF-16 keeps CRLF, which
			// every pairing engine reads.
			w.LineEnd = "\r"
		}
		return w.Write(f)
	})
	if err != nil {
		return err
	}
	if err := a.writeOutput(opts.file, buf.Bytes()); err != nil {
		return err
	}
	l := a.tr()
	what := opts.file
	if what == "-" {
		what = l.T("cli.stdout")
	}
	played := f.PlayedRounds()
	if f.DoubleSwiss() {
		played = f.PlayedMatches() // two columns a match
	}
	a.note(l.T("cli.wrote.trf", "What", what, "Players", l.N("cli.players", len(f.Players)), "Rounds", l.N("cli.rounds", played)))
	return nil
}

// reportWarnings says, in the words of l, what file f of tournament t
// after round n lacks (desk.GapsOf): as a TRF-26 rating report (report
// true), the header lines mandatory for rating; in any format, a C.07
// edition other than the one in force on the start date.
func reportWarnings(l *locale.Localizer, t arbiter.Tournament, f *trf.File, n int, report bool) []string {
	var out []string
	g := desk.GapsOf(t, f, n, report)
	if g.InForce != 0 {
		out = append(out, l.T("cli.export_trf.edition", "Edition", g.Edition, "Date", t.Date, "DateEdition", g.InForce))
	}
	var missing []string
	for _, din := range g.Missing {
		missing = append(missing, l.T("trf.field."+din))
	}
	if g.Undated > 0 {
		missing = append(missing, l.T("trf.field.132", "Missing", g.Undated, "Rounds", n))
	}
	if len(missing) > 0 {
		out = append(out, l.T("cli.export_trf.rating", "Fields", strings.Join(missing, "; ")))
	}
	noID := g.NoFIDEID
	if len(noID) > 0 {
		names := noID
		if len(names) > 8 {
			names = append(names[:8:8], "…")
		}
		out = append(out, l.N("cli.export_trf.noid", len(noID), "Names", strings.Join(names, "; ")))
	}
	return out
}

// trfFile builds the report of tournament s after round n (desk.TRF).
func trfFile(l *locale.Localizer, s *desk.Snapshot, n int) (*trf.File, error) {
	f, err := desk.TRF(s, n)
	return f, chainError(l, err)
}
