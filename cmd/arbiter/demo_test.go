package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/labyrinth-chess/arbiter"
	"github.com/labyrinth-chess/arbiter/store"
	"github.com/labyrinth-chess/arbiter/trf"
	"github.com/xuri/excelize/v2"
)

// demoFiles are the files arbiter demo leaves in its folder.
func demoFiles() []string {
	files := []string{"labyrinth.db", "labyrinth.xlsx", "labyrinth.trf", "labyrinth.pgn", "standings.pdf", "crosstable.pdf", "prizes.pdf",
		"roster.csv", "games/laws-appendix.txt", "games/matto-del-barbiere.txt", "games/solta-2025.pgn",
		"games/xinghua-2025.pgn", "games/lichess-blitz-flag.pgn", "season.xlsx", "season.pdf"}
	for _, r := range []string{"1", "2", "3", "4", "5", "6", "7"} {
		files = append(files, "round-"+r+"-pairings.pdf", "round-"+r+"-slips.pdf")
	}
	slices.Sort(files)
	return files
}

// demoPlay is one run of the demo.
type demoPlay struct {
	dir            string
	stdout, stderr string
	code           int
}

// runDemoCmd runs arbiter with args; ARBITER_DB points elsewhere, to show
// that the demo keeps to its folder.
func runDemoCmd(t *testing.T, elsewhere string, args ...string) demoPlay {
	t.Helper()
	var out, errb bytes.Buffer
	env := map[string]string{"ARBITER_DB": elsewhere, "ARBITER_USER": "someone"}
	code := run(context.Background(), args, strings.NewReader(""), &out, &errb, func(k string) string { return env[k] })
	return demoPlay{stdout: out.String(), stderr: errb.String(), code: code}
}

