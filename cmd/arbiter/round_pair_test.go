package main

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/pairing"
)

// roundShown reads round n ("" for the last one) with round show --json.
func (c *cli) roundShown(n string) roundJSON {
	c.t.Helper()
	args := []string{"round", "show", "--json"}
	if n != "" {
		args = append(args, n)
	}
	var r roundJSON
	if err := json.Unmarshal([]byte(c.ok(args...)), &r); err != nil {
		c.t.Fatal(err)
	}
	return r
}

// pairsOf writes a round as the trf pair command does: "white black" per
// board in board order, then "N 0" for the pairing-allocated bye.
func pairsOf(r roundJSON) []string {
	var out []string
	for _, b := range r.Boards {
		if b.Bye == "" {
			out = append(out, fmt.Sprintf("%d %d", b.White, *b.Black))
		}
	}
	for _, b := range r.Boards {
		if b.Bye == arbiter.PAB.String() {
			out = append(out, fmt.Sprintf("%d 0", b.White))
		}
	}
	return out
}

// trfPairs runs arbiter trf pair on a file and returns its pairs, the
// count line checked and dropped.
func (c *cli) trfPairs(path string) []string {
	c.t.Helper()
	out := c.ok("trf", "pair", path)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if n, err := strconv.Atoi(lines[0]); err != nil || n != len(lines)-1 {
		c.t.Fatalf("trf pair %s: first line %q does not count the %d pairs:\n%s", path, lines[0], len(lines)-1, out)
	}
	return lines[1:]
}

// enterResults enters a result on every board of the last round: White
// wins, draws and loses in turn, and a forfeit on board forfeit (0 for
// none).
func (c *cli) enterResults(forfeit int) {
	c.t.Helper()
	r := c.roundShown("")
	for _, b := range r.Boards {
		if b.Bye != "" {
			continue
		}
		res := []string{"1-0", "1/2", "0-1"}[(b.Board+r.Round)%3]
		if b.Board == forfeit {
			res = "+-"
		}
		c.ok("round", "result", strconv.Itoa(b.Board), res)
	}
}

// crossPlayers are the players of the cross-check, best first.
var crossPlayers = []struct{ name, rating string }{
	{"Neri, Paolo", "2105"}, {"Bianchi, Anna", "2040"}, {"Rossi, Mario", "1990"}, {"Ricci, Luca", "1930"},
	{"Ferri, Carla", "1870"}, {"Verdi, Ugo", "1815"}, {"Conti, Sara", "1760"}, {"Gallo, Piero", "1700"},
	{"Moretti, Elena", "1655"}, {"Russo, Dario", "1600"},
}

// TestRoundPairCrossCheck pairs a tournament round after round with round
// pair and, before each round, pairs the same round with trf pair from
// the file export trf writes: both must give the same boards in the same
// order with the same colours, and the same bye. The tournament has what
// the wiring must carry over: the first colour drawn by lot, a half-point
// bye asked for before round 1, a late entry from round 2, a zero-point
// bye and a forfeit in round 3, a withdrawal from round 4, and an odd
// number of players most rounds: the first four rounds carry each of
// them. The same check on all six rounds, and what the withdrawal and
// the late entry leave, is the desk's TestPairCrossCheck.
func TestRoundPairCrossCheck(t *testing.T) {
	t.Parallel()
	c := newCLI(t)
	c.ok("tournament", "new", "Cross", "--rounds", "6", "--seed", "7")
	for _, p := range crossPlayers {
		c.ok("player", "add", p.name, "--rating", p.rating)
	}
	c.ok("player", "bye", "4", "--round", "1")
	for r := 1; r <= 4; r++ {
		switch r {
		case 2:
			c.ok("player", "add", "Late, Comer", "--rating", "1800")
		case 3:
			c.ok("player", "bye", "6", "--zero")
			c.ok("player", "withdraw", "9", "--from-round", "4")
		}
		file := filepath.Join(t.TempDir(), fmt.Sprintf("before%d.trf", r))
		c.ok("export", "trf", file)
		want := c.trfPairs(file)
		c.ok("round", "pair")
		got := pairsOf(c.roundShown(""))
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("round %d: round pair gave %q, trf pair on the exported file %q", r, got, want)
		}
		forfeit := 0
		if r == 3 {
			forfeit = 2
		}
		c.enterResults(forfeit)
	}
}

