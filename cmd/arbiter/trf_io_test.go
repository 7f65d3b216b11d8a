package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/store"
	"github.com/labyrinth-chess/arbiter/trf"
)

// playTournament plays rounds rounds of a tournament of ten players and a
// late entry, paired by round pair, with a half-point bye, a zero-point
// bye, a forfeit and a withdrawal; settings adds flags to tournament new.
func playTournament(t *testing.T, rounds int, settings ...string) *cli {
	t.Helper()
	c := newCLI(t)
	c.ok(append([]string{"tournament", "new", "Spring Open", "--rounds", "7", "--seed", "11", "--date", "2026-04-18",
		"--venue", "Milano", "--time-control", "90'+30\""}, settings...)...)
	for _, p := range crossPlayers {
		c.ok("player", "add", p.name, "--rating", p.rating)
	}
	c.ok("player", "edit", "1", "--fide-id", "2000011", "--federation", "ITA", "--title", "FM", "--birth-year", "1990", "--sex", "m")
	c.ok("player", "bye", "3", "--round", "1")
	for r := 1; r <= rounds; r++ {
		switch r {
		case 2:
			c.ok("player", "add", "Late, Comer", "--rating", "1800")
		case 3:
			c.ok("player", "bye", "6", "--zero")
			c.ok("player", "withdraw", "9", "--from-round", "4")
		}
		c.ok("round", "pair")
		forfeit := 0
		if r == 3 {
			forfeit = 1
		}
		c.enterResults(forfeit)
	}
	return c
}

// exportTRF exports the current tournament and returns the file's bytes.
func (c *cli) exportTRF(args ...string) []byte {
	c.t.Helper()
	file := filepath.Join(c.t.TempDir(), "out.trf")
	c.ok(append([]string{"export", "trf", file}, args...)...)
	data, err := os.ReadFile(file)
	if err != nil {
		c.t.Fatal(err)
	}
	return data
}

// TestTRFRoundTrip exports a tournament, imports the file into a new
// database and exports it again: the two files must be the same bytes, in
// both formats, with the usual bye values and with others.
func TestTRFRoundTrip(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		rounds   int
		settings []string
		format   string
	}{
		{"trf16 after 5 rounds", 5, nil, "trf16"},
		{"trf26 after 5 rounds", 5, nil, "trf26"},
		{"bye values", 4, []string{"--bye-value", "0.5", "--half-bye-value", "0", "--first-colour", "black"}, "trf16"},
		{"bye values trf26", 4, []string{"--bye-value", "0.5", "--half-bye-value", "0"}, "trf26"},
		{"before round 1", 0, nil, "trf16"},
		{"report settings trf26", 3, reportSettings, "trf26"},
		{"report settings trf16", 3, reportSettings, "trf16"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			c := playTournament(t, tt.rounds, tt.settings...)
			first := c.exportTRF("--format", tt.format)
			file := filepath.Join(t.TempDir(), "first.trf")
			if err := os.WriteFile(file, first, 0o644); err != nil {
				t.Fatal(err)
			}
			d := newCLI(t)
			errs := d.okErr("import", "trf", file)
			if !strings.Contains(errs, "Imported tournament 1 \"Spring Open\"") || !strings.Contains(errs, fmt.Sprintf("%d of 7 rounds played", tt.rounds)) {
				t.Errorf("import trf said %q", errs)
			}
			second := d.exportTRF("--format", tt.format)
			if !bytes.Equal(first, second) {
				t.Errorf("export, import, export gave another file:\nfirst\n%s\nsecond\n%s", first, second)
			}
			// The imported tournament pairs its next round as the
			// original does.
			if tt.rounds > 0 {
				var want, got roundJSON
				if err := json.Unmarshal([]byte(c.ok("round", "pair", "--dry-run", "--json")), &want); err != nil {
					t.Fatal(err)
				}
				if err := json.Unmarshal([]byte(d.ok("round", "pair", "--dry-run", "--json")), &got); err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(pairsOf(got), pairsOf(want)) {
					t.Errorf("next round of the imported tournament %q, of the original %q", pairsOf(got), pairsOf(want))
				}
			}
		})
	}
}

