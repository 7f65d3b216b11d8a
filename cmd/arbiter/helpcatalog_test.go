package main

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/labyrinth-chess/arbiter/locale"
)

// helpCatalogFile is the English of the help catalog, written from the
// command tree.
const helpCatalogFile = "../../locale/help.en.json"

// TestHelpCatalog checks that the English of the help catalog is the help
// of the commands as they are defined: go test ./cmd/arbiter -run
// HelpCatalog -update writes it again after a command's help changed
// (locale.TestCatalogs then asks for the Italian of what is new).
func TestHelpCatalog(t *testing.T) {
	a := &app{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard,
		getenv: func(string) string { return "" }, now: time.Now}
	want := map[string]string{}
	for _, h := range helpTexts(withHelpCommands(newRootCmd(a))) {
		if old, dup := want[h.id]; dup && old != h.en {
			t.Errorf("help id %s is used twice", h.id)
		}
		want[h.id] = h.en
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(want); err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile(helpCatalogFile, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, err := os.ReadFile(helpCatalogFile)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, b.Bytes()) {
		t.Errorf("%s is not the help of the commands:\n%s\n(go test ./cmd/arbiter -run HelpCatalog -update writes it)", helpCatalogFile, lineDiff(string(got), b.String()))
	}
	// A description left in English is a translation forgotten; examples
	// and usage lines may read the same in both languages.
	it := locale.New(locale.Italian)
	for id, en := range want {
		if strings.HasSuffix(id, ".example") || strings.HasSuffix(id, ".use") {
			continue
		}
		if s := it.T(id); s == en && len(strings.Fields(en)) > 2 {
			t.Errorf("%s has no Italian: %q", id, en)
		}
	}
}
