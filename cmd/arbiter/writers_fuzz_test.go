package main

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/reports"
	"github.com/labyrinth-chess/arbiter/rules"
	"github.com/labyrinth-chess/arbiter/season"
	utext "github.com/labyrinth-chess/arbiter/text"
	"github.com/labyrinth-chess/arbiter/trf"
)

// FuzzWriters feeds arbitrary strings as player names, clubs and the
// tournament name through every writer: the four PDF sheets, the
// workbook, TRF, PGN, JSON and the terminal tables. Nothing recovers a
// panic here: a panic anywhere fails the target. The store refuses such
// strings at its doors, but a database written before it did, or by hand,
// may hold them, and a writer must take whatever the store can hold.
//
// Beyond not panicking: TRF and PGN carry no control character but their
// line ends, JSON stays valid and escapes the characters a terminal acts
// on, and the terminal sees none of them raw.
func FuzzWriters(f *testing.F) {
	seeds := [][3]string{
		{"Bianchi, Niccolò", "Ferrè, Zoë", "Labyrinth 12 May"},
		{"Emoji 🏆, Anna", "𝕷ong, Anna", "Club 🏆"},
		{"Anna, Ends\xc3", "Club\xc3", "Club night\xc3"},
		{"Niccol\xf2", "Ferr\xe8, Zo\xeb", "Torneo \xe0"},
		{"Evil\x1b]0;pwned\x07 Name", "A\x00B\x7f", "T\r\nx\b\t"},
		{"A\u009b2J\u0085", "\u202eevil\u202c\u2066", "\u2028\u2029\ufeff"},
		{"Nguyễn, Văn", "王, 伟", "Ștefan Țară"},
		{"", " ", "\xff\xfe\xfd"},
		{"=HYPERLINK(\"x\")", "+1", "@SUM(A1)"},
	}
	for _, s := range seeds {
		f.Add(s[0], s[1], s[2])
	}
	f.Fuzz(func(t *testing.T, name, club, title string) {
		tn := arbiter.NewTournament(title)
		tn.Rounds = 2
		tn.Venue, tn.TimeControl = club, name
		tn.Date = "2026-05-12"
		names := []string{name, club, title, name + club, "Rossi, Mario"}
		var entries []arbiter.Entry
		for i, n := range names {
			entries = append(entries, arbiter.Entry{PN: i + 1, JoinedRound: 1, Player: arbiter.Player{
				Name: n, Club: club, Rating: 2000 - 100*i, Federation: "ITA"}})
		}
		rounds := []arbiter.Round{{Number: 1,
			Boards: []arbiter.Board{{Number: 1, White: 1, Black: 2, Result: arbiter.WhiteWins}, {Number: 2, White: 3, Black: 4, Result: arbiter.Draw}},
			Byes:   []arbiter.Bye{{PN: 5, Kind: arbiter.PAB}}}}
		var warned int
		ev := &reports.Event{Tournament: tn, Entries: entries, Rounds: rounds, Warn: func(reports.Replaced) { warned++ }}
		writers := map[string]func(io.Writer) error{
			"pairings":    func(w io.Writer) error { return reports.WritePairings(w, ev, 1) },
			"slips":       func(w io.Writer) error { return reports.WriteSlips(w, ev, 1) },
			"standings":   func(w io.Writer) error { return reports.WriteStandings(w, ev) },
			"crosstable":  func(w io.Writer) error { return reports.WriteCrosstable(w, ev) },
			"xlsx":        func(w io.Writer) error { return reports.WriteXLSX(w, ev) },
			"season xlsx": func(w io.Writer) error { return reports.WriteSeasonXLSX(w, fuzzSeason(ev, names, title)) },
			"season pdf":  func(w io.Writer) error { return reports.WriteSeasonPDF(w, fuzzSeason(ev, names, title)) },
		}
		for what, write := range writers {
			before := warned
			if err := write(io.Discard); err != nil {
				t.Errorf("%s: %v", what, err)
			}
			if warned-before > 1 {
				t.Errorf("%s warned %d times, want at most once", what, warned-before)
			}
		}

		// TRF: any line the writer gives holds no control character.
		tf, err := trf.FromDomain(&trf.Domain{Tournament: tn, Entries: entries, Rounds: rounds})
		if err == nil {
			var b bytes.Buffer
			if err := trf.NewWriter(&b).Write(tf); err != nil {
				t.Errorf("TRF: %v", err)
			}
			checkNoControls(t, "TRF", strings.ReplaceAll(b.String(), "\r\n", "\n"))
		}

		// PGN: the tags and a comment carry the strings.
		g := &rules.Game{Tags: []rules.Tag{{Name: "Event", Value: title}, {Name: "White", Value: name}, {Name: "Black", Value: club}},
			Comments: []string{name + " " + club}, Result: "*"}
		var pg bytes.Buffer
		if err := rules.NewWriter(&pg).Write(g); err != nil {
			t.Errorf("PGN: %v", err)
		}
		checkNoControls(t, "PGN", pg.String())

		// JSON: valid, the same strings back (invalid UTF-8 read as
		// U+FFFD), nothing a terminal acts on.
		var js bytes.Buffer
		pj := []playerJSON{toPlayerJSON(entries[0], nil), toPlayerJSON(entries[1], nil)}
		if err := writeJSON(&js, pj); err != nil {
			t.Fatalf("JSON: %v", err)
		}
		checkNoControls(t, "JSON", js.String())
		var back []playerJSON
		if err := json.Unmarshal(js.Bytes(), &back); err != nil {
			t.Fatalf("JSON %q does not read back: %v", js.String(), err)
		}
		if want := strings.ToValidUTF8(name, "\uFFFD"); back[0].Name != want && utf8.ValidString(name) {
			t.Errorf("JSON name = %q, want %q", back[0].Name, want)
		}

		// Terminal: a table of the names through the writer every command
		// writes to.
		var term bytes.Buffer
		tw := utext.NewWriter(&term)
		tb := newTable()
		for _, e := range entries {
			tb.add(e.Player.Name, e.Player.Club)
		}
		tb.line(title)
		if err := tb.write(tw); err != nil {
			t.Fatalf("table: %v", err)
		}
		tw.Flush()
		// Line ends and tabs pass (a CRLF too); nothing else does.
		checkNoControls(t, "terminal", strings.NewReplacer("\t", " ", "\r\n", "\n").Replace(term.String()))
	})
}

