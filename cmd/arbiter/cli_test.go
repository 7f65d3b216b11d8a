package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
)

// cli runs arbiter commands against one database file, as a user would.
type cli struct {
	t   *testing.T
	db  string
	env map[string]string
}

func newCLI(t *testing.T) *cli {
	t.Helper()
	return &cli{t: t, db: filepath.Join(t.TempDir(), "club.db"), env: map[string]string{"ARBITER_USER": "arbiter-test"}}
}

// run runs one command line and returns its output and exit code.
func (c *cli) run(args ...string) (stdout, stderr string, code int) {
	c.t.Helper()
	return c.runIn("", args...)
}

func (c *cli) runIn(stdin string, args ...string) (stdout, stderr string, code int) {
	c.t.Helper()
	var out, errb bytes.Buffer
	env := map[string]string{"ARBITER_DB": c.db}
	for k, v := range c.env {
		env[k] = v
	}
	code = run(context.Background(), args, strings.NewReader(stdin), &out, &errb, func(k string) string { return env[k] })
	return out.String(), errb.String(), code
}

// ok runs a command that must succeed and returns its standard output.
func (c *cli) ok(args ...string) string {
	c.t.Helper()
	out, errs, code := c.run(args...)
	if code != 0 {
		c.t.Fatalf("arbiter %s: exit %d\n%s", strings.Join(args, " "), code, errs)
	}
	return out
}

// dump returns every table's rows, to compare before and after a refused
// command.
func (c *cli) dump() string {
	c.t.Helper()
	db, err := sql.Open("sqlite", c.db)
	if err != nil {
		c.t.Fatal(err)
	}
	defer db.Close()
	rows, err := db.Query(`SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name`)
	if err != nil {
		c.t.Fatal(err)
	}
	var tables []string
	for rows.Next() {
		var n string
		rows.Scan(&n)
		tables = append(tables, n)
	}
	rows.Close()
	var b strings.Builder
	for _, name := range tables {
		fmt.Fprintf(&b, "== %s\n", name)
		rs, err := db.Query(`SELECT * FROM "` + name + `" ORDER BY rowid`)
		if err != nil {
			c.t.Fatal(err)
		}
		cols, _ := rs.Columns()
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		for rs.Next() {
			rs.Scan(ptrs...)
			fmt.Fprintln(&b, vals...)
		}
		rs.Close()
	}
	return b.String()
}

// setup makes a tournament of 6 players with round 1 paired and one
// result in: board 1 1-0, board 2 and 3 open. The commands run once per
// run of the tests (sharedDatabase); each test gets a copy of the file.
func setup(t *testing.T) *cli {
	t.Helper()
	c := newCLI(t)
	copyDatabase(t, sharedDatabase(t, "setup", func(c *cli) {
		c.ok("tournament", "new", "Labyrinth 12 May", "--preset", "labyrinth", "--first-colour", "white")
		for _, p := range []struct{ name, rating string }{
			{"Neri, Paolo", "2000"}, {"Bianchi, Anna", "1900"}, {"Rossi, Mario", "1800"},
			{"Verdi, Ugo", "1700"}, {"Conti, Sara", "1600"}, {"Gallo, Piero", "1500"},
		} {
			c.ok("player", "add", p.name, "--rating", p.rating)
		}
		c.ok("round", "pair", "--manual", "1-4, 5-2, 3-6")
		c.ok("round", "result", "1", "1-0")
	}), c.db)
	return c
}

// sharedDatabase runs build on a new database the first time a test
// asks for name, in a folder that TestMain removes, and returns the
// database's path. Tests read it only through copyDatabase: a set-up that
// several tests share is played once per run of the tests.
func sharedDatabase(t *testing.T, name string, build func(c *cli)) string {
	t.Helper()
	v, _ := sharedDatabases.LoadOrStore(name, &sharedDB{})
	s := v.(*sharedDB)
	s.once.Do(func() {
		dir, err := os.MkdirTemp("", "arbiter-"+name+"-")
		if err != nil {
			t.Fatal(err)
		}
		s.dir = dir
		build(&cli{t: t, db: filepath.Join(dir, "club.db"), env: map[string]string{"ARBITER_USER": "arbiter-test"}})
		s.made = true
	})
	if !s.made {
		t.Fatalf("the shared database %q was not made: see the first test that asked for it", name)
	}
	return filepath.Join(s.dir, "club.db")
}

