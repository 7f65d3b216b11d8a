package web

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/labyrinth-chess/arbiter/desk"
)

// The command line beside the console: the same evening typed at the
// terminal must leave the same database, and the same refusals must say
// the same words.

var (
	cliOnce sync.Once
	cliPath string
	cliErr  error
	cliOut  []byte
)

// cliBinary builds arbiter once for the tests of the package and returns
// its path; without the go command the test is skipped.
func cliBinary(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command to build arbiter with")
	}
	cliOnce.Do(func() {
		dir, err := os.MkdirTemp("", "arbiter-console-")
		if err != nil {
			cliErr = err
			return
		}
		cliPath = filepath.Join(dir, "arbiter")
		cmd := exec.Command("go", "build", "-o", cliPath, "github.com/labyrinth-chess/arbiter/cmd/arbiter")
		cliOut, cliErr = cmd.CombinedOutput()
	})
	if cliErr != nil {
		t.Fatalf("go build ./cmd/arbiter: %v\n%s", cliErr, cliOut)
	}
	return cliPath
}

// command returns arbiter bin with args, run in dir on the database db,
// in English.
func command(bin, dir, db string, args ...string) *exec.Cmd {
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "ARBITER_DB="+db, "ARBITER_USER=cli", "ARBITER_LANG=en", "LANG=C")
	return cmd
}

// unstamped are the columns that differ between two databases made from
// the same inputs at other times, by other people, from other places:
// when, who and from where, and what is drawn at random (board codes,
// PINs, sessions).
var unstamped = regexp.MustCompile(`^(.*_at|at|who|by|actor|origin|ip|device|token|pin|secret|closed_by|reported_ip|reported_dev)$`)

