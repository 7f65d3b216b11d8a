package rules

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "update golden files")

// summary writes a game's tags, moves (with NAGs, comments and
// variations) and result in a compact form for comparisons.
func summary(g *Game) string {
	var b strings.Builder
	for _, t := range g.Tags {
		fmt.Fprintf(&b, "[%s=%s]", t.Name, t.Value)
	}
	for _, c := range g.Comments {
		fmt.Fprintf(&b, " {%s}", c)
	}
	writeNodes(&b, g.Moves)
	fmt.Fprintf(&b, " %s", g.Result)
	return strings.TrimSpace(b.String())
}

func writeNodes(b *strings.Builder, nodes []Node) {
	for _, nd := range nodes {
		fmt.Fprintf(b, " %s", nd.Text)
		for _, n := range nd.NAGs {
			fmt.Fprintf(b, " $%d", n)
		}
		for _, c := range nd.Comments {
			fmt.Fprintf(b, " {%s}", c)
		}
		for _, v := range nd.Variations {
			b.WriteString(" (")
			for _, c := range v.Comments {
				fmt.Fprintf(b, " {%s}", c)
			}
			writeNodes(b, v.Moves)
			b.WriteString(" )")
		}
	}
}

func readAll(tb testing.TB, pgn string) ([]*Game, []error) {
	tb.Helper()
	r := NewReader(strings.NewReader(pgn))
	var games []*Game
	var errs []error
	for {
		g, err := r.Read()
		if errors.Is(err, io.EOF) {
			return games, errs
		}
		if g == nil {
			tb.Fatalf("Read returned no game and %v", err)
		}
		games = append(games, g)
		errs = append(errs, err)
	}
}

