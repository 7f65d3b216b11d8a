package main

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// fileReader is a command that reads a file the user names. Every reader
// is tried with the malformed files of commonBadFiles and with its own.
//
// A reader that answers (game check) reports what is wrong with the
// contents in its answer on stdout and exits 1; it refuses a file it
// cannot read at all (missing, a folder, empty) with one line on stderr.
//
// To add a reader, add one line to fileReaders, with the malformed files
// of its own format.
type fileReader struct {
	name    string
	ext     string
	args    func(file string) []string
	answers bool
	bad     []badFile
}

// badFile is a malformed input file. The command must exit 1 with one
// line naming the file and matching want (a regexp; "" for any); for a
// reader that answers, unless the file is unreadable, with an answer
// matching want ("" for one naming a line and column).
type badFile struct {
	name       string
	content    func() []byte // nil for a file that is not there
	folder     bool          // a folder of that name instead of a file
	unreadable bool          // refused by every reader, even those that answer
	want       string
}

func text(s string) func() []byte { return func() []byte { return []byte(s) } }

// commonBadFiles are tried with every reader.
var commonBadFiles = []badFile{
	{name: "missing", unreadable: true, want: `no such file or directory`},
	{name: "folder", folder: true, unreadable: true, want: `folder|directory`},
	{name: "empty", content: text(""), unreadable: true},
	{name: "binary garbage", content: garbage(4096)},
	{name: "NUL bytes", content: func() []byte { return make([]byte, 1024) }},
	{name: "one long line", content: func() []byte { return bytes.Repeat([]byte("x"), 1<<20) }},
}

