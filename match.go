package arbiter

import (
	"fmt"
	"strings"
)

// Results a game of a Double-Swiss match may have besides those of
// ordinary play (FIDE C.04.5, Preface: "a game can (rarely) end ½-0, 0-½,
// or 0-0"). They are game results played over the board, appended after
// the others because results are stored: never reorder. ParseResult does
// not accept them (a Swiss or round-robin game has no use for them);
// ParseGame does.
const (
	HalfZero Result = iota + DoubleForfeit + 1 // ½-0: White scores half a point, Black nothing
	ZeroHalf                                   // 0-½: Black scores half a point, White nothing
	ZeroZero                                   // 0-0 played: both lose
)

// GameCodes lists the spellings ParseGame accepts, for error messages.
const GameCodes = ResultCodes + ", 1/2-0 or 0-1/2 (half a point to one player only), 0-0p (played, both lose)"

// ParseGame reads the result of one game of a Double-Swiss match: every
// spelling of ParseResult, and "1/2-0" ("½-0"), "0-1/2" ("0-½") and
// "0-0p" (a game played that both players lose) for the rare results of
// the C.04.5 Preface. "0-0" stays a double forfeit, as ParseResult reads it.
func ParseGame(text string) (Result, error) {
	t := strings.ToLower(strings.TrimSpace(text))
	t = strings.ReplaceAll(t, " ", "")
	t = strings.ReplaceAll(t, "–", "-")
	switch t {
	case "1/2-0", "½-0", "0.5-0", "0,5-0":
		return HalfZero, nil
	case "0-1/2", "0-½", "0-0.5", "0-0,5":
		return ZeroHalf, nil
	case "0-0p", "0p-0p", "0-0(played)":
		return ZeroZero, nil
	}
	r, err := ParseResult(text)
	if err != nil {
		return NoResult, fmt.Errorf("unknown game result %q: type one of %s", text, GameCodes)
	}
	return r, nil
}

// Match is the result of a Double-Swiss match (FIDE C.04.5): two games
// played in succession by the two players of a board, with the colours
// reversed. First is game 1, in which the board's White has White; Second
// is game 2, in which the board's Black has White. Each is written in its
// own game's colours, as the score sheet of that game says: a Second of
// WhiteWins is a win of the board's Black. The zero Match has no result.
type Match struct {
	First, Second Result
}

// Points returns what the player who had colour c in game 1 scores in the
// match: the points of both games (C.04.5 Preface: "points assigned for
// each game"), so 2, 1½, 1, ½ or 0, and 1½-0, ½-½ or 0-0 for the rare
// results.
func (m Match) Points(c Colour) Score {
	return m.First.Points(c) + m.Second.Points(c.Opposite())
}

// Complete reports whether both games have a result.
func (m Match) Complete() bool { return m.First != NoResult && m.Second != NoResult }

// forfeitedBy reports whether the player with colour c in a game of
// result r did not play it: a forfeit lost, or a double forfeit.
func forfeitedBy(r Result, c Colour) bool {
	switch r {
	case DoubleForfeit:
		return true
	case WhiteForfeit:
		return c == Black
	case BlackForfeit:
		return c == White
	}
	return false
}

// ForfeitedBy reports whether the player who had colour c in game 1
// forfeited both games: only then did that player forfeit the match
// (C.04.5 Preface).
func (m Match) ForfeitedBy(c Colour) bool {
	return forfeitedBy(m.First, c) && forfeitedBy(m.Second, c.Opposite())
}

// Forfeit reports whether the match ended by forfeit: at least one player
// forfeited both games (C.04.5 Preface). Such a match is not a meeting:
// the two players may be paired again in a later round.
func (m Match) Forfeit() bool { return m.ForfeitedBy(White) || m.ForfeitedBy(Black) }

// Played reports whether the match counts as played: every complete match
// that is not a forfeit. A single forfeited game does not change that
// ("for the purposes of tie-breaks and standings, any forfeited (single)
// game shall be treated as played", C.04.5 Preface; rating aside).
func (m Match) Played() bool { return !m.Forfeit() }

// WonByForfeit reports whether the player who had colour c in game 1 won
// the match by forfeit: the opponent forfeited both games and the player
// did not. Such a player may not get the pairing-allocated bye later
// (C.04.5 C2).
func (m Match) WonByForfeit(c Colour) bool {
	return m.ForfeitedBy(c.Opposite()) && !m.ForfeitedBy(c)
}

// GamePlayed reports whether at least one of the two games was played over
// the board: only then do the players have a colour in the match, the
// colour of game 1 (C.04.5 1.6).
func (m Match) GamePlayed() bool {
	return m.First != NoResult && m.First.Played() || m.Second != NoResult && m.Second.Played()
}

// String writes the match as its two games, "1-0 1/2-1/2", each in its own
// game's colours; a game without a result is "*".
func (m Match) String() string {
	g := func(r Result) string {
		if r == NoResult {
			return "*"
		}
		return r.String()
	}
	return g(m.First) + " " + g(m.Second)
}

// Score writes the match score from game 1's White: "1½-½", "2-0",
// "1-1". A game without a result counts nothing.
func (m Match) Score() string {
	return m.Points(White).Fraction() + "-" + m.Points(Black).Fraction()
}

// ParseMatch reads the two games of a match, game 1 then game 2, each as
// ParseGame reads it and in its own game's colours, separated by spaces, a
// comma or a slash: "1-0 ½-½", "0-1,1-0". A match score such as "1½-½"
// is refused: it does not say which game was won, nor with which colour.
func ParseMatch(text string) (Match, error) {
	fields := strings.FieldsFunc(text, func(r rune) bool { return r == ' ' || r == ',' || r == ';' || r == '\t' })
	if len(fields) == 1 && strings.Count(fields[0], "/") == 1 && !strings.Contains(fields[0], "1/2") {
		fields = strings.Split(fields[0], "/")
	}
	if len(fields) != 2 {
		return Match{}, fmt.Errorf("match %q: give both games, game 1 then game 2, each in its own colours, e.g. \"1-0 1/2-1/2\"", text)
	}
	var m Match
	var err error
	if m.First, err = ParseGame(fields[0]); err != nil {
		return Match{}, fmt.Errorf("game 1: %w", err)
	}
	if m.Second, err = ParseGame(fields[1]); err != nil {
		return Match{}, fmt.Errorf("game 2: %w", err)
	}
	return m, nil
}
