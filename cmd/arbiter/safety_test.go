package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/labyrinth-chess/arbiter/season"
	"github.com/labyrinth-chess/arbiter/store"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// The reproductions of issue 25: arbiter check never calls a sound
// database damaged, backups always work, and the last bad-input defects.

// TestCheckAfterUndo is item 1 as the issue typed it: one undo made check
// call a sound database damaged and every backup was refused from then
// on; and the same after player return, round swap, round edit and the
// undo of a correction, a pairing, a withdrawal or a removal.
func TestCheckAfterUndo(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		cmds [][]string
	}{
		{"undo a result", [][]string{{"round", "result", "1", "1-0"}, {"undo", "--yes"}}},
		{"undo a correction", [][]string{{"round", "result", "1", "1-0"}, {"round", "result", "1", "0-1", "--correct"}, {"undo", "--yes"}}},
		{"undo a pairing", [][]string{{"round", "result", "1", "1-0"}, {"round", "result", "2", "1/2"}, {"round", "pair"}, {"undo", "--yes"}}},
		{"undo a withdrawal", [][]string{{"player", "withdraw", "2"}, {"undo", "--yes"}}},
		{"undo a removal", [][]string{{"player", "add", "Late, Comer", "--new"}, {"player", "remove", "5"}, {"undo", "--yes"}}},
		{"player return", [][]string{{"player", "withdraw", "1", "--from-round", "2"}, {"round", "result", "1", "1-0"}, {"round", "result", "2", "0-1"},
			{"round", "pair"}, {"player", "return", "1", "--from-round", "3"}}},
		{"round swap", [][]string{{"round", "swap", "1", "2", "--force"}}},
		{"round edit", [][]string{{"round", "edit", "1", "4", "1", "--force"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			c := newCLI(t)
			c.ok("tournament", "new", "T", "--rounds", "3")
			for _, p := range []string{"Alfa, Anna", "Bravo, Bruno", "Conti, Carla", "Delta, Dario"} {
				c.ok("player", "add", p, "--new")
			}
			c.ok("round", "pair")
			for _, cmd := range tt.cmds {
				c.ok(cmd...)
			}
			if _, stderr, code := c.run("check"); code != 0 || strings.Contains(stderr, "damaged") {
				t.Fatalf("check after %v: exit %d, %s", tt.cmds, code, stderr)
			}
			c.ok("backup", filepath.Join(t.TempDir(), "b.db"))
		})
	}
}

// cutCtx is a context cancelled at its n-th look (Done or Err), as
// Ctrl-C at that step of a command.
type cutCtx struct {
	context.Context
	cancel context.CancelFunc
	mu     sync.Mutex
	left   int
}

func cutAfter(n int) *cutCtx {
	ctx, cancel := context.WithCancel(context.Background())
	return &cutCtx{Context: ctx, cancel: cancel, left: n}
}

func (c *cutCtx) look() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.left--; c.left == 0 {
		c.cancel()
	}
}

func (c *cutCtx) Done() <-chan struct{} { c.look(); return c.Context.Done() }
func (c *cutCtx) Err() error            { c.look(); return c.Context.Err() }

// TestCheckInterrupted is item 2: Ctrl-C during check, or during the
// check of a backup's copy, says "interrupted" and exits 130; it never
// says damaged nor advises a backup. (store's TestVerifyInterrupted cuts
// at every step; here the steps grow by half each time.)
func TestCheckInterrupted(t *testing.T) {
	t.Parallel()
	c := setup(t)
	c.ok("undo", "--yes")
	dir := t.TempDir()
	for _, args := range [][]string{{"check"}, {"backup", filepath.Join(dir, "b.db"), "--force"}} {
		cut := 0
		for n := 1; ; n += 1 + n/2 {
			if n > 1000000 {
				t.Fatalf("%s never finished", args[0])
			}
			ctx := cutAfter(n)
			var out, errb bytes.Buffer
			env := map[string]string{"ARBITER_DB": c.db}
			code := run(ctx, args, strings.NewReader(""), &out, &errb, func(k string) string { return env[k] })
			if ctx.Context.Err() == nil {
				if code != 0 {
					t.Fatalf("%s: exit %d, %s", args[0], code, errb.String())
				}
				break
			}
			if code == 0 {
				continue // cut after its last step
			}
			cut++
			if code != exitInterrupted || errb.String() != "arbiter: interrupted\n" {
				t.Fatalf("%s cut at step %d: exit %d, %q; want exit %d, \"arbiter: interrupted\"", args[0], n, code, errb.String(), exitInterrupted)
			}
		}
		if cut < 5 {
			t.Errorf("%s was cut only %d times", args[0], cut)
		}
	}
}

