package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/spf13/cobra"
)

// newRoundCmd returns the "round" noun.
func newRoundCmd(a *app) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "round <command>",
		RunE:  nounRun,
		Short: "Pair rounds, show them and enter results",
		Long: `Rounds are paired one at a time, once every result of the previous round is
in. Boards are numbered from 1; players are named by pairing number.`,
	}
	cmd.AddCommand(
		newRoundPairCmd(a),
		newRoundShowCmd(a),
		newRoundUnpairCmd(a),
		newRoundResultCmd(a),
		newRoundResultsCmd(a),
		newRoundSwapCmd(a),
		newRoundEditCmd(a),
		newRoundCheckinCmd(a),
		newRoundAbsentCmd(a),
		newRoundPresenceCmd(a),
		newRoundPublishCmd(a),
	)
	return cmd
}

// roundJSON is a round in JSON (desk.RoundView).
type (
	roundJSON = desk.RoundView
	boardJSON = desk.BoardView
)

func toRoundJSON(d desk.RoundDetail) roundJSON { return desk.RoundViewOf(d) }

// printRound writes round d of s as a table: each board with the
// players' scores before the round, then the byes with their points.
func printRound(w io.Writer, l *locale.Localizer, s *desk.Snapshot, d desk.RoundDetail, explain bool) error {
	t := s.Tournament
	fmt.Fprintln(w, l.T("cli.round.title", "Round", d.Number, "Rounds", t.Rounds, "Name", t.Name))
	tab, err := s.Table(d.Number - 1)
	if err != nil {
		return err
	}
	before := func(pn int) string {
		if c := tab.Card(pn); c != nil {
			return c.Score().Fraction()
		}
		return ""
	}
	tb := newTable(true, false, true, false, true, false)
	tb.add(l.T("col.board"), l.T("col.white"), l.T("col.points"), l.T("col.black"), l.T("col.points"), l.T("col.result"))
	for _, b := range d.Boards {
		res := resultText(b.Result)
		if t.System == arbiter.DoubleSwiss {
			res = matchCell(b.Match())
		}
		if r := d.Reasons[b.Number]; r != "" && b.Result != arbiter.NoResult {
			res += " (" + r + ")"
		}
		tb.add(strconv.Itoa(b.Number), playerCell(s, b.White), before(b.White), playerCell(s, b.Black), before(b.Black), res)
		if explain && d.BoardNotes[b.Number] != "" {
			for _, l := range wrap(l.Stored(d.BoardNotes[b.Number]), noteWidth) {
				tb.line(noteIndent + l)
			}
		}
	}
	for _, b := range d.Byes {
		tb.add("", playerCell(s, b.PN), before(b.PN), byeWords(l, b.Kind), "", byePoints(s, b))
		if explain && d.ByeNotes[b.PN] != "" {
			for _, l := range wrap(l.Stored(d.ByeNotes[b.PN]), noteWidth) {
				tb.line(noteIndent + l)
			}
		}
	}
	return tb.write(w)
}

// Explanations are printed under their board, indented past the board
// number and wrapped to fit a terminal.
const (
	noteIndent = "       "
	noteWidth  = 72
)

// wrap breaks text into lines of at most width characters at spaces (a
// longer word gets a line of its own).
func wrap(text string, width int) []string {
	var lines []string
	var cur strings.Builder
	n := 0
	for _, w := range strings.Fields(text) {
		l := utf8.RuneCountInString(w)
		if n > 0 && n+1+l > width {
			lines = append(lines, cur.String())
			cur.Reset()
			n = 0
		}
		if n > 0 {
			cur.WriteByte(' ')
			n++
		}
		cur.WriteString(w)
		n += l
	}
	if n > 0 {
		lines = append(lines, cur.String())
	}
	return lines
}

// resultText shows a result as on a pairing sheet: ½ for draws.
func resultText(r arbiter.Result) string {
	if r == arbiter.Draw {
		return "½-½"
	}
	return r.String()
}

// matchCell shows a Double-Swiss match as on a pairing sheet: the match
// score from game 1's White, then both games, "1½-½ (1-0 ½-½)"; nothing
// before its result is in.
func matchCell(m arbiter.Match) string {
	if m == (arbiter.Match{}) {
		return ""
	}
	return m.Score() + " (" + resultText(m.First) + " " + resultText(m.Second) + ")"
}

// playerCell writes "7 Rossi, Mario (1850)".
func playerCell(s *desk.Snapshot, pn int) string {
	if e := s.Entry(pn); e != nil {
		return entryLabel(*e)
	}
	return strconv.Itoa(pn)
}

// byePoints returns the points a bye is worth in the tournament.
func byePoints(s *desk.Snapshot, b arbiter.Bye) string {
	return s.Tournament.ByeValue(b.Kind).Fraction()
}