func fileReaders() []fileReader {
	return []fileReader{
		{name: "player import CSV", ext: ".csv", args: func(f string) []string { return []string{"player", "import", f} }, bad: []badFile{
			{name: "bad rating at line 4", content: text("name;rating\nZed, One;1800\nZed, Two;1700\nZed, Three;17OO\n"), want: `line 4, column "rating": "17OO" is not a rating`},
			{name: "no name column", content: text("rating,club\n1800,Labyrinth\n"), want: `line 1: .*column called name`},
			{name: "quote never closed at line 3", content: text("name\nZed\n\"Zed, Two\n"), want: `line 3: .*quote`},
			{name: "header only", content: text("name,rating\n"), want: `no players below its header row`},
			{name: "BEL at line 2", content: text("name\nZed\x07One\n"), want: `line 2, column "name": character 4 is BEL \(U\+0007\), a control character`},
			{name: "ESC at line 3", content: text("name\nZed\n\"Evil\x1b]0;pwned\x07 Name\"\n"), want: `line 3, column "name": character 5 is ESC \(U\+001B\), a control character`},
			{name: "NUL at line 2", content: text("name,club\nZed,Lab\x00\n"), want: `line 2, column "club": character 4 is NUL`},
			{name: "DEL at line 2", content: text("name\nZed\x7f\n"), want: `line 2, column "name": character 4 is DEL`},
			{name: "C1 CSI at line 2", content: text("name\nZed\u009b2J\n"), want: `line 2, column "name": character 4 is CSI \(U\+009B\), a control character`},
			{name: "bidi override at line 2", content: text("name\n\u202eZed\n"), want: `line 2, column "name": character 1 is U\+202E, a bidirectional formatting character`},
			{name: "line separator at line 2", content: text("name\nZed\u2028One\n"), want: `line 2, column "name": character 4 is U\+2028, a control character`},
			{name: "name too long at line 2", content: text("name\n" + strings.Repeat("Zed", 40) + "\n"), want: `line 2, column "name": the text is 120 characters long: at most 100 fit`},
			{name: "likely duplicate at line 3", content: text("name\n\"Zed, One\"\n\"Rosi, Mario\"\n"), want: `line 3: "Rosi, Mario" looks like club player id:3 Rossi, Mario`},
			{name: "player already entered at line 2", content: text("name\n\"Rossi, Mario\"\n"), want: `line 2: Rossi, Mario is already entered`},
			{name: "same player twice at line 3", content: text("name;rating\nZed, One;1500\nOne Zed;1500\n"), want: `line 3: Zed, One is already entered`},
			{name: "bad title at line 2", content: text("name,title\nZed,XM\n"), want: `line 2, column "title": unknown title "XM"`},
		}},
		{name: "player import XLSX", ext: ".xlsx", args: func(f string) []string { return []string{"player", "import", f} }, bad: []badFile{
			{name: "not a zip", content: text("name,rating\nZed,1800\n"), want: `not a readable XLSX file`},
			{name: "zip without a workbook", content: zipOf("notes.txt", "hello"), want: `not a readable XLSX file`},
			{name: "zip claiming 7.5 GiB", content: claimingZip, want: `not a readable XLSX file: unzip size exceeds`},
			{name: "bad rating at line 3", content: workbook([][]any{{"Name", "Rating"}, {"Zed, One", 1800}, {"Zed, Two", "abc"}}), want: `line 3, column "Rating": "abc" is not a rating`},
			{name: "no name column", content: workbook([][]any{{"Rating", "Club"}, {1800, "Labyrinth"}}), want: `line 1: .*column called name`},
			{name: "header only", content: workbook([][]any{{"Name", "Rating"}}), want: `no players below its header row`},
		}},
		{name: "player import, unknown kind", ext: ".pdf", args: func(f string) []string { return []string{"player", "import", f} }, bad: []badFile{
			{name: "a PDF", content: text("%PDF-1.4\n"), want: `unknown kind of file: give a \.csv or \.xlsx file`},
		}},
		{name: "roster import CSV", ext: ".csv", args: func(f string) []string { return []string{"roster", "import", f} }, bad: []badFile{
			{name: "bad rating at line 3", content: text("name;rating\nZed, One;1800\nZed, Two;17OO\n"), want: `line 3, column "rating": "17OO" is not a rating`},
			{name: "bad birth year at line 2", content: text("name,birth year\nZed,19x0\n"), want: `line 2, column "birth year"`},
			{name: "no name column", content: text("rating,club\n1800,Labyrinth\n"), want: `line 1: .*column called name`},
			{name: "header only", content: text("name,rating\n"), want: `no players below its header row`},
			{name: "likely duplicate at line 3", content: text("name\n\"Zed, One\"\n\"Rosi, Mario\"\n"), want: `line 3: "Rosi, Mario" looks like club player id:3 Rossi, Mario .*import with --new`},
			{name: "same player twice at line 3", content: text("name;rating\nZed, One;1500\nOne Zed;1500\n"), want: `line 3: Zed, One is already on line 2`},
			{name: "same FIDE ID twice at line 3", content: text("name;fide id\nZed, One;4100001\nZed, Two;4100001\n"), want: `line 3: Zed, One is already on line 2`},
			{name: "ESC at line 2", content: text("name\n\"Evil\x1b]0;pwned\x07 Name\"\n"), want: `line 2, column "name": character 5 is ESC \(U\+001B\)`},
			{name: "C1 at line 2", content: text("name,club\nZed,La\u0085b\n"), want: `line 2, column "club": character 3 is U\+0085, a control character`},
			{name: "bidi isolate at line 2", content: text("name\nZed\u2067\n"), want: `line 2, column "name": character 4 is U\+2067, a bidirectional formatting character`},
		}},
		{name: "roster import XLSX", ext: ".xlsx", args: func(f string) []string { return []string{"roster", "import", f} }, bad: []badFile{
			{name: "not a zip", content: text("name,rating\nZed,1800\n"), want: `not a readable XLSX file`},
			{name: "bad rating at line 3", content: workbook([][]any{{"Name", "Rating"}, {"Zed, One", 1800}, {"Zed, Two", "abc"}}), want: `line 3, column "Rating": "abc" is not a rating`},
		}},
		{name: "roster import, unknown kind", ext: ".pdf", args: func(f string) []string { return []string{"roster", "import", f} }, bad: []badFile{
			{name: "a PDF", content: text("%PDF-1.4\n"), want: `unknown kind of file: give a \.csv or \.xlsx file`},
		}},
		{name: "game check", ext: ".pgn", answers: true, args: func(f string) []string { return []string{"game", "check", f} }, bad: []badFile{
			{name: "illegal move at line 4", content: text("[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Ke3 1-0\n"), want: `ILLEGAL 2\.Ke3, ply 3 \[line 4, column 13\]: the king on e1 cannot reach e3 \(art\. 3\.8\.1\)`},
			{name: "tag never closed", content: text("[Event \"x\n\n1. e4 *\n"), want: `UNREADABLE: cannot read the game: line 1, column 1: unterminated tag`},
			{name: "comment never closed at line 3", content: text("1. e4 e5\n2. Nf3 Nc6\n3. Bb5 {a long think *\n"), want: `line 3`},
		}},
		// game add is given its board: names and a Round tag that do
		// not fit it are warnings (its help says so), colours turned
		// round and illegal moves are errors.
		{name: "game add", ext: ".pgn", args: func(f string) []string { return []string{"game", "add", "2", f} }, bad: []badFile{
			{name: "illegal move at line 5", content: text(board2 + "\n1. e4 e5 2. Ke3 1-0\n"), want: `: round 1 board 2: illegal move 2\.Ke3 \(white, line 5\): the king on e1 cannot reach e3 \(art\. 3\.8\.1\); the game is not stored; .*--ruling`},
			{name: "colours swapped", content: text(swappedBoard2 + "\n1. e4 e5 1-0\n"), want: `the colours are swapped: the game has White "Bianchi, Anna" and Black "Conti, Sara", but on board 2 of round 1 Conti, Sara has White`},
			{name: "tag never closed at line 2", content: text("[White \"Conti, Sara\"]\n[Black \"Bianchi\n\n1. e4 *\n"), want: `line 2, column 1: unterminated tag`},
			{name: "two games", content: text(board2 + "\n1. e4 e5 1-0\n\n" + board2 + "\n1. d4 d5 1-0\n"), want: `holds 2 games: game add takes one; .*game import`},
			{name: "result the game contradicts", content: text("[White \"Conti, Sara\"]\n[Black \"Bianchi, Anna\"]\n[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 1-0\n"), want: `White is checkmated after 2\.\.\.Qh4# \(art\. 5\.1\.1\): the result is 0-1, not 1-0`},
		}},
		{name: "game import", ext: ".pgn", args: func(f string) []string { return []string{"game", "import", f} }, bad: []badFile{
			{name: "illegal move at line 6", content: text("[Round \"1.2\"]\n" + board2 + "\n1. e4 e5 2. Ke3 1-0\n"), want: `game 1 \(line 1, Conti, Sara - Bianchi, Anna\), round 1 board 2: illegal move 2\.Ke3 \(white, line 6\): .*\(art\. 3\.8\.1\); .*1 game of .* refused: nothing imported`},
			{name: "names of no board", content: text("[White \"Kasparov, Garry\"]\n[Black \"Karpov, Anatoly\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n"), want: `game 1 \(line 1, Kasparov, Garry - Karpov, Anatoly\): no board of any round has White "Kasparov, Garry" and Black "Karpov, Anatoly"; 1 game of .* matches no board: nothing imported; .*--skip-unmatched`},
			{name: "colours swapped", content: text(swappedBoard2 + "\n1. e4 e5 1-0\n"), want: `game 1 \(line 1, Bianchi, Anna - Conti, Sara\): the colours are swapped: .*fix the White and Black tags; 1 game of .* refused: nothing imported`},
			{name: "Round tag of a round not paired", content: text("[Round \"4\"]\n" + board2 + "\n1. e4 e5 1-0\n"), want: `game 1 \(line 1, Conti, Sara - Bianchi, Anna\): round 4 is not paired yet: only round 1 is; 1 game of .* matches no board: nothing imported`},
			{name: "Round tag of a board not there", content: text("[Round \"1.7\"]\n" + board2 + "\n1. e4 e5 1-0\n"), want: `round 1 has no board 7: its boards are 1 to 3; 1 game of .* matches no board`},
			{name: "two games for one board", content: text(board2 + "\n1. e4 e5 1-0\n\n" + board2 + "\n1. d4 d5 1-0\n"), want: `game 2 \(line 7, Conti, Sara - Bianchi, Anna\): round 1 board 2 already has game 1 of the file; keep one of them; 1 game of .* refused: nothing imported`},
			{name: "result against the board's", content: text("[Round \"1.1\"]\n[White \"Neri, Paolo\"]\n[Black \"Verdi, Ugo\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n"), want: `round 1 board 1: the board already has 1-0 but the game gives 0-1: White is checkmated after 2\.\.\.Qh4# \(art\. 5\.1\.1\); .*--correct; 1 game of .* refused: nothing imported`},
		}},
		{name: "import trf", ext: ".trf", args: func(f string) []string { return []string{"import", "trf", f} }, bad: append(badTRFs[:len(badTRFs):len(badTRFs)],
			badFile{name: "ESC in a name", content: text(strings.Replace(goodTRF, "Rossi, Mario", "Rossi,\x1bMario", 1)), want: `player 1: name: character 7 is ESC \(U\+001B\), a control character`},
			badFile{name: "NUL in a name", content: text(strings.Replace(goodTRF, "Rossi, Mario", "Rossi,\x00Mario", 1)), want: `name: character 7 is NUL`},
			badFile{name: "bidi override in the tournament name", content: text(strings.Replace(goodTRF, "Bad input Open", "Bad input\u202eOpen", 1)), want: `tournament name: character 10 is U\+202E`},
		)},
		{name: "trf pair", ext: ".trf", args: func(f string) []string { return []string{"trf", "pair", f} }, bad: append(badTRFs[:len(badTRFs):len(badTRFs)],
			badFile{name: "no legal pairing", content: text(noPairingTRF), want: `pairing: round 2: no legal pairing: the players cannot all be paired without rematches \(FIDE C\.04\.3 C1\)`},
		)},
		{name: "trf check", ext: ".trf", args: func(f string) []string { return []string{"trf", "check", f} }, bad: badTRFs},
		{name: "round pair --file", ext: ".txt", args: func(f string) []string { return []string{"round", "pair", "--file", f} }, bad: []badFile{
			{name: "bad board at line 3", content: text("1-4\n5-2\n3-x\n"), want: `line 3, item 1 "3-x": bad pairing`},
			{name: "unknown bye", content: text("1-4, 5-2, 3 rest"), want: `line 1, item 3 "3 rest": bad pairing: unknown bye "rest"`},
			{name: "player against the same player", content: text("1-4, 2-2"), want: `item 2 "2-2": bad pairing: a player cannot be paired against the same player`},
			{name: "comments only", content: text("# round 2\n# to do\n"), want: `empty pairing`},
		}},
	}
}