// TestSwapAfterReturn is item 3: withdraw player 1, pair round 2, bring
// player 1 back from round 3; a swap of two other players in round 2
// keeps player 1's absence in that round, and the database stays sound.
func TestSwapAfterReturn(t *testing.T) {
	t.Parallel()
	c := newCLI(t)
	c.ok("tournament", "new", "T", "--rounds", "4")
	for _, p := range []string{"Alfa, Anna", "Bravo, Bruno", "Conti, Carla", "Delta, Dario", "Eco, Elsa"} {
		c.ok("player", "add", p, "--new")
	}
	c.ok("round", "pair", "--manual", "1-2, 3-4, 5 bye")
	c.ok("round", "result", "1", "1-0")
	c.ok("round", "result", "2", "0-1")
	c.ok("player", "withdraw", "1")
	c.ok("round", "pair", "--manual", "2-3, 4-5")
	c.ok("player", "return", "1", "--from-round", "3")
	c.ok("round", "swap", "2", "4", "--force")
	got := roundText(t, c, "2")
	// Player 1 keeps the absence the return made of round 2.
	if want := "4-3, 2-5, 1 Z"; got != want {
		t.Errorf("round 2 after the swap: %s, want %s", got, want)
	}
	if _, stderr, code := c.run("check"); code != 0 {
		t.Fatalf("check: exit %d, %s", code, stderr)
	}
}

