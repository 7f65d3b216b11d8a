package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"
)

// The README at the root of the repository shows commands with their real
// output, and the command reference in docs/commands.md (summed up in a
// table in the README) is written from the command tree. The tests below
// keep both true of the current build;
//
//	go test ./cmd/arbiter -run README -update
//
// rewrites the outputs in README.md, the table and docs/commands.md.
const (
	readmeFile    = "../../README.md"
	referenceFile = "../../docs/commands.md"

	// The README's command table sits between these two lines.
	tableBegin = "<!-- commands: begin (go test ./cmd/arbiter -run README -update writes this table) -->"
	tableEnd   = "<!-- commands: end -->"
)

// readmeExit lists the README commands that are shown failing, with the
// exit code they must have. Every other command must succeed.
var readmeExit = map[string]int{
	"arbiter game check serata.pgn": exitFailure,
	"arbiter player add 7":          exitFailure,
}

// A fence is a fenced code block of the README: lines[start:end] are its
// contents, between the opening and the closing ``` lines.
type fence struct {
	info       string // the info string after the opening ```
	start, end int
}

// file returns the name given by a file=NAME word of the info string: the
// block is the contents of that file, which the commands after it read.
func (f fence) file() string {
	for _, w := range strings.Fields(f.info) {
		if name, ok := strings.CutPrefix(w, "file="); ok {
			return name
		}
	}
	return ""
}

// fences returns the fenced code blocks of a Markdown text split in lines.
func fences(lines []string) ([]fence, error) {
	var fs []fence
	open := -1
	var info string
	for i, l := range lines {
		if !strings.HasPrefix(l, "```") {
			continue
		}
		if open < 0 {
			open, info = i, strings.TrimSpace(strings.TrimPrefix(l, "```"))
			continue
		}
		if strings.TrimSpace(l) != "```" {
			return nil, fmt.Errorf("line %d: a code block opens inside the block of line %d", i+1, open+1)
		}
		fs = append(fs, fence{info: info, start: open + 1, end: i})
		open = -1
	}
	if open >= 0 {
		return nil, fmt.Errorf("line %d: the code block is never closed", open+1)
	}
	return fs, nil
}

// A shown command is a "$ arbiter ..." line of a console block and the
// output lines under it, lines[out:end].
type shown struct {
	line     int // index of the "$ " line
	command  string
	out, end int
}

// commands returns the commands of a console block.
func (f fence) commands(lines []string) ([]shown, error) {
	var cs []shown
	for i := f.start; i < f.end; i++ {
		cmd, ok := strings.CutPrefix(lines[i], "$ ")
		if !ok {
			if len(cs) == 0 {
				return nil, fmt.Errorf("line %d: a console block starts with a \"$ arbiter\" line", i+1)
			}
			continue
		}
		if !strings.HasPrefix(cmd, "arbiter ") {
			return nil, fmt.Errorf("line %d: %q: console blocks run arbiter only; put other commands in a sh block", i+1, cmd)
		}
		if len(cs) > 0 {
			cs[len(cs)-1].end = i
		}
		cs = append(cs, shown{line: i, command: cmd, out: i + 1, end: f.end})
	}
	return cs, nil
}

// splitWords splits a command line as a POSIX shell does for the forms the
// README uses: words separated by blanks, 'single' and "double" quotes
// (with \" and \\ inside double quotes). Anything else a shell would
// interpret (variables, pipes, redirections) is refused.
func splitWords(s string) ([]string, error) {
	var words []string
	var w strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t':
			if inWord {
				words = append(words, w.String())
				w.Reset()
				inWord = false
			}
		case c == '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil, fmt.Errorf("unclosed ' in %s", s)
			}
			w.WriteString(s[i+1 : i+1+j])
			i += j + 1
			inWord = true
		case c == '"':
			i++
			for ; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\\') {
					i++
				} else if s[i] == '$' || s[i] == '`' {
					return nil, fmt.Errorf("%q: no expansions in README commands", s)
				}
				w.WriteByte(s[i])
			}
			if i == len(s) {
				return nil, fmt.Errorf("unclosed \" in %s", s)
			}
			inWord = true
		case strings.IndexByte("|&;<>()$`\\*?[#~", c) >= 0:
			return nil, fmt.Errorf("%q: the README's commands are plain (no %q); the test cannot run them", s, c)
		default:
			w.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, w.String())
	}
	return words, nil
}

