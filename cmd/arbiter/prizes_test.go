package main

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"
)

// prizeClub is the club of the prize tests, by pairing number: 1 A, 2 B
// (born 2011), 3 C and 4 D, women.
var prizeClub = []struct{ name, rating, sex, born string }{
	{"Alfa, Aldo", "2000", "M", "1980"},
	{"Bravo, Bruno", "1900", "M", "2011"},
	{"Conti, Carla", "1800", "F", "1990"},
	{"Delta, Dora", "1700", "F", "1985"},
}

// prizeGames are the results of the all-play-all the three rounds of
// four players make, by pairing numbers: A draws B, beats C and loses
// to D; B beats C and D; C and D draw. After round 3: B 2½, A 1½, D 1½,
// C ½.
var prizeGames = map[[2]int]string{
	{1, 2}: "1/2", {1, 3}: "1-0", {1, 4}: "0-1",
	{2, 3}: "1-0", {2, 4}: "1-0", {3, 4}: "1/2",
}

// prizeResult returns the result of white against black as the board's
// result.
func prizeResult(white, black int) string {
	if r, ok := prizeGames[[2]int{white, black}]; ok {
		return r
	}
	switch prizeGames[[2]int{black, white}] {
	case "1-0":
		return "0-1"
	case "0-1":
		return "1-0"
	}
	return "1/2"
}

// newPrizeCLI makes the tournament of three rounds and its players.
func newPrizeCLI(t *testing.T) *cli {
	t.Helper()
	c := newCLI(t)
	c.ok("tournament", "new", "Coppa", "--rounds", "3", "--date", "2026-05-12", "--first-colour", "white")
	for _, p := range prizeClub {
		c.ok("player", "add", p.name, "--rating", p.rating, "--sex", p.sex, "--birth-year", p.born)
	}
	return c
}

// playPrizeRound pairs the next round and enters its results.
func (c *cli) playPrizeRound(n int) {
	c.t.Helper()
	c.ok("round", "pair")
	for _, b := range c.roundShown(strconv.Itoa(n)).Boards {
		if b.Black != nil {
			c.ok("round", "result", strconv.Itoa(b.Board), prizeResult(b.White, *b.Black))
		}
	}
}

// prizeList runs prizes list --json.
func (c *cli) prizeList(args ...string) prizeListJSON {
	c.t.Helper()
	var l prizeListJSON
	if err := json.Unmarshal([]byte(c.ok(append([]string{"prizes", "list", "--json"}, args...)...)), &l); err != nil {
		c.t.Fatal(err)
	}
	return l
}

// awards writes the awards of a prize list as "category place player
// value (shared with ...)".
func awards(l prizeListJSON) []string {
	var out []string
	for _, a := range l.Awards {
		s := fmt.Sprintf("%s %d %d %s", a.Category, a.Place, a.Player, a.Value)
		if len(a.SharedWith) > 0 {
			s += fmt.Sprintf(" (%s with %v)", a.Places, a.SharedWith)
		}
		out = append(out, strings.TrimSpace(s))
	}
	return out
}