// TestDuplicateWithTwoTypos is item 4: "Ferreti, Nicolò" typed beside
// club player "Ferretti, Niccolò" is asked about before it enters; once
// entered as someone new anyway, given round 1's bye and found out, the
// player is removed with round 1 paired again, in one command that one
// undo takes back, the database sound at each step.
func TestDuplicateWithTwoTypos(t *testing.T) {
	t.Parallel()
	c := newCLI(t)
	club := filepath.Join(t.TempDir(), "club.csv")
	if err := os.WriteFile(club, []byte("name,rating\n\"Ferretti, Niccolò\",2104\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// White for player 1 in round 1, not drawn by lot (C.04.3 5.1): the
	// test names the boards.
	c.ok("tournament", "new", "T", "--rounds", "3", "--first-colour", "white")
	c.ok("roster", "import", club)
	for _, p := range []string{"Alfa, Anna", "Bravo, Bruno", "Conti, Carla"} {
		c.ok("player", "add", p, "--new")
	}
	c.ok("player", "add", "Ferretti, Niccolò")
	_, stderr, code := c.run("player", "add", "Ferreti, Nicolò")
	if code != 1 || !strings.Contains(stderr, `"Ferreti, Nicolò" looks like club player id:1 Ferretti, Niccolò (2104)`) || !strings.Contains(stderr, "add --new") {
		t.Fatalf("player add of a near duplicate: exit %d, %s; want a question naming id:1 and --new", code, stderr)
	}
	c.ok("player", "add", "Ferreti, Nicolò", "--new") // the organizer insists
	c.ok("round", "pair")
	if got := roundText(t, c, "1"); got != "1-3, 4-2, 5 PAB" {
		t.Fatalf("round 1: %s; want the duplicate, 5, with the bye", got)
	}
	_, stderr, code = c.run("player", "remove", "5")
	if code != 1 || !strings.Contains(stderr, "arbiter player remove 5 --pair-again") || strings.Contains(stderr, "withdraw") {
		t.Fatalf("player remove of the bye's player: exit %d, %s; want the --pair-again advice", code, stderr)
	}
	before := content(t, c.db)
	stderr = c.okErr("player", "remove", "5", "--pair-again")
	if !strings.Contains(stderr, "Paired round 1 again: 2 boards.") || !strings.Contains(stderr, "arbiter roster remove id:5") {
		t.Errorf("player remove --pair-again said %q", stderr)
	}
	if got := roundText(t, c, "1"); got != "1-3, 4-2" {
		t.Errorf("round 1 paired again: %s; want 1-3, 4-2 and no bye", got)
	}
	if _, stderr, code := c.run("check"); code != 0 {
		t.Fatalf("check after the removal: exit %d, %s", code, stderr)
	}
	c.ok("backup", filepath.Join(t.TempDir(), "b.db"))
	c.ok("undo", "--yes") // the whole command, at once
	if after := content(t, c.db); after != before {
		t.Errorf("undo left the database otherwise than before the removal:\n%s", diffLines(before, after))
	}
	if _, stderr, code := c.run("check"); code != 0 {
		t.Fatalf("check after the undo: exit %d, %s", code, stderr)
	}
	// A player who played is not removed: the advice is to withdraw.
	c.ok("round", "result", "1", "1-0")
	_, stderr, code = c.run("player", "remove", "1", "--pair-again")
	if code != 1 || !strings.Contains(stderr, "arbiter player withdraw 1") {
		t.Errorf("player remove --pair-again of a player who played: exit %d, %s", code, stderr)
	}
}

// content returns every row of the database at path but the log's, as
// undo compares states (store.DB.Content).
func content(t *testing.T, path string) string {
	t.Helper()
	db, err := store.OpenMode(context.Background(), path, store.ReadOnly, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	lines, err := db.Content(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return strings.Join(lines, "\n")
}

// roundText writes round n as arbiter round show --json gives it: "1-3,
// 4-2, 5 PAB".
func roundText(t *testing.T, c *cli, n string) string {
	t.Helper()
	var round struct {
		Boards []struct {
			White int    `json:"white"`
			Black *int   `json:"black"`
			Bye   string `json:"bye"`
		} `json:"boards"`
	}
	if err := json.Unmarshal([]byte(c.ok("round", "show", n, "--json")), &round); err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, b := range round.Boards {
		if b.Black != nil {
			out = append(out, fmt.Sprintf("%d-%d", b.White, *b.Black))
		} else {
			out = append(out, fmt.Sprintf("%d %s", b.White, b.Bye))
		}
	}
	return strings.Join(out, ", ")
}

// endless reads as /dev/zero does, for ever.
type endless struct{}

func (endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 0
	}
	return len(p), nil
}

// TestBoundedInput is item 5: a list read with --from (or a pairing with
// --file, a report with import trf) that never ends is refused at the
// limit, naming it, instead of filling the memory; a refusal quotes at
// most a short excerpt of what it read.
func TestBoundedInput(t *testing.T) {
	t.Parallel()
	c := setup(t)
	for _, args := range [][]string{
		{"round", "results", "--from", "-"},
		{"round", "pair", "--file", "-"},
		{"import", "trf", "-"},
	} {
		var out, errb bytes.Buffer
		env := map[string]string{"ARBITER_DB": c.db}
		code := run(context.Background(), args, endless{}, &out, &errb, func(k string) string { return env[k] })
		if code != 1 || !strings.Contains(errb.String(), "standard input is longer than ") || errb.Len() > 200 {
			t.Errorf("arbiter %s < /dev/zero: exit %d, %q; want exit 1 naming the limit", strings.Join(args, " "), code, errb.String())
		}
	}
	if _, err := os.Stat("/dev/zero"); err == nil {
		_, stderr, code := c.run("round", "results", "--from", "/dev/zero")
		if code != 1 || !strings.Contains(stderr, "/dev/zero is longer than 1.0 MB") {
			t.Errorf("round results --from /dev/zero: exit %d, %q", code, stderr)
		}
		_, stderr, code = c.run("trf", "check", "/dev/zero")
		if code != 1 || !strings.Contains(stderr, "/dev/zero is longer than 16.0 MB") {
			t.Errorf("trf check /dev/zero: exit %d, %q", code, stderr)
		}
	}
	// Within the limit, a line of 900 kB: the refusal quotes 40
	// characters of it.
	dir := t.TempDir()
	long := strings.Repeat("x", 900_000)
	for _, tt := range []struct {
		args    []string
		content string
		want    string
	}{
		{[]string{"round", "results", "--from"}, "2 " + long + "\n", `line 1: "2 xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"…: unknown result "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"…`},
		{[]string{"round", "results", "--from"}, long + " 1-0\n", `board "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"… is not a board number`},
		{[]string{"round", "pair", "--file"}, "1-4, 5-2, 3 " + long, `item 3 "3 xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"…`},
	} {
		name := filepath.Join(dir, "long.txt")
		if err := os.WriteFile(name, []byte(tt.content), 0o644); err != nil {
			t.Fatal(err)
		}
		_, stderr, code := c.run(append(tt.args, name)...)
		if code != 1 || !strings.Contains(stderr, tt.want) || len(stderr) > 400 {
			t.Errorf("arbiter %s with a long line: exit %d, %q (%d bytes); want exit 1 and %q", strings.Join(tt.args, " "), code, stderr[:min(len(stderr), 400)], len(stderr), tt.want)
		}
	}
}

// TestFlagErrorsInPlainWords is item 7: a flag the parser refuses is said
// in plain words naming the flag and what to type, exit 2, never the
// parser's own words (strconv.ParseInt, "unknown shorthand flag"). Every
// flag of every command that takes a number, a time or nothing is tried
// with a wrong value.
func TestFlagErrorsInPlainWords(t *testing.T) {
	t.Parallel()
	c := newCLI(t)
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"round", "results", "3 1-0", "--round", "abc"}, `arbiter: --round "abc": give a whole number, e.g. --round 2`},
		{[]string{"player", "remove", "-3"}, "arbiter: -3 is not a flag of arbiter player remove: a word starting with a minus is read as a flag, and players, boards and rounds are numbered from 1; type the number without the minus"},
		{[]string{"player", "list", "--jsn"}, "arbiter: --jsn is not a flag of arbiter player list: did you mean --json?; see arbiter player list --help"},
		{[]string{"round", "pair", "--file"}, "arbiter: --file needs a value after it, e.g. --file FILE"},
		// The number of arguments too, in words rather than "accepts 3
		// arg(s), received 2".
		{[]string{"round", "edit", "1", "4-1"}, "arbiter: arbiter round edit takes 3 arguments (arbiter round edit <board> <white> <black>), and 2 were given"},
		{[]string{"backup"}, "arbiter: arbiter backup takes 1 argument (arbiter backup <file>), and 0 were given"},
	} {
		_, stderr, code := c.run(tt.args...)
		first, _, _ := strings.Cut(stderr, "\n")
		if code != exitUsage || first != tt.want {
			t.Errorf("arbiter %s: exit %d, %q; want exit 2, %q", strings.Join(tt.args, " "), code, first, tt.want)
		}
	}
	c.env["ARBITER_LANG"] = "it"
	_, stderr, _ := c.run("round", "results", "3 1-0", "--round", "abc")
	if want := `arbiter: --round "abc": indica un numero intero, per esempio --round 2`; !strings.HasPrefix(stderr, want) {
		t.Errorf("in Italian: %q, want %q", stderr, want)
	}
	delete(c.env, "ARBITER_LANG")

	// Every flag of every command.
	var walk func(cmd *cobra.Command)
	tried := 0
	walk = func(cmd *cobra.Command) {
		for _, sub := range cmd.Commands() {
			walk(sub)
		}
		if !cmd.Runnable() {
			return
		}
		cmd.Flags().VisitAll(func(f *pflag.Flag) {
			var arg string
			switch f.Value.Type() {
			case "int", "int64", "float64", "duration":
				arg = "--" + f.Name + "=nine"
			case "bool":
				arg = "--" + f.Name + "=perhaps"
			default:
				return
			}
			args := append(strings.Fields(strings.TrimPrefix(cmd.CommandPath(), "arbiter ")), arg)
			_, stderr, code := c.run(args...)
			first, _, _ := strings.Cut(stderr, "\n")
			tried++
			if code != exitUsage || !strings.HasPrefix(first, "arbiter: --"+f.Name) || strings.Contains(stderr, "strconv") ||
				strings.Contains(stderr, "invalid argument") || strings.Contains(stderr, "time: ") {
				t.Errorf("arbiter %s: exit %d, %q; want exit 2 and plain words naming --%s", strings.Join(args, " "), code, first, f.Name)
			}
		})
	}
	walk(newRootCmd(&app{getenv: func(string) string { return "" }}))
	if tried < 50 {
		t.Errorf("tried %d flags, want every number and switch flag of every command", tried)
	}
}

