package rules

import (
	"fmt"

	"github.com/labyrinth-chess/arbiter/phrase"
)

// reason is why a move cannot be played: in English, as MoveError.Reason
// keeps it, and as the phrase of the catalogs (locale/*.json, "move."
// messages) that words it in the reader's language. The English of the
// catalog is the English here, word for word.
type reason struct {
	en   string
	text phrase.Text
}

// ref returns a pointer to a copy of r.
func (r reason) ref() *reason { return &r }

// because returns the reason worded en in English and id in the catalogs.
func because(en, id string, args ...any) reason {
	return reason{en, phrase.New(id, args...)}
}

// Forms of a piece's name in the catalogs: in English they are all the
// same, in Italian the article merges with the preposition before it
// ("della Donna", "dal Cavallo", "dell'Alfiere").
const (
	formThe = "the" // the subject or object: "il Cavallo bianco in f3"
	formOf  = "of"  // after "in check from": "della Donna bianca in h5"
	formBy  = "by"  // after "attacked by": "dalla Torre nera in d8"
)

// pieceOn names the piece on s: "the white knight on b1".
func pieceOn(p *Position, s Square, form string) reason {
	if s >= NoSquare {
		return because("a piece", "piece.on."+form+".none")
	}
	pc := p.board[s]
	return because(fmt.Sprintf("the %s %s on %s", pc.Colour(), pc.Type(), s),
		"piece.on."+form+"."+pc.Colour().String()+"."+pc.Type().String(), "Square", s.String())
}

// attackerName names one piece of colour by that attacks s.
func attackerName(p *Position, s Square, by Colour, form string) reason {
	a := p.attackersTo(s, p.occupied()) & p.byColour[by]
	if a == 0 {
		return because("the opponent", "piece.opponent."+form)
	}
	return pieceOn(p, a.first(), form)
}

// pieceName names a piece type without square: "knight" in English, in
// Italian "il Cavallo" (form "the"), "nessun Cavallo" ("none"), "del
// Cavallo" ("of") or "un Cavallo" ("a"). The English of form "the" has
// the article: "the knight".
func pieceName(t PieceType, form string) phrase.Text {
	return phrase.New("piece." + form + "." + t.String())
}

// joined words the reasons as "a or b or c" (word "or") or "a and b".
func joined(word string, rs ...reason) reason {
	r := rs[0]
	for _, next := range rs[1:] {
		r = because(r.en+" "+word+" "+next.en, "move.list."+word, "A", r.text, "B", next.text)
	}
	return r
}

// square is a square as a reason, worded the same in every language.
func square(s Square) reason {
	return reason{s.String(), phrase.New("move.square", "Square", s.String())}
}
