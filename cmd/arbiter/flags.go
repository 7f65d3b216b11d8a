package main

import (
	"errors"
	"strconv"
	"strings"
	"weak"

	"github.com/labyrinth-chess/arbiter/desk"
	"github.com/labyrinth-chess/arbiter/locale"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
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
func inputLang(s string) (desk.Lang, error) {
	l, err := desk.ParseLang(s)
	if err != nil {
		return desk.AnyLetters, usagePhrase("cli.lang.letters", "Value", strconv.Quote(s))
	}
	return l, nil
}

// outputLang reads --lang for output: en (the default) or it.
func outputLang(s string) (desk.Lang, error) {
	l, err := desk.ParseLang(s)
	if err != nil || l == desk.AnyLetters {
		return desk.EnglishLetters, usagePhrase("cli.lang.bad", "Value", strconv.Quote(s))
	}
	return l, nil
}

// fileArg completes a file argument with the files of the given
// extensions (without the dot).
func fileArg(exts ...string) cobra.CompletionFunc {
	return cobra.FixedCompletions(exts, cobra.ShellCompDirectiveFilterFileExt)
}

// oneArg accepts exactly one argument; otherwise it is a usage error that
// says what to give, message id of the catalog, in the terminal's words:
// "give one FILE to write, e.g. ...".
func oneArg(a *app, id string) cobra.PositionalArgs {
	return func(_ *cobra.Command, args []string) error {
		if len(args) != 1 {
			return usageErrorf("%s", a.tr().T(id))
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
		return "", usagePhrase("cli.lang.bad", "Value", strconv.Quote(s))
	}
	return l, nil
}

// flagExamples are values to show in a refusal of a flag's value: what a
// real evening types.
var flagExamples = map[string]string{
	"round": "2", "rounds": "7", "from-round": "3", "rating": "1850", "birth-year": "2012",
	"best": "7", "participation": "1", "edition": "2025", "pairing-edition": "2025",
	"tiebreak-edition": "2026", "laws-edition": "2023", "unrated": "1000", "unrated-rating": "1000",
	"players": "30", "seed": "42", "byes": "1", "forfeits": "1", "draws": "0.3",
	"stale": "10m", "unconfirmed-after": "10m",
	"tournament": "2", "season": `"Winter 2026"`, "db": "club.db",
}

// plainFlagError words an error of the flag parser for people: the flag
// as typed and what to type, in l's words, instead of the parser's
// ("strconv.ParseInt: parsing ..."). Other errors are returned as they
// are.
func plainFlagError(l *locale.Localizer, cmd *cobra.Command, err error) error {
	path := cmd.CommandPath()
	var (
		iv *pflag.InvalidValueError
		ne *pflag.NotExistError
		vr *pflag.ValueRequiredError
		is *pflag.InvalidSyntaxError
	)
	switch {
	case errors.As(err, &iv):
		f := iv.GetFlag()
		name := "--" + f.Name
		ex := flagExamples[f.Name]
		switch f.Value.Type() {
		case "bool":
			return errors.New(l.T("err.flag.bool", "Flag", name, "Value", excerpt(iv.GetValue())))
		case "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64":
			if ex == "" {
				ex = "3"
			}
			return errors.New(l.T("err.flag.int", "Flag", name, "Value", excerpt(iv.GetValue()), "Example", ex))
		case "float32", "float64":
			if ex == "" {
				ex = "1.5"
			}
			return errors.New(l.T("err.flag.number", "Flag", name, "Value", excerpt(iv.GetValue()), "Example", ex))
		case "duration":
			if ex == "" {
				ex = "10m"
			}
			return errors.New(l.T("err.flag.duration", "Flag", name, "Value", excerpt(iv.GetValue()), "Example", ex))
		}
		return errors.New(l.T("err.flag.value", "Flag", name, "Value", excerpt(iv.GetValue()), "Command", path))
	case errors.As(err, &vr):
		name := "--" + vr.GetFlag().Name
		ex := flagExamples[vr.GetFlag().Name]
		if ex == "" {
			ex, _ = pflag.UnquoteUsage(vr.GetFlag()) // the value's name in the help: FILE
		}
		return errors.New(l.T("err.flag.needs", "Flag", name, "Example", ex))
	case errors.As(err, &ne):
		typed := "--" + ne.GetSpecifiedName()
		if sh := ne.GetSpecifiedShortnames(); sh != "" {
			typed = "-" + sh
			if onlyDigits(sh) {
				return errors.New(l.T("err.flag.negative", "Arg", typed, "Command", path))
			}
		}
		return errors.New(l.T("err.flag.unknown", "Flag", typed, "Command", path, "Suggest", suggestFlag(l, cmd, ne.GetSpecifiedName())))
	case errors.As(err, &is):
		return errors.New(l.T("err.flag.syntax", "Arg", excerpt(is.GetSpecifiedFlag())))
	}
	return err
}

// onlyDigits reports whether s is digits (and perhaps a decimal point):
// "-3" typed as a number, which the parser takes for flags.
func onlyDigits(s string) bool {
	for _, r := range s {
		if (r < '0' || r > '9') && r != '.' {
			return false
		}
	}
	return s != ""
}

// suggestFlag returns ", did you mean --round?" for a flag name typed one
// letter off, or a prefix of, a flag of cmd; "" when none is near.
func suggestFlag(l *locale.Localizer, cmd *cobra.Command, typed string) string {
	if len(typed) < 2 {
		return ""
	}
	best := ""
	cmd.Flags().VisitAll(func(f *pflag.Flag) {
		if best == "" && !f.Hidden && (nearName(typed, f.Name) || strings.HasPrefix(f.Name, typed)) {
			best = f.Name
		}
	})
	if best == "" {
		return ""
	}
	return l.T("err.flag.suggest", "Flag", "--"+best)
}

// nearName reports whether a and b differ by one letter inserted,
// deleted, replaced or two letters swapped.
func nearName(a, b string) bool {
	if a == b {
		return true
	}
	if len(a) > len(b) {
		a, b = b, a
	}
	if len(b)-len(a) > 1 {
		return false
	}
	i := 0
	for i < len(a) && a[i] == b[i] {
		i++
	}
	if len(a) == len(b) {
		if i+1 < len(a) && a[i] == b[i+1] && a[i+1] == b[i] && a[i+2:] == b[i+2:] {
			return true
		}
		return a[i+1:] == b[i+1:]
	}
	return a[i:] == b[i+1:]
}

// argCountRE reads cobra's refusals of a wrong number of arguments:
// "accepts 3 arg(s), received 2", "accepts at most 1 arg(s), received 2",
// "requires at least 1 arg(s), only received 0", "accepts between 1 and 2
// arg(s), received 3".
var argCountRE = lazyRegexp(`^(?:accepts|requires at least|accepts at most|accepts between \d+ and) (\d+) arg\(s\), (?:only )?received (\d+)$`)

// unknownCmdRE reads cobra's refusal of a command it does not have,
// "unknown command \"x\" for \"arbiter\"", and the commands it suggests
// after it ("\n\nDid you mean this?\n\tfrob\n").
var unknownCmdRE = lazyRegexp(`^unknown command ("[^"]*") for ("[^"]*")(?:\n\nDid you mean this\?\n((?s).*))?$`)

// plainArgsError words cobra's refusal of a wrong number of arguments
// for people, with the command's usage line: "arbiter round edit takes 3
// arguments (arbiter round edit <board> <white> <black>): 2 were given",
// and its refusal of an unknown command in l's words. Other errors are
// returned as they are.
func plainArgsError(l *locale.Localizer, cmd *cobra.Command, err error) error {
	if u := unknownCmdRE().FindStringSubmatch(err.Error()); u != nil {
		msg := l.T("cli.unknowncmd", "Name", u[1], "Command", u[2])
		if u[3] != "" {
			msg += "\n\n" + l.T("cli.unknowncmd.suggest") + "\n" + u[3]
		}
		return &usageMarker{errors.New(msg)}
	}
	m := argCountRE().FindStringSubmatch(err.Error())
	if m == nil {
		return err
	}
	n, _ := strconv.Atoi(m[1])
	got, _ := strconv.Atoi(m[2])
	want := l.N("err.args.exact", n)
	switch {
	case strings.HasPrefix(err.Error(), "requires at least"):
		want = l.N("err.args.least", n)
	case strings.HasPrefix(err.Error(), "accepts at most"), strings.HasPrefix(err.Error(), "accepts between"):
		want = l.N("err.args.most", n)
	}
	return &usageMarker{errors.New(l.N("err.args", got, "Command", cmd.CommandPath(), "Want", want, "Use", strings.TrimSuffix(cmd.UseLine(), " [flags]")))}
}
