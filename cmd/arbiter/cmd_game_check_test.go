package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/labyrinth-chess/arbiter/phrase"
	"github.com/labyrinth-chess/arbiter/rules"
)

func TestGameCheckFlags(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		args  []string
		want  gameCheckOptions
		usage bool
	}{
		{"file", []string{"games.pgn"}, gameCheckOptions{Path: "games.pgn"}, false},
		{"stdin json", []string{"--json", "-"}, gameCheckOptions{Path: "-", JSON: true}, false},
		{"italian", []string{"--lang", "it", "x.pgn"}, gameCheckOptions{Path: "x.pgn", Lang: rules.Italian}, false},
		{"english", []string{"--lang=en", "x.pgn"}, gameCheckOptions{Path: "x.pgn", Lang: rules.English}, false},
		{"time forfeit", []string{"--time-forfeit", "x.pgn"}, gameCheckOptions{Path: "x.pgn", TimeForfeit: true}, false},
		{"bad lang", []string{"--lang", "fr", "x.pgn"}, gameCheckOptions{}, true},
		{"no file", nil, gameCheckOptions{}, true},
		{"two files", []string{"a.pgn", "b.pgn"}, gameCheckOptions{}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got *gameCheckOptions
			a := &app{stdin: strings.NewReader(""), stdout: &bytes.Buffer{}, stderr: &bytes.Buffer{}}
			cmd := newGameCheckCmd(a, func(_ context.Context, o *gameCheckOptions) error {
				got = o
				return nil
			})
			wrapArgs(cmd)
			cmd.SetOut(&bytes.Buffer{})
			cmd.SetErr(&bytes.Buffer{})
			usage, err := parseFlags(t, cmd, tt.args)
			if tt.usage {
				if !usage {
					t.Fatalf("args %q: error %v, want a usage error", tt.args, err)
				}
				return
			}
			if err != nil {
				t.Fatalf("args %q: %v", tt.args, err)
			}
			if got.Path != tt.want.Path || got.JSON != tt.want.JSON || got.Lang != tt.want.Lang || got.TimeForfeit != tt.want.TimeForfeit {
				t.Errorf("args %q: options %+v, want %+v", tt.args, *got, tt.want)
			}
		})
	}
}

const checkInput = `[Event "Serata"]
[White "Rossi, Mario"]
[Black "Bianchi, Luca"]
[Result "1-0"]

1.e4 e5 2.Ac4 Cc6 3.Dh5 Cf6 4.D:f7# 1-0

[Event "Serata"]
[White "Verdi, Anna"]
[Black "Neri, Paolo"]
[Result "0-1"]

1.e4 e5 2.Cf3 Cc6 3.Ab5 a6 4.A:c6 d:c6 5.C:e5 Dd4 6.Cf3 D:e4+ 7.De2 Ag4 8.Dd3 0-1

1.f3 e5 2.g4 Dh4# 1-0
`

