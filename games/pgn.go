package games

import (
	"strings"

	"github.com/labyrinth-chess/arbiter"
)

// Values of the PGN Termination tag that arbiter writes and reads (the
// PGN standard lists them with the tag).
const (
	TermNormal      = "normal"
	TermTimeForfeit = "time forfeit"
	TermAbandoned   = "abandoned"
	TermAdjudicated = "adjudication"
)

// PGNResult writes a result as a PGN Result tag and game termination
// marker: "1-0", "0-1", "1/2-1/2", or "*" for no result. A forfeit is
// written as the win it scores ("1-0" for +-), a double forfeit as "*":
// Termination "abandoned" tells them from played games.
func PGNResult(r arbiter.Result) string {
	switch r {
	case arbiter.WhiteWins, arbiter.WhiteForfeit:
		return "1-0"
	case arbiter.BlackWins, arbiter.BlackForfeit:
		return "0-1"
	case arbiter.Draw:
		return "1/2-1/2"
	}
	return "*"
}

// Termination returns the PGN Termination tag of a board's result and
// its reason: "abandoned" for a forfeit (the game was not played), "time
// forfeit" for a result on time, "adjudication" for the arbiter's
// decision, "normal" for any other result, and "" when there is no
// result yet.
func Termination(r arbiter.Result, reason string) string {
	switch {
	case r == arbiter.NoResult:
		return ""
	case r.Forfeit():
		return TermAbandoned
	case reason == ReasonTime:
		return TermTimeForfeit
	case reason == ReasonArbiter:
		return TermAdjudicated
	}
	return TermNormal
}

// ParseTermination reads a game's Result and Termination tags back into
// a result and a reason, as Termination writes them. A game without moves
// whose Termination is "abandoned" was not played: "1-0" is a win by
// forfeit for White, "0-1" for Black, and "*" a double forfeit. "normal"
// or an unknown termination gives no reason: the moves may tell it.
func ParseTermination(result, termination string, played bool) (arbiter.Result, string) {
	var r arbiter.Result
	switch strings.TrimSpace(result) {
	case "1-0":
		r = arbiter.WhiteWins
	case "0-1":
		r = arbiter.BlackWins
	case "1/2-1/2":
		r = arbiter.Draw
	}
	switch strings.ToLower(strings.TrimSpace(termination)) {
	case TermTimeForfeit:
		return r, ReasonTime
	case TermAdjudicated:
		return r, ReasonArbiter
	case TermAbandoned:
		if played {
			return r, ""
		}
		switch r {
		case arbiter.WhiteWins:
			return arbiter.WhiteForfeit, ReasonForfeit
		case arbiter.BlackWins:
			return arbiter.BlackForfeit, ReasonForfeit
		case arbiter.NoResult:
			return arbiter.DoubleForfeit, ReasonForfeit
		}
	}
	return r, ""
}
