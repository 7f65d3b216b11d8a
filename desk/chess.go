package desk

import (
	"context"
	"io"

	"github.com/labyrinth-chess/arbiter/games"
	"github.com/labyrinth-chess/arbiter/rules"
	"github.com/labyrinth-chess/arbiter/text"
)

// The values of the Laws of Chess a front end reads, shows or passes
// back, as package rules computes them, and what a game says of its board
// (package games): front ends name them here and decide nothing with
// them.
type (
	// Lang is the letters of the pieces in moves: English (those of PGN,
	// Laws appendix C), Italian, or either when reading (AnyLetters).
	Lang = rules.Lang
	// Position is a position of chess, as a FEN describes it.
	Position = rules.Position
	// Colour is White or Black.
	Colour = rules.Colour
	// ChessGame is one game read from PGN or from moves typed: its tags,
	// comments and moves, not yet replayed.
	ChessGame = rules.Game
	// GameVerdict is what replaying a ChessGame by the Laws found: the
	// first illegal move with its article, how the game ended, the claims
	// open and whether the result agrees (CheckChessGame).
	GameVerdict = rules.Verdict
	// GameSyntaxError is a game that cannot be read, with its line and
	// column.
	GameSyntaxError = rules.SyntaxError
	// GameReader reads the games of a PGN file one at a time (ReadGames).
	GameReader = rules.Reader
	// Seat is a board of a round with its players' names, as a game's
	// tags are compared to it.
	Seat = games.Seat
	// GameTags is what a game's tags say of where it was played.
	GameTags = games.Tags
)

// The colours, for a front end that shows a side.
const (
	White = rules.White
	Black = rules.Black
)

// GameOngoing is the status of a game the Laws have not ended by
// themselves (no checkmate, stalemate, dead position, fivefold repetition
// or 75 moves).
const GameOngoing = rules.Ongoing

// AnyLetters reads moves in English or Italian letters, whichever a
// game uses.
const AnyLetters = rules.AnyLang

// StartFEN is the initial position of chess (Laws art. 2.3).
const StartFEN = rules.StartFEN

// ParseLang reads the letters a person names: "en", "it", or "" for
// AnyLetters.
func ParseLang(s string) (Lang, error) { return rules.ParseLang(s) }

// ParseFEN reads a position from its FEN, refusing one that is not a
// legal position of chess.
func ParseFEN(fen string) (Position, error) { return rules.ParseFEN(fen) }

// Cite writes an article of the Laws of Chess as people read it, e.g.
// "FIDE Laws art. 3.9".
func Cite(article string) string { return rules.Cite(article) }

// ReadGames returns a reader of the games of r, a PGN file or moves
// typed. A UTF-16 file (with its byte order mark) or one starting with a
// UTF-8 byte order mark reads as any other; bytes that are not UTF-8 read
// as Windows-1252.
func ReadGames(r io.Reader) *GameReader {
	return rules.NewReader(text.NewReader(r, text.Auto))
}

// CheckChessGame replays g by the Laws of Chess (art. 3-5, 6.9, 9), its
// moves read in the letters lang; timeForfeit says the game was lost on
// time, for art. 6.9 to decide whether the opponent could still mate.
func CheckChessGame(g *ChessGame, lang Lang, timeForfeit bool) *GameVerdict {
	return rules.Check(g, rules.Options{Lang: lang, TimeForfeit: timeForfeit})
}

// TagsOf returns what g's tags say of where it was played.
func TagsOf(g *ChessGame) GameTags {
	return GameTags{Round: g.Tag("Round"), White: g.Tag("White"), Black: g.Tag("Black")}
}

// CompareSeat compares what a game's tags say with the board it is given
// for: notes on what differs but is no reason to refuse it, or an error
// when the tags name the players the other way round or another game.
func CompareSeat(s Seat, t GameTags) (notes []string, err error) { return games.Compare(s, t) }

// FinalAt is the end a final position gives (checkmate, stalemate, a
// side that cannot mate), for EnterResult to judge a result against when
// no game is attached.
func FinalAt(p Position) *games.End { return games.EndAt(p) }

// Perft is the count of the move paths of a position to a depth, the
// test of a move generator (the start position gives 20, 400, 8902,
// 197281 and 4865609 for depths 1 to 5).
type Perft struct {
	FEN    string // the position, as its FEN
	Depth  int
	Nodes  uint64
	Divide map[string]uint64 // the count below each legal move, by its name; nil unless asked for
}

// CountPerft counts the move paths of the position fen to depth, each
// legal move's share in Divide when divide is set. It stops between the
// moves of the root when ctx is done, returning ctx's error.
func CountPerft(ctx context.Context, fen string, depth int, divide bool) (Perft, error) {
	p, err := rules.ParseFEN(fen)
	if err != nil {
		return Perft{}, err
	}
	res := Perft{FEN: p.FEN(), Depth: depth}
	if depth == 0 {
		res.Nodes = 1
		return res, nil
	}
	// Count below each move of the root, so that an interrupt is seen
	// between them.
	for _, m := range p.LegalMoves(nil) {
		if err := ctx.Err(); err != nil {
			return Perft{}, err
		}
		q := p
		q.Play(m)
		n := rules.Perft(q, depth-1)
		res.Nodes += n
		if divide {
			if res.Divide == nil {
				res.Divide = map[string]uint64{}
			}
			res.Divide[m.String()] = n
		}
	}
	return res, nil
}

// InLetters rewrites a move of PGN's SAN ("4.Qxf7#") in the letters of
// lang (4.Dxf7# in Italian), for a move shown to a reader.
func InLetters(san string, lang Lang) string { return rules.InLetters(san, lang) }
