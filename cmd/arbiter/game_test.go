package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter/rules"
)

// gameFile returns the path of a game in testdata/games.
func gameFile(name string) string { return filepath.Join("testdata", "games", name) }

// gamesPlayers are the ten players of the games tests, by rating: their
// pairing numbers are 1 to 10 in this order.
var gamesPlayers = []struct{ name, rating string }{
	{"Neri, Paolo", "2000"}, {"Bianchi, Anna", "1950"}, {"Rossi, Mario", "1900"}, {"Ricci, Luca", "1850"},
	{"Ferri, Carla", "1800"}, {"Verdi, Ugo", "1700"}, {"Conti, Sara", "1650"}, {"Gallo, Piero", "1600"},
	{"Moretti, Elena", "1550"}, {"Russo, Dario", "1500"},
}

// gamesTournament makes the Labyrinth evening of the games tests: ten
// players, round 1 paired 1-6, 2-7, 3-8, 4-9, 5-10, no result yet.
func gamesTournament(t *testing.T, extra ...string) *cli {
	t.Helper()
	c := newCLI(t)
	c.ok(append([]string{"tournament", "new", "Labyrinth 12 May", "--preset", "labyrinth", "--first-colour", "white",
		"--date", "2026-05-12", "--venue", "Circolo Labyrinth"}, extra...)...)
	for _, p := range gamesPlayers {
		c.ok("player", "add", p.name, "--rating", p.rating)
	}
	c.ok("round", "pair", "--manual", "1-6, 2-7, 3-8, 4-9, 5-10")
	return c
}

// refused runs a command that must fail: exit 1, one line on stderr
// saying each of want, nothing on stdout, the database unchanged.
func (c *cli) refused(stdin string, want []string, args ...string) {
	c.t.Helper()
	before := c.dump()
	out, errs, code := c.runIn(stdin, args...)
	if code != 1 {
		c.t.Errorf("arbiter %s: exit %d, want 1 (stderr %q)", strings.Join(args, " "), code, errs)
	}
	if out != "" {
		c.t.Errorf("arbiter %s: stdout %q, want nothing", strings.Join(args, " "), out)
	}
	if strings.Count(errs, "\n") != 1 || !strings.HasPrefix(errs, "arbiter: ") {
		c.t.Errorf("arbiter %s: stderr %q, want one line starting with arbiter:", strings.Join(args, " "), errs)
	}
	for _, w := range want {
		if !strings.Contains(errs, w) {
			c.t.Errorf("arbiter %s: stderr %q, want it to say %q", strings.Join(args, " "), errs, w)
		}
	}
	if c.dump() != before {
		c.t.Errorf("arbiter %s: the database changed", strings.Join(args, " "))
	}
}

// okErr runs a command that must succeed and returns its stderr.
func (c *cli) okErr(args ...string) string {
	c.t.Helper()
	_, errs, code := c.run(args...)
	if code != 0 {
		c.t.Fatalf("arbiter %s: exit %d\n%s", strings.Join(args, " "), code, errs)
	}
	return errs
}

// boardResults returns "result (reason)" of each board of round n.
func (c *cli) boardResults(n string) []string {
	c.t.Helper()
	var r roundJSON
	if err := json.Unmarshal([]byte(c.ok("round", "show", n, "--json")), &r); err != nil {
		c.t.Fatal(err)
	}
	var out []string
	for _, b := range r.Boards {
		switch {
		case b.Bye != "":
		case b.Reason != "":
			out = append(out, b.Result+" ("+b.Reason+")")
		case b.Result == "":
			out = append(out, "none")
		default:
			out = append(out, b.Result)
		}
	}
	return out
}

const illegalRuling = "4...Nd4 illegal (the knight is pinned), claimed by White before his next move: Black loses"

