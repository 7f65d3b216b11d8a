package desk

import (
	"fmt"
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/games"
	"github.com/labyrinth-chess/arbiter/rules"
)

// MatchedGame is a game of a file with the board it belongs to.
type MatchedGame struct {
	Index int // 1 for the first game of the file
	Game  *rules.Game
	Seat  games.Seat
	Board arbiter.Board
}

// Matching is how the games of a file meet the boards of a tournament.
type Matching struct {
	Matched []MatchedGame
	// Unmatched and Refused say, one line each starting with the game's
	// label (GameLabel), why a game matches no board, or matches one it
	// cannot go to (colours swapped, a board taken by another game of the
	// file).
	Unmatched, Refused []string
}

// MatchGames finds the board of each game gs[i] (game i+1 of a file) by
// its Round, White and Black tags among the paired rounds of s, in round
// n only when n is not 0.
func MatchGames(s *Snapshot, n int, gs []*rules.Game) Matching {
	var seats []games.Seat
	for _, r := range s.Rounds {
		for _, b := range r.Boards {
			seats = append(seats, SeatOf(s, r.Number, b))
		}
	}
	ix := games.NewIndex(len(s.Rounds), seats)
	var out Matching
	taken := map[[2]int]int{} // round, board: index of the game that took it
	for i, g := range gs {
		m := ix.Find(n, games.Tags{Round: g.Tag("Round"), White: g.Tag("White"), Black: g.Tag("Black")})
		label := GameLabel(i+1, g)
		switch {
		case m.Swapped:
			out.Refused = append(out.Refused, fmt.Sprintf("%s: %s; fix the White and Black tags", label, m.Problem))
			continue
		case !m.OK:
			out.Unmatched = append(out.Unmatched, fmt.Sprintf("%s: %s", label, m.Problem))
			continue
		}
		key := [2]int{m.Seat.Round, m.Seat.Board}
		if first, ok := taken[key]; ok {
			out.Refused = append(out.Refused, fmt.Sprintf("%s: round %d board %d already has game %d of the file; keep one of them", label, key[0], key[1], first))
			continue
		}
		taken[key] = i + 1
		var b arbiter.Board
		for _, x := range s.Rounds[m.Seat.Round-1].Boards {
			if x.Number == m.Seat.Board {
				b = x
			}
		}
		out.Matched = append(out.Matched, MatchedGame{Index: i + 1, Game: g, Seat: m.Seat, Board: b})
	}
	return out
}

// GameLabel names game index of a file: "game 3 (line 25, Rossi, Mario -
// Neri, Paolo)".
func GameLabel(index int, g *rules.Game) string {
	name := func(s string) string {
		if strings.TrimSpace(s) == "" {
			return "?"
		}
		return s
	}
	return fmt.Sprintf("game %d (line %d, %s - %s)", index, g.Line, name(g.Tag("White")), name(g.Tag("Black")))
}
