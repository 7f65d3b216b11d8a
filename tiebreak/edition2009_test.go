package tiebreak

import (
	"fmt"
	"strings"
	"testing"
)

// roundRobin writes the cross table of an n-player round robin (n even,
// circle method, first named White). result gives the first player's sign
// ('+', '=', '-'), 'a' for both absent, 'f' for a forfeit win of the
// first player, 'F' for one of the second.
func roundRobin(n int, result func(r, white, black int) byte) string {
	rows := make([][]string, n+1)
	arr := make([]int, n)
	for i := range arr {
		arr[i] = i + 1
	}
	for r := 1; r < n; r++ {
		for k := range n / 2 {
			w, b := arr[k], arr[n-1-k]
			if r%2 == 0 && k == 0 {
				w, b = b, w
			}
			var tw, tb string
			switch res := result(r, w, b); res {
			case 'a':
				tw, tb = "--", "--"
			case 'f':
				tw, tb = fmt.Sprintf("+F%d", b), fmt.Sprintf("-F%d", w)
			case 'F':
				tw, tb = fmt.Sprintf("-F%d", b), fmt.Sprintf("+F%d", w)
			default:
				other := map[byte]byte{'+': '-', '=': '=', '-': '+'}[res]
				tw, tb = fmt.Sprintf("%cW%d", res, b), fmt.Sprintf("%cB%d", other, w)
			}
			rows[w] = append(rows[w], tw)
			rows[b] = append(rows[b], tb)
		}
		// rotate all but the first
		last := arr[n-1]
		copy(arr[2:], arr[1:n-1])
		arr[1] = last
	}
	var sb strings.Builder
	for pn := 1; pn <= n; pn++ {
		fmt.Fprintf(&sb, "%d %s\n", pn, strings.Join(rows[pn], " "))
	}
	return sb.String()
}

// TestVirtualOpponent checks the 2009 rule with the handbook's examples,
// in a 9-round event: player 1 has 1.5 points after two rounds and is
// absent in round 3, so his virtual opponent scores 1.5 + (1 − 0) + 0.5 ×
// (9 − 3) = 5.5; player 2 has 3.5 after five rounds and wins by forfeit in
// round 6: 3.5 + (1 − 1) + 0.5 × (9 − 6) = 5.
func TestVirtualOpponent(t *testing.T) {
	two := map[int]byte{1: '+', 2: '+', 3: '+', 4: '=', 5: '-'}
	var absentOpp, forfeitOpp int
	table := roundRobin(10, func(r, w, b int) byte {
		switch {
		case r == 3 && (w == 1 || b == 1):
			if w == 1 {
				absentOpp = b
			} else {
				absentOpp = w
			}
			return 'a'
		case r <= 2 && w == 1:
			return "+="[r-1]
		case r <= 2 && b == 1:
			return "-="[r-1]
		case r == 6 && (w == 2 || b == 2):
			if w == 2 {
				forfeitOpp = b
				return 'f'
			}
			forfeitOpp = w
			return 'F'
		case r <= 5 && w == 2:
			return two[r]
		case r <= 5 && b == 2:
			return map[byte]byte{'+': '-', '=': '=', '-': '+'}[two[r]]
		case (w+b)%4 == 0:
			return '='
		case w < b:
			return '+'
		}
		return '-'
	})
	tour, tab := crosstable(t, table)
	tour.TiebreakEdition = Edition2009
	if got := tab.Card(1).ScoreAfter(2); got.Points() != 1.5 {
		t.Fatalf("player 1 after 2 rounds = %v, want 1.5", got)
	}
	if got := tab.Card(2).ScoreAfter(5); got.Points() != 3.5 {
		t.Fatalf("player 2 after 5 rounds = %v, want 3.5", got)
	}
	ex, err := Explain(Input{Tournament: tour, Table: tab, Chain: []Spec{{Code: BH}, {Code: SB}}}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if l := ex[0].Lines[2]; l.Round != 3 || l.Value != 5.5 || !l.Counted {
		t.Errorf("player 1 round 3 BH line = %+v, want 5.5 from the virtual opponent", l)
	}
	if l := ex[1].Lines[2]; l.Value != 0 {
		t.Errorf("player 1 round 3 SB line = %+v, want 0 (5.5 × 0 points)", l)
	}
	ex, err = Explain(Input{Tournament: tour, Table: tab, Chain: []Spec{{Code: BH}, {Code: SB}}}, 2)
	if err != nil {
		t.Fatal(err)
	}
	if l := ex[0].Lines[5]; l.Round != 6 || l.Value != 5 {
		t.Errorf("player 2 round 6 BH line = %+v, want 5 from the virtual opponent", l)
	}
	if l := ex[1].Lines[5]; l.Value != 5 {
		t.Errorf("player 2 round 6 SB line = %+v, want 5 (5 × 1 point)", l)
	}

	// As an opponent, a player's unplayed rounds count as draws: the
	// forfeiting player is worth his points plus ½ to those who met him;
	// player 1 his points plus ½ for his absence.
	c, err := newCalc(Input{Tournament: tour, Table: tab})
	if err != nil {
		t.Fatal(err)
	}
	// Player 2's forfeit win counts ½ instead of 1.
	extra := map[int]float64{1: 0.5, 2: -0.5}
	extra[absentOpp] += 0.5
	extra[forfeitOpp] += 0.5
	for pn := 1; pn <= 10; pn++ {
		if got, want := c.adj[pn], c.score[pn].Points()+extra[pn]; got != want {
			t.Errorf("2009 score of %d as an opponent = %v, want %v", pn, got, want)
		}
	}
}
