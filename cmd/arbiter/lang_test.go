package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// TestTournamentLanguage checks where a tournament's language comes from
// (--lang, else the terminal's ARBITER_LANG or LANG) and that tournament
// set changes it, refusing an unknown one.
func TestTournamentLanguage(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		env  map[string]string
		args []string
		want string
	}{
		{"default", nil, nil, "en"},
		{"flag", nil, []string{"--lang", "it"}, "it"},
		{"LANG", map[string]string{"LANG": "it_IT.UTF-8"}, nil, "it"},
		{"ARBITER_LANG", map[string]string{"ARBITER_LANG": "it", "LANG": "en_GB.UTF-8"}, nil, "it"},
		{"flag over the terminal", map[string]string{"LANG": "it_IT.UTF-8"}, []string{"--lang", "en"}, "en"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newCLI(t)
			for k, v := range tt.env {
				c.env[k] = v
			}
			out := c.ok(append([]string{"tournament", "new", "Serata", "--json"}, tt.args...)...)
			var got tournamentJSON
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Fatal(err)
			}
			if got.Language != tt.want {
				t.Errorf("language = %q, want %q", got.Language, tt.want)
			}
		})
	}

	c := newCLI(t)
	c.ok("tournament", "new", "Serata")
	c.ok("tournament", "set", "--lang", "it")
	if out := c.ok("tournament", "show"); !strings.Contains(out, "Sheets in:     Italian (it)") {
		t.Errorf("tournament show after set --lang it:\n%s", out)
	}
	_, errs, code := c.run("tournament", "set", "--lang", "de")
	if code != 1 || !strings.Contains(errs, `--lang "de": type it or en`) {
		t.Errorf("set --lang de: exit %d, %q; want exit 1 naming the choices", code, errs)
	}
	_, errs, code = c.run("print", "standings", "--lang", "fr", "-o", "x.pdf")
	if code != 2 || !strings.Contains(errs, `--lang "fr": use en or it`) {
		t.Errorf("print --lang fr: exit %d, %q; want a usage error", code, errs)
	}
}

// TestReportLanguage prints and exports the accented evening in the
// tournament's language and with --lang: the Italian pairing sheet says
// "Abbinamenti", the slips "Firma del Bianco", the workbook's first sheet
// is Classifica; --lang en brings back the English words for one file.
func TestReportLanguage(t *testing.T) {
	t.Parallel()
	c := accentedEvening(t)
	dir := t.TempDir()
	c.ok("tournament", "set", "--lang", "it")
	tests := []struct {
		args []string
		want []string
		not  string
	}{
		{[]string{"print", "pairings"}, []string{"Abbinamenti del 7° turno", "Scacch. Bianco Punti Risultato Nero Punti", "Trova la tua scacchiera"}, "Board"},
		{[]string{"print", "slips"}, []string{"Firma del Bianco", "Firma del Nero", "Scacchiera 1"}, "signature"},
		{[]string{"print", "standings"}, []string{"Classifica finale", "Pos. N. Nome"}, "Standings"},
		{[]string{"print", "crosstable"}, []string{"Tabellone finale"}, "Crosstable"},
		{[]string{"print", "standings", "--lang", "en"}, []string{"Final standings"}, "Classifica"},
	}
	for i, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			file := filepath.Join(dir, "sheet"+string(rune('a'+i))+".pdf")
			c.ok(append(tt.args, "-o", file)...)
			text := strings.Join(strings.Fields(pdfText(t, file)), " ")
			for _, w := range tt.want {
				if !strings.Contains(text, w) {
					t.Errorf("%v: no %q in\n%s", tt.args, w, text)
				}
			}
			if strings.Contains(text, tt.not) {
				t.Errorf("%v: %q in the text, want none of the other language", tt.args, tt.not)
			}
		})
	}
	for _, tt := range []struct {
		lang  []string
		first string
	}{{nil, "Classifica"}, {[]string{"--lang", "en"}, "Standings"}} {
		file := filepath.Join(dir, "book.xlsx")
		c.ok(append([]string{"export", "xlsx", file}, tt.lang...)...)
		f, err := excelize.OpenFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if got := f.GetSheetList()[0]; got != tt.first {
			t.Errorf("export xlsx %v: first sheet %q, want %q", tt.lang, got, tt.first)
		}
		f.Close()
	}
}

