package arbiter

import (
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestDeps keeps the pure packages pure: the domain, rules of chess,
// scoring, tie-breaks and pairing must not reach storage, spreadsheets,
// PDF, the command line framework or the operating system.
func TestDeps(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	pure := []string{".", "./rules", "./scoring", "./tiebreak", "./pairing", "./trf", "./games", "./text", "./season", "./phrase", "./prizes", "./rating"}
	forbidden := []string{"database/sql", "modernc.org/sqlite", "github.com/xuri/excelize", "codeberg.org/go-pdf/fpdf", "github.com/spf13/cobra", "os/exec", "net"}
	for _, pkg := range pure {
		if _, err := os.Stat(pkg); err != nil {
			continue
		}
		out, err := exec.Command("go", "list", "-deps", pkg).Output()
		if err != nil {
			t.Fatalf("go list -deps %s: %v", pkg, err)
		}
		for _, dep := range strings.Fields(string(out)) {
			for _, f := range forbidden {
				if dep == f || strings.HasPrefix(dep, f+"/") {
					t.Errorf("%s imports %s: pure packages must not do I/O", pkg, dep)
				}
			}
		}
	}
}

// TestCLIUsesDesk keeps the command line a front end: it parses, calls
// the desk and renders. It reaches the database only through the desk,
// and the rules (pairing, games, tie-breaks, the Laws of chess) too, file
// tools included, as any other front end must. Its tests may use what
// they need to check it.
func TestCLIUsesDesk(t *testing.T) {
	bad, desk, err := frontEndImports("cmd/arbiter", frontEndForbidden)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range bad {
		t.Errorf("%s: go through the desk", b)
	}
	if !desk {
		t.Errorf("cmd/arbiter does not import the desk")
	}
}

// frontEndForbidden are the packages a front end reaches only through
// the desk.
var frontEndForbidden = []string{
	module + "/store", module + "/pairing", module + "/games", module + "/tiebreak", module + "/rules",
	"database/sql", "modernc.org/sqlite",
}

const module = "github.com/labyrinth-chess/arbiter"

// frontEndImports reads the imports of the non-test Go files of dir and
// returns each import of a package in forbidden (or below it) as "file
// imports path", and whether any file imports the desk.
func frontEndImports(dir string, forbidden []string) (bad []string, desk bool, err error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, false, err
	}
	if len(names) == 0 {
		return nil, false, fmt.Errorf("no Go files in %s", dir)
	}
	fset := token.NewFileSet()
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.ImportsOnly)
		if err != nil {
			return nil, false, err
		}
		for _, imp := range f.Imports {
			path, err := strconv.Unquote(imp.Path.Value)
			if err != nil {
				return nil, false, fmt.Errorf("%s: %w", fset.Position(imp.Pos()), err)
			}
			if path == module+"/desk" {
				desk = true
			}
			for _, fb := range forbidden {
				if path == fb || strings.HasPrefix(path, fb+"/") {
					bad = append(bad, fmt.Sprintf("%s imports %s", filepath.ToSlash(name), path))
				}
			}
		}
	}
	return bad, desk, nil
}

// TestFrontEndImports checks the check of TestCLIUsesDesk on a front end
// made for it: a command file importing the rules and the store is
// caught, file by file, and its test file importing them is not.
func TestFrontEndImports(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"main.go":      "package main\n\nimport _ \"" + module + "/desk\"\n",
		"cmd_game.go":  "package main\n\nimport (\n\t\"fmt\"\n\tchess \"" + module + "/rules\"\n)\n",
		"cmd_store.go": "package main\n\nimport \"" + module + "/store\"\n",
		"cmd_test.go":  "package main\n\nimport \"" + module + "/pairing\"\n",
	}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	bad, desk, err := frontEndImports(dir, frontEndForbidden)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		filepath.ToSlash(filepath.Join(dir, "cmd_game.go")) + " imports " + module + "/rules",
		filepath.ToSlash(filepath.Join(dir, "cmd_store.go")) + " imports " + module + "/store",
	}
	if !slices.Equal(bad, want) || !desk {
		t.Errorf("frontEndImports = %q, %v, want %q, true", bad, desk, want)
	}
}

// TestWebUsesDesk keeps the server of the evening a front end, as the
// command line is: it parses forms, calls the desk through its Evening
// and renders. It decides no rule, so it reaches neither the database nor
// the packages that hold the rules (pairing, games, tie-breaks, the Laws
// of chess), its tests included.
func TestWebUsesDesk(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	out, err := exec.Command("go", "list", "-f", `{{join .Imports " "}} {{join .TestImports " "}}`, "./web").Output()
	if err != nil {
		t.Fatalf("go list ./web: %v", err)
	}
	const mod = "github.com/labyrinth-chess/arbiter/"
	forbidden := []string{mod + "store", mod + "pairing", mod + "games", mod + "tiebreak", mod + "rules", "database/sql", "modernc.org/sqlite"}
	for _, imp := range strings.Fields(string(out)) {
		for _, f := range forbidden {
			if imp == f || strings.HasPrefix(imp, f+"/") {
				t.Errorf("web imports %s: go through the desk", imp)
			}
		}
	}
}
