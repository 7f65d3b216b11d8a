package reports

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/scoring"
)

// sampleEvent is a club evening after three rounds: seven players, one
// pairing-allocated bye, one half-point bye, one forfeit, one withdrawal
// and two shared ranks. Names carry the accents the PDF fonts must print.
//
//	R1: 1-4 1-0, 5-2 ½-½, 3-6 0-1, 7 PAB
//	R2: 6-1 0-1, 2-7 +- (7 did not come), 4-5 1-0, 3 half-point bye
//	R3: 1-2 ½-½, 4-6 0-1, 3-5 1-0, 7 withdrawn
//
// Final points: 1 2½, 2 2, 6 2, 3 1½, 4 1, 7 1, 5 ½. The tie-break values
// are as a chain would give them; the reports only print them.
func sampleEvent(tb testing.TB) *Event {
	tb.Helper()
	t := arbiter.NewTournament("Labyrinth Blitz – Spring & Summer 2025")
	t.Date = "2025-03-14"
	t.Venue = "Circolo Scacchi Labirinto"
	t.Rounds = 3
	t.Tiebreaks = []string{"BH", "SB"}
	pl := func(name string, title arbiter.Title, rating int, fed, id, club string, born int) arbiter.Player {
		return arbiter.Player{Name: name, Title: title, Rating: rating, Federation: fed, FIDEID: id, Club: club, BirthYear: born}
	}
	entries := []arbiter.Entry{
		{PN: 1, JoinedRound: 1, Player: pl("Dvořák, Jiří", "FM", 2150, "CZE", "312345", "ŠK Vyšehrad", 1988)},
		{PN: 2, JoinedRound: 1, Player: pl("Müller, Jürgen", "CM", 2080, "GER", "4671234", "SC Köln", 1975)},
		{PN: 3, JoinedRound: 1, Player: pl("Ferrà, Nicolò", "", 1990, "ITA", "", "Labirinto", 2001)},
		{PN: 4, JoinedRound: 1, Player: pl("Wróbel, Łukasz", "", 1875, "POL", "", "", 0)},
		{PN: 5, JoinedRound: 1, Player: pl("Ólafsdóttir, Sóley", "WFM", 1760, "ISL", "2301234", "TR", 1999)},
		{PN: 6, JoinedRound: 1, Player: pl("Rossi, Mario", "", 1650, "ITA", "", "Labirinto", 1962)},
		{PN: 7, JoinedRound: 1, Status: arbiter.Withdrawn, WithdrawnFrom: 3, Player: pl("Šimić, Ivana", "", 0, "CRO", "", "", 0)},
	}
	bd := func(n, w, b int, r arbiter.Result) arbiter.Board {
		return arbiter.Board{Number: n, White: w, Black: b, Result: r}
	}
	rounds := []arbiter.Round{
		{Number: 1,
			Boards: []arbiter.Board{bd(1, 1, 4, arbiter.WhiteWins), bd(2, 5, 2, arbiter.Draw), bd(3, 3, 6, arbiter.BlackWins)},
			Byes:   []arbiter.Bye{{PN: 7, Kind: arbiter.PAB}}},
		{Number: 2,
			Boards: []arbiter.Board{bd(1, 6, 1, arbiter.BlackWins), bd(2, 2, 7, arbiter.WhiteForfeit), bd(3, 4, 5, arbiter.WhiteWins)},
			Byes:   []arbiter.Bye{{PN: 3, Kind: arbiter.HalfBye}}},
		{Number: 3,
			Boards: []arbiter.Board{bd(1, 1, 2, arbiter.Draw), bd(2, 4, 6, arbiter.BlackWins), bd(3, 3, 5, arbiter.WhiteWins)}},
	}
	rows := []StandingRow{
		{PN: 1, Points: 5, Tiebreaks: []float64{5, 4.25}},
		{PN: 2, Points: 4, Tiebreaks: []float64{5.5, 3.5}},
		{PN: 6, Points: 4, Tiebreaks: []float64{5.5, 3.5}},
		{PN: 3, Points: 3, Tiebreaks: []float64{4, 1.75}},
		{PN: 4, Points: 2, Tiebreaks: []float64{5, 1}},
		{PN: 7, Points: 2, Tiebreaks: []float64{5, 1}},
		{PN: 5, Points: 1, Tiebreaks: []float64{4.5, 1.25}},
	}
	ShareRanks(rows)
	ev := &Event{
		Tournament:    t,
		Entries:       entries,
		Rounds:        rounds,
		Standings:     rows,
		TiebreakCodes: []string{"BH", "SB"},
		Generated:     time.Date(2025, 3, 14, 23, 5, 0, 0, time.UTC),
	}
	tab, err := scoring.Build(t, entries, rounds)
	if err != nil {
		tb.Fatal(err)
	}
	ev.Table = tab
	perf := Performances(tab, entries)
	for i := range rows {
		rows[i].Performance = perf[rows[i].PN-1]
	}
	return ev
}

