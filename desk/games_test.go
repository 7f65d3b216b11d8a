package desk

import (
	"errors"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/games"
	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/labyrinth-chess/arbiter/rules"
)

func TestCheckGame(t *testing.T) {
	tour := arbiter.NewTournament("Club")
	seat := games.Seat{Round: 2, Board: 3}
	tests := []struct {
		name    string
		pgn     string
		in      GameInput // Game and Seat filled in
		wantErr error
		article string // the article the refusal cites
		want    arbiter.Result
	}{
		{name: "mate", pgn: "1. f3 e5 2. g4 Qh4# 0-1", want: arbiter.BlackWins},
		{name: "tag and marker disagree", pgn: "[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 0-1", wantErr: ErrTagsDisagree},
		{name: "illegal move", pgn: "1. e4 e5 2. Ke3 *", wantErr: ErrIllegalMove, article: "3.8"},
		{name: "illegal move with a ruling", pgn: "1. e4 e5 2. Ke3 1-0", in: GameInput{Ruling: "Black's flag fell"}, want: arbiter.WhiteWins},
		{name: "the tag contradicts the mate", pgn: "1. f3 e5 2. g4 Qh4# 1-0", wantErr: ErrResultContradicted, article: "5.1.1"},
		{name: "the result typed contradicts the mate", pgn: "1. f3 e5 2. g4 Qh4#", in: GameInput{Result: arbiter.Draw}, wantErr: ErrResultContradicted, article: "5.1.1"},
		{name: "the board has another result", pgn: "1. f3 e5 2. g4 Qh4# 0-1", in: GameInput{Entered: arbiter.WhiteWins}, wantErr: ErrBoardHasOther},
		{name: "the board has the same result", pgn: "1. f3 e5 2. g4 Qh4# 0-1", in: GameInput{Entered: arbiter.BlackWins}, want: arbiter.BlackWins},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := rules.NewReader(strings.NewReader(tt.pgn)).Read()
			if err != nil {
				t.Fatal(err)
			}
			in := tt.in
			in.Game, in.Seat = g, seat
			cg, err := CheckGame(tour, in)
			if tt.wantErr != nil {
				var de *Error
				if !errors.Is(err, tt.wantErr) || !errors.As(err, &de) {
					t.Fatalf("CheckGame(%q) = %v, want a *Error wrapping %v", tt.pgn, err, tt.wantErr)
				}
				if !strings.Contains(de.Article, tt.article) || strings.Contains(de.Error(), "--") {
					t.Errorf("CheckGame(%q) = %q citing %q, want %q and no flag", tt.pgn, de.Msg, de.Article, tt.article)
				}
				return
			}
			if err != nil {
				t.Fatalf("CheckGame(%q) = %v", tt.pgn, err)
			}
			if cg.Sub.Result != tt.want || cg.Sub.Round != 2 || cg.Sub.Board != 3 || cg.Sub.PGN == "" {
				t.Errorf("CheckGame(%q) stores %+v, want %s on round 2 board 3 with the game", tt.pgn, cg.Sub, tt.want)
			}
		})
	}
}

// The refusal of an illegal move words in the reader's language what the
// Laws forbid: in English the message itself, byte for byte, in Italian
// with the pieces named as an Italian club names them.
func TestCheckGameIllegalPhrase(t *testing.T) {
	tests := []struct {
		pgn, en, it string
	}{
		{"1. e4 e5 2. Ke3 *",
			"illegal move 2.Ke3 (white, line 1): the king on e1 cannot reach e3 (art. 3.8.1); the game is not stored",
			"mossa illegale 2.Ke3 (Bianco, riga 1): il Re in e1 non può raggiungere e3 (art. 3.8.1); la partita non è stata registrata"},
		{"1. e4 e5 2. Qh5 Nc6 3. Qxf7+ Nd4 *",
			"illegal move 3...Nd4 (black, line 1): Black is in check from the white queen on f7 and the knight move from c6 to d4 does not answer it (art. 3.9); the game is not stored",
			"mossa illegale 3...Nd4 (Nero, riga 1): il Nero è sotto scacco della Donna bianca in f7 e la mossa del Cavallo da c6 a d4 non lo para (art. 3.9); la partita non è stata registrata"},
	}
	en, it := locale.New(locale.English), locale.New(locale.Italian)
	for _, tt := range tests {
		g, err := rules.NewReader(strings.NewReader(tt.pgn)).Read()
		if err != nil {
			t.Fatal(err)
		}
		_, err = CheckGame(arbiter.NewTournament("Club"), GameInput{Game: g, Seat: games.Seat{Round: 1, Board: 1}})
		var de *Error
		if !errors.As(err, &de) {
			t.Fatalf("CheckGame(%q) = %v, want a refusal", tt.pgn, err)
		}
		if de.Msg != tt.en {
			t.Errorf("CheckGame(%q) = %q, want %q", tt.pgn, de.Msg, tt.en)
		}
		if got := en.Word(de.Phrase()); got != de.Msg {
			t.Errorf("the phrase of %q is %q in English", de.Msg, got)
		}
		if got := it.Word(de.Phrase()); got != tt.it {
			t.Errorf("CheckGame(%q) in Italian = %q, want %q", tt.pgn, got, tt.it)
		}
	}
}
