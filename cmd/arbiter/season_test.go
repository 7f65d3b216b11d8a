package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"
)

// clubSeason plays four one-round evenings without tie-breaks, so that
// players level on points share their place:
//
//	E1 (5): Neri 1, Conti 1 (bye), Rossi 1 | Verdi 0, Bianchi 0
//	E2 (6): Verdi 1, Bianchi 1, Rossi 1 | Neri 0, Conti 0, Gallo 0
//	E3 (5): Bianchi 1, Fabbri 1 (bye) | Verdi ½, Gallo ½ | Rossi 0; Neri and Conti absent
//	E4 (6): "Neri, P." 1, Rossi 1, Verdi 1 | Bianchi 0, Conti 0, Fabbri 0
//
// In E4 Neri is entered again as a new roster player, "Neri, P.". The
// commands run once per run of the tests (sharedDatabase); each test
// gets a copy of the file.
func clubSeason(t *testing.T) *cli {
	t.Helper()
	c := newCLI(t)
	copyDatabase(t, sharedDatabase(t, "season", playClubSeason), c.db)
	return c
}

func playClubSeason(c *cli) {
	evening := func(name string, players []string, pairing string, results ...string) {
		c.ok("tournament", "new", name, "--rounds", "1", "--tiebreaks", "", "--first-colour", "white")
		for _, p := range players {
			name, rating, _ := strings.Cut(p, ":")
			args := []string{"player", "add", name, "--rating", rating}
			if name == "Neri, P." {
				args = append(args, "--new")
			}
			c.ok(args...)
		}
		c.ok("round", "pair", "--manual", pairing)
		for i, r := range results {
			c.ok("round", "result", string(rune('1'+i)), r)
		}
	}
	neri, bianchi, rossi, verdi, conti, gallo, fabbri := "Neri, Paolo:2000", "Bianchi, Anna:1900", "Rossi, Mario:1800",
		"Verdi, Ugo:1700", "Conti, Sara:1600", "Gallo, Piero:1500", "Fabbri, Elena:1400"
	// Pairing numbers follow the ratings.
	evening("E1", []string{neri, bianchi, rossi, verdi, conti}, "1-2, 3-4, 5 bye", "1-0", "1-0")
	evening("E2", []string{neri, bianchi, rossi, verdi, conti, gallo}, "1-4, 2-5, 3-6", "0-1", "1-0", "1-0")
	evening("E3", []string{bianchi, rossi, verdi, gallo, fabbri}, "1-2, 3-4, 5 bye", "1-0", "1/2")
	evening("E4", []string{"Neri, P.:2000", bianchi, rossi, verdi, conti, fabbri}, "1-6, 2-3, 4-5", "1-0", "0-1", "1-0")
	c.ok("season", "new", "Winter", "--scoring", "places:10,8,6,5,4,3,2,1", "--best", "3")
	c.ok("season", "add", "E1", "E2", "E3", "E4")
}

