package rules

import (
	"errors"
	"fmt"

	"github.com/labyrinth-chess/arbiter/phrase"
)

// Sentinel errors that MoveError wraps, for callers that branch on the kind
// of problem.
var (
	ErrNotAMove      = errors.New("not a move")                        // text that cannot be read as a move
	ErrIllegalMove   = errors.New("illegal move")                      // a readable move the Laws forbid
	ErrAmbiguousMove = errors.New("ambiguous move")                    // several legal moves match the text
	ErrLetters       = errors.New("piece letters of another language") // a letter the game's letter set lacks
)

// MoveError says why a move as written cannot be played in a position.
type MoveError struct {
	Text   string // the move as written
	Reason string // why, in words, for example "the knight on f3 is pinned"
	// Why is Reason as a phrase of the catalogs ("move." messages), for
	// the reader's language.
	Why     phrase.Text
	Article string // the FIDE Laws article, "3.9", or appendix, "C.10"; may be ""
	Err     error  // ErrNotAMove, ErrIllegalMove, ErrAmbiguousMove or ErrLetters
}

func (e *MoveError) Error() string {
	s := fmt.Sprintf("rules: %v %s: %s", e.Err, e.Text, e.Reason)
	if e.Article != "" {
		s += " (" + Cite(e.Article) + ")"
	}
	return s
}

// Unwrap returns the sentinel error.
func (e *MoveError) Unwrap() error { return e.Err }

// moveError returns the error of text, which r says cannot be played.
func moveError(text string, r reason, article string, err error) *MoveError {
	return &MoveError{Text: text, Reason: r.en, Why: r.text, Article: article, Err: err}
}

// Cite writes an article number as it is cited in text: "art. 3.9" for an
// article of the Laws, "appendix C.10" for an appendix, "" for "".
func Cite(article string) string {
	switch {
	case article == "":
		return ""
	case article[0] >= 'A' && article[0] <= 'Z':
		return "appendix " + article
	}
	return "art. " + article
}

// Articles of the FIDE Laws of Chess (numbering of the Laws in force since
// 1 January 2018, kept in the 2023 edition) cited in verdicts.
const (
	ArtOwnPiece       = "3.1.1"   // no move onto a piece of one's own colour
	ArtBishop         = "3.2"     // the bishop moves along diagonals
	ArtRook           = "3.3"     // the rook moves along files and ranks
	ArtQueen          = "3.4"     // the queen moves along files, ranks and diagonals
	ArtNoJumping      = "3.5"     // bishop, rook and queen cannot jump over pieces
	ArtKnight         = "3.6"     // the knight's move
	ArtPawn           = "3.7"     // the pawn's moves
	ArtPawnCapture    = "3.7.3"   // the pawn captures diagonally
	ArtEnPassant      = "3.7.3.2" // en passant only right after the double step
	ArtPromotion      = "3.7.3.3" // a pawn reaching the last rank is promoted
	ArtKing           = "3.8.1"   // the king's step
	ArtCastlingRight  = "3.8.2.1" // castling right lost after king or rook moved
	ArtCastlingBlock  = "3.8.2.2" // castling prevented: attacked squares or pieces between
	ArtCheck          = "3.9"     // a move must not leave one's own king in check
	ArtCheckmate      = "5.1.1"   // checkmate ends the game
	ArtStalemate      = "5.2.1"   // stalemate ends the game drawn
	ArtDeadPosition   = "5.2.2"   // a dead position ends the game drawn
	ArtFlagFall       = "6.9"     // loss on time, drawn if the opponent cannot mate
	ArtThreefold      = "9.2"     // threefold repetition, on a claim
	ArtFiftyMoves     = "9.3"     // fifty moves without pawn move or capture, on a claim
	ArtFivefold       = "9.6.1"   // fivefold repetition ends the game
	ArtSeventyFive    = "9.6.2"   // seventy-five moves end the game
	ArtDisambiguation = "C.10"    // two identical pieces can reach the square (E.9 before 2009)
	ArtNotation       = "C"       // algebraic notation
)
