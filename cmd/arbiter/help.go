package main

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"unicode"

	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// The help of every command is written in English in the command's
// definition (Use, Short, Long, Example and the flags' usage) and is the
// English of the help catalog, locale/help.en.json, which go test
// ./cmd/arbiter -run HelpCatalog -update writes from the command tree.
// locale/help.it.json words the same ids in Italian. In another language
// than English, localizeHelp puts the catalog's words into the tree before
// cobra prints any of it, and cobra's own headings ("Usage:", "Flags:")
// come from the catalog through the templates below.

// helpText is one text of the help: its message id and its English.
type helpText struct {
	id, en string
	set    func(string)
}

// helpTexts returns every text of the help of root and its commands, with
// a setter that puts a translation in its place. Each command's ids start
// with "help." and its path ("help.round.pair.short", ".long", ".example",
// ".use", ".flag.dry-run"); the root's with "help.arbiter".
func helpTexts(root *cobra.Command) []helpText {
	var out []helpText
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		base := helpBase(c)
		if c.Short != "" {
			out = append(out, helpText{base + ".short", c.Short, func(s string) { c.Short = s }})
		}
		if c.Long != "" {
			out = append(out, helpText{base + ".long", c.Long, func(s string) { c.Long = s }})
		}
		if c.Example != "" {
			out = append(out, helpText{base + ".example", c.Example, func(s string) { c.Example = s }})
		}
		if name, args, ok := strings.Cut(c.Use, " "); ok {
			out = append(out, helpText{base + ".use", args, func(s string) { c.Use = name + " " + s }})
		}
		flags := func(fs *pflag.FlagSet) {
			fs.VisitAll(func(f *pflag.Flag) {
				if f.Name == "help" || f.Usage == "" {
					return
				}
				out = append(out, helpText{base + ".flag." + f.Name, f.Usage, func(s string) { f.Usage = s }})
			})
		}
		flags(c.LocalNonPersistentFlags())
		flags(c.PersistentFlags())
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	return out
}

// helpBase returns the start of the message ids of c's help:
// "help.arbiter" for the root, "help.round.pair" for arbiter round pair.
func helpBase(c *cobra.Command) string {
	if !c.HasParent() {
		return "help.arbiter"
	}
	return "help." + strings.ReplaceAll(strings.TrimPrefix(c.CommandPath(), c.Root().Name()+" "), " ", ".")
}

// withHelpCommands adds to root the help and completion commands cobra
// adds when it runs, so that their help is worded too.
func withHelpCommands(root *cobra.Command) *cobra.Command {
	root.InitDefaultHelpCmd()
	root.InitDefaultCompletionCmd()
	return root
}

// helpWords returns the language of the help a command line asks for:
// the one of its --lang, which on any command names a language; else the
// one the environment chooses (ARBITER_LANG, LC_ALL, LANG); else the
// language of the tournament the command works on, when the database
// exists; else English.
func helpWords(ctx context.Context, a *app, args []string) *locale.Localizer {
	for i, arg := range args {
		if arg == "--" {
			break
		}
		v, ok := strings.CutPrefix(arg, "--lang=")
		if !ok && arg == "--lang" && i+1 < len(args) {
			v, ok = args[i+1], true
		}
		if ok && strings.TrimSpace(v) != "" {
			if l, err := locale.ParseLang(v); err == nil {
				return locale.New(l)
			}
		}
	}
	if a.getenv == nil {
		return locale.New(locale.English)
	}
	if l, ok := locale.EnvLang(a.getenv); ok {
		return locale.New(l)
	}
	lang := locale.English
	if _, err := os.Stat(a.databasePath()); err == nil {
		_ = a.withDesk(ctx, desk.ReadOnly, func(d *desk.Desk) error {
			t, err := d.Tournament(ctx, a.tournamentRef())
			if err == nil && t.Language == string(locale.Italian) {
				lang = locale.Italian
			}
			return nil
		})
	}
	return locale.New(lang)
}

