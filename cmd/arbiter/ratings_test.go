package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// ratedEvening plays one round of four rated players and an unrated one,
// every game won by White, with the FIDE IDs of the rated.
func ratedEvening(t *testing.T) *cli {
	t.Helper()
	c := newCLI(t)
	c.ok("tournament", "new", "Rated", "--rounds", "2")
	for i, p := range []struct{ name, rating string }{
		{"Alfa, Anna", "1922"}, {"Beta, Bruno", "1798"}, {"Gamma, Gino", "1801"}, {"Delta, Dora", "1897"},
	} {
		c.ok("player", "add", p.name, "--rating", p.rating, "--fide-id", strconv.Itoa(900+i), "--federation", "ITA")
	}
	c.ok("player", "add", "Epsilon, Ezio")
	c.ok("round", "pair")
	r := c.roundShown("")
	for _, b := range r.Boards {
		if b.Bye == "" {
			c.ok("round", "result", strconv.Itoa(b.Board), "1-0")
		}
	}
	return c
}

// changesByName returns standings --json's rating_change by name.
func changesByName(t *testing.T, c *cli, args ...string) map[string]float64 {
	t.Helper()
	var st []standingJSON
	if err := json.Unmarshal([]byte(c.ok(append([]string{"standings", "--json"}, args...)...)), &st); err != nil {
		t.Fatal(err)
	}
	out := map[string]float64{}
	for _, s := range st {
		if s.RatingChange != nil {
			out[s.Name] = *s.RatingChange
		}
	}
	return out
}

// workbookSheets writes the workbook with args and returns its sheets'
// rows, trailing empty cells dropped.
func workbookSheets(t *testing.T, c *cli, args ...string) map[string][][]string {
	t.Helper()
	file := filepath.Join(t.TempDir(), "w.xlsx")
	c.ok(append([]string{"export", "xlsx", file}, args...)...)
	f, err := excelize.OpenFile(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string][][]string{}
	for _, sh := range f.GetSheetList() {
		rows, err := f.GetRows(sh)
		if err != nil {
			t.Fatal(err)
		}
		for i, r := range rows {
			for len(r) > 0 && r[len(r)-1] == "" {
				r = r[:len(r)-1]
			}
			rows[i] = r
		}
		out[sh] = rows
	}
	return out
}

// TestRatingReport: print rating-report and export xlsx --rating-change
// give each player the change standings --rating-change computes, and
// the option rating-change shows it without the flag.
func TestRatingReport(t *testing.T) {
	c := ratedEvening(t)
	changes := changesByName(t, c, "--rating-change")
	if len(changes) != 5 {
		t.Fatalf("standings --rating-change --json = %v, want 5 players", changes)
	}

	pdf := filepath.Join(t.TempDir(), "rating.pdf")
	c.ok("print", "rating-report", "-o", pdf)
	text := pdfText(t, pdf)
	for _, want := range []string{"Rated FIDE rating report after round 1", "Standard rating",
		"PN Name Title FIDE ID Fed Ro K N W We Rc W−We K·(W−We)", "Individual calculations"} {
		if !strings.Contains(text, want) {
			t.Errorf("rating report lacks %q:\n%s", want, text)
		}
	}
	for name, ch := range changes {
		if name == "Epsilon, Ezio" {
			continue
		}
		// The player's line of the summary ends with the change.
		line := ""
		for _, l := range strings.Split(text, "\n") {
			if strings.Contains(l, name) && strings.Contains(l, " ITA ") {
				line = l
				break
			}
		}
		if want := fmt.Sprintf("%+.2f", ch); !strings.HasSuffix(line, " "+want) {
			t.Errorf("rating report line of %s = %q, want it to end with %s", name, line, want)
		}
	}
	itPDF := filepath.Join(t.TempDir(), "variazioni.pdf")
	c.ok("print", "rating-report", "--lang", "it", "-o", itPDF)
	if it := pdfText(t, itPDF); !strings.Contains(it, "Variazioni Elo FIDE dopo il 1° turno") || !strings.Contains(it, "Calcoli individuali") {
		t.Errorf("Italian rating report:\n%s", it)
	}

	// The workbook: nothing by default, the column and the sheet with
	// the flag.
	if sheets := workbookSheets(t, c); sheets["Rating report"] != nil || slices.Contains(sheets["Standings"][0], "FIDE ±") {
		t.Errorf("the workbook has the rating change without asking: %q", sheets["Standings"][0])
	}
	sheets := workbookSheets(t, c, "--rating-change")
	report := sheets["Rating report"]
	if report == nil || !slices.Equal(report[0], []string{"PN", "Name", "Title", "FIDE ID", "Federation", "Ro", "K", "N", "W", "We", "Rc", "W−We", "K·(W−We)"}) {
		t.Fatalf("Rating report sheet = %q", report)
	}
	for _, row := range report[1:] {
		ch, ok := changes[row[1]]
		switch {
		case !ok:
			t.Errorf("rating report row %q names no player of the standings", row)
		case row[1] == "Epsilon, Ezio":
			if len(row) > 11 {
				t.Errorf("unrated player's row %q has a change", row)
			}
		case len(row) != 13 || row[12] != fmt.Sprintf("%+.2f", ch):
			t.Errorf("rating report row %q, want the change %+.2f", row, ch)
		}
	}
	if head := sheets["Standings"][0]; head[len(head)-1] != "FIDE ±" {
		t.Errorf("Standings header = %q, want a last column FIDE ±", head)
	}

	// The option shows it everywhere without the flag; the flag set to
	// false leaves it out.
	c.ok("tournament", "option", "rating-change", "show")
	if got := c.ok("tournament", "option", "rating-change"); strings.TrimSpace(got) != "show" {
		t.Errorf("tournament option rating-change = %q", got)
	}
	if sheets := workbookSheets(t, c); sheets["Rating report"] == nil {
		t.Error("with the option shown, the workbook has no rating report")
	}
	if sheets := workbookSheets(t, c, "--rating-change=false"); sheets["Rating report"] != nil {
		t.Error("--rating-change=false still writes the rating report")
	}
	if got := changesByName(t, c); len(got) != 5 {
		t.Errorf("standings --json with the option shown = %v, want every player's rating_change", got)
	}
	if table := c.ok("standings"); !strings.Contains(table, "FIDE ±") {
		t.Errorf("standings with the option shown:\n%s", table)
	}
	if table := c.ok("standings", "--rating-change=false"); strings.Contains(table, "FIDE ±") {
		t.Errorf("standings --rating-change=false:\n%s", table)
	}
}

