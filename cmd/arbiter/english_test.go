package main

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// englishWords are words of English sentences that are not Italian words
// too: one of them in what an Italian terminal prints means a text that
// did not go through the catalog. Words both languages use (file, set,
// blitz, club, performance, demo, under as in "under 18") are not here,
// nor is "it", the code of Italian ("--lang it"), nor the codes the
// Italian text keeps (BH, SB, DE, PGN, TRF, FEN, SAN, PDF, XLSX).
var englishWords = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`
		the and of to is are was were been being be with for from by after before into onto on at
		its this that these those has have had not yet already only all any each every which who
		what when where there than then or but if can cannot will would should must may might
		you your our their they he she his her him them we us an as such so also other another same
		still again here how why says said does did done make made take takes taken left right out
		up down over between through because about more most less least some none nothing
		round rounds board boards game games player players tournament tournaments move moves
		result results point points entered enter added add paired pair pairing pairings white black
		draw drawn drawing lost won win wins loses time lot colour color standings standing give gives
		type typed use used see unknown called looks like remove removed show shows shown list listed
		wrote write written changed change changes undone undo would number numbers name names new old
		first last next one two three four five six seven eight nine ten
		withdrawn withdraw withdraws registration closes closed close planned always could
		checkmate stalemate illegal legal ruling kept without usage flags flag global examples example
		available commands command help information print prints version default arguments argument
		error warning note notes season seasons roster ratings rating category categories prize prizes
		evening evenings scoresheet slip slips crosstable sheet sheets workbook page pages
		entries entry late bye byes forfeit forfeits absent present presence report reports reported
		queue accept reject accepted rejected dispute claim claims checked check sound copied copy
		wins loss losses half full whole yes none known unknown mate dead position repetition
		moves plies ply letters letter piece pieces king queen rook bishop knight pawn
		choose chosen current now already asked ask asks instead kept keep keeps
		`) {
		englishWords[w] = true
	}
}

// italianText are tokens that look English but are the Italian text's own:
// codes and units it keeps as they are.
var italianText = map[string]bool{
	"BH": true, "SB": true, "DE": true, "ARO": true, "TPR": true, "PS": true, "EV": true, "WIN": true,
	"BEST": true, "H2H": true, "PGN": true, "TRF": true, "FEN": true, "SAN": true, "PDF": true, "XLSX": true,
	"CSV": true, "FIDE": true, "FSI": true, "PIN": true, "QR": true, "URL": true, "JSON": true,
	// The symbols of the FIDE Rating Regulations (8.3), the same in every
	// language: We is the expected score, beside Ro, Rc, W and PD.
	"We": true,
	// The tags of a PGN file (its standard, spelt as it is in every
	// language), "il tag White".
	"White": true, "Black": true, "Round": true, "Result": true, "Termination": true,
}

