package reports

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/locale"
)

// roundRobinEvent is a round robin of five players from the Berger table
// (C.05 Annex 1), so each round one player has the bye, with a draw, a
// forfeit and a shared rank:
//
//	R1: 2-5 1-0, 3-4 ½-½, 1 bye   R2: 5-3 0-1, 1-2 ½-½, 4 bye
//	R3: 3-1 0-1, 4-5 +-, 2 bye    R4: 1-4 1-0, 2-3 0-1, 5 bye
//	R5: 4-2 ½-½, 5-1 0-1, 3 bye
//
// Points, with the bye's 1: 1 4½, 3 3½, 2 3, 4 3, 5 1.
func roundRobinEvent(tb testing.TB) *Event {
	tb.Helper()
	t := arbiter.NewTournament("Girone sociale")
	t.Date = "2026-05-12"
	t.System = arbiter.RoundRobin
	t.Rounds = 5
	t.Tiebreaks = []string{"SB", "DE"}
	names := []string{"Rossi, Mario", "Bianchi, Anna", "Verdi, Ugo", "Conti, Sara", "Gallo, Piero"}
	var entries []arbiter.Entry
	for i, n := range names {
		entries = append(entries, arbiter.Entry{PN: i + 1, JoinedRound: 1, Player: arbiter.Player{Name: n, Rating: 1900 - 50*i}})
	}
	bd := func(n, w, b int, r arbiter.Result) arbiter.Board {
		return arbiter.Board{Number: n, White: w, Black: b, Result: r}
	}
	bye := func(pn int) []arbiter.Bye { return []arbiter.Bye{{PN: pn, Kind: arbiter.PAB}} }
	rounds := []arbiter.Round{
		{Number: 1, Boards: []arbiter.Board{bd(1, 2, 5, arbiter.WhiteWins), bd(2, 3, 4, arbiter.Draw)}, Byes: bye(1)},
		{Number: 2, Boards: []arbiter.Board{bd(1, 5, 3, arbiter.BlackWins), bd(2, 1, 2, arbiter.Draw)}, Byes: bye(4)},
		{Number: 3, Boards: []arbiter.Board{bd(1, 3, 1, arbiter.BlackWins), bd(2, 4, 5, arbiter.WhiteForfeit)}, Byes: bye(2)},
		{Number: 4, Boards: []arbiter.Board{bd(1, 1, 4, arbiter.WhiteWins), bd(2, 2, 3, arbiter.BlackWins)}, Byes: bye(5)},
		{Number: 5, Boards: []arbiter.Board{bd(1, 4, 2, arbiter.Draw), bd(2, 5, 1, arbiter.BlackWins)}, Byes: bye(3)},
	}
	rows := []StandingRow{
		{PN: 1, Points: 9, Tiebreaks: []float64{9.25, 0}},
		{PN: 3, Points: 7, Tiebreaks: []float64{6.5, 0}},
		{PN: 2, Points: 6, Tiebreaks: []float64{5.5, 0}},
		{PN: 4, Points: 6, Tiebreaks: []float64{5.5, 0}},
		{PN: 5, Points: 2, Tiebreaks: []float64{0, 0}},
	}
	ShareRanks(rows)
	return &Event{
		Tournament:    t,
		Entries:       entries,
		Rounds:        rounds,
		Standings:     rows,
		TiebreakCodes: []string{"SB", "DE"},
		Generated:     time.Date(2026, 5, 12, 23, 0, 0, 0, time.UTC),
	}
}

// TestSquareGolden compares the text of a round robin's crosstable, the
// square "tabellone all'italiana" and its legend, with its golden files,
// in English and in Italian.
func TestSquareGolden(t *testing.T) {
	for _, lang := range locale.Langs() {
		ev := roundRobinEvent(t)
		ev.Locale = locale.New(lang)
		name := "crosstable_rr"
		if lang != locale.English {
			name += "_" + lang.String()
		}
		t.Run(name, func(t *testing.T) { pdfGolden(t, ev, WriteCrosstable, name) })
	}
}

