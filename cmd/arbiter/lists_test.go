package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
	"golang.org/x/text/encoding/charmap"
)

func rosterByName(t *testing.T, c *cli) map[string]rosterJSON {
	t.Helper()
	var list []rosterJSON
	if err := json.Unmarshal([]byte(c.ok("roster", "list", "--json")), &list); err != nil {
		t.Fatal(err)
	}
	out := map[string]rosterJSON{}
	for _, p := range list {
		out[p.Name] = p
	}
	return out
}

// TestListsThatFailed replays the three lists an Italian organizer could
// not load: each is now an import that works.
func TestListsThatFailed(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	c := newCLI(t)

	// 1. The club's workbook with the FSI category 1N in its Titolo
	// column was refused whole ("unknown title").
	x := excelize.NewFile()
	rows := [][]any{
		{"Cognome", "Nome", "Elo", "Titolo", "Elo Italia"},
		{"Rossi", "Mario", 1850, "1N", 1870},
		{"Bianchi", "Anna", 2010, "WFM", 0},
		{"Verdi", "Luca", 0, "CM", 1950},
	}
	sheet := x.GetSheetList()[0]
	for i, r := range rows {
		cell, _ := excelize.CoordinatesToCellName(1, i+1)
		if err := x.SetSheetRow(sheet, cell, &r); err != nil {
			t.Fatal(err)
		}
	}
	club := filepath.Join(dir, "soci.xlsx")
	if err := x.SaveAs(club); err != nil {
		t.Fatal(err)
	}
	c.ok("roster", "import", club)

	// 2. The federation's columns, names in capitals, were refused: "no
	// name column".
	fsi := filepath.Join(dir, "elo_italia.csv")
	writeFile(t, fsi, "ID;COGNOME NOME;CAT;ELO;K;PROV\n123456;FERRETTI NICCOLO';1N;1712;20;MI\n234567;DE LUCA MARIA GRAZIA;CM;1890;20;TO\n")
	c.ok("roster", "import", fsi)

	// 3. Vega's players archive (Windows-1252) came in in capitals,
	// unsplit, without the Elo Italia, the national ID or the birth date.
	vega := filepath.Join(dir, "vega.txt")
	body, err := charmap.Windows1252.NewEncoder().String("NAME;COUNTRY;BIRTHDAY;GENDER;TITLE;IDFIDE;ELOFIDE;IDNAT;ELONAT;KCOEFF\r\n" +
		"GIORDANO SALVATORE            ;ITA;03.07.95;m;  2N;       0;    0;  555555; 1612; 0\r\n" +
		"MÜLLER JÖRG                   ;GER;01011970;m;  FM; 4600001; 2300;       0;    0;10\r\n")
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, vega, body)
	_, errs, code := c.run("roster", "import", vega)
	if code != 0 || !strings.Contains(errs, "vega.txt read as a Vega players archive.") {
		t.Fatalf("roster import vega.txt: exit %d, %q", code, errs)
	}

	got := rosterByName(t, c)
	checks := []struct {
		name string
		ok   func(p rosterJSON) bool
	}{
		{"Rossi, Mario", func(p rosterJSON) bool { return p.Category == "1N" && p.Title == "" && p.NationalRating == 1870 }},
		{"Bianchi, Anna", func(p rosterJSON) bool { return p.Title == "WFM" && p.Category == "" }},
		{"Verdi, Luca", func(p rosterJSON) bool { return p.Category == "CM" && p.Title == "" }},
		{"Ferretti, Niccolò", func(p rosterJSON) bool {
			return p.NationalID == "123456" && p.NationalRating == 1712 && p.Province == "MI"
		}},
		{"De Luca, Maria Grazia", func(p rosterJSON) bool { return p.Category == "CM" && p.Title == "" }},
		{"Giordano, Salvatore", func(p rosterJSON) bool {
			return p.NationalID == "555555" && p.NationalRating == 1612 && p.BirthDate == "1995-07-03" && p.Category == "2N"
		}},
		{"Müller, Jörg", func(p rosterJSON) bool {
			return p.FIDEID == "4600001" && p.Rating == 2300 && p.Title == "FM" && p.K == 10
		}},
	}
	for _, ch := range checks {
		p, ok := got[ch.name]
		if !ok || !ch.ok(p) {
			t.Errorf("roster player %q = %+v (found %v)", ch.name, p, ok)
		}
	}
	if len(got) != len(checks) {
		t.Errorf("roster has %d players, want %d: %v", len(got), len(checks), got)
	}

	// A player with only an Elo Italia is seeded by it in a tournament
	// that says so (TRF-26 172 FIDON: FIDE, else national), and the TRF
	// never gives the FSI category CM as the FIDE title.
	c.ok("tournament", "new", "Open", "--federation", "ITA")
	c.ok("tournament", "set", "--rating-type", "FIDON")
	for _, n := range []string{"Giordano, Salvatore", "Verdi, Luca", "Müller, Jörg"} {
		c.ok("player", "add", n)
	}
	var players []playerJSON
	if err := json.Unmarshal([]byte(c.ok("player", "list", "--json")), &players); err != nil {
		t.Fatal(err)
	}
	seeds := map[string]int{}
	for _, p := range players {
		seeds[p.Name] = p.Rating
	}
	if seeds["Giordano, Salvatore"] != 1612 || seeds["Verdi, Luca"] != 1950 || seeds["Müller, Jörg"] != 2300 {
		t.Errorf("seeding ratings = %v, want Elo Italia for the players without FIDE rating", seeds)
	}
	trf := filepath.Join(dir, "open.trf")
	c.ok("export", "trf", trf)
	data, err := os.ReadFile(trf)
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, "001") && len(line) > 13 && strings.TrimSpace(line[10:13]) != "" && strings.Contains(line, "Verdi") {
			t.Errorf("001 line of Verdi carries a title: %q", line)
		}
	}
	if !strings.Contains(string(data), "ITA ") || !strings.Contains(string(data), " CM ") {
		t.Errorf("TRF has no national record with the category CM:\n%s", data)
	}
}