// TestPrizesEvening plays the three rounds: before the last one the list
// says what is at stake, after it who wins what under each rule of
// sharing, one prize to a player, and a category below its minimum.
func TestPrizesEvening(t *testing.T) {
	t.Parallel()
	c := newPrizeCLI(t)
	c.ok("category", "add", "Donne", "--sex", "F", "--min-players", "2")
	c.ok("category", "add", "U16", "--age", "U16", "--min-players", "2")
	c.ok("prizes", "add", "1", "100 €")
	c.ok("prizes", "add", "2", "60 €")
	c.ok("prizes", "add", "3", "40 €")
	c.ok("prizes", "add", "1", "50 €", "--category", "donne")
	c.ok("prizes", "add", "1", "coppa", "--category", "U16")
	c.playPrizeRound(1)
	c.playPrizeRound(2)

	// Before the last round.
	before := c.prizeList()
	if before.Final || len(before.Stake) == 0 {
		t.Fatalf("before round 3: final %v, at stake %v; want a list not final with what is at stake", before.Final, before.Stake)
	}
	for _, s := range before.Stake {
		for _, r := range s.Reach {
			if r.Category == "U16" {
				t.Errorf("player %d: the U16 cup is in reach, but U16 has 1 player of 2", s.Player)
			}
		}
	}
	text := c.ok("prizes", "list")
	if !strings.Contains(text, "Still in reach in round 3, the last:") {
		t.Errorf("prizes list before round 3 does not say what is at stake:\n%s", text)
	}

	c.playPrizeRound(3)
	var st []standingJSON
	if err := json.Unmarshal([]byte(c.ok("standings", "--json")), &st); err != nil {
		t.Fatal(err)
	}
	order := make([]int, len(st))
	for i, x := range st {
		order[i] = x.PairingNumber
	}
	// B 2½, then A and D level on 1½ (the tie-breaks order them), C ½.
	if order[0] != 2 || order[3] != 3 || !slices.Contains([]int{1, 4}, order[1]) {
		t.Fatalf("standings order %v, want B first, A and D, C last", order)
	}
	second, third := order[1], order[2]
	tests := []struct {
		sharing string
		want    []string
	}{
		// D (a woman) would take 40 as 3rd or 60 as 2nd; the women's 50
		// is more than 40.
		{"none", func() []string {
			if second == 4 {
				return []string{"1 2 100 €", "2 4 60 €", "3 1 40 €", "Donne 1 3 50 €"}
			}
			return []string{"1 2 100 €", "2 1 60 €", "3 3 40 €", "Donne 1 4 50 €"}
		}()},
		// A and D level share 60 + 40: 50 each; D keeps 50 of the
		// general standings at equal value (general first), and C the
		// women's prize.
		{"equal", []string{"1 2 100 €", fmt.Sprintf("2 %d 50 € (2-3 with [%d])", second, third), fmt.Sprintf("3 %d 50 € (2-3 with [%d])", third, second), "Donne 1 3 50 €"}},
		// Hort: the 2nd keeps 30 and the 3rd 20, plus 25 each.
		{"hort", func() []string {
			if second == 4 {
				return []string{"1 2 100 €", "2 4 55 € (2-3 with [1])", "3 1 45 € (2-3 with [4])", "Donne 1 3 50 €"}
			}
			// D's 45 is less than the women's 50: D leaves, A is 2nd
			// alone, C moves up to 3rd.
			return []string{"1 2 100 €", "2 1 60 €", "3 3 40 €", "Donne 1 4 50 €"}
		}()},
	}
	for _, tt := range tests {
		c.ok("prizes", "sharing", tt.sharing)
		l := c.prizeList()
		if got := awards(l); !slices.Equal(got, tt.want) {
			t.Errorf("sharing %s: awards %q, want %q", tt.sharing, got, tt.want)
		}
		if !l.Final || len(l.Stake) != 0 || l.Sharing != tt.sharing {
			t.Errorf("sharing %s: final %v, at stake %v, sharing %q", tt.sharing, l.Final, l.Stake, l.Sharing)
		}
		if len(l.Unawarded) != 1 || l.Unawarded[0].Category != "U16" || l.Unawarded[0].Reason != "too-few" || l.Unawarded[0].Players != 1 {
			t.Errorf("sharing %s: unawarded %+v, want the U16 cup, too few (1 player)", tt.sharing, l.Unawarded)
		}
	}
	c.ok("prizes", "sharing", "equal")

	// The list as printed: the places, the prizes, the sharing, the
	// category without its minimum.
	text = c.ok("prizes", "list")
	for _, want := range []string{
		"Prizes after round 3 of 3, Coppa",
		"Players level on points share the money of their places equally.",
		"General standings",
		"Category Donne: women (2 players)",
		"Category U16: born after 2009 (1 player)",
		"no one: 1 player, fewer than the minimum",
		"2-3 with ",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("prizes list does not say %q:\n%s", want, text)
		}
	}
	// A category's standings: the women placed among themselves.
	out := c.ok("standings", "--category", "DONNE")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 4 || !strings.HasPrefix(lines[0], "Standings of category Donne after round 3 of 3") ||
		!strings.Contains(lines[2], "Delta, Dora") || !strings.HasPrefix(strings.TrimSpace(lines[3]), "2 ") {
		t.Errorf("standings --category Donne:\n%s", out)
	}
	// The sheet for the wall and the workbook.
	pdf := filepath.Join(t.TempDir(), "prizes.pdf")
	c.ok("print", "prizes", "-o", pdf)
	txt := pdfText(t, pdf)
	for _, want := range []string{"Prizes after round 3", "General standings", "1st 100 € 100 € Bravo, Bruno", "2-3 with", "Category Donne: women (2 players)"} {
		if !strings.Contains(txt, want) {
			t.Errorf("the printed prize list does not say %q:\n%s", want, txt)
		}
	}
	xlsx := filepath.Join(t.TempDir(), "coppa.xlsx")
	_, errs, _ := c.run("export", "xlsx", xlsx)
	if !strings.Contains(errs, "(7 sheets)") {
		t.Errorf("export xlsx says %q, want 7 sheets with the prizes", errs)
	}
	f, err := excelize.OpenFile(xlsx)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := f.GetRows("Prizes")
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 1+3+1+1 || rows[1][0] != "general" || rows[1][6] != "Bravo, Bruno" || rows[1][4] != "100" {
		t.Errorf("the Prizes sheet: %q", rows)
	}
	// The category first: at equal value D keeps the women's 50.
	c.ok("prizes", "prefer", "category")
	if got := awards(c.prizeList()); !slices.Contains(got, "Donne 1 4 50 €") {
		t.Errorf("category first: awards %q, want D's women's prize", got)
	}
	if got := strings.TrimSpace(c.ok("prizes", "prefer")); got != "One prize a player: the higher; at equal value, the category's first." {
		t.Errorf("prizes prefer = %q", got)
	}
	c.ok("check")
}