// content returns the rows of the database at path (desk.Content) less
// the unstamped columns, and its log as "action | subject | old | new".
func content(t *testing.T, path string) (rows, log []string) {
	t.Helper()
	ctx := context.Background()
	d, err := desk.Open(ctx, path, desk.ReadOnly, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	lines, err := d.Content(ctx)
	if err != nil {
		t.Fatal(err)
	}
	field := regexp.MustCompile(` ([a-z_]+)=`)
	for _, l := range lines {
		// "table col=val col=val": drop the unstamped columns.
		idx := field.FindAllStringSubmatchIndex(l, -1)
		var b strings.Builder
		end := len(l)
		if len(idx) > 0 {
			end = idx[0][0]
		}
		b.WriteString(l[:end])
		for i, m := range idx {
			stop := len(l)
			if i+1 < len(idx) {
				stop = idx[i+1][0]
			}
			if name := l[m[2]:m[3]]; !unstamped.MatchString(name) && name != "rowid" {
				b.WriteString(l[m[0]:stop])
			}
		}
		rows = append(rows, b.String())
	}
	slices.Sort(rows)
	evs, err := d.Events(ctx, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range evs {
		log = append(log, strings.Join([]string{e.Action, e.Subject, e.Old, e.New}, " | "))
	}
	return rows, log
}

// step is one move of the evening, as the console makes it and as it is
// typed at the terminal.
type step struct {
	console func(b *browser) (int, string)
	cli     []string
}

// TestConsoleEqualsCLI: the evening of TestConsoleWithoutScript made
// through the console's forms and typed at the command line leaves the
// same database and the same log, the stamps of time, person, place and
// chance aside.
func TestConsoleEqualsCLI(t *testing.T) {
	f := newConsoleFixture(t)
	org := f.organizer("en")
	steps := eveningSteps(t, f, "en")
	for i, s := range steps {
		if code, page := s.console(org); code != http.StatusSeeOther {
			t.Fatalf("step %d (%s) in the console = %d: %s", i, strings.Join(s.cli, " "), code, errorOf(page))
		}
	}
	sameAsCLI(t, f.path, steps)
}

// eveningSteps returns the evening of 10 players, 3 rounds, a correction
// undone, in a tournament in language lang, as the forms of the console
// post it and as it is typed at the command line.
func eveningSteps(t *testing.T, f *consoleFixture, lang string) []step {
	post := func(from, action string, kv ...string) func(*browser) (int, string) {
		return func(b *browser) (int, string) { return b.post(from, action, kv...) }
	}
	entry := func(name string) string { return fmt.Sprint(entryOf(t, f.snap(), name).PN) }
	steps := []step{
		{post("/admin/new", "/admin/new", "name", "Club Night", "rounds", "3", "tiebreaks", "BH, DE, SB", "first-colour", "white", "lang", lang, "pace", "blitz"),
			[]string{"tournament", "new", "Club Night", "--rounds", "3", "--tiebreaks", "BH,DE,SB", "--first-colour", "white", "--lang", lang, "--pace", "blitz"}},
		{func(b *browser) (int, string) { return b.upload("roster", "soci.csv", rosterCSV) },
			[]string{"roster", "import", "soci.csv"}},
	}
	for _, name := range []string{"Rossi, Mario", "Bianchi, Luca", "Neri, Paolo", "Russo, Giulia", "Verdi, Anna"} {
		steps = append(steps, step{post("/admin/players", "/admin/players/add", "name", name), []string{"player", "add", name}})
	}
	steps = append(steps,
		step{post("/admin/players", "/admin/players/add", "name", "Colombo, Sara", "rating", "1600"),
			[]string{"player", "add", "Colombo, Sara", "--rating", "1600"}},
		step{func(b *browser) (int, string) { return b.upload("tournament", "iscritti.csv", entriesCSV) },
			[]string{"player", "import", "iscritti.csv"}},
		step{post("/admin/players", "/admin/players/add", "name", "Gallo, Pietro"), []string{"player", "add", "Gallo, Pietro"}},
		step{func(b *browser) (int, string) {
			pn := entry("Gallo, Pietro")
			return b.post("/admin/players/"+pn, "/admin/players/"+pn+"/remove")
		}, []string{"player", "remove", "Gallo, Pietro"}},
		step{func(b *browser) (int, string) {
			pn := entry("Bruno, Chiara")
			return b.post("/admin/players/"+pn, "/admin/players/"+pn+"/edit", "name", "Bruno, Chiara", "rating", "1410", "club", "")
		}, []string{"player", "edit", "Bruno, Chiara", "--rating", "1410"}},
		step{post("/admin", "/admin/close"), []string{"tournament", "close-registration"}},
	)
	for round := 1; round <= 3; round++ {
		r := fmt.Sprint(round)
		steps = append(steps,
			step{post("/admin", "/admin/pair"), []string{"round", "pair"}},
			step{post("/admin", "/admin/publish"), []string{"round", "publish"}},
			step{post("/admin", "/admin/result", "round", r, "board", "1", "result", "1-0"), []string{"round", "result", "1", "1-0"}},
			step{post("/admin", "/admin/result", "round", r, "board", "2", "result", "1/2"), []string{"round", "result", "2", "1/2"}},
			step{post("/admin", "/admin/result", "entry", "3 0"), []string{"round", "result", "3", "0-1"}},
			step{post("/admin", "/admin/result", "entry", "4 1-0"), []string{"round", "result", "4", "1-0"}},
			step{post("/admin", "/admin/result", "entry", "5 +-"), []string{"round", "result", "5", "+-"}},
		)
	}
	steps = append(steps,
		step{post("/admin", "/admin/result", "round", "3", "board", "2", "result", "0-1", "correct", "1"),
			[]string{"round", "result", "2", "0-1", "--round", "3", "--correct"}},
		step{post("/admin", "/admin/result", "round", "1", "board", "3", "result", "1/2", "correct", "1"),
			[]string{"round", "result", "3", "1/2", "--round", "1", "--correct"}},
		step{func(b *browser) (int, string) {
			_, page := b.get("/admin/undo")
			ev := regexp.MustCompile(`name="event" value="(\d+)"`).FindStringSubmatch(page)
			if ev == nil {
				t.Fatalf("the undo page offers nothing to undo:\n%s", page)
			}
			return b.post("/admin/undo", "/admin/undo", "event", ev[1])
		}, []string{"undo", "--yes"}},
	)
	return steps
}

// sameAsCLI types the steps at the command line on a new database and
// fails the test unless it holds what the database at path holds, and
// the same log.
func sameAsCLI(t *testing.T, path string, steps []step) {
	t.Helper()
	sameDatabase(t, path, <-typeEvening(cliBinary(t), t.TempDir(), steps))
}

// typed is a database made at the command line, or why it could not be.
type typed struct {
	db  string
	err error
}

// typeEvening types the steps with the arbiter binary bin on a new
// database in dir, beside the lists they read, and sends the result
// when done: it may run while the test does something else. The channel
// is closed after it.
func typeEvening(bin, dir string, steps []step) <-chan typed {
	out := make(chan typed, 1)
	go func() {
		defer close(out)
		db := filepath.Join(dir, "club.db")
		for name, text := range map[string]string{"soci.csv": rosterCSV, "iscritti.csv": entriesCSV} {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
				out <- typed{err: err}
				return
			}
		}
		for _, s := range steps {
			cmd := command(bin, dir, db, s.cli...)
			if text, err := cmd.CombinedOutput(); err != nil {
				out <- typed{err: fmt.Errorf("arbiter %s: %v\n%s", strings.Join(s.cli, " "), err, text)}
				return
			}
		}
		out <- typed{db: db}
	}()
	return out
}

// sameDatabase fails the test unless the database made at the command
// line holds what the one at path holds, and the same log.
func sameDatabase(t *testing.T, path string, cli typed) {
	t.Helper()
	if cli.err != nil {
		t.Fatal(cli.err)
	}
	rows, log := content(t, path)
	cliRows, cliLog := content(t, cli.db)
	if diff := lineDiff(cliRows, rows); diff != "" {
		t.Errorf("the database of the console differs from the command line's (-cli +console):\n%s", diff)
	}
	if !slices.Equal(cliLog, log) {
		diff := lineDiff(cliLog, log)
		if diff == "" {
			diff = "the same changes in another order:\n" + strings.Join(log, "\n")
		}
		t.Errorf("the log of the console differs from the command line's (-cli +console):\n%s", diff)
	}
	if len(log) < 30 {
		t.Errorf("the log holds only %d changes:\n%s", len(log), strings.Join(log, "\n"))
	}
}

// lineDiff returns the lines of want missing from got ("-") and those of
// got not in want ("+"), in their order; "" when both hold the same
// lines the same number of times.
func lineDiff(want, got []string) string {
	count := map[string]int{}
	for _, l := range want {
		count[l]++
	}
	for _, l := range got {
		count[l]--
	}
	var b strings.Builder
	for _, l := range want {
		if count[l] > 0 {
			fmt.Fprintf(&b, "- %s\n", l)
			count[l]--
		}
	}
	for _, l := range got {
		if count[l] < 0 {
			fmt.Fprintf(&b, "+ %s\n", l)
			count[l]++
		}
	}
	return b.String()
}
