package games

import (
	"errors"
	"strings"
	"testing"
)

// testSeats: Rossi and Neri meet in rounds 1 and 2 with opposite colours;
// Neri has White in rounds 2 and 3. Round 4 has only byes.
var testSeats = []Seat{
	{Round: 1, Board: 1, White: "Rossi, Mario", Black: "Neri, Paolo"},
	{Round: 1, Board: 2, White: "Bianchi, Anna", Black: "Verdi, Ugo"},
	{Round: 2, Board: 1, White: "Neri, Paolo", Black: "Rossi, Mario"},
	{Round: 2, Board: 2, White: "Verdi, Ugo", Black: "Nicolò D'Amato"},
	{Round: 3, Board: 1, White: "Neri, Paolo", Black: "Bianchi, Anna"},
}

func TestFind(t *testing.T) {
	ix := NewIndex(4, testSeats)
	tests := []struct {
		name      string
		round     int
		tags      Tags
		want      Seat // zero: no match
		swapped   bool
		problem   string // part of Problem when there is no match
		wantBoard [2]int
	}{
		{name: "round and board", tags: Tags{"1.2", "Bianchi, Anna", "Verdi, Ugo"}, wantBoard: [2]int{1, 2}},
		{name: "board tag, other name order and accents", tags: Tags{"1.2", "ANNA BIANCHI", "Ugo Verdi"}, wantBoard: [2]int{1, 2}},
		{name: "board tag, unknown names", tags: Tags{"2.1", "?", ""}, wantBoard: [2]int{2, 1}},
		{name: "names alone", tags: Tags{"", "Verdi, Ugo", "Nicolo D Amato"}, wantBoard: [2]int{2, 2}},
		{name: "names and round", tags: Tags{"2", "Neri, Paolo", "Rossi, Mario"}, wantBoard: [2]int{2, 1}},
		{name: "round given, no Round tag", round: 1, tags: Tags{"?", "Mario Rossi", "Paolo Neri"}, wantBoard: [2]int{1, 1}},
		{name: "one name known", round: 1, tags: Tags{"", "Bianchi, Anna", "?"}, wantBoard: [2]int{1, 2}},
		{name: "rematch without a round", tags: Tags{"", "Rossi", "Neri"}, problem: `no board of any round has White "Rossi"`},
		{name: "two rounds fit one name", tags: Tags{"", "Neri, Paolo", "?"}, problem: `"Neri, Paolo" - ? fits round 2 board 1 and round 3 board 1: add a Round tag such as "2.1"`},
		{name: "one name, one round", tags: Tags{"", "?", "Rossi, Mario"}, wantBoard: [2]int{2, 1}},
		{name: "swapped on the board of the tag", tags: Tags{"1.2", "Verdi, Ugo", "Bianchi, Anna"}, swapped: true, problem: "colours are swapped"},
		{name: "swapped, found by names", tags: Tags{"1", "Verdi, Ugo", "Bianchi, Anna"}, swapped: true, problem: "colours are swapped"},
		{name: "names of another board", tags: Tags{"1.1", "Bianchi, Anna", "Verdi, Ugo"}, problem: "play on board 2"},
		{name: "no such board", tags: Tags{"1.7", "Bianchi, Anna", "Verdi, Ugo"}, problem: "round 1 has no board 7: its boards are 1 to 2"},
		{name: "round not paired", tags: Tags{"5", "Bianchi, Anna", "Verdi, Ugo"}, problem: "round 5 is not paired yet: rounds 1 to 4 are"},
		{name: "round of byes", tags: Tags{"4", "Bianchi, Anna", "Verdi, Ugo"}, problem: "round 4 has no boards, only byes"},
		{name: "round tag against --round", round: 2, tags: Tags{"1.2", "Bianchi, Anna", "Verdi, Ugo"}, problem: `the Round tag says "1.2", not round 2`},
		{name: "bad round tag", tags: Tags{"first", "Bianchi, Anna", "Verdi, Ugo"}, problem: `bad Round tag "first"`},
		{name: "no names, no board", tags: Tags{"1", "?", "?"}, problem: "no player names"},
		{name: "stranger", tags: Tags{"1", "Carlsen, Magnus", "Verdi, Ugo"}, problem: "no board of round 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := ix.Find(tt.round, tt.tags)
			if tt.problem == "" {
				if !m.OK || m.Seat.Round != tt.wantBoard[0] || m.Seat.Board != tt.wantBoard[1] {
					t.Fatalf("Find(%d, %+v) = %+v, want round %d board %d", tt.round, tt.tags, m, tt.wantBoard[0], tt.wantBoard[1])
				}
				return
			}
			if m.OK || !strings.Contains(m.Problem, tt.problem) || m.Swapped != tt.swapped {
				t.Errorf("Find(%d, %+v) = %+v, want no match saying %q (swapped %v)", tt.round, tt.tags, m, tt.problem, tt.swapped)
			}
		})
	}
}