// playGames attaches the games of the end-to-end test to round 1, as it
// goes when nothing is refused.
func playGames(t *testing.T, c *cli) {
	t.Helper()
	c.ok("round", "result", "1", "0-1")
	c.ok("game", "add", "1", gameFile("mate.pgn"))
	c.ok("game", "add", "2", gameFile("stalemate.pgn"))
	c.ok("game", "add", "3", gameFile("bareking.pgn"))
	c.ok("round", "result", "3", "0-1", "--reason", "time")
	c.ok("game", "add", "4", gameFile("illegal.pgn"), "--ruling", illegalRuling, "--result", "1-0")
	c.ok("game", "add", "5", gameFile("italian.txt"), "--lang", "it")
}

// TestGamesEndToEnd follows an evening's games: a mated game entered with
// the wrong result, a stalemate with no result, a win on time against a
// bare king, an Italian score, an illegal game refused and then accepted
// with the arbiter's ruling, which the log and the PGN export keep.
func TestGamesEndToEnd(t *testing.T) {
	t.Parallel()
	c := gamesTournament(t)

	// Board 1: Black mates on move 2, but 1-0 was entered.
	c.ok("round", "result", "1", "1-0")
	c.refused("", []string{"round 1 board 1: the board already has 1-0 but the game gives 0-1: White is checkmated after 2...Qh4# (art. 5.1.1)",
		"if 1-0 is wrong, correct it first with arbiter round result 1 0-1 --round 1 --correct"}, "game", "add", "1", gameFile("mate.pgn"))
	wrongTag := strings.Replace(readFile(t, gameFile("mate.pgn")), `[Result "0-1"]`, `[Result "1-0"]`, 1)
	wrongTag = strings.Replace(wrongTag, "Qh4# 0-1", "Qh4# 1-0", 1)
	c.ok("round", "result", "1", "", "--correct") // cleared
	c.refused(wrongTag, []string{"White is checkmated after 2...Qh4# (art. 5.1.1): the result is 0-1, not 1-0 as the Result tag says"}, "game", "add", "1", "-")
	errs := c.okErr("game", "add", "1", gameFile("mate.pgn"))
	if !strings.Contains(errs, "Entered 0-1 (mate)") {
		t.Errorf("game add 1: stderr %q, want it to enter 0-1 (mate)", errs)
	}
	c.refused("", []string{"the game attached to the board: White is checkmated after 2...Qh4# (art. 5.1.1): the result is 0-1, not 1-0", "--reason arbiter"},
		"round", "result", "1", "1-0", "--correct")

	// Board 2: stalemate, no result yet: entered as a draw.
	errs = c.okErr("game", "add", "2", gameFile("stalemate.pgn"))
	if !strings.Contains(errs, "stalemate after 10.Qe6 (art. 5.2.1)") || !strings.Contains(errs, "Entered 1/2-1/2 (stalemate)") {
		t.Errorf("game add 2: stderr %q", errs)
	}

	// Board 3: White loses on time, Black has a bare king: a draw.
	errs = c.okErr("game", "add", "3", gameFile("bareking.pgn"))
	if !strings.Contains(errs, "No result entered yet") {
		t.Errorf("game add 3: stderr %q", errs)
	}
	errs = c.okErr("round", "result", "3", "0-1", "--reason", "time")
	if want := "White lost on time but Black cannot checkmate by any series of legal moves (lone king): the game is drawn (art. 6.9)."; !strings.Contains(errs, want) {
		t.Errorf("round result 3: stderr %q, want %q", errs, want)
	}

	// Board 4: an illegal move is refused, then kept with the ruling.
	c.refused("", []string{"illegal move 4...Nd4 (black, line 5): the knight on c6 is pinned by the white bishop on b5", "(art. 3.9); the game is not stored", "--ruling"},
		"game", "add", "4", gameFile("illegal.pgn"))
	errs = c.okErr("game", "add", "4", gameFile("illegal.pgn"), "--ruling", illegalRuling, "--result", "1-0")
	if !strings.Contains(errs, "ILLEGAL 4...Nd4 (art. 3.9); ruling kept. Entered 1-0 (arbiter).") {
		t.Errorf("game add 4 with a ruling: stderr %q", errs)
	}

	// Board 5: Italian letters.
	c.ok("game", "add", "5", gameFile("italian.txt"), "--lang", "it")

	if got, want := strings.Join(c.boardResults("1"), ", "), "0-1 (mate), 1/2-1/2 (stalemate), 1/2-1/2 (time), 1-0 (arbiter), 1/2-1/2"; got != want {
		t.Errorf("round 1 results = %s, want %s", got, want)
	}
	show := c.ok("game", "show", "5")
	if !strings.Contains(show, "2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O Bd6") || !strings.Contains(show, "written in Italian letters") {
		t.Errorf("game show 5:\n%s", show)
	}
	if show := c.ok("game", "show", "5", "--lang", "it"); !strings.Contains(show, "2. Cf3 Cc6 3. Ab5 a6 4. Axc6 dxc6 5. 0-0 Ad6") {
		t.Errorf("game show 5 --lang it:\n%s", show)
	}
	if show := c.ok("game", "show", "4"); !strings.Contains(show, "then, as written: 4...Nd4 5.Nxd4 exd4") || !strings.Contains(show, "ruling:  "+illegalRuling) {
		t.Errorf("game show 4:\n%s", show)
	}

	log := c.ok("log")
	if !strings.Contains(log, "game.ruling") || !strings.Contains(log, illegalRuling) {
		t.Errorf("log does not keep the ruling:\n%s", log)
	}

	var list []gameListJSON
	if err := json.Unmarshal([]byte(c.ok("game", "list", "--json")), &list); err != nil {
		t.Fatal(err)
	}
	var verdicts []string
	for _, g := range list {
		verdicts = append(verdicts, g.Verdict)
	}
	wantVerdicts := []string{"legal, checkmate after 2...Qh4# (art. 5.1.1)", "legal, stalemate after 10.Qe6 (art. 5.2.1)", "legal", "ILLEGAL 4...Nd4 (art. 3.9)", "legal"}
	if strings.Join(verdicts, "|") != strings.Join(wantVerdicts, "|") {
		t.Errorf("game list verdicts = %q, want %q", verdicts, wantVerdicts)
	}

	out := filepath.Join(t.TempDir(), "round1.pgn")
	c.ok("export", "pgn", out)
	pgn := readFile(t, out)
	golden(t, gameFile("export.golden"), pgn)
	if words := strings.Join(strings.Fields(pgn), " "); !strings.Contains(words, "{Ruling: "+illegalRuling+"}") {
		t.Errorf("export has no ruling comment:\n%s", pgn)
	}
	checkExport(t, pgn)

	// The exported game of board 4, added again, brings its ruling from
	// the comment: a second export has it once.
	var board4 string
	for _, g := range strings.SplitAfter(pgn, "\n\n[") {
		if strings.Contains(g, `Round "1.4"`) {
			board4 = "[" + strings.TrimSuffix(strings.TrimPrefix(g, "["), "[")
		}
	}
	_, errs, code := c.runIn(board4, "game", "add", "4", "-")
	if code != 0 || !strings.Contains(errs, "it replaces the game submitted before, which is kept") || !strings.Contains(errs, "ruling kept. The result 1-0 (arbiter) stands.") {
		t.Errorf("game add 4 from the export: exit %d, stderr %q", code, errs)
	}
	c.ok("export", "pgn", out)
	if n := strings.Count(readFile(t, out), "{Ruling:"); n != 1 {
		t.Errorf("export after adding the exported game has %d ruling comments, want 1", n)
	}
}