func TestRunGameCheckText(t *testing.T) {
	t.Parallel()
	var out, errOut bytes.Buffer
	err := runGameCheck(context.Background(), &gameCheckOptions{Path: "-", Stdin: strings.NewReader(checkInput), Stdout: &out, Stderr: &errOut})
	var xe *exitError
	if !errors.As(err, &xe) || xe.code != exitFailure {
		t.Fatalf("runGameCheck error %v, want exit status 1", err)
	}
	got := out.String()
	for _, want := range []string{
		"game 1 (line 1): Rossi, Mario - Bianchi, Luca, 1-0\n  moves:  legal, 4 moves (7 plies), Italian letters\n  end:    checkmate after 4.Dxf7#, ply 7 (art. 5.1.1)\n",
		"  result: consistent: White checkmated Black (art. 5.1.1)\n",
		"game 2 (line 8): Verdi, Anna - Neri, Paolo, 0-1\n  moves:  ILLEGAL 8.Dd3, ply 15 [line 13, column 75]: the queen on e2 is pinned by the black queen on e4: moving it exposes the king to check (art. 3.9)\n",
		"game 3 (line 15): ? - ?, 1-0\n",
		"  result: INCONSISTENT: White is checkmated after 2...Qh4#: the result is 0-1 (art. 5.1.1)\n",
		"3 games checked: 1 legal and consistent, 2 with problems\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
	if errOut.Len() != 0 {
		t.Errorf("stderr = %q, want nothing", errOut.String())
	}
}

func TestRunGameCheckJSON(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	_ = runGameCheck(context.Background(), &gameCheckOptions{Path: "-", JSON: true, Stdin: strings.NewReader(checkInput), Stdout: &out, Stderr: &bytes.Buffer{}})
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 3 {
		t.Fatalf("got %d lines of JSON, want 3:\n%s", len(lines), out.String())
	}
	var objs []map[string]any
	for _, l := range lines {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("line %q: %v", l, err)
		}
		objs = append(objs, m)
	}
	for _, field := range []string{"index", "white", "black", "result", "plies", "legal", "illegal_ply", "illegal_move", "reason", "article", "final_fen", "status", "claimable", "result_consistent", "result_note"} {
		for i, m := range objs {
			if _, ok := m[field]; !ok {
				t.Errorf("object %d has no field %q", i+1, field)
			}
		}
	}
	checks := []struct {
		obj   int
		field string
		want  any
	}{
		{0, "status", "checkmate"}, {0, "legal", true}, {0, "result_consistent", true}, {0, "plies", 7.0},
		{0, "final_fen", "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4"},
		{1, "legal", false}, {1, "illegal_ply", 15.0}, {1, "illegal_move", "8.Dd3"}, {1, "article", "3.9"},
		{2, "white", ""}, {2, "result", "1-0"}, {2, "result_consistent", false}, {2, "status", "checkmate"},
	}
	for _, c := range checks {
		if got := objs[c.obj][c.field]; got != c.want {
			t.Errorf("object %d %s = %v, want %v", c.obj+1, c.field, got, c.want)
		}
	}
}

func TestGameCheckExitCodes(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	good := filepath.Join(dir, "good.pgn")
	if err := os.WriteFile(good, []byte("1.e4 e5 2.Nf3 Nc6 1/2-1/2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		args  []string
		stdin string
		code  int
	}{
		{"all good", []string{"game", "check", good}, "", exitOK},
		{"good from stdin", []string{"game", "check", "-"}, "1.d4 d5 *", exitOK},
		{"illegal", []string{"game", "check", "-"}, "1.e4 e5 2.Ke3 *", exitFailure},
		{"inconsistent", []string{"game", "check", "-"}, "1.f3 e5 2.g4 Qh4# 1-0", exitFailure},
		{"unreadable", []string{"game", "check", "-"}, "1.e4 {open", exitFailure},
		{"missing file", []string{"game", "check", filepath.Join(dir, "none.pgn")}, "", exitFailure},
		{"bad lang", []string{"game", "check", "--lang", "de", good}, "", exitUsage},
		{"no argument", []string{"game", "check"}, "", exitUsage},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			code := run(context.Background(), tt.args, strings.NewReader(tt.stdin), &out, &errOut, func(string) string { return "" })
			if code != tt.code {
				t.Errorf("run(%q) = %d, want %d\nstdout: %s\nstderr: %s", tt.args, code, tt.code, out.String(), errOut.String())
			}
		})
	}
}

func TestGameCheckInterrupted(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errOut bytes.Buffer
	code := run(ctx, []string{"game", "check", "-"}, strings.NewReader("1.e4 *"), &out, &errOut, func(string) string { return "" })
	if code != exitInterrupted {
		t.Errorf("run with a cancelled context = %d, want %d", code, exitInterrupted)
	}
}