func TestSplitWords(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want []string
		err  bool
	}{
		{in: "arbiter round pair", want: []string{"arbiter", "round", "pair"}},
		{in: `arbiter tournament new "Labyrinth 12 May"  --rounds 3`, want: []string{"arbiter", "tournament", "new", "Labyrinth 12 May", "--rounds", "3"}},
		{in: `arbiter round result 2 0-1 --fen '8/8/4k3/8 w - - 0 61'`, want: []string{"arbiter", "round", "result", "2", "0-1", "--fen", "8/8/4k3/8 w - - 0 61"}},
		{in: `arbiter player add "Rossi, \"Super\" Mario"`, want: []string{"arbiter", "player", "add", `Rossi, "Super" Mario`}},
		{in: `arbiter player add a"b c"d`, want: []string{"arbiter", "player", "add", "ab cd"}},
		{in: `arbiter player add ""`, want: []string{"arbiter", "player", "add", ""}},
		{in: `arbiter print pairings -o - | lp`, err: true},
		{in: `arbiter backup $HOME/club.db`, err: true},
		{in: `arbiter backup "$HOME/club.db"`, err: true},
		{in: `arbiter player add "Rossi`, err: true},
		{in: `arbiter player add 'Rossi`, err: true},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := splitWords(tt.in)
			if tt.err {
				if err == nil {
					t.Fatalf("splitWords(%q) = %q, want an error", tt.in, got)
				}
				return
			}
			if err != nil {
				t.Fatalf("splitWords(%q): %v", tt.in, err)
			}
			if strings.Join(got, "\x00") != strings.Join(tt.want, "\x00") || len(got) != len(tt.want) {
				t.Errorf("splitWords(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

// TestREADMECommands runs every console block of the README in order, in
// one empty directory (the database is ./arbiter.db there), as a newcomer
// would type them, and compares what each command prints, standard output
// and standard error as a terminal shows them, with the lines under it.
// A block whose info string has file=NAME is written to NAME first.
func TestREADMECommands(t *testing.T) {
	src, err := os.ReadFile(readmeFile)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(src), "\n")
	fs, err := fences(lines)
	if err != nil {
		t.Fatalf("%s: %v", readmeFile, err)
	}
	readme, err := filepath.Abs(readmeFile)
	if err != nil {
		t.Fatal(err)
	}

	dir := t.TempDir()
	t.Chdir(dir)
	// An English terminal: with no locale set, the help would speak the
	// current tournament's language, Italian after the README sets it.
	env := map[string]string{"ARBITER_USER": "organizer", "LANG": "en_US.UTF-8"}
	getenv := func(k string) string { return env[k] }

	var updated []string // the README with this run's outputs
	next := 0            // lines[next:] are not in updated yet
	ran := 0
	for _, f := range fs {
		if name := f.file(); name != "" {
			body := strings.Join(lines[f.start:f.end], "\n") + "\n"
			if err := os.WriteFile(name, []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if f.info != "console" {
			continue
		}
		cmds, err := f.commands(lines)
		if err != nil {
			t.Fatalf("%s: %v", readmeFile, err)
		}
		for _, c := range cmds {
			args, err := splitWords(c.command)
			if err != nil {
				t.Fatalf("%s:%d: %v", readmeFile, c.line+1, err)
			}
			var out bytes.Buffer
			start := time.Now()
			code := run(context.Background(), args[1:], strings.NewReader(""), &out, &out, getenv)
			if d := time.Since(start); d > 2*time.Second {
				t.Logf("%s:%d: %s took %v", readmeFile, c.line+1, c.command, d)
			}
			ran++
			// The commands after a failed one would only fail in turn, and
			// -update must not write an error into the README.
			if want := readmeExit[c.command]; code != want {
				t.Fatalf("%s:%d: %s: exit %d, want %d\n%s", readmeFile, c.line+1, c.command, code, want, out.String())
			}
			got := normalizeOutput(out.String(), dir)
			want := strings.Join(lines[c.out:c.end], "\n")
			if got != want && !*update {
				t.Errorf("%s:%d: %s printed\n%s\nthe README shows\n%s\n(go test ./cmd/arbiter -run README -update rewrites it)", readmeFile, c.line+1, c.command, got, want)
			}
			updated = append(updated, lines[next:c.out]...)
			if got != "" {
				updated = append(updated, strings.Split(got, "\n")...)
			}
			next = c.end
		}
	}
	updated = append(updated, lines[next:]...)
	if ran == 0 {
		t.Fatalf("%s has no console block with arbiter commands", readmeFile)
	}
	if *update {
		if err := os.WriteFile(readme, []byte(strings.Join(updated, "\n")), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// normalizeOutput turns what a command printed into README lines: the
// temporary directory becomes ".", and the trailing newline goes.
func normalizeOutput(s, dir string) string {
	for _, d := range []string{dir, evalSymlinks(dir)} {
		s = strings.ReplaceAll(s, d+string(filepath.Separator), "")
		s = strings.ReplaceAll(s, d, ".")
	}
	return strings.TrimRight(s, "\n")
}

func evalSymlinks(p string) string {
	if q, err := filepath.EvalSymlinks(p); err == nil {
		return q
	}
	return p
}

// TestREADMEReference writes the command reference from the command tree
// and compares it with docs/commands.md and with the table of the README.
func TestREADMEReference(t *testing.T) {
	t.Parallel()
	root := referenceTree()
	doc := commandReference(root)
	table := commandTable(root)

	src, err := os.ReadFile(readmeFile)
	if err != nil {
		t.Fatal(err)
	}
	before, rest, ok := strings.Cut(string(src), tableBegin+"\n")
	_, after, ok2 := strings.Cut(rest, tableEnd)
	if !ok || !ok2 {
		t.Fatalf("%s has no command table between the lines\n%s\n%s", readmeFile, tableBegin, tableEnd)
	}
	readme := before + tableBegin + "\n" + table + tableEnd + after

	old, err := os.ReadFile(referenceFile)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		t.Fatal(err)
	}
	if *update {
		if err := os.MkdirAll(filepath.Dir(referenceFile), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(referenceFile, []byte(doc), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(readmeFile, []byte(readme), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if string(old) != doc {
		t.Errorf("%s is not the reference the commands give:\n%s\n(go test ./cmd/arbiter -run README -update rewrites it)", referenceFile, lineDiff(string(old), doc))
	}
	if string(src) != readme {
		t.Errorf("the command table of %s is not the one the commands give:\n%s\n(go test ./cmd/arbiter -run README -update rewrites it)", readmeFile, lineDiff(string(src), readme))
	}
}

// referenceTree returns the command tree as arbiter runs it, with the help
// and completion commands cobra adds when it executes.
func referenceTree() *cobra.Command {
	a := &app{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard,
		getenv: func(string) string { return "" }, now: time.Now}
	root := newRootCmd(a)
	root.InitDefaultHelpCmd()
	root.InitDefaultCompletionCmd()
	return root
}

// documented returns the commands of the reference in the order of the
// help: depth first, subcommands sorted by name; help topics included,
// the help command itself and hidden commands left out.
func documented(c *cobra.Command) []*cobra.Command {
	var cs []*cobra.Command
	for _, sub := range c.Commands() {
		if !sub.IsAvailableCommand() && !sub.IsAdditionalHelpTopicCommand() {
			continue
		}
		cs = append(cs, sub)
		cs = append(cs, documented(sub)...)
	}
	return cs
}

// commandPath returns what the user types: the command's path, with
// "help" before a help topic ("arbiter help exit-codes").
func commandPath(c *cobra.Command) string {
	if c.IsAdditionalHelpTopicCommand() {
		return c.Parent().CommandPath() + " help " + c.Name()
	}
	return c.CommandPath()
}

// useLine returns the command's usage without cobra's "[flags]" suffix.
func useLine(c *cobra.Command) string {
	if c.IsAdditionalHelpTopicCommand() {
		return commandPath(c)
	}
	return strings.TrimSuffix(c.UseLine(), " [flags]")
}

// anchor returns the name GitHub gives the heading of a command's section
// in docs/commands.md, "arbiter-round-pair" for "## arbiter round pair".
func anchor(c *cobra.Command) string {
	return strings.ReplaceAll(commandPath(c), " ", "-")
}

// commandTable returns the README's table: one row per command that does
// something (nouns are summed up by their verbs), with its usage and its
// short description.
func commandTable(root *cobra.Command) string {
	var b strings.Builder
	b.WriteString("| Command | What it does |\n|---|---|\n")
	for _, c := range documented(root) {
		if c.HasAvailableSubCommands() {
			continue
		}
		use := strings.ReplaceAll(useLine(c), "|", `\|`)
		fmt.Fprintf(&b, "| [`%s`](docs/commands.md#%s) | %s |\n", use, anchor(c), c.Short)
	}
	return b.String()
}

// commandReference returns docs/commands.md: the global flags, then every
// command with its short description and, in a text block, its usage,
// description, examples and flags as its --help shows them.
func commandReference(root *cobra.Command) string {
	var b strings.Builder
	b.WriteString("# arbiter command reference\n\n")
	b.WriteString("<!-- Written from the command tree by go test ./cmd/arbiter -run README -update; edit the commands, not this file. -->\n\n")
	b.WriteString("`arbiter <command> --help` prints the same text for one command, and\n")
	b.WriteString("`arbiter help exit-codes` the exit codes. Every command takes these flags:\n\n")
	fmt.Fprintf(&b, "```text\n%s  -h, --help                 help for the command\n```\n\n", root.PersistentFlags().FlagUsages())
	b.WriteString("Commands:\n\n")
	for _, c := range documented(root) {
		depth := strings.Count(c.CommandPath(), " ") - 1
		fmt.Fprintf(&b, "%s- [`%s`](#%s): %s\n", strings.Repeat("  ", depth), strings.TrimPrefix(commandPath(c), "arbiter "), anchor(c), c.Short)
	}
	for _, c := range documented(root) {
		fmt.Fprintf(&b, "\n## %s\n\n%s.\n\n```text\n", commandPath(c), c.Short)
		if c.Runnable() && !c.HasAvailableSubCommands() {
			fmt.Fprintf(&b, "Usage: %s\n", useLine(c))
		}
		if long := strings.TrimSpace(c.Long); long != "" {
			if c.Runnable() && !c.HasAvailableSubCommands() {
				b.WriteString("\n")
			}
			b.WriteString(long + "\n")
		}
		if c.HasAvailableSubCommands() {
			if strings.TrimSpace(c.Long) != "" {
				b.WriteString("\n")
			}
			fmt.Fprintf(&b, "Usage: %s <command>\n\nCommands:\n", c.CommandPath())
			for _, sub := range c.Commands() {
				if sub.IsAvailableCommand() {
					fmt.Fprintf(&b, "  %-*s %s\n", sub.NamePadding(), sub.Name(), sub.Short)
				}
			}
		}
		if c.HasExample() {
			fmt.Fprintf(&b, "\nExamples:\n%s\n", strings.TrimRight(c.Example, "\n"))
		}
		if c.HasAvailableLocalFlags() {
			fmt.Fprintf(&b, "\nFlags:\n%s", c.LocalFlags().FlagUsages())
		}
		b.WriteString("```\n")
	}
	return b.String()
}

// lineDiff shows the first lines where two texts differ.
func lineDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := 0; i < len(g) || i < len(w); i++ {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl || i >= len(g) || i >= len(w) {
			return fmt.Sprintf("line %d is\n\t%q\nwant\n\t%q", i+1, gl, wl)
		}
	}
	return "(same lines)"
}