// TestRoundPairDryRun checks that --dry-run prints the pairing that round
// pair then stores, and stores nothing itself.
func TestRoundPairDryRun(t *testing.T) {
	t.Parallel()
	c := newCLI(t)
	c.ok("tournament", "new", "Dry", "--rounds", "3", "--first-colour", "black")
	for _, p := range crossPlayers[:7] {
		c.ok("player", "add", p.name, "--rating", p.rating)
	}
	before := c.dump()
	dry, errs, code := c.run("round", "pair", "--dry-run")
	if code != 0 || !strings.Contains(errs, "nothing was stored") {
		t.Fatalf("round pair --dry-run: exit %d, stderr %q", code, errs)
	}
	if c.dump() != before {
		t.Errorf("round pair --dry-run changed the database")
	}
	dryJSON := c.ok("round", "pair", "--dry-run", "--json")
	if c.dump() != before {
		t.Errorf("round pair --dry-run --json changed the database")
	}
	stored := c.ok("round", "pair")
	if stored != dry {
		t.Errorf("round pair printed\n%s\nbut --dry-run showed\n%s", stored, dry)
	}
	var d roundJSON
	if err := json.Unmarshal([]byte(dryJSON), &d); err != nil {
		t.Fatal(err)
	}
	if got, want := pairsOf(d), pairsOf(c.roundShown("1")); !reflect.DeepEqual(got, want) {
		t.Errorf("--dry-run --json pairs %q, stored %q", got, want)
	}
	// Round 1 by the initial colour black: player 1 has Black on board 1.
	if b := d.Boards[0]; *b.Black != 1 {
		t.Errorf("round 1 board 1 = %d-%d, want player 1 with Black (--first-colour black)", b.White, *b.Black)
	}
}

// TestRoundPairExplain checks that the explanations name the bracket and
// the criteria, are stored with the round and come back with round show.
func TestRoundPairExplain(t *testing.T) {
	t.Parallel()
	c := newCLI(t)
	c.ok("tournament", "new", "Explained", "--rounds", "4", "--first-colour", "white")
	for _, p := range crossPlayers[:7] {
		c.ok("player", "add", p.name, "--rating", p.rating)
	}
	c.ok("round", "pair")
	c.enterResults(0)
	out := c.ok("round", "pair", "--explain")
	for _, w := range []string{"Bracket 1 points", "moved down", "C12", "5.2.", "pairing-allocated bye", "C2"} {
		if !strings.Contains(out, w) {
			t.Errorf("round pair --explain does not say %q:\n%s", w, out)
		}
	}
	if plain := c.ok("round", "show"); strings.Contains(plain, "Bracket") {
		t.Errorf("round show without --explain explains:\n%s", plain)
	}
	if later := c.ok("round", "show", "--explain"); later != out {
		t.Errorf("round show --explain =\n%s\nround pair --explain printed\n%s", later, out)
	}
	for _, b := range c.roundShown("2").Boards {
		if b.Bye == arbiter.Unpaired.String() {
			continue
		}
		if !strings.HasPrefix(b.Explanation, "Bracket ") {
			t.Errorf("round 2 %+v: stored explanation %q, want one starting with the bracket", b, b.Explanation)
		}
	}
	golden(t, filepath.Join("testdata", "round_pair_explain.golden"), out)

	// The database keeps the notes in no language: a terminal set to
	// Italian reads them in Italian, --json stays English.
	enJSON := c.ok("round", "show", "--json")
	c.env["ARBITER_LANG"] = "it"
	it := c.ok("round", "show", "--explain")
	golden(t, filepath.Join("testdata", "round_pair_explain.it.golden"), it)
	if strings.Contains(it, "Bracket") || !strings.Contains(it, "Gruppo con punteggio 1") {
		t.Errorf("round show --explain in Italian:\n%s", it)
	}
	if got := c.ok("round", "show", "--json"); got != enJSON {
		t.Errorf("round show --json in Italian:\n%s\nwant the English bytes\n%s", got, enJSON)
	}
	raw := c.sql(`SELECT explanation FROM boards WHERE round = 2 AND board = 1`)
	if !strings.HasPrefix(raw, `{"id":"pair.note"`) {
		t.Errorf("stored explanation = %.80s, want a phrase as JSON", raw)
	}

	// A round paired before: its English notes are read as they are.
	const old = "Bracket 1 points: 4 meets 2: stored by an earlier version."
	c.sql(`UPDATE boards SET explanation = ? WHERE round = 2 AND board = 1`, old)
	if got := c.ok("round", "show", "--explain"); !strings.Contains(got, old) {
		t.Errorf("round show --explain with an old English note:\n%s\nwant it to show %q", got, old)
	}
}

