package arbiter

import (
	"os"
	"os/exec"
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
// the desk and renders, and reaches the database only through the desk,
// as any other front end must.
func TestCLIUsesDesk(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	out, err := exec.Command("go", "list", "-f", `{{join .Imports " "}}`, "./cmd/arbiter").Output()
	if err != nil {
		t.Fatalf("go list ./cmd/arbiter: %v", err)
	}
	imports := strings.Fields(string(out))
	desk := false
	for _, imp := range imports {
		switch imp {
		case "github.com/labyrinth-chess/arbiter/store", "database/sql", "modernc.org/sqlite":
			t.Errorf("cmd/arbiter imports %s: go through the desk", imp)
		case "github.com/labyrinth-chess/arbiter/desk":
			desk = true
		}
	}
	if !desk {
		t.Errorf("cmd/arbiter imports %v, not the desk", imports)
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