// reportSettings are the settings of the report a chief arbiter submits,
// and the Baku acceleration.
var reportSettings = []string{"--federation", "ITA", "--city", "Milano", "--chief-arbiter", "Rossi, Mario 810000",
	"--deputy", "Verdi, Anna", "--deputy", "Neri, Luca", "--end-date", "2026-04-20",
	"--round-dates", "2026-04-18,2026-04-18,2026-04-19,,2026-04-19,2026-04-20,2026-04-20",
	"--time-code", "5400+30", "--rating-type", "FIDON", "--accelerated", "baku", "--unrated-rating", "1400"}

// TestExportTRF26 checks the lines of the report settings in a TRF-26
// export, each ended by a CR, and that import trf keeps every one.
func TestExportTRF26(t *testing.T) {
	t.Parallel()
	c := playTournament(t, 2, reportSettings...)
	data := string(c.exportTRF("--format", "trf26"))
	if strings.Contains(data, "\n") {
		t.Errorf("TRF-26 lines end with CR alone:\n%q", data)
	}
	for _, w := range []string{"022 Milano", "032 ITA", "052 2026/04/20", "102 Rossi, Mario 810000", "112 Verdi, Anna", "112 Neri, Luca",
		"132" + strings.Repeat(" ", 88) + "26/04/18  26/04/18  26/04/19            26/04/19  26/04/20  26/04/20",
		"172 ITA FIDON", "222 5400+30", "250       1.0   1   2    1    6", "250       0.5   3   4    1    6"} {
		if !strings.Contains(data, "\r"+w+"\r") {
			t.Errorf("file has no line %q:\n%s", w, strings.ReplaceAll(data, "\r", "\n"))
		}
	}
	file := filepath.Join(t.TempDir(), "report.trf")
	if err := os.WriteFile(file, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	d := newCLI(t)
	errs := d.okErr("import", "trf", file)
	if strings.Contains(errs, "Not kept") {
		t.Errorf("import trf left something out: %s", errs)
	}
	var got, want tournamentJSON
	if err := json.Unmarshal([]byte(d.ok("tournament", "show", "--json")), &got); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(c.ok("tournament", "show", "--json")), &want); err != nil {
		t.Fatal(err)
	}
	// The rating of unrated players is in the regulations, not the report.
	want.UnratedRating = 0
	// The city (022) becomes the venue, which the next export writes as
	// 022 again.
	if got.Venue != want.City {
		t.Errorf("imported venue %q, want the city %q", got.Venue, want.City)
	}
	want.City = ""
	if !reflect.DeepEqual(got.settingsJSON, want.settingsJSON) {
		t.Errorf("imported settings %+v, want %+v", got.settingsJSON, want.settingsJSON)
	}
}

