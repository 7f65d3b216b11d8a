package main

import (
	"io"
	"strings"
	"testing"
	"unicode"

	"github.com/spf13/cobra"
)

// TestHelpConventions walks every command and checks the help text
// conventions: a Short that is a capitalised phrase without a final
// period, and Example lines indented by two spaces and starting with "$ ".
func TestHelpConventions(t *testing.T) {
	a := &app{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard, getenv: func(string) string { return "" }}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		path := c.CommandPath()
		if c.Short == "" {
			t.Errorf("%s: no Short", path)
		} else {
			if r := []rune(c.Short)[0]; !unicode.IsUpper(r) {
				t.Errorf("%s: Short %q does not start with a capital", path, c.Short)
			}
			if strings.HasSuffix(c.Short, ".") {
				t.Errorf("%s: Short %q ends with a period", path, c.Short)
			}
		}
		if c.Example != "" {
			for _, line := range strings.Split(c.Example, "\n") {
				if !strings.HasPrefix(line, "  $ ") {
					t.Errorf("%s: Example line %q does not start with \"  $ \"", path, line)
				}
			}
		}
		for _, sub := range c.Commands() {
			if sub.Name() != "help" && sub.Name() != "completion" {
				walk(sub)
			}
		}
	}
	walk(newRootCmd(a))
}