// TestSeasonStandings checks the table of clubSeason cell by cell against
// the hand figures, before and after merging Neri's two roster entries.
//
// Shared places share the average: 1st-3rd (10+8+6)/3 = 8, 1st-2nd 9,
// 3rd-4th 5.5, 4th-5th 4.5, 4th-6th 4. Best 3 of 4: Bianchi drops E4
// (4, the lowest), Rossi E3 (4), Verdi E1 (4.5). Bianchi and Verdi both
// total 21.5, play 4 evenings and win 2 (shared firsts count); Bianchi's
// best evening (9) beats Verdi's (8).
func TestSeasonStandings(t *testing.T) {
	t.Parallel()
	c := clubSeason(t)
	want := []string{
		"Rank Name 1 2 3 4 Total EV WIN BEST H2H",
		"1 Rossi, Mario 8 8 (4) 8 24 4 3 8 0",
		"2 Bianchi, Anna 4.5 8 9 (4) 21.5 4 2 9 0",
		"3 Verdi, Ugo (4.5) 8 5.5 8 21.5 4 2 8 0",
		"4 Neri, Paolo 8 4 - 8 20 3 2 8 0",
		"5 Conti, Sara 8 4 - 4 16 3 1 8 0",
		"6 Fabbri, Elena - - 9 4 13 2 1 9 0",
		"7 Gallo, Piero - 4 5.5 - 9.5 2 0 5.5 0",
	}
	// Before the merge, "Neri, P." has E4 to himself and Neri misses it.
	got := seasonTableText(c.ok("season", "standings"))
	for _, w := range []string{
		"6 Neri, Paolo 8 4 - - 12 2 1 8 0",
		"8 Neri, P. - - - 8 8 1 1 8 0",
	} {
		if !strings.Contains(got, w) {
			t.Errorf("season standings before the merge:\n%s\nwant a line\n%s", got, w)
		}
	}
	_, errs, code := c.run("roster", "merge", "Neri, Paolo", "Neri, P.")
	if code != 0 || !strings.Contains(errs, "Merged id:") {
		t.Fatalf("roster merge: exit %d, %s", code, errs)
	}
	got = seasonTableText(c.ok("season", "standings"))
	if w := strings.Join(want, "\n"); got != w {
		t.Errorf("season standings =\n%s\nwant\n%s", got, w)
	}
	log := c.ok("log")
	if !strings.Contains(log, "roster.merge") || !strings.Contains(log, "Neri, P.") {
		t.Errorf("log has no merge:\n%s", log)
	}

	var js []seasonStandingJSON
	if err := json.Unmarshal([]byte(c.ok("season", "standings", "--json")), &js); err != nil {
		t.Fatal(err)
	}
	if len(js) != 7 || js[2].Name != "Verdi, Ugo" || js[2].Total != 21.5 || js[2].Evenings[0].Counted ||
		js[2].Evenings[0].Rank != 4 || js[2].Evenings[0].RankTo != 5 || js[2].Tiebreaks["BEST"] != 8 {
		t.Errorf("season standings --json: %+v", js)
	}

	ex := c.ok("season", "standings", "--explain", "Ugo Verdi")
	for _, w := range []string{
		"Verdi, Ugo: place 3 in the season Winter, 21.5 points",
		"1. E1: place 4-5 of 5, 0 points; 4.5 for the place, the average of places 4-5; does not count: only the best 3 do",
		"3. E3: place 3-4 of 5, ½ point; 5.5 for the place, the average of places 3-4; counts",
		"BEST 8: the best single evening",
	} {
		if !strings.Contains(ex, w) {
			t.Errorf("season standings --explain Ugo Verdi =\n%s\nwant a line\n%s", ex, w)
		}
	}

	// Performance (C.07 art. 10): a win over Bianchi 1900 + 800, a loss
	// to Verdi 1700 - 800, a win over Fabbri 1400 + 800.
	h := seasonTableText(c.ok("player", "history", "Neri, Paolo"))
	for _, w := range []string{"E1 1-3 of 5 1 1 2700", "E2 4-6 of 6 0 1 900", "E4 1-3 of 6 1 1 2200"} {
		if !strings.Contains(h, w) {
			t.Errorf("player history =\n%s\nwant a line with %q", h, w)
		}
	}
	if strings.Contains(h, "E3") {
		t.Errorf("player history lists E3, which Neri missed:\n%s", h)
	}

	// The workbook: the season table, then a sheet per evening.
	book := filepath.Join(t.TempDir(), "season.xlsx")
	_, errs, code = c.run("season", "export", book)
	if code != 0 || !strings.Contains(errs, "5 sheets") {
		t.Fatalf("season export: exit %d, %s", code, errs)
	}
	f, err := excelize.OpenFile(book)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if got := strings.Join(f.GetSheetList(), ","); got != "Season,E1,E2,E3,E4" {
		t.Errorf("sheets = %s", got)
	}
	rows, _ := f.GetRows("Season")
	if len(rows) != 8 || strings.Join(rows[3], "|") != "3|Verdi, Ugo|(4.5)|8|5.5|8|21.5|4|2|8|0" {
		t.Errorf("Season sheet = %q", rows)
	}
	pdf := filepath.Join(t.TempDir(), "season.pdf")
	if _, errs, code := c.run("season", "print", pdf); code != 0 || !strings.Contains(errs, "1 page") {
		t.Errorf("season print: exit %d, %s", code, errs)
	}
}

// seasonTableText returns the table of a season standings output, from
// its header line on, each line's cells separated by one space.
func seasonTableText(out string) string {
	i := max(strings.Index(out, "Rank "), 0)
	var lines []string
	for _, l := range strings.Split(strings.TrimRight(out[i:], "\n"), "\n") {
		lines = append(lines, strings.Join(strings.Fields(l), " "))
	}
	return strings.Join(lines, "\n")
}

// TestNoSeason checks what a database without a season says.
func TestNoSeason(t *testing.T) {
	t.Parallel()
	c := newCLI(t)
	c.ok("tournament", "new", "E1")
	_, errs, code := c.run("season", "standings")
	if code != 1 || !strings.Contains(errs, "there is no season yet; start one with arbiter season new NAME") {
		t.Errorf("season standings without a season: exit %d, %q", code, errs)
	}
}

