package pairing

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/trf"
)

// tour builds a TRF file from compact rows, one per player in pairing
// number order: "tokens..." where each token is a round:
//
//	5w1 3b= 4b0   opponent, colour, result (1 = 0, + - for forfeits)
//	U H F Z       PAB, half-point bye, full-point bye, zero-point bye
//	.             nothing recorded (blank block)
//
// A row may end with "| X" to give the block of the round to pair (H, F,
// Z: the player is absent). Points are computed. rounds is XXR.
func tour(t testing.TB, rounds int, initial arbiter.Colour, rows ...string) *trf.File {
	t.Helper()
	f := &trf.File{Rounds: rounds, InitialColour: initial, Points: trf.DefaultPoints}
	for i, row := range rows {
		p := trf.Player{ID: i + 1, Name: fmt.Sprintf("Player %d", i+1), Rating: 2400 - 10*i}
		played, next, _ := strings.Cut(row, "|")
		for _, tok := range strings.Fields(played) {
			p.Games = append(p.Games, token(t, tok))
		}
		if next = strings.TrimSpace(next); next != "" {
			p.Games = append(p.Games, token(t, next))
		}
		f.Players = append(f.Players, p)
	}
	for i := range f.Players {
		p := &f.Players[i]
		for _, g := range p.Games {
			p.Points += f.Points.Of(g)
		}
	}
	return f
}

func token(t testing.TB, tok string) trf.Game {
	t.Helper()
	switch tok {
	case "U":
		return trf.Game{Result: trf.PAB}
	case "H":
		return trf.Game{Result: trf.HalfBye}
	case "F":
		return trf.Game{Result: trf.FullBye}
	case "Z":
		return trf.Game{Result: trf.ZeroBye}
	case ".":
		return trf.Game{Result: trf.Blank}
	}
	n := len(tok)
	opp, err := strconv.Atoi(tok[:n-2])
	if err != nil || n < 3 {
		t.Fatalf("bad token %q", tok)
	}
	g := trf.Game{Opponent: opp, Result: trf.Result(tok[n-1])}
	switch tok[n-2] {
	case 'w':
		g.Colour = arbiter.White
	case 'b':
		g.Colour = arbiter.Black
	default:
		t.Fatalf("bad colour in %q", tok)
	}
	return g
}

// pairTRF pairs the next round of f and returns the pairing in the
// JaVaFo text form: "1-4 5-2 3-6 bye 7".
func pairTRF(t testing.TB, f *trf.File, edition int) (string, error) {
	t.Helper()
	in, err := FromTRF(f, 0)
	if err != nil {
		t.Fatalf("FromTRF: %v", err)
	}
	in.Edition = edition
	res, err := Pair(in)
	if err != nil {
		return "", err
	}
	return resultString(res), nil
}

func resultString(res Result) string {
	var s []string
	for _, b := range res.Boards {
		s = append(s, fmt.Sprintf("%d-%d", b.White, b.Black))
	}
	if res.Bye != 0 {
		s = append(s, fmt.Sprintf("bye %d", res.Bye))
	}
	return strings.Join(s, " ")
}
