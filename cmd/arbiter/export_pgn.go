package main

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/games"
	"github.com/labyrinth-chess/arbiter/rules"
	"github.com/labyrinth-chess/arbiter/store"
	"github.com/spf13/cobra"
)

// exportPGNOptions are the inputs of "export pgn".
type exportPGNOptions struct {
	File  string
	Round int // 0: every round paired
	Lang  rules.Lang
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
		Args:              oneArg("export pgn: give one FILE to write, e.g. arbiter export pgn games.pgn"),
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
	err := a.withStore(ctx, store.ReadOnly, func(db *store.DB) error {
		s, err := a.snapshot(ctx, db)
		if err != nil {
			return err
		}
		first, last := 1, len(s.Rounds)
		if opts.Round != 0 {
			n, err := roundOf(s, opts.Round)
			if err != nil {
				return err
			}
			first, last = n, n
		} else if last == 0 {
			return fmt.Errorf("no round of %s is paired yet: no game to export", s.Tournament.Name)
		}
		data, written, withMoves, err = pgnOf(ctx, db, s, opts.Round, first, last, opts.Lang)
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

// pgnOf returns rounds first to last of s as PGN (round is the --round
// asked, 0 for all), with the number of games and of games with moves.
func pgnOf(ctx context.Context, db *store.DB, s *store.Snapshot, round, first, last int, lang rules.Lang) (data []byte, written, withMoves int, err error) {
	stored, err := db.Games(ctx, s.Tournament.ID, round, 0)
	if err != nil {
		return nil, 0, 0, err
	}
	latest := map[[2]int]store.Game{}
	for _, g := range stored {
		latest[[2]int{g.Round, g.Board}] = g
	}
	for n := first; n <= last; n++ {
		d, err := db.RoundDetail(ctx, s.Tournament.ID, n)
		if err != nil {
			return nil, 0, 0, err
		}
		for _, b := range s.Rounds[n-1].Boards {
			var sg *store.Game
			if g, ok := latest[[2]int{n, b.Number}]; ok {
				sg = &g
				withMoves++
			}
			g, err := exportGame(s, n, b, d.Reasons[b.Number], sg, lang)
			if err != nil {
				return nil, 0, 0, err
			}
			data = rules.AppendPGN(data, g)
			written++
		}
	}
	return data, written, withMoves, nil
}

// exportTags are the tags export pgn writes itself; a stored game's own
// values for them are dropped.
var exportTags = []string{"Event", "Site", "Date", "Round", "White", "Black", "Result", "WhiteElo", "BlackElo", "Termination"}

// exportGame builds the PGN game of board b of round n: the tournament's
// tags, and the moves of the stored game sg (nil for none) in SAN.
func exportGame(s *store.Snapshot, n int, b arbiter.Board, reason string, sg *store.Game, lang rules.Lang) (*rules.Game, error) {
	t := s.Tournament
	seat := seatOf(s, n, b)
	orUnknown := func(v string) string {
		if strings.TrimSpace(v) == "" {
			return "?"
		}
		return v
	}
	date := "????.??.??"
	if t.Date != "" {
		date = strings.ReplaceAll(t.Date, "-", ".")
	}
	result := games.PGNResult(b.Result)
	out := &rules.Game{Result: result}
	out.Tags = []rules.Tag{{Name: "Event", Value: t.Name}, {Name: "Site", Value: orUnknown(t.Venue)}, {Name: "Date", Value: date},
		{Name: "Round", Value: games.FormatRound(n, b.Number)}, {Name: "White", Value: seat.White}, {Name: "Black", Value: seat.Black},
		{Name: "Result", Value: result}}
	for _, c := range []struct {
		tag string
		pn  int
	}{{"WhiteElo", b.White}, {"BlackElo", b.Black}} {
		if e := s.Entry(c.pn); e != nil && e.Player.Rating > 0 {
			out.Tags = append(out.Tags, rules.Tag{Name: c.tag, Value: strconv.Itoa(e.Player.Rating)})
		}
	}
	if term := games.Termination(b.Result, reason); term != "" {
		out.Tags = append(out.Tags, rules.Tag{Name: "Termination", Value: term})
	}
	if sg == nil {
		switch b.Result {
		case arbiter.WhiteForfeit, arbiter.BlackForfeit:
			out.Comments = []string{"Forfeit: the game was not played"}
		case arbiter.DoubleForfeit:
			out.Comments = []string{"Double forfeit: neither player came"}
		}
		return out, nil
	}
	g, err := rules.NewReader(strings.NewReader(sg.PGN)).Read()
	if err != nil {
		return nil, fmt.Errorf("the game of round %d board %d cannot be read back: %w", n, b.Number, err)
	}
	for _, tg := range g.Tags {
		if !slices.Contains(exportTags, tg.Name) {
			out.Tags = append(out.Tags, tg)
		}
	}
	written, _ := rules.ParseLang(sg.Letters)
	err = rules.Normalize(g, rules.Options{Lang: written}, lang)
	var im *rules.IllegalMove
	switch {
	case errors.As(err, &im):
		// PGN movetext holds legal moves only: the score stops before
		// the illegal move, and a comment gives the rest as written.
		note := fmt.Sprintf("Illegal move %s: %s (%s); the score goes on: %s", im.Move(), im.Reason, rules.Cite(im.Article), strings.Join(unplayable(g, im), " "))
		g.Moves = g.Moves[:im.Ply-1]
		if k := len(g.Moves); k > 0 {
			g.Moves[k-1].Comments = append(g.Moves[k-1].Comments, note)
		} else {
			g.Comments = append(g.Comments, note)
		}
	case err != nil:
		g.Comments = append(g.Comments, fmt.Sprintf("The score cannot be replayed (%v): %s", err, strings.Join(unplayable(g, &rules.IllegalMove{Ply: 1, Number: 1}), " ")))
		g.Moves = nil
	}
	out.Comments, out.Moves = g.Comments, g.Moves
	if sg.Ruling != "" {
		out.Comments = append([]string{rulingPrefix + sg.Ruling}, out.Comments...)
	}
	return out, nil
}
