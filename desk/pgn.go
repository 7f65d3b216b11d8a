package desk

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/games"
	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/labyrinth-chess/arbiter/rules"
)

// RulingPrefix starts the comment that carries the arbiter's ruling in
// the PGN ExportPGN writes in English letters; RulingPrefixes are those
// of every language it writes (Italian: "Decisione: "), all read back.
const RulingPrefix = "Ruling: "

// RulingPrefixes start the comment of a ruling in each language.
var RulingPrefixes = []string{RulingPrefix, "Decisione: "}

// pgnWords words the comments of a PGN written in the letters of lang: in
// Italian for Italian letters, in English (the language of PGN) else.
func pgnWords(lang rules.Lang) *locale.Localizer {
	if lang == rules.Italian {
		return locale.New(locale.Italian)
	}
	return english()
}

// ExportPGN writes the games of rounds first to last of s to w as PGN,
// one per board in board order, with the stored game's moves when the
// board has one (the latest submitted), in the letters of lang. It
// returns how many games it wrote and how many of them have moves.
func (d *Desk) ExportPGN(ctx context.Context, s *Snapshot, first, last int, lang rules.Lang, w io.Writer) (written, withMoves int, _ error) {
	round := 0
	if first == last {
		round = first
	}
	stored, err := d.db.Games(ctx, s.Tournament.ID, round, 0)
	if err != nil {
		return 0, 0, err
	}
	latest := map[[2]int]Game{}
	for _, g := range stored {
		latest[[2]int{g.Round, g.Board}] = g
	}
	var data []byte
	for n := first; n <= last; n++ {
		rd, err := d.db.RoundDetail(ctx, s.Tournament.ID, n)
		if err != nil {
			return 0, 0, err
		}
		for _, b := range s.Rounds[n-1].Boards {
			var sg *Game
			if g, ok := latest[[2]int{n, b.Number}]; ok {
				sg = &g
				withMoves++
			}
			g, err := PGNGame(s, n, b, rd.Reasons[b.Number], sg, lang)
			if err != nil {
				return 0, 0, err
			}
			data = rules.AppendPGN(data, g)
			written++
		}
	}
	_, err = w.Write(data)
	return written, withMoves, err
}

// exportTags are the tags ExportPGN writes itself; a stored game's own
// values for them are dropped.
var exportTags = []string{"Event", "Site", "Date", "Round", "White", "Black", "Result", "WhiteElo", "BlackElo", "Termination"}

// PGNGame builds the PGN game of board b of round n: the tournament's
// tags, and the moves of the stored game sg (nil for none) in SAN with
// the letters of lang. Moves from an illegal one on, which PGN cannot
// hold, go into a comment as written (Laws art. 3).
func PGNGame(s *Snapshot, n int, b arbiter.Board, reason string, sg *Game, lang rules.Lang) (*rules.Game, error) {
	t := s.Tournament
	seat := SeatOf(s, n, b)
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
	l := pgnWords(lang)
	if sg == nil {
		switch b.Result {
		case arbiter.WhiteForfeit, arbiter.BlackForfeit:
			out.Comments = []string{l.T("pgn.forfeit")}
		case arbiter.DoubleForfeit:
			out.Comments = []string{l.T("pgn.doubleforfeit")}
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
		why := im.Reason
		if !im.Why.IsZero() {
			why = l.Word(im.Why)
		}
		note := l.T("pgn.illegal", "Move", im.Move(), "Reason", why, "Article", rules.Cite(im.Article), "Rest", strings.Join(Unplayable(g, im), " "))
		g.Moves = g.Moves[:im.Ply-1]
		if k := len(g.Moves); k > 0 {
			g.Moves[k-1].Comments = append(g.Moves[k-1].Comments, note)
		} else {
			g.Comments = append(g.Comments, note)
		}
	case err != nil:
		g.Comments = append(g.Comments, l.T("pgn.unreplayable", "Err", err.Error(), "Rest", strings.Join(Unplayable(g, &rules.IllegalMove{Ply: 1, Number: 1}), " ")))
		g.Moves = nil
	}
	out.Comments, out.Moves = g.Comments, g.Moves
	if sg.Ruling != "" {
		out.Comments = append([]string{l.T("pgn.ruling", "Ruling", sg.Ruling)}, out.Comments...)
	}
	return out, nil
}

// Unplayable returns the moves of g from the first illegal one on, as
// written, numbered: ["4...Nd4", "5.Nxd4", "exd4"].
func Unplayable(g *rules.Game, im *rules.IllegalMove) []string {
	if im == nil {
		return nil
	}
	var out []string
	number, black := im.Number, im.Side == rules.Black
	for i, nd := range g.Moves[im.Ply-1:] {
		switch {
		case !black:
			out = append(out, strconv.Itoa(number)+"."+nd.Text)
		case i == 0:
			out = append(out, strconv.Itoa(number)+"..."+nd.Text)
		default:
			out = append(out, nd.Text)
		}
		if black {
			number++
		}
		black = !black
	}
	return out
}

// SeatOf names board b of round n of s: its round, number and players.
func SeatOf(s *Snapshot, n int, b arbiter.Board) games.Seat {
	name := func(pn int) string {
		if e := s.Entry(pn); e != nil {
			return e.Player.Name
		}
		return strconv.Itoa(pn)
	}
	return games.Seat{Round: n, Board: b.Number, White: name(b.White), Black: name(b.Black)}
}