// The games of board 2 of badSetup's round 1, Conti, Sara (5) - Bianchi,
// Anna (2), with the tags right and with the colours turned round.
const (
	board2        = "[White \"Conti, Sara\"]\n[Black \"Bianchi, Anna\"]\n[Result \"1-0\"]\n"
	swappedBoard2 = "[White \"Bianchi, Anna\"]\n[Black \"Conti, Sara\"]\n[Result \"1-0\"]\n"
)

// goodTRF is a sound TRF-16 file of four players after two rounds; the
// bad files below are it with one fault.
var goodTRF = strings.Join([]string{
	"012 Bad input Open",
	"001    1 m    Rossi, Mario                      2150 ITA     2000011 1990/01/01  1.0    2     2 w 1     3 b 0",
	"001    2 m    Bianchi, Luca                     2050 ITA     2000022 1990/01/01  1.0    3     1 b 0     4 w +",
	"001    3 w    Verdi, Anna                       1980 ITA     2000033 1990/01/01  2.0    1  0000 - U     1 w 1",
	"001    4 m    Neri, Paolo                       1890 ITA     2000044 1990/01/01  0.5    4  0000 - H     2 b -",
	"XXR 3",
	"XXC white1",
	"",
}, "\n")

// noPairingTRF is two players who met in round 1 of 2: round 2 can only
// be a rematch (C.04.3 C1).
var noPairingTRF = strings.Join([]string{
	"012 No pairing",
	"001    1 m    Rossi, Mario                      2150 ITA     2000011 1990/01/01  1.0    1     2 w 1",
	"001    2 m    Bianchi, Luca                     2050 ITA     2000022 1990/01/01  0.0    2     1 b 0",
	"XXR 2",
	"XXC white1",
	"",
}, "\n")

// badTRFs are tried with every command that reads a TRF file.
var badTRFs = []badFile{
	{name: "wrong points at line 3", content: text(strings.Replace(goodTRF, "1990/01/01  1.0    3", "1990/01/01  2.0    3", 1)),
		want: `line 3, column 81: player 2 has 2\.0 points, the results give 1\.0: points do not match the results`},
	{name: "unknown opponent at line 2", content: text(strings.Replace(goodTRF, "     2 w 1", "     9 w 1", 1)),
		want: `line 2, column 92: round 1: opponent 9 has no 001 line`},
	{name: "block cut short at line 3", content: text(strings.Replace(goodTRF, "     4 w +\n", "     4 w\n", 1)),
		want: `line 3, column 109: round 2: the game against 4 has no result`},
	{name: "line cut short at line 3", content: text(strings.Replace(goodTRF, "2000022 1990/01/01  1.0    3     1 b 0     4 w +", "2000022 1990/", 1)),
		want: `line 2, column 92: round 1: player 1 meets 2, but player 2 \(line 3\) has no block in round 1`},
	{name: "points not a number at line 4", content: text(strings.Replace(goodTRF, "2.0    1", "2,O    1", 1)), want: `line 4, column 81`},
	{name: "starting rank twice at line 5", content: text(strings.Replace(goodTRF, "001    4 m    Neri", "001    3 m    Neri", 1)), want: `line 5, column 5: player 3 already on line 4`},
	{name: "header only", content: text("012 Bad input Open\nXXR 3\n"), want: `no player`},
}

// garbage returns n seeded random bytes.
func garbage(n int) func() []byte {
	return func() []byte {
		rng := rand.New(rand.NewPCG(7, 11))
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(rng.UintN(256))
		}
		return b
	}
}

func zipOf(name, content string) func() []byte {
	return func() []byte {
		var buf bytes.Buffer
		z := zip.NewWriter(&buf)
		w, _ := z.Create(name)
		w.Write([]byte(content))
		z.Close()
		return buf.Bytes()
	}
}

// claimingZip returns a small zip whose header claims an entry of
// 3.75 GiB.
func claimingZip() []byte {
	b := zipOf("[Content_Types].xml", "<x/>")()
	for i := 0; ; i += 4 {
		j := bytes.Index(b[i:], []byte("PK\x01\x02"))
		if j < 0 {
			return b
		}
		i += j
		binary.LittleEndian.PutUint32(b[i+24:], 0xF0000000) // uncompressed size
	}
}

func workbook(rows [][]any) func() []byte {
	return func() []byte {
		x := excelize.NewFile()
		sheet := x.GetSheetList()[0]
		for i, r := range rows {
			cell, _ := excelize.CoordinatesToCellName(1, i+1)
			x.SetSheetRow(sheet, cell, &r)
		}
		var buf bytes.Buffer
		x.Write(&buf)
		return buf.Bytes()
	}
}

// badSetup is setup's evening with a withdrawn player, and two more
// tournaments: Empty, and Two with two players and no round paired.
func badSetup(t *testing.T) *cli {
	t.Helper()
	c := setup(t)
	c.ok("player", "withdraw", "Gallo")
	c.ok("tournament", "new", "Empty")
	c.ok("tournament", "new", "Two")
	c.ok("player", "add", "Rossi, Mario")
	c.ok("player", "add", "Zed, Nobody")
	c.ok("tournament", "use", "Labyrinth 12 May")
	return c
}

// checkRefusal runs args and checks that the command exits with code (1,
// or 2 for usage errors), prints nothing on stdout and one line on stderr
// (for usage errors, one line then the usage) matching want, and leaves
// the database as it was.  The line must match every regexp of want.
func checkRefusal(t *testing.T, c *cli, args []string, code int, want ...string) {
	t.Helper()
	before := c.dump()
	out, errs, got := c.run(args...)
	if got != code {
		t.Errorf("arbiter %q: exit %d, want %d (stderr %q)", args, got, code, errs)
	}
	if out != "" {
		t.Errorf("arbiter %q: stdout %q, want nothing", args, out)
	}
	first, rest, _ := strings.Cut(errs, "\n")
	switch {
	case code == 2 && !strings.HasPrefix(rest, "\nUsage:"):
		t.Errorf("arbiter %q: stderr %q, want one line, then the usage", args, errs)
	case code != 2 && rest != "":
		t.Errorf("arbiter %q: stderr %q, want one line", args, errs)
	}
	if looksLikeCrash(errs) {
		t.Errorf("arbiter %q: stderr %q shows a crash", args, errs)
	}
	if len(first) > 500 {
		t.Errorf("arbiter %q: stderr line of %d bytes, want a short one: %.200q...", args, len(first), first)
	}
	if !strings.HasPrefix(first, "arbiter: ") {
		t.Errorf("arbiter %q: stderr %q, want a line starting with arbiter:", args, first)
	}
	for _, w := range want {
		if !regexp.MustCompile(w).MatchString(first) {
			t.Errorf("arbiter %q: stderr %q, want a line matching %q", args, first, w)
		}
	}
	if after := c.dump(); after != before {
		t.Errorf("arbiter %q changed the database", args)
	}
}

