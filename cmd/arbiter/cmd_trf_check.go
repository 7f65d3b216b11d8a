package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"

	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/spf13/cobra"
)

type trfCheckOptions struct {
	path    string
	edition int
	json    bool
	stdout  io.Writer
	words   *locale.Localizer // the terminal's language
}

func newTRFCheckCmd(a *app) *cobra.Command {
	opts := trfCheckOptions{}
	cmd := &cobra.Command{
		Use:   "check <file.trf>",
		Short: "Re-pair every round of a TRF file and list the differences",
		Long: `Re-pair every played round of a TRF file from the rounds before it, with the
players who were not paired in that round left out, and list the rounds
whose recorded pairing (pairs, colours or the PAB) differs from the FIDE
Dutch pairing. It exits 1 if any round differs.

A file whose 192 line names FIDE_DOUBLESWISS is checked by the Double-Swiss
system (FIDE C.04.5) instead: each round is a match held in two round
columns, one per game, and --edition does not apply. For each match that
differs it says why, with the article: the rule the recorded pairing
breaks (C1, a rematch; C2, a second pairing-allocated bye), or the one
by which the system pairs otherwise (3.4 the bye, 3.5 and 3.6 the
brackets, Article 4 the colours).`,
		Example: `  $ arbiter trf check tournament.trf
  $ arbiter trf check --json tournament.trf`,
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: fileArg("trf", "txt"),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.path = args[0]
			opts.stdout = a.stdout
			opts.words = a.tr()
			ed, err := parseEdition(a.tr(), opts.edition)
			if err != nil {
				return err
			}
			opts.edition = ed
			return runTRFCheck(cmd.Context(), opts)
		},
	}
	cmd.Flags().IntVar(&opts.edition, "edition", 2025, "Dutch system rules: {2025|2017}, 2025 being those in force (2026 is the same)")
	cmd.Flags().BoolVar(&opts.json, "json", false, "print the differences as JSON")
	return cmd
}

// trfCheckJSON is the --json output. Field names are stable.
type trfCheckJSON struct {
	Rounds      int             `json:"rounds"`
	Differences []trfRoundDiffJ `json:"differences"`
}

type trfRoundDiffJ struct {
	Round    int            `json:"round"`
	Recorded []trfBoardJSON `json:"recorded"`
	Ours     []trfBoardJSON `json:"ours"`
	Error    string         `json:"error,omitempty"`
	// Why says, for a Double-Swiss file, which article of C.04.5 the
	// recorded pairing breaks or decides otherwise.
	Why string `json:"why,omitempty"`
}

func boardsJSON(r desk.TRFPairing) []trfBoardJSON {
	out := []trfBoardJSON{}
	for i, b := range r.Boards {
		out = append(out, trfBoardJSON{Board: i + 1, White: b.White, Black: b.Black})
	}
	if r.Bye != 0 {
		out = append(out, trfBoardJSON{White: r.Bye})
	}
	return out
}

func runTRFCheck(ctx context.Context, opts trfCheckOptions) error {
	f, err := readTRF(opts.words, opts.path)
	if err != nil {
		return &exitError{code: exitFailure, msg: err.Error()}
	}
	diffs, err := desk.CheckTRF(f, opts.edition)
	if err != nil {
		return &exitError{code: exitFailure, msg: fmt.Sprintf("%s: %v", opts.path, err)}
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	played, system := f.PlayedRounds(), "dutch"
	if f.DoubleSwiss() {
		played, system = f.PlayedMatches(), "doubleswiss"
	}
	if opts.json {
		out := trfCheckJSON{Rounds: played, Differences: []trfRoundDiffJ{}}
		for _, d := range diffs {
			j := trfRoundDiffJ{Round: d.Round, Recorded: boardsJSON(d.Recorded), Ours: boardsJSON(d.Ours)}
			if d.Err != nil {
				j.Error = d.Err.Error()
			}
			if !d.Why.IsZero() {
				j.Why = locale.New(locale.English).Word(d.Why)
			}
			out.Differences = append(out.Differences, j)
		}
		enc := json.NewEncoder(opts.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(out); err != nil {
			return err
		}
	} else {
		l := opts.words
		for _, d := range diffs {
			fmt.Fprintln(opts.stdout, l.T("cli.trfcheck.differs", "Round", d.Round))
			if d.Err != nil {
				fmt.Fprintln(opts.stdout, l.T("cli.trfcheck.ourserr", "Err", errWords(l, d.Err)))
			} else {
				fmt.Fprintln(opts.stdout, l.T("cli.trfcheck.ours", "Pairing", pairingLine(d.Ours)))
			}
			fmt.Fprintln(opts.stdout, l.T("cli.trfcheck.recorded", "Pairing", pairingLine(d.Recorded)))
			if !d.Why.IsZero() {
				fmt.Fprintln(opts.stdout, l.T("cli.trfcheck.why", "Why", l.Word(d.Why)))
			}
		}
	}
	if len(diffs) > 0 {
		return &exitError{code: exitFailure, msg: opts.words.T("cli.trfcheck.summary."+system, "Path", opts.path, "Diffs", len(diffs), "Rounds", played)}
	}
	if !opts.json {
		fmt.Fprintln(opts.stdout, opts.words.T("cli.nodiff"))
	}
	return nil
}

// pairingLine formats a pairing as "1-5 2-6 ... bye 9".
func pairingLine(r desk.TRFPairing) string {
	s := ""
	for i, b := range r.Boards {
		if i > 0 {
			s += " "
		}
		s += fmt.Sprintf("%d-%d", b.White, b.Black)
	}
	if r.Bye != 0 {
		s += fmt.Sprintf(" bye %d", r.Bye)
	}
	return s
}
