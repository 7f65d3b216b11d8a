package main

import (
	"bytes"
	"context"
	"errors"

	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/spf13/cobra"
)

// exportPGNOptions are the inputs of "export pgn".
type exportPGNOptions struct {
	File  string
	Round int // 0: every round paired
	Lang  desk.Lang
}

func newExportPGNCmd(a *app, runF func(context.Context, *exportPGNOptions) error) *cobra.Command {
	opts := &exportPGNOptions{}
	var lang string
	cmd := &cobra.Command{
		Use:   "pgn <file>",
		Short: "Write the games of the tournament as a PGN file",
		Long: `Write every board of the tournament (or of round N) as a game in PGN export
format: the Seven Tag Roster in order (Event, Site, Date, Round "R.B" for
round R board B, White, Black, Result), then WhiteElo and BlackElo when the
players are rated and Termination when the result is in ("normal", "time
forfeit", "adjudication" for the arbiter's decision, "abandoned" for a
forfeit), and the moves in Standard Algebraic Notation, English letters
unless --lang it, in lines under 80 characters.

A board without a game attached is written with its result alone. A game
the arbiter ruled on carries the ruling in a comment {Ruling: ...} before
the first move; its moves stop before an illegal one, which a comment gives
with the rest of the score as written. A forfeit is written as the win it
scores with Termination "abandoned"; a double forfeit as "*". Byes are not
games and are left out. arbiter game import reads the file back as it was
written. Use - as FILE to write to standard output; a file is written whole
or not at all.`,
		Example: `  $ arbiter export pgn labyrinth.pgn
  $ arbiter export pgn round3.pgn --round 3
  $ arbiter export pgn partite.pgn --lang it`,
		Args:              oneArg(a, "cli.args.exportpgn"),
		ValidArgsFunction: fileArg("pgn"),
		RunE: func(cmd *cobra.Command, args []string) error {
			l, err := outputLang(lang)
			if err != nil {
				return err
			}
			opts.File, opts.Lang = args[0], l
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return runExportPGN(cmd.Context(), a, opts)
		},
	}
	a.roundFlag(cmd, &opts.Round, "write round `N` only (default: every round paired)")
	writeLangFlag(cmd, &lang, "piece letters of the moves: {en|it} (PGN is en)")
	return cmd
}

func runExportPGN(ctx context.Context, a *app, opts *exportPGNOptions) error {
	if err := a.checkOutput(opts.File); err != nil {
		return err
	}
	var data []byte
	written, withMoves := 0, 0
	err := a.withDesk(ctx, desk.ReadOnly, func(db *desk.Desk) error {
		s, err := a.snapshot(ctx, db)
		if err != nil {
			return err
		}
		first, last := 1, len(s.Rounds)
		if opts.Round != 0 {
			n, err := roundOf(a.tr(), s, opts.Round)
			if err != nil {
				return err
			}
			first, last = n, n
		} else if last == 0 {
			return errors.New(a.tr().T("cli.export_pgn.nopaired", "Name", s.Tournament.Name))
		}
		var buf bytes.Buffer
		written, withMoves, err = db.ExportPGN(ctx, s, first, last, opts.Lang, &buf)
		data = buf.Bytes()
		return err
	})
	if err != nil {
		return err
	}
	if err := a.writeOutput(opts.File, data); err != nil {
		return err
	}
	l := a.tr()
	what := opts.File
	if what == "-" {
		what = l.T("cli.stdout")
	}
	a.note(l.T("cli.wrote.pgn", "What", what, "Games", l.N("cli.games", written), "Moves", withMoves))
	return nil
}
