package pairing

import (
	"fmt"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/phrase"
	"github.com/labyrinth-chess/arbiter/scoring"
)

// Warning is a basic rule of the Swiss system (FIDE C.04.1) that a
// proposed pairing breaks. An organizer may keep such a pairing on
// purpose; arbiter asks first.
type Warning struct {
	Article string // e.g. "C.04.1 art. 2"
	PN      int    // the player concerned
	Msg     string // in words, naming the players
	// Text is Msg as a phrase of the catalogs (locale/*.json, "pair.warn."
	// ids), for a front end to word in its reader's language.
	Text phrase.Text
}

func (w Warning) String() string { return fmt.Sprintf("%s (%s)", w.Msg, w.Article) }

// Phrase returns the warning with its article as a phrase of the
// catalogs, as String says it in English.
func (w Warning) Phrase() phrase.Text {
	return phrase.New("pair.warn", "Msg", w.Text, "Article", w.Article)
}

// CheckBasic returns the warnings for a pairing of the next round (its
// boards and byes), given tab, the scores and games of the rounds played,
// and label, which names a player by pairing number: a rematch
// of a game played over the board (C.04.1 art. 2; forfeited games do not
// count, C.04.2 art. 3.5), more than one pairing-allocated bye (art. 3), a
// PAB for a player who already had one or scored a win without playing
// (art. 4), a colour difference above 2 (art. 6) and the same colour three
// times in a row (art. 7). Colours count played games only (C.04.2 art.
// 3.4). It assumes every pairing number is known and placed once.
func CheckBasic(tab *scoring.Table, label func(pn int) string, boards []arbiter.Board, byes []arbiter.Bye) []Warning {
	var ws []Warning
	for _, b := range boards {
		cw, cb := tab.Card(b.White), tab.Card(b.Black)
		if cw == nil || cb == nil {
			continue
		}
		for i, o := range cw.Rounds {
			if o.Kind == scoring.Game && o.Opponent == b.Black {
				ws = append(ws, Warning{Article: "C.04.1 art. 2", PN: b.White,
					Msg:  fmt.Sprintf("rematch on board %d: %s and %s already played each other in round %d", b.Number, label(b.White), label(b.Black), i+1),
					Text: phrase.New("pair.warn.rematch", "Board", b.Number, "White", label(b.White), "Black", label(b.Black), "Round", i+1)})
			}
		}
		ws = append(ws, colourWarnings(label, cw, arbiter.White, b.Number)...)
		ws = append(ws, colourWarnings(label, cb, arbiter.Black, b.Number)...)
	}
	pabs := 0
	for _, by := range byes {
		if by.Kind != arbiter.PAB {
			continue
		}
		pabs++
		c := tab.Card(by.PN)
		if c == nil {
			continue
		}
		for i, o := range c.Rounds {
			var why, whyID string
			switch o.Kind {
			case scoring.PAB:
				why, whyID = "already had the pairing-allocated bye", "pair.warn.why.pab"
			case scoring.ForfeitWin:
				why, whyID = "already won by forfeit", "pair.warn.why.forfeit"
			case scoring.FullBye:
				why, whyID = "already had a full-point bye", "pair.warn.why.fullbye"
			default:
				continue
			}
			ws = append(ws, Warning{Article: "C.04.1 art. 4", PN: by.PN,
				Msg:  fmt.Sprintf("second bye: %s %s in round %d", label(by.PN), why, i+1),
				Text: phrase.New("pair.warn.secondbye", "Player", label(by.PN), "Why", phrase.New(whyID), "Round", i+1)})
			break
		}
	}
	if pabs > 1 {
		ws = append(ws, Warning{Article: "C.04.1 art. 3",
			Msg:  fmt.Sprintf("%d pairing-allocated byes in one round: at most one player goes without an opponent", pabs),
			Text: phrase.New("pair.warn.pabs", "N", pabs)})
	}
	return ws
}

// colourWarnings checks the colour c the player of card gets on board.
func colourWarnings(label func(int) string, card *scoring.Card, c arbiter.Colour, board int) []Warning {
	var hist []arbiter.Colour
	for _, o := range card.Rounds {
		if o.Kind == scoring.Game {
			hist = append(hist, o.Colour)
		}
	}
	hist = append(hist, c)
	diff := 0
	for _, h := range hist {
		if h == arbiter.White {
			diff++
		} else {
			diff--
		}
	}
	var ws []Warning
	if diff > 2 || diff < -2 {
		w, b := (len(hist)+diff)/2, (len(hist)-diff)/2
		ws = append(ws, Warning{Article: "C.04.1 art. 6", PN: card.PN,
			Msg:  fmt.Sprintf("colour difference above 2 on board %d: %s would have played %d games with White and %d with Black", board, label(card.PN), w, b),
			Text: phrase.New("pair.warn.colourdiff", "Board", board, "Player", label(card.PN), "White", w, "Black", b)})
	}
	if n := len(hist); n >= 3 && hist[n-2] == c && hist[n-3] == c {
		ws = append(ws, Warning{Article: "C.04.1 art. 7", PN: card.PN,
			Msg: fmt.Sprintf("same colour three times in a row on board %d: %s would play %s for the third game running", board, label(card.PN), colourName(c)),
			Text: phrase.New("pair.warn.samecolour", "Board", board, "Player", label(card.PN),
				"Colour", phrase.New("pair.colour."+colourName(c)))})
	}
	return ws
}

func colourName(c arbiter.Colour) string {
	if c == arbiter.White {
		return "White"
	}
	return "Black"
}
