package main

import (
	"database/sql"
	"fmt"
	"io"
	"maps"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestOnePairingPath pairs round 1 from the command line (round pair) and
// from the organizer's page (the pair button), each on its own copy of
// the same database: both go through one desk call, so they refuse or
// pair alike and leave the same database behind, row for row, but for
// when, by whom and from where. A labyrinth field too small for its 7
// rounds is refused with the same choices and nothing written; answered
// alike (a Swiss of 3 rounds), and for a round robin, which the pairing
// closes by itself, round 1 is paired the same.
func TestOnePairingPath(t *testing.T) {
	tests := []struct {
		name string
		new  []string // tournament new's flags
		// choices are the answers offered for the field, as the page
		// sends them back; none when the pairing goes ahead.
		choices []string
		// cli answers the question on the command line, page on the
		// organizer's page; both then pair.
		cli  []string
		page string
	}{
		{name: "labyrinth, 6 players", new: []string{"--preset", "labyrinth"},
			choices: []string{"swiss:3", "round-robin", "keep"},
			cli:     []string{"tournament", "close-registration", "--rounds", "3"}, page: "swiss:3"},
		{name: "round robin, 6 players", new: []string{"--system", "round-robin"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newCLI(t)
			c.ok(append([]string{"tournament", "new", "Evening", "--first-colour", "white"}, tt.new...)...)
			for i := 1; i <= 6; i++ {
				c.ok("player", "add", smallNames[i-1], "--rating", fmt.Sprint(2100-10*i))
			}
			before := tableDump(t, c.db)
			pagePath := filepath.Join(t.TempDir(), "page.db")
			copyFile(t, c.db, pagePath)
			f := startServe(t, pagePath, "club")
			org := f.client()
			f.post(org, "/admin/login", f.form(org, "/admin", "password", "club"))

			_, errs, code := c.run("round", "pair")
			status, body := f.post(org, "/admin/pair", f.form(org, "/admin"))
			if tt.choices != nil {
				if code != 1 || !strings.Contains(errs, "nothing was paired") {
					t.Fatalf("round pair = exit %d %q, want the question", code, errs)
				}
				if status != http.StatusConflict {
					t.Fatalf("the pair button = %d, want 409 with the question:\n%s", status, body)
				}
				if got, want := cliChoices(errs), tt.choices; !slices.Equal(got, want) {
					t.Errorf("round pair offers %v, want %v:\n%s", got, want, errs)
				}
				if got, want := pageChoices(body), tt.choices; !slices.Equal(got, want) {
					t.Errorf("the page offers %v, want %v", got, want)
				}
				for name, path := range map[string]string{"command line": c.db, "page": pagePath} {
					if diff := dumpDiff(before, tableDump(t, path)); diff != "" {
						t.Errorf("the refused pairing from the %s changed the database (-before +after):\n%s", name, diff)
					}
				}
				c.ok(tt.cli...)
				_, errs, code = c.run("round", "pair")
				status, body = f.post(org, "/admin/pair", f.form(org, "/admin", "close", tt.page))
			}
			if code != 0 {
				t.Fatalf("round pair = exit %d: %s", code, errs)
			}
			if status != http.StatusSeeOther {
				t.Fatalf("the pair button = %d, want 303:\n%s", status, body)
			}
			cli, page := tableDump(t, c.db), tableDump(t, pagePath)
			if tt.choices != nil {
				// The command line answers with a command of its own
				// (close-registration) before round pair: its undo log
				// holds the same changes as two commands, the page's as
				// one.
				for _, d := range []map[string][]string{cli, page} {
					delete(d, "undo_commands")
					delete(d, "undo_log")
				}
			}
			if diff := dumpDiff(cli, page); diff != "" {
				t.Errorf("the databases differ (-command line +page):\n%s", diff)
			}
			if len(cli["rounds"]) != 1 {
				t.Errorf("round 1 was not paired")
			}
		})
	}
}

// cliChoices returns the answers round pair's question names, as the
// page sends them back.
func cliChoices(errs string) []string {
	var out []string
	for _, m := range regexp.MustCompile(`close-registration (--rounds (\d+)|--system round-robin \(|--keep)|--double`).FindAllStringSubmatch(errs, -1) {
		switch {
		case m[2] != "":
			out = append(out, "swiss:"+m[2])
		case strings.HasPrefix(m[1], "--system"):
			out = append(out, "round-robin")
		case m[1] == "--keep":
			out = append(out, "keep")
		default:
			out = append(out, "round-robin:2")
		}
	}
	return out
}

// pageChoices returns the answers the organizer's page offers.
func pageChoices(body string) []string {
	var out []string
	for _, m := range regexp.MustCompile(`name="close" value="([^"]+)"`).FindAllStringSubmatch(body, -1) {
		out = append(out, m[1])
	}
	return out
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	in, err := os.Open(from)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	out, err := os.Create(to)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(out, in); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
}

// dumpDiff returns the rows of a and b (tableDump) that are not in both,
// "-" for a's and "+" for b's, by table; "" when they are the same.
func dumpDiff(a, b map[string][]string) string {
	var out strings.Builder
	tables := slices.Sorted(maps.Keys(a))
	for name := range b {
		if _, ok := a[name]; !ok {
			tables = append(tables, name)
		}
	}
	for _, name := range tables {
		for _, row := range a[name] {
			if !slices.Contains(b[name], row) {
				fmt.Fprintf(&out, "%s: -%s\n", name, row)
			}
		}
		for _, row := range b[name] {
			if !slices.Contains(a[name], row) {
				fmt.Fprintf(&out, "%s: +%s\n", name, row)
			}
		}
		if len(a[name]) != len(b[name]) && out.Len() == 0 {
			fmt.Fprintf(&out, "%s: %d rows, then %d\n", name, len(a[name]), len(b[name]))
		}
	}
	return out.String()
}

// unstamped are the columns that say when a change was made, by whom and
// from where: two front ends making the same change differ there only.
var unstamped = regexp.MustCompile(`^(at|who|ip|device|.*_at|.*_by|.*_ip|.*_dev)$`)

// tableDump returns the rows of every table of the database at path, each
// as text, sorted, without the columns unstamped matches.
func tableDump(t *testing.T, path string) map[string][]string {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var tables []string
	rows, err := db.Query(`SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			t.Fatal(err)
		}
		tables = append(tables, name)
	}
	rows.Close()
	out := map[string][]string{}
	for _, table := range tables {
		var cols []string
		rows, err := db.Query(`SELECT name FROM pragma_table_info(?)`, table)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var col string
			if err := rows.Scan(&col); err != nil {
				t.Fatal(err)
			}
			if !unstamped.MatchString(col) || col == "undone_by" {
				cols = append(cols, `"`+col+`"`)
			}
		}
		rows.Close()
		rows, err = db.Query(`SELECT ` + strings.Join(cols, ", ") + ` FROM "` + table + `"`)
		if err != nil {
			t.Fatal(err)
		}
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		lines := []string{}
		for rows.Next() {
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			var cells []string
			for i, v := range vals {
				cells = append(cells, fmt.Sprintf("%s=%v", cols[i], v))
			}
			lines = append(lines, strings.Join(cells, " "))
		}
		rows.Close()
		slices.Sort(lines)
		out[table] = lines
	}
	return out
}
