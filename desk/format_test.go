package desk

import (
	"context"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/pairing"
)

// triangles is six players after three rounds in which 1, 2 and 3 met
// each of 4, 5 and 6: no round 4 pairs without a rematch.
func triangles() pairing.Input {
	rounds := [][][2]int{{{1, 4}, {2, 5}, {3, 6}}, {{5, 1}, {6, 2}, {4, 3}}, {{1, 6}, {2, 4}, {3, 5}}}
	players := make([]pairing.Player, 6)
	for i := range players {
		players[i].ID = i + 1
	}
	for _, rd := range rounds {
		for _, b := range rd {
			w, bl := &players[b[0]-1], &players[b[1]-1]
			w.Games = append(w.Games, pairing.Game{Opponent: b[1], Colour: arbiter.White, Played: true, Paired: true, Result: pairing.Draw, Points: 1})
			bl.Games = append(bl.Games, pairing.Game{Opponent: b[0], Colour: arbiter.Black, Played: true, Paired: true, Result: pairing.Draw, Points: 1})
		}
	}
	return pairing.Input{Round: 4, Rounds: 7, InitialColour: arbiter.White, Players: players}
}

// TestUnpairableChoices: the choices offered when the Dutch system cannot
// pair a round (C.04.3 1.9), in order, with the pairing each proposes.
func TestUnpairableChoices(t *testing.T) {
	big := pairing.Input{Round: 1, Rounds: 5, InitialColour: arbiter.White}
	for i := 1; i <= pairing.MaxLeastBroken+1; i++ {
		big.Players = append(big.Players, pairing.Player{ID: i})
	}
	tests := []struct {
		name  string
		in    pairing.Input
		n     int
		np    *pairing.NoPairingError
		kinds []ChoiceKind
	}{
		{name: "two triangles", in: triangles(), n: 4, kinds: []ChoiceKind{ChoiceLeastBroken, ChoiceEnd, ChoiceByHand}},
		{name: "too many to search, a pairing breaking C3 known", in: big, n: 3,
			np: &pairing.NoPairingError{Criterion: "C3", Manual: "1-2, 3-4"}, kinds: []ChoiceKind{ChoiceBreaksOnly, ChoiceEnd, ChoiceByHand}},
		{name: "too many to search, nothing known, round 1", in: big, n: 1, kinds: []ChoiceKind{ChoiceByHand}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cs := UnpairableChoices(tt.in, tt.n, tt.np, nil)
			if len(cs) != len(tt.kinds) {
				t.Fatalf("choices %+v, want kinds %v", cs, tt.kinds)
			}
			for i, c := range cs {
				if c.Kind != tt.kinds[i] {
					t.Errorf("choice %d is %s, want %s", i, c.Kind, tt.kinds[i])
				}
				switch c.Kind {
				case ChoiceLeastBroken:
					if c.Rematches != 1 || c.PABs != 0 || strings.Count(c.Pairing, "-") != 3 {
						t.Errorf("least broken %+v, want 3 boards and one rematch", c)
					}
					if last := cs[len(cs)-1]; last.Pairing != c.Pairing {
						t.Errorf("by hand starts from %q, want the least broken %q", last.Pairing, c.Pairing)
					}
				case ChoiceBreaksOnly:
					if c.Pairing != tt.np.Manual || c.Criterion != "C3" {
						t.Errorf("breaks only %+v, want %q breaking C3", c, tt.np.Manual)
					}
				case ChoiceEnd:
					if c.Rounds != tt.n-1 {
						t.Errorf("end after %d rounds, want %d", c.Rounds, tt.n-1)
					}
				case ChoiceByHand:
					if c.Rounds != tt.n || c.Pairing == "" {
						t.Errorf("by hand %+v, want round %d with an example", c, tt.n)
					}
				}
			}
		})
	}
}

// TestFitOf: the rounds planned against the field, Swiss and round robin.
func TestFitOf(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name    string
		players int
		rounds  int
		system  arbiter.System
		cycles  int
		want    arbiter.FieldFit
	}{
		{name: "6 players, 3 rounds of Swiss", players: 6, rounds: 3, system: arbiter.Swiss,
			want: arbiter.FieldFit{Players: 6, Planned: 3, Swiss: 3, RoundRobin: 5, Fits: true}},
		{name: "6 players, 7 rounds of Swiss", players: 6, rounds: 7, system: arbiter.Swiss,
			want: arbiter.FieldFit{Players: 6, Planned: 7, Swiss: 3, RoundRobin: 5}},
		{name: "4 players twice", players: 4, rounds: 6, system: arbiter.RoundRobin, cycles: 2,
			want: arbiter.FieldFit{Players: 4, Planned: 6, Swiss: pairing.SwissRounds(4), RoundRobin: 3, Double: 6, Fits: true}},
		{name: "4 players once, 6 rounds", players: 4, rounds: 6, system: arbiter.RoundRobin, cycles: 1,
			want: arbiter.FieldFit{Players: 4, Planned: 6, Swiss: pairing.SwissRounds(4), RoundRobin: 3, Double: 6}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := mustOpen(t)
			tour := mustTournament(t, ctx, d, tt.players)
			s, err := d.Snapshot(ctx, "")
			if err != nil {
				t.Fatal(err)
			}
			s.Tournament.Rounds, s.Tournament.System, s.Tournament.Cycles = tt.rounds, tt.system, tt.cycles
			if got := FitOf(s); got != tt.want {
				t.Errorf("FitOf(%s) = %+v, want %+v", tour.Name, got, tt.want)
			}
		})
	}
}
