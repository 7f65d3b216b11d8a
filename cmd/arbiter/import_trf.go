package main

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	utext "github.com/labyrinth-chess/arbiter/text"

	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/phrase"
	"github.com/labyrinth-chess/arbiter/trf"
	"github.com/spf13/cobra"
)

type importTRFOptions struct {
	file     string
	name     string
	encoding string
}

func newImportTRFCmd(a *app) *cobra.Command {
	opts := &importTRFOptions{}
	cmd := &cobra.Command{
		Use:   "trf <file>",
		Short: "Create a tournament from a FIDE TRF file",
		Long: `Create a tournament from a FIDE Tournament Report File (TRF-16 or TRF-26, with
the TRFx extensions) as Swiss-Manager, Vega or bbpPairings write it, and
make it the current tournament, so that an evening started elsewhere can be
continued here with arbiter round pair.

The players are entered with the file's starting ranks as pairing numbers;
a player already in the club roster (same FIDE ID, or else the very same
name) is reused, anyone else is added to the roster. Every round is stored
with its results: games, forfeits (+ and -), the pairing-allocated bye
(U), requested byes (H, F, Z); a player with no block in a round did not
play it. Byes written in the column after the last round played, in XXZ
or in TRF-26 240 lines become byes asked for in the rounds to come; a
player out of every round from one on to the last (two rounds or more,
one still to play) is entered as withdrawn from the next round to play, as
a withdrawal is written. The settings read are the name (012), place (022), federation
(032), start and end dates (042, 052), chief and deputy arbiters (102,
112), time control (122, 222), the rate of play (named in 092, else from
the encoded time control 222), round dates (132), rounds planned (XXR or
142), initial colour (XXC white1 or black1, 152; else taken from round 1
as the pairing engines do), the points of the byes (BBU, XXS, 162), the
rating type (172), the pairing system (192: FIDE_DUTCH_2025 or 2026, 2017,
FIDE_ROUNDROBIN, FIDE_DOUBLEROUNDROBIN, FIDE_DOUBLESWISS: a Double-Swiss
tournament, each match in two round columns, game 1 then game 2, both
games kept), the tie-break list (212 or 202)
and the Baku acceleration (250 or XXA lines that are Baku's, or a 192
system ending in _BAKU). The tie-breaks follow the C.07 rules in force on
the start date (2026 from 1 March 2026, 2023 from 1 July 2023, 2009
before). Forbidden pairs (XXP), other pairing systems and accelerations,
national rating records, 299 lines and values in no form arbiter reads
are not kept; stderr lists them.

The file must be read whole: a malformed line, points that do not match
the results, or round blocks that contradict each other are refused with
the line, and nothing is stored. --name gives the tournament another name
than the file's, for example when a tournament of that name exists.`,
		Example: `  $ arbiter import trf open2026.trf
  $ arbiter import trf round3.trf --name "Spring Open (continued)"`,
		Args:              oneArg(a, "cli.args.importtrf"),
		ValidArgsFunction: fileArg("trf", "txt"),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.file = args[0]
			return runImportTRF(cmd.Context(), a, opts)
		},
	}
	cmd.Flags().StringVar(&opts.name, "name", "", "the new tournament's `NAME` (default: the file's 012 line)")
	cmd.Flags().StringVar(&opts.encoding, "encoding", "", encodingHelp)
	cmd.RegisterFlagCompletionFunc("name", cobra.NoFileCompletions)
	return cmd
}

func runImportTRF(ctx context.Context, a *app, opts *importTRFOptions) error {
	data, err := a.readInput(opts.file, trfLimit)
	if err != nil {
		return err
	}
	enc, err := utext.ParseEncoding(opts.encoding)
	if err != nil {
		return usageErrorf("%s", a.tr().T("cli.encoding.bad", "Value", opts.encoding))
	}
	f, err := trf.ReadEncoding(strings.NewReader(string(data)), enc)
	if err != nil {
		return errors.New(a.tr().T("cli.import_trf.bad", "Path", opts.file, "Err", err))
	}
	if err := hasPlayers(a.tr(), f, opts.file); err != nil {
		return err
	}
	if f.Encoding != utext.UTF8 {
		a.note(a.tr().T("cli.read.encoding", "File", filepath.Base(opts.file), "Encoding", f.Encoding.String()))
	}
	ti, notes, err := trfImport(f, opts.file)
	if err != nil {
		return fmt.Errorf("%s: %w", opts.file, err)
	}
	if opts.name != "" {
		ti.Tournament.Name = strings.TrimSpace(opts.name)
	}
	if strings.TrimSpace(ti.Tournament.Name) == "" {
		return errors.New(a.tr().T("cli.import_trf.noname", "File", opts.file))
	}
	var got desk.ImportedTournament
	err = a.withDesk(ctx, desk.Create, func(db *desk.Desk) error {
		var err error
		got, err = db.ImportTournament(ctx, ti)
		return err
	})
	if errors.Is(err, desk.ErrConflict) {
		return hintPhrase(err, phrase.New("cli.import_trf.conflict"))
	}
	if errors.Is(err, desk.ErrInvalid) {
		return &wordedError{a.tr().T("cli.import_trf.bad", "Path", opts.file, "Err", errWords(a.tr(), err)), err}
	}
	if err != nil {
		return err
	}
	for _, n := range notes {
		a.notef("%s", n)
	}
	reused := 0
	for _, p := range got.Players {
		if !p.NewPlayer {
			reused++
		}
	}
	t := got.Tournament
	l := a.tr()
	a.note(l.T("cli.import_trf.done", "ID", t.ID, "Name", strconv.Quote(t.Name), "File", filepath.Base(opts.file),
		"Players", l.N("cli.players", len(got.Players)), "Reused", reused, "Played", len(ti.Rounds), "Rounds", t.Rounds))
	return nil
}

// trfImport turns a TRF file into a tournament to store, with notices
// about what the file says that arbiter does not keep.
func trfImport(f *trf.File, source string) (desk.TournamentImport, []string, error) {
	in, err := desk.FromTRF(f, source)
	if err != nil {
		return in.Import, nil, err
	}
	var notes []string
	if in.RoundsAssumed > 0 {
		notes = append(notes, fmt.Sprintf("The file does not say how many rounds are planned (XXR or 142): taking %d; change it with arbiter tournament set --rounds N.", in.RoundsAssumed))
	}
	return in.Import, append(notes, in.Notes...), nil
}