// sql runs query on the test's database and returns the first column of
// the first row, if any.
func (c *cli) sql(query string, args ...any) string {
	c.t.Helper()
	db, err := sql.Open("sqlite", c.db)
	if err != nil {
		c.t.Fatal(err)
	}
	defer db.Close()
	rows, err := db.Query(query, args...)
	if err != nil {
		c.t.Fatalf("%s: %v", query, err)
	}
	defer rows.Close()
	var s string
	if rows.Next() {
		if err := rows.Scan(&s); err != nil {
			c.t.Fatal(err)
		}
	}
	if err := rows.Err(); err != nil {
		c.t.Fatal(err)
	}
	return s
}

// TestFirstColourByLot checks that a tournament without a seed gets one
// stored with round 1, logged, and that the lot it draws for the first
// colour is said on stderr. How the lot follows the seed, round 1 and
// after, is the desk's TestFirstColourByLot.
func TestFirstColourByLot(t *testing.T) {
	t.Parallel()
	pairRound1 := func(t *testing.T, seed int64) (*cli, string, string) {
		c := newCLI(t)
		c.ok("tournament", "new", "Lot", "--rounds", "3", "--seed", strconv.FormatInt(seed, 10))
		for _, p := range crossPlayers[:6] {
			c.ok("player", "add", p.name, "--rating", p.rating)
		}
		out, errs, code := c.run("round", "pair")
		if code != 0 {
			t.Fatalf("round pair: exit %d, %s", code, errs)
		}
		return c, out, errs
	}
	t.Run("no seed yet", func(t *testing.T) {
		t.Parallel()
		c, _, errs := pairRound1(t, 0)
		var tj tournamentJSON
		if err := json.Unmarshal([]byte(c.ok("tournament", "show", "--json")), &tj); err != nil {
			t.Fatal(err)
		}
		if tj.Seed == 0 {
			t.Fatalf("round 1 paired by lot, but no seed was stored")
		}
		colour := pairing.InitialColourByLot(tj.Seed)
		if want := "Initial colour by lot: " + colour.String(); !strings.Contains(errs, want) {
			t.Errorf("stderr %q, want %q for the stored seed %d", errs, want, tj.Seed)
		}
		if !strings.Contains(c.ok("log"), "seed") {
			t.Errorf("the log does not record the seed drawn")
		}
	})
}

