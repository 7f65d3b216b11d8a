package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRosterImport loads a club list into the roster, loads it again with
// a changed rating, and checks that registration finds the players.
func TestRosterImport(t *testing.T) {
	t.Parallel()
	c := newCLI(t)
	dir := t.TempDir()
	club := filepath.Join(dir, "soci.csv")
	writeFile(t, club, "cognome;nome;elo;circolo;titolo\nFerretti;Niccolò;2104;Labyrinth;CM\nNuñez;Iñaki;1850;Labyrinth;\nVilla;Noemi;;Labyrinth;\n")
	_, errs, code := c.run("roster", "list")
	if code != 1 || !strings.Contains(errs, "no database") {
		t.Errorf("roster list before any import: exit %d, %q; want exit 1 and no database", code, errs)
	}

	_, errs, code = c.run("roster", "import", club)
	if want := "Read 3 players from soci.csv into the club roster: 3 new, 0 updated, 0 unchanged.\n"; code != 0 || errs != want {
		t.Fatalf("roster import: exit %d, %q; want 0, %q", code, errs, want)
	}
	writeFile(t, club, "cognome;nome;elo\nFerretti;Niccolò;2120\nNunez;Inaki;1850\n")
	_, errs, code = c.run("roster", "import", club)
	if want := "Read 2 players from soci.csv into the club roster: 0 new, 1 updated, 1 unchanged.\n"; code != 0 || errs != want {
		t.Fatalf("second roster import: exit %d, %q; want 0, %q", code, errs, want)
	}

	var list []rosterJSON
	if err := json.Unmarshal([]byte(c.ok("roster", "list", "--json")), &list); err != nil {
		t.Fatal(err)
	}
	got := map[string]rosterJSON{}
	for _, p := range list {
		got[p.Name] = p
	}
	// CM in the club's Titolo column is the FSI's Candidato Maestro, a
	// national category: never the FIDE title CM.
	if f := got["Ferretti, Niccolò"]; len(list) != 3 || f.Rating != 2120 || f.Category != "CM" || f.Title != "" || got["Villa, Noemi"].Club != "Labyrinth" {
		t.Errorf("roster list --json = %+v, want the three players, Ferretti at 2120, still of category CM and no FIDE title", list)
	}
	table := c.ok("roster", "list")
	if lines := strings.Split(strings.TrimSpace(table), "\n"); len(lines) != 4 || !strings.Contains(lines[1], "Ferretti, Niccolò") || !strings.Contains(lines[1], "2120") {
		t.Errorf("roster list =\n%s\nwant a header and three players in name order", table)
	}

	c.ok("tournament", "new", "Labyrinth 12 May", "--preset", "labyrinth")
	for _, name := range []string{"Niccolo Ferretti", "Nuñez, Iñaki", "Villa, Noemi"} {
		_, errs, code := c.run("player", "add", name)
		if code != 0 || !strings.Contains(errs, "(club player id:") {
			t.Errorf("player add %q: exit %d, %q; want the roster player found", name, code, errs)
		}
	}
	list = nil
	if err := json.Unmarshal([]byte(c.ok("roster", "list", "--json")), &list); err != nil {
		t.Fatal(err)
	}
	if len(list) != 3 {
		t.Errorf("after registration the roster has %d players, want the 3 imported", len(list))
	}
}

// TestRosterImportRefusals checks that a wrong list changes nothing and
// says which line to correct.
func TestRosterImportRefusals(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	tests := []struct {
		name, file, content string
		want                string
	}{
		{"likely duplicate", "a.csv", "name;rating\nFerreti, Niccolò;2104\n",
			`a.csv: line 2: "Ferreti, Niccolò" looks like club player id:1 Ferretti, Niccolò (2104); correct the name in the file, or import with --new`},
		{"twice", "b.csv", "name;club\nRossi, Mario;\nMario Rossi;\n", "b.csv: line 3: Rossi, Mario is already on line 2"},
		{"bad rating", "c.csv", "name;rating\nRossi, Mario;abc\n", "c.csv: line 2, column \"rating\""},
		{"no players", "d.csv", "name,rating\n", "d.csv has no players below its header row"},
		{"unknown kind", "e.pdf", "%PDF", "e.pdf: unknown kind of file"},
		{"missing", "", "", "cannot read"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newCLI(t)
			c.ok("roster", "import", writeFile(t, filepath.Join(t.TempDir(), "club.csv"), "name,rating\n\"Ferretti, Niccolò\",2104\n"))
			before := c.dump()
			path := filepath.Join(dir, "missing.csv")
			if tt.file != "" {
				path = writeFile(t, filepath.Join(dir, tt.file), tt.content)
			}
			out, errs, code := c.run("roster", "import", path)
			if code != 1 || out != "" {
				t.Errorf("exit %d, stdout %q; want 1 and nothing", code, out)
			}
			if lines := strings.Count(errs, "\n"); lines != 1 || !strings.Contains(errs, tt.want) {
				t.Errorf("stderr = %q, want one line with %q", errs, tt.want)
			}
			if after := c.dump(); after != before {
				t.Errorf("a refused import changed the database")
			}
		})
	}
}

// writeFile writes content to path and returns path.
func writeFile(tb testing.TB, path, content string) string {
	tb.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		tb.Fatal(err)
	}
	return path
}