var (
	// commandRef is a command named in a text, "arbiter round result 3
	// 1-0 --correct", up to what is not a command's word: left out of the
	// scan, as are flags, files and quoted inputs.
	flagRef = regexp.MustCompile(`--?[a-z][a-z0-9-]*(=\S*)?`)
	// quoted is a text in quotes; a single quote opens one only where no
	// letter precedes it, since in "all'avvio" it is the elision of
	// Italian.
	quoted  = regexp.MustCompile(`(^|[^\pL])('[^'\n]*'|"[^"\n]*"|«[^»\n]*»)`)
	pathRef = regexp.MustCompile(`\S*[/\\]\S*|\S+\.(pdf|pgn|trf|xlsx|csv|db|txt|xml|json|html|com)\b`)
	// code is a word with figures in it, a code of a file format or a
	// column's name rather than a word: "XXC white1", "trf26", and
	// names joined by underscores, "rating_change", "first_name".
	code = regexp.MustCompile(`\b\pL+\d[\pL\d]*\b|\b[a-z][a-z0-9]*(_[a-z0-9]+)+\b`)
	// example is a line of a help's examples, "$ arbiter ...": a command
	// as typed, all of it input.
	example = regexp.MustCompile(`^\s*\$ arbiter\b`)
	// joined is a name of words joined by hyphens, an option or a
	// command, "rating-change", "close-registration": an input.
	// A flag, "--auto-publish on", is left to flagWithValue.
	joined = regexp.MustCompile(`(^|[\s(\[{,;:'"])[a-z][a-z0-9]*(-[a-z0-9]+)+\b`)
	wordRE = regexp.MustCompile(`\p{L}[\p{L}']*`)
	// pgnTag is a tag line of a PGN file, [White "Rossi, Mario"].
	pgnTag = regexp.MustCompile(`^\[[A-Za-z]+ "`)
	// helpEntry is a line of the commands a help lists, "  undo   Annulla
	// l'ultima modifica": its first word is the command's name, followed
	// by one space only where it is the longest name of the list.
	helpEntry = regexp.MustCompile(`^\s+([a-z][a-z-]*)(\s{2,}|\s\p{Lu})`)
	// terms are the technical words Italian keeps in English.
	// helpFor is cobra's line of the -h flag, "aiuto per remove", and
	// choices is a flag's list of values, "{time|resign|mate}": the
	// names they hold are inputs.
	helpFor = regexp.MustCompile(`aiuto per [a-z-]+`)
	choices = regexp.MustCompile(`\{[A-Za-z0-9|:,.-]+\}`)
	// flagWithValue is a flag and the value after it, "--reason time".
	flagWithValue = regexp.MustCompile(`--[a-z][a-z0-9-]* [a-z0-9][a-z0-9|-]*\b`)
	terms         = regexp.MustCompile(`\bstandard (error|output|input)\b`)
	flagValue     = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*$`)
	refToken      = regexp.MustCompile(`^(\d[\d.,:/½+=-]*|[A-Z][A-Z0-9_|.]*|<[^>]*>|\[[^\]]*\]|\{[^}]*\}|[+=-]+|\.\.\.)$`)
	spaceSeps     = regexp.MustCompile(`\s+`)
)

// commandWords returns the names of every command of arbiter, the words a
// text may cite after "arbiter".
func commandWords() map[string]bool {
	words := map[string]bool{"help": true}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		for _, sub := range c.Commands() {
			words[sub.Name()] = true
			for _, al := range sub.Aliases {
				words[al] = true
			}
			walk(sub)
		}
	}
	walk(newRootCmd(&app{}))
	return words
}

// englishIn returns the lines of out that hold English words, each with
// the words found; the inputs given (names, files) are left out first.
func englishIn(out string, cmds map[string]bool, inputs []string) []string {
	var found []string
	for _, line := range strings.Split(out, "\n") {
		s := line
		for _, in := range inputs {
			if in != "" {
				s = strings.ReplaceAll(s, in, " ")
			}
		}
		if pgnTag.MatchString(s) || example.MatchString(s) {
			continue
		}
		if m := helpEntry.FindStringSubmatchIndex(s); m != nil && cmds[s[m[2]:m[3]]] {
			s = s[m[3]:]
		}
		s = terms.ReplaceAllString(s, " ")
		s = helpFor.ReplaceAllString(s, " ")
		s = choices.ReplaceAllString(s, " ")
		s = quoted.ReplaceAllString(s, "$1 ")
		s = code.ReplaceAllString(s, " ")
		s = dropCommands(s, cmds)
		s = joined.ReplaceAllString(s, "$1 ")
		s = flagWithValue.ReplaceAllString(s, " ")
		s = flagRef.ReplaceAllString(s, " ")
		s = pathRef.ReplaceAllString(s, " ")
		var words []string
		for _, w := range wordRE.FindAllString(s, -1) {
			w = strings.TrimRight(w, "'")
			if italianText[w] {
				continue
			}
			if englishWords[strings.ToLower(w)] {
				words = append(words, w)
			}
		}
		if len(words) > 0 {
			found = append(found, fmt.Sprintf("%q: %s", strings.TrimSpace(line), strings.Join(words, " ")))
		}
	}
	return found
}

// dropCommands blanks "arbiter" and the words after it that a command
// line has: command names, numbers, flags, placeholders, quoted inputs.
func dropCommands(s string, cmds map[string]bool) string {
	toks := spaceSeps.Split(s, -1)
	for i := 0; i < len(toks); i++ {
		if strings.TrimLeft(toks[i], "($`") != "arbiter" {
			continue
		}
		toks[i] = ""
		for j := i + 1; j < len(toks); j++ {
			t := strings.TrimRight(toks[j], ",;:.)`")
			cut := t != toks[j]
			if !(cmds[t] || refToken.MatchString(t) || flagRef.MatchString(t) && strings.HasPrefix(t, "-") ||
				strings.HasPrefix(t, "id:") || strings.HasPrefix(t, "\"")) {
				break
			}
			toks[j] = ""
			if cut {
				break
			}
			// A flag's value, "--system round-robin".
			if strings.HasPrefix(t, "-") && !strings.Contains(t, "=") && j+1 < len(toks) && flagValue.MatchString(toks[j+1]) {
				j++
				toks[j] = ""
			}
		}
	}
	// A command named without "arbiter", "controlla game add": two
	// command words or more in a row.
	for i := 0; i < len(toks); {
		j := i
		for j < len(toks) && cmds[strings.Trim(toks[j], "(,;:.)")] {
			j++
		}
		if j-i >= 2 {
			for k := i; k < j; k++ {
				toks[k] = ""
			}
		}
		i = max(j, i+1)
	}
	return strings.Join(toks, " ")
}