// TestReimportCorrectsName imports a club list that wrote a name in
// capitals, then a list with the same FIDE ID spelled right: the roster
// takes "Surname, Given name" with its accent.
func TestReimportCorrectsName(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	c := newCLI(t)
	first := filepath.Join(dir, "old.csv")
	writeFile(t, first, "name;fide id;elo\nFERRETTI NICCOLO';2800039;2090\n")
	c.ok("roster", "import", first)
	if got := rosterByName(t, c); got["FERRETTI NICCOLO'"].FIDEID != "2800039" {
		t.Fatalf("roster = %v, want the name as the club typed it", got)
	}
	vega := filepath.Join(dir, "vega.txt")
	writeFile(t, vega, "NAME;COUNTRY;BIRTHDAY;GENDER;TITLE;IDFIDE;ELOFIDE;IDNAT;ELONAT;KCOEFF\nFERRETTI NICCOLO';ITA;12.05.88;m;1N;2800039;2104;123456;2130;20\n")
	c.ok("roster", "import", vega)
	got := rosterByName(t, c)
	p, ok := got["Ferretti, Niccolò"]
	if !ok || len(got) != 1 || p.Rating != 2104 || p.NationalID != "123456" || p.Category != "1N" {
		t.Errorf("roster after the second list = %+v, want one player Ferretti, Niccolò at 2104, ID FSI 123456, 1N", got)
	}
	// A FIDE list without the accent does not undo it.
	fide := filepath.Join(dir, "standard_rating_list.txt")
	writeFile(t, fide, "ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA JAN26 Gms K  B-day Flag\n"+
		"2800039        Ferretti, Niccolo                                            ITA M                                 2111  9  20 1988\n"+
		"2800047        Stranger, Someone                                            ITA M                                 1500  0  20 1990\n")
	out := c.ok("roster", "update", fide, "--json")
	var changes []rosterChangeJSON
	if err := json.Unmarshal([]byte(out), &changes); err != nil {
		t.Fatal(err)
	}
	if len(changes) != 1 || changes[0].After.Name != "Ferretti, Niccolò" || changes[0].After.Rating != 2111 || changes[0].Before.Rating != 2104 {
		t.Errorf("roster update = %+v, want Ferretti's rating 2104 -> 2111 and the accent kept", changes)
	}
	if got := rosterByName(t, c); len(got) != 1 {
		t.Errorf("roster update added players: %v", got)
	}
}

