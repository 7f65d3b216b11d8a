package main

import (
	"strings"
	"testing"

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