// TestExportTRF checks the file export trf writes for a short tournament
// against the FIDE columns, and what it says of a round in play.
func TestExportTRF(t *testing.T) {
	t.Parallel()
	c := playTournament(t, 3)
	data := string(c.exportTRF())
	for _, w := range []string{"012 Spring Open", "022 Milano", "042 2026/04/18", "062 11", "122 90'+30\"", "XXR 7", "XXC black1"} {
		if !strings.Contains(data, w+"\r\n") {
			t.Errorf("file has no line %q:\n%s", w, data)
		}
	}
	f, err := trf.Read(strings.NewReader(data))
	if err != nil {
		t.Fatalf("the exported file does not read back: %v", err)
	}
	if len(f.Players) != 11 || f.PlayedRounds() != 3 {
		t.Fatalf("%d players, %d rounds, want 11 and 3", len(f.Players), f.PlayedRounds())
	}
	p1 := f.Player(1)
	if p1.Name != "Neri, Paolo" || p1.FIDEID != "2000011" || p1.Title != "FM" || p1.Federation != "ITA" || p1.Birth != "1990" || p1.Sex != "m" {
		t.Errorf("player 1 = %+v", p1)
	}
	// Player 3 asked for a half-point bye in round 1, player 11 entered
	// for round 2, player 6 is absent in round 3, player 9 withdrew from
	// round 4: his block in round 4 says he will not play.
	for _, c := range []struct {
		id, round int
		want      trf.Game
	}{
		{3, 1, trf.Game{Result: trf.HalfBye}},
		{11, 1, trf.Game{Result: trf.ZeroBye}},
		{6, 3, trf.Game{Result: trf.ZeroBye}},
		{9, 4, trf.Game{Result: trf.ZeroBye}},
	} {
		p := f.Player(c.id)
		if len(p.Games) < c.round || p.Games[c.round-1] != c.want {
			t.Errorf("player %d round %d: blocks %+v, want %+v", c.id, c.round, p.Games, c.want)
		}
	}
	// Forfeit on board 1 of round 3, with colours.
	var forfeits int
	for _, p := range f.Players {
		if len(p.Games) >= 3 && (p.Games[2].Result == trf.ForfeitWin || p.Games[2].Result == trf.ForfeitLoss) && p.Games[2].Opponent != 0 {
			forfeits++
		}
	}
	if forfeits != 2 {
		t.Errorf("round 3 has %d forfeit blocks, want 2 (+ and -)", forfeits)
	}
	// Ranks are places in the standings.
	var st []standingJSON
	if err := json.Unmarshal([]byte(c.ok("standings", "--json")), &st); err != nil {
		t.Fatal(err)
	}
	for i, s := range st {
		if got := f.Player(s.PairingNumber).Rank; got != i+1 {
			t.Errorf("player %d: rank %d in the file, place %d in the standings", s.PairingNumber, got, i+1)
		}
		if got := f.Player(s.PairingNumber).Points; got != trf.Points(s.Points*10) {
			t.Errorf("player %d: %v points in the file, %v in the standings", s.PairingNumber, got, s.Points)
		}
	}

	// A round in play is left out.
	c.ok("round", "pair")
	c.ok("round", "result", "1", "1-0")
	file := filepath.Join(t.TempDir(), "inplay.trf")
	_, errs, code := c.run("export", "trf", file)
	if code != 0 || !strings.Contains(errs, "Round 4 is still in play") || !strings.Contains(errs, "stops after round 3") {
		t.Errorf("export trf with round 4 in play: exit %d, %q", code, errs)
	}
	if got := readFile(t, file); got != data {
		t.Errorf("with round 4 in play the file is\n%s\nwant the file after round 3\n%s", got, data)
	}
	if out, _, code := c.run("export", "trf", "-", "--format", "trf27"); code != 2 || out != "" {
		t.Errorf("--format trf27: exit %d, want 2", code)
	}
}