// checkExport checks what PGN export format asks of every game: the Seven
// Tag Roster first and in order, lines under 80 characters, English SAN
// that reads back as legal moves.
func checkExport(t *testing.T, pgn string) {
	t.Helper()
	for i, line := range strings.Split(pgn, "\n") {
		if n := len([]rune(line)); n >= 80 {
			t.Errorf("line %d has %d characters: %q", i+1, n, line)
		}
	}
	r := rules.NewReader(strings.NewReader(pgn))
	roster := []string{"Event", "Site", "Date", "Round", "White", "Black", "Result"}
	for n := 1; ; n++ {
		g, err := r.Read()
		if err != nil {
			if n == 1 || !errors.Is(err, io.EOF) {
				t.Fatalf("game %d: %v", n, err)
			}
			return
		}
		for i, name := range roster {
			if i >= len(g.Tags) || g.Tags[i].Name != name {
				t.Errorf("game %d: tag %d is %v, want %s", n, i+1, g.Tags, name)
				break
			}
		}
		if g.Tag("Result") != g.Result {
			t.Errorf("game %d: Result tag %q, termination marker %q", n, g.Tag("Result"), g.Result)
		}
		v := rules.Check(g, rules.Options{Lang: rules.English})
		if !v.Legal() {
			t.Errorf("game %d is not legal in English SAN: %v", n, v.Illegal)
		}
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestPGNRoundTrip exports a tournament as PGN, imports the file into a
// fresh tournament with the same pairings, round by round as an evening
// goes, and exports again: the two files are the same, byte for byte.
func TestPGNRoundTrip(t *testing.T) {
	t.Parallel()
	a := gamesTournament(t)
	playGames(t, a)
	a.ok("round", "pair", "--manual", "6-7, 8-9, 10-1, 2-3, 4-5")
	a.ok("round", "result", "1", "+-")
	a.ok("round", "result", "2", "--")
	a.ok("round", "result", "3", "1-0", "--reason", "resign")
	a.ok("round", "result", "5", "1/2", "--reason", "agreement")
	first := filepath.Join(t.TempDir(), "a.pgn")
	a.ok("export", "pgn", first)
	checkExport(t, readFile(t, first))

	b := gamesTournament(t)
	errs := b.okErr("game", "import", first, "--skip-unmatched")
	if !strings.Contains(errs, "skipped: game 6 (line") || !strings.Contains(errs, "round 2 is not paired yet: only round 1 is") ||
		!strings.Contains(errs, "Imported 5 games") {
		t.Errorf("import before round 2 is paired: stderr %q", errs)
	}
	b.ok("round", "pair", "--manual", "6-7, 8-9, 10-1, 2-3, 4-5")
	errs = b.okErr("game", "import", first)
	if !strings.Contains(errs, "Imported 10 games") || !strings.Contains(errs, "5 already there") {
		t.Errorf("import of both rounds: stderr %q", errs)
	}
	second := filepath.Join(t.TempDir(), "b.pgn")
	b.ok("export", "pgn", second)
	if x, y := readFile(t, first), readFile(t, second); x != y {
		t.Errorf("export after import differs:\n--- first\n%s\n--- second\n%s", x, y)
	}
	// PGN keeps the results, and the reasons its Termination tag can say.
	if x, y := strings.Join(a.boardResults("1"), ", "), strings.Join(b.boardResults("1"), ", "); x != y {
		t.Errorf("round 1 results: %s, after the round trip %s", x, y)
	}
	if got, want := strings.Join(b.boardResults("2"), ", "), "+- (forfeit), -- (forfeit), 1-0, none, 1/2-1/2"; got != want {
		t.Errorf("round 2 results after the round trip: %s, want %s", got, want)
	}
	// Importing the file again changes nothing.
	before := b.dump()
	b.ok("game", "import", first)
	if b.dump() != before {
		t.Error("importing the same file again changed the database")
	}
}

// parseFlags runs a command built with a runF hook on args and reports
// whether it was a usage error.
func parseFlags(t *testing.T, cmd interface {
	SetArgs([]string)
	Execute() error
}, args []string) (usage bool, err error) {
	t.Helper()
	cmd.SetArgs(append([]string{}, args...)) // never nil: cobra would read os.Args
	err = cmd.Execute()
	var fe *flagError
	var um *usageMarker
	return errors.As(err, &fe) || errors.As(err, &um), err
}

func TestGameCommandFlags(t *testing.T) {
	t.Parallel()
	a := &app{stdin: strings.NewReader(""), stdout: &bytes.Buffer{}, stderr: &bytes.Buffer{}}
	t.Run("add", func(t *testing.T) {
		tests := []struct {
			args  []string
			want  gameAddOptions
			usage bool
		}{
			{[]string{"3", "g.pgn"}, gameAddOptions{Board: "3", Path: "g.pgn"}, false},
			{[]string{"3", "-", "--round", "2", "--lang", "it"}, gameAddOptions{Board: "3", Path: "-", Round: 2, Lang: rules.Italian}, false},
			{[]string{"4", "g.pgn", "--ruling", "Black loses", "--result", "1-0", "--reason", "arbiter"},
				gameAddOptions{Board: "4", Path: "g.pgn", Ruling: "Black loses", Result: "1-0", Reason: "arbiter"}, false},
			{[]string{"3"}, gameAddOptions{}, true},
			{[]string{"3", "a.pgn", "b.pgn"}, gameAddOptions{}, true},
			{[]string{"3", "g.pgn", "--lang", "fr"}, gameAddOptions{}, true},
			{[]string{"3", "g.pgn", "--ruling", " "}, gameAddOptions{}, true},
		}
		for _, tt := range tests {
			var got *gameAddOptions
			cmd := newGameAddCmd(a, func(_ context.Context, o *gameAddOptions) error { got = o; return nil })
			wrapArgs(cmd)
			cmd.SetOut(&bytes.Buffer{})
			cmd.SetErr(&bytes.Buffer{})
			usage, err := parseFlags(t, cmd, tt.args)
			switch {
			case tt.usage != usage:
				t.Errorf("game add %q: error %v, want usage error %v", tt.args, err, tt.usage)
			case !tt.usage && *got != tt.want:
				t.Errorf("game add %q: options %+v, want %+v", tt.args, *got, tt.want)
			}
		}
	})
	t.Run("import", func(t *testing.T) {
		tests := []struct {
			args  []string
			want  gameImportOptions
			usage bool
		}{
			{[]string{"r.pgn"}, gameImportOptions{Path: "r.pgn"}, false},
			{[]string{"r.pgn", "--round", "3", "--skip-unmatched"}, gameImportOptions{Path: "r.pgn", Round: 3, SkipUnmatched: true}, false},
			{[]string{"--lang=it", "-"}, gameImportOptions{Path: "-", Lang: rules.Italian}, false},
			{[]string{}, gameImportOptions{}, true},
			{[]string{"a.pgn", "b.pgn"}, gameImportOptions{}, true},
		}
		for _, tt := range tests {
			var got *gameImportOptions
			cmd := newGameImportCmd(a, func(_ context.Context, o *gameImportOptions) error { got = o; return nil })
			wrapArgs(cmd)
			cmd.SetOut(&bytes.Buffer{})
			cmd.SetErr(&bytes.Buffer{})
			usage, err := parseFlags(t, cmd, tt.args)
			switch {
			case tt.usage != usage:
				t.Errorf("game import %q: error %v, want usage error %v", tt.args, err, tt.usage)
			case !tt.usage && *got != tt.want:
				t.Errorf("game import %q: options %+v, want %+v", tt.args, *got, tt.want)
			}
		}
	})
	t.Run("show, list, export pgn", func(t *testing.T) {
		var show *gameShowOptions
		var list *gameListOptions
		var export *exportPGNOptions
		tests := []struct {
			cmd   func() interface{ Execute() error }
			args  []string
			check func() bool
			usage bool
		}{
			{nil, []string{"show", "2", "--round", "3", "--lang", "it", "--json"}, func() bool {
				return *show == gameShowOptions{Board: "2", Round: 3, Lang: rules.Italian, JSON: true}
			}, false},
			{nil, []string{"show", "2"}, func() bool { return *show == gameShowOptions{Board: "2", Lang: rules.English} }, false},
			{nil, []string{"show"}, nil, true},
			{nil, []string{"show", "2", "--lang", "auto"}, nil, true},
			{nil, []string{"list", "--round", "2", "--json"}, func() bool { return *list == gameListOptions{Round: 2, JSON: true} }, false},
			{nil, []string{"list", "3"}, nil, true},
			{nil, []string{"pgn", "out.pgn", "--round", "2", "--lang", "it"}, func() bool {
				return *export == exportPGNOptions{File: "out.pgn", Round: 2, Lang: rules.Italian}
			}, false},
			{nil, []string{"pgn", "out.pgn"}, func() bool { return *export == exportPGNOptions{File: "out.pgn", Lang: rules.English} }, false},
			{nil, []string{"pgn"}, nil, true},
		}
		for _, tt := range tests {
			show, list, export = nil, nil, nil
			var cmd interface {
				SetArgs([]string)
				Execute() error
			}
			switch tt.args[0] {
			case "show":
				c := newGameShowCmd(a, func(_ context.Context, o *gameShowOptions) error { show = o; return nil })
				wrapArgs(c)
				c.SetOut(&bytes.Buffer{})
				c.SetErr(&bytes.Buffer{})
				cmd = c
			case "list":
				c := newGameListCmd(a, func(_ context.Context, o *gameListOptions) error { list = o; return nil })
				wrapArgs(c)
				c.SetOut(&bytes.Buffer{})
				c.SetErr(&bytes.Buffer{})
				cmd = c
			case "pgn":
				c := newExportPGNCmd(a, func(_ context.Context, o *exportPGNOptions) error { export = o; return nil })
				wrapArgs(c)
				c.SetOut(&bytes.Buffer{})
				c.SetErr(&bytes.Buffer{})
				cmd = c
			}
			usage, err := parseFlags(t, cmd, tt.args[1:])
			switch {
			case tt.usage != usage:
				t.Errorf("%q: error %v, want usage error %v", tt.args, err, tt.usage)
			case !tt.usage && !tt.check():
				t.Errorf("%q: options %+v %+v %+v", tt.args, show, list, export)
			}
		}
	})
}

// TestGameBadInput checks that every refused game command prints one line
// saying what is wrong and what to type instead, exits 1 and leaves the
// database as it was.
func TestGameBadInput(t *testing.T) {
	t.Parallel()
	c := gamesTournament(t)
	playGames(t, c)
	mate := readFile(t, gameFile("mate.pgn"))
	swapped := strings.NewReplacer(`[White "Neri, Paolo"]`, `[White "Verdi, Ugo"]`, `[Black "Verdi, Ugo"]`, `[Black "Paolo Neri"]`).Replace(mate)
	tests := []struct {
		name  string
		stdin string
		args  []string
		want  []string
	}{
		{"unknown board", "", []string{"game", "add", "9", gameFile("mate.pgn")}, []string{"round 1 has no board 9: its boards are 1 to 5", "round show 1"}},
		{"board not a number", "", []string{"game", "show", "b2"}, []string{`board "b2"`, "board number"}},
		{"unreadable PGN", "", []string{"game", "add", "1", gameFile("broken.pgn")}, []string{"cannot read " + gameFile("broken.pgn") + ": line 2, column 1: unterminated tag"}},
		{"unreadable PGN on import", "1. e4 {never closed\n", []string{"game", "import", "-"}, []string{"cannot read standard input: line 1, column 7", "never closed"}},
		{"missing file", "", []string{"game", "import", "nowhere.pgn"}, []string{"cannot read nowhere.pgn: no such file or directory"}},
		{"round not paired", "", []string{"game", "add", "1", gameFile("mate.pgn"), "--round", "2"}, []string{"round 2 is not paired yet: type a round from 1 to 1"}},
		{"import for a round not paired", strings.Replace(mate, `[Event "Labyrinth"]`, `[Round "5"]`, 1), []string{"game", "import", "-"},
			[]string{`game 1 (line 1, Neri, Paolo - Verdi, Ugo): round 5 is not paired yet: only round 1 is`, "nothing imported", "--skip-unmatched"}},
		{"import --round not paired", mate, []string{"game", "import", "-", "--round", "3"}, []string{"--round: round 3 is not paired yet"}},
		{"colours swapped", swapped, []string{"game", "add", "1", "-"}, []string{`the colours are swapped: the game has White "Verdi, Ugo" and Black "Paolo Neri", but on board 1 of round 1 Neri, Paolo has White and Verdi, Ugo Black`, "fix the White and Black tags"}},
		{"colours swapped on import", swapped, []string{"game", "import", "-"}, []string{"game 1 (line 1, Verdi, Ugo - Paolo Neri): the colours are swapped", "1 game of standard input refused: nothing imported"}},
		{"two games for game add", mate + "\n" + mate, []string{"game", "add", "1", "-"}, []string{"standard input holds 2 games: game add takes one", "game import"}},
		{"no moves", `[White "Neri, Paolo"] *`, []string{"game", "add", "1", "-"}, []string{"has no moves", "round result 1 RESULT"}},
		{"no game at all", "  \n", []string{"game", "add", "1", "-"}, []string{"standard input holds no game"}},
		{"illegal game on import", strings.Replace(readFile(t, gameFile("illegal.pgn")), "[Result", `[Round "1.4"] [Result`, 1), []string{"game", "import", "-"},
			[]string{"game 1 (line 1, Ricci, Luca - Moretti, Elena), round 1 board 4: illegal move 4...Nd4 (black, line 5)", "(art. 3.9)", "{Ruling: TEXT}"}},
		{"bad --result", "", []string{"game", "add", "1", gameFile("mate.pgn"), "--result", "2-0"}, []string{`--result: unknown result "2-0"`}},
		{"bad --reason", "", []string{"game", "add", "1", gameFile("mate.pgn"), "--reason", "tired"}, []string{`--reason: unknown reason "tired"`}},
		{"wrong result typed with a game", "", []string{"game", "add", "2", gameFile("stalemate.pgn"), "--result", "1-0"}, []string{"stalemate after 10.Qe6 (art. 5.2.1): the result is 1/2-1/2, not 1-0"}},
		{"bad --fen", "", []string{"round", "result", "3", "0-1", "--reason", "time", "--fen", "8/8/8", "--correct"}, []string{`--fen "8/8/8"`, "6 fields of a FEN"}},
		{"result against a stalemate", "", []string{"round", "result", "2", "1-0", "--correct"}, []string{"the game attached to the board: the game ended in stalemate after 10.Qe6 (art. 5.2.1): the result is 1/2-1/2, not 1-0"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c.refused(tt.stdin, tt.want, tt.args...)
		})
	}

	t.Run("show a board without a game", func(t *testing.T) {
		d := gamesTournament(t)
		d.refused("", []string{"round 1 board 2 has no game: attach one with arbiter game add 2 FILE --round 1"}, "game", "show", "2")
	})
	t.Run("export before any round", func(t *testing.T) {
		d := newCLI(t)
		d.ok("tournament", "new", "Empty")
		d.refused("", []string{"no round of Empty is paired yet"}, "export", "pgn", filepath.Join(t.TempDir(), "x.pgn"))
	})
	t.Run("one unmatched game among others", func(t *testing.T) {
		d := gamesTournament(t)
		file := "[Round \"1.2\"] [White \"Bianchi, Anna\"] [Black \"Conti, Sara\"] [Result \"1/2-1/2\"] 1. e4 e5 1/2-1/2\n\n" +
			"[Round \"1\"] [White \"Carlsen, Magnus\"] [Black \"Conti, Sara\"] [Result \"1-0\"] 1. d4 1-0\n\n" +
			"[Round \"1\"] [White \"Rossi, Mario\"] [Black \"Neri, Paolo\"] [Result \"1-0\"] 1. c4 1-0\n"
		before := d.dump()
		_, errs, code := d.runIn(file, "game", "import", "-")
		lines := strings.Split(strings.TrimSpace(errs), "\n")
		if code != 1 || len(lines) != 3 || d.dump() != before {
			t.Fatalf("exit %d, stderr:\n%s\nwant exit 1, two games listed and a summary, nothing imported", code, errs)
		}
		for i, want := range []string{
			`unmatched: game 2 (line 3, Carlsen, Magnus - Conti, Sara): no board of round 1 has White "Carlsen, Magnus" and Black "Conti, Sara"`,
			`unmatched: game 3 (line 5, Rossi, Mario - Neri, Paolo): no board of round 1 has White "Rossi, Mario" and Black "Neri, Paolo"`,
			"arbiter: 2 games of 3 in standard input match no board: nothing imported; fix the tags, or add --skip-unmatched to import the 1 that match",
		} {
			if lines[i] != want {
				t.Errorf("line %d = %q\nwant %q", i+1, lines[i], want)
			}
		}
		_, errs, code = d.runIn(file, "game", "import", "-", "--skip-unmatched")
		if code != 0 || strings.Count(errs, "skipped: game") != 2 || !strings.Contains(errs, "Imported 1 game from standard input: 1 game stored; 1 result entered; 2 skipped.") {
			t.Errorf("import --skip-unmatched: exit %d, stderr:\n%s", code, errs)
		}
		if got := strings.Join(d.boardResults("1"), ", "); got != "none, 1/2-1/2, none, none, none" {
			t.Errorf("results after the import: %s", got)
		}
	})
}

// TestRoundResultLaws checks that round result passes the final position
// (--fen) and --both-flags to the desk and words its notes, and refuses
// the flags that do not go together. The results the Laws give, for each
// case and edition, are the desk's TestResultLaws.
func TestRoundResultLaws(t *testing.T) {
	t.Parallel()
	// White has a queen, Black a bare king, Black to move.
	const bare = "8/8/4k3/8/8/8/3QK3/8 b - - 0 61"
	tests := []struct {
		name     string
		settings []string // tournament new flags
		args     []string // round result arguments after the board
		want     string   // the result entered, with its reason
		says     string   // part of stderr
	}{
		{"time, bare king", nil, []string{"0-1", "--reason", "time", "--fen", bare}, "1/2-1/2 (time)",
			"White lost on time but Black cannot checkmate by any series of legal moves (lone king): the game is drawn (art. 6.9)."},
		{"both flags, Labyrinth blitz", []string{"--preset", "labyrinth"}, []string{"1-0", "--reason", "time", "--both-flags"}, "1/2-1/2 (time)",
			"Both flags fell and it cannot be told which fell first: the game is drawn (Laws of 2023: no rule for blitz (Guidelines III.2.2), drawn as by the rapidplay rule the Labyrinth regulation adopts), not 1-0."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			c := newCLI(t)
			c.ok(append([]string{"tournament", "new", "T", "--first-colour", "white"}, tt.settings...)...)
			for _, p := range gamesPlayers[:4] {
				c.ok("player", "add", p.name, "--rating", p.rating)
			}
			c.ok("round", "pair", "--manual", "1-3, 2-4")
			errs := c.okErr(append([]string{"round", "result", "1"}, tt.args...)...)
			if !strings.Contains(errs, tt.says) {
				t.Errorf("stderr %q, want it to say %q", errs, tt.says)
			}
			if got := c.boardResults("1")[0]; got != tt.want {
				t.Errorf("board 1 has %s, want %s", got, tt.want)
			}
		})
	}

	c := newCLI(t)
	c.ok("tournament", "new", "T")
	for _, p := range gamesPlayers[:2] {
		c.ok("player", "add", p.name)
	}
	c.ok("round", "pair", "--manual", "1-2")
	_, errs, code := c.run("round", "result", "1", "1-0", "--reason", "resign", "--both-flags")
	if code != 2 || !strings.Contains(errs, "--both-flags goes with --reason time, not --reason resign") {
		t.Errorf("--both-flags with a resignation: exit %d, stderr %q; want a usage error", code, errs)
	}
	c.refused("", []string{"the position given with --fen: Black is checkmated in the position given (art. 5.1.1): the result is 1-0, not 1/2-1/2"},
		"round", "result", "1", "1/2", "--fen", "7k/6Q1/6K1/8/8/8/8/8 b - - 0 40")
}
