package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// TestTournamentLanguage checks where a tournament's language comes from
// (--lang, else the terminal's ARBITER_LANG or LANG) and that tournament
// set changes it, refusing an unknown one.
func TestTournamentLanguage(t *testing.T) {
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
		{[]string{"print", "standings"}, []string{"Classifica dopo il 7° turno", "Pos. N. Nome"}, "Standings"},
		{[]string{"print", "crosstable"}, []string{"Tabellone dopo il 7° turno"}, "Crosstable"},
		{[]string{"print", "standings", "--lang", "en"}, []string{"Standings after round 7"}, "Classifica"},
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