// TestDemo plays the demo evening three times at once: with the default
// seed in a new folder, with the same seed given explicitly in a folder
// holding an earlier demo and a file of the user's, and with another
// seed. It checks the standings against the golden file, every file the
// demo writes, the transcript's key lines, and that the same seed plays
// the same evening.
func TestDemo(t *testing.T) {
	base := t.TempDir()
	elsewhere := filepath.Join(base, "elsewhere.db")
	// The default play is the one other tests copy the database of
	// (sharedDemoPlay): played once per run of the tests, in a new folder
	// of its own with $ARBITER_DB pointing elsewhere, as here.
	plays := []struct {
		name string
		args []string
		play demoPlay
	}{
		{name: "default"},
		{name: "again", args: []string{"demo", "--seed", "2", "--dir", filepath.Join(base, "again")}},
		{name: "other", args: []string{"demo", "--seed", "3", "--dir", filepath.Join(base, "other")}},
	}
	// An earlier demo's folder: an old database with another tournament,
	// a left-over journal, an old workbook, and a file of the user's.
	again := filepath.Join(base, "again")
	old := newCLI(t)
	old.db = filepath.Join(again, "labyrinth.db")
	if err := os.MkdirAll(again, 0o755); err != nil {
		t.Fatal(err)
	}
	old.ok("tournament", "new", "Last week")
	writeFile(t, filepath.Join(again, "labyrinth.db-journal"), "stale")
	writeFile(t, filepath.Join(again, "labyrinth.xlsx"), "not a workbook")
	writeFile(t, filepath.Join(again, "notes.txt"), "mine")

	t.Run("play", func(t *testing.T) {
		for i := range plays {
			t.Run(plays[i].name, func(t *testing.T) {
				t.Parallel()
				if plays[i].args == nil {
					plays[i].play = sharedDemoPlay(t)
					return
				}
				p := runDemoCmd(t, elsewhere, plays[i].args...)
				p.dir = plays[i].args[len(plays[i].args)-1]
				if p.code != 0 {
					t.Fatalf("arbiter %s: exit %d\n%s", strings.Join(plays[i].args, " "), p.code, p.stderr)
				}
				plays[i].play = p
			})
		}
	})
	if t.Failed() {
		return
	}
	first, second, other := plays[0].play, plays[1].play, plays[2].play
	for _, elsewhere := range []string{elsewhere, sharedDemo.elsewhere} {
		if _, err := os.Stat(elsewhere); err == nil {
			t.Errorf("the demo wrote to $ARBITER_DB %s, want only its folder", elsewhere)
		}
	}

	t.Run("standings", func(t *testing.T) {
		golden := filepath.Join("testdata", "demo.golden")
		if *update {
			if err := os.WriteFile(golden, []byte(first.stdout), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatal(err)
		}
		if first.stdout != string(want) {
			t.Errorf("standings differ from %s (go test -update rewrites it):\n%s", golden, diffLines(string(want), first.stdout))
		}
		evening, season, ok := strings.Cut(first.stdout, "\n\nSeason Spring 2026\n")
		if !ok {
			t.Fatalf("stdout has no season table after a blank line:\n%s", first.stdout)
		}
		season = "Season Spring 2026\n" + season
		evening, prizeList, ok := strings.Cut(evening, "\n\n")
		// The evening ends with its prize list: the three places, shared
		// by the Hort system, and the three categories.
		if !ok || !strings.HasPrefix(prizeList, "Prizes after round 7 of 7, Labyrinth 12 May 2026\n") ||
			strings.Count(prizeList, "\n\nCategory ") != 3 || !strings.Contains(prizeList, "Hort system") {
			t.Errorf("stdout has no prize list after the standings:\n%s", first.stdout)
		}
		// The season: 29 players of the roster played at least one of
		// the three evenings; the rules, the 3 evenings, the header.
		if n := strings.Count(season, "\n"); n != 2+3+1+29 {
			t.Errorf("the season table has %d lines, want 35:\n%s", n, season)
		}
		lines := strings.Split(strings.TrimRight(evening, "\n"), "\n")
		if len(lines) != 2+26 || !strings.HasPrefix(lines[0], "Final standings, ") {
			t.Fatalf("stdout has %d lines, want the title, the header and 26 players:\n%s", len(lines), first.stdout)
		}
		if got := strings.Fields(lines[1]); !slices.Equal(got, []string{"Rank", "No", "Name", "Rating", "Pts", "BH", "DE", "SB"}) {
			t.Errorf("header = %q, want the chain BH, DE, SB", got)
		}
	})

	t.Run("files", func(t *testing.T) {
		for _, p := range []demoPlay{first, second} {
			var got []string
			filepath.WalkDir(p.dir, func(path string, d os.DirEntry, err error) error {
				if err == nil && !d.IsDir() {
					rel, _ := filepath.Rel(p.dir, path)
					got = append(got, filepath.ToSlash(rel))
				}
				return err
			})
			want := demoFiles()
			if p.dir == again {
				want = append(want, "notes.txt")
				slices.Sort(want)
			}
			if !slices.Equal(got, want) {
				t.Errorf("%s holds %q, want %q", p.dir, got, want)
			}
		}
		if b, _ := os.ReadFile(filepath.Join(again, "notes.txt")); string(b) != "mine" {
			t.Errorf("the user's notes.txt = %q, want it untouched", b)
		}
		for _, name := range demoFiles() {
			if !strings.HasSuffix(name, ".pdf") {
				continue
			}
			b, err := os.ReadFile(filepath.Join(first.dir, name))
			if err != nil {
				t.Fatal(err)
			}
			pages := len(regexp.MustCompile(`/Type\s*/Page\b`).FindAll(b, -1))
			if !bytes.HasPrefix(b, []byte("%PDF-")) || pages == 0 {
				t.Errorf("%s: starts %q with %d pages, want a PDF with pages", name, b[:min(len(b), 8)], pages)
			}
		}
	})

	t.Run("xlsx", func(t *testing.T) {
		f, err := excelize.OpenFile(filepath.Join(first.dir, "labyrinth.xlsx"))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		rows, err := f.GetRows("Standings")
		if err != nil {
			t.Fatal(err)
		}
		if len(rows) != 1+26 || len(rows[0]) < 3 || rows[0][2] != "Name" {
			t.Fatalf("Standings sheet has %d rows (first %q), want a header and 26 players", len(rows), rows[0])
		}
		if name := rows[1][2]; !strings.Contains(first.stdout, name) {
			t.Errorf("the workbook's winner %q is not in the standings printed", name)
		}
	})

	t.Run("trf", func(t *testing.T) {
		f, err := os.Open(filepath.Join(first.dir, "labyrinth.trf"))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		tf, err := trf.Read(f)
		if err != nil {
			t.Fatalf("trf.Read: %v", err)
		}
		if len(tf.Players) != 26 {
			t.Errorf("the TRF has %d players, want 26", len(tf.Players))
		}
		for _, p := range tf.Players {
			if len(p.Games) != 7 {
				t.Errorf("player %d %s has %d rounds in the TRF, want 7", p.ID, p.Name, len(p.Games))
			}
		}
	})

	t.Run("pgn", func(t *testing.T) {
		p := runDemoCmd(t, elsewhere, "game", "check", filepath.Join(first.dir, "labyrinth.pgn"))
		if p.code != 0 || !regexp.MustCompile(`(\d+) games checked: (\d+) legal and consistent, 0 with problems`).MatchString(p.stdout) {
			t.Errorf("game check of the demo's PGN: exit %d, %s", p.code, lastLine(p.stdout))
		}
	})

	t.Run("transcript", func(t *testing.T) {
		for _, re := range []string{
			// The flag fall: Black claims a win on time, arbiter draws it.
			`\$ arbiter round result \d+ 0-1 --reason time\n` +
				`White lost on time but Black cannot checkmate by any series of legal moves \(lone king\): the game is drawn \(art\. 6\.9\)\.\n` +
				`Entered round 3 board \d+: [^\n]+ – [^\n]+ 1/2-1/2 \(time\)\.\n`,
			`\$ arbiter game add \d+ \S+lichess-blitz-flag\.pgn\nAdded the game to round 3 board \d+ \(.*\): 68 moves, legal\. No result entered yet\.\n`,
			`\$ arbiter game add \d+ \S+laws-appendix\.txt\nAdded the game to round 1 board \d+ \(.*\): 28 moves, legal\. Entered 0-1\.\n`,
			`\$ arbiter game add \d+ \S+matto-del-barbiere\.txt\nAdded .* checkmate after 4\.Qxf7# \(art\. 5\.1\.1\)\. Entered 1-0 \(mate\)\.\n`,
			`\$ arbiter game add \d+ \S+solta-2025\.pgn\nAdded .* checkmate after 26\.Qxd8# .* Entered 1-0 \(mate\)\.\n`,
			`\$ arbiter game add \d+ \S+xinghua-2025\.pgn\nAdded .* checkmate after 23\.\.\.Qf2# .* Entered 0-1 \(mate\)\.\n`,
			`\$ arbiter round result \d+ \+-\nEntered round 5 board \d+: [^\n]+ – [^\n]+ \+- \(forfeit\)\.\n`,
			`\$ arbiter roster import \S+roster\.csv\nRead 30 players from roster\.csv into the club roster: 30 new, 0 updated, 0 unchanged\.\n`,
			`\$ arbiter player add "Theo Moreau"\nEntered \d+ Moreau, Théo \(1903\) in Labyrinth 12 May 2026 \(club player id:\d+\)\.\n`,
			`\$ arbiter player add "Ionescu, Ștefan"\nEntered 25 Ionescu, Ștefan \(1250\) .*a late entry joining from round 2\)\.\n`,
			`\$ arbiter player bye "Greco, Martina" --round 6\n.* half-point bye worth 0\.5\.\n`,
			`\$ arbiter player withdraw "Marino, Salvatore"\n.* from round 5 on\.\n`,
			`\$ arbiter round pair\nInitial colour by lot: \w+\nPaired round 1 of Labyrinth 12 May 2026: 12 boards\.\nRound 1 of 7, Labyrinth 12 May 2026\nBoard  White .*\n +1  1 Ferretti, Niccolò \(2104\) .*\n`,
			`\$ arbiter standings\n`,
		} {
			if !regexp.MustCompile(re).MatchString(first.stderr) {
				t.Errorf("the transcript lacks %q", re)
			}
		}
		if t.Failed() {
			t.Logf("the transcript:\n%s", first.stderr)
		}
		if n := strings.Count(first.stderr, "\n$ arbiter "); n > 80 {
			t.Errorf("the transcript shows %d commands, want it short", n)
		}
	})

	t.Run("database", func(t *testing.T) {
		ctx := context.Background()
		db, err := store.Open(ctx, filepath.Join(first.dir, "labyrinth.db"))
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		// The evening, then the two earlier evenings of the season,
		// typed in after it; the evening stays the current tournament.
		list, err := db.Tournaments(ctx)
		if err != nil || len(list) != 3 {
			t.Fatalf("tournaments = %v, %v; want the evening and the two before it", list, err)
		}
		slices.Reverse(list) // oldest first
		if !list[0].Current || list[0].Tournament.Date != "2026-05-12" || list[1].Tournament.Date != "2026-04-28" || list[2].Tournament.Date != "2026-05-05" {
			t.Errorf("tournaments = %+v, want 12 May (current), 28 April, 5 May", list)
		}
		seasons, err := db.Seasons(ctx)
		if err != nil || len(seasons) != 1 || len(seasons[0].Evenings) != 3 || seasons[0].Evenings[2] != list[0].ID {
			t.Errorf("seasons = %+v, %v; want Spring 2026 with the three evenings, 12 May last", seasons, err)
		}
		for _, ti := range list[1:] {
			if ti.Players < 14 || ti.Paired != 7 {
				t.Errorf("%s: %d players, %d rounds, want at least 14 and 7", ti.Tournament.Name, ti.Players, ti.Paired)
			}
		}
		s, err := db.Snapshot(ctx, list[0].ID)
		if err != nil {
			t.Fatal(err)
		}
		roster, err := db.Roster(ctx)
		if err != nil || len(roster) != 30 {
			t.Errorf("roster has %d players (%v), want the club's 30", len(roster), err)
		}
		late, withdrawn, forfeits := 0, 0, 0
		for _, e := range s.Entries {
			if e.JoinedRound == 2 {
				late++
			}
			if e.Status == arbiter.Withdrawn && e.WithdrawnFrom == 5 {
				withdrawn++
			}
		}
		for _, r := range s.Rounds {
			if !r.Complete() {
				t.Errorf("round %d is not complete", r.Number)
			}
			for _, b := range r.Boards {
				if b.Result.Forfeit() {
					forfeits++
				}
			}
		}
		if len(s.Entries) != 26 || late != 2 || withdrawn != 1 || forfeits != 1 || len(s.Rounds) != 7 {
			t.Errorf("%d entries, %d late, %d withdrawn, %d forfeits, %d rounds; want 26, 2, 1, 1, 7",
				len(s.Entries), late, withdrawn, forfeits, len(s.Rounds))
		}
		if len(s.Requests) != 1 || s.Requests[0].Round != 6 || s.Requests[0].Kind != arbiter.HalfBye {
			t.Errorf("requested byes = %+v, want one half-point bye in round 6", s.Requests)
		}
		games, err := db.Games(ctx, list[0].ID, 0, 0)
		if err != nil || len(games) != 5 {
			t.Errorf("%d games stored (%v), want 5", len(games), err)
		}
		evs, err := db.Events(ctx, 0)
		if err != nil {
			t.Fatal(err)
		}
		from := time.Date(2026, 5, 12, 18, 40, 0, 0, time.UTC)
		for _, e := range evs {
			if e.Who != "demo" || e.At.Before(from) || e.At.After(from.Add(5*time.Hour)) {
				t.Errorf("event %s %q by %s at %s, want the demo's evening, 20:40 to 01:40", e.Action, e.Subject, e.Who, e.At)
				break
			}
		}
	})

	t.Run("same seed", func(t *testing.T) {
		if first.stdout != second.stdout {
			t.Errorf("the same seed gave other standings:\n%s", diffLines(first.stdout, second.stdout))
		}
		for _, name := range []string{"labyrinth.trf", "labyrinth.pgn", "standings.pdf", "round-4-pairings.pdf"} {
			a, _ := os.ReadFile(filepath.Join(first.dir, name))
			b, _ := os.ReadFile(filepath.Join(second.dir, name))
			if !bytes.Equal(a, b) {
				t.Errorf("%s differs between two runs with the same seed", name)
			}
		}
		dump := func(dir string) string {
			c := &cli{t: t, db: filepath.Join(dir, "labyrinth.db")}
			return c.dump()
		}
		if a, b := dump(first.dir), dump(second.dir); a != b {
			t.Errorf("the databases differ:\n%s", diffLines(a, b))
		}
		sheets := func(dir string) string {
			f, err := excelize.OpenFile(filepath.Join(dir, "labyrinth.xlsx"))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			var b strings.Builder
			for _, sh := range f.GetSheetList() {
				rows, _ := f.GetRows(sh)
				b.WriteString(sh + "\n")
				for _, r := range rows {
					b.WriteString(strings.Join(r, "|") + "\n")
				}
			}
			return b.String()
		}
		if a, b := sheets(first.dir), sheets(second.dir); a != b {
			t.Errorf("the workbooks differ:\n%s", diffLines(a, b))
		}
	})

	t.Run("other seed", func(t *testing.T) {
		if other.stdout == first.stdout {
			t.Errorf("seed 3 gave the standings of seed 2")
		}
	})

	// The README's club rating of the demo's three spring evenings: the
	// block under "The club rating" is what roster ratings prints on the
	// demo's database. Read from the default play rather than a demo of
	// its own, which would play the same evening again.
	t.Run("club rating in the README", func(t *testing.T) {
		c := newCLI(t)
		c.db = filepath.Join(first.dir, "labyrinth.db")
		got := c.ok("roster", "ratings")
		readme, err := os.ReadFile(readmeFile)
		if err != nil {
			t.Fatal(err)
		}
		_, after, ok := strings.Cut(string(readme), "$ arbiter roster ratings --db arbiter-demo/labyrinth.db\n")
		block, _, ok2 := strings.Cut(after, "```")
		if !ok || !ok2 {
			t.Fatalf("%s has no roster ratings block of the demo", readmeFile)
		}
		if block != got {
			t.Errorf("README's club rating block =\n%s\nroster ratings prints\n%s", block, got)
		}
	})
}

// TestDemoRefusals checks the folder and flags the demo refuses, before
// writing anything.
func TestDemoRefusals(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := writeFile(t, filepath.Join(dir, "evening"), "a file")
	tests := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"dir is a file", []string{"demo", "--dir", file}, 1, "arbiter: --dir " + file + " is a file: give a folder"},
		{"db", []string{"demo", "--db", filepath.Join(dir, "x.db")}, 2, "arbiter: the demo makes its own database in --dir"},
		{"empty dir", []string{"demo", "--dir", ""}, 1, "arbiter: --dir is empty: give a folder"},
		{"argument", []string{"demo", "now"}, 2, "arbiter: unknown command"},
		{"seed", []string{"demo", "--seed", "two"}, 2, `arbiter: --seed "two": give a whole number, e.g. --seed 42`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := runDemoCmd(t, filepath.Join(dir, "elsewhere.db"), tt.args...)
			if p.code != tt.code || !strings.HasPrefix(p.stderr, tt.want) || p.stdout != "" {
				t.Errorf("exit %d, stderr %q; want %d, %q", p.code, p.stderr, tt.code, tt.want)
			}
			entries, _ := os.ReadDir(dir)
			if len(entries) != 1 {
				t.Errorf("the folder holds %d entries, want only the file", len(entries))
			}
		})
	}
}

// lastLine returns the last line of s.
func lastLine(s string) string {
	s = strings.TrimRight(s, "\n")
	return s[strings.LastIndex(s, "\n")+1:]
}

// diffLines shows the first lines where a and b differ.
func diffLines(a, b string) string {
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	var out []string
	for i := 0; i < max(len(la), len(lb)) && len(out) < 20; i++ {
		x, y := "", ""
		if i < len(la) {
			x = la[i]
		}
		if i < len(lb) {
			y = lb[i]
		}
		if x != y {
			out = append(out, "- "+x, "+ "+y)
		}
	}
	return strings.Join(out, "\n")
}