func TestEnglishIn(t *testing.T) {
	cmds := commandWords()
	tests := []struct {
		out  string
		want int
	}{
		{"Abbinato il 1° turno di Serata: 3 scacchiere, 1 riposo.", 0},
		{"se se n'è andato, digita arbiter undo --yes, arbiter player withdraw 22 e abbina di nuovo.", 0},
		{"Pos.  N.  Nome   Punti  BH  DE  SB", 0},
		{"Scritto serata/round-1-pairings.pdf (2 pagine).", 0},
		{"  undo        Annulla l'ultima modifica al torneo", 0},
		{"  --lang testo    lingua: {en|it} (predefinita: la lingua del torneo)", 0},
		{`[White "Rossi, Mario"]`, 0},
		{"i comandi vanno sullo standard error", 0},
		{"controlla game add (mosse legali)", 0},
		{"il migliore under 18", 0},
		{"conferma con arbiter tournament close-registration --system round-robin (girone all'italiana)", 0},
		{"  -h, --help   aiuto per remove", 0},
		{"come è finita la partita: {time|resign|mate}", 0},
		{"di chi ha (con --reason time) un avversario", 0},
		{"le impostazioni (tournament set --lang)", 0},
		{"  rating-report Stampa le variazioni Elo FIDE dopo un turno", 0},
		{"(predefinito: l'opzione rating-change del torneo)", 0},
		{"sul sito ratings.fide.com.", 0},
		{"--auto-publish on pubblica ogni turno", 0},
		{"i giocatori raggiungono il server all'URL (vuoto: l'indirizzo trovato)", 0},
		{"una volta scritto all'avvio. L'indirizzo nei codici QR", 0},
		{"il colore iniziale (XXC white1 o black1, 152;", 0},
		{"Con --json ogni giocatore ha un rating_change.", 0},
		{"  --rating-type testo   l'Elo: {FIDE|NRO|OTHER} (TRF 172)", 0},
		{"  --scoring   punti: {places:P1,P2,...|points|percent}", 0},
		{"  $ arbiter tournament option names surname-first --club", 0},
		{"  $ arbiter roster update blitz_rating_list.xml", 0},
		{"l'opzione 'names' del torneo", 0},
		{"all'avvio the round", 1},
		{"  names     any | surname-first", 1},
		{"  tournament option names any", 1},
		{"  rating-report Print the FIDE rating report after a round", 1},
		{"  -h, --help   help for remove", 1},
		{"  undo        Undo the last change", 1},
		{"White lost on time", 1},
		{`nessun giocatore si chiama "Rossi"`, 0},
		{"Initial colour by lot: white", 1},
		{"Round 1 of 3, Serata", 1},
		{"arbiter round pair and then", 1},
		{"Usage:\n  arbiter round pair [flags]", 1},
		{"Added the game to round 3 board 2: 6 moves, ILLEGAL 6...Rd7 (art. 3.9); ruling kept.", 1},
	}
	for _, tt := range tests {
		if got := englishIn(tt.out, cmds, nil); len(got) != tt.want {
			t.Errorf("englishIn(%q) = %q, want %d lines", tt.out, got, tt.want)
		}
	}
}