// TestSquareCells reads the squares where two lines meet: each player's
// points against the other, both games of a double round robin in the
// order played, forfeits, a game in play, and nothing on the diagonal.
func TestSquareCells(t *testing.T) {
	ev := roundRobinEvent(t)
	// A second cycle begun: 2-1 in round 6, 3-5 still in play.
	ev.Tournament.Rounds = 10
	ev.Rounds = append(ev.Rounds, arbiter.Round{Number: 6,
		Boards: []arbiter.Board{
			{Number: 1, White: 2, Black: 1, Result: arbiter.WhiteWins},
			{Number: 2, White: 3, Black: 5},
		},
		Byes: []arbiter.Bye{{PN: 4, Kind: arbiter.PAB}}})
	v, err := prepare(ev)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		pn, opp int
		want    string
	}{
		{1, 2, "½ 0"},
		{2, 1, "½ 1"},
		{1, 3, "1"},
		{3, 1, "0"},
		{4, 5, "+"},
		{5, 4, "-"},
		{3, 5, "1 *"},
		{5, 3, "0 *"},
		{3, 4, "½"},
		{1, 1, ""},
	}
	for _, tt := range tests {
		if got := v.squareCell(tt.pn, tt.opp, 1); got != tt.want {
			t.Errorf("squareCell(%d, %d) = %q, want %q", tt.pn, tt.opp, got, tt.want)
		}
	}
}

// TestSquareWorkbook checks the crosstable sheet of a round robin: the
// same square as the PDF, with the points as numbers.
func TestSquareWorkbook(t *testing.T) {
	ev := roundRobinEvent(t)
	ev.Locale = locale.New(locale.Italian)
	var buf bytes.Buffer
	if err := WriteXLSX(&buf, ev); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	got, err := f.GetRows("Tabellone")
	if err != nil {
		t.Fatal(err)
	}
	want := table(`
		Riga|Nome|Elo|1|2|3|4|5|Punti|SB|DE|Pos.
		1|Rossi, Mario|1900||1|½|1|1|4 1/2|9.25||1
		2|Verdi, Ugo|1800|0||1|½|1|3 1/2|6.5||2
		3|Bianchi, Anna|1850|½|0||½|1|3|5.5||3-4
		4|Conti, Sara|1750|0|½|½||+|3|5.5||3-4
		5|Gallo, Piero|1700|0|0|0|-||1|0||5
	`)
	for i := range got {
		got[i] = trimRow(got[i])
	}
	diffRows(t, got, want)
	var text strings.Builder
	for _, r := range got {
		text.WriteString(strings.Join(r, "|") + "\n")
	}
	if strings.Contains(text.String(), "b1") || strings.Contains(text.String(), "Rip") {
		t.Errorf("the round robin's sheet is the Swiss crosstable:\n%s", text.String())
	}
}

// trimRow drops a row's trailing empty cells, as table does.
func trimRow(r []string) []string {
	for len(r) > 0 && r[len(r)-1] == "" {
		r = r[:len(r)-1]
	}
	return r
}

// TestSquareContinuation prints the crosstable of a Swiss that went on as
// an all-play-all from round 3 (C.04.3 1.9): the Swiss crosstable of
// every round, then the square of rounds 3 to 5 alone, with the points
// of those rounds, the rank in the standings and a note saying so.
func TestSquareContinuation(t *testing.T) {
	ev := roundRobinEvent(t)
	ev.Tournament.System = arbiter.Swiss
	ev.Tournament.AllPlayAll = arbiter.Continuation{From: 3, Players: []int{1, 2, 3, 4, 5}}
	ev.Locale = locale.New(locale.Italian)
	pdfGolden(t, ev, WriteCrosstable, "crosstable_apa_it")
	v, err := prepare(ev)
	if err != nil {
		t.Fatal(err)
	}
	// Rossi and Bianchi drew in round 2, before the all-play-all.
	if got := v.squareCell(1, 2, 3); got != "" {
		t.Errorf("squareCell(1, 2, from 3) = %q, want no game", got)
	}
	if got := v.squareCell(1, 4, 3); got != "1" {
		t.Errorf("squareCell(1, 4, from 3) = %q, want 1", got)
	}
}
