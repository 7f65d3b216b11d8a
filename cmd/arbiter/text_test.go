package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"

	"golang.org/x/text/encoding/charmap"
)

// listRow is one player of the list TestImportEncodings saves in every
// encoding.
type listRow struct{ last, first, elo, born string }

var encodingList = []listRow{
	{"Bianchi", "Niccolò", "1700", "12/05/1990"},
	{"Ferrè", "Zoë", "1300", "1987"},
	{"Müller", "Jürgen", "1600", ""},
	{"Popescu", "Ștefan", "1500", "2001-03-04"}, // Ș is not in Windows-1252
}

// saveList writes the list with the separator and line end given, and the
// header Excel's Italian lists use; unicode keeps the row only Unicode
// encodings can hold.
func saveList(sep, eol string, unicode bool) string {
	var b strings.Builder
	b.WriteString(strings.Join([]string{"Cognome", "Nome", "Elo", "Data di nascita", "Note"}, sep) + eol)
	for _, r := range encodingList {
		if !unicode && r.first == "Ștefan" {
			continue
		}
		b.WriteString(strings.Join([]string{r.last, r.first, r.elo, r.born, "x"}, sep) + eol)
	}
	return b.String()
}

func toUTF16LE(s string) []byte {
	b := []byte{0xFF, 0xFE}
	for _, u := range utf16.Encode([]rune(s)) {
		b = append(b, byte(u), byte(u>>8))
	}
	return b
}