// TestImportTRFExample imports the example of the TRF notes (4 players, 2
// rounds, a PAB, a half-point bye and a forfeit) and checks what was
// stored.
func TestImportTRFExample(t *testing.T) {
	t.Parallel()
	c := newCLI(t)
	// Verdi is already in the club's roster, from another tournament.
	c.ok("tournament", "new", "Club evening")
	c.ok("player", "add", "Verdi, Anna", "--rating", "1975", "--club", "Labyrinth")
	c.ok("import", "trf", filepath.Join("..", "..", "trf", "testdata", "example.trf"))

	var tj tournamentJSON
	if err := json.Unmarshal([]byte(c.ok("tournament", "show", "--json")), &tj); err != nil {
		t.Fatal(err)
	}
	if tj.Name != "Circolo Demo Open" || tj.Venue != "Milano" || tj.Date != "2025-03-01" || tj.Rounds != 2 || tj.RoundsPaired != 2 ||
		tj.FirstColour != "white" || tj.TimeControl != "90'+30\"" || tj.ByeValue != 1 || tj.HalfByeValue != 0.5 || !tj.Current {
		t.Errorf("tournament = %+v", tj)
	}

	var players []playerJSON
	if err := json.Unmarshal([]byte(c.ok("player", "list", "--json")), &players); err != nil {
		t.Fatal(err)
	}
	type pl struct {
		PN             int
		Name           string
		Rating         int
		Fed, FIDE, Sex string
		Birth          int
		ID             int64
	}
	var got []pl
	for _, p := range players {
		got = append(got, pl{p.PairingNumber, p.Name, p.Rating, p.Federation, p.FIDEID, p.Sex, p.BirthYear, p.ID})
	}
	want := []pl{
		{1, "Rossi, Mario", 2150, "ITA", "2000011", "M", 1990, 2},
		{2, "Bianchi, Luca", 2050, "ITA", "2000022", "M", 1990, 3},
		{3, "Verdi, Anna", 1980, "ITA", "2000033", "F", 1990, 1}, // the roster player, rated 1980 here
		{4, "Neri, Paolo", 1890, "ITA", "2000044", "M", 1990, 4},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("players =\n%+v\nwant\n%+v", got, want)
	}

	type bd struct {
		Board, White, Black int
		Result, Bye         string
	}
	rounds := map[string][]bd{
		"1": {{1, 1, 2, "1-0", ""}, {0, 3, 0, "", "PAB"}, {0, 4, 0, "", "H"}},
		// Board order: 1 and 3 had a point each, 4 half a point, 2 none.
		"2": {{1, 3, 1, "1-0", ""}, {2, 2, 4, "+-", ""}},
	}
	for n, want := range rounds {
		var got []bd
		for _, b := range c.roundShown(n).Boards {
			black := 0
			if b.Black != nil {
				black = *b.Black
			}
			got = append(got, bd{b.Board, b.White, black, b.Result, b.Bye})
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("round %s = %+v, want %+v", n, got, want)
		}
	}

	var st []standingJSON
	if err := json.Unmarshal([]byte(c.ok("standings", "--json")), &st); err != nil {
		t.Fatal(err)
	}
	points := map[int]float64{}
	for _, s := range st {
		points[s.PairingNumber] = s.Points
	}
	if want := map[int]float64{1: 1, 2: 1, 3: 2, 4: 0.5}; !reflect.DeepEqual(points, want) {
		t.Errorf("points = %v, want %v (the file's columns 81-84)", points, want)
	}
	// The roster kept its own rating and club; the entry has the file's.
	var roster []playerJSON
	if err := json.Unmarshal([]byte(c.ok("player", "list", "--json", "--tournament", "Circolo Demo Open")), &roster); err != nil {
		t.Fatal(err)
	}
	if r := roster[2]; r.Club != "Labyrinth" || r.FIDEID != "2000033" {
		t.Errorf("Verdi as entered = %+v, want the roster's club and the file's FIDE ID", r)
	}
}

// TestImportTRFRefused checks that a file that cannot be imported is
// refused with the line at fault and that nothing is stored.
func TestImportTRFRefused(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	example, err := os.ReadFile(filepath.Join("..", "..", "trf", "testdata", "example.trf"))
	if err != nil {
		t.Fatal(err)
	}
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	badPoints := strings.Replace(string(example), "2150 ITA     2000011 1990/01/01  1.0", "2150 ITA     2000011 1990/01/01  1.5", 1)
	badRank := strings.Replace(string(example), "001    4 m    Neri", "001    7 m    Neri", 1)
	noName := strings.Replace(string(example), "012 Circolo Demo Open", "012", 1)
	c := newCLI(t)
	c.ok("tournament", "new", "Circolo Demo Open")
	tests := []struct {
		name string
		args []string
		want []string
	}{
		{"points", []string{"import", "trf", write("points.trf", badPoints)}, []string{"points.trf", "line 14, column 81", "points do not match"}},
		{"unknown opponent", []string{"import", "trf", write("rank.trf", badRank)}, []string{"rank.trf", "line 15, column 102", "opponent 4 has no 001 line"}},
		{"name taken", []string{"import", "trf", write("taken.trf", string(example))}, []string{`"Circolo Demo Open" already exists`, "--name"}},
		{"no name", []string{"import", "trf", write("noname.trf", noName)}, []string{"no tournament name", "--name"}},
		{"missing file", []string{"import", "trf", filepath.Join(dir, "nowhere.trf")}, []string{"cannot read", "nowhere.trf"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c.refused("", tt.want, tt.args...)
		})
	}
	// --name imports it beside the existing one.
	c.ok("import", "trf", write("taken.trf", string(example)), "--name", "Circolo Demo Open (2)")
	if out := c.ok("tournament", "list"); !strings.Contains(out, "Circolo Demo Open (2)") {
		t.Errorf("tournament list after import --name:\n%s", out)
	}
}

