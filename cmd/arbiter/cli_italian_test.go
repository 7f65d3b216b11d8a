package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCLIItalian runs an evening's commands in a terminal set to Italian
// (ARBITER_LANG=it; the tournament prints in Italian too) and checks that
// their refusals, notices and tables are the catalog's Italian, with the
// inputs they name filled in: game add and import, round results, the
// what-if of a correction, standings, player edit and return, print,
// roster import, backup and check.
func TestCLIItalian(t *testing.T) {
	t.Parallel()
	c := newCLI(t)
	c.env["ARBITER_LANG"] = "it"
	dir := t.TempDir()
	c.ok("tournament", "new", "Serata", "--rounds", "3", "--first-colour", "white")
	c.ok("tournament", "set", "--lang", "it")
	c.ok("player", "add", "Rossi, Mario", "--rating", "2000")
	c.ok("player", "add", "Bianchi, Anna", "--rating", "1800")
	c.ok("round", "pair")
	fool := writeFile(t, filepath.Join(dir, "matto.pgn"), `[Round "1"]
[White "Rossi, Mario"]
[Black "Bianchi, Anna"]
[Result "0-1"]

1. f3 e5 2. g4 Qh4# 0-1
`)
	stranger := writeFile(t, filepath.Join(dir, "altro.pgn"), `[Round "1"]
[White "Neri, Paolo"]
[Black "Verdi, Luca"]
[Result "1-0"]

1. e4 e5 1-0
`)
	if err := os.Mkdir(filepath.Join(dir, "soci"), 0o755); err != nil {
		t.Fatal(err)
	}

	// The rows run in order: the import enters 0-1 that the what-if then
	// questions.
	tests := []struct {
		args   []string
		ok     bool
		stdout []string // in standard output
		stderr []string // in standard error
	}{
		{args: []string{"player", "edit", "1", "--rating", "9999"},
			stderr: []string{"--rating 9999: scrivi un Elo da 0 (senza Elo) a 3500"}},
		{args: []string{"player", "return", "1", "--from-round=-1"},
			stderr: []string{"--from-round -1: scrivi il numero di un turno, per esempio 4"}},
		{args: []string{"standings", "--round", "3"},
			stderr: []string{"il 3° turno non è ancora abbinato: lo è solo il 1°; scrivi --round 1"}},
		{args: []string{"game", "add", "9", fool},
			stderr: []string{"il 1° turno non ha la scacchiera 9: le sue scacchiere vanno da 1 a 1; vedi arbiter round show 1"}},
		{args: []string{"round", "results", "x 1-0"},
			stderr: []string{`voce 1 "x 1-0": "x" non è un numero di scacchiera`}},
		{args: []string{"game", "import", stranger},
			stderr: []string{"partita 1 (riga 1, Neri, Paolo - Verdi, Luca)", "1 partita su 1 in " + stranger + " non corrisponde a nessuna scacchiera: non è stato importato nulla"}},
		{args: []string{"game", "import", fool}, ok: true,
			stderr: []string{"Importata 1 partita da " + fool + ": 1 salvata; 1 risultato inserito."}},
		{args: []string{"game", "import", fool}, ok: true,
			stderr: []string{"Niente di nuovo in " + fool + ": la sua 1 partita c'è già."}},
		{args: []string{"round", "result", "1", "1-0", "--correct", "--what-if"}, ok: true,
			stdout: []string{"E se la scacchiera 1 del 1° turno fosse 1-0 invece di 0-1 (classifica dopo il 1° turno):", "posizione 2 -> 1, punti 0 -> 1",
				"Per tenerlo: arbiter round result 1 1-0 --round 1 --correct"},
			stderr: []string{"Ipotesi: non è stato salvato nulla."}},
		{args: []string{"print", "abbinamenti"},
			stderr: []string{`foglio sconosciuto "abbinamenti": scrivi arbiter print {`}},
		{args: []string{"roster", "import", filepath.Join(dir, "soci")},
			stderr: []string{"non posso leggere " + filepath.Join(dir, "soci") + ": è una cartella: indica un file CSV o XLSX"}},
		{args: []string{"backup", filepath.Join(dir, "manca", "copia.db")},
			stderr: []string{"non posso scrivere " + filepath.Join(dir, "manca", "copia.db") + ": non c'è la cartella " + filepath.Join(dir, "manca")}},
		{args: []string{"check"}, ok: true,
			stdout: []string{"è integro (1 torneo controllato)."}},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args[:min(2, len(tt.args))], " "), func(t *testing.T) {
			out, errs, code := c.run(tt.args...)
			if (code == 0) != tt.ok {
				t.Fatalf("%v: exit %d, want success %v\nstdout %q\nstderr %q", tt.args, code, tt.ok, out, errs)
			}
			for _, w := range tt.stdout {
				if !strings.Contains(out, w) {
					t.Errorf("%v: stdout has no %q:\n%s", tt.args, w, out)
				}
			}
			for _, w := range tt.stderr {
				if !strings.Contains(errs, w) {
					t.Errorf("%v: stderr has no %q:\n%s", tt.args, w, errs)
				}
			}
		})
	}
}