// checkAnswer runs a command that answers about its input and checks
// that it exits 1 with nothing on stderr, an answer matching want, and
// the database as it was.
func checkAnswer(t *testing.T, c *cli, args []string, want string) {
	t.Helper()
	before := c.dump()
	out, errs, code := c.run(args...)
	if code != 1 || errs != "" {
		t.Errorf("arbiter %q: exit %d, stderr %q; want 1 and nothing", args, code, errs)
	}
	if looksLikeCrash(out + errs) {
		t.Errorf("arbiter %q: output %.300q shows a crash", args, out+errs)
	}
	if !regexp.MustCompile(want).MatchString(out) {
		t.Errorf("arbiter %q: answer %.300q, want it to match %q", args, out, want)
	}
	if after := c.dump(); after != before {
		t.Errorf("arbiter %q changed the database", args)
	}
}

// TestBadFiles gives every command that reads a file malformed files.
func TestBadFiles(t *testing.T) {
	t.Parallel()
	c := badSetup(t)
	dir := t.TempDir()
	// The TRF files below are goodTRF with one fault each: goodTRF itself
	// must be sound.
	good := filepath.Join(dir, "good.trf")
	if err := os.WriteFile(good, []byte(goodTRF), 0o644); err != nil {
		t.Fatal(err)
	}
	if out := c.ok("trf", "pair", good); !strings.HasPrefix(out, "2\n") {
		t.Errorf("trf pair of the sound file: %q, want 2 pairs", out)
	}
	c.ok("trf", "check", good)
	for _, r := range fileReaders() {
		for _, bf := range append(commonBadFiles[:len(commonBadFiles):len(commonBadFiles)], r.bad...) {
			t.Run(r.name+"/"+bf.name, func(t *testing.T) {
				path := filepath.Join(dir, strings.NewReplacer(" ", "-", ",", "").Replace(r.name+"-"+bf.name)+r.ext)
				switch {
				case bf.folder:
					if err := os.Mkdir(path, 0o755); err != nil {
						t.Fatal(err)
					}
				case bf.content != nil:
					if err := os.WriteFile(path, bf.content(), 0o644); err != nil {
						t.Fatal(err)
					}
				}
				if r.answers && !bf.unreadable {
					want := bf.want
					if want == "" {
						want = `line \d+, column \d+`
					}
					checkAnswer(t, c, r.args(path), want)
					return
				}
				checkRefusal(t, c, r.args(path), 1, regexp.QuoteMeta(path), bf.want)
			})
		}
	}
}