// TestPrizesCommands: the commands refuse what cannot be, say so in the
// organizer's words, and every change is logged and undone.
func TestPrizesCommands(t *testing.T) {
	t.Parallel()
	c := newPrizeCLI(t)
	before := c.dump()
	refusals := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"category", "add", "Band", "--rating-from", "1800", "--rating-below", "1600"}, 1, "no rating is 1800 or more and below 1600"},
		{[]string{"category", "add", "X", "--sex", "Z"}, 2, `--sex "Z": type F or M`},
		{[]string{"category", "add", "X", "--age", "senior"}, 1, `age "senior": type U8 to U20`},
		{[]string{"category", "add", "X", "--min-players", "-1"}, 2, "--min-players -1"},
		{[]string{"category", "add", "X", "--rated", "--unrated"}, 1, "no player is both rated and unrated"},
		{[]string{"category", "remove", "X"}, 1, `there is no category "X": define it first`},
		{[]string{"prizes", "add", "first", "100"}, 2, `place "first": type a place such as 1`},
		{[]string{"prizes", "add", "--", "1", "-100"}, 1, `"-100": a prize is not negative`},
		{[]string{"prizes", "add", "1", "100", "--category", "U16"}, 1, `there is no category "U16"`},
		{[]string{"prizes", "add", "1", "100", "--worth", "20"}, 2, "--worth is for a named prize: 100 is money"},
		{[]string{"prizes", "add", "1", "coppa", "--worth", "much"}, 2, `--worth "much": type an amount such as 30`},
		{[]string{"prizes", "remove"}, 2, "say which prizes to remove"},
		{[]string{"prizes", "remove", "1"}, 1, "the 1st place of the general standings has no prize"},
		{[]string{"prizes", "remove", "--all"}, 1, "Coppa has no prizes yet"},
		{[]string{"prizes", "sharing", "half"}, 2, `sharing "half": type none, equal or hort`},
		{[]string{"prizes", "prefer", "mine"}, 2, `prefer "mine": type general or category`},
		{[]string{"print", "prizes", "-o", filepath.Join(t.TempDir(), "p.pdf"), "--round", "1"}, 1, "round 1 is not paired"},
		{[]string{"standings", "--category", "U16"}, 1, `there is no category "U16": define it first`},
	}
	for _, tt := range refusals {
		_, errs, code := c.run(tt.args...)
		if code != tt.code || !strings.Contains(errs, tt.want) {
			t.Errorf("arbiter %s: exit %d, %q; want exit %d saying %q", strings.Join(tt.args, " "), code, errs, tt.code, tt.want)
		}
	}
	if after := c.dump(); after != before {
		t.Errorf("the refusals changed the database")
	}
	c.ok("category", "add", "U16", "--age", "U16")
	c.ok("prizes", "add", "1", "coppa", "--category", "u16")
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"category", "add", "u16"}, "there is a category U16 already"},
		{[]string{"prizes", "add", "1", "libro", "--category", "U16"}, "the 1st place of the category U16 has a prize already: coppa"},
	} {
		_, errs, code := c.run(tt.args...)
		if code != 1 || !strings.Contains(errs, tt.want) {
			t.Errorf("arbiter %s: exit %d, %q; want it to say %q", strings.Join(tt.args, " "), code, errs, tt.want)
		}
	}
	var cats []categoryJSON
	if err := json.Unmarshal([]byte(c.ok("category", "list", "--json")), &cats); err != nil {
		t.Fatal(err)
	}
	if len(cats) != 1 || cats[0].Name != "U16" || cats[0].Players != 1 || cats[0].Criteria[0].Kind != "born-after" || cats[0].Criteria[0].Value != "2009" {
		t.Errorf("category list --json = %+v", cats)
	}
	// Removing the category takes its prize, in one change that undo
	// reverts.
	_, errs, _ := c.run("category", "remove", "U16")
	if !strings.Contains(errs, "Removed category U16 with 1 prize.") {
		t.Errorf("category remove says %q", errs)
	}
	c.ok("undo", "--yes")
	if l := c.prizeList(); len(l.Prizes) != 1 || l.Prizes[0].Name != "coppa" {
		t.Errorf("after undo: prizes %+v, want the cup back", l.Prizes)
	}
	log := c.ok("log")
	for _, want := range []string{"category.add", "prize.add", "prize.remove", "category.remove", "undo"} {
		if !strings.Contains(log, want) {
			t.Errorf("the log has no %s:\n%s", want, log)
		}
	}
	// In Italian.
	c.env["ARBITER_LANG"] = "it"
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"category", "add", "X", "--rating-from", "1800", "--rating-below", "1600"}, "nessun Elo è almeno 1800 e sotto 1600"},
		{[]string{"prizes", "add", "1", "x", "--category", "U16"}, "il 1° posto della categoria U16 ha già un premio: coppa"},
	} {
		_, errs, code := c.run(tt.args...)
		if code != 1 || !strings.Contains(errs, tt.want) {
			t.Errorf("arbiter %s in Italian: exit %d, %q; want it to say %q", strings.Join(tt.args, " "), code, errs, tt.want)
		}
	}
	if got := c.ok("category", "list"); !strings.Contains(got, "nati dopo il 2009") {
		t.Errorf("category list in Italian:\n%s", got)
	}
}

