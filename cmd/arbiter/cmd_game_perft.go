package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strconv"
	"time"

	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/spf13/cobra"
)

// gamePerftOptions are the inputs of "game perft".
type gamePerftOptions struct {
	FEN    string
	Depth  int
	Divide bool
	JSON   bool

	Stdout, Stderr io.Writer
	Now            func() time.Time
	Words          *locale.Localizer // the terminal's language
}

// maxPerftDepth bounds the depth "game perft" accepts; depth 8 from the
// start position already takes minutes.
const maxPerftDepth = 12

func newGamePerftCmd(a *app, runF func(context.Context, *gamePerftOptions) error) *cobra.Command {
	opts := &gamePerftOptions{}
	cmd := &cobra.Command{
		Use:   "perft <depth>",
		Short: "Count the legal move sequences of a given depth",
		Long: `Perft counts the positions reached by every sequence of legal moves of the
given depth: the standard test of a move generator. Compare the count with
published values (from the start position: 20, 400, 8902, 197281, 4865609,
119060324). The count goes to standard output, the speed to standard error.`,
		Example: `  $ arbiter game perft 5
  $ arbiter game perft --divide --fen "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1" 3`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			d, err := strconv.Atoi(args[0])
			if err != nil || d < 0 || d > maxPerftDepth {
				return usageErrorf("%s", a.tr().T("err.perft.depth", "Depth", strconv.Quote(args[0]), "Max", maxPerftDepth))
			}
			if opts.FEN == "" {
				opts.FEN = desk.StartFEN
			}
			if _, err := desk.ParseFEN(opts.FEN); err != nil {
				return usageErrorf("%s", a.tr().T("cli.flagerr", "Flag", "--fen", "Err", errWords(a.tr(), err)))
			}
			opts.Depth = d
			opts.Stdout, opts.Stderr, opts.Now, opts.Words = a.stdout, a.stderr, a.now, a.tr()
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return runGamePerft(cmd.Context(), opts)
		},
	}
	cmd.Flags().StringVar(&opts.FEN, "fen", "", "start from the position `FEN` (default: the initial position)")
	cmd.Flags().BoolVar(&opts.Divide, "divide", false, "also print the count below each legal move")
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print the count as JSON")
	return cmd
}

type perftResult struct {
	FEN    string            `json:"fen"`
	Depth  int               `json:"depth"`
	Nodes  uint64            `json:"nodes"`
	Divide map[string]uint64 `json:"divide,omitempty"`
}

func runGamePerft(ctx context.Context, opts *gamePerftOptions) error {
	start := opts.Now()
	count, err := desk.CountPerft(ctx, opts.FEN, opts.Depth, opts.Divide)
	if err != nil {
		return err
	}
	res := perftResult{FEN: count.FEN, Depth: count.Depth, Nodes: count.Nodes, Divide: count.Divide}
	elapsed := opts.Now().Sub(start)
	if opts.JSON {
		enc := json.NewEncoder(opts.Stdout)
		if err := enc.Encode(res); err != nil {
			return err
		}
	} else {
		moves := make([]string, 0, len(res.Divide))
		for m := range res.Divide {
			moves = append(moves, m)
		}
		sort.Strings(moves)
		for _, m := range moves {
			fmt.Fprintf(opts.Stdout, "%s: %d\n", m, res.Divide[m])
		}
		fmt.Fprintln(opts.Stdout, res.Nodes)
	}
	l := opts.Words
	if s := elapsed.Seconds(); s > 0 {
		fmt.Fprintln(opts.Stderr, l.T("cli.perft.rate", "Depth", opts.Depth, "Nodes", res.Nodes, "Time", elapsed.Round(time.Millisecond), "Rate", fmt.Sprintf("%.0f", float64(res.Nodes)/s)))
	} else {
		fmt.Fprintln(opts.Stderr, l.T("cli.perft", "Depth", opts.Depth, "Nodes", res.Nodes, "Time", elapsed.Round(time.Millisecond)))
	}
	return nil
}
