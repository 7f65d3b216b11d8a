package desk

import (
	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/phrase"
	"github.com/labyrinth-chess/arbiter/store"
)

// The state machine of a result reported from the board. A board of the
// round in play is open; one player's report makes it Reported; the
// same player may replace their report until the opponent answers; the
// opponent's same result makes it Confirmed (the result is judged and
// entered), another one Disputed (the organizer decides: Accepted, with
// a ruling kept for the players, or Rejected, the board open again). A
// result entered another way closes it (Superseded). The store runs the
// steps inside the transaction of each write (store.ReportStep), on the
// board as stored then, and the organizer's decisions through
// openReport.

// reportStep is the desk's store.ReportStep: with seat NoColour, whether
// the board may be answered at all, before any PIN is compared; with the
// seat proven, the report's next state. m is a game's result as m.First,
// or on a board of a Double-Swiss tournament (c.Double) the match, both
// games, each 1-0, ½-½ or 0-1 in its own game's colours: a match is
// reported and confirmed whole (C.04.5, points per game), and the
// opponent confirms it only by giving the same two games.
func reportStep(c arbiter.BoardCode, seat arbiter.Colour, m arbiter.Match, confirm bool) (string, error) {
	rep := c.Report
	if seat == arbiter.NoColour {
		entered := c.Result.String()
		if c.Double {
			entered = c.Match().String()
		}
		switch {
		case c.Double && !m.Complete():
			return "", refuse(ErrInvalid, "result", "refuse.report.match-both", "Board", c.Board)
		case !c.Double && m.Second != arbiter.NoResult:
			return "", refuse(ErrInvalid, "result", "refuse.report.not-match", "Board", c.Board)
		case !fromBoard(m.First):
			// Forfeits and corrections stay with the organizer.
			return "", refuse(ErrInvalid, "result", "refuse.report.result", "Result", m.First.String())
		case c.Double && !fromBoard(m.Second):
			return "", refuse(ErrInvalid, "result", "refuse.report.result", "Result", m.Second.String())
		case c.Result != arbiter.NoResult && confirm:
			return "", refuse(ErrConflict, "board", "refuse.report.entered", "Board", c.Board, "Result", entered)
		case c.Result != arbiter.NoResult:
			return "", refuse(ErrConflict, "board", "refuse.report.entered-correct", "Board", c.Board, "Result", entered)
		case rep == nil && confirm:
			return "", refuse(ErrConflict, "board", "refuse.report.none-yet", "Board", c.Board)
		case rep != nil && rep.Status == arbiter.Disputed:
			return "", refuse(ErrConflict, "board", "refuse.report.disputed", "Board", c.Board)
		}
		return "", nil
	}
	switch {
	case confirm && seat == rep.Seat:
		// A report is confirmed by the other seat: never by its own.
		return "", refuse(ErrWrongSeat, "pin", "refuse.report.own-seat", "Colour", colourText(rep.Seat), "Result", rep.Text(),
			"Other", colourText(rep.Seat.Opposite()))
	case rep == nil, rep.Seat == seat:
		return arbiter.Reported, nil // a first report, or the reporter's own replaced
	case m != rep.Match():
		return arbiter.Disputed, nil
	}
	return arbiter.Confirmed, nil
}

// fromBoard reports whether a player may report r for a game: a game
// played and won, lost or drawn.
func fromBoard(r arbiter.Result) bool {
	return r == arbiter.WhiteWins || r == arbiter.BlackWins || r == arbiter.Draw
}

var _ store.ReportStep = reportStep

// openStep is the desk's store.OpenStep: the organizer decides only a
// report still open; a ruling (rule) only a disputed one.
func openStep(rule bool) store.OpenStep {
	return func(rep arbiter.WebReport) error {
		switch {
		case !rep.Open():
			return refuse(ErrConflict, "report", "refuse.report.closed", "ID", int(rep.ID), "Status", phrase.New("refuse.report.status."+rep.Status))
		case rule && rep.Status != arbiter.Disputed:
			return refuse(ErrConflict, "report", "refuse.report.not-disputed", "ID", int(rep.ID))
		}
		return nil
	}
}