func TestCompare(t *testing.T) {
	seat := Seat{Round: 2, Board: 3, White: "Rossi, Mario", Black: "Nicolò D'Amato"}
	tests := []struct {
		name  string
		tags  Tags
		notes []string // parts of the notes, in order
		swap  bool
	}{
		{"same", Tags{"2.3", "Mario Rossi", "d'amato, nicolo"}, nil, false},
		{"unknown", Tags{"?", "?", ""}, nil, false},
		{"swapped", Tags{"2.3", "Nicolo D'Amato", "Rossi, Mario"}, nil, true},
		{"other white", Tags{"2", "Rossi, Marco", "Nicolò D'Amato"}, []string{`the White tag says "Rossi, Marco" but White on board 3 of round 2 is Rossi, Mario`}, false},
		{"other black and round", Tags{"4", "Rossi, Mario", "Verdi"}, []string{`the Black tag says "Verdi"`, `the Round tag says "4" but the game is entered for round 2`}, false},
		{"other board", Tags{"2.1", "", ""}, []string{`the Round tag says "2.1" but the game is entered for board 3`}, false},
		{"bad round", Tags{"2-3", "", ""}, []string{`bad Round tag "2-3"`}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			notes, err := Compare(seat, tt.tags)
			var se *SwapError
			if tt.swap != errors.As(err, &se) {
				t.Fatalf("Compare(%+v) error = %v, want swapped %v", tt.tags, err, tt.swap)
			}
			if len(notes) != len(tt.notes) {
				t.Fatalf("Compare(%+v) = %q, want %d notes", tt.tags, notes, len(tt.notes))
			}
			for i, n := range notes {
				if !strings.Contains(n, tt.notes[i]) {
					t.Errorf("note %d = %q, want it to say %q", i, n, tt.notes[i])
				}
			}
		})
	}
	_, err := Compare(seat, Tags{"", "Nicolo D'Amato", "Rossi, Mario"})
	if want := `the colours are swapped: the game has White "Nicolo D'Amato" and Black "Rossi, Mario", but on board 3 of round 2 Rossi, Mario has White and Nicolò D'Amato Black`; err == nil || err.Error() != want {
		t.Errorf("swap error = %v\nwant %s", err, want)
	}
}

// FuzzFind checks that whatever the tags, Find does not panic, and that a
// board it finds is one the tags do not contradict: Compare finds no
// swapped colours and no other names on it.
func FuzzFind(f *testing.F) {
	f.Add(0, "1.2", "Bianchi, Anna", "Verdi, Ugo")
	f.Add(2, "", "Neri Paolo", "rossi, mario")
	f.Add(0, "?", "?", "Rossi, Mario")
	f.Add(1, "1.1", "Paolo Neri", "Mario Rossi")
	ix := NewIndex(4, testSeats)
	f.Fuzz(func(t *testing.T, round int, tag, white, black string) {
		m := ix.Find(round, Tags{tag, white, black})
		if !m.OK {
			if m.Problem == "" {
				t.Fatalf("Find(%d, %q, %q, %q): no match and no reason", round, tag, white, black)
			}
			return
		}
		notes, err := Compare(m.Seat, Tags{tag, white, black})
		if err != nil {
			t.Fatalf("Find(%d, %q, %q, %q) = %v, which Compare refuses: %v", round, tag, white, black, m.Seat, err)
		}
		for _, n := range notes {
			if strings.Contains(n, "White tag") || strings.Contains(n, "Black tag") || strings.Contains(n, "Round tag") {
				t.Fatalf("Find(%d, %q, %q, %q) = %v, which Compare contradicts: %s", round, tag, white, black, m.Seat, n)
			}
		}
	})
}
