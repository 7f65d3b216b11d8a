package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/labyrinth-chess/arbiter/trf"
	"github.com/spf13/cobra"
)

// newTRFCmd returns the "trf" noun: pairing and checking FIDE tournament
// report files, the way FIDE checks endorsed pairing programs.
func newTRFCmd(a *app) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "trf <command>",
		Short: "Pair and check FIDE TRF files",
		Long: `Work on FIDE Tournament Report Files (TRF-16, TRF-26) with the TRFx pairing
extensions (XXR rounds, XXC white1|black1|rank, XXZ absences, XXP forbidden
pairs, XXS and BBx point systems), as FIDE's checking tools read them.`,
	}
	cmd.AddCommand(newTRFPairCmd(a), newTRFCheckCmd(a), newTRFTiebreaksCmd(a), newTRFGenerateCmd(a))
	return cmd
}

// readTRF opens and parses a TRF file, of at most trfLimit bytes. Parse
// errors name the line.
func readTRF(l *locale.Localizer, path string) (*trf.File, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", l.T("err.read", "Path", path), plainPathError(err))
	}
	defer fh.Close()
	data, err := io.ReadAll(io.LimitReader(fh, trfLimit+1))
	var pe *os.PathError
	switch {
	case errors.As(err, &pe): // a folder, or a read that failed
		return nil, fmt.Errorf("%s: %w", l.T("err.read", "Path", path), pe.Err)
	case err != nil:
		return nil, fmt.Errorf("%s: %w", path, err)
	case len(data) > trfLimit:
		return nil, errors.New(l.T("cli.input.toolong", "File", path, "Limit", byteSizeIn(l, trfLimit)))
	}
	f, err := trf.Read(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if err := hasPlayers(l, f, path); err != nil {
		return nil, err
	}
	return f, nil
}

// hasPlayers refuses a file without players: trf.Read keeps lines it does
// not know, so an empty file, or one that is no TRF at all, reads as a
// tournament of nobody.
func hasPlayers(l *locale.Localizer, f *trf.File, path string) error {
	if len(f.Players) == 0 {
		return errors.New(l.T("cli.trf.noplayer", "Path", path))
	}
	return nil
}

// parseEdition reads the --edition flag.
func parseEdition(l *locale.Localizer, v int) (int, error) {
	switch v {
	case 0, 2025, 2026:
		return 2025, nil
	case 2017:
		return 2017, nil
	}
	return 0, usageErrorf("%s", l.T("err.trf.edition", "Value", v))
}
