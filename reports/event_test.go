package reports

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/labyrinth-chess/arbiter/scoring"
)

func TestShareRanks(t *testing.T) {
	tests := []struct {
		name string
		rows []StandingRow
		want []string
	}{
		{"no tie", []StandingRow{{Points: 4}, {Points: 3}, {Points: 2}}, []string{"1", "2", "3"}},
		{"tie on points and tie-breaks", []StandingRow{
			{Points: 4, Tiebreaks: []float64{9}}, {Points: 3, Tiebreaks: []float64{7}},
			{Points: 3, Tiebreaks: []float64{7}}, {Points: 3, Tiebreaks: []float64{7}}, {Points: 1, Tiebreaks: []float64{2}},
		}, []string{"1", "2-4", "2-4", "2-4", "5"}},
		{"tie-break decides", []StandingRow{{Points: 3, Tiebreaks: []float64{7}}, {Points: 3, Tiebreaks: []float64{6.5}}}, []string{"1", "2"}},
		{"all level", []StandingRow{{}, {}}, []string{"1-2", "1-2"}},
		{"empty", nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ShareRanks(tt.rows)
			var got []string
			for _, r := range tt.rows {
				got = append(got, r.RankText())
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("ranks = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestPerformances checks the sample's ratings worked by hand, e.g. player
// 1: Ra = (1875+1650+2080)/3 = 1868.3 -> 1868, p = 2.5/3 = .83, dp 273.
func TestPerformances(t *testing.T) {
	ev := sampleEvent(t)
	got := Performances(ev.Table, ev.Entries)
	want := []int{
		1868 + 273, // 2½ of 3
		1955,       // ½ + ½ against 1760 and 2150; the forfeit win does not count
		1705,       // 1 of 2 against 1650 and 1760 (half-point bye left out)
		1853 - 125, // 1 of 3: p = .33, dp(.33) = -dp(.67)
		1982 - 273, // ½ of 3: p = .17
		2005 + 125, // 2 of 3
		0,          // no game over the board: PAB, forfeit loss, withdrawn
	}
	if !slices.Equal(got, want) {
		t.Errorf("Performances = %v, want %v", got, want)
	}
}

func TestPerformanceEdges(t *testing.T) {
	tour := arbiter.NewTournament("t")
	entries := []arbiter.Entry{
		{PN: 1, Player: arbiter.Player{Rating: 0}},
		{PN: 2, Player: arbiter.Player{Rating: 1800}},
		{PN: 3, Player: arbiter.Player{Rating: 2000}},
		{PN: 4, Player: arbiter.Player{Rating: 0}},
	}
	rounds := []arbiter.Round{
		{Number: 1, Boards: []arbiter.Board{{Number: 1, White: 1, Black: 2, Result: arbiter.WhiteWins}, {Number: 2, White: 3, Black: 4, Result: arbiter.WhiteWins}}},
		{Number: 2, Boards: []arbiter.Board{{Number: 1, White: 3, Black: 1, Result: arbiter.BlackWins}, {Number: 2, White: 2, Black: 4}}},
	}
	tab, err := scoring.Build(tour, entries, rounds)
	if err != nil {
		t.Fatal(err)
	}
	got := Performances(tab, entries)
	want := []int{
		1900 + 800, // unrated, beat 1800 and 2000: p = 1, dp = +800
		0,          // lost to an unrated player, game in play: no rated game
		0,          // both opponents unrated
		2000 - 800, // unrated, lost to 2000; the game in play does not count
	}
	if !slices.Equal(got, want) {
		t.Errorf("Performances = %v, want %v", got, want)
	}
	for _, tt := range []struct{ pct, dp int }{{100, 800}, {99, 677}, {83, 273}, {50, 0}, {45, -36}, {17, -273}, {0, -800}} {
		if got := dp(tt.pct); got != tt.dp {
			t.Errorf("dp(%d) = %d, want %d", tt.pct, got, tt.dp)
		}
	}
}

func TestAbsences(t *testing.T) {
	tour := arbiter.NewTournament("t")
	entries := []arbiter.Entry{
		{PN: 1, JoinedRound: 1}, {PN: 2, JoinedRound: 1}, {PN: 3, JoinedRound: 1},
		{PN: 4, JoinedRound: 2}, // late entry
		{PN: 5, JoinedRound: 1, Status: arbiter.Withdrawn, WithdrawnFrom: 1}, // never came
		{PN: 6, JoinedRound: 1},
	}
	rd := arbiter.Round{Number: 1,
		Boards: []arbiter.Board{{Number: 1, White: 1, Black: 2}},
		Byes:   []arbiter.Bye{{PN: 6, Kind: arbiter.ZeroBye}}}
	ev := &Event{Tournament: tour, Entries: entries, Rounds: []arbiter.Round{rd}}
	v, err := prepare(ev)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, a := range v.absences(&ev.Rounds[0]) {
		got = append(got, a.Label)
		if a.PN == 6 && v.absenceText(a) != "zero-point bye: 0 points" {
			t.Errorf("absenceText = %q, want zero-point bye: 0 points", v.absenceText(a))
		}
	}
	want := []string{"zero-point bye", "not paired", "withdrawn"} // 6, 3, 5; 4 has not joined
	if !slices.Equal(got, want) {
		t.Errorf("absences = %q, want %q", got, want)
	}

	ev.Locale = locale.New(locale.Italian)
	if v, err = prepare(ev); err != nil {
		t.Fatal(err)
	}
	got = nil
	for _, a := range v.absences(&ev.Rounds[0]) {
		got = append(got, v.absenceText(a))
	}
	want = []string{"riposo a zero punti: 0 punti", "non abbinato", "ritirato"}
	if !slices.Equal(got, want) {
		t.Errorf("Italian absences = %q, want %q", got, want)
	}
}

func TestFormats(t *testing.T) {
	en := &view{l: locale.New(locale.English)}
	it := &view{l: locale.New(locale.Italian)}
	tests := []struct{ got, want string }{
		{en.tbText(12, true), "12"},
		{en.tbText(12.5, true), "12½"},
		{en.tbText(0.5, true), "½"},
		{en.tbText(12.5, false), "12.50"},
		{en.tbText(10.333333, false), "10.33"},
		{it.tbText(10.333333, false), "10,33"},
		{en.longDate("2025-03-14"), "Friday 14 March 2025"},
		{it.longDate("2026-05-12"), "martedì 12 maggio 2026"},
		{en.longDate("March 2025"), "March 2025"},
		{en.longDate(""), ""},
		{resultText(arbiter.Draw), "½-½"},
		{resultText(arbiter.BlackForfeit), "-+"},
		{resultText(arbiter.NoResult), ""},
		{en.statusText(&arbiter.Entry{JoinedRound: 3}), "active, entered in round 3"},
		{it.statusText(&arbiter.Entry{JoinedRound: 3}), "in gara, iscritto dal 3° turno"},
		{it.statusText(&arbiter.Entry{Status: arbiter.Withdrawn, WithdrawnFrom: 5}), "ritirato dal 5° turno"},
		{headerText("A & B", 10), "A && B"},
		{headerText("abcdefghijkl", 5), "abcd…"},
	}
	for i, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("case %d = %q, want %q", i, tt.got, tt.want)
		}
	}
}

// TestDirectEncounterBlank checks that a DE value of 0, the direct
// encounter deciding nothing for the player, shows as "-" on paper and as
// an empty cell in the workbook, while DE's places and every other
// tie-break's 0 show as numbers.
func TestDirectEncounterBlank(t *testing.T) {
	ev := sampleEvent(t)
	ev.TiebreakCodes = []string{"DE", "SB"}
	de := map[int]float64{1: 0, 2: 1, 6: 2, 3: 0, 4: 0, 7: 0, 5: 0} // by pairing number
	for i := range ev.Standings {
		r := &ev.Standings[i]
		r.Tiebreaks = []float64{de[r.PN], 0}
	}
	ShareRanks(ev.Standings) // DE separates 2 and 6

	var buf bytes.Buffer
	if err := WriteXLSX(&buf, ev); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := f.GetRows(SheetStandings)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range rows {
		got = append(got, r[1]+":"+r[7]+":"+r[8])
	}
	want := []string{"PN:DE:SB", "1::0", "2:1:0", "6:2:0", "3::0", "4::0", "7::0", "5::0"}
	if !slices.Equal(got, want) {
		t.Errorf("workbook PN:DE:SB = %q, want %q", got, want)
	}

	buf.Reset()
	if err := WriteStandings(&buf, ev); err != nil {
		t.Fatal(err)
	}
	text := squeeze(pdfText(t, buf.Bytes()))
	for _, line := range []string{
		"Rank PN Name Title Rating Club Pts DE SB Perf",
		"1 1 Dvořák, Jiří FM 2150 ŠK Vyšehrad 2½ - 0 2141",
		"2 2 Müller, Jürgen CM 2080 SC Köln 2 1 0 1955",
		"3 6 Rossi, Mario 1650 Labirinto 2 2 0 2130",
		"5-6 4 Wróbel, Łukasz 1875 1 - 0 1728",
	} {
		if !strings.Contains(text, line+"\n") {
			t.Errorf("standings PDF lacks the line %q:\n%s", line, text)
		}
	}
}

func TestBalance(t *testing.T) {
	tests := []struct {
		n, fit int
		want   []int
	}{
		{0, 25, nil},
		{1, 25, []int{0}},
		{25, 25, []int{0}},
		{26, 25, []int{0, 13}},
		{30, 25, []int{0, 15}},
		{51, 25, []int{0, 17, 34}},
		{52, 25, []int{0, 18, 35}},
		{3, 0, []int{0, 1, 2}},
	}
	for _, tt := range tests {
		if got := balance(tt.n, tt.fit); !slices.Equal(got, tt.want) {
			t.Errorf("balance(%d, %d) = %v, want %v", tt.n, tt.fit, got, tt.want)
		}
	}
}