// TestSeasonBadInput checks that refused season commands say what is
// wrong, exit 1 (2 for a flag) and leave the database as it was.
func TestSeasonBadInput(t *testing.T) {
	t.Parallel()
	c := clubSeason(t)
	tests := []struct {
		name string
		args []string
		code int
		want []string
	}{
		{"tournament added twice", []string{"season", "add", "E2"}, 1, []string{"E2 is already an evening of the season Winter"}},
		{"tournament named twice", []string{"season", "new", "Spring"}, 0, nil},
		{"unknown tournament", []string{"season", "add", "E9", "--season", "Winter"}, 1, []string{`no tournament "E9"`, "tournament list"}},
		{"one of several unknown", []string{"season", "add", "E1", "E9", "--season", "Spring"}, 1, []string{`no tournament "E9"`}},
		{"same evening twice in one add", []string{"season", "add", "E1", "e1", "--season", "Spring"}, 1, []string{"E1 is already an evening of the season Spring"}},
		{"unreadable scoring", []string{"season", "new", "Summer", "--scoring", "places:10,x,6"}, 2, []string{"--scoring places:10,x,6", "places:10,8,6,5,4,3,2,1"}},
		{"increasing places", []string{"season", "new", "Summer", "--scoring", "places:1,2"}, 2, []string{"--scoring places:1,2"}},
		{"unknown tie-break", []string{"season", "new", "Summer", "--tiebreaks", "EV,BH"}, 2, []string{"--tiebreaks EV,BH", "EV, WIN, BEST, H2H"}},
		{"season name taken", []string{"season", "new", "winter"}, 1, []string{`already a season "winter"`}},
		{"unknown season", []string{"season", "show", "--season", "Autumn"}, 1, []string{`no season "Autumn"`, `"Winter"`}},
		{"unknown player to explain", []string{"season", "standings", "--explain", "Kasparov", "--season", "Winter"}, 1, []string{"no player Kasparov in the season Winter"}},
		{"merge two players of one evening", []string{"roster", "merge", "Rossi, Mario", "Verdi, Ugo"}, 1, []string{"both play in E1"}},
		{"merge an unknown player", []string{"roster", "merge", "id:99", "Verdi"}, 1, []string{"no roster player id:99"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := c.dump()
			out, errs, code := c.run(tt.args...)
			if code != tt.code {
				t.Fatalf("exit code = %d, want %d (stderr %q)", code, tt.code, errs)
			}
			if code == 0 {
				return // a step of the next cases
			}
			if out != "" {
				t.Errorf("stdout = %q, want nothing", out)
			}
			if !strings.HasPrefix(errs, "arbiter: ") {
				t.Errorf("stderr = %q, want a line starting with arbiter:", errs)
			}
			for _, w := range tt.want {
				if !strings.Contains(errs, w) {
					t.Errorf("stderr = %q, want it to say %q", errs, w)
				}
			}
			if after := c.dump(); after != before {
				t.Errorf("database changed by a refused command")
			}
		})
	}
}

// TestServeSeason shows the season page of arbiter serve: nothing until
// the evening is in a season, then the table as season standings prints
// it, with names as text.
func TestServeSeason(t *testing.T) {
	t.Parallel()
	f := newServeFixture(t, "")
	c := f.client()
	code, body, _ := f.get(c, "/season")
	if code != 200 || !strings.Contains(body, "This tournament is not an evening of any season.") {
		t.Fatalf("GET /season before a season: %d\n%s", code, body)
	}
	f.cli.ok("round", "result", "1", "1-0")
	f.cli.ok("season", "new", "Winter", "--scoring", "places:10,8,6", "--participation", "1")
	f.cli.ok("season", "add", "Club Night")
	// The page is drawn again once the server has seen the change.
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(body, "Season Winter") && time.Now().Before(deadline) {
		time.Sleep(60 * time.Millisecond)
		_, body, _ = f.get(c, "/season")
	}
	for _, w := range []string{
		"<h1>Season Winter</h1>",
		"<li>Club Night</li>",
		`<tr><td class="num">1</td><td>Ortega, Lucía</td><td class="num">11</td><td class="num pts">11</td>`,
		"&lt;script&gt;alert(1)&lt;/script&gt;",
	} {
		if !strings.Contains(body, w) {
			t.Errorf("GET /season lacks %q:\n%s", w, body)
		}
	}
	if strings.Contains(body, evil) {
		t.Errorf("GET /season shows the evil name unescaped")
	}
}