// TestServePrizes: the players' pages say what is at stake before the
// last round and what each won after it; the prize list has a page, in
// the menu, and a file of the published site.
func TestServePrizes(t *testing.T) {
	t.Parallel()
	c := newPrizeCLI(t)
	c.ok("category", "add", "Donne", "--sex", "F")
	c.ok("prizes", "add", "1", "100 €")
	c.ok("prizes", "add", "2", "60 €")
	c.ok("prizes", "add", "1", "libro", "--category", "Donne")
	for n := 1; n <= 2; n++ {
		c.playPrizeRound(n)
		c.ok("round", "publish")
	}
	f := startServe(t, c.db, "")
	phone := f.client()
	// Before round 3 (every pair meets once in the three rounds) the
	// pages say what each can still win, in words.
	_, page, _ := f.get(phone, "/player/1")
	for _, want := range []string{`id="stake"`, "At stake in round 3, the last", "General standings, 1st"} {
		if !strings.Contains(page, want) {
			t.Errorf("player 1's page before round 3 does not say %q:\n%s", want, page)
		}
	}
	_, page, _ = f.get(phone, "/player/4")
	if !strings.Contains(page, "Donne, 1st: libro") {
		t.Errorf("player 4's page before round 3 does not offer the women's book:\n%s", page)
	}
	code, page, _ := f.get(phone, "/prizes")
	if code != 200 || !strings.Contains(page, "General standings") || !strings.Contains(page, `aria-current="page">Prizes`) {
		t.Errorf("/prizes: %d\n%s", code, page)
	}
	c.playPrizeRound(3)
	c.ok("round", "publish")
	// The server sees the change made from the command line when it
	// next looks at the log.
	deadline := time.Now().Add(5 * time.Second)
	for _, page, _ = f.get(phone, "/player/2"); !strings.Contains(page, "Prize won") && time.Now().Before(deadline); _, page, _ = f.get(phone, "/player/2") {
		time.Sleep(50 * time.Millisecond)
	}
	if !strings.Contains(page, "Prize won") || !strings.Contains(page, "General standings, 1st: <strong>100 €</strong>") || strings.Contains(page, `id="stake"`) {
		t.Errorf("the winner's page after round 3:\n%s", page)
	}
	files, err := f.srv.Site(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]string{}
	for _, file := range files {
		names[file.Name] = string(file.Body)
	}
	if !strings.Contains(names["prizes.html"], "Bravo, Bruno") || !strings.Contains(names["player-2.html"], "Prize won") ||
		!strings.Contains(names["index.html"], `href="prizes.html"`) {
		t.Errorf("the published site has no prize list, or the pages do not link to it: %d files", len(files))
	}
}
