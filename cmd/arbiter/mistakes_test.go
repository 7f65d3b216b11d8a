package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter"
)

// TestRoundResults enters the slips of a round in one command, from the
// command line and from a file: every board is confirmed with the names,
// and one refused board leaves every board as it was.
func TestRoundResults(t *testing.T) {
	t.Parallel()
	c := setup(t)
	before := c.dump()
	_, errs, code := c.run("round", "results", "2 0-1, 3 1-0, 1 0-1")
	if code != 1 || !strings.Contains(errs, "board 1") || !strings.Contains(errs, "--correct") {
		t.Fatalf("a batch with a board already entered: exit %d, %q", code, errs)
	}
	if c.dump() != before {
		t.Fatal("a refused batch entered results")
	}
	_, errs, code = c.run("round", "results", "2 0-1, 3 2-0")
	if code != 1 || !strings.Contains(errs, `item 2 "3 2-0"`) {
		t.Fatalf("a bad result: exit %d, %q", code, errs)
	}
	_, out, _ := c.run("round", "results", "2 0-1, 3 1/2")
	want := "Entered round 1 board 2: Conti, Sara – Bianchi, Anna 0-1.\nEntered round 1 board 3: Rossi, Mario – Gallo, Piero 1/2-1/2.\n"
	if out != want {
		t.Fatalf("confirmations:\n%s\nwant:\n%s", out, want)
	}
	show := c.ok("round", "show", "1", "--json")
	for _, s := range []string{`"result": "0-1"`, `"result": "1/2-1/2"`} {
		if !strings.Contains(show, s) {
			t.Fatalf("round show after the batch lacks %s:\n%s", s, show)
		}
	}
	c.ok("round", "pair")
	slips := filepath.Join(t.TempDir(), "slips.txt")
	if err := os.WriteFile(slips, []byte("# round 2\n1 1-0\n\n2 1/2\n3 +-\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, out, _ = c.run("round", "results", "--from", slips)
	if n := strings.Count(out, "round 2 board"); n != 3 {
		t.Fatalf("from a file: %d confirmations\n%s", n, out)
	}
	if err := os.WriteFile(slips, []byte("1 0-1\n\nthree 1-0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, errs, code = c.run("round", "results", "--from", slips, "--round", "2", "--correct")
	if code != 1 || !strings.Contains(errs, "line 3") {
		t.Fatalf("a bad line: exit %d, %q", code, errs)
	}
}

// TestUndoCommand: undo shows the change first and changes nothing, then
// with --yes puts the database back; a result of a round the next round
// was paired from is refused, naming the pairing.
func TestUndoCommand(t *testing.T) {
	t.Parallel()
	c := setup(t)
	before := c.ok("round", "show", "1", "--json")
	c.ok("round", "result", "2", "0-1")
	dump := c.dump()
	out, errs, code := c.run("undo")
	if code != 0 || !strings.Contains(out, "result.enter") || !strings.Contains(errs, "arbiter undo --yes") {
		t.Fatalf("undo without --yes: exit %d\n%s%s", code, out, errs)
	}
	if c.dump() != dump {
		t.Fatal("undo without --yes changed the database")
	}
	c.ok("undo", "--yes")
	if got := c.ok("round", "show", "1", "--json"); got != before {
		t.Fatalf("after undo:\n%s\nwant:\n%s", got, before)
	}
	if !strings.Contains(c.ok("log"), "undo") {
		t.Fatal("the log does not show the undo")
	}
	// Round 1 complete, round 2 paired: round 1's results cannot be
	// undone by number.
	c.ok("round", "results", "2 0-1, 3 1/2")
	c.ok("round", "pair")
	logs := c.ok("log", "--json")
	i := strings.Index(logs, `"action": "result.enter"`)
	j := strings.LastIndex(logs[:i], `"id": `)
	id := strings.TrimSpace(strings.TrimSuffix(strings.SplitN(logs[j+len(`"id": `):], "\n", 2)[0], ","))
	dump = c.dump()
	_, errs, code = c.run("undo", id, "--yes")
	if code != 1 || !strings.Contains(errs, "round.pair") || strings.Count(errs, "\n") != 1 {
		t.Fatalf("undo of a result round 2 was paired from: exit %d %q", code, errs)
	}
	if c.dump() != dump {
		t.Fatal("a refused undo changed the database")
	}
	if _, errs, code := c.run("undo", "x"); code != 2 || !strings.Contains(errs, "arbiter log") {
		t.Fatalf("undo x: exit %d %q", code, errs)
	}
}

// TestPlayerAddResolves: player add finds the player a surname, a part
// of a name or a number means, as every other command does, and never
// enters a phantom player; a near miss is answered with the name meant.
func TestPlayerAddResolves(t *testing.T) {
	t.Parallel()
	c := setup(t)
	c.ok("round", "results", "2 1/2, 3 1/2")
	c.ok("player", "withdraw", "Rossi")
	tests := []struct {
		name string
		args []string
		want []string
	}{
		{"surname of a withdrawn player", []string{"player", "add", "Rossi"},
			[]string{"Rossi, Mario is already entered in Labyrinth 12 May as player 3, withdrawn from round 2", "arbiter player return 3"}},
		{"surname, other case and accents", []string{"player", "add", "rossi"}, []string{"as player 3"}},
		{"a pairing number", []string{"player", "add", "3"}, []string{`"3" is a number, not a name: player 3 of Labyrinth 12 May is Rossi, Mario`}},
		{"a number nobody has", []string{"player", "add", "22"}, []string{`"22" is a number, not a name`, "id:N"}},
		{"a near miss", []string{"player", "add", "Rosi, Mario"}, []string{"did you mean 3 Rossi, Mario, entered already?"}},
		{"a near miss elsewhere", []string{"player", "bye", "Bianci"}, []string{"did you mean 2 Bianchi, Anna?"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			before := c.dump()
			_, errs, code := c.run(tc.args...)
			if code != 1 || strings.Count(errs, "\n") != 1 {
				t.Fatalf("exit %d, %q: want one line and exit 1", code, errs)
			}
			for _, w := range tc.want {
				if !strings.Contains(errs, w) {
					t.Errorf("%q lacks %q", errs, w)
				}
			}
			if c.dump() != before {
				t.Fatal("the refusal changed the database")
			}
		})
	}
	// Two Ferris: the surname alone is ambiguous and lists both; the
	// first name alone finds one; --new enters someone new.
	c = newCLI(t)
	c.ok("tournament", "new", "Open")
	c.ok("player", "add", "Ferri, Luca")
	c.ok("player", "add", "Ferri, Anna")
	before := c.dump()
	_, errs, code := c.run("player", "add", "Ferri")
	for _, w := range []string{"Ferri, Luca", "Ferri, Anna", "--new", "id:"} {
		if code != 1 || !strings.Contains(errs, w) {
			t.Fatalf("player add Ferri with two Ferris: exit %d, %q lacks %q", code, errs, w)
		}
	}
	if c.dump() != before {
		t.Fatal("the ambiguous name changed the database")
	}
	_, errs, code = c.run("player", "add", "Anna")
	if code != 1 || !strings.Contains(errs, "Ferri, Anna is already entered") {
		t.Fatalf("player add Anna: exit %d, %q", code, errs)
	}
	c.ok("player", "add", "Ferri, Paolo", "--new")
	if got := strings.Count(c.ok("player", "list"), "Ferri"); got != 3 {
		t.Fatalf("player list shows %d Ferris, want 3", got)
	}
}

// TestReturnAndRemove: a withdrawn player comes back, the round missed
// scored as an absence; an entry that never played is removed after
// round 1, the numbers after it moving up in every round; a player with
// games is refused; a roster player entered nowhere leaves the roster; a
// game attached by mistake comes off its board. Each is logged.
func TestReturnAndRemove(t *testing.T) {
	t.Parallel()
	c := setup(t) // 6 players, round 1 paired 1-4, 5-2, 3-6, board 1 1-0
	c.ok("round", "results", "2 1/2, 3 1/2")
	c.ok("player", "withdraw", "Rossi")
	// Two late entries: Costa (7) is absent in round 2, Esposito (8) plays.
	c.ok("player", "add", "Costa, Irene", "--rating", "1400")
	c.ok("player", "add", "Esposito, Gina", "--rating", "1300")
	c.ok("player", "bye", "Costa", "--zero")
	c.ok("round", "pair", "--manual", "1-2, 5-4, 6-8")
	c.ok("round", "results", "1 1-0, 2 0-1, 3 1/2")

	_, errs, code := c.run("player", "return", "3", "--from-round", "2")
	if code != 1 || !strings.Contains(errs, "--from-round 3") {
		t.Fatalf("return into a paired round: exit %d %q", code, errs)
	}
	_, errs, code = c.run("player", "remove", "Neri")
	if code != 1 || !strings.Contains(errs, "arbiter player withdraw 1") {
		t.Fatalf("remove a player with games: exit %d %q", code, errs)
	}
	errs = c.okErr("player", "return", "Rossi")
	if !strings.Contains(errs, "3 Rossi, Mario (1800) is back in Labyrinth 12 May from round 3 on.") {
		t.Fatalf("return: %q", errs)
	}
	var players []playerJSON
	mustJSON(t, c.ok("player", "list", "--json"), &players)
	if players[2].Status != "active" || players[2].WithdrawnFrom != 0 {
		t.Fatalf("Rossi after return: %+v", players[2])
	}
	var r2 roundJSON
	mustJSON(t, c.ok("round", "show", "2", "--json"), &r2)
	if !hasBye(r2, 3, "Z") {
		t.Fatalf("round 2 does not score Rossi's missed round as an absence: %+v", r2.Boards)
	}

	errs = c.okErr("player", "remove", "Costa")
	if !strings.Contains(errs, "Removed 7 Costa, Irene (1400)") || !strings.Contains(errs, "Players 8 to 8 are now 7 to 7") {
		t.Fatalf("remove: %q", errs)
	}
	mustJSON(t, c.ok("player", "list", "--json"), &players)
	if len(players) != 7 || players[6].Name != "Esposito, Gina" || players[6].PairingNumber != 7 {
		t.Fatalf("after remove: %+v", players)
	}
	mustJSON(t, c.ok("round", "show", "2", "--json"), &r2)
	if b := r2.Boards[2]; b.White != 6 || *b.Black != 7 {
		t.Fatalf("round 2 board 3 after the remove: %d-%d, want 6-7", b.White, *b.Black)
	}
	if strings.Contains(c.ok("standings"), "Costa") {
		t.Fatal("the standings still show the player removed")
	}

	// The roster keeps Costa, entered nowhere now: roster remove takes her
	// out; Neri, entered, stays.
	var roster []playerJSON
	mustJSON(t, c.ok("roster", "list", "--json"), &roster)
	var costa, neri int64
	for _, p := range roster {
		switch p.Name {
		case "Costa, Irene":
			costa = p.ID
		case "Neri, Paolo":
			neri = p.ID
		}
	}
	_, errs, code = c.run("roster", "remove", "id:"+strconv.FormatInt(neri, 10))
	if code != 1 || !strings.Contains(errs, "entered in Labyrinth 12 May as player 1") {
		t.Fatalf("roster remove of an entered player: exit %d %q", code, errs)
	}
	c.ok("roster", "remove", "id:"+strconv.FormatInt(costa, 10))
	if strings.Contains(c.ok("roster", "list"), "Costa") {
		t.Fatal("the roster still lists the player removed")
	}

	// A game on a board: game remove takes it off, the result stays.
	pgn := filepath.Join(t.TempDir(), "g.pgn")
	if err := os.WriteFile(pgn, []byte("[White \"Neri, Paolo\"]\n[Black \"Bianchi, Anna\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c.ok("game", "add", "1", pgn)
	c.ok("game", "remove", "1")
	if out := c.ok("game", "list", "--json"); strings.Contains(out, "Qxf7") || strings.Contains(out, `"board": 1`) {
		t.Fatalf("game list after game remove: %s", out)
	}
	mustJSON(t, c.ok("round", "show", "2", "--json"), &r2)
	if r2.Boards[0].Result != "1-0" {
		t.Fatalf("board 1's result after game remove: %q", r2.Boards[0].Result)
	}
	if _, errs, code := c.run("game", "remove", "1"); code != 1 || !strings.Contains(errs, "no game") {
		t.Fatalf("game remove of a board without a game: exit %d %q", code, errs)
	}
	log := c.ok("log", "--all")
	for _, a := range []string{"player.return", "player.remove", "roster.remove", "game.remove"} {
		if !strings.Contains(log, a) {
			t.Errorf("the log lacks %s", a)
		}
	}
}

func mustJSON(t *testing.T, s string, v any) {
	t.Helper()
	if err := json.Unmarshal([]byte(s), v); err != nil {
		t.Fatalf("%v in %s", err, s)
	}
}

func hasBye(r roundJSON, pn int, kind string) bool {
	for _, b := range r.Boards {
		if b.Board == 0 && b.White == pn && b.Bye == kind {
			return true
		}
	}
	return false
}

// TestGameWrongBoard: a game whose players sit on another board is
// refused, pointing at that board, and nothing is stored; --force keeps
// it; a game with one of the board's players still only warns.
func TestGameWrongBoard(t *testing.T) {
	t.Parallel()
	c := setup(t) // round 1: 1 Neri - 4 Verdi, 5 Conti - 2 Bianchi, 3 Rossi - 6 Gallo
	dir := t.TempDir()
	write := func(white, black string) string {
		p := filepath.Join(dir, white[:4]+black[:4]+".pgn")
		g := "[White \"" + white + "\"]\n[Black \"" + black + "\"]\n[Result \"*\"]\n\n1. e4 e5 *\n"
		if err := os.WriteFile(p, []byte(g), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	wrong := write("Rossi, Mario", "Gallo, Piero")
	before := c.dump()
	_, errs, code := c.run("game", "add", "2", wrong)
	if code != 1 || !strings.Contains(errs, "that is board 3 of round 1") || !strings.Contains(errs, "--force") {
		t.Fatalf("game on the wrong board: exit %d %q", code, errs)
	}
	if c.dump() != before {
		t.Fatal("the refused game was stored")
	}
	c.ok("game", "add", "2", wrong, "--force")
	if out := c.ok("game", "list", "--json"); !strings.Contains(out, `"board": 2`) {
		t.Fatalf("the forced game is not on board 2: %s", out)
	}
	errs = c.okErr("game", "add", "3", write("Rossi, Mario", "Neri, Paolo"))
	if !strings.Contains(errs, "warning: the Black tag says") {
		t.Fatalf("a game with one of the board's players: %q", errs)
	}
}

// TestRoundSwapEdit: two players of an unplayed round change places in
// one command, the board list reprinted; a swap that breaks a basic rule
// is refused with the warning and kept with --force; a round with a
// result stays as it is; round edit sets one board.
func TestRoundSwapEdit(t *testing.T) {
	t.Parallel()
	c := newCLI(t)
	c.ok("tournament", "new", "Open", "--rounds", "5", "--first-colour", "white")
	for _, p := range []string{"Neri, Paolo", "Bianchi, Anna", "Rossi, Mario", "Verdi, Ugo", "Conti, Sara", "Gallo, Piero"} {
		c.ok("player", "add", p)
	}
	c.ok("round", "pair", "--manual", "1-4, 5-2, 3-6")
	out := c.ok("round", "swap", "4", "6")
	if !strings.Contains(out, "Neri, Paolo") || !strings.Contains(out, "Gallo, Piero") {
		t.Fatalf("the board list is not reprinted:\n%s", out)
	}
	var r roundJSON
	mustJSON(t, c.ok("round", "show", "1", "--json"), &r)
	if got := boardsOf(r); got != "1-6 5-2 3-4" {
		t.Fatalf("after swap 4 6: %s", got)
	}
	c.ok("round", "edit", "2", "2", "5")
	mustJSON(t, c.ok("round", "show", "1", "--json"), &r)
	if got := boardsOf(r); got != "1-6 2-5 3-4" {
		t.Fatalf("after edit 2 2 5: %s", got)
	}
	if !strings.Contains(c.ok("log"), "round.edit") {
		t.Fatal("the log lacks the change")
	}
	c.ok("round", "results", "1 1-0, 2 0-1, 3 1/2")
	c.ok("round", "pair", "--manual", "1-2, 5-3, 4-6")
	// 1 and 6 met in round 1: putting them together again is refused.
	before := c.dump()
	_, errs, code := c.run("round", "swap", "2", "6")
	if code != 1 || !strings.Contains(errs, "warning:") || !strings.Contains(errs, "--force") {
		t.Fatalf("a swap making a repeat pairing: exit %d %q", code, errs)
	}
	if c.dump() != before {
		t.Fatal("the refused swap changed the database")
	}
	c.ok("round", "swap", "2", "6", "--force")
	mustJSON(t, c.ok("round", "show", "2", "--json"), &r)
	if got := boardsOf(r); got != "1-6 5-3 4-2" {
		t.Fatalf("after the forced swap: %s", got)
	}
	c.ok("round", "result", "1", "1-0")
	if _, errs, code := c.run("round", "swap", "3", "4"); code != 1 || !strings.Contains(errs, "has a result") {
		t.Fatalf("swap in a round with a result: exit %d %q", code, errs)
	}
}

func boardsOf(r roundJSON) string {
	var s []string
	for _, b := range r.Boards {
		if b.Board > 0 {
			s = append(s, fmt.Sprintf("%d-%d", b.White, *b.Black))
		}
	}
	return strings.Join(s, " ")
}

// TestNoShows: a player who lost by forfeit is flagged at the next
// pairing and paired; with the option no-shows withdraw, withdrawn first
// and not paired.
func TestNoShows(t *testing.T) {
	t.Parallel()
	c := setup(t) // round 1: 1-4 1-0, 5-2, 3-6 open
	c.ok("round", "results", "2 +-, 3 1/2")
	errs := c.okErr("round", "pair")
	if !strings.Contains(errs, "2 Bianchi, Anna (1900) lost round 1 by forfeit and is still active") || !strings.Contains(errs, "arbiter player withdraw 2") {
		t.Fatalf("no flag for the no-show:\n%s", errs)
	}
	var r roundJSON
	mustJSON(t, c.ok("round", "show", "2", "--json"), &r)
	if !seated(r, 2) {
		t.Fatalf("the no-show is not paired: %s", boardsOf(r))
	}
	// Undo the pairing; with the option the no-show is withdrawn first.
	c.ok("undo", "--yes")
	c.ok("tournament", "option", "no-shows", "withdraw")
	if got := c.ok("tournament", "option", "no-shows"); got != "withdraw\n" {
		t.Fatalf("option no-shows: %q", got)
	}
	errs = c.okErr("round", "pair")
	if !strings.Contains(errs, "withdrawn from round 2 on") {
		t.Fatalf("no withdrawal:\n%s", errs)
	}
	var players []playerJSON
	mustJSON(t, c.ok("player", "list", "--json"), &players)
	if players[1].Status != "withdrawn" || players[1].WithdrawnFrom != 2 {
		t.Fatalf("Bianchi after the pairing: %+v", players[1])
	}
	mustJSON(t, c.ok("round", "show", "2", "--json"), &r)
	if seated(r, 2) {
		t.Fatalf("the no-show withdrawn is paired: %s", boardsOf(r))
	}
	if !strings.Contains(c.ok("log"), "option.set") {
		t.Fatal("the option change is not logged")
	}
}

// seated reports whether player pn has a board in round r.
func seated(r roundJSON, pn int) bool {
	for _, b := range r.Boards {
		if b.Board > 0 && (b.White == pn || *b.Black == pn) {
			return true
		}
	}
	return false
}

// TestNamesSurnameFirst: with the club's option names surname-first, a
// new name typed "Olga Petrova" is refused with how to type it, while a
// known player typed either way is still found.
func TestNamesSurnameFirst(t *testing.T) {
	t.Parallel()
	c := setup(t)
	c.ok("round", "results", "2 1/2, 3 1/2")
	c.ok("tournament", "option", "names", "surname-first", "--club")
	before := c.dump()
	_, errs, code := c.run("player", "add", "Olga Petrova")
	if code != 1 || !strings.Contains(errs, `type "Petrova, Olga"`) {
		t.Fatalf("a name without a comma: exit %d %q", code, errs)
	}
	if c.dump() != before {
		t.Fatal("the refused name changed the database")
	}
	c.ok("player", "add", "Petrova, Olga")
	if _, errs, code := c.run("player", "add", "Mario Rossi"); code != 1 || !strings.Contains(errs, "already entered") {
		t.Fatalf("a known player typed First Last: exit %d %q", code, errs)
	}
	var players []playerJSON
	mustJSON(t, c.ok("player", "list", "--json"), &players)
	if len(players) != 7 || players[6].Name != "Petrova, Olga" {
		t.Fatalf("players: %+v", players)
	}
}

// TestStandingsActive: --active leaves out a player who withdrew, the
// others keeping their places.
func TestStandingsActive(t *testing.T) {
	t.Parallel()
	c := setup(t)
	c.ok("round", "results", "2 0-1, 3 1/2")
	c.ok("player", "withdraw", "Verdi")
	all, active := c.ok("standings"), c.ok("standings", "--active")
	if !strings.Contains(all, "Verdi, Ugo") || strings.Contains(active, "Verdi, Ugo") {
		t.Fatalf("standings:\n%s\n--active:\n%s", all, active)
	}
	if strings.Count(active, "\n") != strings.Count(all, "\n")-1 {
		t.Fatalf("--active should leave out one line:\n%s", active)
	}
	for _, l := range strings.Split(active, "\n") {
		if strings.Contains(l, "Neri, Paolo") && !strings.HasPrefix(strings.TrimSpace(l), "1") {
			t.Fatalf("Neri lost the first place: %q", l)
		}
	}
}

// FuzzParseSlips: the reader of round results never panics, and what it
// accepts is a board number and a result for every item.
func FuzzParseSlips(f *testing.F) {
	for _, s := range []string{"1 1-0, 2 1/2, 3 0-1", "4 -+,5 --", "# r2\n1 ½-½\n\n2 +-\n", "1 2-0", "x 1-0", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, sep := range []rune{',', '\n'} {
			slips, err := parseSlips(nil, text, sep, func(i int) string { return fmt.Sprintf("item %d", i) })
			if err != nil {
				continue
			}
			for _, s := range slips {
				if s.board < 1 || s.result == arbiter.NoResult {
					t.Fatalf("%q gives board %d, result %v", text, s.board, s.result)
				}
			}
		}
	})
}