// TestBadArguments gives every command bad arguments and flag values.
// want is a regexp the error line must match; it names the input.
func TestBadArguments(t *testing.T) {
	t.Parallel()
	c := badSetup(t)
	dir := t.TempDir()
	garbageDB := filepath.Join(dir, "notes.db")
	if err := os.WriteFile(garbageDB, garbage(8192)(), 0o644); err != nil {
		t.Fatal(err)
	}
	nameTaken := filepath.Join(dir, "taken.trf")
	if err := os.WriteFile(nameTaken, []byte(strings.Replace(goodTRF, "012 Bad input Open", "012 labyrinth 12 MAY", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	existing := filepath.Join(dir, "existing.db")
	// A backup is a database: replaced only with --force.
	if err := os.WriteFile(existing, []byte("SQLite format 3\x00keep me"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
		code int
		want string
	}{
		// Anywhere.
		{"unknown command", []string{"pairr"}, 2, `unknown command "pairr"`},
		{"unknown verb", []string{"round", "pari"}, 2, `unknown command "pari" for "arbiter round": did you mean "pair"`},
		{"unknown flag", []string{"player", "list", "--colour"}, 2, `--colour is not a flag of arbiter player list; see arbiter player list --help`},
		{"unknown tournament", []string{"player", "list", "--tournament", "Autumn"}, 1, `no tournament "Autumn"`},
		{"unknown tournament id", []string{"standings", "--tournament", "99"}, 1, `no tournament "99"`},
		{"database is a folder", []string{"player", "list", "--db", dir}, 1, `database ` + regexp.QuoteMeta(dir) + ` is a folder`},
		{"database is not a database", []string{"player", "list", "--db", garbageDB}, 1, regexp.QuoteMeta(garbageDB) + ` is not an arbiter database: give --db`},
		{"write to a file that is not a database", []string{"tournament", "new", "X", "--db", garbageDB}, 1, regexp.QuoteMeta(garbageDB) + ` is not an arbiter database: give --db`},
		{"database missing", []string{"standings", "--db", filepath.Join(dir, "nowhere.db")}, 1, `no database at .*nowhere\.db`},

		// tournament
		{"new: empty name", []string{"tournament", "new", " "}, 1, `the tournament needs a name`},
		{"new: name taken", []string{"tournament", "new", "labyrinth 12 MAY"}, 1, `"labyrinth 12 MAY".*already exists`},
		{"new: no name", []string{"tournament", "new"}, 2, `arbiter tournament new takes 1 argument \(arbiter tournament new .*\), and 0 were given`},
		{"new: rounds 0", []string{"tournament", "new", "X", "--rounds", "0"}, 1, `--rounds 0: type a number of rounds from 1 to 99`},
		{"new: rounds not a number", []string{"tournament", "new", "X", "--rounds", "seven"}, 2, `--rounds "seven": give a whole number, e.g. --rounds 7`},
		{"new: rounds 100", []string{"tournament", "new", "X", "--rounds", "100"}, 1, `--rounds 100`},
		{"new: date", []string{"tournament", "new", "X", "--date", "12/05/2026"}, 1, `--date "12/05/2026": type a date as YYYY-MM-DD`},
		{"new: pace", []string{"tournament", "new", "X", "--pace", "bullet"}, 1, `--pace: unknown pace "bullet"`},
		{"new: tie-breaks", []string{"tournament", "new", "X", "--tiebreaks", "BH,XX"}, 1, `--tiebreaks: .*"XX"`},
		{"new: bye value", []string{"tournament", "new", "X", "--bye-value", "2"}, 1, `--bye-value 2: type 1 or 0.5 or 0`},
		{"new: half-bye value", []string{"tournament", "new", "X", "--half-bye-value", "1"}, 1, `--half-bye-value 1: type 0.5 or 0`},
		{"new: late value", []string{"tournament", "new", "X", "--late-value", "half"}, 1, `--late-value half: type 0 or 0.5`},
		{"new: deadline", []string{"tournament", "new", "X", "--deadline", "25:00"}, 1, `--deadline "25:00": type a time as HH:MM`},
		{"new: first colour", []string{"tournament", "new", "X", "--first-colour", "red"}, 1, `--first-colour "red": type white, black or lot`},
		{"new: seed", []string{"tournament", "new", "X", "--seed", "lucky"}, 2, `--seed "lucky": give a whole number, e.g. --seed 42`},
		{"new: laws edition", []string{"tournament", "new", "X", "--laws-edition", "1999"}, 1, `--laws-edition 1999: type one of`},
		{"new: tie-break edition", []string{"tournament", "new", "X", "--tiebreak-edition", "2020"}, 1, `--tiebreak-edition 2020: type 2023`},
		{"new: pairing edition", []string{"tournament", "new", "X", "--pairing-edition", "2020"}, 1, `--pairing-edition 2020: type 2025 or 2017`},
		{"new: preset", []string{"tournament", "new", "X", "--preset", "blitz"}, 1, `unknown preset "blitz"`},
		{"use: unknown", []string{"tournament", "use", "Autumn"}, 1, `no tournament "Autumn"`},
		{"use: no name", []string{"tournament", "use"}, 2, `arbiter tournament use takes 1 argument \(arbiter tournament use .*\), and 0 were given`},
		{"show: extra argument", []string{"tournament", "show", "now"}, 2, `unknown command "now"`},
		{"list: extra argument", []string{"tournament", "list", "all"}, 2, `unknown command "all"`},
		{"set: nothing", []string{"tournament", "set"}, 2, `nothing to change`},
		{"set: empty name", []string{"tournament", "set", "--name", ""}, 1, `--name is empty`},
		{"set: rounds below those paired", []string{"tournament", "set", "--rounds", "0"}, 1, `--rounds 0`},
		{"set: bye value", []string{"tournament", "set", "--bye-value", "one"}, 1, `--bye-value one`},
		{"set: acceleration", []string{"tournament", "set", "--accelerated", "varma"}, 1, `--accelerated varma: type baku \(C\.04\.7\) or none`},
		{"set: unrated rating", []string{"tournament", "set", "--unrated-rating", "-5"}, 1, `--unrated-rating -5: type a rating from 0`},
		{"set: federation", []string{"tournament", "set", "--federation", "IT"}, 1, `federation "IT": want the three-letter FIDE code`},
		{"set: end date", []string{"tournament", "set", "--end-date", "14/05/2026"}, 1, `--end-date 14/05/2026: type a date as YYYY-MM-DD`},
		{"set: round dates", []string{"tournament", "set", "--round-dates", "2026-05-12,tomorrow"}, 1, `--round-dates tomorrow: type a date`},
		{"set: too many round dates", []string{"tournament", "set", "--rounds", "2", "--round-dates", "2026-05-12,2026-05-12,2026-05-13"}, 1, `3 round dates for 2 rounds`},
		{"set: rating type", []string{"tournament", "set", "--federation", "ITA", "--rating-type", "ELO"}, 1, `--rating-type ELO: type one of FIDE, NRO`},
		{"set: rating type without federation", []string{"tournament", "set", "--rating-type", "FIDE"}, 1, `rating type \(TRF 172\) names the federation`},
		{"set: control character in the chief arbiter", []string{"tournament", "set", "--chief-arbiter", "Rossi\x1b[2J"}, 1, `chief arbiter: character 6`},

		// player
		{"add: empty name", []string{"player", "add", ""}, 1, `the player needs a name`},
		{"add: ESC in the name", []string{"player", "add", "Evil\x1b]0;pwned\x07 Name", "--new"}, 1, `name: character 5 is ESC \(U\+001B\), a control character: type plain text`},
		{"add: BEL in the name", []string{"player", "add", "Zed\x07"}, 1, `name: character 4 is BEL`},
		{"add: NUL in the name", []string{"player", "add", "Zed\x00One"}, 1, `name: character 4 is NUL`},
		{"add: DEL in the name", []string{"player", "add", "Zed\x7f"}, 1, `name: character 4 is DEL`},
		{"add: C1 in the name", []string{"player", "add", "Zed\u009b2J"}, 1, `name: character 4 is CSI \(U\+009B\), a control character`},
		{"add: bidi override in the name", []string{"player", "add", "\u202eZed"}, 1, `name: character 1 is U\+202E, a bidirectional formatting character`},
		{"add: name ends in half a character", []string{"player", "add", "Anna, Ends\xc3"}, 1, `name: character 11 is the byte 0xC3, which is not UTF-8 text`},
		{"add: Windows-1252 bytes in the name", []string{"player", "add", "Niccol\xf2"}, 1, `name: character 7 is the byte 0xF2`},
		{"add: name too long", []string{"player", "add", strings.Repeat("Zed ", 30)}, 1, `name is 119 characters long: at most 100 fit`},
		{"add: ESC in the club", []string{"player", "add", "Zed", "--club", "Club\x1b[2J"}, 1, `club: character 5 is ESC`},
		{"add: club ends in half a character", []string{"player", "add", "Zed", "--club", "Club\xc3"}, 1, `club: character 5 is the byte 0xC3`},
		{"add: club too long", []string{"player", "add", "Zed", "--club", strings.Repeat("C", 101)}, 1, `club is 101 characters long: at most 100 fit`},
		{"edit: ESC in the name", []string{"player", "edit", "1", "--name", "Rossi\x1b[2J"}, 1, `name: character 6 is ESC`},
		{"edit: bidi in the club", []string{"player", "edit", "1", "--club", "Lab\u2066"}, 1, `club: character 4 is U\+2066`},
		{"new: tournament name ends in half a character", []string{"tournament", "new", "Club night\xc3"}, 1, `tournament name: character 11 is the byte 0xC3`},
		{"new: ESC in the tournament name", []string{"tournament", "new", "Night\x1b]0;x\x07"}, 1, `tournament name: character 6 is ESC`},
		{"new: bidi in the tournament name", []string{"tournament", "new", "Night\u202e"}, 1, `tournament name: character 6 is U\+202E`},
		{"new: tournament name too long", []string{"tournament", "new", strings.Repeat("N", 201)}, 1, `tournament name is 201 characters long: at most 200 fit`},
		{"set: C1 in the venue", []string{"tournament", "set", "--venue", "Ha\u0085ll"}, 1, `venue: character 3 is U\+0085`},
		{"add: bad roster id", []string{"player", "add", "id:x"}, 1, `bad roster ID "id:x"`},
		{"add: unknown roster id", []string{"player", "add", "id:999"}, 1, `no club player id:999`},
		{"add: negative rating", []string{"player", "add", "Zed", "--rating", "-1"}, 1, `--rating -1: type a rating from 0`},
		{"add: rating not a number", []string{"player", "add", "Zed", "--rating", "2k"}, 2, `--rating "2k": give a whole number, e.g. --rating 1850`},
		{"add: rating too high", []string{"player", "add", "Zed", "--rating", "4000"}, 1, `--rating 4000`},
		{"add: federation", []string{"player", "add", "Zed", "--federation", "IT"}, 1, `--federation "IT": type three letters`},
		{"add: FIDE ID", []string{"player", "add", "Zed", "--fide-id", "12-34"}, 1, `--fide-id "12-34"`},
		{"add: birth year", []string{"player", "add", "Zed", "--birth-year", "1700"}, 1, `--birth-year 1700`},
		{"add: sex", []string{"player", "add", "Zed", "--sex", "X"}, 1, `--sex "X": type M or F`},
		{"add: title", []string{"player", "add", "Zed", "--title", "XM"}, 1, `--title: unknown title "XM"`},
		{"add: already entered", []string{"player", "add", "Mario Rossi"}, 1, `Rossi, Mario is already entered`},
		{"add: two names", []string{"player", "add", "Zed", "One"}, 2, `arbiter player add takes 1 argument \(arbiter player add .*\), and 2 were given`},
		{"list: extra argument", []string{"player", "list", "all"}, 2, `unknown command "all"`},
		{"edit: unknown player", []string{"player", "edit", "Kasparov", "--rating", "2800"}, 1, `no player called "Kasparov"`},
		{"edit: unknown number", []string{"player", "edit", "17", "--rating", "1800"}, 1, `no player 17`},
		{"edit: unknown roster id", []string{"player", "edit", "id:999", "--rating", "1800"}, 1, `no club player id:999`},
		{"edit: bad roster id", []string{"player", "edit", "id:abc", "--rating", "1800"}, 1, `bad roster ID "id:abc"`},
		{"edit: nothing to change", []string{"player", "edit", "3"}, 2, `nothing to change`},
		{"edit: empty name", []string{"player", "edit", "3", "--name", " "}, 1, `--name is empty`},
		{"edit: bad rating", []string{"player", "edit", "3", "--rating", "-5"}, 1, `--rating -5`},
		{"withdraw: unknown player", []string{"player", "withdraw", "Kasparov"}, 1, `no player called "Kasparov"`},
		{"withdraw: negative round", []string{"player", "withdraw", "3", "--from-round", "-1"}, 2, `--from-round -1`},
		{"withdraw: round not a number", []string{"player", "withdraw", "3", "--from-round", "next"}, 2, `--from-round "next": give a whole number, e.g. --from-round 3`},
		{"withdraw: paired round", []string{"player", "withdraw", "3", "--from-round", "1"}, 1, `round 1 is already paired`},
		{"withdraw: beyond the last round", []string{"player", "withdraw", "3", "--from-round", "100"}, 1, `cannot withdraw from round 100`},
		{"withdraw: twice", []string{"player", "withdraw", "6"}, 1, `Gallo, Piero withdrew already`},
		{"bye: unknown player", []string{"player", "bye", "17"}, 1, `no player 17`},
		{"bye: no player", []string{"player", "bye", " "}, 1, `no player given`},
		{"bye: negative round", []string{"player", "bye", "3", "--round", "-2"}, 2, `--round -2`},
		{"bye: beyond the last round", []string{"player", "bye", "3", "--round", "100"}, 1, `rounds 1 to 7, not 100`},
		{"bye: paired round", []string{"player", "bye", "3", "--round", "1"}, 1, `round 1 is already paired`},
		{"bye: withdrawn player", []string{"player", "bye", "6", "--round", "3"}, 1, `Gallo, Piero does not play round 3`},
		{"bye: two kinds", []string{"player", "bye", "3", "--zero", "--full"}, 2, `\[zero full cancel\]`},
		{"bye: cancel what was not asked", []string{"player", "bye", "3", "--round", "3", "--cancel"}, 1, `Rossi, Mario asked for no bye in round 3`},
		{"import: no file", []string{"player", "import"}, 2, `arbiter player import takes 1 argument \(arbiter player import .*\), and 0 were given`},

		// roster
		{"roster: unknown verb", []string{"roster", "lst"}, 2, `unknown command "lst" for "arbiter roster": did you mean "list"`},
		{"roster import: no file", []string{"roster", "import"}, 2, `arbiter roster import takes 1 argument \(arbiter roster import .*\), and 0 were given`},
		{"roster import: two files", []string{"roster", "import", "a.csv", "b.csv"}, 2, `arbiter roster import takes 1 argument \(arbiter roster import .*\), and 2 were given`},
		{"roster import: --new with a value", []string{"roster", "import", "a.csv", "--new=perhaps"}, 2, `--new="perhaps": --new is typed alone, with no value`},
		{"roster list: extra argument", []string{"roster", "list", "all"}, 2, `unknown command "all"`},
		{"roster list: --json with a value", []string{"roster", "list", "--json=maybe"}, 2, `--json="maybe": --json is typed alone, with no value`},
		{"roster list: database missing", []string{"roster", "list", "--db", filepath.Join(dir, "nowhere.db")}, 1, `no database at .*nowhere\.db`},

		// round
		{"pair: syntax", []string{"round", "pair", "--manual", "1-x"}, 1, `--manual: line 1, item 1 "1-x"`},
		{"pair: manual and file", []string{"round", "pair", "--manual", "1-2", "--file", "r.txt"}, 2, `\[manual file\]`},
		{"pair: extra argument", []string{"round", "pair", "1-2"}, 2, `unknown command "1-2"`},
		{"pair: before results", []string{"round", "pair", "--manual", "1-2, 3-4, 5 bye"}, 1, `round 1 still has no result on boards 2, 3`},
		{"pair: unknown player", []string{"round", "pair", "--manual", "1-99", "--tournament", "Two"}, 1, `no player 99: pairing numbers run from 1 to 2`},
		{"pair: player twice", []string{"round", "pair", "--manual", "1-2, 2 bye", "--tournament", "Two"}, 1, `player 2 .* is both on board 1 and given a bye`},
		{"pair: player left out", []string{"round", "pair", "--manual", "1 bye", "--tournament", "Two"}, 1, `1 player is not paired in round 1: 2 `},
		{"pair: nobody entered", []string{"round", "pair", "--manual", "1-2", "--tournament", "Empty"}, 1, `Empty has no players`},
		{"pair: nobody entered, by the Dutch system", []string{"round", "pair", "--tournament", "Empty"}, 1, `Empty has no players`},
		{"pair: Dutch before results", []string{"round", "pair"}, 1, `round 1 still has no result on boards 2, 3`},
		{"pair: dry run before results", []string{"round", "pair", "--dry-run", "--explain"}, 1, `round 1 still has no result on boards 2, 3`},
		{"pair: --force with --dry-run", []string{"round", "pair", "--manual", "1-2", "--dry-run", "--force", "--tournament", "Two"}, 2, `--force with --dry-run: a dry run stores nothing`},
		{"pair: --force for the Dutch system", []string{"round", "pair", "--force", "--tournament", "Two"}, 2, `--force with the Dutch system pairs although results are not known, but no round is paired yet: drop --force \(it keeps a pairing given by hand with --manual or --file\)`},
		{"pair: --explain of a pairing by hand", []string{"round", "pair", "--manual", "1-2", "--explain", "--tournament", "Two"}, 2, `--explain shows why the Dutch system paired each board: a pairing given with --manual or --file has no such reasons`},
		{"pair: --explain of a file", []string{"round", "pair", "--file", "r.txt", "--explain", "--dry-run"}, 2, `--explain shows why the Dutch system`},
		{"pair: --json with a value", []string{"round", "pair", "--json=maybe"}, 2, `--json="maybe": --json is typed alone, with no value`},
		{"show: not a number", []string{"round", "show", "two"}, 1, `round "two": type a round number`},
		{"show: round 0", []string{"round", "show", "0"}, 1, `round "0"`},
		{"show: not paired", []string{"round", "show", "5"}, 1, `round 5 is not paired yet`},
		{"show: nothing paired", []string{"round", "show", "--tournament", "Empty"}, 1, `no round of Empty is paired yet`},
		{"show: two rounds", []string{"round", "show", "1", "2"}, 2, `arbiter round show takes at most 1 argument \(arbiter round show \[<round>\]\), and 2 were given`},
		{"unpair: with results", []string{"round", "unpair"}, 1, `round 1 already has results on board 1 \(1-0\)`},
		{"unpair: nothing paired", []string{"round", "unpair", "--tournament", "Empty"}, 1, `no round of Empty is paired yet`},
		{"unpair: extra argument", []string{"round", "unpair", "1"}, 2, `unknown command "1"`},
		{"result: board not a number", []string{"round", "result", "b2", "1-0"}, 1, `board "b2"`},
		{"result: board 0", []string{"round", "result", "0", "1-0"}, 1, `board "0"`},
		{"result: no such board", []string{"round", "result", "9", "1-0"}, 1, `round 1 has no board 9`},
		{"result: bad result", []string{"round", "result", "2", "1-O"}, 1, `unknown result "1-O"`},
		{"result: result 2-0", []string{"round", "result", "2", "2-0"}, 1, `unknown result "2-0"`},
		{"result: clear without --correct", []string{"round", "result", "2", "*"}, 1, `result "\*" clears a board`},
		{"result: negative round", []string{"round", "result", "2", "1-0", "--round", "-1"}, 1, `--round -1`},
		{"result: round not a number", []string{"round", "result", "2", "1-0", "--round", "last"}, 2, `--round "last": give a whole number, e.g. --round 2`},
		{"result: round not paired", []string{"round", "result", "2", "1-0", "--round", "3"}, 1, `round 3 is not paired yet`},
		{"result: bad reason", []string{"round", "result", "2", "1-0", "--reason", "tired"}, 1, `unknown reason "tired"`},
		{"result: already entered", []string{"round", "result", "1", "0-1"}, 1, `board 1 of round 1 already has 1-0`},
		{"result: nothing paired", []string{"round", "result", "1", "1-0", "--tournament", "Empty"}, 1, `no round of Empty is paired yet`},
		{"result: no result", []string{"round", "result", "2"}, 2, `give a board and a result`},
		{"result: three arguments", []string{"round", "result", "2", "1-0", "now"}, 2, `give a board and a result`},

		// game
		{"game: unknown verb", []string{"game", "chek", "r3.pgn"}, 2, `unknown command "chek" for "arbiter game": did you mean "check"`},
		{"game check: no file", []string{"game", "check"}, 2, `arbiter game check takes 1 argument \(arbiter game check .*\), and 0 were given`},
		{"game show: unknown board", []string{"game", "show", "9"}, 1, `round 1 has no board 9: its boards are 1 to 3`},
		{"game show: board without a game", []string{"game", "show", "2"}, 1, `round 1 board 2 has no game: attach one with arbiter game add 2 FILE --round 1`},
		{"game show: round not paired", []string{"game", "show", "1", "--round", "4"}, 1, `round 4 is not paired yet`},
		{"game add: no file", []string{"game", "add", "2"}, 2, `give a board and a file`},
		{"game add: board not a number", []string{"game", "add", "b2", "g.pgn"}, 1, `board "b2"`},
		{"game add: letters", []string{"game", "add", "2", "g.pgn", "--lang", "fr"}, 2, `--lang "fr": use it or en`},
		{"game add: empty ruling", []string{"game", "add", "2", "g.pgn", "--ruling", " "}, 2, `--ruling is empty`},
		{"game import: no file", []string{"game", "import"}, 2, `give one PGN file`},
		{"game import: negative round", []string{"game", "import", "g.pgn", "--round", "-1"}, 1, `--round -1`},
		{"game import: letters", []string{"game", "import", "g.pgn", "--lang", "fr"}, 2, `--lang "fr": use it or en`},
		{"import trf: no file", []string{"import", "trf"}, 2, `give one FILE to read`},
		{"import trf: name taken", []string{"import", "trf", nameTaken}, 1, `tournament "labyrinth 12 MAY" already exists \(number 1\); give the new tournament another name with --name`},
		{"trf pair: no file", []string{"trf", "pair"}, 2, `arbiter trf pair takes 1 argument \(arbiter trf pair .*\), and 0 were given`},
		{"trf pair: edition", []string{"trf", "pair", "x.trf", "--edition", "1999"}, 2, `--edition 1999: type 2025 \(the rules in force\) or 2017`},
		{"trf check: edition", []string{"trf", "check", "x.trf", "--edition", "1999"}, 2, `--edition 1999`},
		{"game check: letters", []string{"game", "check", "--lang", "fr", "r3.pgn"}, 2, `--lang "fr": use it or en`},
		{"game check: stdin without a game", []string{"game", "check", "-"}, 1, `standard input holds no game`},
		{"game perft: depth not a number", []string{"game", "perft", "deep"}, 2, `depth "deep"`},
		{"game perft: depth too deep", []string{"game", "perft", "99"}, 2, `depth "99": give a number from 0 to 12`},
		{"game perft: bad FEN", []string{"game", "perft", "1", "--fen", "8/8 w"}, 2, `--fen: rules: bad FEN`},

		// export, print
		{"export: unknown format", []string{"export", "pdf", filepath.Join(dir, "r.pdf")}, 2, `unknown format "pdf"`},
		{"export trf: bogus format", []string{"export", "trf", filepath.Join(dir, "r.trf"), "--format", "bogus"}, 2, `--format "bogus": type trf16 or trf26`},
		{"export trf: nobody entered", []string{"export", "trf", filepath.Join(dir, "r.trf"), "--tournament", "Empty"}, 1, `Empty has no players yet`},
		{"export pgn: letters", []string{"export", "pgn", filepath.Join(dir, "r.pgn"), "--lang", "xx"}, 2, `--lang "xx": use en or it`},
		{"export pgn: round not paired", []string{"export", "pgn", filepath.Join(dir, "r.pgn"), "--round", "4"}, 1, `round 4 is not paired yet`},
		{"export pgn: nothing paired", []string{"export", "pgn", filepath.Join(dir, "r.pgn"), "--tournament", "Empty"}, 1, `no round of Empty is paired yet`},
		{"export: no file", []string{"export", "xlsx"}, 2, `give one FILE`},
		{"export: folder", []string{"export", "xlsx", dir}, 1, regexp.QuoteMeta(dir) + `: it is a folder`},
		{"export: missing folder", []string{"export", "xlsx", filepath.Join(dir, "nowhere", "r.xlsx")}, 1, `nowhere.*there is no folder`},
		{"export: round not paired", []string{"export", "xlsx", filepath.Join(dir, "r.xlsx"), "--round", "4"}, 1, `round 4 is not paired yet`},
		{"export: round not a number", []string{"export", "xlsx", filepath.Join(dir, "r.xlsx"), "--round", "last"}, 2, `--round "last": give a whole number, e.g. --round 2`},
		{"print: unknown sheet", []string{"print", "ranking", "-o", filepath.Join(dir, "r.pdf")}, 2, `unknown sheet "ranking"`},
		{"print: no output", []string{"print", "standings"}, 2, `missing -o FILE\.pdf`},
		{"print: folder", []string{"print", "standings", "-o", dir}, 1, regexp.QuoteMeta(dir) + `: it is a folder`},
		{"print: missing folder", []string{"print", "standings", "-o", filepath.Join(dir, "nowhere", "r.pdf")}, 1, `nowhere.*there is no folder`},
		{"print: round not paired", []string{"print", "pairings", "--round", "4", "-o", filepath.Join(dir, "r.pdf")}, 1, `round 4 is not paired yet`},
		{"print: negative round", []string{"print", "standings", "--round", "-1", "-o", filepath.Join(dir, "r.pdf")}, 1, `--round -1`},

		// standings, log, backup
		{"standings: negative round", []string{"standings", "--round", "-1"}, 1, `--round -1`},
		{"standings: round not a number", []string{"standings", "--round", "last"}, 2, `--round "last": give a whole number, e.g. --round 2`},
		{"standings: round not paired", []string{"standings", "--round", "4"}, 1, `round 4 is not paired yet`},
		{"standings: unknown player", []string{"standings", "--explain", "Kasparov"}, 1, `no player called "Kasparov"`},
		{"standings: extra argument", []string{"standings", "final"}, 2, `unknown command "final"`},
		{"log: extra argument", []string{"log", "all"}, 2, `unknown command "all"`},
		{"backup: no file", []string{"backup"}, 2, `arbiter backup takes 1 argument \(arbiter backup .*\), and 0 were given`},
		{"backup: empty name", []string{"backup", ""}, 2, `give the name of the file`},
		{"backup: file exists", []string{"backup", existing}, 1, regexp.QuoteMeta(existing) + ` already exists; choose another name, or add --force`},
		{"backup: folder", []string{"backup", dir}, 1, `cannot write ` + regexp.QuoteMeta(dir) + `: it is a folder`},
		{"backup: missing folder", []string{"backup", filepath.Join(dir, "nowhere", "copy.db")}, 1, `cannot write .*nowhere.*copy\.db: there is no folder .*nowhere; create it`},
		{"backup: the database itself", []string{"backup", c.db, "--force"}, 1, `will not write over ` + regexp.QuoteMeta(c.db) + `: it is the tournament database`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkRefusal(t, c, tt.args, tt.code, tt.want)
		})
	}
	for _, name := range []string{"r.pdf", "r.xlsx"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			t.Errorf("a refused command wrote %s", name)
		}
	}
	if b, _ := os.ReadFile(existing); string(b) != "SQLite format 3\x00keep me" {
		t.Errorf("a refused backup changed %s", existing)
	}
	if b, _ := os.ReadFile(garbageDB); !bytes.Equal(b, garbage(8192)()) {
		t.Errorf("a refused command changed %s", garbageDB)
	}
}

// TestDatabaseFiles gives every command that opens the database a --db
// that is not one: a file of another kind must be refused by all of them
// with one line naming it, and an empty file by every command but those
// that make the database, with both files left as they were.
func TestDatabaseFiles(t *testing.T) {
	t.Parallel()
	c := newCLI(t)
	dir := t.TempDir()
	players := writeFile(t, filepath.Join(dir, "players.csv"), "name\nRossi, Mario\n")
	game := writeFile(t, filepath.Join(dir, "game.pgn"), "1. e4 e5 *\n")
	pairing := writeFile(t, filepath.Join(dir, "pairing.txt"), "1-2\n")
	report := writeFile(t, filepath.Join(dir, "report.trf"), goodTRF)
	out := filepath.Join(dir, "out")
	tests := []struct {
		args   []string
		create bool // the command makes the database in an empty file
	}{
		{[]string{"tournament", "new", "X"}, true},
		{[]string{"tournament", "list"}, false},
		{[]string{"tournament", "use", "X"}, false},
		{[]string{"tournament", "show"}, false},
		{[]string{"tournament", "set", "--rounds", "5"}, false},
		{[]string{"player", "add", "Rossi, Mario"}, true},
		{[]string{"player", "list"}, false},
		{[]string{"player", "list", "--roster"}, false},
		{[]string{"player", "edit", "1", "--rating", "1800"}, false},
		{[]string{"player", "withdraw", "1"}, false},
		{[]string{"player", "bye", "1"}, false},
		{[]string{"player", "import", players}, true},
		{[]string{"roster", "import", players}, true},
		{[]string{"roster", "list"}, false},
		{[]string{"round", "pair"}, false},
		{[]string{"round", "pair", "--file", pairing}, false},
		{[]string{"round", "show"}, false},
		{[]string{"round", "unpair"}, false},
		{[]string{"round", "result", "1", "1-0"}, false},
		{[]string{"standings"}, false},
		{[]string{"log"}, false},
		{[]string{"export", "xlsx", out + ".xlsx"}, false},
		{[]string{"export", "pgn", out + ".pgn"}, false},
		{[]string{"export", "trf", out + ".trf"}, false},
		{[]string{"print", "pairings", "-o", out + ".pdf"}, false},
		{[]string{"print", "standings", "-o", out + ".pdf"}, false},
		{[]string{"game", "add", "1", game}, false},
		{[]string{"game", "import", game}, false},
		{[]string{"game", "show", "1"}, false},
		{[]string{"game", "list"}, false},
		{[]string{"import", "trf", report}, true},
		{[]string{"backup", out + ".db"}, false},
	}
	garbageDB := writeFile(t, filepath.Join(dir, "notes.db"), string(garbage(8192)()))
	textDB := writeFile(t, filepath.Join(dir, "notes.txt"), "Bring the clocks on Tuesday.\n")
	for _, tt := range tests {
		name := strings.ReplaceAll(strings.Join(tt.args, " "), dir+string(filepath.Separator), "")
		for _, db := range []string{garbageDB, textDB} {
			t.Run(name+"/"+filepath.Base(db), func(t *testing.T) {
				before, _ := os.ReadFile(db)
				out, errs, code := c.run(append(tt.args, "--db", db)...)
				want := "arbiter: " + db + " is not an arbiter database: give --db the file arbiter made, or the name of a new file to start one\n"
				if code != 1 || out != "" || errs != want {
					t.Errorf("arbiter %q --db %s: exit %d, stdout %q, stderr %q; want 1, nothing and %q", tt.args, db, code, out, errs, want)
				}
				if after, _ := os.ReadFile(db); !bytes.Equal(after, before) {
					t.Errorf("arbiter %q changed %s", tt.args, db)
				}
			})
		}
		if tt.create {
			continue
		}
		t.Run(name+"/empty", func(t *testing.T) {
			empty := writeFile(t, filepath.Join(t.TempDir(), "empty.db"), "")
			out, errs, code := c.run(append(tt.args, "--db", empty)...)
			want := "arbiter: no database at " + empty + " (the file is empty): start with arbiter tournament new NAME, or give --db PATH\n"
			if code != 1 || out != "" || errs != want {
				t.Errorf("arbiter %q --db an empty file: exit %d, stdout %q, stderr %q; want 1, nothing and %q", tt.args, code, out, errs, want)
			}
			files, _ := filepath.Glob(empty + "*")
			if fi, err := os.Stat(empty); err != nil || fi.Size() != 0 || len(files) != 1 {
				t.Errorf("arbiter %q left %v beside an empty database file (size %v)", tt.args, files, fi.Size())
			}
		})
	}
	// The commands that make the database make it in an empty file.
	empty := writeFile(t, filepath.Join(dir, "new.db"), "")
	c.ok("tournament", "new", "Spring", "--db", empty)
	if out := c.ok("tournament", "list", "--db", empty); !strings.Contains(out, "Spring") {
		t.Errorf("tournament list of the database made in an empty file: %q, want Spring", out)
	}
}
