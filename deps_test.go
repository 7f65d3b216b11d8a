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
	pure := []string{".", "./rules", "./scoring", "./tiebreak", "./pairing", "./trf", "./games", "./text", "./phrase"}
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