// TestExportTRFFIDERating: a tournament seeded by the national rating
// still reports each player's FIDE rating on the 001 lines, which FIDE
// rates from, and the TRF-26 report names the players without a FIDE ID.
func TestExportTRFFIDERating(t *testing.T) {
	c := newCLI(t)
	dir := t.TempDir()
	list := filepath.Join(dir, "club.csv")
	if err := os.WriteFile(list, []byte("Nome;Elo FIDE;Elo Italia;ID FIDE\nRossi, Mario;1800;1900;111\nBianchi, Luca;1750;1600;222\nVerdi, Anna;0;1850;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c.ok("roster", "import", list, "--columns", "Nome=name,Elo FIDE=fide_rating,Elo Italia=national_rating,ID FIDE=fide_id")
	c.ok("tournament", "new", "Nazionale", "--rounds", "1", "--federation", "ITA", "--rating-type", "NRO")
	for _, n := range []string{"Rossi, Mario", "Bianchi, Luca", "Verdi, Anna"} {
		c.ok("player", "add", n)
	}
	file := filepath.Join(dir, "r.trf")
	_, errs, code := c.run("export", "trf", file, "--format", "trf26")
	if code != 0 {
		t.Fatalf("export trf: %s", errs)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	// Seeded by the Elo Italia: Rossi 1900, Verdi 1850, Bianchi 1600; the
	// 001 lines carry the FIDE ratings 1800, none and 1750.
	var got []string
	for _, line := range strings.Split(string(data), "\r") {
		if strings.HasPrefix(line, "001") {
			got = append(got, strings.TrimSpace(strings.TrimSpace(line[14:47])+" "+strings.TrimSpace(line[48:52])))
		}
		if strings.HasPrefix(line, "072") && strings.TrimSpace(line[3:]) != "2" {
			t.Errorf("072 = %q, want 2 FIDE-rated players", line)
		}
	}
	if want := []string{"Rossi, Mario 1800", "Verdi, Anna", "Bianchi, Luca 1750"}; !slices.Equal(got, want) {
		t.Errorf("001 name and rating = %q, want %q", got, want)
	}
	if !strings.Contains(errs, "1 player has no FIDE ID (Verdi, Anna)") {
		t.Errorf("export trf26 does not name the player without a FIDE ID:\n%s", errs)
	}
}

// TestReseedCommands: tournament set --rating-type seeds the entries
// again before round 1, and says so; after it roster update says the
// tournament keeps its entries' ratings.
func TestReseedCommands(t *testing.T) {
	c := newCLI(t)
	dir := t.TempDir()
	list := filepath.Join(dir, "club.csv")
	if err := os.WriteFile(list, []byte("Nome;Elo FIDE;Elo Italia;ID FIDE\nRossi, Mario;1800;1900;111\nBianchi, Luca;1750;1600;222\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cols := "Nome=name,Elo FIDE=fide_rating,Elo Italia=national_rating,ID FIDE=fide_id"
	c.ok("roster", "import", list, "--columns", cols)
	c.ok("tournament", "new", "Open", "--rounds", "2", "--federation", "ITA")
	c.ok("player", "add", "Rossi, Mario")
	c.ok("player", "add", "Bianchi, Luca")
	errs := c.okErr("tournament", "set", "--rating-type", "NRO")
	for _, want := range []string{"Open: round 1 is not paired, so 2 entries are seeded again", "Rossi, Mario: seeding rating 1800 → 1900", "Bianchi, Luca: seeding rating 1750 → 1600"} {
		if !strings.Contains(errs, want) {
			t.Errorf("tournament set --rating-type NRO says\n%s\nwant %q", errs, want)
		}
	}
	c.ok("round", "pair")
	if err := os.WriteFile(list, []byte("Nome;Elo Italia;ID FIDE\nRossi, Mario;1500;111\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	errs = c.okErr("roster", "update", list, "--columns", "Nome=name,Elo Italia=national_rating,ID FIDE=fide_id")
	if !strings.Contains(errs, "Open: round 1 is paired, so the pairing numbers are fixed and the entries keep the ratings they were seeded with") {
		t.Errorf("roster update after round 1 says\n%s", errs)
	}
	var players []struct {
		Name   string `json:"name"`
		Rating int    `json:"rating"`
	}
	if err := json.Unmarshal([]byte(c.ok("player", "list", "--json")), &players); err != nil {
		t.Fatal(err)
	}
	if len(players) != 2 || players[0].Name != "Rossi, Mario" || players[0].Rating != 1900 {
		t.Errorf("player list after the update = %+v, want Rossi first, still 1900", players)
	}
}