// TestRoundPairRefused checks the rounds round pair will not pair: the
// previous round without every result, and a round with no legal pairing.
// Nothing is stored, and the message says what to do.
func TestRoundPairRefused(t *testing.T) {
	t.Parallel()
	t.Run("previous round open", func(t *testing.T) {
		c := setup(t) // round 1: board 1 has a result, boards 2 and 3 do not
		c.refused("", []string{"round 1 still has no result on boards 2, 3", "round result BOARD RESULT --round 1"}, "round", "pair")
		c.refused("", []string{"boards 2, 3"}, "round", "pair", "--dry-run")
	})
	t.Run("no legal pairing", func(t *testing.T) {
		c := newCLI(t)
		c.ok("tournament", "new", "Two", "--rounds", "3", "--first-colour", "white")
		c.ok("player", "add", "Neri, Paolo", "--rating", "2000")
		c.ok("player", "add", "Bianchi, Anna", "--rating", "1900")
		c.ok("round", "pair")
		c.ok("round", "result", "1", "1-0")
		c.refused("", []string{"round 2", "no legal pairing", "rematch", "C.04.3 C1", "nothing was stored", "--manual"}, "round", "pair")
		// What the message offers works: a known absence.
		c.ok("player", "bye", "2", "--zero")
		c.ok("round", "pair")
		if got := pairsOf(c.roundShown("2")); !reflect.DeepEqual(got, []string{"1 0"}) {
			t.Errorf("round 2 with player 2 absent = %q, want the PAB for 1", got)
		}
	})
	t.Run("no legal pairing: the suggested pairing", func(t *testing.T) {
		// Issue 16, item 6: the message suggests a pairing of the actual
		// players that breaks as little as it can (here only C1), and it
		// is accepted with the one command it shows.
		c := newCLI(t)
		c.ok("tournament", "new", "Two", "--rounds", "3", "--first-colour", "white")
		c.ok("player", "add", "Neri, Paolo", "--rating", "2000")
		c.ok("player", "add", "Bianchi, Anna", "--rating", "1900")
		c.ok("round", "pair")
		c.ok("round", "result", "1", "1-0")
		c.refused("", []string{"C.04.3 C1", `the pairing that breaks the least (1 rematch): arbiter round pair --manual "2-1" --force`}, "round", "pair")
		c.ok("round", "pair", "--manual", "2-1", "--force")
		if got := pairsOf(c.roundShown("2")); !reflect.DeepEqual(got, []string{"2 1"}) {
			t.Errorf("round 2 paired as suggested = %q, want 2-1", got)
		}
	})
	t.Run("no players", func(t *testing.T) {
		c := newCLI(t)
		c.ok("tournament", "new", "Empty")
		c.refused("", []string{"has no players yet"}, "round", "pair")
	})
}

// TestRoundPairUnknown pairs past a result not known yet (an adjourned
// game; TRF-26 X): refused until the organizer decides with --force, the
// decision logged, the game counted as played so the two do not meet
// again; --force with every result in is refused, nothing stored.
func TestRoundPairUnknown(t *testing.T) {
	t.Parallel()
	c := setup(t) // round 1: board 1 has a result, boards 2 and 3 do not
	c.ok("round", "result", "2", "1-0")
	c.refused("", []string{"round 1 still has no result on board 3", "add --force"}, "round", "pair")
	r1 := c.roundShown("1")
	var w, b int
	for _, x := range r1.Boards {
		if x.Board == 3 {
			w, b = x.White, *x.Black
		}
	}
	dry := c.ok("round", "pair", "--dry-run", "--force", "--json")
	var want roundJSON
	if err := json.Unmarshal([]byte(dry), &want); err != nil {
		t.Fatal(err)
	}
	errs := c.okErr("round", "pair", "--force")
	if !strings.Contains(errs, "no result on board 3") {
		t.Errorf("round pair --force said %q", errs)
	}
	r2 := c.roundShown("2")
	if !reflect.DeepEqual(pairsOf(r2), pairsOf(want)) {
		t.Errorf("stored %q, the dry run showed %q", pairsOf(r2), pairsOf(want))
	}
	for _, x := range r2.Boards {
		if x.Black != nil && (x.White == w && *x.Black == b || x.White == b && *x.Black == w) {
			t.Errorf("round 2 pairs again %d and %d, whose round-1 game is on", w, b)
		}
	}
	if log := c.ok("log"); !strings.Contains(log, "paired with results not known") || !strings.Contains(log, "round 1, board 3") {
		t.Errorf("the log does not record the decision:\n%s", log)
	}
	// The result comes in afterwards.
	c.ok("round", "result", "3", "1/2", "--round", "1")

	d := setup(t)
	d.ok("round", "result", "2", "1-0")
	d.ok("round", "result", "3", "0-1")
	before := d.dump()
	if _, errs, code := d.runIn("", "round", "pair", "--force"); code != 2 || !strings.Contains(errs, "every board of round 1 has its result") {
		t.Errorf("--force with every result in: exit %d, %q", code, errs)
	}
	if d.dump() != before {
		t.Errorf("--force refused, but the database changed")
	}
}
