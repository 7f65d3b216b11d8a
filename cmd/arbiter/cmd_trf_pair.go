package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/labyrinth-chess/arbiter/trf"
	"github.com/spf13/cobra"
)

type trfPairOptions struct {
	path    string
	round   int
	edition int
	json    bool
	explain bool
	stdout  io.Writer
	words   *locale.Localizer // the terminal's language, for --explain
}

func newTRFPairCmd(a *app) *cobra.Command {
	opts := trfPairOptions{}
	cmd := &cobra.Command{
		Use:   "pair <file.trf>",
		Short: "Pair the next round of a TRF file",
		Long: `Pair the round after the last one played in a TRF file by the FIDE Dutch
system (C.04.3); --round N pairs round N instead, from the rounds before it
(a round already played is paired again). Players with a block in that
round's column (0000 - H, F, Z or -) or listed in XXZ are absent. The total
number of rounds (XXR, or 142 in TRF-26) decides whether topscorers may
break colour rules in the last round; a file whose rounds are all played
has no next round to pair.

The output follows JaVaFo and bbpPairings: the number of pairs N (the PAB
included), then N lines "white black" in pairing numbers, in board order,
the PAB as "id 0". It exits 1 when no legal pairing exists, naming the
criterion, and when the file is malformed, naming the line.

A file whose 192 line names FIDE_DOUBLESWISS is paired by the Double-Swiss
system (FIDE C.04.5): each round is a match of two games held in two round
columns (game 1, then game 2 with the colours reversed), --round counts
matches, and each board prints the player with White in game 1 first.`,
		Example: `  $ arbiter trf pair round5.trf
  $ arbiter trf pair --explain round5.trf
  $ arbiter trf pair --edition 2017 old.trf
  $ arbiter trf pair --json round5.trf`,
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: fileArg("trf", "txt"),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.path = args[0]
			opts.stdout = a.stdout
			opts.words = a.tr()
			if opts.round < 0 {
				return usageErrorf("%s", a.tr().T("err.trf.round", "Round", opts.round))
			}
			ed, err := parseEdition(a.tr(), opts.edition)
			if err != nil {
				return err
			}
			opts.edition = ed
			return runTRFPair(cmd.Context(), opts)
		},
	}
	cmd.Flags().IntVar(&opts.round, "round", 0, "pair round `N` (default: the next one)")
	cmd.Flags().IntVar(&opts.edition, "edition", 2025, "Dutch system rules: {2025|2017}, 2025 being those in force (2026 is the same)")
	cmd.Flags().BoolVar(&opts.json, "json", false, "print the pairing as JSON")
	cmd.Flags().BoolVar(&opts.explain, "explain", false, "show why each board was paired so")
	return cmd
}

// roundToPair refuses a round that f cannot be paired for: the next one
// (round 0) when every round the file plans is played, and a round asked
// for that is beyond the rounds planned or after the next one.
func roundToPair(l *locale.Localizer, f *trf.File, round int) error {
	played, planned := f.PlayedRounds(), f.Rounds
	switch {
	case round == 0 && planned > 0 && played >= planned:
		return errors.New(l.T("err.trf.allplayed", "Planned", planned))
	case planned > 0 && round > planned:
		return errors.New(l.T("err.trf.planned", "Round", round, "Planned", planned))
	case round > played+1:
		return errors.New(l.N("err.trf.holds", played, "Round", round, "Next", played+1))
	}
	return nil
}

// trfPairJSON is the --json output. Field names are stable.
type trfPairJSON struct {
	Round      int            `json:"round"`
	Boards     []trfBoardJSON `json:"boards"`
	Bye        int            `json:"bye,omitempty"`
	ByeExplain string         `json:"bye_explain,omitempty"`
}

type trfBoardJSON struct {
	Board   int    `json:"board"`
	White   int    `json:"white"`
	Black   int    `json:"black"`
	Explain string `json:"explain,omitempty"`
}

func runTRFPair(ctx context.Context, opts trfPairOptions) error {
	f, err := readTRF(opts.words, opts.path)
	if err != nil {
		return &exitError{code: exitFailure, msg: err.Error()}
	}
	// A Double-Swiss file (192 FIDE_DOUBLESWISS, FIDE C.04.5) counts its
	// rounds in matches, two round columns each.
	check := roundToPair
	if f.DoubleSwiss() {
		check = matchToPair
	}
	if err := check(opts.words, f, opts.round); err != nil {
		return &exitError{code: exitFailure, msg: fmt.Sprintf("%s: %v", opts.path, err)}
	}
	rd, err := desk.ReadTRFRound(f, opts.round, opts.edition)
	if err != nil {
		return &exitError{code: exitFailure, msg: fmt.Sprintf("%s: %v", opts.path, err)}
	}
	res, err := rd.Pair(opts.explain)
	if err != nil && errors.Is(err, desk.ErrNoLegalPairing) {
		// A round without a legal pairing exits 1, naming the file.
		return &exitError{code: exitFailure, msg: fmt.Sprintf("%s: %v", opts.path, err)}
	}
	if err != nil {
		return err
	}
	return printTRFPair(ctx, opts, rd.Round, res)
}

// printTRFPair writes the pairing res of round round as --json or the
// JaVaFo lines say.
func printTRFPair(ctx context.Context, opts trfPairOptions, round int, res desk.TRFPairing) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if opts.json {
		// --json stays in one language whatever the terminal's.
		en := locale.New(locale.English)
		out := trfPairJSON{Round: round, Bye: res.Bye, Boards: []trfBoardJSON{}}
		if opts.explain && res.Bye != 0 && len(res.Explanations) > len(res.Boards) {
			out.ByeExplain = en.Word(res.Explanations[len(res.Boards)].Text)
		}
		for i, b := range res.Boards {
			jb := trfBoardJSON{Board: i + 1, White: b.White, Black: b.Black}
			if i < len(res.Explanations) {
				jb.Explain = en.Word(res.Explanations[i].Text)
			}
			out.Boards = append(out.Boards, jb)
		}
		enc := json.NewEncoder(opts.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(out)
	}
	n := len(res.Boards)
	if res.Bye != 0 {
		n++
	}
	fmt.Fprintln(opts.stdout, n)
	for i, b := range res.Boards {
		fmt.Fprintf(opts.stdout, "%d %d\n", b.White, b.Black)
		if opts.explain && i < len(res.Explanations) {
			fmt.Fprintf(opts.stdout, "  # %s\n", opts.words.Word(res.Explanations[i].Text))
		}
	}
	if res.Bye != 0 {
		fmt.Fprintf(opts.stdout, "%d 0\n", res.Bye)
		if opts.explain && len(res.Explanations) > len(res.Boards) {
			fmt.Fprintf(opts.stdout, "  # %s\n", opts.words.Word(res.Explanations[len(res.Boards)].Text))
		}
	}
	return nil
}
