package trf

import (
	"fmt"

	"github.com/labyrinth-chess/arbiter"
)

// CutLastRound returns f without its last round, and that round's pairs.
// Players who did not play the last round get a bye block in its column
// (their H or F, else Z), which is how a file records absences for the
// round to pair; the points count the rounds kept. The number of rounds
// is kept, so that the cut round is still the last. The pairs are "W B"
// by starting rank, "N 0" for a pairing-allocated bye. It lets a pairing
// program be checked on files paired by another: cut, pair, compare.
func CutLastRound(f *File) (*File, map[string]bool) {
	r := f.PlayedRounds()
	cut := *f
	if cut.Rounds == 0 {
		cut.Rounds = r
	}
	cut.Players = nil
	want := map[string]bool{}
	for _, p := range f.Players {
		var last Game
		if len(p.Games) >= r {
			last = p.Games[r-1]
		}
		switch {
		case last.Opponent != 0 && last.Colour == arbiter.White:
			want[fmt.Sprintf("%d %d", p.ID, last.Opponent)] = true
		case last.Opponent == 0 && (last.Result == PAB || last.Result == ForfeitWin):
			want[fmt.Sprintf("%d 0", p.ID)] = true
		}
		q := p
		q.Games = append([]Game(nil), p.Games[:min(len(p.Games), r-1)]...)
		q.Points = 0
		for _, g := range q.Games {
			q.Points += f.Points.Of(g)
		}
		if last.Opponent == 0 && last.Result != PAB && last.Result != ForfeitWin {
			for len(q.Games) < r-1 {
				q.Games = append(q.Games, Game{Result: Blank})
			}
			bye := Game{Result: ZeroBye}
			if last.Result == HalfBye || last.Result == FullBye {
				bye.Result = last.Result
			}
			q.Games = append(q.Games, bye)
		}
		cut.Players = append(cut.Players, q)
	}
	return &cut, want
}
