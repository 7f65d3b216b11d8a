package arbiter

import (
	"fmt"
	"strings"
)

// Result is the outcome of a board. The zero Result means no result has been
// entered yet. Values are stored in the database: never reorder.
type Result int8

// Results of a board (FIDE Laws art. 10, art. 11 before 2018, for the points; forfeits score as
// wins and losses but the game counts as not played).
const (
	NoResult      Result = iota // "" game not finished or not entered
	WhiteWins                   // 1-0
	BlackWins                   // 0-1
	Draw                        // 1/2-1/2
	WhiteForfeit                // +- White wins by forfeit
	BlackForfeit                // -+ Black wins by forfeit
	DoubleForfeit               // -- both lose by forfeit
)

// String returns the canonical code: "1-0", "0-1", "1/2-1/2", "+-", "-+",
// "--", or "" for NoResult; "1/2-0", "0-1/2" and "0-0p" for the rare games
// of a Double-Swiss match (ParseGame).
func (r Result) String() string {
	switch r {
	case WhiteWins:
		return "1-0"
	case BlackWins:
		return "0-1"
	case Draw:
		return "1/2-1/2"
	case WhiteForfeit:
		return "+-"
	case BlackForfeit:
		return "-+"
	case DoubleForfeit:
		return "--"
	case HalfZero:
		return "1/2-0"
	case ZeroHalf:
		return "0-1/2"
	case ZeroZero:
		return "0-0p"
	}
	return ""
}

// Played reports whether the game was played over the board (a decisive or
// drawn game, not a forfeit). NoResult counts as played: the game is on.
func (r Result) Played() bool {
	return r != WhiteForfeit && r != BlackForfeit && r != DoubleForfeit
}

// Forfeit reports whether the result is a forfeit of either kind.
func (r Result) Forfeit() bool { return !r.Played() }

// Points returns the score the given colour gets from the result: a win or a
// forfeit win is One, a draw Half, anything else Zero.
func (r Result) Points(c Colour) Score {
	switch r {
	case WhiteWins, WhiteForfeit:
		if c == White {
			return One
		}
	case BlackWins, BlackForfeit:
		if c == Black {
			return One
		}
	case Draw:
		return Half
	case HalfZero:
		if c == White {
			return Half
		}
	case ZeroHalf:
		if c == Black {
			return Half
		}
	}
	return Zero
}

// Reverse returns the result with colours swapped (1-0 becomes 0-1).
func (r Result) Reverse() Result {
	switch r {
	case WhiteWins:
		return BlackWins
	case BlackWins:
		return WhiteWins
	case WhiteForfeit:
		return BlackForfeit
	case BlackForfeit:
		return WhiteForfeit
	case HalfZero:
		return ZeroHalf
	case ZeroHalf:
		return HalfZero
	}
	return r
}

// ResultCodes lists the accepted spellings, for error messages.
const ResultCodes = "1-0, 0-1, 1/2 (or ½-½, ½, =, x, patta, 0.5-0.5), +- or -+ (forfeit), -- (double forfeit)"

// ParseResult reads a result as an organizer types it: "1-0", "0-1",
// "1/2", "1/2-1/2", "½-½", "½", "=", "0.5-0.5", "+-", "-+", "--", and the
// draw as an Italian club writes it on the slips, "patta" or "x", in
// every language. The empty string and "*" give NoResult.
func ParseResult(text string) (Result, error) {
	t := strings.ToLower(strings.TrimSpace(text))
	t = strings.ReplaceAll(t, " ", "")
	t = strings.ReplaceAll(t, "–", "-") // en dash, as word processors write it
	switch t {
	case "", "*":
		return NoResult, nil
	case "1-0", "1:0":
		return WhiteWins, nil
	case "0-1", "0:1":
		return BlackWins, nil
	case "1/2", "1/2-1/2", "½-½", "½", "=", "0.5-0.5", "0.5", ",5-,5", "0,5-0,5", "draw", "x", "patta":
		return Draw, nil
	case "+-", "+:-", "1-0f", "1f-0f", "+/-":
		return WhiteForfeit, nil
	case "-+", "-:+", "0-1f", "0f-1f", "-/+":
		return BlackForfeit, nil
	case "--", "-:-", "0-0", "0f-0f":
		return DoubleForfeit, nil
	}
	return NoResult, fmt.Errorf("unknown result %q: type one of %s", text, ResultCodes)
}

// ByeKind says why a player in a round has no opponent. Values are stored
// in the database: never reorder.
type ByeKind int8

// Bye kinds. The TRF letters are those of the FIDE TRF-16 round block.
const (
	NoBye    ByeKind = iota
	PAB              // pairing-allocated bye (C.04.1 art. 3), TRF "U"
	HalfBye          // requested half-point bye, TRF "H"
	ZeroBye          // requested zero-point bye (known absence), TRF "Z"
	Unpaired         // absent, withdrawn or not yet entered: not paired, TRF "Z" or blank
	FullBye          // requested full-point bye, TRF "F"
)

// String returns the code used in JSON and on screen: "PAB", "H", "Z",
// "U", "F", or "" for NoBye.
func (k ByeKind) String() string {
	switch k {
	case PAB:
		return "PAB"
	case HalfBye:
		return "H"
	case ZeroBye:
		return "Z"
	case Unpaired:
		return "U"
	case FullBye:
		return "F"
	}
	return ""
}

// Requested reports whether the bye was asked for by the player (H, Z, F).
func (k ByeKind) Requested() bool { return k == HalfBye || k == ZeroBye || k == FullBye }

// ParseByeKind reads "PAB", "H", "Z", "U" or "F" (any case).
func ParseByeKind(text string) (ByeKind, error) {
	switch strings.ToUpper(strings.TrimSpace(text)) {
	case "PAB", "BYE":
		return PAB, nil
	case "H", "HPB":
		return HalfBye, nil
	case "Z", "ZPB":
		return ZeroBye, nil
	case "U":
		return Unpaired, nil
	case "F", "FPB":
		return FullBye, nil
	}
	return NoBye, fmt.Errorf("unknown bye %q: type PAB, H (half point), Z (zero point), U (absent) or F (full point)", text)
}
