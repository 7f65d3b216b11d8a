package main

import (
	"context"
	"io"
	"strconv"
	"time"
)

// demoEarlier are the two earlier evenings of the club's spring season,
// each with the players who came, as the roster names them. The demo
// types them in from their paper sheets once the evening is over, and
// scores the season of the three.
var demoEarlier = []struct {
	date    time.Time
	players []string
}{
	{time.Date(2026, 4, 28, 0, 0, 0, 0, demoZone), []string{
		"Ferretti, Niccolò", "Kowalczyk, Zofia", "D'Angelo, Raffaele", "Galli, Beatrice", "Moreau, Théo", "Esposito, Gennaro",
		"Santoro, Lucia", "Bianchi, Federico", "Colombo, Matteo", "Schäfer, Jürgen", "Ricci, Chiara", "Dvořák, Tomáš",
		"Greco, Martina", "Fontana, Giorgio"}},
	{time.Date(2026, 5, 5, 0, 0, 0, 0, demoZone), []string{
		"Ferretti, Niccolò", "D'Angelo, Raffaele", "Moreau, Théo", "Nuñez, Iñaki", "Santoro, Lucia", "Öztürk, Elif",
		"Colombo, Matteo", "Schäfer, Jürgen", "Ricci, Chiara", "Marino, Salvatore", "Greco, Martina", "Lombardi, Andrea",
		"Nakamura, Aiko", "Conti, Elena", "Barbieri, Luca", "Caruso, Francesca"}},
}

// foldEvening counts the commands that type in an earlier evening.
var foldEvening = &demoFold{"demo.foldevening"}

// demoSeasonFiles are the season's files in the demo's folder.
var demoSeasonFiles = []string{"season.xlsx", "season.pdf"}

// season types in the earlier evenings, scores the spring season over
// the three, best two of three with a point for every evening played,
// and returns its table. The evening played stays the current
// tournament.
func (d *demoRun) season(ctx context.Context) (string, error) {
	d.section(21*60+30+demoRounds*25+5, d.l.T("demo.earlier"))
	lang := d.l.Lang().String()
	evenings := []string{}
	for i, ev := range demoEarlier {
		name := d.l.T("demo.tournament", "Date", d.l.Date(ev.date))
		evenings = append(evenings, name)
		if _, err := d.do(ctx, nil, "tournament", "new", name, "--preset", "labyrinth", "--date", ev.date.Format(time.DateOnly),
			"--seed", strconv.Itoa(i+1), "--lang", lang); err != nil {
			return "", err
		}
		for _, p := range ev.players {
			if _, err := d.do(ctx, foldEvening, "player", "add", p); err != nil {
				return "", err
			}
		}
		d.ratings = nil // pairing numbers of another tournament
		for r := 1; r <= demoRounds; r++ {
			if err := d.quickRound(ctx, r); err != nil {
				return "", err
			}
		}
	}
	evening := d.l.T("demo.tournament", "Date", d.l.Date(demoDate))
	evenings = append(evenings, evening)
	d.section(21*60+30+demoRounds*25+65, d.l.T("demo.season"))
	if _, err := d.do(ctx, nil, "season", "new", d.l.T("demo.seasonname"), "--scoring", "places:10,8,6,5,4,3,2,1",
		"--best", "2", "--participation", "1"); err != nil {
		return "", err
	}
	if _, err := d.do(ctx, nil, append([]string{"season", "add"}, evenings...)...); err != nil {
		return "", err
	}
	table, err := d.show(ctx, "season", "standings")
	if err != nil {
		return "", err
	}
	for _, args := range [][]string{
		{"season", "export", d.file("season.xlsx")},
		{"season", "print", d.file("season.pdf")},
		{"tournament", "use", evening},
	} {
		if _, err := d.do(ctx, nil, args...); err != nil {
			return "", err
		}
	}
	return table, nil
}

// quickRound pairs round r of an earlier evening and enters results
// drawn from the ratings, folded in the transcript.
func (d *demoRun) quickRound(ctx context.Context, r int) error {
	if _, err := d.do(ctx, foldEvening, "round", "pair"); err != nil {
		return err
	}
	rd, err := d.pairing(ctx, r)
	if err != nil {
		return err
	}
	var boards []boardJSON
	for _, b := range rd.Boards {
		if b.Bye == "" && b.Black != nil {
			boards = append(boards, b)
		}
	}
	if err := d.knowPlayers(ctx, boards); err != nil {
		return err
	}
	for _, b := range boards {
		if _, err := d.do(ctx, foldEvening, "round", "result", strconv.Itoa(b.Board), d.draw(d.ratings[b.White], d.ratings[*b.Black])); err != nil {
			return err
		}
	}
	return nil
}

// writeSeason writes the season's table on standard output after the
// evening's standings, a blank line between.
func (d *demoRun) writeSeason(table string) error {
	_, err := io.WriteString(d.a.stdout, "\n"+table)
	return err
}
