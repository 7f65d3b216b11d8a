package main

import (
	"strings"
	"weak"

	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/labyrinth-chess/arbiter/rules"
	"github.com/spf13/cobra"
)

// Flags that several commands take, each with its completion, so that
// they read the same in every command's help.

// roundFlag adds --round N, completed with the rounds paired. usage says
// what the round is for and its default.
func (a *app) roundFlag(cmd *cobra.Command, n *int, usage string) {
	cmd.Flags().IntVar(n, "round", 0, usage)
	_ = cmd.RegisterFlagCompletionFunc("round", a.completion((*app).completeRounds))
}

// completion returns f, a completion of a's, as a flag completion that
// does not keep a alive: cobra keeps flag completions in a map of its own
// for the life of the process, and a process that runs many commands (a
// test, the demo) would keep every app and its catalogs.
func (a *app) completion(f func(*app, *cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective)) cobra.CompletionFunc {
	wp := weak.Make(a)
	return func(cmd *cobra.Command, args []string, prefix string) ([]cobra.Completion, cobra.ShellCompDirective) {
		if a := wp.Value(); a != nil {
			return f(a, cmd, args, prefix)
		}
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
}

// reasonFlag adds --reason, how the game ended: one of desk.Reasons.
func reasonFlag(cmd *cobra.Command, reason *string) {
	cmd.Flags().StringVar(reason, "reason", "", "how the game ended: {"+strings.Join(desk.Reasons, "|")+"}")
	_ = cmd.RegisterFlagCompletionFunc("reason", cobra.FixedCompletions(desk.Reasons, cobra.ShellCompDirectiveNoFileComp))
}

// readLangFlag adds --lang for moves read from a file: the letter set,
// found from the moves (found says how: "game by game") unless given.
func readLangFlag(cmd *cobra.Command, lang *string, found string) {
	cmd.Flags().StringVar(lang, "lang", "", "piece letters of the moves: {it|en} (default: found "+found+")")
	_ = cmd.RegisterFlagCompletionFunc("lang", cobra.FixedCompletions([]cobra.Completion{"it", "en"}, cobra.ShellCompDirectiveNoFileComp))
}

// writeLangFlag adds --lang for moves written out: en unless it is given.
// usage names the choices, {en|it}.
func writeLangFlag(cmd *cobra.Command, lang *string, usage string) {
	cmd.Flags().StringVar(lang, "lang", "en", usage)
	_ = cmd.RegisterFlagCompletionFunc("lang", cobra.FixedCompletions([]cobra.Completion{"en", "it"}, cobra.ShellCompDirectiveNoFileComp))
}

// inputLang reads --lang of moves read: it, en, or "" to find the letters
// from the moves.
func inputLang(s string) (rules.Lang, error) {
	l, err := rules.ParseLang(s)
	if err != nil {
		return rules.AnyLang, usageErrorf("--lang %q: use it or en", s)
	}
	return l, nil
}

// outputLang reads --lang for output: en (the default) or it.
func outputLang(s string) (rules.Lang, error) {
	l, err := rules.ParseLang(s)
	if err != nil || l == rules.AnyLang {
		return rules.English, usageErrorf("--lang %q: use en or it", s)
	}
	return l, nil
}

// fileArg completes a file argument with the files of the given
// extensions (without the dot).
func fileArg(exts ...string) cobra.CompletionFunc {
	return cobra.FixedCompletions(exts, cobra.ShellCompDirectiveFilterFileExt)
}

// oneArg accepts exactly one argument; otherwise it is a usage error that
// says what to give, e.g. "give one FILE to write, e.g. ...".
func oneArg(what string) cobra.PositionalArgs {
	return func(_ *cobra.Command, args []string) error {
		if len(args) != 1 {
			return usageErrorf("%s", what)
		}
		return nil
	}
}

// tr returns the words of the organizer's terminal (see termLang) for
// tables, titles and notices. --json, the database, TRF and PGN never go
// through it.
func (a *app) tr() *locale.Localizer {
	if a.words == nil {
		a.words = locale.New(a.termLang())
	}
	return a.words
}

// termLang returns the language of the organizer's terminal: ARBITER_LANG,
// else an Italian locale (LANG=it_IT.UTF-8), else English. An app with
// no environment (a test's) speaks English.
func (a *app) termLang() locale.Lang {
	if a.getenv == nil {
		return locale.English
	}
	return locale.FromEnv(a.getenv)
}

// langName names a tournament's language in the organizer's words.
func langName(l *locale.Localizer, code string) string {
	if code == string(locale.Italian) {
		return l.T("cli.lang.it")
	}
	return l.T("cli.lang.en")
}

// reportLangFlag adds --lang to a command that writes a sheet or a
// workbook: the language of its words, the tournament's unless given. It
// means what --lang of export pgn means, the language of what is written,
// not of what is read.
func reportLangFlag(cmd *cobra.Command, lang *string) {
	cmd.Flags().StringVar(lang, "lang", "", "language of the words in the file: {en|it} (default: the tournament's language)")
	_ = cmd.RegisterFlagCompletionFunc("lang", cobra.FixedCompletions([]cobra.Completion{"en", "it"}, cobra.ShellCompDirectiveNoFileComp))
}

// reportLang reads --lang of a report: "" leaves the choice to the
// tournament.
func reportLang(s string) (locale.Lang, error) {
	if s == "" {
		return "", nil
	}
	l, err := locale.ParseLang(s)
	if err != nil || strings.TrimSpace(s) == "" {
		return "", usageErrorf("--lang %q: use en or it", s)
	}
	return l, nil
}