func toCP1252(t *testing.T, s string) []byte {
	b, err := charmap.Windows1252.NewEncoder().Bytes([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestImportEncodings imports the same player list saved the ways Excel
// and other programs save it, with player import and roster import, and
// gets the same names, ratings and birth years every time (issue 16).
func TestImportEncodings(t *testing.T) {
	t.Parallel()
	type variant struct {
		name    string
		ext     string
		data    []byte
		unicode bool   // holds Ștefan
		notice  string // "" for UTF-8, which is not mentioned
	}
	variants := []variant{
		{"UTF-8", ".csv", []byte(saveList(";", "\n", true)), true, ""},
		{"UTF-8 with BOM", ".csv", []byte("\ufeff" + saveList(";", "\n", true)), true, ""},
		{"UTF-8 CRLF", ".csv", []byte(saveList(",", "\r\n", true)), true, ""},
		{"Windows-1252", ".csv", toCP1252(t, saveList(";", "\n", false)), false, "as Windows-1252"},
		{"Windows-1252 CRLF", ".csv", toCP1252(t, saveList(";", "\r\n", false)), false, "as Windows-1252"},
		{"UTF-16LE with BOM, tabs (Unicode text)", ".txt", toUTF16LE(saveList("\t", "\r\n", true)), true, "as UTF-16"},
	}
	for _, cmd := range []string{"player", "roster"} {
		for _, v := range variants {
			t.Run(cmd+" import/"+v.name, func(t *testing.T) {
				c := newCLI(t)
				c.ok("tournament", "new", "T", "--preset", "labyrinth")
				file := filepath.Join(t.TempDir(), "elenco"+v.ext)
				if err := os.WriteFile(file, v.data, 0o644); err != nil {
					t.Fatal(err)
				}
				_, errs, code := c.run(cmd, "import", file)
				if code != 0 {
					t.Fatalf("%s import: exit %d: %s", cmd, code, errs)
				}
				if v.notice != "" && !strings.Contains(errs, "Read elenco"+v.ext+" "+v.notice+".") {
					t.Errorf("notice %q, want it to say %q", errs, v.notice)
				}
				if v.notice == "" && strings.Contains(errs, "Read elenco") {
					t.Errorf("notice %q names the encoding of a UTF-8 file", errs)
				}
				if !strings.Contains(errs, "Ignored columns: Note.") {
					t.Errorf("notice %q, want it to list the column not used", errs)
				}
				var got []rosterJSON
				if err := json.Unmarshal([]byte(c.ok("roster", "list", "--json")), &got); err != nil {
					t.Fatal(err)
				}
				var names []string
				years := map[string]int{}
				for _, p := range got {
					names = append(names, p.Name)
					years[p.Name] = p.BirthYear
				}
				want := []string{"Bianchi, Niccolò", "Ferrè, Zoë", "Müller, Jürgen"}
				if v.unicode {
					want = append(want, "Popescu, Ștefan")
				}
				slices.Sort(names)
				if !slices.Equal(names, want) {
					t.Errorf("names = %q, want %q", names, want)
				}
				if years["Bianchi, Niccolò"] != 1990 || years["Ferrè, Zoë"] != 1987 {
					t.Errorf("birth years from \"Data di nascita\" = %v", years)
				}
			})
		}
	}
	t.Run("forced encoding", func(t *testing.T) {
		c := newCLI(t)
		c.ok("tournament", "new", "T")
		file := filepath.Join(t.TempDir(), "elenco.csv")
		// Valid UTF-8 bytes that are meant as Windows-1252: only --encoding
		// can tell.
		if err := os.WriteFile(file, []byte("name\nAndrÃ©\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		c.ok("player", "import", file, "--encoding", "windows-1252")
		if out := c.ok("player", "list"); !strings.Contains(out, "AndrÃƒÂ©") {
			t.Errorf("player list = %q, want the bytes read as Windows-1252", out)
		}
		_, errs, code := c.run("roster", "import", file, "--encoding", "ebcdic")
		if code != 2 || !strings.Contains(errs, `--encoding ebcdic: give utf-8, windows-1252 or utf-16`) {
			t.Errorf("--encoding ebcdic: exit %d, %q", code, errs)
		}
	})
}

// TestImportTRFEncodings imports a TRF written in Windows-1252, as
// Swiss-Manager and Vega often write them, and one with a UTF-8 byte
// order mark before its 012 line.
func TestImportTRFEncodings(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile(filepath.Join("..", "..", "trf", "testdata", "example.trf"))
	if err != nil {
		t.Fatal(err)
	}
	accented := strings.NewReplacer("Rossi, Mario   ", "Rossì, Mariò   ", "Circolo Demo Open", "Città Demo Open").Replace(string(data))
	tests := []struct {
		name, notice string
		data         []byte
		flags        []string
	}{
		{"Windows-1252", "Read w.trf as Windows-1252.", toCP1252(t, accented), nil},
		{"UTF-8 with BOM", "", []byte("\ufeff" + accented), nil},
		{"UTF-16 with BOM", "Read w.trf as UTF-16.", toUTF16LE(accented), nil},
		{"UTF-16 without BOM, forced", "Read w.trf as UTF-16.", toUTF16LE(accented)[2:], []string{"--encoding", "utf-16"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newCLI(t)
			file := filepath.Join(t.TempDir(), "w.trf")
			if err := os.WriteFile(file, tt.data, 0o644); err != nil {
				t.Fatal(err)
			}
			_, errs, code := c.run(append([]string{"import", "trf", file}, tt.flags...)...)
			if code != 0 {
				t.Fatalf("import trf: exit %d: %s", code, errs)
			}
			if tt.notice != "" && !strings.Contains(errs, tt.notice) {
				t.Errorf("notice %q, want %q", errs, tt.notice)
			}
			if out := c.ok("player", "list"); !strings.Contains(out, "Rossì, Mariò") {
				t.Errorf("player list = %q, want Rossì, Mariò", out)
			}
			if out := c.ok("tournament", "show"); !strings.Contains(out, "Città Demo Open") {
				t.Errorf("tournament show = %q, want the 012 name Città Demo Open", out)
			}
		})
	}
}

// TestIssue16 runs the reproduction of issue 16 and of issue 20 item 1
// end to end: a Windows-1252 list from Italian Excel, names with emoji,
// letters outside the Basic Multilingual Plane and scripts the PDF fonts
// lack; every PDF is written, shows the names, and warns once per file.
func TestIssue16(t *testing.T) {
	t.Parallel()
	c := newCLI(t)
	dir := t.TempDir()
	list := filepath.Join(dir, "list.csv")
	if err := os.WriteFile(list, []byte("Cognome;Nome;Elo\nBianchi;Niccol\xf2;1700\nFerr\xe8;Zo\xeb;1300\nRossi;Mario;1800\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c.ok("tournament", "new", "T", "--preset", "labyrinth")
	_, errs, code := c.run("player", "import", list)
	if code != 0 || !strings.Contains(errs, "Read list.csv as Windows-1252.") || !strings.Contains(errs, "Entered 3 players") {
		t.Fatalf("player import: exit %d, %q", code, errs)
	}
	out := c.ok("player", "list")
	for _, n := range []string{"Bianchi, Niccolò", "Ferrè, Zoë", "Rossi, Mario"} {
		if !strings.Contains(out, n) {
			t.Errorf("player list = %q, want %s", out, n)
		}
	}
	// Three players cannot play the preset's 7 rounds (issue 13): the
	// organizer confirms the rounds that fit before round 1.
	c.ok("tournament", "close-registration")
	c.ok("round", "pair")
	standings := filepath.Join(dir, "s.pdf")
	c.ok("print", "standings", "--round", "1", "-o", standings)
	if txt := pdfText(t, standings); !strings.Contains(txt, "Bianchi, Niccolò") || !strings.Contains(txt, "Ferrè, Zoë") {
		t.Errorf("standings PDF text:\n%s\nwant Bianchi, Niccolò and Ferrè, Zoë", txt)
	}

	// Issue 20, item 1: one emoji, a mathematical letter, Vietnamese and
	// Chinese in names and a club.
	c2 := newCLI(t)
	p := filepath.Join(dir, "p.csv")
	if err := os.WriteFile(p, []byte("name,club\n\"Emoji 🏆, Anna\",Club 🏆\n\"Rossi, Mario\",\n\"𝕷ong, Anna\",\n\"Nguyễn, Văn\",\n\"王, 伟\",\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c2.ok("tournament", "new", "T 🏆")
	c2.ok("player", "import", p)
	c2.ok("round", "pair")
	for _, kind := range []string{"pairings", "slips", "standings", "crosstable"} {
		file := filepath.Join(dir, kind+".pdf")
		args := []string{"print", kind, "-o", file}
		if kind == "standings" || kind == "crosstable" {
			args = append(args, "--round", "1")
		}
		_, errs, code := c2.run(args...)
		if code != 0 {
			t.Fatalf("print %s: exit %d: %s", kind, code, errs)
		}
		if n := strings.Count(errs, "the PDF fonts have no"); n != 1 || !strings.Contains(errs, "🏆 (U+1F3C6)") || !strings.Contains(errs, "ễ (U+1EC5)") {
			t.Errorf("print %s: stderr %q, want one warning naming 🏆 and ễ", kind, errs)
		}
		txt := pdfText(t, file)
		for _, want := range []string{"Emoji \uFFFD, Anna", "Nguyên, Văn", "Long, Anna", "\uFFFD, \uFFFD", "Rossi, Mario"} {
			if kind == "slips" && want == "Long, Anna" { // the bye has no slip
				continue
			}
			if !strings.Contains(txt, want) {
				t.Errorf("print %s: text\n%s\nwant %q", kind, txt, want)
			}
		}
	}
	if out := c2.ok("player", "list"); !strings.Contains(out, "Emoji 🏆, Anna") || !strings.Contains(out, "𝕷ong, Anna") {
		t.Errorf("player list = %q, want the names as entered", out)
	}
}

// TestTerminalEscapes checks that text from a file reaches the terminal
// with its control characters visible (issue 20, item 3): a PGN tag that
// would clear the screen and retitle the window, and JSON that escapes
// C1, bidi and DEL.
func TestTerminalEscapes(t *testing.T) {
	t.Parallel()
	c := newCLI(t)
	pgn := filepath.Join(t.TempDir(), "e.pgn")
	if err := os.WriteFile(pgn, []byte("[White \"A\033]0;owned\007\033[2J\u009b\u202e\x7f\"]\n[Black \"B\"]\n\n1.e4 *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"game", "check", pgn}, {"game", "check", pgn, "--json"}} {
		out, errs, _ := c.run(args...)
		for _, s := range []string{out, errs} {
			for _, bad := range []string{"\033", "\007", "\u009b", "\u202e", "\x7f"} {
				if strings.Contains(s, bad) {
					t.Errorf("%q wrote %q raw: %q", args, bad, s)
				}
			}
		}
	}
	out, _, _ := c.run("game", "check", pgn, "--json")
	var v any
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if err := json.Unmarshal([]byte(line), &v); err != nil {
			t.Errorf("game check --json line %q is not JSON: %v", line, err)
		}
	}
}