// TestDemoItalian plays the evening in Italian as the README shows it
// (the text block that starts with "$ arbiter demo --lang it", compared
// line by line; go test -update rewrites it) and reads a few of its files
// back: the pairing sheet and the workbook are in Italian.
func TestDemoItalian(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a whole evening")
	}
	const command = "$ arbiter demo --lang it --dir serata"
	readme, err := filepath.Abs(readmeFile)
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(readme)
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	t.Chdir(tmp)
	var out bytes.Buffer
	env := map[string]string{"ARBITER_USER": "organizer"}
	code := run(context.Background(), []string{"demo", "--lang", "it", "--dir", "serata"}, strings.NewReader(""), &out, &out,
		func(k string) string { return env[k] })
	if code != 0 {
		t.Fatalf("demo --lang it: exit %d\n%s", code, out.String())
	}
	got := normalizeOutput(out.String(), tmp)
	for _, w := range []string{"martedì 12 maggio 2026", "# 21:27  1° turno: abbinamenti", "Il Nero non si presenta alla scacchiera", "--lang it"} {
		if !strings.Contains(got, w) {
			t.Errorf("transcript has no %q", w)
		}
	}

	// The README's block: from the command to the closing fence.
	lines := strings.Split(string(src), "\n")
	start := slices.Index(lines, command)
	if start < 0 || start == 0 || lines[start-1] != "```text" {
		t.Fatalf("%s has no text block starting with %q", readmeFile, command)
	}
	end := start + 1
	for end < len(lines) && lines[end] != "```" {
		end++
	}
	if end == len(lines) {
		t.Fatalf("%s: the block of %q does not end", readmeFile, command)
	}
	want := strings.Join(lines[start+1:end], "\n")
	if *update {
		updated := slices.Concat(lines[:start+1], strings.Split(got, "\n"), lines[end:])
		if err := os.WriteFile(readme, []byte(strings.Join(updated, "\n")), 0o644); err != nil {
			t.Fatal(err)
		}
	} else if got != want {
		t.Errorf("%s: the Italian evening differs from the README (go test ./cmd/arbiter -run DemoItalian -update rewrites it):\n%s",
			readmeFile, diffLines(want, got))
	}

	text := strings.Join(strings.Fields(pdfText(t, filepath.Join(tmp, "serata", "round-3-pairings.pdf"))), " ")
	if !strings.Contains(text, "Abbinamenti del 3° turno") || !strings.Contains(text, "martedì 12 maggio 2026") {
		t.Errorf("round 3 pairing sheet is not in Italian:\n%s", text)
	}
	f, err := excelize.OpenFile(filepath.Join(tmp, "serata", "labyrinth.xlsx"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if got := f.GetSheetList(); got[0] != "Classifica" || got[len(got)-2] != "Giocatori" || got[len(got)-1] != "Premi" {
		t.Errorf("sheets = %q, want Classifica ... Giocatori, Premi", got)
	}
}

// TestTerminalItalian reads the accented evening in a terminal set to
// Italian: the tables and notices are in Italian, the --json answers are
// the same bytes as in English.
func TestTerminalItalian(t *testing.T) {
	t.Parallel()
	c := accentedEvening(t)
	en := map[string]string{}
	for _, args := range [][]string{{"standings", "--json"}, {"round", "show", "2", "--json"}, {"player", "list", "--json"}} {
		en[strings.Join(args, " ")] = c.ok(args...)
	}
	c.env["LANG"] = "it_IT.UTF-8"
	for args, want := range en {
		if got := c.ok(strings.Fields(args)...); got != want {
			t.Errorf("%s differs in Italian:\n%s\nwant\n%s", args, got, want)
		}
	}
	tests := []struct {
		args []string
		want []string
	}{
		{[]string{"standings"}, []string{"Classifica finale, ", "Pos.  N.  Nome", "Punti"}},
		{[]string{"round", "show", "2"}, []string{"Turno 2 di 7", "Scacch.  Bianco", "Risultato"}},
		{[]string{"player", "list"}, []string{"N.  Nome", "Elo", "Stato", "in gara"}},
		{[]string{"tournament", "show"}, []string{"Turni:", "Spareggi tecnici:", "Stampe in:"}},
	}
	for _, tt := range tests {
		out := c.ok(tt.args...)
		for _, w := range tt.want {
			if !strings.Contains(out, w) {
				t.Errorf("%v: no %q in\n%s", tt.args, w, out)
			}
		}
	}
	_, errs, _ := c.run("print", "standings", "-o", filepath.Join(t.TempDir(), "c.pdf"))
	if !strings.Contains(errs, "c.pdf (1 pagina).") || !strings.HasPrefix(errs, "Scritto ") {
		t.Errorf("print notice = %q, want it in Italian", errs)
	}
}

// TestErrorsItalian checks a few refusals in a terminal set to Italian:
// the message comes from the catalog, naming the same input.
func TestErrorsItalian(t *testing.T) {
	t.Parallel()
	c := newCLI(t)
	c.env["ARBITER_LANG"] = "it"
	dir := t.TempDir()
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"demo", "--dir", writeFile(t, filepath.Join(dir, "file"), "x")}, "è un file: indica una cartella"},
		{[]string{"game", "perft", "99"}, `profondità "99": indica un numero da 0 a`},
		{[]string{"trf", "pair", "--edition", "1999", "x.trf"}, "--edition 1999: scrivi 2025 (le regole in vigore) o 2017"},
		{[]string{"trf", "pair", filepath.Join(dir, "missing.trf")}, "non posso leggere " + filepath.Join(dir, "missing.trf")},
	}
	// The desk's refusals, worded by the command line.
	c.ok("tournament", "new", "Serata", "--rounds", "3")
	c.ok("player", "add", "Rossi, Mario")
	c.ok("player", "add", "Bianchi, Anna")
	c.ok("round", "pair")
	c.ok("round", "result", "1", "1-0")
	tests = append(tests, []struct {
		args []string
		want string
	}{
		{[]string{"round", "result", "1", "0-1"}, "per cambiarlo in 0-1, aggiungi --correct"},
		{[]string{"round", "result", "1", "1-0", "--both-flags", "--reason", "resign"}, "--both-flags va con --reason time, non con --reason resign"},
		{[]string{"round", "result", "1", "--black-forfeit", "--both-flags", "--reason", "time"}, "--both-flags: un forfait non è stato giocato"},
	}...)
	for _, tt := range tests {
		_, errs, code := c.run(tt.args...)
		if code == 0 || !strings.Contains(errs, tt.want) {
			t.Errorf("%v: exit %d, stderr %q, want it to say %q", tt.args, code, errs, tt.want)
		}
	}
}