// bigEvent builds an n-player, r-round tournament for benchmarks: names
// with accents, every result in, a PAB when n is odd, and a few
// forfeits. Each round pairs neighbours in score order: not the
// Dutch system, but the sheets do not care.
func bigEvent(tb testing.TB, n, rounds int) *Event {
	tb.Helper()
	rng := rand.New(rand.NewPCG(1, 2))
	t := arbiter.NewTournament("Grand Open Città di Bologna")
	t.Date = "2025-07-01"
	t.Rounds = rounds
	first := []string{"Mario", "Jiří", "Łukasz", "Sóley", "Nicolò", "Zoë", "Ángel", "Björn", "Chloé", "Dušan", "Øystein", "François"}
	last := []string{"Rossi", "Dvořák", "Wróbel", "Ólafsdóttir", "Ferrà", "Müller", "Šimić", "Nørgaard", "Łączyński", "Sánchez", "Kovačević", "Ødegård"}
	entries := make([]arbiter.Entry, n)
	for i := range entries {
		entries[i] = arbiter.Entry{PN: i + 1, JoinedRound: 1, Player: arbiter.Player{
			Name:   fmt.Sprintf("%s-%d, %s", last[i%len(last)], i/len(last)+1, first[(i/3)%len(first)]),
			Rating: max(2600-i*1, 0), Club: "Club " + last[(i/7)%len(last)], Federation: "ITA",
		}}
	}
	score := make([]arbiter.Score, n+1)
	order := make([]int, n)
	for i := range order {
		order[i] = i + 1
	}
	var rs []arbiter.Round
	for r := 1; r <= rounds; r++ {
		slices.SortStableFunc(order, func(a, b int) int { return int(score[b]) - int(score[a]) })
		rd := arbiter.Round{Number: r}
		players := order
		if len(players)%2 == 1 {
			last := players[len(players)-1]
			rd.Byes = append(rd.Byes, arbiter.Bye{PN: last, Kind: arbiter.PAB})
			score[last] += t.PABValue
			players = players[:len(players)-1]
		}
		for i := 0; i < len(players); i += 2 {
			w, b := players[i], players[i+1]
			if (r+i/2)%2 == 1 {
				w, b = b, w
			}
			res := []arbiter.Result{arbiter.WhiteWins, arbiter.Draw, arbiter.BlackWins}[rng.IntN(3)]
			if rng.IntN(100) == 0 {
				res = arbiter.WhiteForfeit
			}
			rd.Boards = append(rd.Boards, arbiter.Board{Number: i/2 + 1, White: w, Black: b, Result: res})
			score[w] += res.Points(arbiter.White)
			score[b] += res.Points(arbiter.Black)
		}
		rs = append(rs, rd)
	}
	tab, err := scoring.Build(t, entries, rs)
	if err != nil {
		tb.Fatal(err)
	}
	rows := make([]StandingRow, n)
	for i := range rows {
		pn := order[i]
		rows[i] = StandingRow{PN: pn, Points: tab.Card(pn).Score(), Tiebreaks: []float64{float64(rng.IntN(80)) / 2, float64(rng.IntN(200)) / 4}}
	}
	slices.SortStableFunc(rows, func(a, b StandingRow) int { return int(b.Points) - int(a.Points) })
	ShareRanks(rows)
	perf := Performances(tab, entries)
	for i := range rows {
		rows[i].Performance = perf[rows[i].PN-1]
	}
	return &Event{Tournament: t, Entries: entries, Rounds: rs, Table: tab, Standings: rows,
		TiebreakCodes: []string{"BH", "SB"}, Generated: time.Date(2025, 7, 9, 23, 0, 0, 0, time.UTC)}
}
