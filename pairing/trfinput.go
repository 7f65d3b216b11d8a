package pairing

import (
	"fmt"
	"sort"
	"strings"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/trf"
)

// FromTRF builds the input for pairing round round of a TRF file (round 0
// means the round after the last one played). Players with a block in
// that round's column (0000 - H, F, Z or -), listed in XXZ or in a 240
// line for the round are absent. The initial colour is XXC white1/black1
// (or 152); without it, it is inferred as bbpPairings does from the first
// round with colours: the colour of the highest-ranked player paired then,
// reversed for each player skipped. Players are ranked by pairing number,
// or by their order in the file with XXC rank.
func FromTRF(f *trf.File, round int) (Input, error) {
	played := f.PlayedRounds()
	if round == 0 {
		round = played + 1
	}
	in := Input{Round: round, Rounds: f.Rounds, Points: Points{Win: int(f.Points.Win()), Draw: int(f.Points.Draw()), Loss: int(f.Points.Loss()), Unit: 10}}
	if in.Rounds == 0 {
		in.Rounds = max(played, round)
	}
	absent := trfAbsent(f, round == played+1, func(col int) bool { return col == round })
	order := trfOrder(f)
	// A 192 line naming a Baku system (FIDE_DUTCH_2025_BAKU) without XXA
	// or 250 lines asks for the Baku acceleration (C.04.7): group A is the
	// first BakuGroup players of the file, as bbpPairings reads it.
	var baku [][]int
	if len(f.Accelerations) == 0 && strings.HasSuffix(strings.ToUpper(strings.TrimSpace(f.Header.System)), "_BAKU") {
		baku = Baku(len(order), in.Rounds, in.Points.Win)
	}
	for i, p := range order {
		ip := Player{ID: p.ID, Absent: absent[p.ID]}
		if baku != nil {
			ip.Accel = baku[i]
		}
		// XXA or 250 acceleration (C.04.7): the points are in tenths, the
		// unit of in.Points.
		for _, a := range f.Accelerations[p.ID] {
			ip.Accel = append(ip.Accel, int(a))
		}
		var g trf.Game
		if len(p.Games) >= round {
			g = p.Games[round-1]
		}
		if round <= played && !participated([]trf.Game{g}) || round > played && !g.Empty() {
			ip.Absent = true
		}
		for k := 0; k < round-1; k++ {
			var g trf.Game
			if k < len(p.Games) {
				g = p.Games[k]
			}
			ip.Games = append(ip.Games, gameFromTRF(g, f.Points))
		}
		in.Players = append(in.Players, ip)
	}
	in.Forbidden = trfForbidden(f)
	in.InitialColour = f.InitialColour
	if in.InitialColour == arbiter.NoColour {
		in.InitialColour = inferInitialColour(order)
	}
	if in.InitialColour == arbiter.NoColour {
		if round > 1 {
			return in, fmt.Errorf("pairing: no colours played before round %d: give the initial colour (XXC white1 or black1)", round)
		}
		return in, fmt.Errorf("pairing: give the initial colour for round 1 (XXC white1 or black1)")
	}
	return in, nil
}

// gameFromTRF reads one round block.
func gameFromTRF(g trf.Game, ps trf.PointSystem) Game {
	out := Game{Opponent: g.Opponent, Colour: g.Colour, Played: g.Played(), Points: int(ps.Of(g))}
	if g.Opponent == 0 {
		out.Colour = arbiter.NoColour
	}
	out.Paired = g.Opponent != 0 || g.Result == trf.PAB || g.Result == trf.ForfeitWin
	switch g.Result {
	case trf.Draw, trf.ShortDraw, trf.HalfBye:
		out.Result = Draw
	case trf.Win, trf.ShortWin, trf.ForfeitWin, trf.FullBye, trf.PAB:
		out.Result = Win
	default:
		out.Result = Loss
	}
	return out
}

// inferInitialColour returns the colour the first player had in the
// first round where colours were given, as bbpPairings infers it.
func inferInitialColour(order []*trf.Player) arbiter.Colour {
	first := -1
	for _, p := range order {
		for k, g := range p.Games {
			if g.Colour != arbiter.NoColour && (first < 0 || k < first) {
				first = k
			}
		}
	}
	if first < 0 {
		return arbiter.NoColour
	}
	k := 0
	for _, p := range order {
		if !participated(p.Games[:min(first+1, len(p.Games))]) {
			continue
		}
		c := arbiter.NoColour
		if first < len(p.Games) {
			c = p.Games[first].Colour
		}
		if c != arbiter.NoColour {
			if k%2 == 1 {
				return c.Opposite()
			}
			return c
		}
		k++
	}
	return arbiter.NoColour
}

func participated(gs []trf.Game) bool {
	for _, g := range gs {
		if g.Opponent != 0 || g.Result == trf.PAB || g.Result == trf.ForfeitWin {
			return true
		}
	}
	return false
}

// trfAbsent returns the players a file leaves out of the round being
// paired: those of its XXZ line when next is true (the round after the
// last played), and those of its 240 lines for the columns inRound names.
func trfAbsent(f *trf.File, next bool, inRound func(col int) bool) map[int]bool {
	absent := map[int]bool{}
	if next {
		for _, id := range f.Absent {
			absent[id] = true
		}
	}
	for _, b := range f.Byes {
		if inRound(b.Round) {
			for _, id := range b.Players {
				absent[id] = true
			}
		}
	}
	return absent
}

// trfOrder returns the players of f in pairing order: by pairing number,
// or in file order under XXC rank.
func trfOrder(f *trf.File) []*trf.Player {
	order := make([]*trf.Player, len(f.Players))
	for i := range f.Players {
		order[i] = &f.Players[i]
	}
	if !f.UseRank {
		sort.SliceStable(order, func(i, j int) bool { return order[i].ID < order[j].ID })
	}
	return order
}

// trfForbidden returns the pairs the file's XXP (260) groups forbid.
func trfForbidden(f *trf.File) [][2]int {
	var out [][2]int
	for _, fp := range f.Forbidden {
		for i := range fp {
			for j := i + 1; j < len(fp); j++ {
				out = append(out, [2]int{fp[i], fp[j]})
			}
		}
	}
	return out
}
