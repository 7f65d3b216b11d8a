package pairing

import (
	"errors"
	"testing"

	"github.com/labyrinth-chess/arbiter"
)

// twoTriangles is six players after three rounds in which 1, 2 and 3 met
// each of 4, 5 and 6: the players yet to meet form two triangles, which
// no round 4 can pair without a rematch.
func twoTriangles() Input {
	rounds := [][][2]int{{{1, 4}, {2, 5}, {3, 6}}, {{5, 1}, {6, 2}, {4, 3}}, {{1, 6}, {2, 4}, {3, 5}}}
	players := make([]Player, 6)
	for i := range players {
		players[i].ID = i + 1
	}
	for _, rd := range rounds {
		for _, b := range rd {
			w, bl := &players[b[0]-1], &players[b[1]-1]
			w.Games = append(w.Games, Game{Opponent: b[1], Colour: arbiter.White, Played: true, Paired: true, Result: Draw, Points: 1})
			bl.Games = append(bl.Games, Game{Opponent: b[0], Colour: arbiter.Black, Played: true, Paired: true, Result: Draw, Points: 1})
		}
	}
	return Input{Round: 4, Rounds: 7, InitialColour: arbiter.White, Players: players}
}

func TestLeastBroken(t *testing.T) {
	in := twoTriangles()
	if _, err := Pair(in); !errors.Is(err, ErrNoPairing) {
		t.Fatalf("Pair(two triangles) = %v, want no legal pairing", err)
	}
	res, br, err := LeastBroken(in)
	if err != nil {
		t.Fatal(err)
	}
	if br.Rematches != 1 || br.PABs != 0 || len(res.Boards) != 3 || res.Bye != 0 {
		t.Fatalf("LeastBroken(two triangles) = %+v, %+v; want 3 boards and one rematch", res, br)
	}
	seen := map[int]bool{}
	rematches := 0
	for _, b := range res.Boards {
		seen[b.White], seen[b.Black] = true, true
		if (b.White <= 3) != (b.Black <= 3) {
			rematches++
		}
	}
	if len(seen) != 6 || rematches != 1 {
		t.Errorf("LeastBroken(two triangles) boards %v: %d players, %d rematches", res.Boards, len(seen), rematches)
	}

	// Where the Dutch system pairs, nothing is broken.
	fresh := Input{Round: 1, Rounds: 5, InitialColour: arbiter.White}
	for i := 1; i <= 7; i++ {
		fresh.Players = append(fresh.Players, Player{ID: i})
	}
	res, br, err = LeastBroken(fresh)
	if err != nil || br != (Broken{}) || len(res.Boards) != 3 || res.Bye == 0 {
		t.Errorf("LeastBroken(round 1 of 7) = %+v, %+v, %v; want 3 boards, a bye, nothing broken", res, br, err)
	}

	big := Input{Round: 1, Rounds: 5, InitialColour: arbiter.White}
	for i := 1; i <= MaxLeastBroken+1; i++ {
		big.Players = append(big.Players, Player{ID: i})
	}
	if _, _, err := LeastBroken(big); err == nil {
		t.Errorf("LeastBroken(%d players) = nil error, want the limit named", MaxLeastBroken+1)
	}
}

// BenchmarkLeastBroken searches the largest field it takes: 20 players in
// round 1.
func BenchmarkLeastBroken(b *testing.B) {
	in := Input{Round: 1, Rounds: 5, InitialColour: arbiter.White}
	for i := 1; i <= MaxLeastBroken; i++ {
		in.Players = append(in.Players, Player{ID: i})
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := LeastBroken(in); err != nil {
			b.Fatal(err)
		}
	}
}