// fuzzSeason is a season of one evening, ev, named title, with the
// players of names, for FuzzWriters.
func fuzzSeason(ev *reports.Event, names []string, title string) *reports.Season {
	s := &reports.Season{Name: title, Rules: title, Evenings: []*reports.Event{ev}, Names: map[int64]string{},
		TiebreakCodes: []string{"EV"}, Warn: ev.Warn}
	for i, n := range names {
		s.Names[int64(i+1)] = n
		s.Standings = append(s.Standings, season.Standing{Player: int64(i + 1), Rank: i + 1, RankTo: i + 1, Total: 1.5,
			Cells: []season.Cell{{Played: true, Rank: i + 1, RankTo: i + 1, Score: 1.5, Counted: i%2 == 0}}, Values: []float64{1}})
	}
	return s
}

// checkNoControls fails when s, apart from line feeds, holds a character
// text.Class refuses or a byte that is not UTF-8.
func checkNoControls(t *testing.T, what, s string) {
	t.Helper()
	if !utf8.ValidString(s) {
		t.Errorf("%s output is not UTF-8: %q", what, s)
	}
	for i, r := range s {
		if r != '\n' && utext.Class(r) != "" {
			t.Errorf("%s output holds %U at byte %d: %q", what, r, i, s)
			return
		}
	}
}