// italianRun runs commands in a terminal set to Italian and collects the
// English lines they print. Those still to translate are listed, one test
// a file, in testdata/english/ (englishDir): the test fails on an English
// line not listed, so none is added, and on a listed line that is gone,
// so the lists only shrink, to zero. go test -run Italian -update
// rewrites them: read the diff.
type italianRun struct {
	*cli
	cmds   map[string]bool
	inputs []string
	found  map[string]bool
}

// englishDir holds the English lines an Italian terminal still prints.
const englishDir = "testdata/english"

// englishPath is englishDir from the package's directory, where go test
// starts, whatever directory a test moves to (t.Chdir).
var englishPath = func() string {
	p, err := filepath.Abs(englishDir)
	if err != nil {
		return englishDir
	}
	return p
}()

func newItalianRun(t *testing.T, inputs ...string) *italianRun {
	c := newCLI(t)
	c.env["ARBITER_LANG"] = "it"
	c.env["ARBITER_USER"] = "Mario Arbitro"
	r := &italianRun{cli: c, cmds: commandWords(), inputs: inputs, found: map[string]bool{}}
	t.Cleanup(func() { r.compare(englishPath) })
	return r
}

// try runs one command, whatever its exit code, checks what it printed
// and returns its standard output.
func (r *italianRun) try(args ...string) (string, int) {
	r.t.Helper()
	out, errs, code := r.run(args...)
	r.check(strings.Join(args, " "), out+errs)
	return out, code
}

// must runs a command that must succeed.
func (r *italianRun) must(args ...string) string {
	r.t.Helper()
	out, code := r.try(args...)
	if code != 0 {
		r.t.Fatalf("arbiter %s: exit %d", strings.Join(args, " "), code)
	}
	return out
}

var (
	// stamp is a time in the log, which changes from run to run.
	stamp = regexp.MustCompile(`\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\dZ?`)
	// tempPath is a file of the test's temporary directories.
	tempPath = regexp.MustCompile(regexp.QuoteMeta(os.TempDir()) + `/\S*`)
)

// check records the English lines of what one command printed.
func (r *italianRun) check(what, out string) {
	r.t.Helper()
	inputs := append(slices.Clone(r.inputs), r.cli.db)
	for _, l := range englishIn(out, r.cmds, inputs) {
		l = tempPath.ReplaceAllString(stamp.ReplaceAllString(l, "TIME"), "FILE")
		r.found["arbiter "+tempPath.ReplaceAllString(what, "FILE")+": "+l] = true
	}
}

