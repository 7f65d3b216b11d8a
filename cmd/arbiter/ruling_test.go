package main

import (
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/games"
	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/labyrinth-chess/arbiter/rules"
)

// TestTakeRuling reads back the ruling export pgn writes, in English or
// in Italian, and leaves other comments in place.
func TestTakeRuling(t *testing.T) {
	tests := []struct {
		pgn, want string
		left      int
	}{
		{"{Ruling: illegal move claimed by White} 1. e4 e5 1-0", "illegal move claimed by White", 0},
		{"{Decisione: mossa illegale reclamata dal Bianco} 1. e4 e5 1-0", "mossa illegale reclamata dal Bianco", 0},
		{"{A note} {Decisione: patta} 1. e4 e5 1/2-1/2", "patta", 1},
		{"{Decision: none} 1. e4 e5 *", "", 1},
	}
	for _, tt := range tests {
		g, err := rules.NewReader(strings.NewReader(tt.pgn)).Read()
		if err != nil {
			t.Fatalf("%q: %v", tt.pgn, err)
		}
		if got := takeRuling(g); got != tt.want || len(g.Comments) != tt.left {
			t.Errorf("takeRuling(%q) = %q leaving %d comments, want %q leaving %d", tt.pgn, got, len(g.Comments), tt.want, tt.left)
		}
	}
}

// TestCheckGameNotesItalian words what the Laws changed in a game in the
// terminal's language: a flag fall against a lone king is a draw.
func TestCheckGameNotesItalian(t *testing.T) {
	pgn := "[SetUp \"1\"]\n[FEN \"8/8/4k3/8/8/8/3QK3/8 w - - 0 61\"]\n\n1. Qd3 Ke5 0-1\n"
	g, err := rules.NewReader(strings.NewReader(pgn)).Read()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		l    *locale.Localizer
		want string
	}{
		{locale.New(locale.English), "White lost on time but Black cannot checkmate by any series of legal moves (lone king): the game is drawn (art. 6.9)"},
		{locale.New(locale.Italian), "il Bianco ha perso per tempo ma il Nero non può dare scacco matto con nessuna serie di mosse legali (re solo): la partita è patta (art. 6.9)"},
	} {
		cg, err := checkGame(arbiter.NewTournament("x"), gameInput{game: g, seat: games.Seat{Round: 1, Board: 1}, reason: "time", l: tt.l})
		if err != nil {
			t.Fatal(err)
		}
		if len(cg.notes) != 1 || cg.notes[0] != tt.want {
			t.Errorf("%s: notes = %q, want %q", tt.l.Lang(), cg.notes, tt.want)
		}
	}
}