// TestVerdictWords checks that the words game check keeps from game to
// game are those the catalog gives for each game: a phrase worded once
// and looked up again, and a message filled in from its frame.
func TestVerdictWords(t *testing.T) {
	t.Parallel()
	white, black := rules.White.Phrase(), rules.Black.Phrase()
	phrases := []phrase.Text{
		phrase.New("mate.material.loneking", "Side", white, "Squares", phrase.New("mate.squares.light")),
		phrase.New("mate.material.loneking", "Side", black, "Squares", phrase.New("mate.squares.light")),
		phrase.New("result.resigned", "Loser", white),
		phrase.New("result.resigned", "Loser", black),
		phrase.New("result.illegal", "Move", "12.Nf3"),
		phrase.New("result.illegal", "Move", "12...Nf3"),
		phrase.New("result.agreement"),
		phrase.Join("; ", phrase.New("result.agreement"), phrase.New("result.resigned", "Loser", black)),
		phrase.New("move.ambiguous.both", "Pieces", phrase.New("pieces.knight"), "First", "b1", "Last", "f3", "To", "d2"),
		phrase.New("move.ambiguous.both", "Pieces", phrase.New("pieces.rook"), "First", "b1", "Last", "f3", "To", "d2"),
	}
	for _, lang := range locale.Langs() {
		l := locale.New(lang)
		vw := newVerdictWords(l)
		for round := range 2 {
			for _, p := range phrases {
				if got, want := vw.word(p), l.Word(p); got != want {
					t.Errorf("%s, round %d: word(%s) = %q, want %q", lang, round, p.Stored(), got, want)
				}
			}
		}
		if a, b := vw.word(phrases[2]), vw.word(phrases[3]); a == b {
			t.Errorf("%s: White's and Black's resignations are worded alike: %q", lang, a)
		}
		for _, g := range []struct {
			index, line  int
			white, black string
			result       string
		}{{1, 1, "Rossi, Mario", "Bianchi, Anna", "1-0"}, {12, 340, "?", "O'Neil {x}", "1/2-1/2"}} {
			var b bytes.Buffer
			w := bufio.NewWriter(&b)
			vw.game.write(w, strconv.Itoa(g.index), strconv.Itoa(g.line), g.white, g.black, g.result)
			w.Flush()
			want := l.T("cli.game_check.game", "Index", g.index, "Line", g.line, "White", g.white, "Black", g.black, "Result", g.result)
			if b.String() != want {
				t.Errorf("%s: game frame = %q, want %q", lang, b.String(), want)
			}
		}
		for _, f := range []struct {
			name  string
			frame frame
			id    string
			names []string
			vals  []string
		}{
			{"end", vw.end, "cli.game_check.end", []string{"Status", "Move", "Ply", "Article"}, []string{"checkmate", "2...Qh4#", "4", "art. 5.1.1"}},
			{"noend", vw.noend, "cli.game_check.noend", []string{"Status"}, []string{"ongoing"}},
			{"claimable", vw.claimable, "cli.game_check.claimable", []string{"Claims"}, []string{"threefold, fifty_moves"}},
			{"inconsistent", vw.consistent[0], "cli.verdict.inconsistent", []string{"Note"}, []string{"the result is 0-1"}},
			{"consistent", vw.consistent[1], "cli.verdict.consistent", []string{"Note"}, []string{"plausible: a draw by agreement"}},
		} {
			var args []any
			for i, n := range f.names {
				args = append(args, n, f.vals[i])
			}
			if got, want := f.frame.text(f.vals...), l.T(f.id, args...); got != want {
				t.Errorf("%s: %s frame = %q, want %q", lang, f.name, got, want)
			}
		}
		for _, moves := range []int{1, 2, 40} {
			f := newFrame(func(args ...any) string { return l.N("cli.game_check.legal", moves, args...) }, "Plies", "Letters")
			got := f.text(strconv.Itoa(2*moves-1), "English")
			if want := l.N("cli.game_check.legal", moves, "Plies", 2*moves-1, "Letters", "English"); got != want {
				t.Errorf("%s: legal frame for %d moves = %q, want %q", lang, moves, got, want)
			}
		}
	}
}