// localizeHelp words the help of root and its commands in the language
// words returns: the texts of the help catalog, cobra's headings and the
// -h flag, put into the tree the first time a help or a usage is printed
// (or shell completion, which shows the commands' Short). In English the
// tree stays as it is: its texts are the catalog's English.
func localizeHelp(root *cobra.Command, words func() *locale.Localizer, args []string) {
	var l *locale.Localizer
	lang := func() *locale.Localizer {
		if l == nil {
			if l = words(); l.Lang() != locale.English {
				wordHelp(root, l)
			}
		}
		return l
	}
	if len(args) > 0 && strings.HasPrefix(args[0], "__complete") {
		lang()
	}
	root.SetUsageFunc(func(c *cobra.Command) error {
		_, err := io.WriteString(c.OutOrStderr(), usageText(c, lang()))
		return err
	})
	root.SetHelpFunc(func(c *cobra.Command, _ []string) {
		l := lang()
		var b strings.Builder
		if d := strings.TrimRightFunc(cmp.Or(c.Long, c.Short), unicode.IsSpace); d != "" {
			b.WriteString(d + "\n\n")
		}
		if c.Runnable() || c.HasSubCommands() {
			b.WriteString(usageText(c, l))
		}
		io.WriteString(c.OutOrStdout(), b.String())
	})
}

// wordHelp puts the help catalog's words in l's language into the tree
// of root.
func wordHelp(root *cobra.Command, l *locale.Localizer) {
	withHelpCommands(root)
	for _, h := range helpTexts(root) {
		if s := l.T(h.id); s != h.id {
			h.set(s)
		}
	}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		c.InitDefaultHelpFlag()
		if f := c.Flags().Lookup("help"); f != nil {
			f.Usage = l.T("cli.help.flag", "Name", c.Name())
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
}

// flagType finds the type pflag shows for a flag whose usage names no
// value ("--lang string"), to show it in the reader's words.
var flagType = lazyRegexp(`(?m)^(\s+(?:-\w, )?--[\w-]+) (string|int|float|duration|strings|uint|ints|stringArray)\b`)

// usageText writes the usage of c as cobra does, with its headings in l's
// words.
func usageText(c *cobra.Command, l *locale.Localizer) string {
	var b strings.Builder
	b.WriteString(l.T("cli.help.heading.usage") + ":")
	if c.Runnable() {
		b.WriteString("\n  " + strings.Replace(c.UseLine(), " [flags]", " ["+l.T("cli.help.flags.placeholder")+"]", 1))
	}
	if c.HasAvailableSubCommands() {
		b.WriteString("\n  " + c.CommandPath() + " [" + l.T("cli.help.command.placeholder") + "]")
	}
	if len(c.Aliases) > 0 {
		b.WriteString("\n\n" + l.T("cli.help.heading.aliases") + ":\n  " + c.NameAndAliases())
	}
	if c.HasExample() {
		b.WriteString("\n\n" + l.T("cli.help.heading.examples") + ":\n" + c.Example)
	}
	if c.HasAvailableSubCommands() {
		b.WriteString("\n\n" + l.T("cli.help.heading.commands") + ":")
		for _, sub := range c.Commands() {
			if sub.IsAvailableCommand() || sub.Name() == "help" {
				fmt.Fprintf(&b, "\n  %-*s %s", sub.NamePadding(), sub.Name(), sub.Short)
			}
		}
	}
	flags := func(fs *pflag.FlagSet) string {
		s := strings.ReplaceAll(fs.FlagUsages(), " (default ", " ("+l.T("cli.help.default")+" ")
		s = flagType().ReplaceAllStringFunc(s, func(m string) string {
			sub := flagType().FindStringSubmatch(m)
			w := l.T("cli.help.type." + sub[2])
			return sub[1] + " " + w + strings.Repeat(" ", max(0, len(sub[2])-len([]rune(w))))
		})
		return strings.TrimRightFunc(s, unicode.IsSpace)
	}
	if c.HasAvailableLocalFlags() {
		b.WriteString("\n\n" + l.T("cli.help.heading.flags") + ":\n" + flags(c.LocalFlags()))
	}
	if c.HasAvailableInheritedFlags() {
		b.WriteString("\n\n" + l.T("cli.help.heading.global") + ":\n" + flags(c.InheritedFlags()))
	}
	if c.HasHelpSubCommands() {
		b.WriteString("\n\n" + l.T("cli.help.heading.topics") + ":")
		for _, sub := range c.Commands() {
			if sub.IsAdditionalHelpTopicCommand() {
				fmt.Fprintf(&b, "\n  %-*s %s", sub.CommandPathPadding(), sub.CommandPath(), sub.Short)
			}
		}
	}
	if c.HasAvailableSubCommands() {
		b.WriteString("\n\n" + l.T("cli.help.more", "Command", c.CommandPath()))
	}
	b.WriteString("\n")
	return b.String()
}