// TestRatingChangeAndClubRating checks standings --rating-change and
// roster ratings on a small tournament of rated and unrated players.
func TestRatingChangeAndClubRating(t *testing.T) {
	t.Parallel()
	c := newCLI(t)
	c.ok("tournament", "new", "Club", "--rounds", "1")
	c.ok("player", "add", "Alfa, Anna", "--rating", "1922")
	c.ok("player", "add", "Beta, Bruno", "--rating", "1798")
	c.ok("player", "add", "Gamma, Gino", "--rating", "1801")
	c.ok("player", "add", "Delta, Dora", "--rating", "1897")
	c.ok("player", "add", "Epsilon, Ezio")
	c.ok("round", "pair")
	var rd struct {
		Boards []struct {
			Board int `json:"board"`
			White int `json:"white"`
		} `json:"boards"`
	}
	if err := json.Unmarshal([]byte(c.ok("round", "show", "--json")), &rd); err != nil {
		t.Fatal(err)
	}
	for _, b := range rd.Boards {
		if b.Board > 0 {
			c.ok("round", "result", strconv.Itoa(b.Board), "1-0")
		}
	}
	var st []standingJSON
	if err := json.Unmarshal([]byte(c.ok("standings", "--rating-change", "--json")), &st); err != nil {
		t.Fatal(err)
	}
	byName := map[string]standingJSON{}
	for _, s := range st {
		if s.RatingChange == nil {
			t.Fatalf("standing %+v has no rating_change", s)
		}
		byName[s.Name] = s
	}
	// Round 1 pairs the top half against the bottom: 1922 with 1801
	// (D 121, PD .66) and 1897 with 1798 (D 99, PD .64); the unrated
	// player has the bye. K is 20 for an established standard rating with
	// no K in the roster: the higher rated gains 6.8 or 7.2 for a win and
	// loses 13.2 or 12.8 for a loss, the opponent the opposite.
	pair := func(hi, lo string, win, loss float64) {
		h, l := *byName[hi].RatingChange, *byName[lo].RatingChange
		if !((h == win && l == -win) || (h == -loss && l == loss)) {
			t.Errorf("rating changes of %s and %s = %v, %v, want ±%v or ∓%v", hi, lo, h, l, win, loss)
		}
	}
	pair("Alfa, Anna", "Gamma, Gino", 6.8, 13.2)
	pair("Delta, Dora", "Beta, Bruno", 7.2, 12.8)
	if *byName["Epsilon, Ezio"].RatingChange != 0 {
		t.Errorf("unrated player's change = %v, want 0", *byName["Epsilon, Ezio"].RatingChange)
	}
	table := c.ok("standings", "--rating-change")
	if !strings.Contains(table, "FIDE ±") {
		t.Errorf("standings --rating-change =\n%s\nwant a FIDE ± column", table)
	}
	var club []clubRatingJSON
	if err := json.Unmarshal([]byte(c.ok("roster", "ratings", "--json")), &club); err != nil {
		t.Fatal(err)
	}
	if len(club) != 4 || club[0].Games != 1 || club[0].Evenings != 1 {
		t.Errorf("roster ratings = %+v, want the 4 players who played, one game each", club)
	}
}
