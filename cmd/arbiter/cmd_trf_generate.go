package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/trf"
	"github.com/spf13/cobra"
)

type trfGenerateOptions struct {
	gen         desk.GenerateOptions
	seed        int64
	tiebreaks   string
	accelerated string
	out         string
	system      string
	chainSet    bool // --tiebreaks given
}

// generatedChain is the tie-break list a generated file carries in its
// 202 and 212 lines when --tiebreaks is not given.
const generatedChain = "BH-C1,BH,SB,DE,WIN,BPG,PS,ARO"

func newTRFGenerateCmd(a *app) *cobra.Command {
	opts := trfGenerateOptions{}
	cmd := &cobra.Command{
		Use:   "generate",
		Short: "Write a random tournament, paired round by round, as a TRF-26 file",
		Long: `Play a random tournament and write it as a TRF-26 file: ratings drawn from the
seed, every round paired by arbiter's Dutch system (FIDE C.04.3) from the
rounds before it, results drawn from the ratings' Elo expectation. The same
options and seed give the same file, byte for byte. The ranks (columns 86-89)
follow the tie-break list written in the 202 and 212 lines (C.07 2026), so
the file can be checked by arbiter trf check, arbiter trf tiebreaks --check
and other programs' checkers.`,
		Example: `  $ arbiter trf generate --players 40 --rounds 9 --seed 7 -o random.trf
  $ arbiter trf generate --players 100 --rounds 11 --draws 0.3 --forfeits 0.02 --byes 0.03`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.chainSet = cmd.Flags().Changed("tiebreaks")
			return runTRFGenerate(a, opts)
		},
	}
	fl := cmd.Flags()
	fl.IntVar(&opts.gen.Players, "players", 30, "number of players, 2 to 9999")
	fl.IntVar(&opts.gen.Rounds, "rounds", 7, "number of rounds, 1 to 99")
	fl.Int64Var(&opts.seed, "seed", 1, "seed of the random draws: the same seed gives the same file")
	fl.Float64Var(&opts.gen.Draws, "draws", 0.3, "share of games played that are drawn, 0 to 1")
	fl.Float64Var(&opts.gen.Forfeits, "forfeits", 0, "chance a scheduled game is forfeited, 0 to 1")
	fl.Float64Var(&opts.gen.Byes, "byes", 0, "chance a player asks for a bye in a round before the last, 0 to 1")
	fl.StringVar(&opts.tiebreaks, "tiebreaks", generatedChain, "tie-break list written to the 202 and 212 lines and used for the ranks")
	fl.StringVar(&opts.accelerated, "accelerated", "", "accelerated pairing: baku (FIDE C.04.7), written as 250 lines")
	fl.StringVarP(&opts.out, "output", "o", "", "write to `FILE` instead of the standard output (-: the standard output)")
	fl.StringVar(&opts.system, "system", "dutch", "pairing system: {dutch|double-swiss}; double-swiss (FIDE C.04.5) plays each round as a match of two games, two round columns of the file, ranked on the matches (tie-breaks BH,DE,SB unless --tiebreaks says)")
	return cmd
}

func runTRFGenerate(a *app, opts trfGenerateOptions) error {
	opts.gen.Seed = uint64(opts.seed)
	switch strings.ToLower(opts.system) {
	case "dutch", "":
	case "double-swiss":
		return runTRFGenerateDoubleSwiss(a, opts)
	default:
		return usageErrorf("%s", a.tr().T("err.trf.system", "Value", strconv.Quote(opts.system)))
	}
	switch strings.ToLower(opts.accelerated) {
	case "":
	case "baku":
		opts.gen.Baku = true
	default:
		return usageErrorf("%s", a.tr().T("err.trf.accelerated", "Value", strconv.Quote(opts.accelerated)))
	}
	texts := strings.FieldsFunc(opts.tiebreaks, func(r rune) bool { return r == ',' || r == ' ' })
	chain, err := desk.ParseTiebreaks(texts)
	if err != nil {
		return usageErrorf("%s", a.tr().T("cli.flagerr", "Flag", "--tiebreaks", "Err", errWords(a.tr(), err)))
	}
	f, err := desk.GenerateTRF(opts.gen, false)
	if err != nil {
		if errors.Is(err, desk.ErrGenerate) {
			return usageErrorf("%v", err)
		}
		return err
	}
	if f.Rounds < opts.gen.Rounds {
		a.note(a.tr().T("cli.trf.stopped", "Round", f.Rounds+1, "Last", f.Rounds))
	}
	h := &f.Header
	h.Name = fmt.Sprintf("Random tournament, seed %d", opts.seed)
	h.City = "Nowhere"
	h.Federation = "FID"
	h.StartDate = "2026/03/01"
	h.EndDate = "2026/03/09"
	h.Players = strconv.Itoa(len(f.Players))
	h.Rated = strconv.Itoa(len(f.Players))
	h.Type = "Individual: Swiss-System (FIDE Dutch)"
	h.System = "FIDE_DUTCH_2025"
	if opts.gen.Baku {
		h.System = "FIDE_DUTCH_2025_BAKU"
	}
	h.TimeControl = `90'+30"`
	var specs []string
	for _, s := range chain {
		specs = append(specs, strings.ReplaceAll(s.String(), "-", "/"))
	}
	// TRF-26: 202 the tie-breaks, 212 the standings (points first),
	// comma-separated codes.
	h.Tiebreaks = strings.Join(specs, ",")
	h.Standings = "PTS," + h.Tiebreaks
	if err := desk.RankTRFFile(f, chain); err != nil {
		return err
	}
	return writeGenerated(a, opts, f)
}

// writeGenerated writes a generated file as TRF-26 to --output or the
// standard output.
func writeGenerated(a *app, opts trfGenerateOptions, f *trf.File) error {
	var buf bytes.Buffer
	w := trf.NewWriter(&buf)
	w.Version, w.LineEnd = trf.TRF26, "\r"
	if err := w.Write(f); err != nil {
		return err
	}
	if opts.out == "" || opts.out == "-" {
		// The file's bytes as they are: its lines end with a bare CR,
		// which the terminal-safe stdout would write out as \u000d.
		return a.writeOutput("-", buf.Bytes())
	}
	if err := os.WriteFile(opts.out, buf.Bytes(), 0o644); err != nil {
		return errors.New(a.tr().T("cli.write.cannot", "Path", opts.out, "Err", plainPathError(err)))
	}
	return nil
}
