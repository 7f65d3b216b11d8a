package main

import (
	"io"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// TestHelpConventions walks every command and checks the help text
// conventions: a Use line that names the arguments and leaves the flags
// to cobra's list (but for a flag that must be given), a Short that is a
// capitalised phrase without a final period, Example lines indented by
// two spaces and starting with "$ ", and flags whose choices are written
// {a|b} and whose round is N.
func TestHelpConventions(t *testing.T) {
	t.Parallel()
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
		if strings.Contains(c.Use, "[--") || strings.Contains(c.Use, "[flags]") {
			t.Errorf("%s: Use %q lists flags: leave them to the flag list", path, c.Use)
		}
		c.LocalFlags().VisitAll(func(f *pflag.Flag) {
			name, usage := pflag.UnquoteUsage(f)
			// Outside the placeholder, a bar separates choices, which
			// are written {a|b}.
			plain := regexp.MustCompile("`[^`]*`|\\{[^}]*\\}").ReplaceAllString(f.Usage, "")
			if strings.Contains(plain, "|") {
				t.Errorf("%s --%s: usage %q has choices not written {a|b}", path, f.Name, f.Usage)
			}
			if (f.Name == "round" || f.Name == "from-round") && name != "N" {
				t.Errorf("%s --%s: shows %s %s, want N", path, f.Name, name, usage)
			}
		})
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
