package reports

import (
	"bytes"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter"
)

// doubleSwissEvent is a Double-Swiss tournament (FIDE C.04.5) after round
// 1 of two: board 1's match in, board 2's still in play.
func doubleSwissEvent() *Event {
	t := arbiter.NewTournament("Double blitz")
	t.DoubleBlitz()
	t.Rounds = 2
	names := []string{"Rossi, Mario", "Bianchi, Luca", "Verdi, Anna", "Neri, Paolo"}
	var entries []arbiter.Entry
	for i, n := range names {
		entries = append(entries, arbiter.Entry{PN: i + 1, JoinedRound: 1, Player: arbiter.Player{Name: n, Rating: 2000 - 50*i}})
	}
	rounds := []arbiter.Round{{Number: 1, Boards: []arbiter.Board{
		{Number: 1, White: 1, Black: 3, Result: arbiter.WhiteWins, Second: arbiter.Draw},
		{Number: 2, White: 4, Black: 2},
	}}}
	return &Event{Tournament: t, Entries: entries, Rounds: rounds}
}

// TestDoubleSwissSheets: the pairing sheet of a Double-Swiss round has a
// result box for each game of a match, filled in when known, and a result
// slip has a line of boxes for each game headed by that game's White (the
// colours reversed in game 2).
func TestDoubleSwissSheets(t *testing.T) {
	ev := doubleSwissEvent()
	var b bytes.Buffer
	if err := WritePairings(&b, ev, 1); err != nil {
		t.Fatal(err)
	}
	text := pdfText(t, b.Bytes())
	if !strings.Contains(text, "1-0") || !strings.Contains(text, "½-½") {
		t.Errorf("the pairing sheet lacks the games of board 1 (1-0 then ½-½):\n%s", text)
	}
	b.Reset()
	if err := WriteSlips(&b, ev, 1); err != nil {
		t.Fatal(err)
	}
	text = pdfText(t, b.Bytes())
	for _, want := range []string{"Game 1, White: Rossi", "Game 2, White: Verdi", "Game 1, White: Neri", "Game 2, White: Bianchi"} {
		if !strings.Contains(text, want) {
			t.Errorf("the slips lack %q:\n%s", want, text)
		}
	}
	if n := strings.Count(text, "½-½"); n != 4 {
		t.Errorf("the slips have %d result lines for a draw, want 4 (two games on each of two boards):\n%s", n, text)
	}
	// The workbook's round sheet gives the match and both games.
	v, err := prepare(ev)
	if err != nil {
		t.Fatal(err)
	}
	if got := v.boardResult(ev.Rounds[0].Boards[0]); got != "1½-½ (1-0 ½-½)" {
		t.Errorf("boardResult = %q, want %q", got, "1½-½ (1-0 ½-½)")
	}
}