func TestReader(t *testing.T) {
	tests := []struct {
		name string
		pgn  string
		want []string // summary of each game
	}{
		{"export format", "[Event \"Club\"]\n[White \"Rossi, Mario\"]\n\n1. e4 e5 2. Nf3 1-0\n",
			[]string{"[Event=Club][White=Rossi, Mario] e4 e5 Nf3 1-0"}},
		{"bare movetext", "1.e4 e5 2.Df3 Cc6 3.Ac4 Cf6 4.Dxf7#",
			[]string{"e4 e5 Df3 Cc6 Ac4 Cf6 Dxf7#"}},
		{"two bare games", "1.e4 e5 2.Cf3\n\n1.d4 d5 *\n",
			[]string{"e4 e5 Cf3", "d4 d5 *"}},
		{"sloppy numbers", "1 d4 Cf6 2.c4 e6 3.-Cc3 is wrong but 3...Ab4 4. Ad2 5... 16 Db4 12... x",
			[]string{"d4 Cf6 c4 e6 Cc3 is wrong but Ab4 Ad2 Db4 x"}},
		{"glued numbers", "1.e4 1...e5 2.Nf3 2…Nc6 3.-Bb5 1/2-1/2",
			[]string{"e4 e5 Nf3 Nc6 Bb5 1/2-1/2"}},
		{"no numbers", "e4 e5 Nf3 Nc6 *", []string{"e4 e5 Nf3 Nc6 *"}},
		{"castling with zeros", "1.e4 e5 2.Cf3 Cc6 3.Ac4 Ac5 4.0-0 0-0 0-1", []string{"e4 e5 Cf3 Cc6 Ac4 Ac5 0-0 0-0 0-1"}},
		{"comments", "{start} 1.e4 {best by test} e5 ; a line comment\n2.Nf3 {a\n  long   comment} *",
			[]string{"{start} e4 {best by test} e5 {a line comment} Nf3 {a long comment} *"}},
		{"nags and glyphs", "1.e4 $1 e5 ! 2.Nf3 !? Nc6?! 3.Bb5 +- *",
			[]string{"e4 $1 e5 $1 Nf3 $5 Nc6?! Bb5 $18 *"}},
		{"draw offer", "1.e4 e5 2.Cf3 (=) Cc6 3.Ab5(=) 1/2-1/2",
			[]string{"e4 e5 Cf3 {(=)} Cc6 Ab5 {(=)} 1/2-1/2"}},
		{"check and en passant apart", "1.e4 d5 2.e5 f5 3.exf6 e.p. Nc6 4.Bb5 + *",
			[]string{"e4 d5 e5 f5 exf6 e.p. Nc6 Bb5+ *"}},
		{"marks written twice", "1.e4 d5 2.e5 f5 3.exf6 e.p. ep Nc6 4.Bb5+ + # *",
			[]string{"e4 d5 e5 f5 exf6 e.p. Nc6 Bb5+ *"}},
		{"promotion in brackets", "1.a8(Q) *", []string{"a8(Q) *"}},
		{"variations", "1.e4 e5 (1...c5 2.Nf3 (2.c3 d5) d6) ( {French} 1...e6) 2.Nf3 *",
			[]string{"e4 e5 ( c5 Nf3 ( c3 d5 ) d6 ) ( {French} e6 ) Nf3 *"}},
		{"escape line", "%this line is ignored\n1.e4 *", []string{"e4 *"}},
		{"tag escapes", `[Event "the \"Big\" one \\ 2"] *`, []string{`[Event=the "Big" one \ 2] *`}},
		{"stray quote in a tag", `[Event "the "Big" one"] *`, []string{`[Event=the "Big" one] *`}},
		{"byte order mark and CRLF", "\ufeff[Event \"x\"]\r\n\r\n1. e4 e5 *\r\n\r\n[Event \"y\"]\r\n\r\n1. d4 *\r\n",
			[]string{"[Event=x] e4 e5 *", "[Event=y] d4 *"}},
		{"Latin-1 name", "[White \"Nicol\xf2, D\xe9sir\xe9e \x93Zizi\x94\"] *", []string{"[White=Nicolò, Désirée “Zizi”] *"}},
		{"empty line inside tags", "[Event \"x\"]\n\n[Round \"1\"]\n\n1.e4 *", []string{"[Event=x][Round=1] e4 *"}},
		{"no result before next game", "[Event \"a\"]\n1.e4\n[Event \"b\"]\n1.d4 *", []string{"[Event=a] e4", "[Event=b] d4 *"}},
		{"result variants", "1.e4 e5 ½-½", []string{"e4 e5 1/2-1/2"}},
		{"game without moves", "[Event \"x\"]\n{abandoned} *", []string{"[Event=x] {abandoned} *"}},
		{"coordinate moves", "g1f3 c7c5 e2e4 e1g1 1/2-1/2", []string{"g1f3 c7c5 e2e4 e1g1 1/2-1/2"}},
		{"figurines", "1.e4 e5 2.♘f3 *", []string{"e4 e5 ♘f3 *"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			games, errs := readAll(t, tt.pgn)
			var got []string
			for i, g := range games {
				if errs[i] != nil {
					t.Errorf("game %d: %v", i+1, errs[i])
				}
				got = append(got, summary(g))
			}
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("Read(%q) =\n%s\nwant\n%s", tt.pgn, strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

func TestReaderErrors(t *testing.T) {
	tests := []struct {
		name      string
		pgn       string
		line, col int
		msg       string
		next      string // summary of the game read after the bad one, "" if none
	}{
		{"unterminated comment", "1.e4 {never closed\n[Event \"next\"]\n1.d4 *", 1, 6, "never closed", "[Event=next] d4 *"},
		{"unterminated comment at end", "1.e4 {never closed", 1, 6, "never closed", ""},
		{"closing bracket", "1.e4 ) e5 *\n1.d4 *", 1, 6, "without an opening", "d4 *"},
		{"unclosed variation", "1.e4 (1.d4", 1, 11, "never closed", ""},
		{"bad NAG", "1.e4 $x *", 1, 6, "NAG", ""},
		{"NAG first", "$1 1.e4 *", 1, 1, "before any move", ""},
		{"unterminated tag", "[Event \"x\n1.e4 *", 1, 1, "unterminated tag", ""},
		{"variation first", "(1.d4) 1.e4 *", 1, 1, "must follow the move", ""},
		{"unexpected character", "1.e4 & e5 *", 1, 6, "unexpected", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			games, errs := readAll(t, tt.pgn)
			var se *SyntaxError
			if len(errs) == 0 || !errors.As(errs[0], &se) || !errors.Is(errs[0], ErrPGN) {
				t.Fatalf("Read(%q) errors %v, want a SyntaxError", tt.pgn, errs)
			}
			if se.Line != tt.line || se.Col != tt.col || !strings.Contains(se.Msg, tt.msg) {
				t.Errorf("Read(%q) = %d:%d %q, want %d:%d with %q", tt.pgn, se.Line, se.Col, se.Msg, tt.line, tt.col, tt.msg)
			}
			next := ""
			if len(games) > 1 {
				next = summary(games[1])
			}
			if next != tt.next {
				t.Errorf("Read(%q) next game = %q, want %q", tt.pgn, next, tt.next)
			}
		})
	}
}

// TestWriterGolden reads a messy file (Italian letters, sloppy numbers,
// comments, variations, NAGs, Latin-1), normalizes it to SAN and writes
// it in export format, compared with testdata/export.golden.
func TestWriterGolden(t *testing.T) {
	in, err := os.ReadFile(filepath.Join("testdata", "export_in.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	w := NewWriter(&out)
	r := NewReader(bytes.NewReader(in))
	for {
		g, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if err := Normalize(g, Options{}, English); err != nil {
			t.Fatal(err)
		}
		if err := w.Write(g); err != nil {
			t.Fatal(err)
		}
	}
	golden := filepath.Join("testdata", "export.golden")
	if *update {
		if err := os.WriteFile(golden, out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out.Bytes(), want) {
		t.Errorf("export differs from %s (run go test -update and review the diff):\n%s", golden, out.String())
	}
	for i, line := range strings.Split(out.String(), "\n") {
		if len([]rune(line)) >= 80 || strings.TrimSpace(line) != line {
			t.Errorf("line %d %q: export lines must be shorter than 80 characters, without leading or trailing space", i+1, line)
		}
	}
}

func TestWriterTags(t *testing.T) {
	g := &Game{Tags: []Tag{{"White", "Bianchi, Luca"}, {"ECO", "C20"}, {"Annotator", "x"}, {"Event", "Club"}}, Result: "1-0"}
	var b strings.Builder
	if err := NewWriter(&b).Write(g); err != nil {
		t.Fatal(err)
	}
	want := `[Event "Club"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "Bianchi, Luca"]
[Black "?"]
[Result "1-0"]
[Annotator "x"]
[ECO "C20"]

1-0

`
	if b.String() != want {
		t.Errorf("Write = %q, want %q", b.String(), want)
	}
}

// TestRoundTrip reads the sample games, writes them and reads them again:
// the moves, comments, NAGs, variations and results must come back equal.
func TestRoundTrip(t *testing.T) {
	for _, name := range []string{"games.pgn", "export_in.pgn"} {
		in, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		checkRoundTrip(t, in)
	}
}

// checkRoundTrip checks that every game read from data is written and read
// back unchanged (tags aside, which the writer completes and reorders),
// and that writing is stable.
func checkRoundTrip(t *testing.T, data []byte) {
	t.Helper()
	r := NewReader(bytes.NewReader(data))
	for {
		g, err := r.Read()
		if errors.Is(err, io.EOF) {
			return
		}
		if g == nil {
			t.Fatalf("Read: no game and %v", err)
		}
		out := AppendPGN(nil, g)
		g2, err2 := NewReader(bytes.NewReader(out)).Read()
		if err2 != nil {
			t.Fatalf("reading back %q: %v", out, err2)
		}
		if out2 := AppendPGN(nil, g2); !bytes.Equal(out, out2) {
			t.Fatalf("writing what was read back changed it:\n%s\n%s", out, out2)
		}
		if g.Result == "" { // the writer ends every game with a marker
			g.Result = resultToken(g.Tag("Result"))
			if g.Result == "" {
				g.Result = "*"
			}
		}
		g.Tags, g2.Tags = nil, nil
		if a, b := summary(g), summary(g2); a != b {
			t.Fatalf("round trip changed the game:\n%s\n%s\nwritten as %q", a, b, out)
		}
	}
}

// TestSampleGames checks the sample of real games in testdata: all legal.
func TestSampleGames(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "games.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	r := NewReader(bytes.NewReader(data))
	n := 0
	for {
		g, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		n++
		if err != nil {
			t.Fatalf("game %d: %v", n, err)
		}
		if v := Check(g, Options{}); !v.Legal() {
			t.Errorf("game %d (line %d): %v %v", n, g.Line, v.Illegal, v.Err)
		}
	}
	if n < 50 {
		t.Errorf("read %d sample games, want at least 50", n)
	}
}

// TestReadInto reads the test games with Read and, reusing one Game, with
// ReadInto: the same games, and none keeps a move of a longer game read
// before it.
func TestReadInto(t *testing.T) {
	for _, name := range []string{"games.pgn", "export_in.pgn"} {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		r, into := NewReader(bytes.NewReader(data)), NewReader(bytes.NewReader(data))
		g := new(Game)
		for i := 1; ; i++ {
			want, werr := r.Read()
			gerr := into.ReadInto(g)
			if errors.Is(werr, io.EOF) {
				if !errors.Is(gerr, io.EOF) {
					t.Fatalf("%s game %d: ReadInto = %v at the end", name, i, gerr)
				}
				break
			}
			if got, w := fmt.Sprintf("%v %v", *g, gerr), fmt.Sprintf("%v %v", *want, werr); got != w {
				t.Fatalf("%s game %d: ReadInto read %.200s, want %.200s", name, i, got, w)
			}
			if rest := g.Moves[len(g.Moves):cap(g.Moves)]; len(rest) > 0 && rest[0].Text != "" {
				t.Errorf("%s game %d: a move of an earlier game is kept: %q", name, i, rest[0].Text)
			}
		}
	}
}