// TestSeasonParticipationIsANumber is item 6: --participation inf was
// stored (the table showed +Inf and --json failed) and NaN failed with
// SQLite's own words; both, and any number out of 0 to 1000, are refused
// before anything is stored.
func TestSeasonParticipationIsANumber(t *testing.T) {
	t.Parallel()
	c := newCLI(t)
	c.ok("tournament", "new", "T")
	for _, v := range []string{"inf", "+Inf", "-inf", "NaN", "nan", "-1", "1001", "1e300"} {
		before := c.dump()
		_, stderr, code := c.run("season", "new", "S", "--participation", v)
		first, _, _ := strings.Cut(stderr, "\n")
		if code != exitUsage || !strings.HasPrefix(first, "arbiter: --participation ") || !strings.Contains(first, "a number from 0 to 1000") {
			t.Errorf("season new --participation %s: exit %d, %q; want exit 2 and the range", v, code, first)
		}
		if c.dump() != before {
			t.Errorf("season new --participation %s stored something", v)
		}
	}
	c.ok("season", "new", "S", "--participation", "1000")
	if out := c.ok("season", "show", "--json"); !strings.Contains(out, `"participation": 1000`) {
		t.Errorf("season show --json: %s", out)
	}
	// The store refuses it too, whatever the front end.
	db, err := store.OpenMode(context.Background(), c.db, store.ReadWrite, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, p := range []float64{math.Inf(1), math.NaN(), -0.5} {
		s := store.Season{Name: "X"}
		s.Settings.Scoring.Kind = season.Points
		s.Settings.Participation = p
		if _, err := db.CreateSeason(context.Background(), s); !errors.Is(err, store.ErrInvalid) {
			t.Errorf("CreateSeason with participation %v = %v, want ErrInvalid", p, err)
		}
	}
}

// TestSmallerDefects is item 8, case by case.
func TestSmallerDefects(t *testing.T) {
	t.Parallel()
	t.Run("publish --zip names an archive, never a hidden ..zip or a file beside a device", func(t *testing.T) {
		c := setup(t)
		c.ok("round", "publish")
		dir := t.TempDir()
		for _, html := range []string{".", dir, dir + "/", filepath.Join(dir, "..")} {
			_, stderr, code := c.run("publish", "--html", html, "--zip")
			if code != exitUsage || !strings.Contains(stderr, "that is a folder, not the name of an archive") {
				t.Errorf("publish --html %s --zip: exit %d, %q", html, code, stderr)
			}
		}
		for _, hidden := range []string{"..zip", filepath.Join(dir, "..zip"), dir + ".zip"} {
			if _, err := os.Stat(hidden); err == nil {
				os.Remove(hidden)
				t.Errorf("publish --zip wrote %s", hidden)
			}
		}
		if _, err := os.Stat("/dev/full"); err == nil {
			_, stderr, code := c.run("publish", "--html", "/dev/full", "--zip")
			if code != 1 || !strings.Contains(stderr, "no space left") {
				t.Errorf("publish --html /dev/full --zip: exit %d, %q; want the disk full", code, stderr)
			}
			if _, err := os.Stat("/dev/full.zip"); err == nil {
				os.Remove("/dev/full.zip")
				t.Errorf("publish --html /dev/full --zip wrote /dev/full.zip")
			}
		}
		stderr := c.okErr("publish", "--html", filepath.Join(dir, "site"), "--zip")
		if !strings.Contains(stderr, filepath.Join(dir, "site.zip")) {
			t.Errorf("publish --html site --zip: %q, want site.zip", stderr)
		}
	})
	t.Run("two backups to one name with --force both succeed", func(t *testing.T) {
		c := setup(t)
		dest := filepath.Join(t.TempDir(), "same.db")
		for range 4 {
			os.Remove(dest)
			var wg sync.WaitGroup
			errs := make([]string, 2)
			codes := make([]int, 2)
			for i := range 2 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					var out, errb bytes.Buffer
					env := map[string]string{"ARBITER_DB": c.db}
					codes[i] = run(context.Background(), []string{"backup", dest, "--force"}, strings.NewReader(""), &out, &errb, func(k string) string { return env[k] })
					errs[i] = errb.String()
				}()
			}
			wg.Wait()
			for i := range 2 {
				if codes[i] != 0 || strings.Contains(errs[i], "add --force") {
					t.Fatalf("backup %s --force beside another: exit %d, %q", dest, codes[i], errs[i])
				}
			}
		}
		if _, stderr, code := c.run("check", "--db", dest); code != 0 {
			t.Errorf("the backup: exit %d, %s", code, stderr)
		}
	})
	t.Run("an empty --tournament is refused, not the current one", func(t *testing.T) {
		c := setup(t)
		before := c.dump()
		for _, args := range [][]string{
			{"undo", "--yes", "--tournament", ""},
			{"round", "result", "2", "1-0", "--tournament", " "},
			{"check", "--db", ""},
		} {
			_, stderr, code := c.run(args...)
			if code != exitUsage || !strings.Contains(stderr, " is empty: name it") {
				t.Errorf("arbiter %q: exit %d, %q", args, code, stderr)
			}
		}
		if c.dump() != before {
			t.Error("a command with an empty --tournament changed the database")
		}
	})
	t.Run("reading an empty database leaves its write-ahead log", func(t *testing.T) {
		c := setup(t)
		// The log of changes not yet in the file, beside a file cut to
		// nothing: what a copy stopped half-way leaves.
		dir := t.TempDir()
		path := filepath.Join(dir, "cut.db")
		wal := bytes.Repeat([]byte("W"), 4096)
		if err := os.WriteFile(path, nil, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path+"-wal", wal, 0o644); err != nil {
			t.Fatal(err)
		}
		for _, args := range [][]string{{"check"}, {"player", "list"}, {"tournament", "new", "X"}} {
			_, stderr, code := c.run(append(args, "--db", path)...)
			if code != 1 || !strings.Contains(stderr, path+"-wal beside it holds 4096 bytes") {
				t.Errorf("arbiter %s on an empty file with a log: exit %d, %q", args[0], code, stderr)
			}
			if got, err := os.ReadFile(path + "-wal"); err != nil || !bytes.Equal(got, wal) {
				t.Fatalf("arbiter %s changed the write-ahead log: %v", args[0], err)
			}
		}
	})
}