// TestImportTRFCorpusCLI imports tournaments paired by bbpPairings, cut
// before their last round, with import trf, and pairs that round with
// round pair: it must give the pairs and colours bbpPairings gave. The
// desk's TestImportTRFCorpus checks every file of the corpus through the
// same desk calls; here the command line reads one file in twenty of
// them (one in ten of those with -short). Files with forbidden pairs
// (XXP, which arbiter does not keep) are skipped.
func TestImportTRFCorpusCLI(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob(filepath.Join("..", "..", "pairing", "testdata", "corpus", "*.trf"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus: %v", err)
	}
	checked := 0
	for i, fn := range files {
		if i%20 != 0 || testing.Short() && i%200 != 0 {
			continue
		}
		full := readTRFFile(t, fn)
		if len(full.Forbidden) > 0 || full.PlayedRounds() < 2 {
			continue
		}
		t.Run(filepath.Base(fn), func(t *testing.T) {
			t.Parallel()
			cut, want := trf.CutLastRound(full)
			path := filepath.Join(t.TempDir(), "cut.trf")
			var buf bytes.Buffer
			if err := trf.NewWriter(&buf).Write(cut); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			c := newCLI(t)
			c.ok("import", "trf", path)
			c.ok("round", "pair")
			got := pairSet(pairsOf(c.roundShown("")))
			if !reflect.DeepEqual(got, want) {
				t.Errorf("round %d: round pair gave %v, bbpPairings %v", full.PlayedRounds(), got, want)
			}
		})
		checked++
	}
	t.Logf("%d tournaments checked", checked)
}

func readTRFFile(t *testing.T, path string) *trf.File {
	t.Helper()
	fh, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	f, err := trf.Read(fh)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// pairSet turns "white black" lines into a set.
func pairSet(pairs []string) map[string]bool {
	s := map[string]bool{}
	for _, p := range pairs {
		s[p] = true
	}
	return s
}

// importExport imports a TRF file and exports it again, as import trf
// and export trf do: through a fresh in-memory database, or, with
// inMemory, through the snapshot the store would give back (much faster
// under the fuzzer, which instruments SQLite too). ok is false when the
// file is refused (by the reader, the domain or the store).
func importExport(t *testing.T, data []byte, inMemory bool) (out []byte, ok bool) {
	t.Helper()
	f, err := trf.Read(bytes.NewReader(data))
	if err != nil {
		return nil, false
	}
	ti, _, err := trfImport(f, "fuzz.trf")
	if err != nil {
		return nil, false
	}
	if strings.TrimSpace(ti.Tournament.Name) == "" {
		ti.Tournament.Name = "Unnamed"
	}
	var s *store.Snapshot
	if inMemory {
		if s = importedSnapshot(ti); s == nil {
			return nil, false
		}
	} else {
		ctx := t.Context()
		db, err := store.Open(ctx, ":memory:")
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		if desk.CheckImport(ti) != nil {
			return nil, false
		}
		got, err := db.ImportTournament(ctx, ti, nil)
		if err != nil {
			return nil, false
		}
		if s, err = db.Snapshot(ctx, got.Tournament.ID); err != nil {
			t.Fatal(err)
		}
	}
	tf, err := trfFile(nil, s, completeRounds(s))
	if err != nil {
		t.Fatalf("export of an imported file: %v", err)
	}
	var buf bytes.Buffer
	if err := trf.NewWriter(&buf).Write(tf); err != nil {
		return nil, false // a field too wide for its columns
	}
	return buf.Bytes(), true
}

// importedSnapshot returns the snapshot ImportTournament would store for
// ti, or nil for what it refuses (desk.CheckImport: settings, players
// and rounds, the two games of a Double-Swiss match among them).
func importedSnapshot(ti store.TournamentImport) *store.Snapshot {
	if len(ti.Rounds) > ti.Tournament.Rounds || ti.Tournament.Rounds < 1 || desk.CheckImport(ti) != nil {
		return nil
	}
	s := &store.Snapshot{Tournament: ti.Tournament, Entries: ti.Entries, Requests: ti.Requests}
	for _, r := range ti.Rounds {
		placed := map[int]bool{}
		for _, b := range r.Boards {
			placed[b.White], placed[b.Black] = true, true
		}
		for _, b := range r.Byes {
			placed[b.PN] = true
		}
		r.Byes = append([]arbiter.Bye(nil), r.Byes...)
		for _, e := range ti.Entries {
			if !placed[e.PN] {
				r.Byes = append(r.Byes, arbiter.Bye{PN: e.PN, Kind: arbiter.Unpaired})
			}
		}
		sort.Slice(r.Byes, func(i, j int) bool { return r.Byes[i].PN < r.Byes[j].PN })
		s.Rounds = append(s.Rounds, r)
	}
	return s
}

// FuzzImportTRF checks that any file the TRF reader accepts is imported
// or refused without a panic, and that once imported and exported, a
// file goes through import and export again unchanged. The seeds go
// through the store; the fuzzer's inputs through the snapshot it would
// give back.
func FuzzImportTRF(f *testing.F) {
	for _, fn := range []string{
		filepath.Join("..", "..", "trf", "testdata", "example.trf"),
		filepath.Join("..", "..", "trf", "testdata", "bbp.trf"),
		filepath.Join("..", "..", "pairing", "testdata", "corpus", "bbp-g101.trf"),
		// Double-Swiss files (C.04.5): two columns a match.
		filepath.Join("..", "..", "trf", "testdata", "doubleswiss.trf"),
		filepath.Join("testdata", "doubleswiss20.trf"),
	} {
		if data, err := os.ReadFile(fn); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte("012 x\nXXR 3\n001    1      A                                                                 1.0       0000 - U\n"))
	// A name that is only a control character: the store refuses it, so
	// the snapshot must too (the writer would write it as a blank name).
	f.Add([]byte("012 x\nXXR 1\n001    1      \x01                                                                 0.0    1\n"))
	fuzzing := flag.Lookup("test.fuzz") != nil && flag.Lookup("test.fuzz").Value.String() != ""
	f.Fuzz(func(t *testing.T, data []byte) {
		first, ok := importExport(t, data, fuzzing)
		if !ok {
			return
		}
		second, ok := importExport(t, first, fuzzing)
		if !ok {
			t.Fatalf("our own export is refused:\n%s", first)
		}
		if !bytes.Equal(first, second) {
			t.Fatalf("import and export changed the file:\n%s\nthen\n%s", first, second)
		}
	})
}

// TestBakuRoundPair pairs a tournament accelerated by the Baku method
// (C.04.7) with round pair and, from its exported file, with trf pair:
// the same boards after every round, and without acceleration round 2
// differs, so the setting is what makes them.
func TestBakuRoundPair(t *testing.T) {
	t.Parallel()
	for rounds := 0; rounds <= 3; rounds++ {
		t.Run(fmt.Sprintf("after %d rounds", rounds), func(t *testing.T) {
			t.Parallel()
			c := playTournament(t, rounds, "--accelerated", "baku")
			var want roundJSON
			if err := json.Unmarshal([]byte(c.ok("round", "pair", "--dry-run", "--json")), &want); err != nil {
				t.Fatal(err)
			}
			for _, format := range []string{"trf16", "trf26"} {
				file := filepath.Join(t.TempDir(), "baku.trf")
				if err := os.WriteFile(file, c.exportTRF("--format", format), 0o644); err != nil {
					t.Fatal(err)
				}
				code, out, errs := runTRFCommand(t, "trf", "pair", file)
				if code != 0 {
					t.Fatalf("trf pair: exit %d: %s", code, errs)
				}
				lines := strings.Split(strings.TrimSpace(out), "\n")
				if got := lines[1:]; !reflect.DeepEqual(got, pairsOf(want)) {
					t.Errorf("%s: trf pair gives %q, round pair %q", format, got, pairsOf(want))
				}
			}
		})
	}
	plain := playTournament(t, 0)
	baku := playTournament(t, 0, "--accelerated", "baku")
	for _, c := range []*cli{plain, baku} {
		c.ok("round", "pair")
		c.ok("round", "result", "1", "1-0")
	}
	var a, b roundJSON
	if err := json.Unmarshal([]byte(plain.ok("round", "show", "--json")), &a); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(baku.ok("round", "show", "--json")), &b); err != nil {
		t.Fatal(err)
	}
	if reflect.DeepEqual(pairsOf(a), pairsOf(b)) {
		t.Errorf("round 1 paired alike with and without acceleration: %q", pairsOf(a))
	}
}

// TestUnratedRating: with an unrated player in the field, standings warn
// that ARO is dropped (C.07: the regulations must say how unrated players
// count); once tournament set --unrated-rating says it, the warning goes
// and ARO counts the unrated opponent at that rating.
func TestUnratedRating(t *testing.T) {
	t.Parallel()
	c := playTournament(t, 3, "--tiebreaks", "ARO,BH")
	c.ok("player", "edit", "2", "--rating", "0")
	before := c.okErr("standings")
	if !strings.Contains(before, "ARO is dropped") || !strings.Contains(before, "--unrated-rating") {
		t.Errorf("standings with an unrated player and no rating for him say %q", before)
	}
	c.ok("tournament", "set", "--unrated-rating", "1400")
	after := c.okErr("standings")
	if strings.Contains(after, "dropped") {
		t.Errorf("standings still warn: %q", after)
	}
	if out := c.ok("standings"); !strings.Contains(out, "ARO") {
		t.Errorf("standings have no ARO column:\n%s", out)
	}
}

// TestTRFRoundTripRoundRobin: an all-play-all imported from its file
// (192 FIDE_ROUNDROBIN) stays an all-play-all, exports the same bytes and
// pairs its next round from the Berger tables as the original does.
func TestTRFRoundTripRoundRobin(t *testing.T) {
	t.Parallel()
	c := newCLI(t)
	c.ok("tournament", "new", "Berger", "--system", "round-robin", "--date", "2026-04-18")
	for _, p := range crossPlayers[:6] {
		c.ok("player", "add", p.name, "--rating", p.rating)
	}
	c.ok("tournament", "close-registration")
	for r := 1; r <= 2; r++ {
		c.ok("round", "pair")
		c.enterResults(0)
	}
	first := c.exportTRF("--format", "trf26")
	file := filepath.Join(t.TempDir(), "berger.trf")
	if err := os.WriteFile(file, first, 0o644); err != nil {
		t.Fatal(err)
	}
	d := newCLI(t)
	d.ok("import", "trf", file)
	var tj tournamentJSON
	if err := json.Unmarshal([]byte(d.ok("tournament", "show", "--json")), &tj); err != nil {
		t.Fatal(err)
	}
	if tj.System != "round-robin" {
		t.Errorf("imported system %q, want round-robin", tj.System)
	}
	if second := d.exportTRF("--format", "trf26"); !bytes.Equal(first, second) {
		t.Errorf("export, import, export gave another file:\nfirst\n%s\nsecond\n%s", first, second)
	}
	var want, got roundJSON
	if err := json.Unmarshal([]byte(c.ok("round", "pair", "--dry-run", "--json")), &want); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(d.ok("round", "pair", "--dry-run", "--json")), &got); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(pairsOf(got), pairsOf(want)) {
		t.Errorf("round 3 of the imported tournament %q, of the original %q", pairsOf(got), pairsOf(want))
	}
}
