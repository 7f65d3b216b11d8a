package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// untranslatedFile lists the English texts of cmd/arbiter and reports
// that do not go through the locale catalog yet, one per line as
// "file.go: text". TestUntranslated fails when a new one appears, so a
// message added in English alone is caught in review, and when one listed
// is gone, so the list only shrinks. go test -run Untranslated -update
// rewrites it: read the diff.
const untranslatedFile = "testdata/untranslated.txt"

// userText are the calls whose string arguments reach the organizer: the
// errors main prints, the notices, and whatever is printed to a stream.
var userText = map[string]bool{
	"fmt.Errorf": true, "errors.New": true, "fmt.Fprintf": true, "fmt.Fprintln": true, "fmt.Fprint": true,
	"usageErrorf": true, "notef": true, "hint": true,
}

// words matches text written for people: a word of three letters or more.
var words = regexp.MustCompile(`\pL{3,}`)

// flagName is a flag named in a text, "--reason": the name typed, the
// same in every language, so "--reason: %w" holds no text for people.
var flagName = regexp.MustCompile(`--[a-z][a-z0-9-]*`)

// untranslated returns the English texts of the non-test Go files in dir,
// as "file.go: text", sorted.
func untranslated(t *testing.T, dir string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		base := filepath.Base(abs) + "/" + filepath.Base(name)
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || !userText[callName(call.Fun)] {
				return true
			}
			for _, arg := range call.Args {
				lit, ok := arg.(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					continue
				}
				s, err := strconv.Unquote(lit.Value)
				if err != nil || !words.MatchString(flagName.ReplaceAllString(s, " ")) {
					continue
				}
				out = append(out, base+": "+strings.ReplaceAll(s, "\n", `\n`))
			}
			return true
		})
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// callName returns "fmt.Errorf" for fmt.Errorf(...), "notef" for
// a.notef(...) and usageErrorf(...).
func callName(fun ast.Expr) string {
	switch f := fun.(type) {
	case *ast.Ident:
		return f.Name
	case *ast.SelectorExpr:
		if x, ok := f.X.(*ast.Ident); ok && (x.Name == "fmt" || x.Name == "errors") {
			return x.Name + "." + f.Sel.Name
		}
		return f.Sel.Name
	}
	return ""
}

func TestUntranslated(t *testing.T) {
	t.Parallel()
	got := append(untranslated(t, "."), untranslated(t, "../../reports")...)
	slices.Sort(got)
	if *update {
		body := "# English texts of cmd/arbiter and reports not yet in the locale catalog.\n" +
			"# TestUntranslated keeps this list from growing; see untranslated_test.go.\n" +
			strings.Join(got, "\n") + "\n"
		if err := os.WriteFile(untranslatedFile, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	data, err := os.ReadFile(untranslatedFile)
	if err != nil {
		t.Fatal(err)
	}
	var listed []string
	for _, l := range strings.Split(string(data), "\n") {
		if l != "" && !strings.HasPrefix(l, "#") {
			listed = append(listed, l)
		}
	}
	for _, s := range got {
		if !slices.Contains(listed, s) {
			t.Errorf("English text outside the locale catalog: %s\n(word it with the app's Localizer, a.tr(), and add it to locale/en.json and it.json)", s)
		}
	}
	for _, s := range listed {
		if !slices.Contains(got, s) {
			t.Errorf("%s lists %q, which is gone: take it off the list", untranslatedFile, s)
		}
	}
}

// TestUntranslatedFinds checks that the scan sees the calls it is meant to
// see and leaves out what is not text for people.
func TestUntranslatedFinds(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	src := `package x

import ("errors"; "fmt"; "os")

type app struct{}

func (a *app) notef(f string, args ...any) {}
func usageErrorf(f string, args ...any) error { return nil }

func f(a *app, l interface{ T(string) string }) error {
	a.notef("Paired round %d.", 3)
	fmt.Fprintf(os.Stdout, "%s: %d\n", "x", 1)
	fmt.Fprintln(os.Stdout, l.T("cli.round.title"))
	_ = errors.New("no such board")
	_ = usageErrorf("--lang %q: use en or it", "x")
	_ = fmt.Errorf("--reason: %w", nil)
	return fmt.Errorf("load round %d: %w", 1, nil)
}
`
	if err := os.MkdirAll(filepath.Join(dir, "x"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "x", "x.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	got := untranslated(t, filepath.Join(dir, "x"))
	want := []string{
		"x/x.go: --lang %q: use en or it",
		"x/x.go: Paired round %d.",
		"x/x.go: load round %d: %w",
		"x/x.go: no such board",
	}
	if !slices.Equal(got, want) {
		t.Errorf("untranslated = %q, want %q", got, want)
	}
}