// compare fails on the English lines found that the test's list does not
// hold and on those it holds that were not found.
func (r *italianRun) compare(dir string) {
	t := r.t
	if t.Failed() && !*update {
		return // a command failed: its list is not the whole story
	}
	name := filepath.Join(dir, t.Name()+".txt")
	got := slices.Sorted(maps.Keys(r.found))
	if *update {
		body := "# English lines an Italian terminal still prints; see english_test.go.\n" + strings.Join(got, "\n")
		if len(got) > 0 {
			body += "\n"
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatalf("%v: run go test -run %s -update", err, t.Name())
	}
	listed := map[string]bool{}
	for _, l := range strings.Split(string(data), "\n") {
		if l != "" && !strings.HasPrefix(l, "#") {
			listed[l] = true
		}
	}
	for _, l := range got {
		if !listed[l] {
			t.Errorf("English in an Italian terminal, not in %s: %s", name, l)
		}
	}
	for l := range listed {
		if !r.found[l] {
			t.Errorf("%s lists %s, which is gone: take it off the list", name, l)
		}
	}
}

// userInputs returns the values typed in a command line that its output
// may repeat: names and files, anything with a capital, a space or a dot.
func userInputs(args []string) []string {
	var out []string
	for _, a := range args {
		if strings.HasPrefix(a, "-") || len(a) < 3 {
			continue
		}
		if strings.ContainsAny(a, " ./,ABCDEFGHIJKLMNOPQRSTUVWXYZ") {
			out = append(out, a)
		}
	}
	return out
}

// TestItalianREADME runs every command of the README transcript in a
// terminal set to Italian: nothing it prints is English.
func TestItalianREADME(t *testing.T) {
	src, err := os.ReadFile(readmeFile)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(src), "\n")
	fs, err := fences(lines)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	t.Chdir(dir)
	r := newItalianRun(t)
	r.db = filepath.Join(dir, "arbiter.db")
	for _, f := range fs {
		if name := f.file(); name != "" {
			if err := os.WriteFile(name, []byte(strings.Join(lines[f.start:f.end], "\n")+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if f.info != "console" {
			continue
		}
		cmds, err := f.commands(lines)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cmds {
			args, err := splitWords(c.command)
			if err != nil {
				t.Fatal(err)
			}
			r.inputs = append(r.inputs, userInputs(args[1:])...)
			if _, code := r.try(args[1:]...); code != readmeExit[c.command] {
				t.Fatalf("%s: exit %d, want %d", c.command, code, readmeExit[c.command])
			}
		}
	}
}

// TestItalianSixPlayers plays the six-player Labyrinth evening in a
// terminal set to Italian: the question of the preset, tournament show
// repeating it, closing registration each way, the Swiss that gets stuck
// and its all-play-all continuation, to the final standings.
func TestItalianSixPlayers(t *testing.T) {
	names := smallNames[:6]
	r := newItalianRun(t, append([]string{"Serata a sei", "Girone", "Tutti contro tutti"}, names...)...)
	r.must("tournament", "new", "Serata a sei", "--preset", "labyrinth", "--first-colour", "white")
	for _, n := range names {
		r.must("player", "add", n)
	}
	r.try("round", "pair")
	r.must("tournament", "show")
	r.try("tournament", "close-registration", "--rounds", "9")
	r.try("tournament", "close-registration", "--system", "round-robin", "--double")
	r.must("tournament", "close-registration", "--keep")
	r.must("tournament", "show")
	var offer string
	for round := 1; offer == ""; round++ {
		if round > 7 {
			t.Fatal("the Swiss of six players never got stuck")
		}
		out, errs, code := r.run("round", "pair", "--json")
		r.check("round pair", errs)
		if code != 0 {
			m := apaCommand.FindStringSubmatch(errs)
			if m == nil {
				t.Fatalf("round %d: round pair refused without the all-play-all: %s", round, errs)
			}
			offer = m[1]
			break
		}
		var rd roundJSON
		if err := json.Unmarshal([]byte(out), &rd); err != nil {
			t.Fatal(err)
		}
		r.must("round", "show")
		for _, b := range rd.Boards {
			if b.Bye == "" {
				r.must("round", "result", strconv.Itoa(b.Board), "0-1")
			}
		}
		r.must("standings")
	}
	r.must(strings.Fields(offer)...)
	r.must("tournament", "show")
	for {
		out, code := r.try("round", "pair")
		if code != 0 {
			break
		}
		r.check("round pair", out)
		for b := 1; b <= 3; b++ {
			r.must("round", "result", strconv.Itoa(b), []string{"1-0", "patta", "0-1"}[b-1])
		}
	}
	r.must("standings")
	r.must("print", "crosstable", "-o", filepath.Join(t.TempDir(), "tabellone.pdf"))

	// The same six as a round robin from the start.
	r.must("tournament", "new", "Girone", "--preset", "labyrinth", "--first-colour", "white")
	for _, n := range names {
		r.must("player", "add", n)
	}
	r.must("tournament", "close-registration", "--system", "round-robin")
	r.must("round", "pair")
	r.must("round", "results", "1 1-0, 2 x, 3 ½")
	r.must("standings")
	r.must("tournament", "show")

	// A round robin announced before registration closes: its rounds are
	// decided from the field then, not the Swiss's 7.
	out, errs, code := r.run("tournament", "new", "Tutti contro tutti", "--system", "round-robin", "--first-colour", "white")
	r.check("tournament new --system round-robin", out+errs)
	if code != 0 || strings.Contains(errs, "7 turni") || !strings.Contains(errs, "alla chiusura delle iscrizioni") || !strings.Contains(errs, "SB DE WIN KS") {
		t.Errorf("tournament new --system round-robin: exit %d, announced %q, want no rounds yet and the round-robin tie-breaks", code, errs)
	}
	for _, n := range names {
		r.must("player", "add", n)
	}
	if show := r.must("tournament", "show"); !strings.Contains(show, "5 turni con i 6 giocatori iscritti finora") {
		t.Errorf("tournament show of an open round robin of six:\n%s\nwant its 5 rounds from the field", show)
	}
}

// TestItalianMistakes makes the mistakes of an evening in a terminal set
// to Italian: every refusal, notice and table, the log, undo, the games
// and their verdicts, the usage errors and the help of every command.
func TestItalianMistakes(t *testing.T) {
	dir := t.TempDir()
	r := newItalianRun(t, "Serata di prova", "Rossi, Mario", "Bianchi, Anna", "Verdi, Ugo", "Conti, Sara", "Gallo, Piero", "Rossi", "Rosi, Mario", dir)
	r.must("tournament", "new", "Serata di prova", "--rounds", "2", "--first-colour", "white")
	for _, n := range []string{"Rossi, Mario", "Bianchi, Anna", "Verdi, Ugo", "Conti, Sara", "Gallo, Piero"} {
		r.must("player", "add", n, "--rating", "1800")
	}
	r.try("player", "add", "Rossi")
	r.try("player", "add", "Rosi, Mario")
	r.try("player", "add", "3")
	r.must("player", "add", "Neri, Carlo")
	r.must("player", "remove", "6")
	r.try("player", "remove", "Nessuno, Tizio")
	r.must("round", "pair")
	r.must("round", "show")
	illegal := writeFile(t, filepath.Join(dir, "illegale.txt"), "1.e4 f5 2.Dh5+ Cf6\n")
	mate := writeFile(t, filepath.Join(dir, "matto.txt"), "1.e4 e5 2.Ac4 Cc6 3.Dh5 Cf6 4.D:f7#\n")
	r.try("game", "add", "1", illegal)
	r.must("game", "add", "1", illegal, "--ruling", "mossa illegale reclamata dal Bianco", "--result", "1-0")
	r.try("game", "add", "2", mate)
	r.must("game", "show", "1")
	r.must("game", "show", "2")
	r.must("game", "list")
	r.try("round", "result", "9", "1-0")
	r.try("round", "result", "1", "1-0", "--round", "9")
	r.try("round", "result", "2", "1/2")
	r.try("round", "results", "9 1-0")
	r.must("log")
	r.must("undo")
	r.must("undo", "--yes")
	r.must("round", "result", "2", "1-0")
	r.try("round", "result", "2", "0-1")
	r.try("round", "results", "2 0-1")
	// A pairing by hand that repeats round 1: its warnings, refused.
	var again []string
	for _, b := range r.roundShown("1").Boards {
		if b.Board == 0 {
			again = append(again, fmt.Sprintf("%d bye", b.White))
		} else {
			again = append(again, fmt.Sprintf("%d-%d", b.White, *b.Black))
		}
	}
	if _, code := r.try("round", "pair", "--manual", strings.Join(again, ", ")); code == 0 {
		t.Fatalf("round pair --manual %q: round 1 again was paired", strings.Join(again, ", "))
	}
	r.try("round", "pair", "--manual", "1-x")
	r.try("round", "pair", "--manual", "# nulla")
	r.try("tournament", "close-registration", "--double")
	r.try("game", "check", filepath.Join(dir, "manca.pgn"))
	r.try("player", "import", filepath.Join(dir, "manca.csv"))
	// The organizer keeps the rematches: the log words what was kept.
	r.must("round", "pair", "--manual", strings.Join(again, ", "), "--force")
	r.must("round", "result", "1", "0-1", "--reason", "time", "--fen", "8/8/4k3/8/8/8/3QK3/8 w - - 0 61")
	r.must("round", "result", "2", "+-")
	r.try("round", "pair")
	r.must("standings")
	r.must("export", "pgn", filepath.Join(dir, "partite.pgn"), "--lang", "it")
	pgn, err := os.ReadFile(filepath.Join(dir, "partite.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	r.check("export pgn --lang it (the file)", string(pgn))
	r.must("log")
	r.try("export", "xlsx")
	r.try("tournament", "use")
	r.try("tournament", "use", "Nessuno")
	r.must("tournament", "use", "Serata di prova")
	r.must("tournament", "list")
	r.try("round", "result")
	r.try("round", "pair", "--bogus")
	r.try("tournament", "frobnicate")
	r.try("frobnicate")
	r.try("--version")
	r.try("player", "edit")
	r.try("help")
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		for _, sub := range c.Commands() {
			path := strings.Fields(strings.TrimPrefix(sub.CommandPath(), "arbiter "))
			r.try(append(path, "--help")...)
			walk(sub)
		}
	}
	walk(newRootCmd(&app{}))
}