// sharedDatabases holds a *sharedDB for each name sharedDatabase was
// given.
var sharedDatabases sync.Map

type sharedDB struct {
	once sync.Once
	dir  string
	made bool
}

// TestBadInput checks that every refused command prints one line saying
// what to type instead, exits 1 and leaves the database as it was.
func TestBadInput(t *testing.T) {
	t.Parallel()
	c := setup(t)
	tests := []struct {
		name string
		args []string
		want []string // substrings of the message
	}{
		{"duplicate registration", []string{"player", "add", "Mario Rossi"}, []string{"already entered", "as player 3", "add --new"}},
		{"likely duplicate", []string{"player", "add", "Rosi, Mario"}, []string{"looks like club player id:3 Rossi, Mario (1800)", "type arbiter player add id:3", "--new"}},
		{"unknown player name", []string{"player", "withdraw", "Kasparov"}, []string{`no player called "Kasparov"`, "player list"}},
		{"unknown pairing number", []string{"player", "bye", "17", "--round", "3"}, []string{"no player 17", "1 to 6"}},
		{"ambiguous name", []string{"player", "edit", "o", "--rating", "1800"}, []string{"could be", "pairing number"}},
		{"bye in a paired round", []string{"player", "bye", "2", "--round", "1"}, []string{"round 1 is already paired", "forfeit"}},
		{"board that does not exist", []string{"round", "result", "9", "1-0"}, []string{"no board 9", "boards are 1 to 3", "round show 1"}},
		{"board that is not a number", []string{"round", "result", "b2", "1-0"}, []string{`board "b2"`, "board number"}},
		{"result typo", []string{"round", "result", "2", "1-O"}, []string{`unknown result "1-O"`, "1-0, 0-1, 1/2"}},
		{"round not paired yet", []string{"round", "result", "2", "1-0", "--round", "2"}, []string{"round 2 is not paired yet", "--round"}},
		{"result already entered", []string{"round", "result", "1", "0-1"}, []string{"already has 1-0", "add --correct"}},
		{"unknown reason", []string{"round", "result", "2", "1-0", "--reason", "tired"}, []string{`unknown reason "tired"`, "resign"}},
		{"show a round not paired", []string{"round", "show", "4"}, []string{"round 4 is not paired yet", "from 1 to 1"}},
		{"pair before results are in", []string{"round", "pair", "--manual", "1-2, 3-4, 5-6"}, []string{"round 1 still has no result on boards 2, 3", "round result BOARD RESULT --round 1"}},
		{"unpair with a result", []string{"round", "unpair"}, []string{"already has results on board 1 (1-0)", "--correct"}},
		{"unknown tournament", []string{"tournament", "use", "Autumn"}, []string{`no tournament "Autumn"`, "tournament list"}},
		{"unknown --tournament", []string{"player", "list", "--tournament", "Autumn"}, []string{`no tournament "Autumn"`}},
		{"tournament name taken", []string{"tournament", "new", "labyrinth 12 may"}, []string{"already exists", "choose another name"}},
		{"bad bye value", []string{"tournament", "set", "--bye-value", "2"}, []string{"--bye-value 2", "type 1 or 0.5 or 0"}},
		{"bad date", []string{"tournament", "new", "X", "--date", "12/05/2026"}, []string{"YYYY-MM-DD"}},
		{"bad rating", []string{"player", "edit", "3", "--rating", "-5"}, []string{"--rating -5", "0 (unrated) to 3500"}},
		{"withdraw from a paired round", []string{"player", "withdraw", "3", "--from-round", "1"}, []string{"round 1 is already paired", "type --from-round 2"}},
		{"import a missing file", []string{"player", "import", "nowhere.csv"}, []string{"cannot read nowhere.csv"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := c.dump()
			out, errs, code := c.run(tt.args...)
			if code != 1 {
				t.Errorf("exit code = %d, want 1 (stderr %q)", code, errs)
			}
			if out != "" {
				t.Errorf("stdout = %q, want nothing", out)
			}
			if strings.Count(errs, "\n") != 1 || !strings.HasPrefix(errs, "arbiter: ") {
				t.Errorf("stderr = %q, want one line starting with arbiter:", errs)
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

// TestPairWarnings checks that a pairing breaking a C.04.1 rule is kept
// only with --force, and that the warnings are logged.
func TestPairWarnings(t *testing.T) {
	t.Parallel()
	c := setup(t)
	c.ok("round", "result", "2", "0-1")
	c.ok("round", "result", "3", "1/2")
	before := c.dump()
	_, errs, code := c.run("round", "pair", "--manual", "1-4, 2-5, 3-6")
	if code != 1 {
		t.Fatalf("rematches: exit %d, want 1", code)
	}
	lines := strings.Split(strings.TrimSpace(errs), "\n")
	if len(lines) != 4 {
		t.Fatalf("stderr has %d lines, want 3 warnings and the error:\n%s", len(lines), errs)
	}
	for _, l := range lines[:3] {
		if !strings.HasPrefix(l, "warning: rematch") || !strings.HasSuffix(l, "(C.04.1 art. 2)") {
			t.Errorf("warning %q, want a rematch naming C.04.1 art. 2", l)
		}
	}
	if want := "arbiter: round 2 not paired: 3 warnings; change the pairing, or add --force to keep it"; lines[3] != want {
		t.Errorf("last line = %q, want %q", lines[3], want)
	}
	if c.dump() != before {
		t.Error("refused pairing changed the database")
	}
	c.ok("round", "pair", "--manual", "1-4, 2-5, 3-6", "--force")
	log := c.ok("log", "--json")
	if n := strings.Count(log, "kept despite a warning"); n != 3 {
		t.Errorf("log holds %d kept warnings, want 3:\n%s", n, log)
	}
}

// TestAbsences follows players who leave, skip a round or arrive late:
// the next pairing leaves them out by itself, and they score what the
// tournament's settings say.
func TestAbsences(t *testing.T) {
	t.Parallel()
	c := setup(t)
	c.ok("round", "result", "2", "0-1")
	c.ok("round", "result", "3", "1/2")
	c.ok("tournament", "set", "--late-value", "0.5")
	c.ok("player", "withdraw", "Gallo")
	c.ok("player", "bye", "5", "--zero")
	c.ok("player", "bye", "4", "--round", "3")
	var added playerJSON
	if err := json.Unmarshal([]byte(c.ok("player", "add", "Late, Comer", "--rating", "2200", "--json")), &added); err != nil {
		t.Fatal(err)
	}
	if added.PairingNumber != 7 || added.JoinedRound != 2 {
		t.Errorf("late entry = number %d from round %d, want 7 from round 2", added.PairingNumber, added.JoinedRound)
	}
	_, errs, code := c.run("player", "bye", "7", "--round", "1")
	if code != 1 || !strings.Contains(errs, "round 1 is already paired") {
		t.Errorf("bye for a past round: exit %d, %q", code, errs)
	}
	// 5 and 6 are left out without being named.
	c.ok("round", "pair", "--manual", "1-3, 2-4, 7 bye")
	var r roundJSON
	json.Unmarshal([]byte(c.ok("round", "show", "--json")), &r)
	var got []string
	for _, b := range r.Boards {
		got = append(got, fmt.Sprintf("%d %s", b.White, b.Bye))
	}
	if want := []string{"1 ", "2 ", "5 Z", "6 U", "7 PAB"}; !reflect.DeepEqual(got, want) {
		t.Errorf("round 2 = %q, want %q", got, want)
	}
	var ps []playerJSON
	json.Unmarshal([]byte(c.ok("player", "list", "--json")), &ps)
	status := map[int]string{}
	for _, p := range ps {
		status[p.PairingNumber] = fmt.Sprintf("%s %d %d %v", p.Status, p.WithdrawnFrom, p.JoinedRound, p.Byes)
	}
	for pn, want := range map[int]string{4: "active 0 1 [{3 H}]", 5: "active 0 1 [{2 Z}]", 6: "withdrawn 2 1 []", 7: "active 0 2 []"} {
		if status[pn] != want {
			t.Errorf("player %d = %q, want %q", pn, status[pn], want)
		}
	}
	c.ok("round", "result", "1", "1-0")
	c.ok("round", "result", "2", "1/2")
	var st []standingJSON
	json.Unmarshal([]byte(c.ok("standings", "--json")), &st)
	points := map[int]float64{}
	for _, s := range st {
		points[s.PairingNumber] = s.Points
	}
	// 1: 1 + 1; 7: ½ for round 1 missed (late value) + the PAB; 5: 0 + 0
	// (Z); 6: ½ + nothing after withdrawing.
	for pn, want := range map[int]float64{1: 2, 2: 1.5, 7: 1.5, 5: 0, 6: 0.5} {
		if points[pn] != want {
			t.Errorf("player %d has %v points, want %v", pn, points[pn], want)
		}
	}
	// Round 3: 4 asked for a half-point bye, so pairing 4 is refused.
	_, errs, code = c.run("round", "pair", "--manual", "1-4, 2-3, 7 bye")
	if code != 1 || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "asked for a bye (H) in round 3; leave the player out") {
		t.Errorf("pairing a player on a bye: exit %d, %q", code, errs)
	}
}

// TestResultSpellings checks that results starting with a dash reach the
// command although the flag parser sees them first.
func TestResultSpellings(t *testing.T) {
	t.Parallel()
	c := setup(t)
	c.ok("round", "result", "2", "-+")
	c.ok("round", "result", "3", "--")
	_, errs, code := c.run("round", "result", "1", "--")
	if code != 1 || !strings.Contains(errs, "already has 1-0") {
		t.Errorf("-- after a board with a result, without --correct: exit %d, %q", code, errs)
	}
	c.ok("round", "result", "--correct", "1", "--")
	var r roundJSON
	if err := json.Unmarshal([]byte(c.ok("round", "show", "--json")), &r); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, b := range r.Boards {
		got = append(got, b.Result+" "+b.Reason)
	}
	if want := []string{"-- forfeit", "-+ forfeit", "-- forfeit"}; !reflect.DeepEqual(got, want) {
		t.Errorf("results = %q, want %q", got, want)
	}
	if _, errs, code := c.run("round", "result", "2"); code != 2 || !strings.Contains(errs, "give a board and a result") {
		t.Errorf("a board without a result: exit %d, %q; want a usage error", code, errs)
	}
}

func TestNoDatabase(t *testing.T) {
	t.Parallel()
	c := newCLI(t)
	_, errs, code := c.run("player", "list")
	if code != 1 || !strings.Contains(errs, "no database at") || !strings.Contains(errs, "tournament new") {
		t.Errorf("player list without a database: exit %d, %q", code, errs)
	}
	_, errs, code = c.run("round", "pair")
	if code != 1 || !strings.Contains(errs, "no database") {
		t.Errorf("round pair without a database: exit %d, %q", code, errs)
	}
	c.ok("tournament", "new", "First")
	// --db wins over $ARBITER_DB.
	other := filepath.Join(t.TempDir(), "other.db")
	c.ok("--db", other, "tournament", "new", "Second")
	if out := c.ok("tournament", "list"); strings.Contains(out, "Second") || !strings.Contains(out, "First") {
		t.Errorf("ARBITER_DB list = %q, want First only", out)
	}
}

func TestCompletion(t *testing.T) {
	t.Parallel()
	c := setup(t)
	c.ok("tournament", "new", "Labyrinth 19 May")
	c.ok("tournament", "use", "Labyrinth 12 May")
	tests := []struct {
		name string
		args []string
		want []string // completions, with descriptions after a tab
	}{
		{"tournament names", []string{"tournament", "use", "lab"}, []string{"Labyrinth 19 May\t0 players, 0 of 7 rounds paired", "Labyrinth 12 May\t6 players, 1 of 7 rounds paired"}},
		{"players by number", []string{"player", "withdraw", ""}, []string{"1\tNeri, Paolo", "2\tBianchi, Anna", "3\tRossi, Mario", "4\tVerdi, Ugo", "5\tConti, Sara", "6\tGallo, Piero"}},
		{"players by name", []string{"player", "bye", "ro"}, []string{"Rossi, Mario\tplayer 3"}},
		{"boards, open first", []string{"round", "result", ""}, []string{"2\tConti, Sara - Bianchi, Anna", "3\tRossi, Mario - Gallo, Piero", "1\tNeri, Paolo - Verdi, Ugo 1-0"}},
		{"result codes", []string{"round", "result", "2", ""}, []string{"1-0\tWhite won", "0-1\tBlack won", "1/2\tdraw", "+-\tWhite wins by forfeit", "-+\tBlack wins by forfeit", "--\tneither player came"}},
		{"boards of a round", []string{"game", "show", "--round", "1", ""}, []string{"1\tNeri, Paolo - Verdi, Ugo", "2\tConti, Sara - Bianchi, Anna", "3\tRossi, Mario - Gallo, Piero"}},
		{"rounds", []string{"round", "show", ""}, []string{"1\t3 boards"}},
		{"rounds of --round", []string{"standings", "--round", ""}, []string{"1\t3 boards"}},
		{"--tournament", []string{"standings", "--tournament", "lab"}, []string{"Labyrinth 19 May\t0 players, 0 of 7 rounds paired", "Labyrinth 12 May\t6 players, 1 of 7 rounds paired"}},
		{"players of --explain", []string{"standings", "--explain", "ro"}, []string{"Rossi, Mario\tplayer 3"}},
		{"players of the --tournament given", []string{"--tournament", "Labyrinth 19 May", "player", "withdraw", ""}, nil},
		{"reasons", []string{"round", "result", "2", "1-0", "--reason", ""}, []string{"time", "resign", "agreement", "mate", "stalemate", "claim", "forfeit", "arbiter", "dead", "fivefold", "seventy-five"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := c.ok(append([]string{"__complete"}, tt.args...)...)
			lines := strings.Split(strings.TrimSpace(out), "\n")
			got := lines[:len(lines)-1] // the last line is the directive
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("completions =\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

func TestParseManual(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want string
		err  string
	}{
		{"1-7, 3-2, 5 bye", "1-7, 3-2, 5 bye", ""},
		{"1 - 7; 3–2\n# late arrivals\n5 PAB, 4 h, 6 Z, 8 full", "1-7, 3-2, 5 bye, 4 H, 6 Z, 8 F", ""},
		{"1-x", "", `line 1, item 1 "1-x": bad pairing: type a board as two pairing numbers`},
		{"1-2, 3-3", "", `item 2 "3-3": bad pairing: a player cannot be paired against the same player`},
		{"1-2\n5 resting", "", `line 2, item 1 "5 resting": bad pairing: unknown bye "resting"`},
		{"1-2 3-4", "", `item 1 "1-2 3-4"`},
		{" # nothing", "", "empty pairing"},
	}
	for _, tt := range tests {
		boards, byes, err := parseManual(tt.in)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("parseManual(%q) error = %v, want %q", tt.in, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("parseManual(%q): %v", tt.in, err)
			continue
		}
		if got := formatManual(boards, byes); got != tt.want {
			t.Errorf("parseManual(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// FuzzParseManual checks that a pairing read, written back and read again
// is the same pairing.
func FuzzParseManual(f *testing.F) {
	for _, s := range []string{"1-7, 3-2, 5 bye", "1 - 7; 3–2\n5 PAB # late", "4 H, 6 Z, 8 full", "12-1\n\n2-11"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b1, y1, err := parseManual(s)
		if err != nil {
			return
		}
		text := formatManual(b1, y1)
		b2, y2, err := parseManual(text)
		if err != nil {
			t.Fatalf("reading back %q: %v", text, err)
		}
		if formatManual(b2, y2) != text {
			t.Fatalf("%q read back as %q", text, formatManual(b2, y2))
		}
	})
}
