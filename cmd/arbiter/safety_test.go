package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/labyrinth-chess/arbiter/store"
)

// The reproductions of issue 25: arbiter check never calls a sound
// database damaged, backups always work, and the last bad-input defects.

// TestCheckAfterUndo is item 1 as the issue typed it: one undo made check
// call a sound database damaged and every backup was refused from then
// on; and the same after player return, round swap, round edit and the
// undo of a correction, a pairing, a withdrawal or a removal.
func TestCheckAfterUndo(t *testing.T) {
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
	c := newCLI(t)
	club := filepath.Join(t.TempDir(), "club.csv")
	if err := os.WriteFile(club, []byte("name,rating\n\"Ferretti, Niccolò\",2104\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c.ok("tournament", "new", "T", "--rounds", "3")
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
